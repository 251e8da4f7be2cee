//! Hardening: hostile input, a failing repository, load, access control and
//! exposure. Everything runs on loopback against the in-process stand-in and
//! the real `wlo-mcp` binary (or the in-process HTTP handler).

mod common;

use std::io::{BufRead, BufReader, Write};
use std::pin::Pin;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bytes::Bytes;
use common::*;
use http_body_util::{BodyExt, Full};
use reqwest::Method;
use serde_json::{Value, json};
use wlo_mcp::app::App;
use wlo_mcp::config::Config;
use wlo_mcp::tools::{Args, ToolEntry, ToolResponse, ToolSpec};
use wlo_mcp::transport::http::{HttpHandler, HttpOptions, MAX_BODY_BYTES, MAX_HEADER_BYTES};
use wlo_standin::Fault;

// ---- helpers ---------------------------------------------------------------

/// Timeouts used by the failing-repository tests.
const TIMEOUT_MS: &str = "600";
const DEADLINE_MS: u64 = 1200;

async fn timed(h: &Harness, tool: &str, args: Value) -> (ToolResult, Duration) {
    let started = Instant::now();
    let result = h.call_tool(tool, args).await;
    (result, started.elapsed())
}

/// Phrases that would present a broken repository as an empty answer.
const EMPTY_PHRASES: &[&str] = &[
    "0 Treffer",
    "Keine Treffer",
    "nicht gefunden",
    "enthält keine",
    "Keine weiteren",
];

/// One call per tool that needs the repository (lookup_wlo_vocabulary excluded).
fn upstream_calls(h: &Harness) -> Vec<(&'static str, Value)> {
    let wk = h.standin.well_known().clone();
    vec![
        ("search_wlo_content", json!({"query": "Bruchrechnung"})),
        ("search_wlo_collections", json!({"query": "Bruchrechnung"})),
        (
            "search_wlo_collections",
            json!({"query": "Bruchrechnung", "parentNodeId": wk.portal_with_topic_page}),
        ),
        ("get_collection_contents", json!({"nodeId": wk.bruchrechnung})),
        ("search_wlo_all", json!({"query": "Bruchrechnung"})),
        ("search_wlo_topic_pages", json!({"query": "Mathematik"})),
        (
            "search_wlo_topic_pages",
            json!({"collectionId": wk.portal_with_topic_page}),
        ),
        ("search_wlo_topic_pages", json!({})),
        ("get_subject_portals", json!({})),
        ("browse_collection_tree", json!({"nodeId": ROOT})),
        ("get_node_details", json!({"nodeId": wk.photosynthese})),
        (
            "get_nodes_details",
            json!({"nodeIds": [wk.photosynthese, wk.bruchrechnung]}),
        ),
        ("wlo_health_check", json!({})),
    ]
}

/// Ids that must never reach an upstream URL.
fn hostile_ids() -> Vec<Value> {
    let id = ROOT;
    vec![
        json!(format!("../{id}")),
        json!(format!("{id}/../../etc/passwd")),
        json!("../../../../etc/passwd"),
        json!(format!("{}%2F{}", &id[..18], &id[21..])),
        json!(format!("..%2F..%2F{id}")),
        json!(format!("%35{}", &id[1..])),
        json!(format!("{id}?x=1")),
        json!(format!("{id}#x")),
        json!(format!("{id}&maxItems=100000")),
        json!(format!("{id}/children")),
        json!("5e40e372 735c-4b17-bbf7-e827a5702b57"),
        json!("5e40e372-735c\t4b17-bbf7-e827a5702b57"),
        json!(format!("{id}\n{id}")),
        json!("a".repeat(100_000)),
        json!(format!("{id}{}", "0".repeat(100_000))),
        json!("5e40e372-735c-4b17-bbf7-e827a5702b5ä"),
        json!("５e40e372-735c-4b17-bbf7-e827a5702b57"),
        json!("5e40e372\u{2010}735c-4b17-bbf7-e827a5702b57"),
        json!("5e40e372-735c-4b17-bbf7-e827a5702b5\u{0}"),
        json!("-home-"),
        json!("workspace://SpacesStore/../etc/passwd"),
        json!(format!("workspace://OtherStore/{id}")),
        json!(format!("http://evil.example/{id}")),
        json!("Informatik"),
        json!(42),
        json!(4.2e40),
        json!(true),
        json!([id]),
        json!({"id": id}),
    ]
}

// ---- input: ids --------------------------------------------------------------

