//! Helpers shared by the `hardening_*` test files: the in-process HTTP
//! handler and how to ask it.

use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use serde_json::Value;
use wlo_mcp::app::App;
use wlo_mcp::config::Config;
use wlo_mcp::transport::http::{HttpHandler, HttpOptions};

pub fn in_process(extra: &[(&str, &str)]) -> HttpHandler {
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

pub async fn handle(handler: &HttpHandler, request: http::Request<Full<Bytes>>) -> (u16, http::HeaderMap, Vec<u8>) {
    let response = handler.handle(request).await;
    let (parts, body) = response.into_parts();
    let bytes = body.collect().await.unwrap().to_bytes().to_vec();
    (parts.status.as_u16(), parts.headers, bytes)
}

pub fn post() -> http::request::Builder {
    http::Request::builder()
        .method("POST")
        .uri("/mcp")
        .header("host", "127.0.0.1")
}

pub fn post_body(body: impl Into<Bytes>) -> http::Request<Full<Bytes>> {
    let body = body.into();
    post().body(Full::new(body)).unwrap()
}

pub fn assert_rpc_error(status: u16, body: &[u8], expected_status: u16, code: i64) {
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
