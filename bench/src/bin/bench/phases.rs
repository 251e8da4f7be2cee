//! The measuring phases on a running server: wall time and round trips, CPU,
//! cached repeats, the burst's peak RSS, `tools/list` size and throughput.

use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use wlo_bench::procs;
use wlo_bench::stats::{depth, median, percentile};

use crate::cases::Case;
use crate::cli::Opts;
use crate::client::{Call, Ctl, Mcp, clip, rpc_document};
use crate::report::{Burst, CaseResult, CpuSummary, Throughput, ToolsList, cpu_summary, kernel_share, percent};
use crate::servers::{Bins, Server, start_server};
use crate::{TARGET_CPU_MS, TARGET_RATIO, TARGET_RSS_MIB, ms, step};

pub(crate) fn classify(call: &Call) -> Option<(String, String)> {
    if !call.is_error {
        return None;
    }
    let lower = call.text.to_lowercase();
    if lower.contains("noch nicht verfügbar") || lower.contains("not yet") || lower.contains("noch nicht implementiert")
    {
        Some((
            "n/a".into(),
            format!("tool not available yet: {}", clip(&call.text, 120)),
        ))
    } else {
        Some(("error".into(), format!("isError: {}", clip(&call.text, 160))))
    }
}

/// Phase 1: wall time, requests, depth, bytes (cache off, latency on).
pub(crate) async fn phase_latency(
    server: &Server,
    ctl: &mut Ctl,
    cases: &[Case],
    opts: &Opts,
) -> Result<Vec<CaseResult>, String> {
    let mut mcp = Mcp::new(server.addr, &server.path);
    let mut out = Vec::new();
    for case in cases {
        step(&format!("latency  {}", case.label));
        let mut r = CaseResult {
            tool: case.tool.into(),
            label: case.label.clone(),
            arguments: case.args.clone(),
            ideal_round_trips: case.ideal,
            status: "ok".into(),
            ..CaseResult::default()
        };
        // One unmeasured call: availability check, and it opens the server's
        // upstream connections so no measured call pays for a TCP handshake.
        match mcp.call(case.tool, &case.args).await {
            Err(e) => {
                r.status = "error".into();
                r.note = Some(e);
                out.push(r);
                continue;
            }
            Ok(call) => {
                if let Some((status, note)) = classify(&call) {
                    r.status = status;
                    r.note = Some(note);
                    out.push(r);
                    continue;
                }
                r.response_bytes = Some(call.bytes);
            }
        }
        for _ in 0..opts.reps {
            ctl.clear_log().await?;
            let call = match mcp.call(case.tool, &case.args).await {
                Ok(call) => call,
                Err(e) => {
                    r.status = "error".into();
                    r.note = Some(e);
                    break;
                }
            };
            if let Some((status, note)) = classify(&call) {
                r.status = status;
                r.note = Some(note);
                break;
            }
            let log = ctl.log().await?;
            r.wall_ms.push(ms(call.wall));
            r.upstream_requests.push(log.len());
            r.depth.push(depth(&log));
            r.response_bytes = Some(call.bytes);
            let mut routes = serde_json::Map::new();
            for e in &log {
                let n = routes.get(&e.route).and_then(Value::as_u64).unwrap_or(0);
                routes.insert(e.route.clone(), json!(n + 1));
            }
            r.routes = Some(Value::Object(routes));
        }
        r.median_ms = median(&r.wall_ms);
        r.p95_ms = percentile(&r.wall_ms, 95.0);
        if case.ideal > 0 && r.ok() {
            let ideal_ms = (opts.latency_ms * case.ideal as u64) as f64;
            if ideal_ms > 0.0 {
                r.ratio = r.median_ms.map(|m| m / ideal_ms);
                r.ratio_p95 = r.p95_ms.map(|m| m / ideal_ms);
                r.ratio_pass = r.ratio.map(|x| x <= TARGET_RATIO);
            }
        }
        out.push(r);
    }
    Ok(out)
}