#[tokio::test]
async fn hostile_ids_are_rejected_by_name_and_never_requested() {
    let h = Harness::start().await;
    let cases = [
        ("get_node_details", "nodeId", json!({})),
        ("browse_collection_tree", "nodeId", json!({})),
        ("get_collection_contents", "nodeId", json!({})),
        ("search_wlo_topic_pages", "collectionId", json!({})),
        (
            "search_wlo_collections",
            "parentNodeId",
            json!({"query": "Bruchrechnung"}),
        ),
    ];
    let mut calls = Vec::new();
    let hr = &h;
    for (tool, key, base) in &cases {
        for bad in hostile_ids() {
            let mut args = base.clone();
            args[*key] = bad.clone();
            let h = hr;
            calls.push(async move {
                let r = h.call_tool(tool, args).await;
                (tool, key, bad, r)
            });
        }
    }
    for (tool, key, bad, r) in futures::future::join_all(calls).await {
        let shown: String = bad.to_string().chars().take(80).collect();
        assert!(r.is_error, "{tool} {key}={shown}: {}", r.text);
        assert!(
            r.text.contains(key),
            "{tool} {key}={shown}: the error names the argument: {}",
            r.text
        );
        assert!(
            r.text.chars().count() < 600,
            "{tool}: the error does not echo a huge value"
        );
        assert_eq!(r.blocks, 1);
    }
    assert_eq!(
        h.standin.control().stats().total_requests,
        0,
        "no hostile id reached the repository"
    );

    // Store refs, upper case and surrounding whitespace are the same id.
    let wk = h.standin.well_known().clone();
    for variant in [
        wk.bruchrechnung.to_uppercase(),
        format!("workspace://SpacesStore/{}", wk.bruchrechnung),
        format!("  {}\n", wk.bruchrechnung),
    ] {
        let r = h
            .call_tool("get_node_details", json!({"nodeId": variant, "outputFormat": "json"}))
            .await;
        assert!(!r.is_error, "{variant}: {}", r.text);
        assert_eq!(r.json()["nodeId"], wk.bruchrechnung);
    }
}

#[tokio::test]
async fn hostile_entries_in_node_ids_go_to_failed_and_the_rest_proceeds() {
    let h = Harness::start().await;
    let wk = h.standin.well_known().clone();
    let bad: Vec<String> = hostile_ids()
        .into_iter()
        .filter_map(|v| v.as_str().map(str::to_string))
        .collect();
    let mut list: Vec<Value> = bad.iter().map(|s| json!(s)).collect();
    list.insert(3, json!(wk.photosynthese));
    assert!(list.len() <= 50);
    let r = h.call_tool("get_nodes_details", json!({"nodeIds": list})).await;
    assert!(!r.is_error, "{}", r.text);
    let doc = r.json();
    assert_eq!(doc["resolved"], 1);
    assert_eq!(doc["results"][&wk.photosynthese]["nodeId"], wk.photosynthese);
    let failed = doc["failed"].as_array().unwrap();
    assert_eq!(failed.len(), bad.len(), "every malformed entry is reported: {failed:?}");
    for entry in failed {
        assert!(
            entry.as_str().unwrap().chars().count() <= 200,
            "failed entries are bounded"
        );
    }
    let stats = h.standin.control().stats();
    assert_eq!(stats.total_requests, 1, "only the valid id was requested: {stats:?}");
}

#[tokio::test]
async fn malformed_exclude_ids_are_ignored() {
    let h = Harness::start().await;
    let first = h
        .call_tool(
            "search_wlo_content",
            json!({"query": "Bruchrechnung", "outputFormat": "json"}),
        )
        .await;
    assert!(!first.is_error, "{}", first.text);
    let top = first.json()["results"][0]["nodeId"].as_str().unwrap().to_string();
    // Every hostile value, strings or not, is ignored; the valid id is used.
    let mut exclude: Vec<Value> = hostile_ids();
    exclude.push(Value::Null);
    exclude.push(json!(top.to_uppercase()));
    for (tool, args) in [
        ("search_wlo_content", json!({"query": "Bruchrechnung"})),
        ("search_wlo_all", json!({"query": "Bruchrechnung"})),
        ("search_wlo_collections", json!({"query": "Bruchrechnung"})),
        (
            "get_collection_contents",
            json!({"nodeId": h.standin.well_known().bruchrechnung}),
        ),
    ] {
        let mut args = args;
        args["excludeNodeIds"] = json!(exclude);
        args["outputFormat"] = json!("json");
        let r = h.call_tool(tool, args).await;
        assert!(!r.is_error, "{tool}: {}", r.text);
        if tool == "search_wlo_content" {
            assert!(!r.text.contains(&top), "the valid excluded id is left out");
        }
    }
}

// ---- input: limits -----------------------------------------------------------

