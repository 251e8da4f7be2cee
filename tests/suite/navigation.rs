//! Navigation tools through MCP over HTTP against the stand-in:
//! `get_subject_portals`, `browse_collection_tree`, `search_wlo_topic_pages`.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};

use common::*;
use serde_json::{Value, json};
use wlo_mcp::search::ranking::collation_key;
use wlo_standin::{Corpus, Fault, LogEntry, NodeKind, NodeRecord, sequential_waves};

const PORTALS: &str = "get_subject_portals";
const TREE: &str = "browse_collection_tree";
const TOPIC: &str = "search_wlo_topic_pages";

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/// Run a tool call with a clean log and some latency; returns the result and the log.
async fn measured(h: &Harness, tool: &str, args: Value) -> (ToolResult, Vec<LogEntry>) {
    let control = h.standin.control();
    control.reset();
    // Long enough that one wave's requests overlap on a loaded machine.
    control.set_latency(100, 0);
    let result = h.call_tool(tool, args).await;
    let log = control.request_log();
    control.reset();
    (result, log)
}

fn sub_collections<'a>(corpus: &'a Corpus, id: &str) -> Vec<&'a NodeRecord> {
    corpus
        .children(id)
        .into_iter()
        .filter(|n| n.kind == NodeKind::Collection && n.is_public)
        .collect()
}

fn file_count(corpus: &Corpus, id: &str) -> u64 {
    corpus
        .children(id)
        .into_iter()
        .filter(|n| n.kind == NodeKind::Content && n.is_public && !n.index_only)
        .count() as u64
}

fn titles(results: &Value) -> Vec<String> {
    results
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["title"].as_str().unwrap().to_string())
        .collect()
}

fn assert_german_order(items: &[(String, String)]) {
    let keys: Vec<(String, String, String)> = items
        .iter()
        .map(|(title, id)| {
            let (folded, lower) = collation_key(title);
            (folded, lower, id.clone())
        })
        .collect();
    let mut sorted = keys.clone();
    sorted.sort();
    assert_eq!(keys, sorted, "not in German alphabetical order");
}

