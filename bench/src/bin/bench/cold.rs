//! Cold start: process start to the first answered `initialize`; then the
//! first tool call and a second, warm one (both `wlo_health_check`, which
//! reads the repository past the cache), timed apart; and the process's peak
//! RSS after the initialize and after the calls. A user of a function that
//! starts cold waits for the cold start plus the first call, so work moved
//! from the start into the first call shows here. This is the project's one
//! cold-start measurement (`docs/deploy.md`, `docs/performance.md`).

use std::path::Path;
use std::time::{Duration, Instant};

use serde_json::json;
use wlo_bench::http;
use wlo_bench::procs::{self, Proc};
use wlo_bench::stats::median;
use wlo_fake_lambda_runtime::{MockRuntime, Outcome, post_event};

use crate::cli::Opts;
use crate::client::clip;
use crate::report::ColdStart;
use crate::servers::{Bins, server_env};
use crate::{PROTOCOL_VERSION, TARGET_COLD_MS, TARGET_FIRST_CALL_EXTRA_MS, ms, step};

/// How long one start may take before the run counts as failed.
const WITHIN: Duration = Duration::from_secs(10);

fn initialize_body() -> String {
    json!({
        "jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": PROTOCOL_VERSION, "capabilities": {}, "clientInfo": {"name": "wlo-bench", "version": "1.0"}}
    })
    .to_string()
}

fn health_body() -> String {
    json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "wlo_health_check", "arguments": {}}})
        .to_string()
}

/// One cold start: the time to the answered initialize, the first and the
/// warm tool call, and the peak RSS (KiB) after the initialize and after
/// the calls.
struct Run {
    elapsed: Duration,
    first_call: Duration,
    warm_call: Duration,
    rss_initialize_kib: Option<u64>,
    rss_tool_kib: Option<u64>,
}

fn peak_rss_kib(pid: u32) -> Option<u64> {
    procs::status_kb(pid, "VmHWM")
}

/// `POST path`; `Err` says why the answer is not an HTTP 200 with a JSON-RPC result.
fn post(stream: &mut std::net::TcpStream, port: u16, path: &str, body: &str) -> Result<(), String> {
    let host = format!("127.0.0.1:{port}");
    let headers = [
        ("Content-Type", "application/json"),
        ("Accept", "application/json, text/event-stream"),
    ];
    let response = http::send_blocking(stream, &host, "POST", path, &headers, body.as_bytes(), WITHIN)
        .map_err(|e| e.to_string())?;
    let text = response.text();
    if response.status != 200 || !text.contains("\"result\"") {
        return Err(format!("HTTP {}: {}", response.status, clip(&text, 200)));
    }
    Ok(())
}

/// Cold start of an HTTP listener on `port` (blocking; the connect attempts
/// are spaced by 50 µs).
fn cold_start_http(mut cmd: std::process::Command, port: u16, path: &str) -> Result<Run, String> {
    cmd.stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null());
    let started = Instant::now();
    let child = cmd.spawn().map_err(|e| format!("cannot start: {e}"))?;
    let mut proc = Proc { child };
    let mut stream = loop {
        match std::net::TcpStream::connect(("127.0.0.1", port)) {
            Ok(s) => break s,
            Err(e) => {
                if started.elapsed() > WITHIN {
                    return Err(format!("no listener on port {port} within {WITHIN:?}: {e}"));
                }
                if let Ok(Some(status)) = proc.child.try_wait() {
                    return Err(format!("exited with {status} before listening"));
                }
                std::thread::sleep(Duration::from_micros(50));
            }
        }
    };
    post(&mut stream, port, path, &initialize_body()).map_err(|e| format!("initialize: {e}"))?;
    let elapsed = started.elapsed();
    let rss_initialize_kib = peak_rss_kib(proc.pid());
    // Each call on a connection of its own, as a new client's would be.
    let call = |what: &str| {
        let mut stream = std::net::TcpStream::connect(("127.0.0.1", port)).map_err(|e| e.to_string())?;
        let started = Instant::now();
        post(&mut stream, port, path, &health_body()).map_err(|e| format!("{what} health check: {e}"))?;
        Ok::<_, String>(started.elapsed())
    };
    let first_call = call("first")?;
    let warm_call = call("warm")?;
    Ok(Run {
        elapsed,
        first_call,
        warm_call,
        rss_initialize_kib,
        rss_tool_kib: peak_rss_kib(proc.pid()),
    })
}

/// Wait for the function's answer to one event; `Ok(when it arrived)` if it
/// is an HTTP 200 carrying a JSON-RPC result.
async fn lambda_answer(answer: tokio::sync::oneshot::Receiver<Outcome>) -> Result<Instant, String> {
    match tokio::time::timeout(WITHIN, answer).await {
        Ok(Ok(Outcome::Response { payload, at })) => {
            let answered =
                payload["statusCode"] == 200 && payload["body"].as_str().is_some_and(|b| b.contains("\"result\""));
            if answered {
                Ok(at)
            } else {
                Err(format!("unexpected lambda answer: {}", clip(&payload.to_string(), 300)))
            }
        }
        Ok(Ok(Outcome::Error(e))) => Err(format!("lambda reported an error: {e}")),
        Ok(Err(_)) => Err("mock runtime closed".into()),
        Err(_) => Err(format!("no answer within {WITHIN:?}")),
    }
}

