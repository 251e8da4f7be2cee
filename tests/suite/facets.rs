//! `search_wlo_content` with `includeFacets` through MCP over HTTP against the
//! stand-in: counts per type, discipline, level and publisher, judged
//! against the corpus's ground truth.

use crate::common;

use std::collections::BTreeMap;

use common::*;
use serde_json::{Value, json};
use wlo_standin::vocab::vocabs;
use wlo_standin::{Corpus, Fault, NodeKind, NodeRecord, sequential_waves};

const CONTENT: &str = "search_wlo_content";

async fn json_call(h: &Harness, mut args: Value) -> Value {
    args["outputFormat"] = json!("json");
    let r = h.call_tool(CONTENT, args.clone()).await;
    assert!(!r.is_error, "{args}: {}", r.text);
    r.json()
}

/// The content nodes the stand-in's `ngsearchword` matches: every word in
/// title, keywords or description.
fn matching<'a>(corpus: &'a Corpus, words: &str) -> Vec<&'a NodeRecord> {
    let words: Vec<String> = words
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase())
        .filter(|w| !w.is_empty() && w != "*")
        .collect();
    corpus
        .nodes
        .iter()
        // References are not in the search index.
        .filter(|n| n.kind == NodeKind::Content && n.original_id.is_none())
        .filter(|n| {
            let text = format!("{}\n{}\n{}", n.title, n.keywords.join("\n"), n.description).to_lowercase();
            words.iter().all(|w| text.contains(w.as_str()))
        })
        .collect()
}

/// `{label: count}` of one facet of the answer.
fn facet(doc: &Value, name: &str) -> BTreeMap<String, u64> {
    doc["facets"][name]
        .as_array()
        .unwrap_or_else(|| panic!("facet {name}: {doc}"))
        .iter()
        .map(|c| (c["label"].as_str().unwrap().to_string(), c["count"].as_u64().unwrap()))
        .collect()
}

/// Label counts over nodes: `label_of` per stored value of `property`.
fn expected(nodes: &[&NodeRecord], property: &str, label_of: impl Fn(&str) -> Option<String>) -> BTreeMap<String, u64> {
    let mut counts = BTreeMap::new();
    for node in nodes {
        for value in node.properties.get(property).into_iter().flatten() {
            if let Some(label) = label_of(value) {
                *counts.entry(label).or_default() += 1;
            }
        }
    }
    counts
}

fn publisher_label(value: &str) -> Option<String> {
    let value = value.trim();
    (!value.is_empty()).then(|| value.to_string())
}

fn assert_sorted(doc: &Value) {
    for name in [
        "learningResourceTypes",
        "disciplines",
        "educationalContexts",
        "publishers",
    ] {
        let counts: Vec<u64> = doc["facets"][name]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["count"].as_u64().unwrap())
            .collect();
        assert!(counts.windows(2).all(|w| w[0] >= w[1]), "{name}: {counts:?}");
        for c in doc["facets"][name].as_array().unwrap() {
            let label = c["label"].as_str().unwrap();
            assert!(!label.contains("://") && !label.is_empty(), "{name}: {label}");
        }
    }
}