#[tokio::test]
async fn string_and_array_limits() {
    let h = Harness::start().await;
    let long = "Bruchrechnung ".repeat(15); // 210 characters
    let huge = "x".repeat(100_000);
    let wk = h.standin.well_known().clone();
    let mut cases: Vec<(&str, Value, &str)> = Vec::new();
    for text in [&long, &huge] {
        cases.extend([
            ("search_wlo_content", json!({"query": text}), "query"),
            ("search_wlo_collections", json!({"query": text}), "query"),
            ("search_wlo_all", json!({"query": text}), "query"),
            ("search_wlo_topic_pages", json!({"query": text}), "query"),
            (
                "get_collection_contents",
                json!({"nodeId": wk.bruchrechnung, "query": text}),
                "query",
            ),
            (
                "lookup_wlo_vocabulary",
                json!({"vocabulary": "discipline", "query": text}),
                "query",
            ),
            (
                "search_wlo_content",
                json!({"query": "Bruch", "discipline": text}),
                "discipline",
            ),
            (
                "search_wlo_content",
                json!({"query": "Bruch", "educationalContext": text}),
                "educationalContext",
            ),
            (
                "search_wlo_content",
                json!({"query": "Bruch", "userRole": text}),
                "userRole",
            ),
            (
                "search_wlo_content",
                json!({"query": "Bruch", "learningResourceType": text}),
                "learningResourceType",
            ),
            (
                "search_wlo_collections",
                json!({"query": "Bruch", "discipline": text}),
                "discipline",
            ),
            (
                "search_wlo_all",
                json!({"query": "Bruch", "discipline": text}),
                "discipline",
            ),
            (
                "get_subject_portals",
                json!({"educationalContext": text}),
                "educationalContext",
            ),
            (
                "search_wlo_topic_pages",
                json!({"educationalContext": text}),
                "educationalContext",
            ),
            ("search_wlo_topic_pages", json!({"targetGroup": text}), "targetGroup"),
            ("search_wlo_topic_pages", json!({"sort": text}), "sort"),
            (
                "get_node_details",
                json!({"nodeId": wk.bruchrechnung, "outputFormat": text}),
                "outputFormat",
            ),
            (
                "get_collection_contents",
                json!({"nodeId": wk.bruchrechnung, "contentFilter": text}),
                "contentFilter",
            ),
            ("lookup_wlo_vocabulary", json!({"vocabulary": text}), "vocabulary"),
        ]);
    }
    let ids: Vec<String> = (0..51).map(|i| format!("00000000-0000-4000-a000-{i:012}")).collect();
    let many: Vec<String> = (0..501).map(|i| format!("00000000-0000-4000-a000-{i:012}")).collect();
    cases.extend([
        ("get_nodes_details", json!({"nodeIds": ids}), "nodeIds"),
        (
            "search_wlo_content",
            json!({"query": "Bruch", "excludeNodeIds": many}),
            "excludeNodeIds",
        ),
        (
            "search_wlo_all",
            json!({"query": "Bruch", "include": vec!["content"; 11]}),
            "include",
        ),
        (
            "search_wlo_all",
            json!({"query": "Bruch", "include": ["everything"]}),
            "include",
        ),
    ]);
    for (tool, args, key) in cases {
        let r = h.call_tool(tool, args).await;
        assert!(r.is_error, "{tool} {key}: {}", r.text);
        assert!(r.text.contains(key), "{tool}: the error names {key}: {}", r.text);
        assert!(
            r.text.chars().count() < 800,
            "{tool} {key}: the error does not echo the value"
        );
    }
    assert_eq!(
        h.standin.control().stats().total_requests,
        0,
        "rejected arguments make no request"
    );

    // 200 characters after trimming are fine.
    let exact = format!("   {}   ", "Bruchrechnung ".repeat(14) + "Teil");
    assert_eq!(exact.trim().chars().count(), 200);
    let r = h.call_tool("search_wlo_content", json!({"query": exact})).await;
    assert!(!r.is_error, "{}", r.text);
    let r = h.call_tool("get_nodes_details", json!({"nodeIds": ids[..50]})).await;
    assert!(!r.is_error, "50 ids are allowed: {}", r.text);
}

#[tokio::test]
async fn numbers_are_clamped_or_rejected_by_name() {
    let h = Harness::start().await;
    let wk = h.standin.well_known().clone();
    let numeric: Vec<(&str, Value, &str)> = vec![
        ("search_wlo_content", json!({"query": "Bruchrechnung"}), "maxResults"),
        (
            "search_wlo_collections",
            json!({"query": "Bruchrechnung"}),
            "maxResults",
        ),
        (
            "get_collection_contents",
            json!({"nodeId": wk.bruchrechnung}),
            "maxResults",
        ),
        (
            "get_collection_contents",
            json!({"nodeId": wk.bruchrechnung}),
            "skipCount",
        ),
        ("search_wlo_all", json!({"query": "Bruchrechnung"}), "maxContent"),
        ("search_wlo_all", json!({"query": "Bruchrechnung"}), "maxCollections"),
        ("search_wlo_topic_pages", json!({}), "maxResults"),
        ("browse_collection_tree", json!({"nodeId": ROOT}), "depth"),
        ("browse_collection_tree", json!({"nodeId": ROOT}), "maxResults"),
    ];
    let booleans: Vec<(&str, Value, &str)> = vec![
        (
            "get_node_details",
            json!({"nodeId": wk.bruchrechnung}),
            "includeParents",
        ),
        ("get_subject_portals", json!({}), "includeContentCounts"),
        (
            "browse_collection_tree",
            json!({"nodeId": ROOT}),
            "includeContentCounts",
        ),
        ("search_wlo_topic_pages", json!({}), "mergeVariants"),
        (
            "get_collection_contents",
            json!({"nodeId": wk.bruchrechnung}),
            "includeSubcollections",
        ),
    ];
    // Wrong types: an error naming the field, and no request.
    for (tool, base, key) in numeric.iter() {
        for bad in [
            json!("abc"),
            json!(5.5),
            json!("5,5"),
            json!(true),
            json!([3]),
            json!({"n": 3}),
            json!(1e300),
        ] {
            let mut args = base.clone();
            args[*key] = bad.clone();
            let r = h.call_tool(tool, args).await;
            assert!(r.is_error && r.text.contains(key), "{tool} {key}={bad}: {}", r.text);
            assert!(
                r.text.contains(" bis "),
                "{tool} {key}: the range is stated: {}",
                r.text
            );
        }
    }
    for (tool, base, key) in booleans.iter() {
        let mut args = base.clone();
        args[*key] = json!("vielleicht");
        let r = h.call_tool(tool, args).await;
        assert!(r.is_error && r.text.contains(key), "{tool} {key}: {}", r.text);
    }
    assert_eq!(h.standin.control().stats().total_requests, 0);

    // Out of range: clamped into the documented range, never an error.
    let h = &h;
    let mut clamped = Vec::new();
    for (tool, base, key) in numeric.iter() {
        for value in [json!(10_000), json!(-5), json!("10000"), json!(1e9)] {
            let mut args = base.clone();
            args[*key] = value.clone();
            clamped.push(async move { (tool, key, value, h.call_tool(tool, args).await) });
        }
    }
    for (tool, key, value, r) in futures::future::join_all(clamped).await {
        assert!(!r.is_error, "{tool} {key}={value}: {}", r.text);
    }
    let r = h
        .call_tool(
            "search_wlo_content",
            json!({"query": "Bruchrechnung", "maxResults": 10_000, "outputFormat": "json"}),
        )
        .await;
    let doc = r.json();
    assert_eq!(
        doc["_queryMeta"]["pagination"]["maxItems"], 20,
        "maxResults clamped to 20"
    );
    assert!(doc["results"].as_array().unwrap().len() <= 20);
    let r = h
        .call_tool(
            "get_collection_contents",
            json!({"nodeId": ROOT, "contentFilter": "both", "maxResults": 10_000, "outputFormat": "json"}),
        )
        .await;
    assert!(r.json()["results"].as_array().unwrap().len() <= 100);
}

