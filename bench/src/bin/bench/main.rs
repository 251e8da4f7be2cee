//! Performance benchmark of the `wlo-mcp` server.
//!
//! Run: `scripts/bench.sh` (= `cargo build --release --workspace --bins &&
//! target/release/bench "$@"`), or `cargo run --release -p wlo-bench --bin
//! bench -- [options]` (`--help` lists them).
//!
//! Three kinds of process: the stand-in (`wlo-standin`, the upstream, every
//! answer after a fixed injected latency, no jitter), the server under test
//! (`wlo-mcp serve`, or the Vercel/Lambda binaries for the cold start) and
//! this load driver. Only the server is measured; every tool is driven over
//! HTTP with MCP JSON-RPC `tools/call` POSTs on a keep-alive connection, with
//! realistic arguments taken from the stand-in's ground truth (`wellKnown`).
//!
//! Per call (tool + arguments):
//! * wall time (median, p95) with the cache off (`WLO_CACHE_MAX_MB=0`), so
//!   every measured call starts with a fresh cache, and the ratio
//!   `median ÷ (latency × ideal sequential round trips)`;
//! * upstream requests and the observed sequential depth, from the
//!   stand-in's request log (cleared before, read after each call). Depth is
//!   the longest chain of requests in which each one started after the
//!   previous one had ended (longest path in the "starts after the end of"
//!   DAG, see `wlo_bench::stats`);
//! * response bytes (the HTTP body of the JSON-RPC answer);
//! * server CPU per call with an instant upstream (latency 0): the sum of
//!   `sum_exec_runtime` over the server's threads (`/proc/PID/task/*/schedstat`,
//!   ns resolution) before and after each call; cross-checked against
//!   utime+stime of `/proc/PID/stat` over the whole phase;
//! * with the cache on: a repeated identical call — upstream requests and
//!   wall time of the repeat.
//!
//! Plus: cold start (process start → first answered `initialize`) of
//! `wlo-mcp serve`, the Vercel binary `mcp` (`VERCEL_DEV_PORT`) and the Lambda
//! binary (against a mock Runtime API); peak RSS (`VmHWM`) of `wlo-mcp serve`
//! under a burst of 200 concurrent mixed tool calls, and under the same burst
//! when every answer is oversized (`oversized.rs`); `tools/list` throughput
//! with 32 connections; the size of the `tools/list` answer in tokens
//! (characters / 4). Targets are printed as PASS/FAIL; `--strict` makes any
//! FAIL the exit code 1.
//!
//! `--tail` runs only the tail-latency table instead (stragglers, hedged
//! reads off and on; see `tail.rs`), `--fleet` only the fleet table (eight
//! instances with and without the shared cache tier; see `fleet.rs`), `--flood`
//! only the ingress flood table (peak RSS under 200 large POSTs at once; see
//! `flood.rs`).

mod cases;
mod cli;
mod client;
mod cold;
mod fleet;
mod flood;
mod markdown;
mod oversized;
mod phases;
mod report;
mod servers;
mod tail;

use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use clap::Parser;
use wlo_standin::Corpus;

use cases::{Case, build_cases};
use cli::{Cli, Opts};
use client::Ctl;
use cold::phase_cold_start;
use markdown::{markdown, utc, utc_now};
use phases::{phase_burst, phase_cache, phase_cpu, phase_latency, phase_throughput, tools_list_size};
use report::{CaseResult, Report, collect_failures};
use servers::{find_bins_for, start_server, start_standin, workspace_root};
use wlo_bench::{http, procs};

pub(crate) const PROTOCOL_VERSION: &str = "2025-06-18";
/// Per-call fan-out bound of the server (src/upstream/scope.rs); used for
/// the ideal round trips of topic pages mode C.
pub(crate) const SERVER_FAN_OUT: usize = 32;
pub(crate) const CALL_TIMEOUT: Duration = Duration::from_secs(30);