#[tokio::test]
async fn facets_count_every_hit_as_labels() {
    let h = Harness::start().await;
    let corpus = h.standin.corpus();
    let doc = json_call(
        &h,
        json!({"query": "Photosynthese", "maxResults": 3, "includeFacets": true}),
    )
    .await;
    let keys: Vec<&String> = doc.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["total", "count", "results", "facets", "_queryMeta"]);
    let facet_keys: Vec<&String> = doc["facets"].as_object().unwrap().keys().collect();
    assert_eq!(
        facet_keys,
        [
            "learningResourceTypes",
            "disciplines",
            "educationalContexts",
            "publishers"
        ]
    );
    assert_sorted(&doc);
    // The counts cover every hit of the query, not the three shown.
    let hits = matching(corpus, "Photosynthese");
    assert!(hits.len() > 10);
    let v = vocabs();
    assert_eq!(
        facet(&doc, "learningResourceTypes"),
        expected(&hits, "ccm:oeh_lrt_aggregated", |u| Some(v.lrt_label(u)))
    );
    assert_eq!(
        facet(&doc, "publishers"),
        expected(&hits, "ccm:oeh_publisher_combined", publisher_label)
    );
    assert_eq!(facet(&doc, "disciplines")["Biologie"], hits.len() as u64);
    let sek1 = "http://w3id.org/openeduhub/vocabs/educationalContext/sekundarstufe_1";
    let with_sek1 = hits
        .iter()
        .filter(|n| n.educational_contexts.iter().any(|c| c == sek1))
        .count() as u64;
    assert_eq!(facet(&doc, "educationalContexts")["Sekundarstufe I"], with_sek1);

    // Filters narrow the counts like the hits.
    let filtered = json_call(
        &h,
        json!({"query": "Photosynthese", "educationalContext": "Sek I", "includeFacets": true}),
    )
    .await;
    let lrt_total: u64 = facet(&filtered, "learningResourceTypes").values().sum();
    assert_eq!(lrt_total, with_sek1);
    assert_eq!(facet(&filtered, "educationalContexts")["Sekundarstufe I"], with_sek1);

    // Without the option the answer has no facets.
    let plain = json_call(&h, json!({"query": "Photosynthese", "maxResults": 3})).await;
    assert!(plain.get("facets").is_none());
    assert_eq!(plain["results"], doc["results"]);
}

#[tokio::test]
async fn one_extra_request_in_the_same_wave() {
    let h = Harness::start().await;
    let control = h.standin.control();
    control.set_latency(60, 0);
    let mut logs = Vec::new();
    for facets in [false, true] {
        control.clear_log();
        let r = h
            .call_tool(
                CONTENT,
                json!({"query": "Bruchrechnung", "maxResults": 5, "includeFacets": facets}),
            )
            .await;
        assert!(!r.is_error, "{}", r.text);
        logs.push(control.request_log());
    }
    let searches = |log: &[wlo_standin::LogEntry]| log.iter().filter(|e| e.route == "ngsearch").count();
    assert_eq!(searches(&logs[1]), searches(&logs[0]) + 1, "{logs:?}");
    assert_eq!(logs[1].len(), logs[0].len() + 1);
    assert_eq!(sequential_waves(&logs[1]), sequential_waves(&logs[0]), "{logs:?}");
}

#[tokio::test]
async fn after_the_rescue_the_relaxed_query_is_counted() {
    let h = Harness::start().await;
    let typo = json_call(&h, json!({"query": "Photosyntese", "includeFacets": true})).await;
    assert_eq!(typo["relaxedQuery"], "Photosynthese", "{typo}");
    let right = json_call(&h, json!({"query": "Photosynthese", "includeFacets": true})).await;
    assert!(!facet(&typo, "learningResourceTypes").is_empty());
    assert_eq!(typo["facets"], right["facets"]);
    // Markdown names what was counted.
    let r = h
        .call_tool(CONTENT, json!({"query": "Photosyntese", "includeFacets": true}))
        .await;
    assert!(
        r.text
            .contains("\n\nVerteilung der Treffer für „Photosynthese“:\n- Ressourcentyp: "),
        "{}",
        r.text
    );
}

#[tokio::test]
async fn a_request_is_counted_by_its_topic() {
    let h = Harness::start().await;
    let corpus = h.standin.corpus();
    let doc = json_call(
        &h,
        json!({"query": "Arbeitsblätter zur Bruchrechnung für Klasse 6", "includeFacets": true}),
    )
    .await;
    let hits = matching(corpus, "Bruchrechnung");
    let v = vocabs();
    assert_eq!(
        facet(&doc, "learningResourceTypes"),
        expected(&hits, "ccm:oeh_lrt_aggregated", |u| Some(v.lrt_label(u)))
    );
}

