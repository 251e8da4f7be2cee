//! Hedged upstream reads (src/upstream/hedge.rs), through MCP over HTTP
//! against the stand-in's straggler mode.
//!
//! Every test asserts on counts and outcomes. Where a time is checked at
//! all, the margin is seconds against a hedge delay of a few hundred
//! milliseconds, so a loaded machine cannot make them flaky; that hedging
//! makes calls faster is shown by the benchmark (docs/performance.md).

mod common;

use std::time::{Duration, Instant};

use common::{Harness, ROOT};
use serde_json::{Value, json};
use wlo_standin::{Control, NodeKind};

/// The hedge delay of a cold server in these tests.
const DELAY_MS: &str = "300";

/// A server with hedging on, a cold hedge delay of 300 ms and roomy limits.
async fn hedging(extra: &[(&str, &str)]) -> Harness {
    let mut env = vec![
        ("WLO_HEDGE", "1"),
        ("WLO_HEDGE_DELAY_MS", DELAY_MS),
        ("WLO_TIMEOUT_MS", "20000"),
        ("WLO_TOOL_DEADLINE_MS", "30000"),
    ];
    env.extend_from_slice(extra);
    Harness::start_with(&env).await
}

/// Make the next request straggle by `extra_ms` and no other: every request
/// straggles until the first one has drawn it, then none. Returns at once;
/// a task watches the stand-in (polling every 2 ms, far below the 300 ms
/// before a duplicate goes out).
fn straggle_first_request(ctl: &Control, extra_ms: u64) -> tokio::task::JoinHandle<()> {
    ctl.set_stragglers(1000, extra_ms);
    let ctl = ctl.clone();
    tokio::spawn(async move {
        while ctl.stats().stragglers == 0 {
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
        ctl.set_stragglers(0, 0);
    })
}

/// Wait (at most `limit`) until the stand-in has no request in flight.
async fn settle(ctl: &Control, limit: Duration) -> bool {
    let started = Instant::now();
    while started.elapsed() < limit {
        if ctl.stats().in_flight == 0 {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    false
}

fn content_ids(h: &Harness, n: usize) -> Vec<String> {
    h.standin
        .corpus()
        .nodes
        .iter()
        .filter(|n| n.kind == NodeKind::Content && n.is_public && !n.index_only && !n.is_deleted_placeholder)
        .map(|n| n.id.clone())
        .take(n)
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cold_process_overtakes_a_straggler_and_cancels_it() {
    // Cache on: the second, identical call coalesces onto the first read and
    // gets the duplicate's answer too.
    let h = hedging(&[("WLO_CACHE_MAX_MB", "16")]).await;
    let ctl = h.standin.control();
    let node = h.standin.well_known().file_with_download.clone();
    // A fresh process has no latency history: its duplicate goes out at the
    // configured default delay (300 ms), long before the straggler's 5 s.
    let watcher = straggle_first_request(&ctl, 5000);
    let started = Instant::now();
    let args = json!({"nodeId": node, "outputFormat": "json"});
    let (a, b) = tokio::join!(
        h.call_tool("get_node_details", args.clone()),
        h.call_tool("get_node_details", args.clone())
    );
    let elapsed = started.elapsed();
    watcher.await.unwrap();
    assert!(!a.is_error && !b.is_error, "{} / {}", a.text, b.text);
    assert_eq!(a.text, b.text, "the coalesced waiter gets the same answer");
    assert_eq!(a.json()["nodeId"], json!(node));
    // One read (the second call coalesced), one duplicate.
    let stats = ctl.stats();
    assert_eq!(stats.stragglers, 1);
    assert_eq!(stats.route("metadata"), 2, "{stats:?}");
    // The straggler would answer after 5 s; the call did not wait for it.
    assert!(elapsed < Duration::from_millis(4000), "{elapsed:?}");
    // The loser is cancelled: its connection is dropped long before its 5 s are up.
    assert!(
        settle(&ctl, Duration::from_millis(3000)).await,
        "the straggler is still in flight: {:?}",
        ctl.stats()
    );
    let log = ctl.request_log();
    let mut statuses: Vec<u16> = log.iter().map(|e| e.status).collect();
    statuses.sort();
    assert_eq!(statuses, [0, 200], "one cancelled, one answered: {log:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn text_content_is_never_hedged() {
    let h = hedging(&[]).await;
    let ctl = h.standin.control();
    // Every request is slow: the metadata read is hedged, /textContent is not.
    ctl.set_stragglers(1000, 1500);
    let node = h.standin.well_known().text_content.clone();
    let r = h
        .call_tool("get_node_details", json!({"nodeId": node, "includeTextContent": true}))
        .await;
    assert!(!r.is_error, "{}", r.text);
    let stats = ctl.stats();
    assert_eq!(stats.route("textContent"), 1, "{stats:?}");
    assert_eq!(
        stats.route("metadata"),
        3,
        "metadata: the read and two duplicates: {stats:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_budget_caps_duplicates_when_the_whole_repository_is_slow() {
    let h = hedging(&[]).await;
    let ctl = h.standin.control();
    ctl.set_stragglers(1000, 1500);
    let ids = content_ids(&h, 20);
    // 20 calls of one read each, all at once: every read wants two duplicates.
    let results = futures::future::join_all(
        ids.iter()
            .map(|id| h.call_tool("get_node_details", json!({ "nodeId": id }))),
    )
    .await;
    for r in &results {
        assert!(!r.is_error, "{}", r.text);
    }
    let duplicates = ctl.stats().total_requests - 20;
    // The bucket starts with 10 tokens and earns a tenth per first request
    // (20 → up to 2 more): without the budget there would be 40.
    assert!((10..=12).contains(&duplicates), "{duplicates} duplicates");

    // A slow repository is the new normal: once the history has it, reads
    // of the usual (slow) speed are not hedged, budget or not.
    ctl.reset();
    ctl.set_stragglers(1000, 1500);
    let results = futures::future::join_all(
        ids.iter()
            .map(|id| h.call_tool("get_node_details", json!({ "nodeId": id }))),
    )
    .await;
    assert!(results.iter().all(|r| !r.is_error));
    assert_eq!(ctl.stats().total_requests, 20, "{:?}", ctl.stats());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn duplicates_stay_inside_the_concurrency_bounds() {
    // Process bound 4: twelve slow calls at once, duplicates included.
    let h = hedging(&[("WLO_MAX_CONCURRENCY", "4")]).await;
    let ctl = h.standin.control();
    ctl.set_stragglers(1000, 800);
    let ids = content_ids(&h, 12);
    let results = futures::future::join_all(
        ids.iter()
            .map(|id| h.call_tool("get_node_details", json!({ "nodeId": id }))),
    )
    .await;
    assert!(results.iter().all(|r| !r.is_error));
    let stats = ctl.stats();
    assert!(stats.peak_concurrency <= 4, "{stats:?}");

    // Per-call bound 32: one call of 30 slow reads. The budget has ten
    // duplicates, the call only two free slots: they get those, never a 33rd.
    let h = hedging(&[]).await;
    let ctl = h.standin.control();
    ctl.set_stragglers(1000, 1500);
    let r = h
        .call_tool("get_nodes_details", json!({ "nodeIds": content_ids(&h, 30) }))
        .await;
    assert!(!r.is_error, "{}", r.text);
    let stats = ctl.stats();
    assert!(stats.total_requests > 30, "duplicates were sent: {stats:?}");
    assert!(stats.peak_concurrency <= 32, "{stats:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_duplicate_after_the_tool_deadline() {
    let h = hedging(&[("WLO_TOOL_DEADLINE_MS", "1500")]).await;
    let ctl = h.standin.control();
    ctl.set_stragglers(1000, 6000);
    let started = Instant::now();
    let r = h.call_tool("get_node_details", json!({ "nodeId": ROOT })).await;
    let elapsed = started.elapsed();
    assert!(r.is_error && r.text.contains("Zeitüberschreitung"), "{}", r.text);
    assert!(elapsed < Duration::from_millis(3500), "{elapsed:?}");
    // All of the read's requests end with the call, none starts after it.
    assert!(settle(&ctl, Duration::from_millis(3000)).await, "{:?}", ctl.stats());
    let log = ctl.request_log();
    assert_eq!(log.len(), 3, "the read and two duplicates: {log:?}");
    assert!(log.iter().all(|e| e.status == 0), "all cancelled: {log:?}");
    let first = log.iter().map(|e| e.start_us).min().unwrap();
    assert!(log.iter().all(|e| e.start_us < first + 1_500_000), "{log:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_read_that_failed_is_not_hedged() {
    // A hedge delay far above how long a busy machine takes to answer the 500,
    // so only a retry or a hedge of the failure could add a request.
    let h = hedging(&[("WLO_HEDGE_DELAY_MS", "3000")]).await;
    let ctl = h.standin.control();
    ctl.set_fault(wlo_standin::Fault::Error500);
    let r = h.call_tool("get_node_details", json!({ "nodeId": ROOT })).await;
    assert!(r.is_error && r.text.contains("HTTP 500"), "{}", r.text);
    // The 500 comes at once: no duplicate, no retry.
    assert_eq!(ctl.stats().total_requests, 1);
}

/// The calls compared with hedging on and off.
fn comparison_calls(h: &Harness) -> Vec<(&'static str, Value)> {
    let wk = h.standin.well_known().clone();
    vec![
        (
            "get_node_details",
            json!({"nodeId": wk.file_with_download, "includeParents": true}),
        ),
        ("get_nodes_details", json!({"nodeIds": content_ids(h, 8)})),
        ("search_wlo_all", json!({"query": "Klimawandel"})),
        (
            "browse_collection_tree",
            json!({"nodeId": wk.portal_without_topic_page, "depth": 2, "includeContentCounts": true}),
        ),
        ("search_wlo_topic_pages", json!({})),
        (
            "search_wlo_content",
            json!({"query": "Bruchrechnung", "outputFormat": "json"}),
        ),
    ]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn answers_are_byte_identical_with_hedging_on_and_off() {
    // One stand-in (the answers name its URL), two servers.
    let h = hedging(&[("WLO_HEDGE_DELAY_MS", "100")]).await;
    let off = common::Server::spawn(
        &["serve", "--port", "0"],
        &common::env(&[
            ("WLO_REPOSITORY_URL", &h.standin.base_url()),
            ("WLO_CACHE_MAX_MB", "0"),
            ("WLO_TOOL_DEADLINE_MS", "30000"),
            ("WLO_HEDGE", "0"),
        ]),
    );
    let ctl = h.standin.control();
    // Every fourth request straggles by 600 ms.
    ctl.set_stragglers(250, 600);
    let (mut sent_off, mut sent_on) = (0, 0);
    for (tool, args) in comparison_calls(&h) {
        let before = ctl.stats().total_requests;
        let a = off.call_tool(tool, args.clone()).await;
        let middle = ctl.stats().total_requests;
        let b = h.call_tool(tool, args.clone()).await;
        sent_off += middle - before;
        sent_on += ctl.stats().total_requests - middle;
        assert!(!a.is_error, "{tool}: {}", a.text);
        assert_eq!(a.text, b.text, "{tool} {args}");
        assert_eq!(a.structured, b.structured, "{tool} {args}");
    }
    assert!(
        sent_on > sent_off,
        "hedging was at work: {sent_on} vs {sent_off} requests"
    );
}
