//! `bench --flood`: peak memory of `wlo-mcp serve` under a flood of large
//! POSTs (issue 28).
//!
//! Each row starts a fresh server (the repository points at a loopback port
//! nobody listens on; no request reaches a tool), reads its `VmHWM` (peak
//! RSS), sends `n` requests at once on `n` connections — each the head of a
//! POST and then its whole body, written as fast as the server takes it —,
//! waits for every answer and reads `VmHWM` again. The driver shares one
//! body buffer among all connections. It reads while it writes, so it sees
//! every answer; "bodies written whole" counts the clients whose body went
//! out without a write error, which after an early answer happens only when
//! the server reads the rest out (lingering close, at most 32 connections at
//! once) or the kernel's buffers happen to take it.
//!
//! Rows and targets:
//! - 200 × (4 MiB − 1 KiB) without a token, `WLO_MCP_TOKEN` set: answered 401
//!   from the headers; peak ≤ start + 32 MiB.
//! - the same without a token configured: answered 413 from the declared
//!   length; peak < 160 MiB.
//! - 200 × (1 MiB − 1 KiB) padded pings, no token configured: the in-flight
//!   bound (`WLO_MAX_IN_FLIGHT`, default 64) reads and answers that many at
//!   once, the rest wait (up to 5 s) or get 503 (reported, no target).
//! - the same with a body of small JSON values (`[0,0,…]`, the costliest
//!   decoding per byte; refused past 20 000 values; reported, no target).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use wlo_bench::procs;

use crate::cli::Opts;
use crate::progress;
use crate::servers::{Bins, find_bins, server_env};

const MIB: usize = 1024 * 1024;

struct Row {
    name: &'static str,
    token: bool,
    body: Arc<Vec<u8>>,
    /// Peak allowed: `Some((bytes, relative))`, relative to the start's VmHWM.
    target: Option<(f64, bool)>,
}

fn padded_ping(len: usize) -> Vec<u8> {
    let head = br#"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":""#;
    let tail = br#""}}"#;
    let mut body = head.to_vec();
    body.resize(len - tail.len(), b'x');
    body.extend_from_slice(tail);
    body
}

fn small_values(len: usize) -> Vec<u8> {
    let head =
        br#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"wlo_health_check","arguments":{"a":[0"#;
    let tail = b"]}}}";
    let mut body = head.to_vec();
    while body.len() + 2 + tail.len() <= len {
        body.extend_from_slice(b",0");
    }
    body.extend_from_slice(tail);
    body
}

