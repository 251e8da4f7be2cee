//! The failure policy: an answer without results that rests on a failed read
//! is an error, never an honest-looking "nothing found".
//!
//! The server runs long enough to have a warm cache (earlier successful calls
//! of other tools left tree listings in it), then the repository breaks in
//! each of the four ways a real one does. Every tool must then either carry
//! results (from reads that still succeeded) or say `isError` with the German
//! message of the failure.

use crate::common;

use common::*;
use serde_json::{Value, json};
use wlo_standin::Fault;

const TIMEOUT_MS: &str = "600";
const DEADLINE_MS: &str = "1500";

/// How many results an answer carries, per tool (JSON mode).
fn result_count(tool: &str, doc: &Value) -> usize {
    let len = |v: &Value| v.as_array().map_or(0, Vec::len);
    match tool {
        "search_wlo_all" => ["content", "collections", "topicPages"]
            .iter()
            .map(|pot| len(&doc[pot]["results"]))
            .sum(),
        "get_nodes_details" => doc["resolved"].as_u64().unwrap_or(0) as usize,
        "get_node_details" => usize::from(doc["nodeId"].as_str().is_some_and(|id| !id.is_empty())),
        "fetch" => usize::from(doc["id"].as_str().is_some_and(|id| !id.is_empty())),
        _ => len(&doc["results"]),
    }
}

/// Calls of other tools that succeed first and leave listings in the cache.
fn warm_up_calls(wk: &wlo_standin::WellKnown) -> Vec<(&'static str, Value)> {
    vec![
        ("get_subject_portals", json!({})),
        ("browse_collection_tree", json!({"nodeId": ROOT, "depth": 2})),
        ("search_wlo_topic_pages", json!({})),
        ("search_wlo_content", json!({"query": "Bruchrechnung"})),
        ("get_node_details", json!({"nodeId": wk.bruchrechnung})),
    ]
}

/// One call per tool that reads the repository, in JSON mode.
fn calls(wk: &wlo_standin::WellKnown) -> Vec<(&'static str, Value)> {
    vec![
        (
            "search_wlo_collections",
            json!({"query": "Figurenanalyse", "outputFormat": "json"}),
        ),
        (
            "search_wlo_collections",
            json!({"query": "Bruch", "outputFormat": "json"}),
        ),
        (
            "search_wlo_collections",
            json!({"query": "Bruch", "parentNodeId": wk.portal_with_topic_page, "outputFormat": "json"}),
        ),
        (
            "search_wlo_topic_pages",
            json!({"query": "Optik", "outputFormat": "json"}),
        ),
        (
            "search_wlo_topic_pages",
            json!({"collectionId": wk.portal_with_topic_page, "outputFormat": "json"}),
        ),
        ("search_wlo_all", json!({"query": "Antike"})),
        (
            "search_wlo_content",
            json!({"query": "Photosynthese", "outputFormat": "json"}),
        ),
        (
            "get_subject_portals",
            json!({"includeContentCounts": true, "outputFormat": "json"}),
        ),
        (
            "browse_collection_tree",
            json!({"nodeId": wk.portal_with_topic_page, "includeContentCounts": true, "outputFormat": "json"}),
        ),
        (
            "get_collection_contents",
            json!({"nodeId": wk.bruchrechnung, "outputFormat": "json"}),
        ),
        (
            "get_collection_contents",
            json!({"nodeId": wk.portal_with_topic_page, "includeSubcollections": true, "outputFormat": "json"}),
        ),
        (
            "get_node_details",
            json!({"nodeId": wk.photosynthese, "outputFormat": "json"}),
        ),
        (
            "get_nodes_details",
            json!({"nodeIds": [wk.photosynthese, wk.cc_with_version]}),
        ),
        ("search", json!({"query": "Antike"})),
        ("fetch", json!({"id": wk.klimawandel})),
    ]
}

async fn warmed_harness() -> Harness {
    let h = Harness::start_with(&[
        ("WLO_CACHE_MAX_MB", "16"),
        ("WLO_TIMEOUT_MS", TIMEOUT_MS),
        ("WLO_TOOL_DEADLINE_MS", DEADLINE_MS),
    ])
    .await;
    let wk = h.standin.well_known().clone();
    for (tool, args) in warm_up_calls(&wk) {
        let r = h.call_tool(tool, args.clone()).await;
        assert!(!r.is_error, "warm-up {tool} {args}: {}", r.text);
    }
    h
}

