//! The HTTP rules of the stateless handler, each with a test, in the order
//! the handler checks them (foundation issue).

use crate::common;

use common::*;
use reqwest::Method;
use serde_json::{Value, json};

fn assert_cors(r: &Response) {
    assert_eq!(
        r.header("access-control-allow-origin"),
        Some("*"),
        "CORS origin missing"
    );
    assert_eq!(r.header("access-control-expose-headers"), Some("Mcp-Session-Id"));
}

fn assert_rpc_error(r: &Response, status: u16, code: i64) {
    assert_eq!(r.status, status, "{}", r.text);
    let body = r.json();
    assert_eq!(body["jsonrpc"], "2.0");
    assert_eq!(body["id"], Value::Null);
    assert_eq!(body["error"]["code"], code, "{}", r.text);
    assert!(body["error"]["message"].as_str().is_some_and(|m| !m.is_empty()));
    assert_cors(r);
}

async fn send(server: &Server, method: Method, headers: &[(&str, &str)], body: &str) -> Response {
    let mut request = server.request(method).body(body.to_string());
    for (k, v) in headers {
        request = request.header(*k, *v);
    }
    Response::read(request.send().await.expect("sent")).await
}

const PING: &str = r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#;

#[tokio::test]
async fn rule_1_foreign_host_is_forbidden_on_loopback() {
    let h = Harness::start().await;
    let r = send(&h.server, Method::POST, &[("host", "evil.example")], PING).await;
    assert_rpc_error(&r, 403, -32600);
    for ok in ["localhost", "127.0.0.1:9", "[::1]:3000"] {
        let r = send(&h.server, Method::POST, &[("host", ok)], PING).await;
        assert_eq!(r.status, 200, "{ok}: {}", r.text);
    }
    // Host is checked before everything else, even a preflight.
    let r = send(&h.server, Method::OPTIONS, &[("host", "evil.example")], "").await;
    assert_eq!(r.status, 403);
}

#[tokio::test]
async fn no_host_check_on_other_bind_addresses() {
    let standin = StandIn::start(StandInOptions::default()).await.unwrap();
    let server = Server::spawn(
        &["serve", "--host", "0.0.0.0", "--port", "0"],
        &env(&[("WLO_REPOSITORY_URL", &standin.base_url())]),
    );
    let r = server
        .request(Method::POST)
        .header("x-probe", "1")
        .header("host", "wlo.example.org")
        .body(PING)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
}

#[tokio::test]
async fn rule_2_preflight_and_cors_on_every_response() {
    let h = Harness::start().await;
    let r = send(&h.server, Method::OPTIONS, &[("origin", "https://chat.example")], "").await;
    assert_eq!(r.status, 204);
    // Only what the endpoint answers: GET and DELETE get 405 (stateless, no sessions).
    assert_eq!(r.header("access-control-allow-methods"), Some("POST, OPTIONS"));
    assert_eq!(
        r.header("access-control-allow-headers"),
        Some("Content-Type, Accept, Authorization, Mcp-Session-Id, MCP-Protocol-Version, Last-Event-ID")
    );
    assert!(r.header("access-control-max-age").is_some());
    assert_cors(&r);
    // Success, 202, 405 and errors all carry CORS headers.
    assert_cors(&send(&h.server, Method::POST, &[], PING).await);
    assert_cors(
        &send(
            &h.server,
            Method::POST,
            &[],
            r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
        )
        .await,
    );
    assert_cors(&send(&h.server, Method::GET, &[], "").await);
    assert_cors(&send(&h.server, Method::POST, &[], "nope").await);
}