// Targets.
pub(crate) const TARGET_RATIO: f64 = 1.10;
pub(crate) const TARGET_COLD_MS: f64 = 10.0;
/// How much slower than a warm call the first tool call of a fresh process may be.
pub(crate) const TARGET_FIRST_CALL_EXTRA_MS: f64 = 2.0;
pub(crate) const TARGET_RSS_MIB: f64 = 40.0;
/// A reference line for CPU per call, reported but not judged: a tool call
/// waits 0.2–2.4 s for WLO, so a millisecond of CPU is invisible to users.
pub(crate) const TARGET_CPU_MS: f64 = 1.0;

pub(crate) static STEP: AtomicUsize = AtomicUsize::new(0);
pub(crate) static STEPS: AtomicUsize = AtomicUsize::new(0);

pub(crate) fn progress(msg: &str) {
    eprintln!("{msg}");
}

/// Milliseconds, for the report.
pub(crate) fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

pub(crate) fn step(msg: &str) {
    let k = STEP.fetch_add(1, Ordering::Relaxed) + 1;
    eprintln!("[{k}/{}] {msg} …", STEPS.load(Ordering::Relaxed));
}

async fn run(opts: Opts) -> Result<Report, String> {
    let started = Instant::now();
    let bins = find_bins_for(opts.build, opts.runs("cold"))?;
    progress(&format!(
        "binaries: {}",
        bins.server.parent().unwrap_or(Path::new(".")).display()
    ));

    let (_standin, standin_addr, base_url) = start_standin(&bins, opts.latency_ms)?;
    let mut ctl = Ctl {
        client: http::Client::new(standin_addr),
    };
    let truth = ctl.get("/_control/ground-truth").await?;
    let corpus = Corpus::from_json(&String::from_utf8_lossy(&truth.body)).map_err(|e| format!("ground truth: {e}"))?;
    let cases = build_cases(&corpus);
    let steps = [
        ("calls", cases.len() * 2 + 2),
        ("cache", cases.len()),
        ("burst", 2),
        ("oversized", oversized::FAULTS.len()),
        ("cold", 3),
    ];
    STEPS.store(
        steps.iter().filter(|(p, _)| opts.runs(p)).map(|(_, n)| n).sum(),
        Ordering::Relaxed,
    );

    let mut report = Report {
        date: utc_now(),
        machine: procs::cpu_model(),
        cpus: procs::cpus(),
        load_start: procs::loadavg(),
        load_end: None,
        options: opts.clone(),
        command: std::iter::once("scripts/bench.sh".to_string())
            .chain(std::env::args().skip(1))
            .collect::<Vec<_>>()
            .join(" "),
        server_binary: format!(
            "{} (built {})",
            bins.server
                .strip_prefix(workspace_root())
                .unwrap_or(&bins.server)
                .display(),
            std::fs::metadata(&bins.server)
                .and_then(|m| m.modified())
                .map(utc)
                .unwrap_or_else(|_| "?".into())
        ),
        calls: Vec::new(),
        cpu_phase_cross_check: None,
        cpu: None,
        cold_start: Vec::new(),
        burst: Vec::new(),
        oversized: Vec::new(),
        throughput: None,
        tools_list: None,
        failures: Vec::new(),
        notes: Vec::new(),
        errors: Vec::new(),
        duration_s: 0.0,
    };

    // Without the calls phase every case counts as available.
    report.calls = cases
        .iter()
        .map(|c| CaseResult {
            tool: c.tool.into(),
            label: c.label.clone(),
            arguments: c.args.clone(),
            ideal_round_trips: c.ideal,
            status: "ok".into(),
            ..CaseResult::default()
        })
        .collect();

    // Cache off: latency, CPU, tools/list.
    if opts.runs("calls") {
        let server = start_server(&bins, &base_url, &opts, Some(0))?;
        ctl.reset().await?;
        ctl.set_latency(opts.latency_ms).await?;
        let mut calls = phase_latency(&server, &mut ctl, &cases, &opts).await?;
        (report.cpu_phase_cross_check, report.cpu) = phase_cpu(&server, &mut ctl, &cases, &mut calls, &opts).await?;
        report.calls = calls;
        step("tools/list size");
        match tools_list_size(&server).await {
            Ok(t) => report.tools_list = Some(t),
            Err(e) => report.errors.push(format!("tools/list: {e}")),
        }
        step(&format!(
            "tools/list throughput ({} connections, {:.0} s)",
            opts.throughput_conns, opts.throughput_secs
        ));
        match phase_throughput(&server, &opts).await {
            Ok(t) => report.throughput = Some(t),
            Err(e) => report.errors.push(format!("throughput: {e}")),
        }
    }

    // Cache on: repeated identical calls.
    if opts.runs("cache") {
        let server = start_server(&bins, &base_url, &opts, Some(16))?;
        ctl.reset().await?;
        ctl.set_latency(opts.latency_ms).await?;
        phase_cache(&server, &mut ctl, &cases, &mut report.calls, &opts).await?;
    }

    // Burst: peak RSS, default config and cache off.
    for cache in [None, Some(0)] {
        if !opts.runs("burst") {
            break;
        }
        step(&format!(
            "burst of {} concurrent calls, {}",
            opts.burst,
            if cache.is_none() { "default config" } else { "cache off" }
        ));
        // Only the calls that answered (a tool that is not available yet would fail the burst).
        let available: Vec<Case> = cases
            .iter()
            .zip(&report.calls)
            .filter(|(_, r)| r.ok())
            .map(|(c, _)| c.clone())
            .collect();
        if available.is_empty() {
            report.errors.push("burst: no tool call is available".into());
            break;
        }
        match phase_burst(&bins, &base_url, &mut ctl, &available, &opts, cache).await {
            Ok(b) => report.burst.push(b),
            Err(e) => report.errors.push(format!("burst: {e}")),
        }
    }

    // Every answer oversized: peak RSS, one fresh server per fault.
    if opts.runs("oversized") {
        match oversized::phase_oversized(&bins, &base_url, &mut ctl, &cases, &opts).await {
            Ok(rows) => report.oversized = rows,
            Err(e) => report.errors.push(format!("oversized: {e}")),
        }
    }

    if opts.runs("cold") {
        report.cold_start = phase_cold_start(&bins, &base_url, &opts).await;
    }
    report.duration_s = started.elapsed().as_secs_f64();
    report.load_end = procs::loadavg();
    collect_failures(&mut report);
    Ok(report)
}

