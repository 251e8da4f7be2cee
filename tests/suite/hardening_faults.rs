//! Hardening against a failing repository (down, slow, HTTP 500, garbage,
//! single-node faults), the upstream concurrency bounds and retries, and
//! panicking tools. Runs on loopback against the in-process stand-in and the
//! real `wlo-mcp` binary (or the in-process HTTP handler).

use crate::common;

use std::pin::Pin;
use std::time::{Duration, Instant};

use common::hardening::*;
use common::*;
use serde_json::{Value, json};
use wlo_mcp::app::App;
use wlo_mcp::tools::{Args, ToolEntry, ToolResponse, ToolSpec};
use wlo_standin::Fault;

// ---- helpers ---------------------------------------------------------------

/// Timeouts used by the failing-repository tests.
const TIMEOUT_MS: &str = "600";
const DEADLINE_MS: u64 = 1200;

const QUERIES: [&str; 3] = ["Bruchrechnung", "Photosynthese", "Klimawandel"];

async fn timed(h: &Harness, tool: &str, args: Value) -> (ToolResult, Duration) {
    let started = Instant::now();
    let result = h.call_tool(tool, args).await;
    (result, started.elapsed())
}

/// Phrases that would present a broken repository as an empty answer.
const EMPTY_PHRASES: &[&str] = &[
    "0 Treffer",
    "Keine Treffer",
    "nicht gefunden",
    "enthält keine",
    "Keine weiteren",
];

/// One call per tool that needs the repository (lookup_wlo_vocabulary excluded).
fn upstream_calls(h: &Harness) -> Vec<(&'static str, Value)> {
    let wk = h.standin.well_known().clone();
    vec![
        ("search_wlo_content", json!({"query": "Bruchrechnung"})),
        ("search_wlo_collections", json!({"query": "Bruchrechnung"})),
        (
            "search_wlo_collections",
            json!({"query": "Bruchrechnung", "parentNodeId": wk.portal_with_topic_page}),
        ),
        ("get_collection_contents", json!({"nodeId": wk.bruchrechnung})),
        ("search_wlo_all", json!({"query": "Bruchrechnung"})),
        ("search_wlo_topic_pages", json!({"query": "Mathematik"})),
        (
            "search_wlo_topic_pages",
            json!({"collectionId": wk.portal_with_topic_page}),
        ),
        ("search_wlo_topic_pages", json!({})),
        ("get_subject_portals", json!({})),
        ("browse_collection_tree", json!({"nodeId": ROOT})),
        ("get_node_details", json!({"nodeId": wk.photosynthese})),
        (
            "get_nodes_details",
            json!({"nodeIds": [wk.photosynthese, wk.bruchrechnung]}),
        ),
        ("wlo_health_check", json!({})),
    ]
}

// ---- a failing repository ------------------------------------------------------

async fn assert_all_fail(h: &Harness, fault: Fault, phrase: &str) {
    h.standin.control().set_fault(fault);
    let calls = upstream_calls(h);
    let results = futures::future::join_all(calls.iter().map(|(tool, args)| timed(h, tool, args.clone()))).await;
    let limit = Duration::from_millis(DEADLINE_MS + 1000);
    for ((tool, args), (r, elapsed)) in calls.iter().zip(results) {
        assert!(elapsed < limit, "{fault:?} {tool} {args}: took {elapsed:?}");
        assert!(r.is_error, "{fault:?} {tool} {args}: not an error: {}", r.text);
        assert_eq!(r.blocks, 1);
        let text = if *tool == "wlo_health_check" {
            let doc = r.json();
            assert_eq!(doc["ok"], false, "{fault:?}");
            doc["error"].as_str().unwrap().to_string()
        } else {
            r.text.clone()
        };
        assert!(
            text.contains(phrase),
            "{fault:?} {tool} {args}: says what failed ({phrase}): {text}"
        );
        for empty in EMPTY_PHRASES {
            assert!(
                !text.contains(empty),
                "{fault:?} {tool} {args}: a broken repository is not '{empty}': {text}"
            );
        }
    }
    // The vocabulary needs no repository.
    let r = h
        .call_tool("lookup_wlo_vocabulary", json!({"vocabulary": "discipline"}))
        .await;
    assert!(!r.is_error && r.text.contains("Mathematik"), "{fault:?}: {}", r.text);
}

