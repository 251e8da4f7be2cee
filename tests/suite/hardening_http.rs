//! Hardening of the HTTP layer on the in-process handler (and once over the
//! socket): exact body and header caps, JSON nesting, a stalled body and a
//! slow tool call.

use crate::common;

use std::pin::Pin;
use std::time::{Duration, Instant};

use bytes::Bytes;
use common::hardening::*;
use common::*;
use http_body_util::{BodyExt, Full};
use reqwest::Method;
use serde_json::{Value, json};
use wlo_mcp::transport::http::{MAX_BODY_BYTES, MAX_HEADER_BYTES};

// ---- HTTP layer (in-process handler) -----------------------------------------

/// A ping padded to exactly `len` bytes.
fn padded_ping(len: usize) -> String {
    let head = r#"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":""#;
    let tail = r#""}}"#;
    format!("{head}{}{tail}", "x".repeat(len - head.len() - tail.len()))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn body_size_cap_is_exact() {
    let handler = in_process(&[]);
    let (status, headers, body) = handle(&handler, post_body(padded_ping(MAX_BODY_BYTES))).await;
    assert_eq!(
        status,
        200,
        "exactly 1 MiB is accepted: {}",
        String::from_utf8_lossy(&body)
    );
    assert_eq!(
        headers.get("connection"),
        None,
        "a body read to its end keeps the connection"
    );
    let (status, headers, body) = handle(&handler, post_body(padded_ping(MAX_BODY_BYTES + 1))).await;
    assert_rpc_error(status, &body, 413, -32600);
    // The rest of the body is never read: the connection cannot carry another request.
    assert_eq!(headers.get("connection").map(|v| v.as_bytes()), Some(&b"close"[..]));
    // A declared length far over the cap is rejected without reading the body.
    let request = post()
        .header("content-length", "10737418240")
        .body(Full::new(Bytes::from_static(b"{}")))
        .unwrap();
    let (status, headers, body) = handle(&handler, request).await;
    assert_rpc_error(status, &body, 413, -32600);
    assert_eq!(headers.get("connection").map(|v| v.as_bytes()), Some(&b"close"[..]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn json_nesting_depth_is_capped_by_the_parser() {
    let handler = in_process(&[]);
    let nested = |depth: usize| -> String {
        // The message object and "params" count as two levels.
        let inner = depth - 2;
        format!(
            r#"{{"jsonrpc":"2.0","id":1,"method":"ping","params":{{"a":{}{}}}}}"#,
            "[".repeat(inner),
            "]".repeat(inner)
        )
    };
    // Find serde_json's limit on this shape, then check the handler at it and just past it.
    let limit = (3..1000)
        .take_while(|d| serde_json::from_str::<Value>(&nested(*d)).is_ok())
        .last()
        .unwrap();
    println!("serde_json accepts {limit} nested levels");
    assert!(
        (100..=200).contains(&limit),
        "serde_json recursion limit moved: {limit}"
    );
    let (status, _, body) = handle(&handler, post_body(nested(limit))).await;
    assert_eq!(status, 200, "depth {limit}: {}", String::from_utf8_lossy(&body));
    let (status, _, body) = handle(&handler, post_body(nested(limit + 1))).await;
    assert_rpc_error(status, &body, 400, -32700);
    // Deep nesting near the body cap: a quick parse error, no stack overflow.
    let half = MAX_BODY_BYTES / 2 - 10;
    let deep = format!("{}{}", "[".repeat(half), "]".repeat(half));
    let (status, _, body) = handle(&handler, post_body(deep)).await;
    assert_rpc_error(status, &body, 400, -32700);
    let deep_objects = "{\"a\":".repeat(100_000);
    let (status, _, body) = handle(&handler, post_body(deep_objects)).await;
    assert_rpc_error(status, &body, 400, -32700);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn header_size_cap() {
    let handler = in_process(&[]);
    let ping = r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#;
    let with_header = |len: usize| {
        post()
            .header("x-pad", "a".repeat(len))
            .body(Full::new(Bytes::from_static(ping.as_bytes())))
            .unwrap()
    };
    let (status, _, _) = handle(&handler, with_header(MAX_HEADER_BYTES - 1024)).await;
    assert_eq!(status, 200);
    let (status, _, body) = handle(&handler, with_header(MAX_HEADER_BYTES + 1)).await;
    assert_rpc_error(status, &body, 431, -32600);
    // Many small headers add up too.
    let mut request = post();
    for i in 0..400 {
        request = request.header(format!("x-h-{i}"), "b".repeat(100));
    }
    let (status, _, body) = handle(
        &handler,
        request.body(Full::new(Bytes::from_static(ping.as_bytes()))).unwrap(),
    )
    .await;
    assert_rpc_error(status, &body, 431, -32600);
}

#[tokio::test]
async fn header_limits_over_the_socket() {
    let h = Harness::start().await;
    let ping = r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#;
    // Over our 32 KiB but within hyper's buffer: our own 431 with a JSON-RPC body.
    let r = h
        .server
        .request(Method::POST)
        .header("x-pad", "a".repeat(40 * 1024))
        .body(ping)
        .send()
        .await
        .unwrap();
    let r = Response::read(r).await;
    assert_eq!(r.status, 431, "{}", r.text);
    assert_eq!(r.json()["error"]["code"], -32600);
    // Far over it: hyper's own rejection (431) or a closed connection; never a 200.
    for request in [
        h.server
            .request(Method::POST)
            .header("x-pad", "a".repeat(1024 * 1024))
            .body(ping),
        (0..200)
            .fold(h.server.request(Method::POST), |r, i| r.header(format!("x-h-{i}"), "b"))
            .body(ping),
    ] {
        match request.send().await {
            Ok(r) => assert_eq!(r.status().as_u16(), 431),
            Err(error) => assert!(!error.is_timeout(), "rejected, not hung: {error}"),
        }
    }
    // The server is still fine.
    assert!(
        !h.call_tool("lookup_wlo_vocabulary", json!({"vocabulary": "discipline"}))
            .await
            .is_error
    );
}

/// A body that sends a few bytes and then stalls forever (slowloris).
struct StalledBody {
    sent: bool,
}

impl http_body::Body for StalledBody {
    type Data = Bytes;
    type Error = std::io::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        _cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<http_body::Frame<Bytes>, std::io::Error>>> {
        if self.sent {
            return std::task::Poll::Pending;
        }
        self.sent = true;
        std::task::Poll::Ready(Some(Ok(http_body::Frame::data(Bytes::from_static(b"{\"jsonrpc\":")))))
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn request_timeout_bounds_a_stalled_body() {
    // Budget: tool deadline (500 ms) + 2 s.
    let handler = in_process(&[]);
    let request = http::Request::builder()
        .method("POST")
        .uri("/mcp")
        .header("host", "127.0.0.1")
        .header("content-length", "100")
        .body(StalledBody { sent: false })
        .unwrap();
    let started = Instant::now();
    let response = tokio::time::timeout(Duration::from_secs(6), handler.handle(request))
        .await
        .expect("the handler answers a stalled body within its budget");
    let elapsed = started.elapsed();
    assert!(
        elapsed >= Duration::from_millis(2400) && elapsed < Duration::from_millis(5000),
        "{elapsed:?}"
    );
    let (parts, body) = response.into_parts();
    let body = body.collect().await.unwrap().to_bytes();
    assert_rpc_error(parts.status.as_u16(), &body, 408, -32600);
    assert_eq!(parts.headers.get("access-control-allow-origin").unwrap(), "*");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_tool_call_ends_at_the_tool_deadline() {
    // The repository never answers (a listener that accepts and stays silent);
    // the tool deadline (500 ms) ends the call long before the 2.5 s request budget.
    let silent = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/edu-sharing", silent.local_addr().unwrap());
    let keep = tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((socket, _)) = silent.accept().await {
            held.push(socket);
        }
    });
    let handler = in_process(&[("WLO_REPOSITORY_URL", &url), ("WLO_TIMEOUT_MS", "5000")]);
    let call = json!({"jsonrpc": "2.0", "id": 9, "method": "tools/call",
        "params": {"name": "get_node_details", "arguments": {"nodeId": ROOT}}});
    let started = Instant::now();
    let (status, _, body) = handle(&handler, post_body(call.to_string())).await;
    let elapsed = started.elapsed();
    assert!(elapsed < Duration::from_millis(1500), "{elapsed:?}");
    assert_eq!(status, 200);
    let doc: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(doc["id"], 9);
    assert_eq!(doc["result"]["isError"], true);
    assert!(
        doc["result"]["content"][0]["text"]
            .as_str()
            .unwrap()
            .contains("Zeitüberschreitung"),
        "{doc}"
    );
    keep.abort();
}
