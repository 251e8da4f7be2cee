//! `bench --tail`: tail latency with stragglers, hedged reads off and on.
//!
//! The stand-in answers every request after the injected latency (100 ms)
//! and a seeded share of them (50 per thousand) after 1,000 ms more. Two
//! servers run side by side on it, `WLO_HEDGE=0` and `WLO_HEDGE=1`, both with
//! the cache off (`WLO_CACHE_MAX_MB=0`, so every call asks upstream) and
//! `WLO_MAX_CONCURRENCY=1024` (the calls below run 32 at a time; the process
//! bound is not what is measured here). For each call the driver runs a
//! warm-up on both servers (which also gives the hedging server its latency
//! history), then `--tail-calls` measured calls (default 400) per server
//! with `--tail-concurrency` calls in flight (default 32; 8 for
//! `search_wlo_all`, whose searches cost the stand-in CPU, and 1,600 ÷ reads
//! for the widest browse: more at once would measure the 2-CPU machine, not
//! the tail). The calls go in four rounds,
//! off then on, so a change in the machine's load hits both alike; upstream
//! requests per call are the stand-in's request counter over each round.
//! The same is repeated without stragglers.
//!
//! Targets (issue 20), per call with stragglers: p90 ≤ 3 × (ideal sequential
//! round trips × latency); p95 ≤ 2 × p90; at most 10 % more upstream requests
//! with hedging on than off. Without stragglers: p50 unchanged within noise
//! (reported) and < 2 % extra requests.

use std::fmt::Write as _;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use wlo_bench::http;
use wlo_bench::procs;
use wlo_bench::stats::percentile;
use wlo_standin::{Corpus, NodeKind};

use crate::cases::{build_cases, depth2_waves};
use crate::cli::Opts;
use crate::client::{Ctl, Mcp};
use crate::markdown::{f2, utc_now};
use crate::servers::{Bins, Server, find_bins, server_env, start_standin};
use crate::{ms, progress};

use tokio::task::JoinSet;

const STRAGGLER_PERMILLE: u64 = 50;
const STRAGGLER_MS: u64 = 1000;

/// One measured call.
struct TailCase {
    label: String,
    tool: &'static str,
    args: Value,
    ideal: u32,
    /// Calls in flight at once.
    concurrency: usize,
}

/// Rounds the measured calls of one row are split into (off, on, off, on …).
const ROUNDS: usize = 4;

/// One (call, scenario, hedging) run.
struct Run {
    wall_ms: Vec<f64>,
    errors: usize,
    requests: u64,
    stragglers: u64,
}

impl Run {
    fn per_call(&self) -> f64 {
        self.requests as f64 / self.wall_ms.len().max(1) as f64
    }
    fn p(&self, p: f64) -> f64 {
        percentile(&self.wall_ms, p).unwrap_or(f64::NAN)
    }
    fn max(&self) -> f64 {
        self.wall_ms.iter().copied().fold(f64::NAN, f64::max)
    }
}

fn start(bins: &Bins, base_url: &str, opts: &Opts, hedge: bool) -> Result<Server, String> {
    let extra = [
        ("WLO_CACHE_MAX_MB", "0".to_string()),
        ("WLO_MAX_CONCURRENCY", "1024".to_string()),
        ("WLO_HEDGE", if hedge { "1" } else { "0" }.to_string()),
    ];
    let env = server_env(base_url, opts, &extra);
    let cmd = procs::command(&bins.server, &["serve", "--port", "0"], &env);
    let (proc, url) = procs::spawn_and_wait_for(cmd, "wlo-mcp listening on ", Duration::from_secs(20))?;
    let (addr, path) = procs::split_url(&url)?;
    Ok(Server { proc, addr, path })
}

/// `calls` calls of `case`, `concurrency` at a time: wall times and errors.
async fn drive(server: &Server, case: &TailCase, calls: usize, concurrency: usize) -> (Vec<f64>, usize) {
    let next = Arc::new(AtomicUsize::new(0));
    let mut workers = JoinSet::new();
    for _ in 0..concurrency.min(calls) {
        let (next, addr, path) = (next.clone(), server.addr, server.path.clone());
        let (tool, args) = (case.tool, case.args.clone());
        workers.spawn(async move {
            let mut mcp = Mcp::new(addr, &path);
            let (mut wall, mut errors) = (Vec::new(), 0);
            while next.fetch_add(1, Ordering::Relaxed) < calls {
                match mcp.call(tool, &args).await {
                    Ok(call) if !call.is_error => wall.push(ms(call.wall)),
                    _ => errors += 1,
                }
            }
            (wall, errors)
        });
    }
    let (mut wall, mut errors) = (Vec::new(), 0);
    while let Some(done) = workers.join_next().await {
        if let Ok((w, e)) = done {
            wall.extend(w);
            errors += e;
        }
    }
    (wall, errors)
}