#[tokio::test]
async fn rule_4_other_methods_are_not_allowed() {
    let h = Harness::start().await;
    for method in [Method::GET, Method::DELETE, Method::PUT, Method::PATCH] {
        let r = send(&h.server, method.clone(), &[], "").await;
        assert_eq!(r.status, 405, "{method}");
        assert_eq!(r.header("allow"), Some("POST, OPTIONS"));
        assert_cors(&r);
    }
    // Method is checked before the protocol header.
    let r = send(&h.server, Method::GET, &[("mcp-protocol-version", "1999-01-01")], "").await;
    assert_eq!(r.status, 405);
}

#[tokio::test]
async fn rule_5_body_over_one_mebibyte_is_rejected() {
    let h = Harness::start().await;
    let big = format!(
        r#"{{"jsonrpc":"2.0","id":1,"method":"ping","params":{{"pad":"{}"}}}}"#,
        "x".repeat(1024 * 1024)
    );
    // The 413 comes from the declared length, before the body is read; the
    // server then closes the connection without reading the body, so a
    // client still sending may see the reset instead of the answer
    // (tests/hardening_ingress.rs checks the 413 on a raw socket).
    let server = &h.server;
    let over = |body: String| async move {
        let request = server.request(Method::POST).body(body);
        match request.send().await {
            Ok(response) => assert_rpc_error(&Response::read(response).await, 413, -32600),
            Err(error) => assert!(error.is_request(), "{error}"),
        }
    };
    over(big).await;
    // Size is checked before JSON validity.
    over("{".repeat(1024 * 1024 + 10)).await;
    // Just under the limit is fine.
    let ok = format!(
        r#"{{"jsonrpc":"2.0","id":1,"method":"ping","params":{{"pad":"{}"}}}}"#,
        "x".repeat(1000 * 1000)
    );
    assert_eq!(send(&h.server, Method::POST, &[], &ok).await.status, 200);
}

#[tokio::test]
async fn rule_6_json_and_json_rpc_shape() {
    let h = Harness::start().await;
    assert_rpc_error(&send(&h.server, Method::POST, &[], "not json").await, 400, -32700);
    assert_rpc_error(&send(&h.server, Method::POST, &[], "").await, 400, -32700);
    assert_rpc_error(
        &send(&h.server, Method::POST, &[], &format!("[{PING}]")).await,
        400,
        -32600,
    );
    assert_rpc_error(
        &send(&h.server, Method::POST, &[], r#"{"hello":"world"}"#).await,
        400,
        -32600,
    );
    assert_rpc_error(&send(&h.server, Method::POST, &[], "42").await, 400, -32600);
    // JSON validity is checked before the protocol header.
    let r = send(
        &h.server,
        Method::POST,
        &[("mcp-protocol-version", "bogus")],
        "not json",
    )
    .await;
    assert_rpc_error(&r, 400, -32700);
    // Deep nesting is a parse error, not a crash.
    let deep = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
    assert_rpc_error(&send(&h.server, Method::POST, &[], &deep).await, 400, -32700);
}

#[tokio::test]
async fn rule_7_protocol_version_header() {
    let h = Harness::start().await;
    // -32022 for the request's id, naming what was asked for and what is
    // spoken (tests/suite/modern_protocol.rs checks it against stdio).
    for bad in ["1999-01-01", "bogus", "2025-13-45"] {
        let r = send(&h.server, Method::POST, &[("mcp-protocol-version", bad)], PING).await;
        assert_eq!(r.status, 400, "{bad}: {}", r.text);
        let body = r.json();
        assert_eq!(
            (body["id"].clone(), body["error"]["code"].clone()),
            (json!(1), json!(-32022))
        );
        assert_eq!(body["error"]["data"]["requested"], bad);
        assert_cors(&r);
    }
    for good in ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"] {
        let r = send(&h.server, Method::POST, &[("mcp-protocol-version", good)], PING).await;
        assert_eq!(r.status, 200, "{good}: {}", r.text);
    }
    assert_eq!(send(&h.server, Method::POST, &[], PING).await.status, 200);
}