/// Cold start of the Lambda binary against a fresh mock Runtime API: the
/// clock stops when the function posts its answer to the initialize event.
async fn cold_start_lambda(mut cmd: std::process::Command) -> Result<Run, String> {
    let runtime = MockRuntime::start().await;
    let first = runtime.queue(post_event(&initialize_body()));
    cmd.envs(runtime.function_env())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null());
    let started = Instant::now();
    let proc = Proc {
        child: cmd.spawn().map_err(|e| format!("cannot start lambda: {e}"))?,
    };
    let at = lambda_answer(first).await?;
    let rss_initialize_kib = peak_rss_kib(proc.pid());
    let runtime = &runtime;
    let call = |what: &'static str| async move {
        let queued = Instant::now();
        let at = lambda_answer(runtime.queue(post_event(&health_body())))
            .await
            .map_err(|e| format!("{what} health check: {e}"))?;
        Ok::<_, String>(at.duration_since(queued))
    };
    let first_call = call("first").await?;
    let warm_call = call("warm").await?;
    Ok(Run {
        elapsed: at.duration_since(started),
        first_call,
        warm_call,
        rss_initialize_kib,
        rss_tool_kib: peak_rss_kib(proc.pid()),
    })
}

fn median_mib(kib: &[u64]) -> Option<f64> {
    let mib: Vec<f64> = kib.iter().map(|&k| k as f64 / 1024.0).collect();
    median(&mib)
}

pub(crate) async fn phase_cold_start(bins: &Bins, base_url: &str, opts: &Opts) -> Vec<ColdStart> {
    let mut out = Vec::new();
    let env = server_env(base_url, opts, &[]);
    let kinds: [(&str, &Path, Option<f64>); 3] = [
        ("wlo-mcp serve", &bins.server, Some(TARGET_COLD_MS)),
        ("mcp (Vercel, VERCEL_DEV_PORT)", &bins.vercel, Some(TARGET_COLD_MS)),
        ("lambda (mock Runtime API)", &bins.lambda, None),
    ];
    for (name, bin, target) in kinds {
        step(&format!("cold start {name} ×{}", opts.cold_runs));
        let (mut runs, mut rss_initialize, mut rss_tool) = (Vec::new(), Vec::new(), Vec::new());
        let (mut first_calls, mut warm_calls, mut extras, mut totals) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        let mut error = None;
        for _ in 0..opts.cold_runs {
            let result = match name {
                n if n.starts_with("wlo-mcp") => {
                    let port = procs::free_port();
                    let cmd = procs::command(bin, &["serve", "--port", &port.to_string()], &env);
                    tokio::task::spawn_blocking(move || cold_start_http(cmd, port, "/mcp"))
                        .await
                        .unwrap_or_else(|e| Err(e.to_string()))
                }
                n if n.starts_with("mcp") => {
                    let port = procs::free_port();
                    let mut env = env.clone();
                    env.push(("VERCEL_DEV_PORT", port.to_string()));
                    let cmd = procs::command(bin, &[], &env);
                    tokio::task::spawn_blocking(move || cold_start_http(cmd, port, "/mcp"))
                        .await
                        .unwrap_or_else(|e| Err(e.to_string()))
                }
                _ => cold_start_lambda(procs::command(bin, &[], &env)).await,
            };
            match result {
                Ok(run) => {
                    runs.push(ms(run.elapsed));
                    first_calls.push(ms(run.first_call));
                    warm_calls.push(ms(run.warm_call));
                    extras.push(ms(run.first_call) - ms(run.warm_call));
                    totals.push(ms(run.elapsed + run.first_call));
                    rss_initialize.extend(run.rss_initialize_kib);
                    rss_tool.extend(run.rss_tool_kib);
                }
                Err(e) => {
                    error = Some(e);
                    break;
                }
            }
        }
        let median_ms = median(&runs);
        let first_call_extra_ms = median(&extras);
        out.push(ColdStart {
            first_call_ms: median(&first_calls),
            warm_call_ms: median(&warm_calls),
            first_call_extra_ms,
            cold_and_first_call_ms: median(&totals),
            first_call_pass: target
                .and(first_call_extra_ms)
                .map(|extra| error.is_none() && extra <= TARGET_FIRST_CALL_EXTRA_MS),
            binary: name.into(),
            min_ms: runs.iter().copied().reduce(f64::min),
            max_ms: runs.iter().copied().reduce(f64::max),
            median_ms,
            runs_ms: runs,
            rss_initialize_mib: median_mib(&rss_initialize),
            rss_tool_mib: median_mib(&rss_tool),
            target_ms: target,
            pass: match (target, median_ms, &error) {
                (Some(t), Some(m), None) => Some(m <= t),
                (Some(_), _, Some(_)) => Some(false),
                _ => None,
            },
            error,
        });
    }
    out
}
