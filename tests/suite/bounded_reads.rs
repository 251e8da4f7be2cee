//! Bounded upstream reads (src/upstream/body.rs), through MCP against the
//! stand-in: an oversized answer (with and without `Content-Length`, a gzip
//! bomb) is a clear failure of every tool, read only up to the cap, never
//! cached; a long stored text is cut, not failed. Peak memory under these
//! faults is measured in the benchmark (`bench --only oversized`).

use crate::common;

use std::time::{Duration, Instant};

use common::*;
use serde_json::{Value, json};
use wlo_standin::Fault;

const DEADLINE_MS: u64 = 4000;

/// One call per tool that needs the repository.
fn upstream_calls(h: &Harness) -> Vec<(&'static str, Value)> {
    let wk = h.standin.well_known().clone();
    vec![
        ("search_wlo_content", json!({"query": "Bruchrechnung"})),
        ("search_wlo_collections", json!({"query": "Bruchrechnung"})),
        ("get_collection_contents", json!({"nodeId": wk.bruchrechnung})),
        ("search_wlo_all", json!({"query": "Bruchrechnung"})),
        ("search_wlo_topic_pages", json!({"query": "Mathematik"})),
        ("get_subject_portals", json!({})),
        ("browse_collection_tree", json!({"nodeId": ROOT})),
        (
            "get_node_details",
            json!({"nodeId": wk.photosynthese, "includeTextContent": true}),
        ),
        (
            "get_nodes_details",
            json!({"nodeIds": [wk.photosynthese, wk.bruchrechnung]}),
        ),
        ("search", json!({"query": "Bruchrechnung"})),
        ("fetch", json!({"id": wk.text_content})),
        ("wlo_health_check", json!({})),
    ]
}

/// Phrases that would present a broken repository as an empty answer.
const EMPTY_PHRASES: &[&str] = &["0 Treffer", "Keine Treffer", "nicht gefunden", "enthält keine"];

/// `together`: all calls at once (else one after the other).
async fn assert_all_oversized(h: &Harness, fault: Fault, together: bool) {
    let ctl = h.standin.control();
    ctl.reset();
    ctl.set_fault(fault);
    let calls = upstream_calls(h);
    let timed = |(tool, args): &(&'static str, Value)| {
        let (tool, args) = (*tool, args.clone());
        async move {
            let started = Instant::now();
            (h.call_tool(tool, args).await, started.elapsed())
        }
    };
    let results = match together {
        true => futures::future::join_all(calls.iter().map(timed)).await,
        false => {
            let mut results = Vec::new();
            for call in &calls {
                results.push(timed(call).await);
            }
            results
        }
    };
    for ((tool, args), (r, elapsed)) in calls.iter().zip(results) {
        // The deadline plus the time to answer on a busy machine.
        assert!(
            elapsed < Duration::from_millis(DEADLINE_MS + 2000),
            "{fault:?} {tool}: took {elapsed:?}"
        );
        assert!(r.is_error, "{fault:?} {tool} {args}: not an error: {}", r.text);
        let text = match *tool {
            "wlo_health_check" => r.json()["error"].as_str().unwrap_or_default().to_string(),
            _ => r.text.clone(),
        };
        // Either this read's cap, or the budget that other oversized reads used up.
        assert!(
            text.contains("übergroße Antwort"),
            "{fault:?} {tool} {args}: names the cause: {text}"
        );
        for empty in EMPTY_PHRASES {
            assert!(!text.contains(empty), "{fault:?} {tool}: not '{empty}': {text}");
        }
    }
    // The stand-in saw every oversized body closed early: none was read whole.
    let stats = settled_stats(h, |s| s.bodies_cut > 0).await;
    assert_eq!(stats.bodies_whole, 0, "{fault:?}: {stats:?}");
}

