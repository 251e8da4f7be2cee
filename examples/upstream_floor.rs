//! What one upstream read costs the server in CPU, and how much of that is the
//! HTTP client rather than wlo-mcp:
//!
//! ```text
//! cargo run --release --example upstream_floor
//! ```
//!
//! The benchmark's CPU column (docs/performance.md) counts everything the
//! server process does for a call. A call that makes 15–167 upstream reads
//! pays for each one in reqwest/hyper and in the kernel's loopback TCP path
//! (the sender's `writev` also runs the receiving side's TCP stack). This
//! program measures that floor on the machine at hand.
//!
//! A stand-in runs on its own thread. The client runs on a one-thread runtime
//! on the main thread (like `wlo-mcp serve`), and the main thread's CPU time
//! (`/proc/thread-self/schedstat`) is the measurement. Rounds of 1, 15 and 32
//! concurrent count reads (the children of one collection, one item per page)
//! are separated by 2 ms of idleness, as the benchmark separates its calls:
//!
//! * `reqwest`: the bare GET with the server's client settings, body collected;
//! * `wlo-mcp`: [`EduSharing::child_count`] of the same node with the cache
//!   off: URL building, the concurrency permits, the deadline, the status
//!   check and the parse on top of the same GET.

use std::time::Duration;

use wlo_mcp::config::Config;
use wlo_mcp::upstream::{ChildFilter, EduSharing};
use wlo_standin::{StandIn, StandInOptions};

const ROUNDS: usize = 200;

fn main() {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("runtime");
        runtime.block_on(async {
            let standin = StandIn::start(StandInOptions::default())
                .await
                .expect("stand-in starts");
            tx.send((standin.base_url(), standin.well_known().bruchrechnung.clone()))
                .expect("main thread waits");
            std::future::pending::<()>().await;
        });
    });
    let (base_url, node_id) = rx.recv().expect("stand-in address");
    let id = wlo_mcp::ids::NodeId::parse(&node_id).expect("the stand-in's ids are UUIDs");

    let config = Config::from_lookup(|name| match name {
        "WLO_REPOSITORY_URL" => Some(base_url.clone()),
        "WLO_CACHE_MAX_MB" => Some("0".into()),
        _ => None,
    })
    .expect("configuration");
    let upstream = EduSharing::new(&config);
    let url = format!(
        "{base_url}/rest/node/v1/nodes/-home-/{node_id}/children?maxItems=1&skipCount=0&filter=files&propertyFilter=cm:name"
    );
    let _ = rustls::crypto::ring::default_provider().install_default();
    let client = reqwest::Client::builder()
        .pool_idle_timeout(Duration::from_secs(50))
        .gzip(true)
        .build()
        .expect("client");

    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    println!("CPU per upstream read (µs), median over {ROUNDS} rounds, 2 ms idle between rounds");
    println!("{:>8} {:>10} {:>10}", "fan-out", "reqwest", "wlo-mcp");
    runtime.block_on(async {
        for fan_out in [1, 15, 32] {
            let raw = per_read(fan_out, || async {
                let response = client
                    .get(&url)
                    .header("accept", "application/json")
                    .timeout(Duration::from_secs(8))
                    .send()
                    .await
                    .expect("stand-in answers");
                assert!(response.status().is_success());
                response.bytes().await.expect("body").len() as u64
            })
            .await;
            let ours = per_read(fan_out, || async {
                upstream
                    .child_count(&id, ChildFilter::Files)
                    .await
                    .expect("stand-in answers")
            })
            .await;
            println!("{fan_out:>8} {raw:>10.1} {ours:>10.1}");
        }
    });
}

/// Median CPU µs per read over rounds of `fan_out` concurrent reads.
async fn per_read<F, Fut>(fan_out: usize, read: F) -> f64
where
    F: Fn() -> Fut,
    Fut: Future<Output = u64>,
{
    // Warm-up: open the pooled connections.
    futures::future::join_all((0..fan_out).map(|_| read())).await;
    let mut samples = Vec::with_capacity(ROUNDS);
    for _ in 0..ROUNDS {
        tokio::time::sleep(Duration::from_millis(2)).await;
        let before = thread_cpu_ns();
        let answers = futures::future::join_all((0..fan_out).map(|_| read())).await;
        let spent = thread_cpu_ns() - before;
        std::hint::black_box(answers);
        samples.push(spent as f64 / 1000.0 / fan_out as f64);
    }
    samples.sort_by(f64::total_cmp);
    samples[samples.len() / 2]
}

/// CPU time of the calling thread in nanoseconds.
fn thread_cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .expect("/proc/thread-self/schedstat (Linux)")
}