async fn assert_all_recover(h: &Harness) {
    h.standin.control().set_fault(Fault::None);
    // One after the other: the short test deadline must not be spent waiting
    // for the CPU on a busy CI machine.
    for (tool, args) in upstream_calls(h) {
        let r = h.call_tool(tool, args.clone()).await;
        assert!(!r.is_error, "{tool} {args} after recovery: {}", r.text);
    }
}

/// Short timeouts, and the response cache on as in production (16 MB), so
/// recovery also proves that no failure was cached.
async fn fault_harness() -> Harness {
    let deadline = DEADLINE_MS.to_string();
    Harness::start_with(&[
        ("WLO_TIMEOUT_MS", TIMEOUT_MS),
        ("WLO_TOOL_DEADLINE_MS", &deadline),
        ("WLO_CACHE_MAX_MB", "16"),
    ])
    .await
}

#[tokio::test]
async fn every_tool_fails_clearly_when_the_repository_is_down_and_recovers() {
    let h = fault_harness().await;
    assert_all_fail(&h, Fault::Down, "nicht erreichbar").await;
    assert_all_recover(&h).await;
}

#[tokio::test]
async fn every_tool_fails_clearly_when_the_repository_is_slow_and_recovers() {
    let h = fault_harness().await;
    assert_all_fail(&h, Fault::Slow, "Zeitüberschreitung").await;
    assert_all_recover(&h).await;
}

#[tokio::test]
async fn every_tool_fails_clearly_on_http_500_and_recovers() {
    let h = fault_harness().await;
    assert_all_fail(&h, Fault::Error500, "HTTP 500").await;
    assert_all_recover(&h).await;
}

#[tokio::test]
async fn every_tool_fails_clearly_on_garbage_and_recovers() {
    let h = fault_harness().await;
    assert_all_fail(&h, Fault::Garbage, "unlesbare Antwort").await;
    assert_all_recover(&h).await;
}

#[tokio::test]
async fn single_node_faults_name_the_node_problem() {
    let h = fault_harness().await;
    let wk = h.standin.well_known().clone();
    let ctl = h.standin.control();
    for (status, phrase) in [(404u16, "nicht gefunden"), (403, "nicht öffentlich")] {
        ctl.clear_node_faults();
        for id in [
            &wk.bruchrechnung,
            &wk.photosynthese,
            &wk.portal_with_topic_page,
            &wk.portal_without_topic_page,
        ] {
            ctl.set_node_fault(id, status);
        }
        let mut calls = vec![
            ("get_node_details", json!({"nodeId": wk.photosynthese}), phrase),
            ("get_collection_contents", json!({"nodeId": wk.bruchrechnung}), phrase),
        ];
        if status == 404 {
            calls.extend([
                ("browse_collection_tree", json!({"nodeId": wk.bruchrechnung}), phrase),
                (
                    "search_wlo_collections",
                    json!({"query": "Bruch", "parentNodeId": wk.portal_without_topic_page}),
                    phrase,
                ),
                (
                    "search_wlo_topic_pages",
                    json!({"collectionId": wk.portal_with_topic_page}),
                    phrase,
                ),
            ]);
        } else {
            // 403 on a collection: the tool still says that the collection is not accessible.
            calls.extend([
                (
                    "browse_collection_tree",
                    json!({"nodeId": wk.bruchrechnung}),
                    "nicht öffentlich",
                ),
                (
                    "search_wlo_collections",
                    json!({"query": "Bruch", "parentNodeId": wk.portal_without_topic_page}),
                    "nicht öffentlich",
                ),
                (
                    "search_wlo_topic_pages",
                    json!({"collectionId": wk.portal_with_topic_page}),
                    "nicht öffentlich",
                ),
            ]);
        }
        for (tool, args, phrase) in calls {
            let (r, elapsed) = timed(&h, tool, args.clone()).await;
            assert!(
                elapsed < Duration::from_millis(DEADLINE_MS + 1000),
                "{status} {tool}: {elapsed:?}"
            );
            assert!(r.is_error, "{status} {tool} {args}: {}", r.text);
            assert!(
                r.text.contains(phrase),
                "{status} {tool} {args}: expected '{phrase}': {}",
                r.text
            );
        }
        // In a bulk read the faulted node lands in failed[], the rest resolves.
        let r = h
            .call_tool(
                "get_nodes_details",
                json!({"nodeIds": [wk.photosynthese, wk.cc_with_version]}),
            )
            .await;
        assert!(!r.is_error, "{status}: {}", r.text);
        let doc = r.json();
        assert_eq!(doc["failed"], json!([wk.photosynthese]));
        assert_eq!(doc["resolved"], 1);
    }
    // The root itself: the portals and the health check say so.
    ctl.clear_node_faults();
    ctl.set_node_fault(ROOT, 404);
    let r = h.call_tool("get_subject_portals", json!({})).await;
    assert!(r.is_error && r.text.contains("nicht gefunden"), "{}", r.text);
    let r = h.call_tool("wlo_health_check", json!({})).await;
    assert!(r.is_error && r.json()["ok"] == false);
    ctl.clear_node_faults();
    assert_all_recover(&h).await;
}