/// The stand-in's counters once `done` holds (a closed connection reaches
/// the stand-in a moment after the answer reaches the test), at most 5 s.
async fn settled_stats(h: &Harness, done: impl Fn(&wlo_standin::Stats) -> bool) -> wlo_standin::Stats {
    let ctl = h.standin.control();
    let until = Instant::now() + Duration::from_secs(5);
    loop {
        let stats = ctl.stats();
        if done(&stats) || Instant::now() > until {
            assert!(done(&stats), "{stats:?}");
            return stats;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

async fn assert_all_recover(h: &Harness) {
    h.standin.control().set_fault(Fault::None);
    for (tool, args) in upstream_calls(h) {
        let r = h.call_tool(tool, args.clone()).await;
        assert!(!r.is_error, "{tool} {args} after recovery: {}", r.text);
    }
}

/// The cache on, so recovery proves no oversized answer was cached.
async fn harness(extra: &[(&str, &str)]) -> Harness {
    let deadline = DEADLINE_MS.to_string();
    let mut env = vec![
        ("WLO_TIMEOUT_MS", "3000"),
        ("WLO_TOOL_DEADLINE_MS", deadline.as_str()),
        ("WLO_CACHE_MAX_MB", "16"),
    ];
    env.extend_from_slice(extra);
    Harness::start_with(&env).await
}

#[tokio::test]
async fn every_tool_fails_clearly_on_an_oversized_answer_with_content_length() {
    let h = harness(&[]).await;
    assert_all_oversized(&h, Fault::Oversized, true).await;
    assert_all_recover(&h).await;
}

#[tokio::test]
async fn every_tool_fails_clearly_on_an_oversized_answer_without_length() {
    // Read to the cap: as with the gzip bomb below, 1 MB and one call after
    // the other keep a busy machine's CPU out of the deadlines.
    let h = harness(&[("WLO_MAX_RESPONSE_MB", "1")]).await;
    assert_all_oversized(&h, Fault::OversizedStream, false).await;
    assert_all_recover(&h).await;
}

#[tokio::test]
async fn every_tool_fails_clearly_on_a_gzip_bomb() {
    // A cap of 1 MB and one call after the other: a debug build decodes
    // gzip slowly, and a dozen calls decoding 4 MB per read at once on a busy
    // two-core machine would test the CPU, not the bound (the benchmark sends
    // a burst to a release build).
    let h = harness(&[("WLO_MAX_RESPONSE_MB", "1")]).await;
    assert_all_oversized(&h, Fault::GzipBomb, false).await;
    assert_all_recover(&h).await;
}

#[tokio::test]
async fn the_cap_is_configurable_and_named() {
    // 1 MB: the answer names the configured cap.
    let h = harness(&[("WLO_MAX_RESPONSE_MB", "1")]).await;
    h.standin.control().set_fault(Fault::OversizedStream);
    let wk = h.standin.well_known().clone();
    let r = h
        .call_tool("get_node_details", json!({"nodeId": wk.photosynthese}))
        .await;
    assert!(r.is_error && r.text.contains("mehr als 1 MB"), "{}", r.text);
}

/// The beginning of a node's stored text, as the tools show it.
fn text_start(h: &Harness, id: &str) -> String {
    let text = h.standin.corpus().get(id).unwrap().text_content.clone().unwrap();
    text.trim().chars().take(40).collect()
}

#[tokio::test]
async fn a_long_stored_text_is_cut_not_failed() {
    let h = harness(&[]).await;
    let wk = h.standin.well_known().clone();
    let ctl = h.standin.control();
    // 50 MB: far above the per-read cap of 4 MB.
    ctl.set_long_text(50 << 20);
    let start = text_start(&h, &wk.text_content);

    let r = h.call_tool("fetch", json!({"id": wk.text_content})).await;
    assert!(!r.is_error, "{}", r.text);
    let doc = r.json();
    assert_eq!(doc["metadata"]["textSource"], "fulltext");
    let text = doc["text"].as_str().unwrap();
    assert!(text.starts_with(&start), "{}", &text[..200]);
    assert!(text.ends_with("[…gekürzt]"), "{}", &text[text.len() - 100..]);
    // WLO_FETCH_MAX_CHARS (100,000) bounds it, plus the mark.
    assert!(text.chars().count() <= 100_000 + 20, "{}", text.chars().count());
    assert!(text.chars().count() >= 80_000, "{}", text.chars().count());

    let r = h
        .call_tool(
            "get_node_details",
            json!({"nodeId": wk.text_content, "includeTextContent": true}),
        )
        .await;
    assert!(!r.is_error, "{}", r.text);
    let section = r.text.split("### Gespeicherter Volltext\n").nth(1).unwrap();
    assert!(section.starts_with(&start), "{section}");
    assert!(section.trim_end().ends_with("[…gekürzt]"), "{section}");
    assert!(!r.text.contains("Volltext konnte nicht geladen werden"), "{}", r.text);

    // Both reads stopped early: the stand-in saw the connections closed.
    let stats = settled_stats(&h, |s| s.bodies_cut == 2).await;
    assert_eq!(stats.bodies_whole, 0, "{stats:?}");
}

#[tokio::test]
async fn above_the_per_read_cap_the_cap_wins_for_a_stored_text() {
    // WLO_FETCH_MAX_CHARS of 5 million characters, a cap of 1 MB: the text
    // is cut at the cap (about a million characters), marked, not failed.
    let h = harness(&[("WLO_FETCH_MAX_CHARS", "5000000"), ("WLO_MAX_RESPONSE_MB", "1")]).await;
    let wk = h.standin.well_known().clone();
    h.standin.control().set_long_text(20 << 20);
    let r = h.call_tool("fetch", json!({"id": wk.text_content})).await;
    assert!(!r.is_error, "{}", &r.text[..r.text.len().min(300)]);
    let doc = r.json();
    let text = doc["text"].as_str().unwrap();
    assert!(text.starts_with(&text_start(&h, &wk.text_content)));
    assert!(text.ends_with("[…gekürzt]"));
    let chars = text.chars().count();
    assert!((1_000_000..1 << 20).contains(&chars), "{chars}");
}

#[tokio::test]
async fn a_short_stored_text_is_read_whole() {
    let h = harness(&[]).await;
    let wk = h.standin.well_known().clone();
    let r = h.call_tool("fetch", json!({"id": wk.text_content})).await;
    let doc = r.json();
    let stored = h
        .standin
        .corpus()
        .get(&wk.text_content)
        .unwrap()
        .text_content
        .clone()
        .unwrap();
    assert_eq!(doc["text"], stored.trim());
}
