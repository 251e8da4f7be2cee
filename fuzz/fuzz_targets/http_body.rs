//! Feed arbitrary bytes to the stateless HTTP handler, in-process.
//!
//! The first input byte picks the method and a few headers; the rest is the
//! body. The repository is a loopback port nobody listens on, so tool calls
//! fail fast and every run stays on this machine. The invariants are the ones
//! of `tests/suite/proptest_http.rs`: no panic, a known status, CORS on every
//! answer, and a JSON-RPC body whenever the status is 200 or a 4xx but 405.

#![no_main]

use std::sync::OnceLock;

use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use libfuzzer_sys::fuzz_target;
use wlo_mcp::app::App;
use wlo_mcp::config::Config;
use wlo_mcp::transport::http::{HttpHandler, HttpOptions};

struct State {
    runtime: tokio::runtime::Runtime,
    open: HttpHandler,
    guarded: HttpHandler,
}

fn handler(token: Option<&str>) -> HttpHandler {
    let config = Config::from_lookup(|name| match name {
        "WLO_REPOSITORY_URL" => Some("http://127.0.0.1:1/edu-sharing".into()),
        "WLO_TIMEOUT_MS" => Some("200".into()),
        "WLO_TOOL_DEADLINE_MS" => Some("300".into()),
        "WLO_CACHE_MAX_MB" => Some("0".into()),
        "WLO_MCP_TOKEN" => token.map(str::to_string),
        _ => None,
    })
    .expect("config");
    HttpHandler::new(
        App::new(config),
        HttpOptions {
            loopback_host_check: token.is_some(),
        },
    )
}

fn state() -> &'static State {
    static STATE: OnceLock<State> = OnceLock::new();
    STATE.get_or_init(|| {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("runtime");
        let (open, guarded) =
            runtime.block_on(async { (handler(None), handler(Some("fuzz-token"))) });
        State {
            runtime,
            open,
            guarded,
        }
    })
}

fuzz_target!(|data: &[u8]| {
    let state = state();
    let (selector, body) = match data.split_first() {
        Some((first, rest)) => (*first, rest),
        None => (0, data),
    };
    let method = match selector & 0x07 {
        0..=4 => "POST",
        5 => "GET",
        6 => "OPTIONS",
        _ => "DELETE",
    };
    let mut request = http::Request::builder()
        .method(method)
        .uri("/mcp")
        .header("host", "127.0.0.1:3000");
    if selector & 0x08 != 0 {
        request = request.header("mcp-protocol-version", "2025-06-18");
    }
    if selector & 0x10 != 0 {
        request = request.header("authorization", "Bearer fuzz-token");
    }
    if selector & 0x20 != 0 {
        request = request.header("accept", "text/event-stream");
    }
    let handler = if selector & 0x40 != 0 {
        &state.guarded
    } else {
        &state.open
    };
    let request = request
        .body(Full::new(Bytes::copy_from_slice(body)))
        .expect("request");

    let (status, cors, bytes) = state.runtime.block_on(async {
        let response = handler.handle(request).await;
        let status = response.status().as_u16();
        let cors = response
            .headers()
            .contains_key("access-control-allow-origin");
        let bytes = response
            .into_body()
            .collect()
            .await
            .expect("body")
            .to_bytes();
        (status, cors, bytes)
    });
    assert!(
        matches!(status, 200 | 202 | 204 | 400 | 401 | 403 | 405 | 413 | 431),
        "status {status}"
    );
    assert!(cors, "CORS header missing");
    if status == 200 || (status >= 400 && status != 405) {
        let doc: serde_json::Value = serde_json::from_slice(&bytes).expect("a JSON body");
        assert_eq!(doc["jsonrpc"], "2.0");
        assert!(doc.get("result").is_some() != doc.get("error").is_some());
        if let Some(content) = doc["result"].get("content") {
            let blocks = content.as_array().expect("content is a list");
            assert_eq!(blocks.len(), 1, "one text block");
            assert_eq!(blocks[0]["type"], "text");
        }
    } else {
        assert!(bytes.is_empty(), "status {status} with a body");
    }
});