/// Phase 2: server CPU per call with an instant upstream (cache off).
pub(crate) async fn phase_cpu(
    server: &Server,
    ctl: &mut Ctl,
    cases: &[Case],
    results: &mut [CaseResult],
    opts: &Opts,
) -> Result<(Option<String>, Option<CpuSummary>), String> {
    ctl.set_latency(0).await?;
    let pid = server.proc.pid();
    let mut mcp = Mcp::new(server.addr, &server.path);
    let ticks_before = procs::cpu_ticks(pid);
    let ns_before = procs::cpu_ns(pid);
    let mut calls = 0usize;
    for (case, r) in cases.iter().zip(results.iter_mut()) {
        step(&format!("cpu      {}", case.label));
        if !r.ok() {
            continue;
        }
        // Warm-up (connections, lazily initialised tables).
        for _ in 0..2 {
            mcp.call(case.tool, &case.args).await?;
        }
        let row_ticks = procs::cpu_ticks(pid);
        for _ in 0..opts.cpu_calls {
            let before = procs::cpu_ns(pid).ok_or("cannot read /proc/PID/task/*/schedstat")?;
            mcp.call(case.tool, &case.args).await?;
            // Let the worker that answered finish (logging, drops) and park.
            tokio::time::sleep(Duration::from_millis(2)).await;
            let after = procs::cpu_ns(pid).ok_or("cannot read /proc/PID/task/*/schedstat")?;
            r.cpu_ms.push(after.saturating_sub(before) as f64 / 1e6);
            calls += 1;
        }
        r.cpu_median_ms = median(&r.cpu_ms);
        r.cpu_p95_ms = percentile(&r.cpu_ms, 95.0);
        r.cpu_pass = r.cpu_median_ms.map(|m| m <= TARGET_CPU_MS);
        r.cpu_kernel_share = match (row_ticks, procs::cpu_ticks(pid)) {
            (Some(a), Some(b)) => kernel_share(b.since(a)),
            _ => None,
        };
    }
    ctl.set_latency(opts.latency_ms).await?;
    let ticks = match (ticks_before, procs::cpu_ticks(pid)) {
        (Some(a), Some(b)) => Some(b.since(a)),
        _ => None,
    };
    let check = match (ticks, ns_before, procs::cpu_ns(pid)) {
        (Some(ticks), Some(n0), Some(n1)) if calls > 0 => {
            let tick_ms = 1000.0 / procs::clk_tck() as f64;
            Some(format!(
                "whole CPU phase ({calls} measured + warm-up calls): utime+stime {:.0} ms = {:.3} ms per measured call \
                 (kernel {}); schedstat {:.0} ms = {:.3} ms per measured call",
                ticks.total() as f64 * tick_ms,
                ticks.total() as f64 * tick_ms / calls as f64,
                percent(kernel_share(ticks)),
                (n1 - n0) as f64 / 1e6,
                (n1 - n0) as f64 / 1e6 / calls as f64,
            ))
        }
        _ => None,
    };
    Ok((check, cpu_summary(results, ticks.and_then(kernel_share))))
}