#[tokio::test]
async fn upstream_concurrency_is_bounded_per_process() {
    let h = Harness::start_with(&[
        ("WLO_MAX_CONCURRENCY", "4"),
        ("WLO_TOOL_DEADLINE_MS", "30000"),
        ("WLO_TIMEOUT_MS", "20000"),
    ])
    .await;
    h.standin.control().set_latency(40, 10);
    let wk = h.standin.well_known().clone();
    let content: Vec<String> = h
        .standin
        .corpus()
        .nodes
        .iter()
        .filter(|n| {
            n.kind == wlo_standin::NodeKind::Content && n.is_public && !n.index_only && !n.is_deleted_placeholder
        })
        .map(|n| n.id.clone())
        .take(60)
        .collect();
    let calls: Vec<(&str, Value)> = (0..50)
        .map(|i| match i % 5 {
            0 => ("search_wlo_content", json!({"query": QUERIES[i % 3]})),
            1 => ("get_nodes_details", json!({"nodeIds": content[i % 50..i % 50 + 10]})),
            2 => ("browse_collection_tree", json!({"nodeId": ROOT, "depth": 2})),
            3 => (
                "get_node_details",
                json!({"nodeId": content[i], "includeParents": true, "includeTextContent": true}),
            ),
            _ => (
                "get_collection_contents",
                json!({"nodeId": wk.bruchrechnung, "includeSubcollections": true}),
            ),
        })
        .collect();
    let results = futures::future::join_all(calls.iter().map(|(tool, args)| h.call_tool(tool, args.clone()))).await;
    for ((tool, _), r) in calls.iter().zip(&results) {
        assert!(!r.is_error, "{tool}: {}", r.text);
    }
    let stats = h.standin.control().stats();
    assert!(stats.total_requests > 100, "enough upstream traffic: {stats:?}");
    assert!(
        stats.peak_concurrency <= 4,
        "at most 4 upstream requests in flight: {stats:?}"
    );
    assert_eq!(
        stats.peak_concurrency, 4,
        "the bound is reached, so the calls really ran together"
    );
}

#[tokio::test]
async fn one_call_fans_out_at_most_32_requests() {
    let h = Harness::start().await;
    h.standin.control().set_latency(150, 0);
    let ids: Vec<String> = h
        .standin
        .corpus()
        .nodes
        .iter()
        .filter(|n| n.kind == wlo_standin::NodeKind::Content)
        .map(|n| n.id.clone())
        .take(50)
        .collect();
    let r = h.call_tool("get_nodes_details", json!({ "nodeIds": ids })).await;
    assert!(!r.is_error, "{}", r.text);
    let stats = h.standin.control().stats();
    assert_eq!(stats.total_requests, 50);
    assert_eq!(stats.peak_concurrency, 32, "per-call fan-out bound: {stats:?}");
}