#[tokio::test]
async fn accept_and_content_type_are_lenient() {
    let h = Harness::start().await;
    for accept in [
        Some("application/json"),
        Some("*/*"),
        Some("text/event-stream, application/json"),
        None,
    ] {
        let mut headers = vec![];
        if let Some(a) = accept {
            headers.push(("accept", a));
        }
        let r = send(&h.server, Method::POST, &headers, PING).await;
        assert_eq!(r.status, 200, "{accept:?}: {}", r.text);
        assert!(r.header("content-type").unwrap_or("").starts_with("application/json"));
    }
    let r = send(&h.server, Method::POST, &[("content-type", "text/plain")], PING).await;
    assert_eq!(r.status, 200);
}

#[tokio::test]
async fn initialize_negotiates_and_mints_no_session() {
    let h = Harness::start().await;
    for (asked, expected) in [
        ("2024-11-05", "2024-11-05"),
        ("2025-03-26", "2025-03-26"),
        ("2025-06-18", "2025-06-18"),
        ("2025-11-25", "2025-11-25"),
        ("1999-01-01", "2025-11-25"),
    ] {
        let r = h
            .server
            .post(&json!({"jsonrpc": "2.0", "id": 7, "method": "initialize", "params": {
                "protocolVersion": asked, "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}))
            .await;
        assert_eq!(r.status, 200, "{}", r.text);
        assert!(r.header("mcp-session-id").is_none(), "a session id was minted");
        let body = r.json();
        assert_eq!(body["id"], 7);
        assert_eq!(body["result"]["protocolVersion"], expected, "asked {asked}");
        assert_eq!(body["result"]["serverInfo"]["name"], "wlo-mcp");
        assert_eq!(body["result"]["serverInfo"]["version"], env!("CARGO_PKG_VERSION"));
        let instructions = body["result"]["instructions"].as_str().unwrap();
        assert!(instructions.contains("get_subject_portals") && instructions.contains("get_nodes_details"));
    }
    // Nothing upstream for initialize, tools/list or ping.
    h.server.rpc("tools/list", json!({})).await;
    h.server.rpc("ping", json!({})).await;
    assert_eq!(h.standin.control().stats().total_requests, 0);
}

#[tokio::test]
async fn works_without_initialize_and_ignores_stale_sessions() {
    let h = Harness::start().await;
    let r = h
        .server
        .request(Method::POST)
        .header("mcp-session-id", "stale-session-from-yesterday")
        .body(r#"{"jsonrpc":"2.0","id":"a","method":"tools/list"}"#)
        .send()
        .await
        .unwrap();
    let r = Response::read(r).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert!(r.header("mcp-session-id").is_none());
    assert!(r.json()["result"]["tools"].as_array().is_some_and(|t| !t.is_empty()));
    let result = h
        .call_tool("lookup_wlo_vocabulary", json!({"vocabulary": "discipline"}))
        .await;
    assert!(!result.is_error);
}

#[tokio::test]
async fn notifications_and_client_responses_get_202() {
    let h = Harness::start().await;
    for body in [
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 1}}),
        json!({"jsonrpc": "2.0", "id": 5, "result": {}}),
        json!({"jsonrpc": "2.0", "id": 5, "error": {"code": -1, "message": "x"}}),
    ] {
        let r = h.server.post(&body).await;
        assert_eq!(r.status, 202, "{body}");
        assert!(r.text.is_empty());
    }
}

#[tokio::test]
async fn ping_set_level_unknown_method_unknown_tool() {
    let h = Harness::start().await;
    assert_eq!(h.server.rpc("ping", json!({})).await["result"], json!({}));
    let r = h.server.post(&json!({"jsonrpc":"2.0","id":1,"method":"ping"})).await;
    assert_eq!(r.json()["result"], json!({}));
    assert_eq!(
        h.server.rpc("logging/setLevel", json!({"level": "debug"})).await["result"],
        json!({})
    );
    let r = h
        .server
        .post(&json!({"jsonrpc":"2.0","id":2,"method":"does/not/exist","params":{}}))
        .await;
    assert_eq!(r.status, 200);
    assert_eq!(r.json()["error"]["code"], -32601);
    let r = h
        .server
        .rpc("tools/call", json!({"name": "nope", "arguments": {}}))
        .await;
    assert_eq!(r["error"]["code"], -32602);
    assert_eq!(r["error"]["message"], "Unknown tool: nope");
}

#[tokio::test]
async fn discover_lifecycle_keeps_working() {
    let h = Harness::start().await;
    let r = h
        .server
        .request(Method::POST)
        .header("mcp-protocol-version", "2026-07-28")
        .header("mcp-method", "server/discover")
        .body(
            json!({"jsonrpc": "2.0", "id": 1, "method": "server/discover", "params": {"_meta": {
                "io.modelcontextprotocol/protocolVersion": "2026-07-28",
                "io.modelcontextprotocol/clientInfo": {"name": "t", "version": "1"},
                "io.modelcontextprotocol/clientCapabilities": {}
            }}})
            .to_string(),
        )
        .send()
        .await
        .unwrap();
    let r = Response::read(r).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let versions = r.json()["result"]["supportedVersions"].clone();
    assert!(
        versions.as_array().is_some_and(|v| v.iter().any(|x| x == "2025-11-25")),
        "{versions}"
    );
}

#[tokio::test]
async fn tools_list_snapshot_is_plain_json_schema() {
    let h = Harness::start().await;
    let list = h.server.rpc("tools/list", json!({})).await["result"].clone();
    let tools = list["tools"].as_array().unwrap();
    for tool in tools {
        let schema = &tool["inputSchema"];
        let text = schema.to_string();
        assert!(
            !text.contains("$schema") && !text.contains("$ref") && !text.contains("$defs"),
            "{text}"
        );
        assert!(!text.contains("\"format\""), "{text}");
        assert_eq!(schema["type"], "object");
        assert!(schema["properties"].is_object());
        check_schema(&schema["properties"]);
        assert_eq!(tool["annotations"]["readOnlyHint"], true);
        assert_eq!(tool["annotations"]["destructiveHint"], false);
        assert!(tool["title"].is_string());
        assert!(tool.get("outputSchema").is_none());
    }
    let pretty = serde_json::to_string_pretty(&list).unwrap() + "\n";
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/snapshots/tools_list.json");
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::create_dir_all(std::path::Path::new(path).parent().unwrap()).unwrap();
        std::fs::write(path, &pretty).unwrap();
    }
    let pinned = std::fs::read_to_string(path).expect("snapshot exists (UPDATE_SNAPSHOTS=1 writes it)");
    assert_eq!(
        pretty, pinned,
        "tools/list changed; review and rerun with UPDATE_SNAPSHOTS=1"
    );
}

fn check_schema(properties: &Value) {
    for (name, prop) in properties.as_object().unwrap() {
        match prop["type"].as_str() {
            Some("integer") | Some("number") => {
                assert!(
                    prop.get("minimum").is_some() && prop.get("maximum").is_some() && prop.get("default").is_some(),
                    "{name}"
                );
            }
            Some("array") => assert!(prop.get("items").is_some(), "{name}"),
            Some(_) => {}
            None => panic!("{name} has no type"),
        }
    }
}

/// Paths of the objects in `schema` that do not declare `additionalProperties: false`.
fn open_objects(schema: &Value, path: &str, found: &mut Vec<String>) {
    match schema {
        Value::Object(map) => {
            let is_object = map.get("type") == Some(&json!("object")) || map.contains_key("properties");
            if is_object && map.get("additionalProperties") != Some(&json!(false)) {
                found.push(path.to_string());
            }
            for (key, value) in map {
                open_objects(value, &format!("{path}.{key}"), found);
            }
        }
        Value::Array(items) => {
            for (i, value) in items.iter().enumerate() {
                open_objects(value, &format!("{path}[{i}]"), found);
            }
        }
        _ => {}
    }
}

/// Strict function calling (OpenAI strict mode) needs every object closed;
/// the server still ignores unknown argument keys.
#[tokio::test]
async fn every_input_schema_object_is_closed_yet_unknown_keys_are_ignored() {
    let h = Harness::start().await;
    let list = h.server.rpc("tools/list", json!({})).await["result"].clone();
    let tools = list["tools"].as_array().unwrap();
    assert!(tools.len() >= 10, "{list}");
    let mut open = Vec::new();
    for tool in tools {
        let name = tool["name"].as_str().unwrap();
        open_objects(&tool["inputSchema"], &format!("{name}.inputSchema"), &mut open);
        let required = tool["inputSchema"]["required"].as_array().cloned().unwrap_or_default();
        for key in &required {
            assert!(
                tool["inputSchema"]["properties"].get(key.as_str().unwrap()).is_some(),
                "{name}: {key}"
            );
        }
    }
    assert!(open.is_empty(), "objects that permit undeclared properties: {open:?}");

    // Lenient at run time: an undeclared key changes nothing, with or
    // without `_meta`.
    for params in [
        json!({"name": "lookup_wlo_vocabulary", "arguments": {"vocabulary": "discipline", "query": "Mathe", "legacyKey": 1}}),
        json!({"name": "lookup_wlo_vocabulary", "arguments": {"vocabulary": "discipline", "query": "Mathe", "legacyKey": 1}, "_meta": {"progressToken": 1}}),
        json!({"name": "wlo_health_check", "arguments": {"verbose": true}}),
    ] {
        let r = ToolResult::from_rpc(&h.server.rpc("tools/call", params.clone()).await);
        assert!(!r.is_error, "{params}: {}", r.text);
        if params["name"] == "lookup_wlo_vocabulary" {
            assert!(r.text.contains("Mathematik"), "{params}: {}", r.text);
        }
    }
}

// ---- the order of the rules ----------------------------------------------------

/// One request that breaks every rule, mended one rule at a time: each answer
/// comes from the first rule still broken, so the layers run in the order the
/// module docs of `transport::http` list. Every answer carries CORS headers.
#[tokio::test]
async fn each_rule_answers_in_order() {
    use bytes::Bytes;
    use http_body_util::{BodyExt, Full, StreamBody};
    use wlo_mcp::app::App;
    use wlo_mcp::config::Config;
    use wlo_mcp::transport::http::{HttpHandler, HttpOptions};

    let vars = [
        // Nothing listens on port 1: none of these requests reaches WLO.
        ("WLO_REPOSITORY_URL", "http://127.0.0.1:1/edu-sharing"),
        ("WLO_MCP_TOKEN", "s3cret"),
        ("WLO_TOOL_DEADLINE_MS", "100"),
    ];
    let config = Config::from_lookup(|name| vars.iter().find(|(k, _)| *k == name).map(|(_, v)| v.to_string())).unwrap();
    let handler = HttpHandler::new(
        App::new(config),
        HttpOptions {
            loopback_host_check: true,
        },
    );
    let answer = |response: http::Response<Full<Bytes>>| async {
        let (parts, body) = response.into_parts();
        assert_eq!(parts.headers["access-control-allow-origin"], "*");
        assert_eq!(parts.headers["access-control-expose-headers"], "Mcp-Session-Id");
        // Answered before the body was read to its end: the connection
        // cannot carry another request (`transport::http::keep_alive`).
        let closes = match parts.headers.get("connection") {
            None => false,
            Some(value) => {
                assert_eq!(value, "close");
                true
            }
        };
        let body = body.collect().await.unwrap().to_bytes();
        let error = serde_json::from_slice::<Value>(&body)
            .ok()
            .map(|doc| doc["error"].clone());
        (parts.status.as_u16(), error, body, closes)
    };

    struct Request {
        method: &'static str,
        host: &'static str,
        token: bool,
        pad: usize,
        version: &'static str,
        body: String,
    }
    let mut request = Request {
        method: "OPTIONS",
        host: "evil.example",
        token: false,
        pad: 40 * 1024,
        version: "1999-01-01",
        body: "{".repeat(1024 * 1024 + 1),
    };
    let build = |r: &Request| {
        let mut builder = http::Request::builder()
            .method(r.method)
            .uri("/mcp")
            .header("host", r.host)
            .header("x-pad", "p".repeat(r.pad))
            .header("mcp-protocol-version", r.version);
        if r.token {
            builder = builder.header("authorization", "Bearer s3cret");
        }
        builder
    };
    let mut steps = Vec::new();
    for step in 0..11 {
        match step {
            0 => {}
            1 => request.host = "localhost:3000",
            2 => request.method = "GET",
            3 => request.token = true,
            4 => request.method = "POST",
            5 => request.pad = 10,
            6 => request.body = "not json".into(),
            7 => request.body = format!("[{PING}]"),
            8 => request.body = r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#.into(),
            9 => request.version = "2025-06-18",
            _ => request.body = PING.into(),
        }
        let http_request = build(&request)
            .body(Full::new(Bytes::from(request.body.clone())))
            .unwrap();
        let (status, error, body, closes) = answer(handler.handle(http_request).await).await;
        let code = error.as_ref().map(|e| e["code"].clone()).unwrap_or(Value::Null);
        steps.push((status, code, closes));
        if step == 7 {
            assert_eq!(
                error.unwrap()["message"],
                "Invalid Request: JSON-RPC batches are not supported"
            );
        } else if step == 8 {
            assert_eq!(error.unwrap()["data"]["requested"], "1999-01-01");
        } else if step == 10 {
            assert_eq!(&body[..], br#"{"jsonrpc":"2.0","id":1,"result":{}}"#);
        }
    }
    assert_eq!(
        steps,
        [
            // Every request has a body: the rules before 8 answer with it
            // unread (or, at 7, read no further), so they close.
            (403, json!(-32600), true),  // 1. Host
            (204, Value::Null, true),    // 2. preflight, before the token
            (401, json!(-32001), true),  // 3. token
            (405, Value::Null, true),    // 4. method
            (431, json!(-32600), true),  // 5. header size, before the body
            (413, json!(-32600), true),  // 7. body size, before its content
            (400, json!(-32700), false), // 8. not JSON
            (400, json!(-32600), false), // 8. not one JSON-RPC message
            (400, json!(-32022), false), // 9. protocol version
            (202, Value::Null, false),   // a notification
            (200, Value::Null, false),   // a request, answered by rmcp
        ]
    );

    // The header rules never wait for the body: a request they reject is
    // answered at once even when its body never arrives ...
    let stalled = || {
        StreamBody::new(futures::stream::pending::<
            Result<http_body::Frame<Bytes>, std::io::Error>,
        >())
    };
    request.token = false;
    let started = std::time::Instant::now();
    let (status, error, _, closes) = answer(handler.handle(build(&request).body(stalled()).unwrap()).await).await;
    assert_eq!(
        (status, error.unwrap()["code"].clone(), closes),
        (401, json!(-32001), true)
    );
    assert!(started.elapsed() < std::time::Duration::from_secs(2));
    // ... and one that passes them gets 408 after the request budget (tool
    // deadline + 2 s), before any rule on the body's content.
    request.token = true;
    let (status, error, _, closes) = answer(handler.handle(build(&request).body(stalled()).unwrap()).await).await;
    assert_eq!(
        (status, error.unwrap()["code"].clone(), closes),
        (408, json!(-32600), true)
    );
    assert!(started.elapsed() >= std::time::Duration::from_secs(2));
}
