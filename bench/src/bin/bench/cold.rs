//! Cold start: process start to the first answered `initialize`.

use std::path::Path;
use std::time::{Duration, Instant};

use serde_json::json;
use wlo_bench::procs::Proc;
use wlo_bench::stats::median;
use wlo_bench::{http, lambda_runtime, procs};

use crate::cli::Opts;
use crate::client::clip;
use crate::report::ColdStart;
use crate::servers::{Bins, server_env};
use crate::{PROTOCOL_VERSION, TARGET_COLD_MS, ms, step};

pub(crate) fn initialize_body() -> String {
    json!({
        "jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": PROTOCOL_VERSION, "capabilities": {}, "clientInfo": {"name": "wlo-bench", "version": "1.0"}}
    })
    .to_string()
}

/// Process start → first answered `initialize` of an HTTP listener on `port`
/// (blocking; the connect attempts are spaced by 50 µs).
pub(crate) fn cold_start_http(mut cmd: std::process::Command, port: u16, path: &str) -> Result<Duration, String> {
    let body = initialize_body();
    let within = Duration::from_secs(10);
    cmd.stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null());
    let started = Instant::now();
    let child = cmd.spawn().map_err(|e| format!("cannot start: {e}"))?;
    let mut proc = Proc { child };
    let mut stream = loop {
        match std::net::TcpStream::connect(("127.0.0.1", port)) {
            Ok(s) => break s,
            Err(e) => {
                if started.elapsed() > within {
                    return Err(format!("no listener on port {port} within {within:?}: {e}"));
                }
                if let Ok(Some(status)) = proc.child.try_wait() {
                    return Err(format!("exited with {status} before listening"));
                }
                std::thread::sleep(Duration::from_micros(50));
            }
        }
    };
    let host = format!("127.0.0.1:{port}");
    let headers = [
        ("Content-Type", "application/json"),
        ("Accept", "application/json, text/event-stream"),
    ];
    let response = http::send_blocking(&mut stream, &host, "POST", path, &headers, body.as_bytes(), within)
        .map_err(|e| format!("initialize: {e}"))?;
    let elapsed = started.elapsed();
    let text = response.text();
    if response.status != 200 || !text.contains("\"result\"") {
        return Err(format!(
            "initialize answered HTTP {}: {}",
            response.status,
            clip(&text, 200)
        ));
    }
    Ok(elapsed)
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
        let mut runs = Vec::new();
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
                _ => {
                    let cmd = procs::command(bin, &[], &env);
                    lambda_runtime::cold_start(cmd, &initialize_body(), Duration::from_secs(10)).await
                }
            };
            match result {
                Ok(d) => runs.push(ms(d)),
                Err(e) => {
                    error = Some(e);
                    break;
                }
            }
        }
        let median_ms = median(&runs);
        out.push(ColdStart {
            binary: name.into(),
            min_ms: runs.iter().copied().reduce(f64::min),
            max_ms: runs.iter().copied().reduce(f64::max),
            median_ms,
            runs_ms: runs,
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