/// Phase 3: with the cache on, a repeated identical call.
pub(crate) async fn phase_cache(
    server: &Server,
    ctl: &mut Ctl,
    cases: &[Case],
    results: &mut [CaseResult],
    opts: &Opts,
) -> Result<(), String> {
    let mut mcp = Mcp::new(server.addr, &server.path);
    let pid = server.proc.pid();
    for (case, r) in cases.iter().zip(results.iter_mut()) {
        step(&format!("cache    {}", case.label));
        if !r.ok() || case.skip_cache {
            continue;
        }
        mcp.call(case.tool, &case.args).await?;
        let mut max_requests = 0;
        for _ in 0..opts.cache_repeats {
            ctl.clear_log().await?;
            let before = procs::cpu_ns(pid).ok_or("cannot read /proc/PID/task/*/schedstat")?;
            let call = mcp.call(case.tool, &case.args).await?;
            // As in the CPU phase: let the worker finish and park.
            tokio::time::sleep(Duration::from_millis(2)).await;
            let after = procs::cpu_ns(pid).ok_or("cannot read /proc/PID/task/*/schedstat")?;
            let log = ctl.log().await?;
            max_requests = max_requests.max(log.len());
            r.cached_ms.push(ms(call.wall));
            r.cached_cpu_ms.push(after.saturating_sub(before) as f64 / 1e6);
        }
        r.cached_requests = Some(max_requests);
        r.cached_median_ms = median(&r.cached_ms);
        r.cached_cpu_median_ms = median(&r.cached_cpu_ms);
        // CPU is reported, not judged: a tool call waits 0.2–2.4 s for WLO.
        r.cached_pass = r.cached_cpu_median_ms.map(|_| max_requests == 0);
    }
    Ok(())
}

/// What one burst gave: calls judged good or not, the first failure, the
/// slowest good call and the wall time from the barrier on.
pub(crate) struct BurstTally {
    pub(crate) ok: usize,
    pub(crate) failed: usize,
    pub(crate) first_error: Option<String>,
    pub(crate) slowest_ms: f64,
    pub(crate) wall_ms: f64,
}

/// `calls` tool calls (the cases round-robin), each on its own warmed
/// connection, released together by a barrier; `judge` says whether an answer
/// is what the burst expects.
pub(crate) async fn fire_burst(
    addr: std::net::SocketAddr,
    path: &str,
    cases: &[Case],
    calls: usize,
    judge: fn(&Call) -> Result<(), String>,
) -> BurstTally {
    let barrier = Arc::new(tokio::sync::Barrier::new(calls + 1));
    let mut tasks = Vec::new();
    for i in 0..calls {
        let case = cases[i % cases.len()].clone();
        let barrier = barrier.clone();
        let path = path.to_string();
        tasks.push(tokio::spawn(async move {
            let mut mcp = Mcp::new(addr, &path);
            let warmed = mcp.client.warm().await;
            barrier.wait().await;
            warmed.map_err(|e| e.to_string())?;
            let call = mcp.call(case.tool, &case.args).await?;
            judge(&call).map_err(|note| format!("{}: {note}", case.tool))?;
            Ok::<f64, String>(ms(call.wall))
        }));
    }
    barrier.wait().await;
    let started = Instant::now();
    let mut tally = BurstTally {
        ok: 0,
        failed: 0,
        first_error: None,
        slowest_ms: 0.0,
        wall_ms: 0.0,
    };
    for task in tasks {
        match task.await.map_err(|e| e.to_string()).and_then(|r| r) {
            Ok(wall) => {
                tally.ok += 1;
                tally.slowest_ms = tally.slowest_ms.max(wall);
            }
            Err(e) => {
                tally.failed += 1;
                tally.first_error.get_or_insert(e);
            }
        }
    }
    tally.wall_ms = ms(started.elapsed());
    tally
}

