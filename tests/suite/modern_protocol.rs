//! Protocol revision 2026-07-28 to the letter, over HTTP, one test per group
//! of sentences of the revision (files under `docs/specification/2026-07-28/`
//! and `schema/2026-07-28/schema.ts` of modelcontextprotocol/modelcontextprotocol).
//! The official conformance suite (0.1.16) does not cover this revision.

use std::time::Duration;

use crate::common;

use common::*;
use reqwest::Method;
use serde_json::{Value, json};

const MODERN: &str = "2026-07-28";
const SERVER_INFO: &str = "io.modelcontextprotocol/serverInfo";

/// The `_meta` every modern request carries (`basic/index.mdx`,
/// "Per-request protocol fields": the version and the client's
/// capabilities are required, the client's identity is asked for).
fn request_meta(version: &str) -> Value {
    json!({
        "io.modelcontextprotocol/protocolVersion": version,
        "io.modelcontextprotocol/clientInfo": {"name": "modern-test", "version": "1"},
        "io.modelcontextprotocol/clientCapabilities": {}
    })
}

/// A request as a client of `version` sends it: the `_meta` above in its
/// params, and the headers `basic/transports/streamable-http.mdx` asks for
/// ("Request Metadata": `MCP-Protocol-Version`, `Mcp-Method`, and `Mcp-Name`
/// for `tools/call`, `resources/read` and `prompts/get`).
async fn send(server: &Server, version: &str, id: Value, method: &str, mut params: Value) -> Response {
    params["_meta"] = request_meta(version);
    let mut body = json!({"jsonrpc": "2.0", "method": method, "params": params});
    if !id.is_null() {
        body["id"] = id;
    }
    let mut request = server
        .request(Method::POST)
        .header("content-type", "application/json")
        .header("accept", "application/json, text/event-stream")
        .header("mcp-protocol-version", version)
        .header("mcp-method", method);
    if let Some(name) = params.get("name").or_else(|| params.get("uri")).and_then(Value::as_str) {
        request = request.header("mcp-name", name);
    }
    Response::read(request.body(body.to_string()).send().await.expect("sent")).await
}

/// A request as a client before 2025-06-18 sends it: no header, no `_meta`.
async fn send_legacy(server: &Server, method: &str, params: Value) -> Value {
    server.rpc(method, params).await
}

/// The requests whose results the revision describes, with the methods'
/// params (`basic/index.mdx` lists no exception but results without
/// `_meta`).
fn listed_requests() -> Vec<(&'static str, Value)> {
    vec![
        ("server/discover", json!({})),
        ("tools/list", json!({})),
        (
            "tools/call",
            json!({"name": "search_wlo_content", "arguments": {"query": "Bruchrechnung", "maxResults": 2}}),
        ),
        ("resources/list", json!({})),
        ("resources/templates/list", json!({})),
        ("resources/read", json!({"uri": "wlo://vocabulary/discipline"})),
        ("prompts/list", json!({})),
        (
            "prompts/get",
            json!({"name": "unterrichtsmaterial_finden", "arguments": {"thema": "Bruchrechnung"}}),
        ),
        (
            "completion/complete",
            json!({"ref": {"type": "ref/prompt", "name": "unterrichtsmaterial_finden"}, "argument": {"name": "fach", "value": "Ma"}}),
        ),
    ]
}

/// The answers of `wlo-mcp stdio` to `requests`, one line each, in turn.
fn over_stdio(standin: &StandIn, requests: &[Value]) -> Vec<String> {
    let mut server = StdioServer::spawn(&[("WLO_REPOSITORY_URL", &standin.base_url())]);
    requests
        .iter()
        .map(|request| {
            server.send(request);
            server
                .next_line(Duration::from_secs(10))
                .unwrap_or_else(|| panic!("no answer over stdio to {request}"))
        })
        .collect()
}

/// The text of a JSON-RPC answer from its `"error":` member on.
fn error_text(answer: &str) -> &str {
    let at = answer
        .find("\"error\":")
        .unwrap_or_else(|| panic!("no error member: {answer}"));
    &answer[at..]
}