pub(crate) async fn run(opts: Opts) -> Result<String, String> {
    // Only the server is needed: build the rest only when asked to.
    let bins = if opts.build {
        find_bins(true)?
    } else {
        Bins::in_release_dir()
    };
    if !bins.server.exists() {
        return Err(format!(
            "{} missing: cargo build --release --bin wlo-mcp",
            bins.server.display()
        ));
    }
    let n = opts.flood_requests;
    let big = Arc::new(padded_ping(4 * MIB - 1024));
    let rows = [
        Row {
            name: "4 MiB bodies, token required, none sent",
            token: true,
            body: big.clone(),
            target: Some((32.0, true)),
        },
        Row {
            name: "4 MiB bodies, no token configured",
            token: false,
            body: big,
            target: Some((160.0, false)),
        },
        Row {
            name: "1 MiB padded pings",
            token: false,
            body: Arc::new(padded_ping(MIB - 1024)),
            target: None,
        },
        Row {
            name: "1 MiB of small JSON values (tools/call)",
            token: false,
            body: Arc::new(small_values(MIB - 1024)),
            target: None,
        },
    ];
    let mut out = String::new();
    let _ = writeln!(
        out,
        "## Ingress flood: peak RSS of `wlo-mcp serve` ({n} requests at once, {} in flight allowed)\n",
        opts.server_env
            .iter()
            .find(|(k, _)| k == "WLO_MAX_IN_FLIGHT")
            .map_or("64 (default)".to_string(), |(_, v)| v.clone())
    );
    let _ = writeln!(
        out,
        "| flood | answers | bodies written whole | start VmHWM MiB | peak VmHWM MiB | growth MiB | after VmRSS MiB | seconds | target |"
    );
    let _ = writeln!(out, "|---|---|---|---|---|---|---|---|---|");
    let mut failed = false;
    for row in rows {
        progress(&format!("flood: {}", row.name));
        let extra: Vec<(&str, String)> = if row.token {
            vec![("WLO_MCP_TOKEN", "bench-token".to_string())]
        } else {
            Vec::new()
        };
        let env = server_env("http://127.0.0.1:1/edu-sharing", &opts, &extra);
        let cmd = procs::command(&bins.server, &["serve", "--port", "0"], &env);
        let (proc, url) = procs::spawn_and_wait_for(cmd, "wlo-mcp listening on ", Duration::from_secs(20))?;
        let (addr, _) = procs::split_url(&url)?;
        tokio::time::sleep(Duration::from_millis(200)).await;
        let start = procs::status_kb(proc.pid(), "VmHWM").unwrap_or(0) as f64 / 1024.0;
        let started = Instant::now();
        let tasks: Vec<_> = (0..n).map(|_| tokio::spawn(one(addr, row.body.clone()))).collect();
        let mut answers: BTreeMap<String, usize> = BTreeMap::new();
        let mut bodies_taken = 0;
        for task in tasks {
            let answer = task.await.unwrap_or_else(|e| Err(e.to_string()));
            let status = answer.map(|(status, taken)| {
                bodies_taken += usize::from(taken);
                status
            });
            *answers
                .entry(status.unwrap_or_else(|e| format!("error ({e})")))
                .or_default() += 1;
        }
        let seconds = started.elapsed().as_secs_f64();
        tokio::time::sleep(Duration::from_millis(300)).await;
        let peak = procs::status_kb(proc.pid(), "VmHWM").unwrap_or(0) as f64 / 1024.0;
        let after = procs::status_kb(proc.pid(), "VmRSS").unwrap_or(0) as f64 / 1024.0;
        drop(proc);
        let target = match row.target {
            Some((limit, true)) => {
                let pass = peak - start <= limit;
                failed |= !pass;
                format!("growth ≤ {limit} MiB: {}", if pass { "PASS" } else { "FAIL" })
            }
            Some((limit, false)) => {
                let pass = peak < limit;
                failed |= !pass;
                format!("peak < {limit} MiB: {}", if pass { "PASS" } else { "FAIL" })
            }
            None => "–".into(),
        };
        let answers = answers
            .iter()
            .map(|(status, count)| format!("{count}× {status}"))
            .collect::<Vec<_>>()
            .join(", ");
        let _ = writeln!(
            out,
            "| {} | {answers} | {bodies_taken} | {start:.1} | {peak:.1} | {:.1} | {after:.1} | {seconds:.1} | {target} |",
            row.name,
            peak - start
        );
    }
    if failed {
        let _ = writeln!(out, "\nFAIL: a flood target was missed.");
    }
    Ok(out)
}

/// One POST: head, then the whole body (write errors after the server has
/// answered and closed are expected), then the status of the answer, and
/// whether the whole body went out without a write error (after an early
/// answer: the server read it out, lingering close, docs/hardening.md).
async fn one(addr: SocketAddr, body: Arc<Vec<u8>>) -> Result<(String, bool), String> {
    let mut stream = TcpStream::connect(addr).await.map_err(|e| e.to_string())?;
    let head = format!(
        "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    let (mut read, mut write) = stream.split();
    let send = async { write.write_all(head.as_bytes()).await.is_ok() && write.write_all(&body).await.is_ok() };
    let receive = async {
        let mut answer = Vec::new();
        let mut buf = [0u8; 4096];
        while !answer.windows(4).any(|w| w == b"\r\n\r\n") {
            match read.read(&mut buf).await {
                Ok(0) | Err(_) => break,
                Ok(n) => answer.extend_from_slice(&buf[..n]),
            }
        }
        String::from_utf8_lossy(&answer)
            .split_whitespace()
            .nth(1)
            .map(str::to_string)
            .ok_or_else(|| "no answer".to_string())
    };
    let (taken, status) = tokio::time::timeout(Duration::from_secs(60), async { tokio::join!(send, receive) })
        .await
        .map_err(|_| "timeout".to_string())?;
    Ok((status?, taken))
}
