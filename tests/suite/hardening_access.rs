//! Hardening of access and exposure: the bearer token on HTTP (not on
//! preflights, not on stdio), and secrets that never appear in logs, errors
//! or output. Runs against the real `wlo-mcp` binary and the in-process
//! stand-in.

use crate::common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::*;
use reqwest::Method;
use serde_json::{Value, json};

// ---- access and exposure -------------------------------------------------------

const TOKEN: &str = "wlo-test-token-9f8e7d6c5b4a";

#[tokio::test]
async fn token_guards_http_but_not_preflights() {
    let h = Harness::start_with(&[("WLO_MCP_TOKEN", TOKEN)]).await;
    let ping = r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#;
    let send = |auth: Option<String>| {
        let mut request = h
            .server
            .request(Method::POST)
            .header("content-type", "application/json")
            .body(ping);
        if let Some(auth) = auth {
            request = request.header("authorization", auth);
        }
        async move { Response::read(request.send().await.unwrap()).await }
    };
    for auth in [
        None,
        Some("Bearer wrong".to_string()),
        Some(format!("Bearer {TOKEN}x")),
        Some(format!("Bearer {}", &TOKEN[..TOKEN.len() - 1])),
        Some(format!("Basic {TOKEN}")),
        Some(TOKEN.to_string()),
        Some("Bearer ".to_string()),
    ] {
        let r = send(auth.clone()).await;
        assert_eq!(r.status, 401, "{auth:?}");
        assert_eq!(r.header("www-authenticate"), Some("Bearer"));
        assert_eq!(r.header("access-control-allow-origin"), Some("*"));
        let doc = r.json();
        assert_eq!(doc["jsonrpc"], "2.0");
        assert_eq!(doc["error"]["code"], -32001);
    }
    for auth in [
        format!("Bearer {TOKEN}"),
        format!("bearer {TOKEN}"),
        format!("Bearer  {TOKEN} "),
    ] {
        let r = send(Some(auth.clone())).await;
        assert_eq!(r.status, 200, "{auth}: {}", r.text);
    }
    // Preflights carry no credentials and still pass.
    let r = h
        .server
        .request(Method::OPTIONS)
        .header("origin", "https://chat.example")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 204);
    // Without the token nothing reaches a tool or the repository.
    let r = h
        .server
        .request(Method::POST)
        .body(
            json!({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"wlo_health_check","arguments":{}}})
                .to_string(),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 401);
    assert_eq!(h.standin.control().stats().total_requests, 0);
}

/// `wlo-mcp serve` with every stderr line kept.
struct LoggedServer {
    child: std::process::Child,
    url: String,
    log: Arc<Mutex<Vec<String>>>,
}

impl Drop for LoggedServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl LoggedServer {
    fn spawn(env: &[(&str, &str)]) -> LoggedServer {
        let mut command = Command::new(env!("CARGO_BIN_EXE_wlo-mcp"));
        command
            .args(["serve", "--port", "0"])
            .env_remove("PORT")
            .env_remove("MCP_TOOL_ALLOW")
            .env_remove("MCP_TOOL_DENY")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        for (k, v) in env {
            command.env(k, v);
        }
        let mut child = command.spawn().unwrap();
        let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
        let log = Arc::new(Mutex::new(Vec::new()));
        let url = loop {
            let line = lines.next().expect("address line").unwrap();
            log.lock().unwrap().push(line.clone());
            if let Some(rest) = line.strip_prefix("wlo-mcp listening on ") {
                break rest.split_whitespace().next().unwrap().to_string();
            }
        };
        let sink = log.clone();
        std::thread::spawn(move || {
            for line in lines.map_while(Result::ok) {
                sink.lock().unwrap().push(line);
            }
        });
        LoggedServer { child, url, log }
    }
}