fn main() -> ExitCode {
    let opts = Opts::from(Cli::parse());
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("error: cannot start the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    if opts.tail || opts.fleet || opts.flood {
        let report = if opts.fleet {
            runtime.block_on(fleet::run(opts))
        } else if opts.flood {
            runtime.block_on(flood::run(opts))
        } else {
            runtime.block_on(tail::run(opts))
        };
        return match report {
            Ok(report) => {
                print!("{report}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::FAILURE
            }
        };
    }
    let json_out = opts.json;
    let strict = opts.strict;
    let save_json = opts.save_json.clone();
    match runtime.block_on(run(opts)) {
        Ok(report) => {
            if let Some(path) = &save_json
                && let Err(e) = std::fs::write(path, serde_json::to_string_pretty(&report).unwrap_or_default())
            {
                eprintln!("error: cannot write {path}: {e}");
            }
            if json_out {
                println!("{}", serde_json::to_string_pretty(&report).unwrap_or_default());
            } else {
                print!("{}", markdown(&report));
            }
            eprintln!(
                "done in {:.0} s: {} target(s) FAIL, {} error(s)",
                report.duration_s,
                report.failures.len(),
                report.errors.len()
            );
            if !report.errors.is_empty() || (strict && !report.failures.is_empty()) {
                ExitCode::FAILURE
            } else {
                ExitCode::SUCCESS
            }
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