#[tokio::test]
async fn only_connection_failures_are_retried_once() {
    let h = fault_harness().await;
    let ctl = h.standin.control();
    for (fault, expected) in [
        (Fault::Down, 2),
        (Fault::Error500, 1),
        (Fault::Garbage, 1),
        (Fault::Slow, 1),
    ] {
        ctl.set_fault(fault);
        let before = ctl.stats().total_requests;
        let r = h.call_tool("get_node_details", json!({ "nodeId": ROOT })).await;
        assert!(r.is_error);
        let sent = ctl.stats().total_requests - before;
        assert_eq!(sent, expected, "{fault:?}: requests for one read");
    }
    ctl.set_fault(Fault::None);
    // A 404 is an answer, not a failure: no retry either.
    ctl.set_node_fault(ROOT, 404);
    let before = ctl.stats().total_requests;
    h.call_tool("get_node_details", json!({ "nodeId": ROOT })).await;
    assert_eq!(ctl.stats().total_requests - before, 1);
}

// ---- panics --------------------------------------------------------------------------

fn boom_spec() -> ToolSpec {
    ToolSpec {
        name: "boom",
        title: "Boom",
        description: "Panics.",
        input_schema: json!({"type": "object"}),
    }
}

fn boom_call<'a>(_app: &'a App, args: Args) -> Pin<Box<dyn std::future::Future<Output = ToolResponse> + Send + 'a>> {
    Box::pin(async move {
        tokio::task::yield_now().await;
        let items: Vec<u8> = Vec::new();
        let index = args.get_raw("index").and_then(Value::as_u64).unwrap_or(3) as usize;
        ToolResponse::text(format!("{}", items[index]))
    })
}

fn eager_boom_call(_app: &wlo_mcp::app::App, _args: Args) -> futures::future::BoxFuture<'_, ToolResponse> {
    // Panics while building the future, before it is ever polled.
    let empty: Vec<u8> = Vec::new();
    let byte = empty[usize::from(empty.is_empty())];
    Box::pin(async move { ToolResponse::text(byte.to_string()) })
}

#[tokio::test]
async fn a_tool_that_panics_before_returning_its_future_is_caught_too() {
    let handler = in_process(&[]);
    let app = handler.app().clone();
    let eager = ToolEntry {
        spec: boom_spec,
        call: eager_boom_call,
        view: None,
    };
    let response = wlo_mcp::tools::run_tool(&app, "boom", &eager, Args::default()).await;
    assert!(response.is_error);
    assert!(response.rendered_text().contains("Interner Fehler"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_panicking_tool_call_is_an_error_for_that_call_only() {
    let handler = in_process(&[]);
    let app = handler.app().clone();
    let boom = ToolEntry {
        spec: boom_spec,
        call: boom_call,
        view: None,
    };
    let vocabulary = wlo_mcp::tools::find(&app, "lookup_wlo_vocabulary").unwrap();
    let mut tasks = Vec::new();
    for i in 0..20 {
        let app = app.clone();
        let boom = ToolEntry {
            spec: boom.spec,
            call: boom.call,
            view: None,
        };
        tasks.push(tokio::spawn(async move {
            if i % 2 == 0 {
                (
                    true,
                    wlo_mcp::tools::run_tool(&app, "boom", &boom, Args::default()).await,
                )
            } else {
                let mut map = serde_json::Map::new();
                map.insert("vocabulary".into(), json!("discipline"));
                (
                    false,
                    wlo_mcp::tools::run_tool(&app, "lookup_wlo_vocabulary", vocabulary, Args::new(map)).await,
                )
            }
        }));
    }
    for task in tasks {
        let (panicking, response) = task.await.expect("the panic stayed inside run_tool");
        if panicking {
            assert!(response.is_error);
            let text = response.rendered_text();
            assert!(text.contains("Interner Fehler"), "{text}");
            assert!(
                !text.contains("index out of bounds"),
                "panic details stay in the log: {text}"
            );
        } else {
            assert!(!response.is_error && response.rendered_text().contains("Mathematik"));
        }
    }
    // The same runtime and handler keep serving.
    let call = json!({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"lookup_wlo_vocabulary","arguments":{"vocabulary":"userRole"}}});
    let (status, _, body) = handle(&handler, post_body(call.to_string())).await;
    assert_eq!(status, 200);
    let doc: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(doc["result"]["isError"], false, "{doc}");
}
