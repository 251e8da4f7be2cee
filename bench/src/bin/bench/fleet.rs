//! `bench --fleet`: a fleet of warm instances with and without the shared
//! cache tier (`WLO_CACHE_URL`, issue 25).
//!
//! Eight `wlo-mcp serve` processes (eight warm serverless instances, each
//! with its own in-process cache at the default size) run against the
//! stand-in at `--latency-ms` (default 100). A driver with four concurrent
//! clients sends 1,000 tool calls round-robin over the eight, drawn from a
//! seeded Zipf mix (exponent 1.0) of 200 distinct calls: searches, portals,
//! trees, topic pages and node details. Three rows, each with fresh
//! processes and a fresh store:
//! * in-process tier only;
//! * with the shared tier on a local `redis-server` (no persistence);
//! * the same with the store killed after half of the calls.
//!
//! Reported per row: upstream requests (the stand-in's counter), failed
//! calls, p50/p95 wall time per call, the servers' shared hits and misses
//! (their per-call log lines). Then a fresh ninth instance asks each distinct
//! call of the run once, one after the other, against the filled store: the
//! wall time of the calls it answered from the shared tier alone (no
//! upstream request, at least one shared hit; from its log line).
//!
//! Targets: ≥ 2.5× fewer upstream requests with the shared tier; a call
//! answered from the shared tier in ≤ 10 ms at p50; zero failed calls with
//! the store killed halfway.

use std::fmt::Write as _;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use wlo_bench::procs::{self, Proc};
use wlo_bench::stats::percentile;
use wlo_standin::rng::SplitMix64;
use wlo_standin::{Corpus, NodeKind};

use crate::cli::Opts;
use crate::client::{Ctl, Mcp};
use crate::markdown::{f2, utc_now};
use crate::servers::{Bins, Server, find_bins, server_env, start_standin};
use crate::{ms, progress};

const INSTANCES: usize = 8;
const CLIENTS: usize = 4;
const CALLS: usize = 1000;
const DISTINCT: usize = 200;
const SEED: u64 = 25;

const TARGET_REDUCTION: f64 = 2.5;
const TARGET_SHARED_P50_MS: f64 = 10.0;

/// One row of the table.
struct Row {
    label: &'static str,
    wall_ms: Vec<f64>,
    failed: usize,
    upstream: u64,
    shared_hits: u64,
    shared_misses: u64,
    seconds: f64,
    /// Upstream requests per stand-in route.
    per_route: std::collections::BTreeMap<String, u64>,
    /// The calls by where their reads came from (the servers' log lines).
    sources: Sources,
}

/// Where a call's reads came from, from its log line: the calls whose reads
/// all came from the process's own cache, those with shared hits and no
/// upstream request, those with both (some reads still paid the upstream
/// latency), and those that only asked upstream.
#[derive(Default)]
struct Sources {
    in_process: usize,
    shared_only: usize,
    mixed: usize,
    upstream_only: usize,
    /// The mixed calls per tool.
    mixed_tools: std::collections::BTreeMap<String, usize>,
    /// Server time (`duration_ms`, whole ms) of the shared-only calls.
    shared_only_ms: Vec<f64>,
}

impl Sources {
    fn add(&mut self, line: &str) {
        let (upstream, hits) = (field(line, "upstream_requests"), field(line, "shared_hits"));
        match (upstream, hits) {
            (0, 0) => self.in_process += 1,
            (0, _) => {
                self.shared_only += 1;
                self.shared_only_ms.push(field(line, "duration_ms") as f64);
            }
            (_, 0) => self.upstream_only += 1,
            _ => {
                self.mixed += 1;
                *self.mixed_tools.entry(tool_of(line)).or_default() += 1;
            }
        }
    }
}

/// `tool="name"` of a log line.
fn tool_of(line: &str) -> String {
    line.split_whitespace()
        .find_map(|part| part.strip_prefix("tool="))
        .map(|v| v.trim_matches('"').to_string())
        .unwrap_or_default()
}