#[tokio::test]
async fn publishers_of_the_whole_repository() {
    let h = Harness::start().await;
    let corpus = h.standin.corpus();
    let doc = json_call(&h, json!({"query": "*", "maxResults": 1, "includeFacets": true})).await;
    assert_sorted(&doc);
    let all = matching(corpus, "*");
    assert_eq!(
        facet(&doc, "publishers"),
        expected(&all, "ccm:oeh_publisher_combined", publisher_label)
    );
    // The material with an empty publisher counts nowhere.
    let empty = corpus.get(&h.standin.well_known().empty_publisher).unwrap();
    assert_eq!(empty.properties["ccm:oeh_publisher_combined"], vec![String::new()]);
    assert!(!facet(&doc, "publishers").contains_key(""));
    assert!(facet(&doc, "publishers").contains_key("Haus der Astronomie"));

    // Filters alone: "*" is left out of the criteria, the filter counts.
    let doc = json_call(
        &h,
        json!({"query": "*", "discipline": "Astronomie", "includeFacets": true}),
    )
    .await;
    let astronomie: Vec<&NodeRecord> = all
        .iter()
        .copied()
        .filter(|n| n.subject.as_deref() == Some("Astronomie"))
        .collect();
    let disciplines = facet(&doc, "disciplines");
    assert_eq!(disciplines["Astronomie"], astronomie.len() as u64);
    assert_eq!(disciplines["MINT"], astronomie.len() as u64 / 4);
    let markdown = h
        .call_tool(CONTENT, json!({"query": "*", "maxResults": 1, "includeFacets": true}))
        .await;
    assert!(
        markdown
            .text
            .contains("\n\nVerteilung aller passenden Materialien:\n- Ressourcentyp: "),
        "{}",
        markdown.text
    );
    assert!(
        markdown.text.contains(" … und "),
        "more than ten publishers: {}",
        markdown.text
    );
}

#[tokio::test]
async fn facets_are_deterministic_and_follow_the_failure_policy() {
    let h = Harness::start().await;
    let args = json!({"query": "Klimawandel", "includeFacets": true, "outputFormat": "json"});
    let first = h.call_tool(CONTENT, args.clone()).await;
    let second = h.call_tool(CONTENT, args.clone()).await;
    assert_eq!(first.text, second.text);
    let md = json!({"query": "Klimawandel", "includeFacets": true});
    assert_eq!(
        h.call_tool(CONTENT, md.clone()).await.text,
        h.call_tool(CONTENT, md).await.text
    );

    h.standin.control().set_fault(Fault::Down);
    let r = h.call_tool(CONTENT, args).await;
    assert!(r.is_error, "{}", r.text);
    assert!(!r.text.contains("facets"), "{}", r.text);
}

#[tokio::test]
async fn a_bad_flag_is_a_clear_error() {
    let h = Harness::start().await;
    let r = h
        .call_tool(CONTENT, json!({"query": "Bruch", "includeFacets": "vielleicht"}))
        .await;
    assert!(r.is_error);
    assert!(r.text.contains("includeFacets"), "{}", r.text);
}

#[tokio::test]
async fn a_failed_count_is_a_warning_beside_the_results() {
    let h = Harness::start().await;
    let args = json!({"query": "Klimawandel", "includeFacets": true, "outputFormat": "json"});
    h.standin.control().set_facet_fault(500);

    let doc = json_call(&h, args.clone()).await;
    assert!(doc["results"].as_array().is_some_and(|r| !r.is_empty()), "{doc}");
    assert!(doc.get("facets").is_none(), "{doc}");
    let warnings = doc["warnings"].to_string();
    assert!(warnings.contains("Zählung der Treffer ist fehlgeschlagen"), "{doc}");

    let md = h
        .call_tool(CONTENT, json!({"query": "Klimawandel", "includeFacets": true}))
        .await;
    assert!(!md.is_error, "{}", md.text);
    assert!(
        md.text.contains("Zählung der Treffer ist fehlgeschlagen"),
        "{}",
        md.text
    );

    // The failed count is not cached: once the repository answers, it is there.
    h.standin.control().clear_node_faults();
    let doc = json_call(&h, args).await;
    assert!(!facet(&doc, "learningResourceTypes").is_empty(), "{doc}");
    assert!(doc.get("warnings").is_none(), "{doc}");
}