/// Phase 4: peak RSS of a fresh server under a burst of concurrent calls.
pub(crate) async fn phase_burst(
    bins: &Bins,
    base_url: &str,
    ctl: &mut Ctl,
    cases: &[Case],
    opts: &Opts,
    cache_mb: Option<u64>,
) -> Result<Burst, String> {
    let server = start_server(bins, base_url, opts, cache_mb)?;
    let pid = server.proc.pid();
    ctl.reset().await?;
    ctl.set_latency(opts.latency_ms).await?;
    // Let the fresh process settle before reading its idle size.
    tokio::time::sleep(Duration::from_millis(100)).await;
    let idle = procs::status_kb(pid, "VmRSS");
    let tally = fire_burst(server.addr, &server.path, cases, opts.burst, |call| {
        match classify(call) {
            Some((_, note)) => Err(note),
            None => Ok(()),
        }
    })
    .await;
    let BurstTally {
        ok,
        failed,
        first_error,
        slowest_ms: slowest,
        wall_ms: wall,
    } = tally;
    let peak = procs::status_kb(pid, "VmHWM");
    let stats = ctl.stats().await?;
    let peak_mib = peak.map(|kb| kb as f64 / 1024.0);
    Ok(Burst {
        config: match cache_mb {
            Some(0) => "cache off (WLO_CACHE_MAX_MB=0)".into(),
            Some(mb) => format!("cache {mb} MiB"),
            None => "default config (cache 16 MiB)".into(),
        },
        calls: opts.burst,
        ok,
        failed,
        first_error,
        wall_ms: wall,
        slowest_call_ms: slowest,
        idle_rss_mib: idle.map(|kb| kb as f64 / 1024.0),
        peak_rss_mib: peak_mib,
        upstream_requests: stats.total_requests,
        upstream_peak_concurrency: stats.peak_concurrency,
        pass: peak_mib.map(|m| m <= TARGET_RSS_MIB),
    })
}

pub(crate) async fn tools_list_size(server: &Server) -> Result<ToolsList, String> {
    let mut mcp = Mcp::new(server.addr, &server.path);
    let (_, response) = mcp.rpc("tools/list", json!({})).await?;
    let doc = rpc_document(&response)?;
    let tools = doc["result"]["tools"].as_array().map_or(0, Vec::len);
    if tools == 0 {
        return Err(format!("tools/list without tools: {}", clip(&response.text(), 200)));
    }
    let chars = response.text().chars().count();
    Ok(ToolsList {
        tools,
        bytes: response.body.len(),
        chars,
        tokens_estimate: chars / 4,
    })
}

pub(crate) async fn phase_throughput(server: &Server, opts: &Opts) -> Result<Throughput, String> {
    let pid = server.proc.pid();
    let duration = Duration::from_secs_f64(opts.throughput_secs);
    let barrier = Arc::new(tokio::sync::Barrier::new(opts.throughput_conns + 1));
    let mut tasks = Vec::new();
    for _ in 0..opts.throughput_conns {
        let barrier = barrier.clone();
        let (addr, path) = (server.addr, server.path.clone());
        tasks.push(tokio::spawn(async move {
            let mut mcp = Mcp::new(addr, &path);
            let _ = mcp.rpc("tools/list", json!({})).await;
            barrier.wait().await;
            let start = Instant::now();
            let (mut ok, mut failed, mut busy) = (0usize, 0usize, Duration::ZERO);
            while start.elapsed() < duration {
                match mcp.rpc("tools/list", json!({})).await {
                    Ok((wall, r)) if r.status == 200 => {
                        ok += 1;
                        busy += wall;
                    }
                    _ => failed += 1,
                }
            }
            (ok, failed, busy)
        }));
    }
    barrier.wait().await;
    let t0 = procs::cpu_ticks(pid);
    let started = Instant::now();
    let (mut ok, mut failed, mut busy) = (0, 0, Duration::ZERO);
    for t in tasks {
        let (o, f, b) = t.await.map_err(|e| e.to_string())?;
        ok += o;
        failed += f;
        busy += b;
    }
    let secs = started.elapsed().as_secs_f64();
    let cores = match (t0, procs::cpu_ticks(pid)) {
        (Some(a), Some(b)) => Some(b.since(a).total() as f64 / procs::clk_tck() as f64 / secs),
        _ => None,
    };
    Ok(Throughput {
        connections: opts.throughput_conns,
        seconds: secs,
        requests: ok,
        failed,
        requests_per_second: ok as f64 / secs,
        mean_latency_ms: if ok > 0 { ms(busy) / ok as f64 } else { 0.0 },
        server_cpu_cores: cores,
    })
}