// ---- HTTP layer (in-process handler) -----------------------------------------

fn in_process(extra: &[(&str, &str)]) -> HttpHandler {
    let mut vars: Vec<(String, String)> = vec![
        // Nothing listens on port 1: pure protocol tests.
        ("WLO_REPOSITORY_URL".into(), "http://127.0.0.1:1/edu-sharing".into()),
        ("WLO_TIMEOUT_MS".into(), "300".into()),
        ("WLO_TOOL_DEADLINE_MS".into(), "500".into()),
        ("WLO_CACHE_MAX_MB".into(), "0".into()),
    ];
    for (k, v) in extra {
        vars.retain(|(key, _)| key != k);
        vars.push((k.to_string(), v.to_string()));
    }
    let config = Config::from_lookup(|name| vars.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone())).unwrap();
    HttpHandler::new(
        App::new(config),
        HttpOptions {
            loopback_host_check: true,
        },
    )
}

async fn handle(handler: &HttpHandler, request: http::Request<Full<Bytes>>) -> (u16, http::HeaderMap, Vec<u8>) {
    let response = handler.handle(request).await;
    let (parts, body) = response.into_parts();
    let bytes = body.collect().await.unwrap().to_bytes().to_vec();
    (parts.status.as_u16(), parts.headers, bytes)
}

fn post() -> http::request::Builder {
    http::Request::builder()
        .method("POST")
        .uri("/mcp")
        .header("host", "127.0.0.1")
}

fn post_body(body: impl Into<Bytes>) -> http::Request<Full<Bytes>> {
    let body = body.into();
    post().body(Full::new(body)).unwrap()
}

fn assert_rpc_error(status: u16, body: &[u8], expected_status: u16, code: i64) {
    assert_eq!(
        status,
        expected_status,
        "{}",
        String::from_utf8_lossy(&body[..body.len().min(300)])
    );
    let doc: Value = serde_json::from_slice(body).expect("JSON-RPC error body");
    assert_eq!(doc["jsonrpc"], "2.0");
    assert_eq!(doc["error"]["code"], code, "{doc}");
    assert!(doc["error"]["message"].as_str().is_some_and(|m| !m.is_empty()));
}