#[tokio::test]
async fn secrets_never_appear_in_logs_errors_or_output() {
    let standin = StandIn::start(StandInOptions::default()).await.unwrap();
    let wk = standin.well_known().clone();
    let wrong = "wrong-secret-1a2b3c4d5e";
    let server = LoggedServer::spawn(&[
        ("WLO_REPOSITORY_URL", &standin.base_url()),
        ("WLO_MCP_TOKEN", TOKEN),
        ("RUST_LOG", "debug"),
        ("WLO_CACHE_MAX_MB", "0"),
    ]);
    let client = loopback_client().build().unwrap();
    let mut bodies = Vec::new();
    let calls = [
        json!({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}),
        json!({"jsonrpc":"2.0","id":2,"method":"tools/list"}),
        json!({"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"wlo_health_check","arguments":{}}}),
        json!({"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"get_node_details","arguments":{"nodeId": wk.bruchrechnung, "includeRaw": true}}}),
        json!({"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"search_wlo_content","arguments":{"query": TOKEN}}}),
        json!({"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"get_node_details","arguments":{"nodeId": "not-an-id"}}}),
        json!({"jsonrpc":"2.0","id":7,"method":"no/such/method"}),
    ];
    for auth in [
        format!("Bearer {TOKEN}"),
        format!("Bearer {wrong}"),
        wrong.to_string(),
        String::new(),
    ] {
        for call in &calls {
            let mut body = call.clone();
            if body["id"] == 5 {
                // A query that is the wrong token: it may be echoed, the real one never.
                body["params"]["arguments"]["query"] = json!("Bruchrechnung");
            }
            let mut request = client
                .post(&server.url)
                .header("content-type", "application/json")
                .body(body.to_string());
            if !auth.is_empty() {
                request = request.header("authorization", &auth);
            }
            let r = request.send().await.unwrap();
            let headers = format!("{:?}", r.headers());
            let text = r.text().await.unwrap();
            bodies.push(format!("{headers}\n{text}"));
        }
    }
    let r = client
        .request(Method::GET, &server.url)
        .header("authorization", format!("Bearer {TOKEN}"))
        .send()
        .await
        .unwrap();
    bodies.push(r.text().await.unwrap());
    // Let the log lines of the last requests arrive (the tool call's line
    // comes beside its answer; the reader thread may see it later).
    let deadline = Instant::now() + Duration::from_secs(5);
    while !server.log.lock().unwrap().iter().any(|l| l.contains("tool call")) && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    tokio::time::sleep(Duration::from_millis(100)).await;
    for body in &bodies {
        assert!(!body.contains(TOKEN), "the token is in a response: {body}");
        assert!(!body.contains(wrong), "a presented token is echoed: {body}");
    }
    let log = server.log.lock().unwrap().clone();
    assert!(log.len() > 5, "debug logging is on: {log:?}");
    assert!(
        log.iter().any(|l| l.contains("tool call")),
        "tool calls are logged: {log:?}"
    );
    for line in &log {
        assert!(!line.contains(TOKEN), "the token is in the log: {line}");
        assert!(!line.contains(wrong), "a presented token is in the log: {line}");
    }
}

/// Every 401 leaves one log line with method, path and reason, at the default
/// level and without the presented header; accepted requests leave none.
#[tokio::test]
async fn rejected_requests_are_logged_without_the_token() {
    let wrong = "presented-but-wrong-7c6b5a";
    let server = LoggedServer::spawn(&[
        ("WLO_REPOSITORY_URL", "http://127.0.0.1:1/edu-sharing"),
        ("WLO_MCP_TOKEN", TOKEN),
        ("RUST_LOG", "info"),
    ]);
    let client = loopback_client().build().unwrap();
    let ping = r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#;
    let cases = [
        (Method::POST, "", None, "missing token"),
        (Method::POST, "?probe=1", Some(format!("Bearer {wrong}")), "wrong token"),
        (Method::GET, "", Some(format!("Basic {wrong}")), "not a bearer token"),
        (Method::POST, "", Some(format!("Bearer {TOKEN}")), ""),
    ];
    for (method, query, auth, _) in &cases {
        let mut request = client
            .request(method.clone(), format!("{}{query}", server.url))
            .header("content-type", "application/json")
            .body(ping);
        if let Some(auth) = auth {
            request = request.header("authorization", auth);
        }
        let status = request.send().await.unwrap().status().as_u16();
        assert_eq!(
            status == 401,
            auth.as_deref() != Some(&format!("Bearer {TOKEN}")),
            "{auth:?}"
        );
    }
    let deadline = Instant::now() + Duration::from_secs(5);
    let rejections = loop {
        let log = server.log.lock().unwrap().clone();
        // Match the message, not "401": a timestamp or the port may hold those digits.
        let rejections: Vec<String> = log.into_iter().filter(|l| l.contains("request rejected")).collect();
        if rejections.len() >= 3 || Instant::now() > deadline {
            break rejections;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(rejections.len(), 3, "one line per rejection: {rejections:?}");
    for ((method, _, _, reason), line) in cases.iter().zip(&rejections) {
        assert!(line.contains("WARN") && line.contains("401 Unauthorized"), "{line}");
        assert!(line.contains(&format!("method={method}")), "{line}");
        assert!(line.contains("path=/mcp") && !line.contains("probe"), "{line}");
        assert!(line.contains(reason), "{reason}: {line}");
        assert!(
            !line.contains(wrong) && !line.contains(TOKEN),
            "a token is in the log: {line}"
        );
        assert!(!line.contains('\u{1b}'), "colour codes in a piped log: {line:?}");
    }
}

#[test]
fn stdio_ignores_the_http_token() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_wlo-mcp"))
        .arg("stdio")
        .env("WLO_MCP_TOKEN", TOKEN)
        .env("WLO_REPOSITORY_URL", "http://127.0.0.1:1/edu-sharing")
        .env("RUST_LOG", "warn")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let send = |stdin: &mut std::process::ChildStdin, message: Value| {
        writeln!(stdin, "{message}").unwrap();
        stdin.flush().unwrap();
    };
    let wait_for = |id: i64| -> Value {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = rx.recv_timeout(left).unwrap_or_else(|_| panic!("no answer to id {id}"));
            let message: Value =
                serde_json::from_str(&line).unwrap_or_else(|e| panic!("stdout is JSON-RPC only ({e}): {line}"));
            if message["id"] == id {
                return message;
            }
        }
    };
    send(
        &mut stdin,
        json!({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}),
    );
    assert!(wait_for(1)["result"]["serverInfo"]["name"] == "wlo-mcp");
    send(
        &mut stdin,
        json!({"jsonrpc":"2.0","method":"notifications/initialized"}),
    );
    send(&mut stdin, json!({"jsonrpc":"2.0","id":2,"method":"tools/list"}));
    let tools = wait_for(2)["result"]["tools"].as_array().cloned().unwrap_or_default();
    assert!(tools.len() >= 10, "tools/list over stdio: {tools:?}");
    send(
        &mut stdin,
        json!({"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"lookup_wlo_vocabulary","arguments":{"vocabulary":"discipline"}}}),
    );
    let answer = wait_for(3);
    assert_eq!(answer["result"]["isError"], false, "{answer}");
    drop(stdin);
    let _ = child.kill();
    let _ = child.wait();
}