/// A server process and the lines of its log.
struct Instance {
    server: Server,
    log: Arc<Mutex<Vec<String>>>,
}

/// A `redis-server` child on a free loopback port, no persistence.
struct Store {
    proc: Option<Proc>,
    port: u16,
}

impl Store {
    fn start() -> Result<Store, String> {
        let port = procs::free_port();
        let child = Command::new("redis-server")
            .args([
                "--port",
                &port.to_string(),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
            ])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start redis-server (apt-get install redis-server): {e}"))?;
        let store = Store {
            proc: Some(Proc { child }),
            port,
        };
        let until = Instant::now() + Duration::from_secs(10);
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            if Instant::now() > until {
                return Err("redis-server did not listen within 10 s".into());
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        Ok(store)
    }

    fn url(&self) -> String {
        format!("redis://127.0.0.1:{}", self.port)
    }

    fn kill(&mut self) {
        self.proc.take();
    }
}

fn start_instance(bins: &Bins, base_url: &str, opts: &Opts, store: Option<&str>) -> Result<Instance, String> {
    let extra: Vec<(&str, String)> = store
        .map(|url| ("WLO_CACHE_URL", url.to_string()))
        .into_iter()
        .collect();
    let env = server_env(base_url, opts, &extra);
    let cmd = procs::command(&bins.server, &["serve", "--port", "0"], &env);
    let (tx, rx) = mpsc::channel();
    let (proc, url) = procs::spawn_with_lines(cmd, "wlo-mcp listening on ", Duration::from_secs(20), Some(tx))?;
    let (addr, path) = procs::split_url(&url)?;
    let log = Arc::new(Mutex::new(Vec::new()));
    let sink = log.clone();
    std::thread::spawn(move || {
        for line in rx {
            if line.contains("tool call") {
                sink.lock().unwrap_or_else(|e| e.into_inner()).push(line);
            }
        }
    });
    Ok(Instance {
        server: Server { proc, addr, path },
        log,
    })
}

/// The servers' search TTL: `WLO_CACHE_TTL_SEARCH_S` of `--server-env`, else the default.
fn search_ttl_s(opts: &Opts) -> u64 {
    opts.server_env
        .iter()
        .rev()
        .find_map(|(k, v)| (k == "WLO_CACHE_TTL_SEARCH_S").then(|| v.parse().ok()).flatten())
        .unwrap_or(60)
}

/// `field=N` of a log line.
fn field(line: &str, name: &str) -> u64 {
    let prefix = format!("{name}=");
    line.split_whitespace()
        .find_map(|part| part.strip_prefix(prefix.as_str()))
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

/// The 200 distinct calls in Zipf rank order. First what is the same for
/// every teacher (issue 25): the portal list, the portals' trees and topic
/// pages; then searches, deeper trees, topic-page searches and node details,
/// interleaved, with the rarer ones further down.
fn distinct_calls(c: &Corpus) -> Vec<(&'static str, Value)> {
    let w = &c.well_known;
    let collections = |parent: Option<&str>| -> Vec<&str> {
        c.nodes
            .iter()
            .filter(|n| n.kind == NodeKind::Collection && n.parent_id.as_deref() == parent)
            .map(|n| n.id.as_str())
            .collect()
    };
    let portals = collections(Some(wlo_standin::ROOT_ID));
    let deeper: Vec<&str> = portals.iter().flat_map(|p| collections(Some(p))).collect();
    let contents: Vec<&str> = c
        .nodes
        .iter()
        .filter(|n| n.kind == NodeKind::Content && n.is_public && !n.index_only && !n.is_deleted_placeholder)
        .map(|n| n.id.as_str())
        .collect();
    let mut words: Vec<String> = Vec::new();
    for n in c.nodes.iter().filter(|n| n.kind == NodeKind::Content) {
        for word in n.title.split(|ch: char| !ch.is_alphanumeric()) {
            if word.chars().count() >= 6 && !words.iter().any(|w| w.eq_ignore_ascii_case(word)) {
                words.push(word.to_string());
            }
        }
    }
    let mut calls: Vec<(&'static str, Value)> = vec![
        ("get_subject_portals", json!({})),
        ("search_wlo_topic_pages", json!({"query": "Bruchrechnung"})),
        ("get_subject_portals", json!({"includeContentCounts": true})),
        (
            "search_wlo_topic_pages",
            json!({"collectionId": w.two_variant_collection}),
        ),
    ];
    for portal in &portals {
        calls.push(("browse_collection_tree", json!({"nodeId": portal, "depth": 1})));
    }
    // Interleave the kinds so that each appears at every rank below.
    let (mut s, mut t, mut d, mut p) = (0, 0, 0, 0);
    while calls.len() < DISTINCT {
        let before = calls.len();
        if let Some(word) = words.get(s) {
            calls.push(("search_wlo_content", json!({"query": word})));
            s += 1;
        }
        if let Some(id) = deeper.get(t) {
            calls.push(("browse_collection_tree", json!({"nodeId": id, "depth": 1})));
            t += 1;
        }
        if let Some(id) = contents.get(d) {
            calls.push(("get_node_details", json!({"nodeId": id})));
            d += 1;
        }
        if let Some(word) = words.get(p * 7 + 3) {
            calls.push(("search_wlo_topic_pages", json!({"query": word})));
            p += 1;
        }
        if calls.len() == before {
            break;
        }
    }
    calls.truncate(DISTINCT);
    calls
}

/// `n` draws from Zipf(1.0) over `ranks`, seeded.
fn zipf(ranks: usize, n: usize, seed: u64) -> Vec<usize> {
    let cumulative: Vec<f64> = (1..=ranks)
        .scan(0.0, |sum, k| {
            *sum += 1.0 / k as f64;
            Some(*sum)
        })
        .collect();
    let total = cumulative.last().copied().unwrap_or(1.0);
    let mut rng = SplitMix64::new(seed);
    (0..n)
        .map(|_| {
            let x = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * total;
            cumulative.partition_point(|&c| c < x).min(ranks - 1)
        })
        .collect()
}

/// Drive the sequence over the fleet; the store is killed before call
/// `kill_at` when given.
async fn drive(
    fleet: &[Instance],
    calls: &Arc<Vec<(&'static str, Value)>>,
    sequence: &Arc<Vec<usize>>,
    store: Arc<Mutex<Option<Store>>>,
    kill_at: Option<usize>,
) -> (Vec<f64>, usize) {
    let next = Arc::new(AtomicUsize::new(0));
    let targets: Arc<Vec<(std::net::SocketAddr, String)>> =
        Arc::new(fleet.iter().map(|i| (i.server.addr, i.server.path.clone())).collect());
    let mut workers = tokio::task::JoinSet::new();
    for _ in 0..CLIENTS {
        let (next, calls, sequence, targets, store) = (
            next.clone(),
            calls.clone(),
            sequence.clone(),
            targets.clone(),
            store.clone(),
        );
        workers.spawn(async move {
            let mut clients: Vec<Mcp> = targets.iter().map(|(addr, path)| Mcp::new(*addr, path)).collect();
            let (mut wall, mut failed) = (Vec::new(), 0);
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= sequence.len() {
                    break;
                }
                if Some(i) == kill_at
                    && let Some(mut s) = store.lock().unwrap_or_else(|e| e.into_inner()).take()
                {
                    s.kill();
                }
                let (tool, args) = &calls[sequence[i]];
                match clients[i % INSTANCES].call(tool, args).await {
                    Ok(call) if !call.is_error => wall.push(ms(call.wall)),
                    _ => failed += 1,
                }
            }
            (wall, failed)
        });
    }
    let (mut wall, mut failed) = (Vec::new(), 0);
    while let Some(done) = workers.join_next().await {
        if let Ok((w, f)) = done {
            wall.extend(w);
            failed += f;
        }
    }
    (wall, failed)
}

/// What every row runs with.
struct Setup {
    bins: Bins,
    base_url: String,
    opts: Opts,
    calls: Arc<Vec<(&'static str, Value)>>,
    sequence: Arc<Vec<usize>>,
}

/// One row with fresh instances; `shared`: the store, and whether to kill it halfway.
async fn row(
    label: &'static str,
    setup: &Setup,
    ctl: &mut Ctl,
    shared: Option<(Store, bool)>,
) -> Result<(Row, Option<Store>), String> {
    let Setup {
        bins,
        base_url,
        opts,
        calls,
        sequence,
    } = setup;
    progress(&format!("fleet: {label} …"));
    let url = shared.as_ref().map(|(s, _)| s.url());
    let fleet: Vec<Instance> = (0..INSTANCES)
        .map(|_| start_instance(bins, base_url, opts, url.as_deref()))
        .collect::<Result<_, _>>()?;
    let kill_at = shared.as_ref().and_then(|(_, kill)| kill.then_some(CALLS / 2));
    let store = Arc::new(Mutex::new(shared.map(|(s, _)| s)));
    ctl.reset().await?;
    ctl.set_latency(opts.latency_ms).await?;
    let before = ctl.stats().await?;
    let started = Instant::now();
    let (wall_ms, failed) = drive(&fleet, calls, sequence, store.clone(), kill_at).await;
    let seconds = started.elapsed().as_secs_f64();
    let after = ctl.stats().await?;
    let upstream = after.total_requests - before.total_requests;
    let per_route = after
        .per_route
        .iter()
        .map(|(route, n)| (route.clone(), n - before.per_route.get(route).copied().unwrap_or(0)))
        .filter(|(_, n)| *n > 0)
        .collect();
    // The last log lines may still be on their way.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (mut shared_hits, mut shared_misses) = (0, 0);
    let mut sources = Sources::default();
    for instance in &fleet {
        for line in instance.log.lock().unwrap_or_else(|e| e.into_inner()).iter() {
            shared_hits += field(line, "shared_hits");
            shared_misses += field(line, "shared_misses");
            sources.add(line);
        }
    }
    let store = store.lock().unwrap_or_else(|e| e.into_inner()).take();
    Ok((
        Row {
            label,
            wall_ms,
            failed,
            upstream,
            shared_hits,
            shared_misses,
            seconds,
            per_route,
            sources,
        },
        store,
    ))
}

/// A fresh instance asks each distinct call of the run once, in order: the
/// wall times of the calls the shared tier answered alone.
async fn shared_hit_walls(setup: &Setup, store: &Store) -> Result<Vec<f64>, String> {
    let (calls, sequence) = (&setup.calls, &setup.sequence);
    let instance = start_instance(&setup.bins, &setup.base_url, &setup.opts, Some(&store.url()))?;
    let mut mcp = Mcp::new(instance.server.addr, &instance.server.path);
    let mut seen = Vec::new();
    let mut walls = Vec::new();
    for &i in sequence.iter() {
        if seen.contains(&i) {
            continue;
        }
        seen.push(i);
        let logged = instance.log.lock().unwrap_or_else(|e| e.into_inner()).len();
        let (tool, args) = &calls[i];
        let Ok(call) = mcp.call(tool, args).await else { continue };
        let until = Instant::now() + Duration::from_secs(1);
        let line = loop {
            if let Some(line) = instance.log.lock().unwrap_or_else(|e| e.into_inner()).get(logged) {
                break Some(line.clone());
            }
            if Instant::now() > until {
                break None;
            }
            tokio::time::sleep(Duration::from_millis(2)).await;
        };
        if let Some(line) = line
            && !call.is_error
            && field(&line, "upstream_requests") == 0
            && field(&line, "shared_hits") > 0
        {
            walls.push(ms(call.wall));
        }
    }
    Ok(walls)
}

pub(crate) async fn run(opts: Opts) -> Result<String, String> {
    // Only the server and the stand-in are needed here.
    let bins = if opts.build {
        find_bins(true)?
    } else {
        Bins::in_release_dir()
    };
    for bin in [&bins.server, &bins.standin] {
        if !bin.exists() {
            return Err(format!(
                "{} is missing: cargo build --release -p wlo-mcp --bin wlo-mcp -p wlo-standin (or --build)",
                bin.display()
            ));
        }
    }
    let (_standin, standin_addr, base_url) = start_standin(&bins, opts.latency_ms)?;
    let mut ctl = Ctl {
        client: wlo_bench::http::Client::new(standin_addr),
    };
    let truth = ctl.get("/_control/ground-truth").await?;
    let corpus = Corpus::from_json(&String::from_utf8_lossy(&truth.body)).map_err(|e| format!("ground truth: {e}"))?;
    let calls = Arc::new(distinct_calls(&corpus));
    let sequence = Arc::new(zipf(calls.len(), CALLS, SEED));
    let distinct_used = {
        let mut s: Vec<usize> = sequence.to_vec();
        s.sort_unstable();
        s.dedup();
        s.len()
    };

    let setup = Setup {
        bins,
        base_url,
        opts,
        calls: calls.clone(),
        sequence: sequence.clone(),
    };
    let (local, _) = row("in-process tier only", &setup, &mut ctl, None).await?;
    let (shared, store) = row("with the shared tier", &setup, &mut ctl, Some((Store::start()?, false))).await?;
    let store = store.ok_or("the store is gone")?;
    progress("fleet: calls answered from the shared tier …");
    let hit_walls = shared_hit_walls(&setup, &store).await?;
    drop(store);
    let (killed, _) = row(
        "shared tier, store killed halfway",
        &setup,
        &mut ctl,
        Some((Store::start()?, true)),
    )
    .await?;
    let opts = &setup.opts;

    let reduction = local.upstream as f64 / shared.upstream.max(1) as f64;
    let hit_p50 = percentile(&hit_walls, 50.0);
    let verdict = |ok: bool| if ok { "PASS" } else { "FAIL" };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "## Fleet: shared cache tier ({})\n\n{INSTANCES} instances, {CLIENTS} clients, {CALLS} calls round-robin from a seeded Zipf(1.0) mix of {} distinct calls ({distinct_used} drawn), stand-in latency {} ms, `redis-server` on loopback, default TTLs.\n",
        utc_now(),
        calls.len(),
        opts.latency_ms
    );
    let _ = writeln!(
        out,
        "| fleet | upstream requests | failed calls | p50 ms | p95 ms | shared hits / misses | run s |\n|---|---:|---:|---:|---:|---:|---:|"
    );
    for r in [&local, &shared, &killed] {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} / {} | {:.1} |",
            r.label,
            r.upstream,
            r.failed,
            f2(percentile(&r.wall_ms, 50.0)),
            f2(percentile(&r.wall_ms, 95.0)),
            r.shared_hits,
            r.shared_misses,
            r.seconds
        );
    }
    let routes: std::collections::BTreeSet<&String> = [&local, &shared, &killed]
        .iter()
        .flat_map(|r| r.per_route.keys())
        .collect();
    let _ = writeln!(
        out,
        "\n| upstream requests per route | {} | {} | {} |\n|---|---:|---:|---:|",
        local.label, shared.label, killed.label
    );
    for route in routes {
        let n = |r: &Row| r.per_route.get(route).copied().unwrap_or(0);
        let _ = writeln!(out, "| {route} | {} | {} | {} |", n(&local), n(&shared), n(&killed));
    }
    let _ = writeln!(
        out,
        "\n| calls whose reads came from | {} | {} | {} |\n|---|---:|---:|---:|",
        local.label, shared.label, killed.label
    );
    type Count = fn(&Sources) -> usize;
    let kinds: [(&str, Count); 4] = [
        ("the process's own cache only", |s| s.in_process),
        ("the shared tier, no upstream request", |s| s.shared_only),
        ("the shared tier and upstream (mixed)", |s| s.mixed),
        ("upstream only", |s| s.upstream_only),
    ];
    for (kind, n) in kinds {
        let _ = writeln!(
            out,
            "| {kind} | {} | {} | {} |",
            n(&local.sources),
            n(&shared.sources),
            n(&killed.sources)
        );
    }
    if !shared.sources.mixed_tools.is_empty() {
        let tools: Vec<String> = shared
            .sources
            .mixed_tools
            .iter()
            .map(|(tool, n)| format!("{tool} {n}"))
            .collect();
        let _ = writeln!(
            out,
            "\nMixed calls with the shared tier, by tool: {}.",
            tools.join(", ")
        );
    }
    let _ = writeln!(
        out,
        "\nServer time of the shared-only calls during the run with the shared tier (log, whole ms): p50 {} ms, p95 {} ms.",
        f2(percentile(&shared.sources.shared_only_ms, 50.0)),
        f2(percentile(&shared.sources.shared_only_ms, 95.0))
    );
    let longest = [&local, &shared, &killed].iter().map(|r| r.seconds).fold(0.0, f64::max);
    let ttl = search_ttl_s(opts);
    let _ = writeln!(
        out,
        "\nLongest run {longest:.1} s, search TTL {ttl} s: {}.",
        if longest < ttl as f64 {
            "every run inside it"
        } else {
            "NOT inside it (searches expired during the run; the row is not the issue's setup)"
        }
    );
    let _ = writeln!(
        out,
        "\nCalls answered from the shared tier alone (a fresh instance, each distinct call once): {} calls, p50 {} ms, p95 {} ms.\n",
        hit_walls.len(),
        f2(hit_p50),
        f2(percentile(&hit_walls, 95.0))
    );
    let _ = writeln!(
        out,
        "- {}: {reduction:.2}× fewer upstream requests with the shared tier (target ≥ {TARGET_REDUCTION}×)",
        verdict(reduction >= TARGET_REDUCTION)
    );
    let _ = writeln!(
        out,
        "- {}: a call answered from the shared tier in {} ms at p50 (target ≤ {TARGET_SHARED_P50_MS} ms)",
        verdict(hit_p50.is_some_and(|p| p <= TARGET_SHARED_P50_MS)),
        f2(hit_p50)
    );
    let _ = writeln!(
        out,
        "- {}: {} failed calls with the store killed halfway (target 0)",
        verdict(killed.failed == 0 && killed.wall_ms.len() == CALLS),
        killed.failed
    );
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zipf_is_seeded_and_skewed() {
        let a = zipf(200, 1000, 7);
        assert_eq!(a, zipf(200, 1000, 7));
        assert!(a.iter().all(|&r| r < 200));
        let top = a.iter().filter(|&&r| r == 0).count();
        let tenth = a.iter().filter(|&&r| r == 9).count();
        // P(rank 1) = 1/H(200) ≈ 17 %, rank 10 about a tenth of that.
        assert!((120..230).contains(&top), "{top}");
        assert!(tenth < top / 4, "{tenth} vs {top}");
    }

    #[test]
    fn log_fields() {
        let line = "INFO wlo_mcp::tools::run: tool call tool=\"search\" duration_ms=3 upstream_requests=0 shared_hits=2 shared_misses=0 outcome=\"ok\"";
        assert_eq!(field(line, "shared_hits"), 2);
        assert_eq!(field(line, "upstream_requests"), 0);
        assert_eq!(field(line, "duration_ms"), 3);
        assert_eq!(field(line, "absent"), 0);
        assert_eq!(tool_of(line), "search");
        let mut sources = Sources::default();
        sources.add(line);
        sources.add("tool call tool=\"x\" upstream_requests=2 shared_hits=1");
        sources.add("tool call tool=\"x\" upstream_requests=0 shared_hits=0");
        sources.add("tool call tool=\"x\" upstream_requests=3 shared_hits=0");
        assert_eq!(
            (
                sources.in_process,
                sources.shared_only,
                sources.mixed,
                sources.upstream_only
            ),
            (1, 1, 1, 1)
        );
        assert_eq!(sources.mixed_tools.get("x"), Some(&1));
    }
}
