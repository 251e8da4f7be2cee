//! `get_topic_page_content` through MCP over HTTP against the stand-in:
//! variant choice, each widget shape and quirk, the bounds, the reasons,
//! failures, round trips and the fan-out bound.

use crate::common;

use common::*;
use serde_json::{Value, json};
use wlo_standin::topic_widgets::{MANY_LANES, RICH_LANES};
use wlo_standin::{Fault, LogEntry};

const TOOL: &str = "get_topic_page_content";

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

async fn json_call(h: &Harness, args: Value) -> Value {
    let mut args = args;
    args["outputFormat"] = json!("json");
    let r = h.call_tool(TOOL, args).await;
    assert!(!r.is_error, "{}", r.text);
    r.json()
}

fn card_ids(lane: &Value) -> Vec<String> {
    lane["cards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["nodeId"].as_str().unwrap().to_string())
        .collect()
}

fn headings(doc: &Value) -> Vec<String> {
    doc["lanes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["heading"].as_str().unwrap().to_string())
        .collect()
}

/// The parsed `ccm:widget_config` of a stand-in widget node.
fn widget_config(h: &Harness, widget: &str) -> Value {
    let node = h.standin.corpus().get(widget).expect("widget in corpus");
    serde_json::from_str(node.prop("ccm:widget_config").expect("widget config")).expect("config JSON")
}

fn strip(store_ref: &str) -> String {
    store_ref.trim_start_matches("workspace://SpacesStore/").to_string()
}

/// What the stand-in's own content search answers for a widget's property
/// filters: the first `cards` hits without deleted placeholders, and the total.
async fn search_truth(h: &Harness, widget: &str, cards: usize) -> (Vec<String>, u64) {
    let config = widget_config(h, widget);
    let criteria: Vec<Value> = config["propertyFilters"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| json!({"property": k, "values": v}))
        .collect();
    let body = h.repository_search(json!(criteria), cards).await;
    let corpus = h.standin.corpus();
    let ids = body["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["ref"]["id"].as_str().unwrap().to_string())
        .filter(|id| !corpus.get(id).unwrap().is_deleted_placeholder)
        .collect();
    (ids, body["pagination"]["total"].as_u64().unwrap())
}

/// Run a call with a clean log and some latency; returns the answer and the log.
async fn measured(h: &Harness, args: Value) -> (ToolResult, Vec<LogEntry>) {
    let control = h.standin.control();
    control.reset();
    control.set_latency(40, 0);
    let result = h.call_tool(TOOL, args).await;
    let log = control.request_log();
    control.reset();
    (result, log)
}

/// The most requests the stand-in was serving at one time.
fn max_in_flight(log: &[LogEntry]) -> usize {
    log.iter()
        .map(|e| {
            log.iter()
                .filter(|f| f.start_us <= e.start_us && e.start_us < f.end_us)
                .count()
        })
        .max()
        .unwrap_or(0)
}

fn collection_of_variant(h: &Harness, variant: &str) -> String {
    let corpus = h.standin.corpus();
    let folder = corpus.get(variant).unwrap().parent_id.clone().unwrap();
    corpus.get(&folder).unwrap().parent_id.clone().unwrap()
}

// ---------------------------------------------------------------------------------------------
// The default variant: one lane per widget shape
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn default_variant_resolves_every_widget_shape() {
    let h = Harness::start().await;
    let wk = h.standin.well_known();
    let ids = &wk.topic_content;
    let math = &wk.two_variant_collection;
    let (r, log) = measured(&h, json!({"collectionId": math, "outputFormat": "json"})).await;
    assert!(!r.is_error, "{}", r.text);
    let doc = r.json();
    let keys: Vec<&String> = doc.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["collection", "variant", "lanes", "warnings"]);
    assert_eq!(doc["collection"]["nodeId"], json!(math));
    assert_eq!(doc["collection"]["title"], "Mathematik");
    assert!(
        doc["collection"]["topicPageUrl"]
            .as_str()
            .unwrap()
            .ends_with(&format!("topic-pages?collectionId={math}"))
    );
    assert_eq!(
        doc["variant"],
        json!({"variantId": wk.teacher_variant, "title": "Mathematik – Startseite für Lehrkräfte", "targetGroup": "teacher"}),
        "the default variant"
    );
    assert_eq!(headings(&doc), RICH_LANES);
    let lanes = doc["lanes"].as_array().unwrap();

    // selectedNodeId (behind an ai-text widget, which holds no material).
    let selected = strip(
        widget_config(&h, &ids.selected_widget)["selectedNodeId"]
            .as_str()
            .unwrap(),
    );
    assert_eq!(card_ids(&lanes[0]), [selected]);
    assert_eq!(lanes[0]["hasMore"], json!(false));
    let card = &lanes[0]["cards"][0];
    assert!(!card["title"].as_str().unwrap().is_empty());
    assert!(
        card["disciplines"].as_array().unwrap().contains(&json!("Mathematik")),
        "{card}"
    );

    // propertyFilters: the repository's own answer to those criteria; more exist.
    let (truth, total) = search_truth(&h, &ids.filter_widget, 3).await;
    assert_eq!(card_ids(&lanes[1]), truth);
    assert!(total > 3);
    assert_eq!(lanes[1]["hasMore"], json!(true));

    // sortedNodeIds (store refs): the first three of five, in their order.
    let sorted: Vec<String> = widget_config(&h, &ids.sorted_widget)["sortedNodeIds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| strip(r.as_str().unwrap()))
        .collect();
    assert_eq!(sorted.len(), 5);
    assert_eq!(card_ids(&lanes[2]), sorted[..3]);
    assert_eq!(lanes[2]["hasMore"], json!(true));

    // A text widget without config is skipped; the filter after it fills the lane.
    let (truth, _) = search_truth(&h, &ids.worksheet_widget, 3).await;
    assert!(!truth.is_empty());
    assert_eq!(card_ids(&lanes[3]), truth);
    assert!(
        lanes[3]["cards"]
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c["learningResourceTypes"].as_array().is_some_and(|t| !t.is_empty()))
    );

    // Invalid widget JSON: only its lane is empty, with a warning.
    assert_eq!(card_ids(&lanes[4]), Vec::<String>::new());
    assert_eq!(lanes[4]["hasMore"], json!(false));
    let warnings = doc["warnings"].as_array().unwrap();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    let warning = warnings[0].as_str().unwrap();
    assert!(
        warning.contains("Defektes Widget") && warning.contains(&ids.broken_widget),
        "{warning}"
    );

    // Six widgets, the first four without material: the fifth is never read.
    assert!(card_ids(&lanes[5]).is_empty());
    // Two widgets with material: the first in lane order wins.
    let first = strip(
        widget_config(&h, &ids.first_wins_widgets[0])["selectedNodeId"]
            .as_str()
            .unwrap(),
    );
    assert_eq!(card_ids(&lanes[6]), [first]);
    // A grid item without a widget node has nothing to read.
    assert!(card_ids(&lanes[7]).is_empty());

    // Reads: the collection; the folder's children and config; eleven widgets
    // (ai-text and text skipped, four of six in the crowded lane); their
    // material (1 + 1 + 3 + 1 + 1 + 2). At most four round trips: a widget's
    // material is read as soon as its settings arrive, so when the widget
    // reads finish at different times the last two steps overlap.
    assert_eq!(log.len(), 1 + 2 + 11 + 9, "{log:?}");
    let waves = wlo_standin::sequential_waves(&log);
    assert!((3..=4).contains(&waves), "{waves}: {log:?}");
    assert_eq!(log[0].route, "metadata");
    assert_eq!(log.iter().filter(|e| e.route == "ngsearch").count(), 3);
    assert!(log.iter().all(|e| e.route != "parents"));
}

#[tokio::test]
async fn widgets_that_are_not_read_cannot_change_the_answer() {
    let h = Harness::start().await;
    let wk = h.standin.well_known();
    let ids = &wk.topic_content;
    let args = json!({"collectionId": wk.two_variant_collection});
    let plain = h.call_tool(TOOL, args.clone()).await;
    // Failing every widget that must not be read (ai-text, text, the fifth and
    // sixth of the crowded lane) and the dangling variant leaves it unchanged.
    let control = h.standin.control();
    for id in [
        &ids.ai_text_widget,
        &ids.text_widget,
        &ids.crowded_widgets[4],
        &ids.crowded_widgets[5],
    ] {
        control.set_node_fault(id, 500);
    }
    let faulted = h.call_tool(TOOL, args.clone()).await;
    assert_eq!(faulted.text, plain.text);
    // A widget that is read and fails empties only its lane, with a warning.
    control.set_node_fault(&ids.filter_widget, 500);
    let doc = json_call(&h, args).await;
    let lanes = doc["lanes"].as_array().unwrap();
    assert!(card_ids(&lanes[1]).is_empty());
    assert!(!card_ids(&lanes[0]).is_empty() && !card_ids(&lanes[2]).is_empty());
    let warnings: Vec<&str> = doc["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_str().unwrap())
        .collect();
    assert_eq!(warnings.len(), 2, "{warnings:?}");
    assert!(
        warnings
            .iter()
            .any(|w| w.contains("Neu in Mathematik") && w.contains(&ids.filter_widget) && w.contains("nicht geladen")),
        "{warnings:?}"
    );
}

#[tokio::test]
async fn cards_per_lane_and_has_more() {
    let h = Harness::start().await;
    let wk = h.standin.well_known();
    let ids = &wk.topic_content;
    let math = &wk.two_variant_collection;
    let doc = json_call(&h, json!({"collectionId": math, "cardsPerLane": 5})).await;
    let sorted = &doc["lanes"][2];
    assert_eq!(card_ids(sorted).len(), 5);
    assert_eq!(sorted["hasMore"], json!(false), "exactly five ids");
    let (truth, total) = search_truth(&h, &ids.filter_widget, 5).await;
    assert_eq!(card_ids(&doc["lanes"][1]), truth);
    assert_eq!(doc["lanes"][1]["hasMore"], json!(total > 5));

    let doc = json_call(&h, json!({"collectionId": math, "cardsPerLane": "1"})).await;
    assert_eq!(card_ids(&doc["lanes"][2]).len(), 1);
    assert_eq!(doc["lanes"][2]["hasMore"], json!(true));
    // Out of range is clamped to 1..=10.
    let doc = json_call(&h, json!({"collectionId": math, "cardsPerLane": 50})).await;
    assert_eq!(card_ids(&doc["lanes"][2]).len(), 5);
    let (truth, _) = search_truth(&h, &ids.filter_widget, 10).await;
    assert_eq!(card_ids(&doc["lanes"][1]), truth);
    let doc = json_call(&h, json!({"collectionId": math, "cardsPerLane": 0})).await;
    assert_eq!(card_ids(&doc["lanes"][1]).len(), 1);
}

// ---------------------------------------------------------------------------------------------
// Variant choice
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn target_group_picks_its_variant_and_lanes_are_cut_at_twelve() {
    let h = Harness::start().await;
    let wk = h.standin.well_known();
    let math = &wk.two_variant_collection;
    let doc = json_call(&h, json!({"collectionId": math, "targetGroup": "LEARNER"})).await;
    assert_eq!(doc["variant"]["variantId"], json!(wk.learner_variant));
    assert_eq!(doc["variant"]["targetGroup"], "learner");
    let expected: Vec<String> = (1..=12).map(|i| format!("Thema {i}")).collect();
    assert_eq!(headings(&doc), expected);
    let warnings = doc["warnings"].as_array().unwrap();
    assert_eq!(warnings.len(), 1);
    assert!(
        warnings[0].as_str().unwrap().contains(&MANY_LANES.to_string()),
        "{warnings:?}"
    );
    // Each lane: its first widget (six sorted ids) wins.
    for lane in doc["lanes"].as_array().unwrap() {
        assert_eq!(card_ids(lane).len(), 3);
        assert_eq!(lane["hasMore"], json!(true));
    }

    // A target group without a variant of its own: the default.
    let doc = json_call(&h, json!({"collectionId": math, "targetGroup": "general"})).await;
    assert_eq!(doc["variant"]["variantId"], json!(wk.teacher_variant));
    let doc = json_call(&h, json!({"collectionId": math, "targetGroup": "teacher"})).await;
    assert_eq!(doc["variant"]["variantId"], json!(wk.teacher_variant));

    // The same values as search_wlo_topic_pages: anything else is named.
    let r = h
        .call_tool(TOOL, json!({"collectionId": math, "targetGroup": "parents"}))
        .await;
    assert!(
        r.is_error && r.text.contains("targetGroup") && r.text.contains("teacher, learner, general"),
        "{}",
        r.text
    );
}

#[tokio::test]
async fn templates_broken_configs_and_dangling_refs_are_skipped() {
    let h = Harness::start().await;
    let wk = h.standin.well_known();
    let corpus = h.standin.corpus();

    // Ökologie: the teacher variant's config is not JSON → the default (general) one.
    let oeko = collection_of_variant(&h, &wk.broken_config_variant);
    let doc = json_call(&h, json!({"collectionId": oeko, "targetGroup": "teacher"})).await;
    assert_eq!(doc["variant"]["targetGroup"], "general");
    assert_ne!(doc["variant"]["variantId"], json!(wk.broken_config_variant));

    // Bruchrechnung: page_config names a missing variant; it is never read.
    let control = h.standin.control();
    control.set_node_fault(&wk.dangling_variant_id, 500);
    let (r, log) = measured(
        &h,
        json!({"collectionId": wk.dangling_collection, "outputFormat": "json"}),
    )
    .await;
    assert!(!r.is_error, "{}", r.text);
    let doc = r.json();
    let page = corpus
        .topic_pages
        .iter()
        .find(|p| p.collection_id == wk.dangling_collection)
        .unwrap();
    assert_eq!(doc["variant"]["variantId"], json!(page.usable_variant_ids[0]));
    assert!(doc.get("warnings").is_none(), "{doc}");
    // Its media item names a widget node that selects one material.
    assert_eq!(headings(&doc), ["Einstieg", "Materialien", "Sammlungen"]);
    assert_eq!(card_ids(&doc["lanes"][0]).len(), 1);
    assert_eq!(log.len(), 1 + 2 + 1 + 1, "{log:?}");

    // Geschichte: page_config without default → its listed variant.
    let hist = corpus
        .portals()
        .into_iter()
        .find(|p| p.title == "Geschichte")
        .unwrap()
        .id
        .clone();
    let doc = json_call(&h, json!({"collectionId": hist})).await;
    let page = corpus.topic_pages.iter().find(|p| p.collection_id == hist).unwrap();
    assert!(page.default_variant.is_none());
    assert_eq!(doc["variant"]["variantId"], json!(page.page_config_variants[0]));
    assert_eq!(doc["variant"]["title"], "Geschichte entdecken");

    // Chemie: only a template (with a valid config) → no variant.
    let doc = json_call(&h, json!({"collectionId": wk.template_only_collection})).await;
    assert_eq!(doc["reason"], "no_variant");
    assert_eq!(doc["lanes"], json!([]));
    assert_eq!(doc["variant"], Value::Null);
}

// ---------------------------------------------------------------------------------------------
// Reasons, errors, failures
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn collections_without_a_page_answer_with_a_reason() {
    let h = Harness::start().await;
    let wk = h.standin.well_known();
    let doc = json_call(&h, json!({"collectionId": wk.portal_without_topic_page})).await;
    assert_eq!(doc["reason"], "no_page_config_ref");
    assert_eq!(doc["collection"]["topicPageUrl"], Value::Null);
    assert_eq!(doc["collection"]["title"], "Informatik");
    assert_eq!(doc["variant"], Value::Null);
    assert_eq!(doc["lanes"], json!([]));
    let r = h
        .call_tool(TOOL, json!({"collectionId": wk.portal_without_topic_page}))
        .await;
    assert!(!r.is_error);
    assert!(r.text.starts_with("Die Sammlung „Informatik“ ("), "{}", r.text);
    assert!(r.text.contains("hat keine Themenseite."), "{}", r.text);

    let doc = json_call(&h, json!({"collectionId": wk.topic_content.empty_config_collection})).await;
    assert_eq!(doc["reason"], "empty_config");
    assert!(doc["variant"]["variantId"].is_string());
    assert_eq!(doc["lanes"], json!([]));
    let r = h
        .call_tool(TOOL, json!({"collectionId": wk.template_only_collection}))
        .await;
    assert!(
        !r.is_error && r.text.contains("keine anzeigbare Variante"),
        "{}",
        r.text
    );
}

#[tokio::test]
async fn unknown_ids_bad_ids_and_repository_failures_are_errors() {
    let h = Harness::start().await;
    let wk = h.standin.well_known();
    let unknown = "00000000-0000-4000-8000-000000000001";
    let r = h.call_tool(TOOL, json!({"collectionId": unknown})).await;
    assert!(
        r.is_error && r.text.contains(unknown) && r.text.contains("nicht gefunden"),
        "{}",
        r.text
    );
    for bad in [
        json!({}),
        json!({"collectionId": "Mathematik"}),
        json!({"collectionId": "../etc"}),
    ] {
        let r = h.call_tool(TOOL, bad).await;
        assert!(r.is_error && r.text.contains("collectionId"), "{}", r.text);
    }
    let r = h.call_tool(TOOL, json!({"collectionId": wk.forbidden_node})).await;
    assert!(r.is_error && r.text.contains("nicht öffentlich"), "{}", r.text);

    // Repository down or failing: an error, never an empty page.
    let control = h.standin.control();
    for fault in [Fault::Down, Fault::Error500] {
        control.set_fault(fault);
        let r = h
            .call_tool(TOOL, json!({"collectionId": wk.two_variant_collection}))
            .await;
        assert!(r.is_error, "{fault:?}: {}", r.text);
        control.set_fault(Fault::None);
    }
    // The config folder fails: an error, not "no variant".
    control.set_node_fault(&wk.dangling_config_folder, 500);
    let r = h.call_tool(TOOL, json!({"collectionId": wk.dangling_collection})).await;
    assert!(r.is_error, "{}", r.text);
    control.clear_node_faults();

    // Every widget of the page fails: the empty lanes rest on failed reads → error.
    let page_widgets: Vec<String> = h
        .standin
        .corpus()
        .nodes
        .iter()
        .filter(|n| n.kind == wlo_standin::NodeKind::Widget)
        .filter(|n| {
            let variant = n.parent_id.as_deref().unwrap();
            collection_of_variant(&h, variant) == wk.dangling_collection
        })
        .map(|n| n.id.clone())
        .collect();
    assert_eq!(page_widgets.len(), 1);
    control.set_node_fault(&page_widgets[0], 500);
    let r = h.call_tool(TOOL, json!({"collectionId": wk.dangling_collection})).await;
    assert!(r.is_error, "{}", r.text);
}

// ---------------------------------------------------------------------------------------------
// Fan-out, formats, determinism
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn a_large_page_stays_within_the_fan_out_bound() {
    // 135 reads: room for a busy test machine.
    let h = Harness::start_with(&[("WLO_TOOL_DEADLINE_MS", "20000"), ("WLO_TIMEOUT_MS", "15000")]).await;
    let wk = h.standin.well_known();
    let (r, log) = measured(
        &h,
        json!({"collectionId": wk.two_variant_collection, "targetGroup": "learner", "cardsPerLane": 10, "outputFormat": "json"}),
    )
    .await;
    assert!(!r.is_error, "{}", r.text);
    let doc = r.json();
    assert!(
        doc["lanes"].as_array().unwrap().iter().all(|l| card_ids(l).len() == 6),
        "{doc}"
    );
    // 12 lanes × 3 widgets, then per lane 6 + 1 + 1 material reads.
    assert_eq!(log.len(), 1 + 2 + 36 + 12 * 8, "{log:?}");
    let in_flight = max_in_flight(&log);
    assert!(in_flight <= 32, "{in_flight} requests at once");
    assert!(in_flight >= 16, "reads run in parallel ({in_flight})");
    // More than 32 reads at one step: the bound adds waves, the chain stays short.
    let waves = wlo_standin::sequential_waves(&log);
    println!("{} reads, {in_flight} at most at once, {waves} waves", log.len());
    // Collection, folder, then widget settings and material, which overlap.
    assert!(waves >= 3, "{waves} waves");
    // The bound splits the 132 reads after the folder into a few waves, not one per lane.
    assert!(waves < 12, "{waves} waves");
}

#[tokio::test]
async fn markdown_has_one_section_per_lane_and_answers_are_deterministic() {
    let h = Harness::start().await;
    let wk = h.standin.well_known();
    let args = json!({"collectionId": wk.two_variant_collection});
    let r = h.call_tool(TOOL, args.clone()).await;
    assert!(!r.is_error, "{}", r.text);
    let md = &r.text;
    assert!(r.structured.is_none());
    assert!(md.starts_with("Themenseite der Sammlung „Mathematik“ ("), "{md}");
    assert!(md.contains("\nVariante: Mathematik – Startseite für Lehrkräfte – Zielgruppe Lehrkräfte – nodeId: "));
    assert!(md.contains("\n⚠ Rubrik „Defektes Widget“: "));
    let sections: Vec<&str> = md.lines().filter_map(|l| l.strip_prefix("# ")).collect();
    assert_eq!(sections, RICH_LANES);
    assert_eq!(md.matches("\n(keine Materialien in dieser Rubrik)").count(), 3);
    assert_eq!(md.matches("\n\n(weitere Materialien auf der Themenseite)").count(), 3);
    let doc = json_call(&h, args.clone()).await;
    let cards: usize = doc["lanes"].as_array().unwrap().iter().map(|l| card_ids(l).len()).sum();
    assert_eq!(md.matches("\nnodeId: ").count(), cards);
    assert_eq!(md.lines().filter(|l| l.starts_with("## ")).count(), cards);

    // Same input, same repository → byte-identical answers.
    assert_eq!(h.call_tool(TOOL, args.clone()).await.text, r.text);
    let mut json_args = args;
    json_args["outputFormat"] = json!("json");
    let a = h.call_tool(TOOL, json_args.clone()).await.text;
    let b = h.call_tool(TOOL, json_args).await.text;
    assert_eq!(a, b);
}

#[tokio::test]
async fn config_folders_and_widgets_have_no_parents_chain() {
    let h = Harness::start().await;
    let wk = h.standin.well_known();
    for id in [&wk.two_variant_config_folder, &wk.topic_content.selected_widget] {
        let url = format!("{}/rest/node/v1/nodes/-home-/{id}/parents", h.standin.base_url());
        let client = loopback_client().build().unwrap();
        let status = client.get(url).send().await.unwrap().status().as_u16();
        assert_eq!(status, 500, "{id}");
    }
}