fn title_ids(results: &Value) -> Vec<(String, String)> {
    results
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["title"].as_str().unwrap().to_string(),
                r["nodeId"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

fn is_uuid(s: &str) -> bool {
    wlo_mcp::ids::is_uuid(s)
}

/// Usable non-template variants grouped by owning collection (ground truth for Mode C).
fn expected_pages(corpus: &Corpus) -> BTreeMap<String, Vec<String>> {
    let mut out: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for v in corpus.nodes.iter().filter(|n| n.kind == NodeKind::Variant) {
        if v.prop("ccm:page_variant_is_template") == Some("true") {
            continue;
        }
        let ok = v
            .prop("ccm:page_variant_config")
            .is_some_and(|c| matches!(serde_json::from_str::<Value>(c), Ok(Value::Object(_))));
        if !ok {
            continue;
        }
        let folder = corpus.get(v.parent_id.as_deref().unwrap()).unwrap();
        let owner = folder.parent_id.clone().unwrap();
        out.entry(owner).or_default().push(v.id.clone());
    }
    out
}

// ---------------------------------------------------------------------------------------------
// get_subject_portals
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn portals_are_alphabetical_with_umlauts() {
    let h = Harness::start().await;
    let corpus = h.standin.corpus();
    let wk = h.standin.well_known();
    let r = h.call_tool(PORTALS, json!({"outputFormat": "json"})).await;
    assert!(!r.is_error, "{}", r.text);
    let doc = r.json();
    let results = &doc["results"];
    assert_eq!(doc["total"], json!(corpus.portals().len()));
    assert_eq!(results.as_array().unwrap().len(), corpus.portals().len());
    assert_german_order(&title_ids(results));

    // "Ökologie …" sorts between "Musik"/"M…" and "Physik", not after "Z…".
    let names = titles(results);
    let oeko = names
        .iter()
        .position(|t| t.starts_with("Ökologie"))
        .expect("umlaut portal listed");
    assert_eq!(results[oeko]["nodeId"], json!(wk.umlaut_portal));
    let physik = names.iter().position(|t| t == "Physik").expect("Physik listed");
    assert!(oeko < physik, "{names:?}");
    assert!(names[..oeko].iter().all(|t| t.as_str() < "P"), "{names:?}");
    assert!(names.iter().all(|t| !t.starts_with("PAGE_")));
    // No counts unless asked for.
    assert!(results[0].get("subCollectionCount").is_none());
    // The portal with a topic page carries its URL.
    let math = results
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["nodeId"] == json!(wk.portal_with_topic_page))
        .unwrap();
    assert!(
        math["topicPageUrl"]
            .as_str()
            .unwrap()
            .contains("topic-pages?collectionId=")
    );

    // Markdown: count first, then cards; byte-identical on repetition.
    let md = h.call_tool(PORTALS, json!({})).await;
    assert!(!md.is_error);
    assert_eq!(
        md.text.lines().next().unwrap(),
        format!("Fachportale: {}", corpus.portals().len())
    );
    assert!(md.text.contains("\n## Mathematik\nnodeId: "));
    let again = h.call_tool(PORTALS, json!({})).await;
    assert_eq!(md.text, again.text);
}

#[tokio::test]
async fn portal_counts_take_one_parallel_wave() {
    let h = Harness::start().await;
    let corpus = h.standin.corpus();
    let portals = corpus.portals().len();
    let (r, log) = measured(
        &h,
        PORTALS,
        json!({"includeContentCounts": true, "outputFormat": "json"}),
    )
    .await;
    assert!(!r.is_error, "{}", r.text);
    assert_eq!(log.len(), 1 + portals, "one root listing plus one listing per portal");
    assert_eq!(sequential_waves(&log), 2);
    let doc = r.json();
    for p in doc["results"].as_array().unwrap() {
        let id = p["nodeId"].as_str().unwrap();
        // Config folders (PAGE_CONFIG_…, also stale ones) are not sub-collections.
        assert_eq!(
            p["subCollectionCount"],
            json!(sub_collections(corpus, id).len()),
            "{}",
            p["title"]
        );
    }
    let md = h.call_tool(PORTALS, json!({"includeContentCounts": true})).await;
    assert!(md.text.contains("\nUnter-Sammlungen: "), "{}", md.text);
}

#[tokio::test]
async fn portal_context_filter_and_unresolved_values() {
    let h = Harness::start().await;
    let corpus = h.standin.corpus();
    let wk = h.standin.well_known();
    let uri = "http://w3id.org/openeduhub/vocabs/educationalContext/grundschule";
    let r = h
        .call_tool(
            PORTALS,
            json!({"educationalContext": "Primarstufe", "outputFormat": "json"}),
        )
        .await;
    assert!(!r.is_error, "{}", r.text);
    let doc = r.json();
    let kept: BTreeSet<String> = doc["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["nodeId"].as_str().unwrap().to_string())
        .collect();
    let expected: BTreeSet<String> = corpus
        .portals()
        .into_iter()
        .filter(|p| p.educational_contexts.is_empty() || p.educational_contexts.iter().any(|c| c == uri))
        .map(|p| p.id.clone())
        .collect();
    assert_eq!(kept, expected);
    assert!(kept.len() < corpus.portals().len(), "the filter must drop something");
    // A portal without any context (Informatik) is kept.
    assert!(kept.contains(&wk.portal_without_topic_page));
    assert!(doc.get("unresolvedFilters").is_none());

    // Unresolvable: dropped and reported, all portals listed.
    let r = h
        .call_tool(
            PORTALS,
            json!({"educationalContext": "Mondbasis", "outputFormat": "json"}),
        )
        .await;
    let doc = r.json();
    assert_eq!(doc["total"], json!(corpus.portals().len()));
    assert_eq!(doc["unresolvedFilters"][0]["field"], "educationalContext");
    assert_eq!(doc["unresolvedFilters"][0]["value"], "Mondbasis");
    assert!(doc["unresolvedFilters"][0]["suggestions"].is_array());
    let md = h
        .call_tool(PORTALS, json!({"educationalContext": "Sekundarstufe 9"}))
        .await;
    assert!(
        md.text
            .contains("⚠ Filter \"Sekundarstufe 9\" für educationalContext nicht erkannt und ignoriert."),
        "{}",
        md.text
    );
}

// ---------------------------------------------------------------------------------------------
// browse_collection_tree
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn tree_depth_one_with_and_without_counts() {
    let h = Harness::start().await;
    let corpus = h.standin.corpus();
    let wk = h.standin.well_known();
    let math = &wk.portal_with_topic_page;
    let expected = sub_collections(corpus, math);

    let (r, log) = measured(&h, TREE, json!({"nodeId": math, "outputFormat": "json"})).await;
    assert!(!r.is_error, "{}", r.text);
    assert_eq!(log.len(), 2, "listing + title");
    assert_eq!(
        sequential_waves(&log),
        1,
        "the title is read in parallel with the listing"
    );
    let doc = r.json();
    assert_eq!(doc["parent"], json!({"nodeId": math, "title": "Mathematik"}));
    assert_eq!(doc["depth"], json!(1));
    assert_eq!(doc["total"], json!(expected.len()));
    assert_eq!(doc["truncated"], json!(false));
    let results = &doc["results"];
    assert_eq!(results.as_array().unwrap().len(), expected.len());
    assert_german_order(&title_ids(results));
    for n in results.as_array().unwrap() {
        assert!(
            !n["title"].as_str().unwrap().starts_with("PAGE_"),
            "config folder listed: {n}"
        );
        assert!(n.get("children").is_none() && n.get("fileCount").is_none());
        assert_eq!(n["nodeType"], "collection");
    }

    let (r, log) = measured(
        &h,
        TREE,
        json!({"nodeId": math, "includeContentCounts": true, "outputFormat": "json"}),
    )
    .await;
    assert_eq!(sequential_waves(&log), 2, "listing+title, then counts");
    assert_eq!(log.len(), 2 + expected.len());
    let doc = r.json();
    for n in doc["results"].as_array().unwrap() {
        assert_eq!(
            n["fileCount"],
            json!(file_count(corpus, n["nodeId"].as_str().unwrap())),
            "{}",
            n["title"]
        );
    }

    // maxResults caps level 1; total stays the repository's count.
    let doc = h
        .call_tool(TREE, json!({"nodeId": math, "maxResults": 3, "outputFormat": "json"}))
        .await
        .json();
    assert_eq!(doc["results"].as_array().unwrap().len(), 3);
    assert_eq!(doc["total"], json!(expected.len()));
    assert_eq!(doc["truncated"], json!(true));

    let md = h
        .call_tool(TREE, json!({"nodeId": math, "includeContentCounts": true}))
        .await;
    assert!(
        md.text
            .starts_with(&format!("Unter-Sammlungen von „Mathematik“: {}", expected.len())),
        "{}",
        md.text
    );
    assert!(md.text.contains("\nInhalte: "));
}

#[tokio::test]
async fn tree_depth_two_is_bounded_on_the_big_portal() {
    let h = Harness::start().await;
    let wk = h.standin.well_known();
    let big = &wk.big_portal;
    let r = h
        .call_tool(
            TREE,
            json!({"nodeId": big, "depth": 2, "maxResults": 100, "outputFormat": "json"}),
        )
        .await;
    assert!(!r.is_error, "{}", r.text);
    let doc = r.json();
    assert_eq!(doc["depth"], json!(2));
    assert_eq!(doc["truncated"], json!(true));
    let results = doc["results"].as_array().unwrap();
    let mut shown = 0;
    let mut cut = 0;
    for n in results {
        shown += 1;
        let children = n["children"].as_array().expect("children at depth 2");
        assert!(children.len() <= 10, "{} children", children.len());
        shown += children.len();
        assert_german_order(&title_ids(&n["children"]));
        for c in children {
            assert!(!c["title"].as_str().unwrap().starts_with("PAGE_"));
            assert!(c.get("children").is_none());
        }
        if n["hasMoreChildren"] == json!(true) {
            cut += 1;
        }
    }
    assert!(shown <= 150, "{shown} nodes");
    assert!(cut > 0, "some parents must be cut");

    let md = h.call_tool(TREE, json!({"nodeId": big, "depth": 2})).await;
    assert!(
        md.text
            .contains("weitere Unter-Sammlungen: browse_collection_tree mit nodeId "),
        "{}",
        md.text
    );
}

#[tokio::test]
async fn tree_depth_two_with_counts_takes_three_waves() {
    let h = Harness::start().await;
    let corpus = h.standin.corpus();
    // A portal small enough that every wave fits the per-call fan-out (32).
    let portal = corpus
        .portals()
        .into_iter()
        .find(|p| {
            let l1 = sub_collections(corpus, &p.id);
            let l2: usize = l1.iter().map(|c| sub_collections(corpus, &c.id).len().min(10)).sum();
            !l1.is_empty() && l2 > 0 && l1.len() + l2 <= 32
        })
        .expect("a small portal");
    let (r, log) = measured(
        &h,
        TREE,
        json!({"nodeId": portal.id, "depth": 2, "includeContentCounts": true, "outputFormat": "json"}),
    )
    .await;
    assert!(!r.is_error, "{}", r.text);
    assert_eq!(sequential_waves(&log), 3, "listing, level-2 listings, counts");
    let doc = r.json();
    let l1 = sub_collections(corpus, &portal.id);
    assert_eq!(doc["total"], json!(l1.len()));
    for n in doc["results"].as_array().unwrap() {
        let id = n["nodeId"].as_str().unwrap();
        assert_eq!(n["fileCount"], json!(file_count(corpus, id)));
        assert_eq!(
            n["children"].as_array().unwrap().len(),
            sub_collections(corpus, id).len().min(10)
        );
        for c in n["children"].as_array().unwrap() {
            assert_eq!(c["fileCount"], json!(file_count(corpus, c["nodeId"].as_str().unwrap())));
        }
    }
    // Depth 2 without counts: two waves.
    let (_, log) = measured(&h, TREE, json!({"nodeId": portal.id, "depth": 2})).await;
    assert_eq!(sequential_waves(&log), 2);
}

#[tokio::test]
async fn tree_rejects_bad_ids_and_reports_unknown_collections() {
    let h = Harness::start().await;
    let r = h.call_tool(TREE, json!({"nodeId": "Informatik"})).await;
    assert!(r.is_error);
    assert!(
        r.text.contains("Ungültiger Wert für nodeId: \"Informatik\""),
        "{}",
        r.text
    );
    assert!(r.text.contains("get_subject_portals"), "{}", r.text);
    for bad in [json!("../x"), json!(""), json!("../../etc/passwd"), json!(42)] {
        let r = h.call_tool(TREE, json!({"nodeId": bad})).await;
        assert!(r.is_error, "{bad}: {}", r.text);
        assert!(r.text.contains("nodeId"), "{}", r.text);
    }
    let r = h.call_tool(TREE, json!({})).await;
    assert!(r.is_error && r.text.contains("nodeId"), "{}", r.text);
    assert_eq!(
        h.standin.control().stats().route("children"),
        0,
        "bad ids never reach the repository"
    );

    let unknown = "00000000-0000-4000-8000-000000000000";
    let r = h.call_tool(TREE, json!({"nodeId": unknown})).await;
    assert!(r.is_error);
    assert_eq!(r.text, format!("Sammlung {unknown} nicht gefunden."));

    // Unknown keys are ignored, out-of-range numbers clamped.
    let wk = h.standin.well_known();
    let r = h.call_tool(TREE, json!({"nodeId": wk.portal_without_topic_page, "depth": 7, "maxResults": 0, "environment": "prod", "outputFormat": "json"})).await;
    assert!(!r.is_error, "{}", r.text);
    let doc = r.json();
    assert_eq!(doc["depth"], json!(2));
    assert_eq!(doc["results"].as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn repository_failures_are_errors_not_empty_answers() {
    let h = Harness::start().await;
    let wk = h.standin.well_known().clone();
    let control = h.standin.control();
    for fault in [Fault::Error500, Fault::Garbage, Fault::Down] {
        control.set_fault(fault);
        for (tool, args) in [
            (PORTALS, json!({})),
            (TREE, json!({"nodeId": wk.portal_with_topic_page})),
            (TOPIC, json!({})),
            (TOPIC, json!({"query": "Mathematik"})),
            (TOPIC, json!({"collectionId": wk.two_variant_collection})),
        ] {
            let r = h.call_tool(tool, args.clone()).await;
            assert!(r.is_error, "{fault:?} {tool} {args}: {}", r.text);
            assert!(r.text.contains("WLO"), "{fault:?} {tool}: {}", r.text);
            assert!(!r.text.contains("Keine") && !r.text.contains(": 0"), "{}", r.text);
        }
    }
    control.set_fault(Fault::None);
    assert!(!h.call_tool(PORTALS, json!({})).await.is_error);
}

#[tokio::test]
async fn partial_failures_degrade_with_warnings() {
    let h = Harness::start().await;
    let corpus = h.standin.corpus();
    let wk = h.standin.well_known();
    let control = h.standin.control();
    // One level-1 node fails its level-2 listing with a 500: the tree still answers.
    let l1 = sub_collections(corpus, &wk.portal_with_topic_page);
    control.set_node_fault(&l1[0].id, 500);
    let r = h
        .call_tool(
            TREE,
            json!({"nodeId": wk.portal_with_topic_page, "depth": 2, "outputFormat": "json"}),
        )
        .await;
    assert!(!r.is_error, "{}", r.text);
    let doc = r.json();
    assert!(doc["warnings"][0].as_str().unwrap().contains("WLO"), "{doc}");
    let md = h
        .call_tool(TREE, json!({"nodeId": wk.portal_with_topic_page, "depth": 2}))
        .await;
    assert!(md.text.lines().any(|l| l.starts_with('⚠')), "{}", md.text);
    control.clear_node_faults();
}

// ---------------------------------------------------------------------------------------------
// search_wlo_topic_pages
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn mode_a_one_collection_with_two_variants() {
    let h = Harness::start().await;
    let wk = h.standin.well_known();
    let (r, log) = measured(
        &h,
        TOPIC,
        json!({"collectionId": wk.two_variant_collection, "outputFormat": "json"}),
    )
    .await;
    assert!(!r.is_error, "{}", r.text);
    assert_eq!(sequential_waves(&log), 2);
    assert_eq!(log.len(), 3);
    let doc = r.json();
    assert_eq!(doc["total"], json!(1));
    let page = &doc["results"][0];
    let keys: Vec<&String> = page.as_object().unwrap().keys().collect();
    assert_eq!(keys[0], "collectionId", "collectionId must be the first key");
    assert_eq!(page["collectionId"], json!(wk.two_variant_collection));
    assert_eq!(page["title"], "Mathematik");
    assert!(
        page["topicPageUrl"]
            .as_str()
            .unwrap()
            .ends_with(&format!("collectionId={}", wk.two_variant_collection))
    );
    let variants = page["variants"].as_array().unwrap();
    let ids: Vec<&str> = variants.iter().map(|v| v["variantId"].as_str().unwrap()).collect();
    assert_eq!(
        ids,
        [wk.teacher_variant.as_str(), wk.learner_variant.as_str()],
        "default first, template skipped"
    );
    assert_eq!(variants[0]["targetGroup"], "teacher");
    assert_eq!(variants[0]["targetGroupLabel"], "Lehrkräfte");
    assert_eq!(variants[0]["isDefault"], json!(true));
    assert_eq!(variants[1]["targetGroupLabel"], "Lernende");
    assert_eq!(variants[1]["isDefault"], json!(false));
    assert!(!page["educationalContexts"].as_array().unwrap().is_empty());

    // Not merged: one entry per variant.
    let doc = h
        .call_tool(
            TOPIC,
            json!({"collectionId": wk.two_variant_collection, "mergeVariants": false, "outputFormat": "json"}),
        )
        .await
        .json();
    assert_eq!(doc["total"], json!(2));
    assert!(
        doc["results"]
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p["variants"].as_array().unwrap().len() == 1)
    );
    assert_eq!(
        doc["results"][0]["variants"][0]["variantId"],
        json!(wk.teacher_variant),
        "default first"
    );
    assert_eq!(doc["results"][1]["collectionId"], json!(wk.two_variant_collection));

    // Filters: a target group; an educational context the learner variant does not have.
    let doc = h
        .call_tool(
            TOPIC,
            json!({"collectionId": wk.two_variant_collection, "targetGroup": "learner", "outputFormat": "json"}),
        )
        .await
        .json();
    let v = doc["results"][0]["variants"].as_array().unwrap();
    assert_eq!(v.len(), 1);
    assert_eq!(v[0]["variantId"], json!(wk.learner_variant));
    let doc = h
        .call_tool(TOPIC, json!({"collectionId": wk.two_variant_collection, "educationalContext": "Sekundarstufe II", "outputFormat": "json"}))
        .await
        .json();
    let v = doc["results"][0]["variants"].as_array().unwrap();
    assert_eq!(v.len(), 1);
    assert_eq!(v[0]["variantId"], json!(wk.teacher_variant));

    // collectionId wins over query.
    let doc = h
        .call_tool(
            TOPIC,
            json!({"collectionId": wk.two_variant_collection, "query": "Photosynthese", "outputFormat": "json"}),
        )
        .await
        .json();
    assert_eq!(doc["results"][0]["collectionId"], json!(wk.two_variant_collection));

    // Markdown card.
    let md = h
        .call_tool(TOPIC, json!({"collectionId": wk.two_variant_collection}))
        .await;
    let lines: Vec<&str> = md.text.lines().collect();
    assert_eq!(lines[0], "Gefundene Themenseiten: 1");
    assert!(lines.contains(&"## Mathematik"));
    assert!(lines.contains(&format!("Sammlung-nodeId: {}", wk.two_variant_collection).as_str()));
    assert!(md.text.contains("\nBildungsstufe: ") && md.text.contains("\nThemenseite: http"));
    assert_eq!(md.text.matches("\n- Variante: Zielgruppe ").count(), 2, "{}", md.text);
}

#[tokio::test]
async fn mode_a_skips_templates_broken_configs_and_tolerates_dangling_refs() {
    let h = Harness::start().await;
    let corpus = h.standin.corpus();
    let wk = h.standin.well_known();

    // Ökologie: a good, a broken ("{not json") and an empty config → only the good one.
    let oeko = corpus
        .get(&wk.broken_config_variant)
        .unwrap()
        .parent_id
        .clone()
        .unwrap();
    let owner = corpus.get(&oeko).unwrap().parent_id.clone().unwrap();
    let doc = h
        .call_tool(TOPIC, json!({"collectionId": owner, "outputFormat": "json"}))
        .await
        .json();
    let v = doc["results"][0]["variants"].as_array().unwrap();
    let ids: Vec<&str> = v.iter().map(|x| x["variantId"].as_str().unwrap()).collect();
    assert_eq!(ids.len(), 1, "{doc}");
    assert!(!ids.contains(&wk.broken_config_variant.as_str()) && !ids.contains(&wk.empty_config_variant.as_str()));
    assert_eq!(doc["results"][0]["title"], "Ökologie und Nachhaltigkeit");

    // A collection whose only variant is a template: no topic page, not an error.
    let r = h
        .call_tool(TOPIC, json!({"collectionId": wk.template_only_collection}))
        .await;
    assert!(!r.is_error);
    assert!(r.text.starts_with("Keine Themenseiten gefunden."), "{}", r.text);

    // Dangling variant id in ccm:page_config: ignored.
    let doc = h
        .call_tool(
            TOPIC,
            json!({"collectionId": wk.dangling_collection, "outputFormat": "json"}),
        )
        .await
        .json();
    let v = doc["results"][0]["variants"].as_array().unwrap();
    assert_eq!(v.len(), 1);
    assert_ne!(v[0]["variantId"], json!(wk.dangling_variant_id));
    assert!(doc.get("warnings").is_none());

    // Two config folders: Mode A reads only the active one.
    let doc = h
        .call_tool(
            TOPIC,
            json!({"collectionId": wk.two_config_collection, "outputFormat": "json"}),
        )
        .await
        .json();
    let v = doc["results"][0]["variants"].as_array().unwrap();
    assert_eq!(v.len(), 1);
    assert_ne!(v[0]["variantId"], json!(wk.stale_variant));
    assert_eq!(v[0]["isDefault"], json!(true));

    // A collection without a topic page, and an unknown one.
    let r = h
        .call_tool(TOPIC, json!({"collectionId": wk.portal_without_topic_page}))
        .await;
    assert!(
        !r.is_error && r.text.starts_with("Keine Themenseiten gefunden."),
        "{}",
        r.text
    );
    let unknown = "00000000-0000-4000-8000-000000000001";
    let r = h.call_tool(TOPIC, json!({"collectionId": unknown})).await;
    assert!(r.is_error && r.text.contains(unknown), "{}", r.text);
    let r = h.call_tool(TOPIC, json!({"collectionId": "Mathematik"})).await;
    assert!(r.is_error && r.text.contains("collectionId"), "{}", r.text);
}

#[tokio::test]
async fn mode_c_lists_every_topic_page_with_collection_titles() {
    let h = Harness::start().await;
    let corpus = h.standin.corpus();
    let wk = h.standin.well_known();
    let expected = expected_pages(corpus);

    let (r, log) = measured(&h, TOPIC, json!({"maxResults": 20, "outputFormat": "json"})).await;
    assert!(!r.is_error, "{}", r.text);
    assert_eq!(sequential_waves(&log), 3, "variants, folders, owners");
    assert!(log.iter().all(|e| e.route != "parents"), "no /parents walk");
    let folders: BTreeSet<&str> = expected
        .values()
        .flatten()
        .map(|v| corpus.get(v).unwrap().parent_id.as_deref().unwrap())
        .collect();
    assert_eq!(
        log.len(),
        1 + folders.len() + expected.len(),
        "every folder and owner read once"
    );

    let doc = r.json();
    assert_eq!(doc["total"], json!(expected.len()));
    let results = doc["results"].as_array().unwrap();
    let got: BTreeMap<String, Vec<String>> = results
        .iter()
        .map(|p| {
            let mut ids: Vec<String> = p["variants"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v["variantId"].as_str().unwrap().to_string())
                .collect();
            ids.sort();
            (p["collectionId"].as_str().unwrap().to_string(), ids)
        })
        .collect();
    let mut want = expected.clone();
    want.values_mut().for_each(|v| v.sort());
    assert_eq!(got, want);

    // Titles are collection names, alphabetical.
    let pairs: Vec<(String, String)> = results
        .iter()
        .map(|p| {
            (
                p["title"].as_str().unwrap().to_string(),
                p["collectionId"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_german_order(&pairs);
    for (title, id) in &pairs {
        assert!(
            !title.to_lowercase().starts_with("page_variant") && !is_uuid(title),
            "{title}"
        );
        assert_eq!(title, &corpus.get(id).unwrap().title);
    }
    // The variant with a placeholder title sits under its collection's name.
    let bio = results
        .iter()
        .find(|p| {
            p["variants"]
                .as_array()
                .unwrap()
                .iter()
                .any(|v| v["variantId"] == json!(wk.placeholder_title_variant))
        })
        .unwrap();
    assert_eq!(bio["title"], "Biologie");
    assert_eq!(bio["variants"][0]["targetGroup"], "");
    assert_eq!(bio["variants"][0]["targetGroupLabel"], "nicht gesetzt");

    // Stale config folder: its variant belongs to the owner but is not the default.
    let physik = results
        .iter()
        .find(|p| p["collectionId"] == json!(wk.two_config_collection))
        .unwrap();
    let v = physik["variants"].as_array().unwrap();
    assert_eq!(v.len(), 2);
    assert_eq!(v[0]["isDefault"], json!(true));
    assert_eq!(v[1]["variantId"], json!(wk.stale_variant));
    assert_eq!(v[1]["isDefault"], json!(false));

    // URI target group → slug and label.
    let klima = results
        .iter()
        .flat_map(|p| p["variants"].as_array().unwrap())
        .find(|v| v["variantId"] == json!(wk.uri_target_group_variant))
        .unwrap();
    assert_eq!(klima["targetGroup"], "teacher");
    assert_eq!(klima["targetGroupLabel"], "Lehrkräfte");

    // Not merged: one entry per variant.
    let doc = h
        .call_tool(
            TOPIC,
            json!({"maxResults": 20, "mergeVariants": false, "outputFormat": "json"}),
        )
        .await
        .json();
    assert_eq!(doc["total"], json!(expected.values().map(Vec::len).sum::<usize>()));

    // Default slice and determinism.
    let a = h.call_tool(TOPIC, json!({})).await;
    let b = h.call_tool(TOPIC, json!({})).await;
    assert_eq!(a.text, b.text);
    assert!(
        a.text
            .starts_with(&format!("Gefundene Themenseiten: {} (angezeigt: 5)", expected.len())),
        "{}",
        a.text
    );
    assert_eq!(a.text.matches("\n## ").count(), 5);
}

#[tokio::test]
async fn mode_c_filters_exclude_only_different_values() {
    let h = Harness::start().await;
    let corpus = h.standin.corpus();
    let wk = h.standin.well_known();
    let doc = h
        .call_tool(
            TOPIC,
            json!({"targetGroup": "teacher", "maxResults": 20, "outputFormat": "json"}),
        )
        .await
        .json();
    let variants: Vec<&Value> = doc["results"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|p| p["variants"].as_array().unwrap())
        .collect();
    assert!(!variants.is_empty());
    assert!(
        variants
            .iter()
            .all(|v| v["targetGroup"] == "teacher" || v["targetGroup"] == ""),
        "{variants:?}"
    );
    assert!(variants.iter().any(|v| v["targetGroup"] == ""), "unset never excludes");
    assert!(
        variants
            .iter()
            .any(|v| v["variantId"] == json!(wk.uri_target_group_variant))
    );
    assert!(!variants.iter().any(|v| v["variantId"] == json!(wk.learner_variant)));

    let hochschule = "http://w3id.org/openeduhub/vocabs/educationalContext/hochschule";
    let doc = h
        .call_tool(
            TOPIC,
            json!({"educationalContext": "Hochschule", "maxResults": 20, "outputFormat": "json"}),
        )
        .await
        .json();
    for p in doc["results"].as_array().unwrap() {
        for v in p["variants"].as_array().unwrap() {
            let rec = corpus.get(v["variantId"].as_str().unwrap()).unwrap();
            assert!(rec.educational_contexts.is_empty() || rec.educational_contexts.iter().any(|c| c == hochschule));
        }
    }
    assert!(
        doc["results"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["collectionId"] == json!(wk.kuenstliche_intelligenz))
    );

    let doc = h
        .call_tool(
            TOPIC,
            json!({"educationalContext": "Mondbasis", "outputFormat": "json"}),
        )
        .await
        .json();
    assert_eq!(doc["unresolvedFilters"][0]["value"], "Mondbasis");
    assert_eq!(doc["total"], json!(expected_pages(corpus).len()));
}

#[tokio::test]
async fn mode_b_keyword_search() {
    let h = Harness::start().await;
    let wk = h.standin.well_known();

    // A topic collection found by the keyword search.
    let (r, log) = measured(&h, TOPIC, json!({"query": "Klimawandel", "outputFormat": "json"})).await;
    assert!(!r.is_error, "{}", r.text);
    assert_eq!(sequential_waves(&log), 2, "search + portals, then config folders");
    let doc = r.json();
    assert_eq!(doc["results"][0]["collectionId"], json!(wk.klimawandel), "{doc}");
    assert_eq!(doc["results"][0]["title"], "Klimawandel");
    assert_eq!(doc["results"][0]["variants"][0]["targetGroup"], "teacher");

    // A subject portal (never returned by the keyword search) comes from the root listing.
    let doc = h
        .call_tool(TOPIC, json!({"query": "Mathematik", "outputFormat": "json"}))
        .await
        .json();
    assert_eq!(
        doc["results"][0]["collectionId"],
        json!(wk.two_variant_collection),
        "{doc}"
    );
    assert_eq!(doc["results"][0]["variants"].as_array().unwrap().len(), 2);

    // Alphabetical on request.
    let doc = h
        .call_tool(
            TOPIC,
            json!({"query": "Mathematik", "sort": "alpha", "outputFormat": "json"}),
        )
        .await
        .json();
    let pairs: Vec<(String, String)> = doc["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["title"].as_str().unwrap().to_string(),
                p["collectionId"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_german_order(&pairs);

    // No topic page: a plain sentence, not an error; the collection search
    // (at most three waves, walk and rescue included) and at most two
    // more for the config folders.
    let (r, log) = measured(&h, TOPIC, json!({"query": "Xylophonbau"})).await;
    assert!(sequential_waves(&log) <= 5, "{log:?}");
    assert!(!r.is_error);
    assert!(
        r.text.starts_with("Keine Themenseiten für „Xylophonbau“ gefunden."),
        "{}",
        r.text
    );
    let r = h
        .call_tool(TOPIC, json!({"query": "Xylophonbau", "outputFormat": "json"}))
        .await;
    assert_eq!(r.json(), json!({"total": 0, "results": []}));
}