/// Warm-up, then the measured calls in [`ROUNDS`] rounds alternating between the servers.
async fn measure(servers: [&Server; 2], ctl: &mut Ctl, case: &TailCase, opts: &Opts) -> Result<[Run; 2], String> {
    let mut runs = [(); 2].map(|_| Run {
        wall_ms: Vec::new(),
        errors: 0,
        requests: 0,
        stragglers: 0,
    });
    for server in servers {
        drive(server, case, case.concurrency * 2, case.concurrency).await;
    }
    for round in 0..ROUNDS {
        let calls = opts.tail_calls * (round + 1) / ROUNDS - opts.tail_calls * round / ROUNDS;
        for (server, run) in servers.iter().zip(runs.iter_mut()) {
            let before = ctl.stats().await?;
            let (wall_ms, errors) = drive(server, case, calls, case.concurrency).await;
            let after = ctl.stats().await?;
            run.wall_ms.extend(wall_ms);
            run.errors += errors;
            run.requests += after.total_requests - before.total_requests;
            run.stragglers += after.stragglers - before.stragglers;
        }
    }
    Ok(runs)
}

async fn set_stragglers(ctl: &mut Ctl, latency_ms: u64, permille: u64) -> Result<(), String> {
    ctl.post(
        "/_control/config",
        json!({"latencyMs": latency_ms, "jitterMs": 0, "fault": "none",
               "stragglerPermille": permille, "stragglerMs": STRAGGLER_MS}),
    )
    .await
}

/// The calls of the tail table. The two depth-2 browses are the portal whose
/// call makes the number of reads nearest to 17 and the one with the most,
/// found by calling each portal once.
async fn tail_cases(server: &Server, ctl: &mut Ctl, corpus: &Corpus, opts: &Opts) -> Result<Vec<TailCase>, String> {
    let all = build_cases(corpus);
    let pick = |tool: &str, label_start: &str| {
        all.iter()
            .find(|c| c.tool == tool && c.label.starts_with(label_start))
            .map(|c| TailCase {
                label: c.label.clone(),
                tool: c.tool,
                args: c.args.clone(),
                ideal: c.ideal,
                concurrency: if tool == "search_wlo_all" {
                    opts.tail_concurrency.min(8)
                } else {
                    opts.tail_concurrency
                },
            })
            .ok_or_else(|| format!("no bench case {label_start}"))
    };
    let mut mcp = Mcp::new(server.addr, &server.path);
    let mut portals = Vec::new();
    for portal in corpus.nodes.iter().filter(|n| n.kind == NodeKind::Portal) {
        let args = json!({"nodeId": portal.id, "depth": 2, "includeContentCounts": true});
        let before = ctl.stats().await?.total_requests;
        let call = mcp.call("browse_collection_tree", &args).await?;
        if call.is_error {
            continue;
        }
        let reads = ctl.stats().await?.total_requests - before;
        portals.push((
            reads,
            portal.title.clone(),
            args,
            depth2_waves(corpus, &portal.id).waves,
        ));
    }
    let browse = |(reads, title, args, waves): &(u64, String, Value, u32)| TailCase {
        label: format!("browse_collection_tree depth 2 + counts ({title}, {reads} reads)"),
        tool: "browse_collection_tree",
        args: args.clone(),
        ideal: *waves,
        concurrency: (1600 / (*reads).max(1) as usize).clamp(4, opts.tail_concurrency),
    };
    let small = portals
        .iter()
        .min_by_key(|(reads, ..)| reads.abs_diff(17))
        .ok_or("no portal answered")?;
    let large = portals
        .iter()
        .max_by_key(|(reads, ..)| *reads)
        .ok_or("no portal answered")?;
    Ok(vec![
        pick("get_node_details", "get_node_details")?,
        pick("search_wlo_all", "search_wlo_all")?,
        browse(small),
        browse(large),
        pick("search_wlo_topic_pages", "search_wlo_topic_pages C")?,
    ])
}

/// The table cells p50, p90, p95, p99, max (ms) and upstream requests per call of one run.
fn latency_cells(run: &Run) -> String {
    format!(
        "{:.0} | {:.0} | {:.0} | {:.0} | {:.0} | {:.2}",
        run.p(50.0),
        run.p(90.0),
        run.p(95.0),
        run.p(99.0),
        run.max(),
        run.per_call(),
    )
}

fn verdict(ok: bool) -> &'static str {
    if ok { "PASS" } else { "FAIL" }
}

