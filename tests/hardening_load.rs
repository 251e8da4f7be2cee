//! Hardening under load: bounded latency and flat memory for many concurrent
//! tool calls against the real `wlo-mcp` binary and the in-process stand-in.

mod common;

use std::sync::Arc;
use std::time::{Duration, Instant};

use common::*;
use serde_json::{Value, json};

// ---- load ----------------------------------------------------------------------

fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmRSS")
}

/// User + system CPU time of a process, in milliseconds (clock ticks of 10 ms).
fn cpu_ms(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let fields: Vec<&str> = stat.rsplit(')').next().unwrap_or("").split_whitespace().collect();
    let ticks = |i: usize| fields.get(i).and_then(|v| v.parse::<u64>().ok()).unwrap_or(0);
    (ticks(11) + ticks(12)) * 10
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[index]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bounded_load_with_flat_memory() {
    let calls: usize = std::env::var("WLO_LOAD_CALLS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300);
    let concurrency: usize = std::env::var("WLO_LOAD_CONCURRENCY")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100);
    let h = Arc::new(Harness::start_with(&[("WLO_TOOL_DEADLINE_MS", "30000"), ("WLO_TIMEOUT_MS", "20000")]).await);
    h.standin.control().set_latency(20, 10);
    let wk = h.standin.well_known().clone();
    let mix: Vec<(&str, Value)> = vec![
        ("search_wlo_content", json!({"query": "Bruchrechnung"})),
        (
            "search_wlo_content",
            json!({"query": "Photosynthese", "educationalContext": "Sekundarstufe I"}),
        ),
        ("search_wlo_collections", json!({"query": "Klimawandel"})),
        ("search_wlo_all", json!({"query": "Geometrie"})),
        ("search_wlo_topic_pages", json!({"query": "Mathematik"})),
        ("get_subject_portals", json!({})),
        ("browse_collection_tree", json!({"nodeId": ROOT})),
        ("get_collection_contents", json!({"nodeId": wk.bruchrechnung})),
        (
            "get_node_details",
            json!({"nodeId": wk.photosynthese, "includeParents": true}),
        ),
        (
            "get_nodes_details",
            json!({"nodeIds": [wk.photosynthese, wk.cc_with_version, wk.bruchrechnung]}),
        ),
        ("lookup_wlo_vocabulary", json!({"vocabulary": "discipline"})),
        ("wlo_health_check", json!({})),
    ];
    let mix = Arc::new(mix);
    let bursts: usize = std::env::var("WLO_LOAD_BURSTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3)
        .max(3);
    let mut rss = Vec::new();
    // Burst 0 warms up connection pools and allocator arenas; bursts 1.. are measured.
    for burst in 0..=bursts {
        let semaphore = Arc::new(tokio::sync::Semaphore::new(concurrency));
        let started = Instant::now();
        let mut tasks = tokio::task::JoinSet::new();
        for i in 0..calls {
            let (h, mix, semaphore) = (h.clone(), mix.clone(), semaphore.clone());
            tasks.spawn(async move {
                let _permit = semaphore.acquire_owned().await.unwrap();
                let (tool, args) = &mix[i % mix.len()];
                let t = Instant::now();
                let r = h.call_tool(tool, args.clone()).await;
                (*tool, r, t.elapsed())
            });
        }
        let mut latencies = Vec::with_capacity(calls);
        while let Some(done) = tasks.join_next().await {
            let (tool, r, elapsed) = done.unwrap();
            assert!(!r.is_error, "burst {burst} {tool}: {}", r.text);
            latencies.push(elapsed);
        }
        latencies.sort();
        let wall = started.elapsed();
        tokio::time::sleep(Duration::from_millis(200)).await;
        let kib = rss_kib(h.server.pid());
        println!(
            "load burst {burst}{}: {calls} calls at {concurrency} concurrent in {wall:?} ({:.0} calls/s); p50 {:?} p99 {:?} max {:?}; server VmRSS {} KiB, server CPU {} ms so far",
            if burst == 0 { " (warm-up)" } else { "" },
            calls as f64 / wall.as_secs_f64(),
            percentile(&latencies, 0.50),
            percentile(&latencies, 0.99),
            latencies.last().unwrap(),
            kib,
            cpu_ms(h.server.pid())
        );
        if burst > 0 {
            rss.push(kib);
        }
    }
    let last = *rss.last().unwrap();
    assert!(last <= rss[0] + 10 * 1024, "memory grew across bursts: {rss:?} KiB");
}