async fn assert_honest(h: &Harness, fault: Fault, phrase: &str) {
    let wk = h.standin.well_known().clone();
    h.standin.control().set_fault(fault);
    let calls = calls(&wk);
    let results = futures::future::join_all(calls.iter().map(|(tool, args)| h.call_tool(tool, args.clone()))).await;
    for ((tool, args), r) in calls.iter().zip(results) {
        if r.is_error {
            assert!(
                r.text.contains(phrase),
                "{fault:?} {tool} {args}: names the failure: {}",
                r.text
            );
            continue;
        }
        let doc = r.json();
        assert!(
            result_count(tool, &doc) > 0,
            "{fault:?} {tool} {args}: an empty answer resting on a failed read must be isError: {}",
            r.text
        );
    }
    // The three cases a teacher's chatbot saw as "WLO has nothing on this".
    for (tool, args) in [
        ("search_wlo_collections", json!({"query": "Figurenanalyse"})),
        ("search_wlo_topic_pages", json!({"query": "Optik"})),
        ("search_wlo_all", json!({"query": "Antike", "outputFormat": "markdown"})),
    ] {
        let r = h.call_tool(tool, args.clone()).await;
        assert!(r.is_error, "{fault:?} {tool} {args}: {}", r.text);
        assert!(r.text.contains(phrase), "{fault:?} {tool} {args}: {}", r.text);
    }
    h.standin.control().set_fault(Fault::None);
}

#[tokio::test]
async fn empty_answers_on_an_unreachable_repository_are_errors() {
    let h = warmed_harness().await;
    assert_honest(&h, Fault::Down, "nicht erreichbar").await;
}

#[tokio::test]
async fn empty_answers_on_http_500_are_errors() {
    let h = warmed_harness().await;
    assert_honest(&h, Fault::Error500, "HTTP 500").await;
}

#[tokio::test]
async fn empty_answers_on_garbage_are_errors() {
    let h = warmed_harness().await;
    assert_honest(&h, Fault::Garbage, "unlesbare Antwort").await;
}

#[tokio::test]
async fn empty_answers_on_a_slow_repository_are_errors() {
    let h = warmed_harness().await;
    assert_honest(&h, Fault::Slow, "Zeitüberschreitung").await;
}

/// Results from reads that succeeded are shown, and the failed part is named.
#[tokio::test]
async fn a_partial_answer_keeps_its_results_and_warns() {
    let h = warmed_harness().await;
    let wk = h.standin.well_known().clone();
    // One node of a bulk read fails with a repository error, the other resolves.
    h.standin.control().set_node_fault(&wk.photosynthese, 500);
    let r = h
        .call_tool(
            "get_nodes_details",
            json!({"nodeIds": [wk.photosynthese, wk.cc_with_version]}),
        )
        .await;
    assert!(!r.is_error, "{}", r.text);
    let doc = r.json();
    assert_eq!(doc["resolved"], 1);
    assert_eq!(doc["failed"], json!([wk.photosynthese]));
    // Every id failing with a repository error (ids not read before, so not
    // cached) is an error, not an empty bulk answer.
    let (a, b) = (&wk.umlaut_portal, &wk.two_variant_collection);
    h.standin.control().set_node_fault(a, 500);
    h.standin.control().set_node_fault(b, 500);
    let r = h.call_tool("get_nodes_details", json!({"nodeIds": [a, b]})).await;
    assert!(r.is_error && r.text.contains("HTTP 500"), "{}", r.text);
    // One missing and one failing: nothing resolved, and a read failed.
    let missing = &wk.template_only_collection;
    h.standin.control().clear_node_faults();
    h.standin.control().set_node_fault(missing, 404);
    h.standin.control().set_node_fault(a, 500);
    let r = h.call_tool("get_nodes_details", json!({"nodeIds": [missing, a]})).await;
    assert!(r.is_error && r.text.contains("HTTP 500"), "{}", r.text);
    // A missing node is "not found", not a repository failure: no error for the bulk answer.
    h.standin.control().clear_node_faults();
    h.standin.control().set_node_fault(missing, 404);
    let r = h.call_tool("get_nodes_details", json!({"nodeIds": [missing]})).await;
    assert!(!r.is_error, "{}", r.text);
    assert_eq!(r.json()["failed"], json!([missing]));
}