/// Run the tail benchmark; the Markdown report.
pub async fn run(opts: Opts) -> Result<String, String> {
    let started = Instant::now();
    // Only the server and the stand-in are needed here.
    let bins = Bins::in_release_dir();
    let bins = if opts.build || !bins.server.exists() || !bins.standin.exists() {
        find_bins(true)?
    } else {
        bins
    };
    let (_standin, standin_addr, base_url) = start_standin(&bins, opts.latency_ms)?;
    let mut ctl = Ctl {
        client: http::Client::new(standin_addr),
    };
    let truth = ctl.get("/_control/ground-truth").await?;
    let corpus = Corpus::from_json(&String::from_utf8_lossy(&truth.body)).map_err(|e| format!("ground truth: {e}"))?;
    let off = start(&bins, &base_url, &opts, false)?;
    let on = start(&bins, &base_url, &opts, true)?;
    set_stragglers(&mut ctl, 0, 0).await?;
    let cases = tail_cases(&off, &mut ctl, &corpus, &opts).await?;

    let latency = opts.latency_ms as f64;
    let load_start = procs::loadavg();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "## Tail latency: hedged reads\n\n{} · {} · {} CPUs (load average {} at the start, {{END}} at the end) · `scripts/bench.sh --tail` · stand-in latency {} ms, {} calls per row, {} in flight (search_wlo_all: {}, widest browse: 1,600 ÷ its reads), cache off\n",
        utc_now(),
        procs::cpu_model(),
        procs::cpus(),
        f2(load_start),
        opts.latency_ms,
        opts.tail_calls,
        opts.tail_concurrency,
        opts.tail_concurrency.min(8),
    );
    let mut failures = 0;
    for permille in [STRAGGLER_PERMILLE, 0] {
        set_stragglers(&mut ctl, opts.latency_ms, permille).await?;
        if permille > 0 {
            let _ = writeln!(
                out,
                "### {permille} ‰ stragglers of +{STRAGGLER_MS} ms\n\nTargets: p90 ≤ 3 × ideal round trips × {} ms; p95 ≤ 2 × p90; ≤ 10 % more upstream requests with hedging on.\n",
                opts.latency_ms
            );
            out.push_str("| call | ideal RT | p90 target ms | hedging | p50 | p90 | p95 | p99 | max | upstream req / call | stragglers | p90 | p95 ≤ 2 × p90 | extra req ≤ 10 % |\n|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|:---:|:---:|:---:|\n");
        } else {
            out.push_str("\n### No stragglers\n\nTargets: p50 unchanged within noise; < 2 % extra upstream requests.\n\n| call | hedging | p50 | p90 | p95 | p99 | max | upstream req / call | p50 change | extra req < 2 % |\n|---|---|---:|---:|---:|---:|---:|---:|---:|:---:|\n");
        }
        for case in &cases {
            progress(&format!("tail {permille} ‰: {} …", case.label));
            let runs = measure([&off, &on], &mut ctl, case, &opts).await?;
            let extra = runs[1].per_call() / runs[0].per_call() - 1.0;
            for (run, mode) in runs.iter().zip(["off", "on"]) {
                let errors = if run.errors > 0 {
                    format!(" ({} errors)", run.errors)
                } else {
                    String::new()
                };
                if permille > 0 {
                    let target = 3.0 * case.ideal as f64 * latency;
                    let p90_ok = run.p(90.0) <= target;
                    let p95_ok = run.p(95.0) <= 2.0 * run.p(90.0);
                    let extra_ok = extra <= 0.10;
                    let (first, verdicts) = if mode == "off" {
                        (
                            format!("{}{errors} | {} | {:.0}", case.label, case.ideal, target),
                            format!("{} | {} | —", verdict(p90_ok), verdict(p95_ok)),
                        )
                    } else {
                        failures += usize::from(!p90_ok) + usize::from(!p95_ok) + usize::from(!extra_ok);
                        failures += run.errors;
                        (
                            format!("{errors} | | "),
                            format!(
                                "**{}** | **{}** | **{}** ({:+.1} %)",
                                verdict(p90_ok),
                                verdict(p95_ok),
                                verdict(extra_ok),
                                extra * 100.0
                            ),
                        )
                    };
                    let _ = writeln!(
                        out,
                        "| {first} | {mode} | {} | {} | {verdicts} |",
                        latency_cells(run),
                        run.stragglers,
                    );
                } else {
                    let (first, verdicts) = if mode == "off" {
                        (format!("{}{errors}", case.label), "— | —".to_string())
                    } else {
                        let extra_ok = extra < 0.02;
                        failures += usize::from(!extra_ok) + run.errors;
                        (
                            errors,
                            format!(
                                "{:+.1} ms | **{}** ({:+.1} %)",
                                run.p(50.0) - runs[0].p(50.0),
                                verdict(extra_ok),
                                extra * 100.0
                            ),
                        )
                    };
                    let _ = writeln!(out, "| {first} | {mode} | {} | {verdicts} |", latency_cells(run));
                }
            }
        }
    }
    let _ = writeln!(
        out,
        "\nWall times in ms at the driver. Ideal RT: sequential upstream round trips the call needs at the least (as in the main table). {failures} target(s) FAIL. Run took {:.0} s.",
        started.elapsed().as_secs_f64()
    );
    Ok(out.replace("{END}", &f2(procs::loadavg())))
}