/// `basic/versioning.mdx`: "If the server does not implement the requested
/// version […], it MUST respond with an UnsupportedProtocolVersionError
/// listing the versions it does support", code -32022 with
/// `data.supported` and `data.requested` (`schema/2026-07-28/schema.ts`,
/// `UnsupportedProtocolVersionError`).
/// `basic/transports/streamable-http.mdx`: "it MUST respond with `400 Bad
/// Request` and an UnsupportedProtocolVersionError listing its supported
/// versions". `basic/index.mdx`: "Error responses MUST include the same ID
/// as the request they correspond to". Over HTTP the header rule answers
/// before rmcp; over stdio rmcp answers itself: the two errors must be the
/// same, byte for byte.
#[tokio::test]
async fn an_unsupported_version_gets_the_same_error_as_over_stdio() {
    let h = Harness::start().await;
    let unknown = "1999-01-01";
    let cases = [(json!(7), "server/discover"), (json!("list-1"), "tools/list")];
    let stdio_requests: Vec<Value> = cases
        .iter()
        .map(|(id, method)| json!({"jsonrpc": "2.0", "id": id, "method": method, "params": {"_meta": request_meta(unknown)}}))
        .collect();
    let stdio = over_stdio(&h.standin, &stdio_requests);
    for ((id, method), stdio) in cases.iter().zip(&stdio) {
        let r = send(&h.server, unknown, id.clone(), method, json!({})).await;
        assert_eq!(r.status, 400, "{method}: {}", r.text);
        let answer = r.json();
        assert_eq!(&answer["id"], id, "{method}: the request's own id");
        let error = &answer["error"];
        assert_eq!(error["code"], -32022, "{method}: {}", r.text);
        assert_eq!(error["data"]["requested"], unknown);
        let supported: Vec<&str> = error["data"]["supported"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(Value::as_str)
            .collect();
        assert!(
            supported.contains(&MODERN) && supported.contains(&"2025-11-25"),
            "{supported:?}"
        );
        // stdio's answer to the same request (rmcp's own), from the error on.
        assert_eq!(serde_json::from_str::<Value>(stdio).unwrap()["id"], *id, "{stdio}");
        assert_eq!(
            error_text(&r.text),
            error_text(stdio),
            "{method}: HTTP and stdio differ"
        );
        // A client falls back to a version from the list, and is served.
        let retry = send(&h.server, supported.last().unwrap(), id.clone(), method, json!({})).await;
        assert_eq!(
            retry.status,
            200,
            "{method} with {}: {}",
            supported.last().unwrap(),
            retry.text
        );
        assert!(retry.json().get("result").is_some(), "{}", retry.text);
    }
    // A notification has no id to answer: null.
    let r = send(&h.server, unknown, Value::Null, "notifications/initialized", json!({})).await;
    assert_eq!(r.status, 400, "{}", r.text);
    assert_eq!(
        (r.json()["id"].clone(), r.json()["error"]["code"].clone()),
        (Value::Null, json!(-32022))
    );
    // Older clients name the version only in the header; they get the same
    // 400, all their revisions ask for.
    let r = h
        .server
        .request(Method::POST)
        .header("mcp-protocol-version", unknown)
        .body(r#"{"jsonrpc":"2.0","id":3,"method":"ping"}"#)
        .send()
        .await
        .unwrap();
    let r = Response::read(r).await;
    assert_eq!(r.status, 400);
    assert_eq!(
        (r.json()["id"].clone(), r.json()["error"]["code"].clone()),
        (json!(3), json!(-32022))
    );
}

/// `basic/index.mdx`, "Per-response protocol fields": "Servers SHOULD
/// include the following io.modelcontextprotocol/* field in every result's
/// `_meta` […]: `io.modelcontextprotocol/serverInfo`" (`schema/2026-07-28/schema.ts`,
/// `ResultMetaObject`). A tool result's view data stays beside it.
#[tokio::test]
async fn every_modern_result_names_the_server() {
    let h = Harness::start().await;
    let identity = json!({"name": "wlo-mcp", "version": env!("CARGO_PKG_VERSION")});
    for (n, (method, params)) in listed_requests().into_iter().enumerate() {
        let r = send(&h.server, MODERN, json!(n + 1), method, params.clone()).await;
        assert_eq!(r.status, 200, "{method}: {}", r.text);
        let result = &r.json()["result"];
        assert_eq!(result["_meta"][SERVER_INFO], identity, "{method}: {result}");
        if method == "tools/call" {
            // The cards' view data (docs/ui.md) and the identity, side by side.
            assert!(result["_meta"]["wirlernenonline.de/view"].is_object(), "{result}");
        }
        if method != "server/discover" {
            // Earlier revisions define no serverInfo on results: theirs stay as they were.
            let legacy = send_legacy(&h.server, method, params).await;
            let meta = &legacy["result"]["_meta"];
            assert!(meta.get(SERVER_INFO).is_none(), "{method}: {legacy}");
        }
    }
    // Results without `_meta` stay empty, and errors carry no result.
    let r = send(
        &h.server,
        MODERN,
        json!(20),
        "logging/setLevel",
        json!({"level": "info"}),
    )
    .await;
    assert!(r.json()["result"].get("_meta").is_none(), "{}", r.text);
    let r = send(
        &h.server,
        MODERN,
        json!(21),
        "tools/call",
        json!({"name": "nope", "arguments": {}}),
    )
    .await;
    assert!(r.json().get("result").is_none(), "{}", r.text);
}

/// `server/utilities/caching.mdx`: "Servers MUST include caching hints on
/// results with resultType: "complete" returned by" `server/discover`, the
/// four lists and `resources/read`. `schema/2026-07-28/schema.ts`,
/// `CacheableResult`: `ttlMs` is how long "the client MAY cache this
/// response before re-fetching"; `"public"`: "The response does not contain
/// user-specific data. Any client or intermediary […] MAY cache the response
/// and serve it across authorization contexts." The lists, the
/// vocabularies and the views change only with a deployment (an hour); the
/// portals hold as long as the repository cache keeps them, and not at all
/// without it (docs/protocol.md).
#[tokio::test]
async fn cacheable_results_say_how_long_they_hold() {
    let h = Harness::start().await;
    let hour = json!({"ttlMs": 3_600_000, "cacheScope": "public"});
    let hints = |result: &Value| json!({"ttlMs": result["ttlMs"], "cacheScope": result["cacheScope"]});
    let reads = [
        "wlo://vocabulary/discipline",
        "wlo://vocabulary/educationalContext",
        "ui://wlo/cards",
        "ui://wlo/topic-page",
    ];
    let mut requests: Vec<(&str, Value)> = [
        "server/discover",
        "tools/list",
        "resources/list",
        "resources/templates/list",
        "prompts/list",
    ]
    .into_iter()
    .map(|method| (method, json!({})))
    .collect();
    requests.extend(reads.iter().map(|uri| ("resources/read", json!({"uri": uri}))));
    for (n, (method, params)) in requests.into_iter().enumerate() {
        let r = send(&h.server, MODERN, json!(n + 1), method, params.clone()).await;
        let result = &r.json()["result"];
        assert_eq!(hints(result), hour, "{method} {params}: {result}");
        if method != "server/discover" {
            let legacy = send_legacy(&h.server, method, params).await;
            assert!(
                legacy["result"].get("ttlMs").is_none() && legacy["result"].get("cacheScope").is_none(),
                "{method}: earlier revisions have no caching hints: {legacy}"
            );
        }
    }
    // The harness turns the repository cache off: the portals are stale at once.
    let portals = json!({"uri": "wlo://portals"});
    let r = send(&h.server, MODERN, json!(30), "resources/read", portals.clone()).await;
    assert_eq!(
        hints(&r.json()["result"]),
        json!({"ttlMs": 0, "cacheScope": "private"}),
        "{}",
        r.text
    );
    let cached = Harness::start_with(&[("WLO_CACHE_MAX_MB", "16"), ("WLO_CACHE_TTL_TREE_S", "120")]).await;
    let r = send(&cached.server, MODERN, json!(31), "resources/read", portals).await;
    assert_eq!(
        hints(&r.json()["result"]),
        json!({"ttlMs": 120_000, "cacheScope": "public"}),
        "{}",
        r.text
    );
}