/// A ping padded to exactly `len` bytes.
fn padded_ping(len: usize) -> String {
    let head = r#"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":""#;
    let tail = r#""}}"#;
    format!("{head}{}{tail}", "x".repeat(len - head.len() - tail.len()))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn body_size_cap_is_exact() {
    let handler = in_process(&[]);
    let (status, _, body) = handle(&handler, post_body(padded_ping(MAX_BODY_BYTES))).await;
    assert_eq!(
        status,
        200,
        "exactly 1 MiB is accepted: {}",
        String::from_utf8_lossy(&body)
    );
    let (status, _, body) = handle(&handler, post_body(padded_ping(MAX_BODY_BYTES + 1))).await;
    assert_rpc_error(status, &body, 413, -32600);
    // A declared length far over the cap is rejected without reading the body.
    let request = post()
        .header("content-length", "10737418240")
        .body(Full::new(Bytes::from_static(b"{}")))
        .unwrap();
    let (status, _, body) = handle(&handler, request).await;
    assert_rpc_error(status, &body, 413, -32600);
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

// ---- a failing repository ------------------------------------------------------

async fn assert_all_fail(h: &Harness, fault: Fault, phrase: &str) {
    h.standin.control().set_fault(fault);
    let calls = upstream_calls(h);
    let results = futures::future::join_all(calls.iter().map(|(tool, args)| timed(h, tool, args.clone()))).await;
    let limit = Duration::from_millis(DEADLINE_MS + 1000);
    for ((tool, args), (r, elapsed)) in calls.iter().zip(results) {
        assert!(elapsed < limit, "{fault:?} {tool} {args}: took {elapsed:?}");
        assert!(r.is_error, "{fault:?} {tool} {args}: not an error: {}", r.text);
        assert_eq!(r.blocks, 1);
        let text = if *tool == "wlo_health_check" {
            let doc = r.json();
            assert_eq!(doc["ok"], false, "{fault:?}");
            doc["error"].as_str().unwrap().to_string()
        } else {
            r.text.clone()
        };
        assert!(
            text.contains(phrase),
            "{fault:?} {tool} {args}: says what failed ({phrase}): {text}"
        );
        for empty in EMPTY_PHRASES {
            assert!(
                !text.contains(empty),
                "{fault:?} {tool} {args}: a broken repository is not '{empty}': {text}"
            );
        }
    }
    // The vocabulary needs no repository.
    let r = h
        .call_tool("lookup_wlo_vocabulary", json!({"vocabulary": "discipline"}))
        .await;
    assert!(!r.is_error && r.text.contains("Mathematik"), "{fault:?}: {}", r.text);
}

async fn assert_all_recover(h: &Harness) {
    h.standin.control().set_fault(Fault::None);
    // One after the other: the short test deadline must not be spent waiting
    // for the CPU on a busy CI machine.
    for (tool, args) in upstream_calls(h) {
        let r = h.call_tool(tool, args.clone()).await;
        assert!(!r.is_error, "{tool} {args} after recovery: {}", r.text);
    }
}

/// Short timeouts, and the response cache on as in production (16 MB), so
/// recovery also proves that no failure was cached.
async fn fault_harness() -> Harness {
    let deadline = DEADLINE_MS.to_string();
    Harness::start_with(&[
        ("WLO_TIMEOUT_MS", TIMEOUT_MS),
        ("WLO_TOOL_DEADLINE_MS", &deadline),
        ("WLO_CACHE_MAX_MB", "16"),
    ])
    .await
}

#[tokio::test]
async fn every_tool_fails_clearly_when_the_repository_is_down_and_recovers() {
    let h = fault_harness().await;
    assert_all_fail(&h, Fault::Down, "nicht erreichbar").await;
    assert_all_recover(&h).await;
}

#[tokio::test]
async fn every_tool_fails_clearly_when_the_repository_is_slow_and_recovers() {
    let h = fault_harness().await;
    assert_all_fail(&h, Fault::Slow, "Zeitüberschreitung").await;
    assert_all_recover(&h).await;
}

#[tokio::test]
async fn every_tool_fails_clearly_on_http_500_and_recovers() {
    let h = fault_harness().await;
    assert_all_fail(&h, Fault::Error500, "HTTP 500").await;
    assert_all_recover(&h).await;
}

#[tokio::test]
async fn every_tool_fails_clearly_on_garbage_and_recovers() {
    let h = fault_harness().await;
    assert_all_fail(&h, Fault::Garbage, "unlesbare Antwort").await;
    assert_all_recover(&h).await;
}

#[tokio::test]
async fn single_node_faults_name_the_node_problem() {
    let h = fault_harness().await;
    let wk = h.standin.well_known().clone();
    let ctl = h.standin.control();
    for (status, phrase) in [(404u16, "nicht gefunden"), (403, "nicht öffentlich")] {
        ctl.clear_node_faults();
        for id in [
            &wk.bruchrechnung,
            &wk.photosynthese,
            &wk.portal_with_topic_page,
            &wk.portal_without_topic_page,
        ] {
            ctl.set_node_fault(id, status);
        }
        let mut calls = vec![
            ("get_node_details", json!({"nodeId": wk.photosynthese}), phrase),
            ("get_collection_contents", json!({"nodeId": wk.bruchrechnung}), phrase),
        ];
        if status == 404 {
            calls.extend([
                ("browse_collection_tree", json!({"nodeId": wk.bruchrechnung}), phrase),
                (
                    "search_wlo_collections",
                    json!({"query": "Bruch", "parentNodeId": wk.portal_without_topic_page}),
                    phrase,
                ),
                (
                    "search_wlo_topic_pages",
                    json!({"collectionId": wk.portal_with_topic_page}),
                    phrase,
                ),
            ]);
        } else {
            // 403 on a collection: the tool still says that the collection is not accessible.
            calls.extend([
                (
                    "browse_collection_tree",
                    json!({"nodeId": wk.bruchrechnung}),
                    "nicht öffentlich",
                ),
                (
                    "search_wlo_collections",
                    json!({"query": "Bruch", "parentNodeId": wk.portal_without_topic_page}),
                    "nicht öffentlich",
                ),
                (
                    "search_wlo_topic_pages",
                    json!({"collectionId": wk.portal_with_topic_page}),
                    "nicht öffentlich",
                ),
            ]);
        }
        for (tool, args, phrase) in calls {
            let (r, elapsed) = timed(&h, tool, args.clone()).await;
            assert!(
                elapsed < Duration::from_millis(DEADLINE_MS + 1000),
                "{status} {tool}: {elapsed:?}"
            );
            assert!(r.is_error, "{status} {tool} {args}: {}", r.text);
            assert!(
                r.text.contains(phrase),
                "{status} {tool} {args}: expected '{phrase}': {}",
                r.text
            );
        }
        // In a bulk read the faulted node lands in failed[], the rest resolves.
        let r = h
            .call_tool(
                "get_nodes_details",
                json!({"nodeIds": [wk.photosynthese, wk.cc_with_version]}),
            )
            .await;
        assert!(!r.is_error, "{status}: {}", r.text);
        let doc = r.json();
        assert_eq!(doc["failed"], json!([wk.photosynthese]));
        assert_eq!(doc["resolved"], 1);
    }
    // The root itself: the portals and the health check say so.
    ctl.clear_node_faults();
    ctl.set_node_fault(ROOT, 404);
    let r = h.call_tool("get_subject_portals", json!({})).await;
    assert!(r.is_error && r.text.contains("nicht gefunden"), "{}", r.text);
    let r = h.call_tool("wlo_health_check", json!({})).await;
    assert!(r.is_error && r.json()["ok"] == false);
    ctl.clear_node_faults();
    assert_all_recover(&h).await;
}

#[tokio::test]
async fn upstream_concurrency_is_bounded_per_process() {
    let h = Harness::start_with(&[
        ("WLO_MAX_CONCURRENCY", "4"),
        ("WLO_TOOL_DEADLINE_MS", "30000"),
        ("WLO_TIMEOUT_MS", "20000"),
    ])
    .await;
    h.standin.control().set_latency(40, 10);
    let wk = h.standin.well_known().clone();
    let content: Vec<String> = h
        .standin
        .corpus()
        .nodes
        .iter()
        .filter(|n| {
            n.kind == wlo_standin::NodeKind::Content && n.is_public && !n.index_only && !n.is_deleted_placeholder
        })
        .map(|n| n.id.clone())
        .take(60)
        .collect();
    let calls: Vec<(&str, Value)> = (0..50)
        .map(|i| match i % 5 {
            0 => ("search_wlo_content", json!({"query": QUERIES[i % 3]})),
            1 => ("get_nodes_details", json!({"nodeIds": content[i % 50..i % 50 + 10]})),
            2 => ("browse_collection_tree", json!({"nodeId": ROOT, "depth": 2})),
            3 => (
                "get_node_details",
                json!({"nodeId": content[i], "includeParents": true, "includeTextContent": true}),
            ),
            _ => (
                "get_collection_contents",
                json!({"nodeId": wk.bruchrechnung, "includeSubcollections": true}),
            ),
        })
        .collect();
    let results = futures::future::join_all(calls.iter().map(|(tool, args)| h.call_tool(tool, args.clone()))).await;
    for ((tool, _), r) in calls.iter().zip(&results) {
        assert!(!r.is_error, "{tool}: {}", r.text);
    }
    let stats = h.standin.control().stats();
    assert!(stats.total_requests > 100, "enough upstream traffic: {stats:?}");
    assert!(
        stats.peak_concurrency <= 4,
        "at most 4 upstream requests in flight: {stats:?}"
    );
    assert_eq!(
        stats.peak_concurrency, 4,
        "the bound is reached, so the calls really ran together"
    );
}

#[tokio::test]
async fn one_call_fans_out_at_most_32_requests() {
    let h = Harness::start().await;
    h.standin.control().set_latency(150, 0);
    let ids: Vec<String> = h
        .standin
        .corpus()
        .nodes
        .iter()
        .filter(|n| n.kind == wlo_standin::NodeKind::Content)
        .map(|n| n.id.clone())
        .take(50)
        .collect();
    let r = h.call_tool("get_nodes_details", json!({ "nodeIds": ids })).await;
    assert!(!r.is_error, "{}", r.text);
    let stats = h.standin.control().stats();
    assert_eq!(stats.total_requests, 50);
    assert_eq!(stats.peak_concurrency, 32, "per-call fan-out bound: {stats:?}");
}

#[tokio::test]
async fn only_connection_failures_are_retried_once() {
    let h = fault_harness().await;
    let ctl = h.standin.control();
    for (fault, expected) in [
        (Fault::Down, 2),
        (Fault::Error500, 1),
        (Fault::Garbage, 1),
        (Fault::Slow, 1),
    ] {
        ctl.set_fault(fault);
        let before = ctl.stats().total_requests;
        let r = h.call_tool("get_node_details", json!({ "nodeId": ROOT })).await;
        assert!(r.is_error);
        let sent = ctl.stats().total_requests - before;
        assert_eq!(sent, expected, "{fault:?}: requests for one read");
    }
    ctl.set_fault(Fault::None);
    // A 404 is an answer, not a failure: no retry either.
    ctl.set_node_fault(ROOT, 404);
    let before = ctl.stats().total_requests;
    h.call_tool("get_node_details", json!({ "nodeId": ROOT })).await;
    assert_eq!(ctl.stats().total_requests - before, 1);
}

// ---- load ----------------------------------------------------------------------

const QUERIES: [&str; 3] = ["Bruchrechnung", "Photosynthese", "Klimawandel"];

fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmRSS")
}

/// User + system CPU time of a process, in milliseconds (clock ticks of 10 ms).
fn cpu_ms(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let fields: Vec<&str> = stat.rsplit(')').next().unwrap_or("").split_whitespace().collect();
    let ticks = |i: usize| fields.get(i).and_then(|v| v.parse::<u64>().ok()).unwrap_or(0);
    (ticks(11) + ticks(12)) * 10
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[index]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bounded_load_with_flat_memory() {
    let calls: usize = std::env::var("WLO_LOAD_CALLS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300);
    let concurrency: usize = std::env::var("WLO_LOAD_CONCURRENCY")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100);
    let h = Arc::new(Harness::start_with(&[("WLO_TOOL_DEADLINE_MS", "30000"), ("WLO_TIMEOUT_MS", "20000")]).await);
    h.standin.control().set_latency(20, 10);
    let wk = h.standin.well_known().clone();
    let mix: Vec<(&str, Value)> = vec![
        ("search_wlo_content", json!({"query": "Bruchrechnung"})),
        (
            "search_wlo_content",
            json!({"query": "Photosynthese", "educationalContext": "Sekundarstufe I"}),
        ),
        ("search_wlo_collections", json!({"query": "Klimawandel"})),
        ("search_wlo_all", json!({"query": "Geometrie"})),
        ("search_wlo_topic_pages", json!({"query": "Mathematik"})),
        ("get_subject_portals", json!({})),
        ("browse_collection_tree", json!({"nodeId": ROOT})),
        ("get_collection_contents", json!({"nodeId": wk.bruchrechnung})),
        (
            "get_node_details",
            json!({"nodeId": wk.photosynthese, "includeParents": true}),
        ),
        (
            "get_nodes_details",
            json!({"nodeIds": [wk.photosynthese, wk.cc_with_version, wk.bruchrechnung]}),
        ),
        ("lookup_wlo_vocabulary", json!({"vocabulary": "discipline"})),
        ("wlo_health_check", json!({})),
    ];
    let mix = Arc::new(mix);
    let bursts: usize = std::env::var("WLO_LOAD_BURSTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3)
        .max(3);
    let mut rss = Vec::new();
    // Burst 0 warms up connection pools and allocator arenas; bursts 1.. are measured.
    for burst in 0..=bursts {
        let semaphore = Arc::new(tokio::sync::Semaphore::new(concurrency));
        let started = Instant::now();
        let mut tasks = tokio::task::JoinSet::new();
        for i in 0..calls {
            let (h, mix, semaphore) = (h.clone(), mix.clone(), semaphore.clone());
            tasks.spawn(async move {
                let _permit = semaphore.acquire_owned().await.unwrap();
                let (tool, args) = &mix[i % mix.len()];
                let t = Instant::now();
                let r = h.call_tool(tool, args.clone()).await;
                (*tool, r, t.elapsed())
            });
        }
        let mut latencies = Vec::with_capacity(calls);
        while let Some(done) = tasks.join_next().await {
            let (tool, r, elapsed) = done.unwrap();
            assert!(!r.is_error, "burst {burst} {tool}: {}", r.text);
            latencies.push(elapsed);
        }
        latencies.sort();
        let wall = started.elapsed();
        tokio::time::sleep(Duration::from_millis(200)).await;
        let kib = rss_kib(h.server.pid());
        println!(
            "load burst {burst}{}: {calls} calls at {concurrency} concurrent in {wall:?} ({:.0} calls/s); p50 {:?} p99 {:?} max {:?}; server VmRSS {} KiB, server CPU {} ms so far",
            if burst == 0 { " (warm-up)" } else { "" },
            calls as f64 / wall.as_secs_f64(),
            percentile(&latencies, 0.50),
            percentile(&latencies, 0.99),
            latencies.last().unwrap(),
            kib,
            cpu_ms(h.server.pid())
        );
        if burst > 0 {
            rss.push(kib);
        }
    }
    let last = *rss.last().unwrap();
    assert!(last <= rss[0] + 10 * 1024, "memory grew across bursts: {rss:?} KiB");
}

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
    let _ = rustls::crypto::ring::default_provider().install_default();
    let server = LoggedServer::spawn(&[
        ("WLO_REPOSITORY_URL", &standin.base_url()),
        ("WLO_MCP_TOKEN", TOKEN),
        ("RUST_LOG", "debug"),
        ("WLO_CACHE_MAX_MB", "0"),
    ]);
    let client = reqwest::Client::new();
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
    // Let the log lines of the last requests arrive.
    tokio::time::sleep(Duration::from_millis(300)).await;
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
    let _ = rustls::crypto::ring::default_provider().install_default();
    let server = LoggedServer::spawn(&[
        ("WLO_REPOSITORY_URL", "http://127.0.0.1:1/edu-sharing"),
        ("WLO_MCP_TOKEN", TOKEN),
        ("RUST_LOG", "info"),
    ]);
    let client = reqwest::Client::new();
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
        let rejections: Vec<String> = log.into_iter().filter(|l| l.contains("401")).collect();
        if rejections.len() >= 3 || Instant::now() > deadline {
            break rejections;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(rejections.len(), 3, "one line per rejection: {rejections:?}");
    for ((method, _, _, reason), line) in cases.iter().zip(&rejections) {
        assert!(line.contains("WARN"), "{line}");
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

// ---- repository data is data ------------------------------------------------------

/// Markdown: the hostile title stays inside its own card heading, and no
/// `javascript:` URL is shown.
fn assert_neutral_markdown(what: &str, text: &str, hostile_id: &str) {
    let lines: Vec<&str> = text.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        if !line.contains("Systemhinweis") {
            continue;
        }
        let trimmed = line.trim_start();
        assert!(
            !trimmed.starts_with("Systemhinweis"),
            "{what}: the hostile title opens a line:\n{text}"
        );
        if trimmed.starts_with('#') {
            assert!(
                line.starts_with("## Bruchrechnung üben"),
                "{what}: a hostile heading:\n{text}"
            );
            assert_eq!(
                lines.get(i + 1).copied(),
                Some(format!("nodeId: {hostile_id}").as_str()),
                "{what}:\n{text}"
            );
        }
    }
    assert!(
        !text.contains("javascript:"),
        "{what}: a javascript: URL is shown:\n{text}"
    );
}

#[tokio::test]
async fn hostile_repository_data_stays_data_in_every_listing() {
    let h = Harness::start().await;
    let wk = h.standin.well_known().clone();
    let calls = [
        ("search_wlo_content", json!({"query": "Systemhinweis"})),
        (
            "search_wlo_content",
            json!({"query": "Bruchrechnung", "maxResults": 20}),
        ),
        (
            "search_wlo_content",
            json!({"query": "Bruchrechnung interaktiv", "maxResults": 20}),
        ),
        (
            "search_wlo_all",
            json!({"query": "Bruchrechnung", "maxContent": 50, "outputFormat": "markdown"}),
        ),
        (
            "get_collection_contents",
            json!({"nodeId": wk.bruchrechnung, "maxResults": 100}),
        ),
        ("get_node_details", json!({"nodeId": wk.hostile_title})),
        ("get_node_details", json!({"nodeId": wk.javascript_url})),
    ];
    let mut seen_hostile = false;
    let mut seen_js = false;
    for (tool, args) in &calls {
        let r = h.call_tool(tool, args.clone()).await;
        assert!(!r.is_error, "{tool}: {}", r.text);
        seen_hostile |= r.text.contains(&wk.hostile_title);
        seen_js |= r.text.contains(&wk.javascript_url);
        assert_neutral_markdown(&format!("{tool} {args}"), &r.text, &wk.hostile_title);
        // JSON answers: no javascript: anywhere, and URL fields are http(s) or empty.
        let mut json_args = args.clone();
        json_args["outputFormat"] = json!("json");
        let r = h.call_tool(tool, json_args).await;
        assert!(!r.text.contains("javascript:"), "{tool}: {}", r.text);
        let doc = r.json();
        check_urls(&doc);
    }
    assert!(seen_hostile && seen_js, "the searches found the hostile nodes");
    let r = h
        .call_tool(
            "get_nodes_details",
            json!({"nodeIds": [wk.hostile_title, wk.javascript_url]}),
        )
        .await;
    assert!(!r.text.contains("javascript:"));
    check_urls(&r.json());
}

/// Every `*Url` / `url` string field is empty or http(s).
fn check_urls(value: &Value) {
    match value {
        Value::Object(map) => {
            for (key, v) in map {
                if (key == "url" || key.ends_with("Url"))
                    && let Some(s) = v.as_str()
                {
                    assert!(
                        s.is_empty() || s.starts_with("http://") || s.starts_with("https://"),
                        "{key}: {s}"
                    );
                }
                check_urls(v);
            }
        }
        Value::Array(items) => items.iter().for_each(check_urls),
        _ => {}
    }
}

// ---- panics --------------------------------------------------------------------------

fn boom_spec() -> ToolSpec {
    ToolSpec {
        name: "boom",
        title: "Boom",
        description: "Panics.",
        input_schema: json!({"type": "object"}),
    }
}

fn boom_call<'a>(_app: &'a App, args: Args) -> Pin<Box<dyn std::future::Future<Output = ToolResponse> + Send + 'a>> {
    Box::pin(async move {
        tokio::task::yield_now().await;
        let items: Vec<u8> = Vec::new();
        let index = args.integer("index", 0, 100, 3).unwrap_or(3) as usize;
        ToolResponse::text(format!("{}", items[index]))
    })
}

fn eager_boom_call(_app: &wlo_mcp::app::App, _args: Args) -> futures::future::BoxFuture<'_, ToolResponse> {
    // Panics while building the future, before it is ever polled.
    let empty: Vec<u8> = Vec::new();
    let byte = empty[usize::from(empty.is_empty())];
    Box::pin(async move { ToolResponse::text(byte.to_string()) })
}

#[tokio::test]
async fn a_tool_that_panics_before_returning_its_future_is_caught_too() {
    let handler = in_process(&[]);
    let app = handler.app().clone();
    let eager = ToolEntry {
        spec: boom_spec,
        call: eager_boom_call,
    };
    let response = wlo_mcp::server::run_tool(&app, "boom", &eager, Args::default()).await;
    assert!(response.is_error);
    assert!(response.rendered_text().contains("Interner Fehler"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_panicking_tool_call_is_an_error_for_that_call_only() {
    let handler = in_process(&[]);
    let app = handler.app().clone();
    let boom = ToolEntry {
        spec: boom_spec,
        call: boom_call,
    };
    let vocabulary = wlo_mcp::tools::find(&app, "lookup_wlo_vocabulary").unwrap();
    let mut tasks = Vec::new();
    for i in 0..20 {
        let app = app.clone();
        let boom = ToolEntry {
            spec: boom.spec,
            call: boom.call,
        };
        tasks.push(tokio::spawn(async move {
            if i % 2 == 0 {
                (
                    true,
                    wlo_mcp::server::run_tool(&app, "boom", &boom, Args::default()).await,
                )
            } else {
                let mut map = serde_json::Map::new();
                map.insert("vocabulary".into(), json!("discipline"));
                (
                    false,
                    wlo_mcp::server::run_tool(&app, "lookup_wlo_vocabulary", vocabulary, Args::new(map)).await,
                )
            }
        }));
    }
    for task in tasks {
        let (panicking, response) = task.await.expect("the panic stayed inside run_tool");
        if panicking {
            assert!(response.is_error);
            let text = response.rendered_text();
            assert!(text.contains("Interner Fehler"), "{text}");
            assert!(
                !text.contains("index out of bounds"),
                "panic details stay in the log: {text}"
            );
        } else {
            assert!(!response.is_error && response.rendered_text().contains("Mathematik"));
        }
    }
    // The same runtime and handler keep serving.
    let call = json!({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"lookup_wlo_vocabulary","arguments":{"vocabulary":"userRole"}}});
    let (status, _, body) = handle(&handler, post_body(call.to_string())).await;
    assert_eq!(status, 200);
    let doc: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(doc["result"]["isError"], false, "{doc}");
}
