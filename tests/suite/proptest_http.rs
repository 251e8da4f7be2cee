//! Property tests: the in-process HTTP handler and the argument parsing never
//! panic and always give a well-formed answer, whatever the input.
//!
//! Deterministic and bounded for CI: every block runs a fixed number of cases
//! from a fixed seed and persists no failures. `PROPTEST_CASES` scales the
//! case counts by hand (e.g. `PROPTEST_CASES=5000`); the cargo-fuzz targets in
//! `fuzz/` are for longer runs.

use std::collections::BTreeSet;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use bytes::Bytes;
use http::{HeaderValue, Method, Request};
use http_body_util::{BodyExt, Full};
use proptest::prelude::*;
use proptest::test_runner::{Config as ProptestConfig, RngSeed};
use serde_json::{Map, Value, json};
use wlo_mcp::app::App;
use wlo_mcp::config::Config;
use wlo_mcp::ids;
use wlo_mcp::tools::{Args, Format, TOOLS};
use wlo_mcp::transport::http::{HttpHandler, HttpOptions};
use wlo_standin::{StandIn, StandInOptions};

const TOKEN: &str = "prop-token-0123456789";

/// A fixed-seed, non-persisting configuration with `cases` cases
/// (or `PROPTEST_CASES` when set, for longer runs by hand).
fn config(cases: u32) -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(cases);
    ProptestConfig {
        cases,
        failure_persistence: None,
        rng_seed: RngSeed::Fixed(0x574C_4F5F_4D43_5021),
        max_shrink_iters: 512,
        ..ProptestConfig::default()
    }
}

// ---- the shared environment -------------------------------------------------

struct Env {
    runtime: tokio::runtime::Runtime,
    /// Against the in-process stand-in (cache on, short deadline).
    live: HttpHandler,
    /// Against a loopback port nobody listens on: pure protocol fuzzing.
    dead: HttpHandler,
    /// Token required and loopback Host check on.
    guarded: HttpHandler,
    ids: Vec<String>,
    _standin: StandIn,
}

fn handler(vars: &[(&str, &str)], loopback_host_check: bool) -> HttpHandler {
    let vars: Vec<(String, String)> = vars.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    let config = Config::from_lookup(|name| vars.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone())).unwrap();
    HttpHandler::new(App::new(config), HttpOptions { loopback_host_check })
}

fn env() -> &'static Env {
    static ENV: OnceLock<Env> = OnceLock::new();
    ENV.get_or_init(|| {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        let standin = runtime.block_on(StandIn::start(StandInOptions::default())).unwrap();
        let base = standin.base_url();
        let (live, dead, guarded) = runtime.block_on(async {
            let live = handler(
                &[
                    ("WLO_REPOSITORY_URL", &base),
                    ("WLO_TIMEOUT_MS", "1500"),
                    ("WLO_TOOL_DEADLINE_MS", "2000"),
                    ("WLO_CACHE_MAX_MB", "32"),
                ],
                false,
            );
            let dead = handler(
                &[
                    ("WLO_REPOSITORY_URL", "http://127.0.0.1:1/edu-sharing"),
                    ("WLO_TIMEOUT_MS", "300"),
                    ("WLO_TOOL_DEADLINE_MS", "500"),
                ],
                false,
            );
            let guarded = handler(
                &[
                    ("WLO_REPOSITORY_URL", "http://127.0.0.1:1/edu-sharing"),
                    ("WLO_TIMEOUT_MS", "300"),
                    ("WLO_TOOL_DEADLINE_MS", "500"),
                    ("WLO_MCP_TOKEN", TOKEN),
                ],
                true,
            );
            (live, dead, guarded)
        });
        let wk = standin.well_known().clone();
        let ids = vec![
            wk.root.clone(),
            wk.bruchrechnung.clone(),
            wk.photosynthese.clone(),
            wk.portal_with_topic_page.clone(),
            wk.portal_without_topic_page.clone(),
            wk.hostile_title.clone(),
            wk.javascript_url.clone(),
            wk.forbidden_node.clone(),
            wk.index_only_node.clone(),
            wk.two_variant_collection.clone(),
            wk.text_content.clone(),
        ];
        Env {
            runtime,
            live,
            dead,
            guarded,
            ids,
            _standin: standin,
        }
    })
}

/// Every argument name of every tool (from the input schemas).
fn argument_names() -> Vec<String> {
    let mut names = BTreeSet::new();
    for entry in TOOLS {
        if let Some(properties) = (entry.spec)().input_schema["properties"].as_object() {
            names.extend(properties.keys().cloned());
        }
    }
    names.into_iter().collect()
}

fn tool_names() -> Vec<String> {
    TOOLS.iter().map(|t| (t.spec)().name.to_string()).collect()
}

// ---- checking a response -------------------------------------------------------

struct Answer {
    status: u16,
    body: Vec<u8>,
    cors: bool,
}

fn send(handler: &HttpHandler, request: Request<Full<Bytes>>) -> Answer {
    let env = env();
    env.runtime.block_on(async {
        let response = tokio::time::timeout(Duration::from_secs(20), handler.handle(request))
            .await
            .expect("the handler answers");
        let (parts, body) = response.into_parts();
        let body = body.collect().await.unwrap().to_bytes().to_vec();
        Answer {
            status: parts.status.as_u16(),
            body,
            cors: parts
                .headers
                .get("access-control-allow-origin")
                .is_some_and(|v| v == "*"),
        }
    })
}

/// The rules every answer follows; returns the JSON body when there is one.
fn check(answer: &Answer) -> Result<Option<Value>, TestCaseError> {
    let text = String::from_utf8_lossy(&answer.body[..answer.body.len().min(400)]).to_string();
    prop_assert!(
        [200u16, 202, 204, 400, 401, 403, 405, 413, 431].contains(&answer.status),
        "unexpected status {}: {}",
        answer.status,
        text
    );
    prop_assert!(answer.cors, "CORS header missing on {}", answer.status);
    let needs_json = answer.status == 200 || (answer.status >= 400 && answer.status != 405);
    if !needs_json {
        prop_assert!(answer.body.is_empty(), "{} with a body: {}", answer.status, text);
        return Ok(None);
    }
    let doc: Value = serde_json::from_slice(&answer.body)
        .map_err(|e| TestCaseError::fail(format!("{} without a JSON body ({e}): {text}", answer.status)))?;
    prop_assert_eq!(&doc["jsonrpc"], "2.0", "{}", text);
    let has_result = doc.get("result").is_some();
    let has_error = doc.get("error").is_some();
    prop_assert!(has_result != has_error, "exactly one of result/error: {}", text);
    if has_error {
        prop_assert!(doc["error"]["code"].is_i64(), "{}", text);
        prop_assert!(doc["error"]["message"].is_string(), "{}", text);
    }
    if answer.status >= 400 {
        prop_assert!(has_error, "{} without a JSON-RPC error: {}", answer.status, text);
    }
    Ok(Some(doc))
}

/// A `tools/call` result: one text block, a boolean isError, structuredContent = text.
fn check_tool_result(doc: &Value) -> Result<(), TestCaseError> {
    let result = &doc["result"];
    let content = result["content"]
        .as_array()
        .ok_or_else(|| TestCaseError::fail(format!("no content: {doc}")))?;
    prop_assert_eq!(content.len(), 1, "{}", doc);
    prop_assert_eq!(&content[0]["type"], "text");
    let text = content[0]["text"]
        .as_str()
        .ok_or_else(|| TestCaseError::fail("text block without text"))?;
    prop_assert!(!text.is_empty(), "{}", doc);
    prop_assert!(result["isError"].is_boolean(), "{}", doc);
    if let Some(structured) = result.get("structuredContent") {
        let parsed: Value = serde_json::from_str(text).map_err(|e| TestCaseError::fail(format!("{e}: {text}")))?;
        prop_assert_eq!(&parsed, structured);
    }
    Ok(())
}

fn post(body: impl Into<Bytes>) -> Request<Full<Bytes>> {
    Request::builder()
        .method(Method::POST)
        .uri("/mcp")
        .header("host", "127.0.0.1:3000")
        .header("content-type", "application/json")
        .body(Full::new(body.into()))
        .unwrap()
}

// ---- strategies -------------------------------------------------------------------

fn arb_text() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => ".{0,24}",
        2 => "[a-zA-ZäöüÄÖÜß ]{0,40}",
        1 => "[\\PC]{0,300}",
        1 => Just(String::new()),
        1 => Just("   ".to_string()),
        1 => (1usize..3).prop_map(|n| "x".repeat(150 * n)),
    ]
}

fn arb_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(|f| json!(f)),
        arb_text().prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::btree_map(arb_text(), inner, 0..6).prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// Values aimed at the argument parser: ids good and bad, numbers in and out
/// of range, labels, booleans as text, lists, nulls and arbitrary JSON.
fn arb_arg_value(ids: Vec<String>) -> impl Strategy<Value = Value> {
    let id = prop::sample::select(ids.clone());
    let nth = |i: usize| ids[i % ids.len()].clone();
    let hostile = prop::sample::select(vec![
        "../../etc/passwd".to_string(),
        format!("{}%2F..", nth(0)),
        format!("{}?x=1", nth(1)),
        format!("workspace://SpacesStore/{}", nth(2).to_uppercase()),
        format!("  {}  ", nth(3)),
        "5e40e372-735c-4b17-bbf7-e827a5702b5ä".to_string(),
        "-home-".to_string(),
    ]);
    let label = prop::sample::select(vec![
        "Mathematik",
        "Sekundarstufe I",
        "Grundschule",
        "teacher",
        "learner",
        "general",
        "Lehrkräfte",
        "Video",
        "Arbeitsblatt",
        "json",
        "markdown",
        "files",
        "folders",
        "both",
        "alpha",
        "relevance",
        "discipline",
        "educationalContext",
        "lrt",
        "license",
        "userRole",
        "targetGroup",
        "content",
        "collections",
        "topicPages",
        "true",
        "false",
        "Bruchrechnung",
        "Photosynthese",
        "Klimawandel",
        "*",
        "serlo",
    ]);
    let scalar = prop_oneof![
        3 => id.clone().prop_map(Value::String),
        2 => hostile.prop_map(Value::String),
        3 => label.prop_map(|s| json!(s)),
        2 => (-5i64..200).prop_map(|n| json!(n)),
        1 => any::<i64>().prop_map(|n| json!(n)),
        1 => any::<f64>().prop_filter("finite", |f| f.is_finite()).prop_map(|f| json!(f)),
        1 => (-5i64..200).prop_map(|n| json!(n.to_string())),
        1 => any::<bool>().prop_map(Value::Bool),
        2 => arb_text().prop_map(Value::String),
        1 => Just(Value::Null),
    ];
    prop_oneof![
        6 => scalar.clone(),
        2 => prop::collection::vec(scalar, 0..8).prop_map(Value::Array),
        1 => prop::collection::vec(id.prop_map(Value::String), 0..60).prop_map(Value::Array),
        1 => arb_json(),
    ]
}

fn arb_arguments(ids: Vec<String>) -> impl Strategy<Value = Map<String, Value>> {
    let mut keys = argument_names();
    keys.extend(["unknownKey".to_string(), String::new(), "NODEID".to_string()]);
    prop::collection::btree_map(prop::sample::select(keys), arb_arg_value(ids), 0..6)
        .prop_map(|m| m.into_iter().collect())
}

/// Valid arguments for `tool` (`a`, `b` pick ids and words).
fn valid_arguments(tool: &str, ids: &[String], a: usize, b: usize) -> Map<String, Value> {
    let id = |i: usize| json!(ids[i % ids.len()]);
    let words = [
        "Bruchrechnung",
        "Photosynthese",
        "Klimawandel",
        "Mathematik",
        "Geometrie",
        "KI",
        "Französische Revolution",
    ];
    let word = json!(words[b % words.len()]);
    let value = match tool {
        "search_wlo_content" | "search_wlo_all" => json!({"query": word}),
        "search_wlo_collections" if a.is_multiple_of(2) => json!({"query": word}),
        "search_wlo_collections" => json!({"query": word, "parentNodeId": id(b)}),
        "get_collection_contents" | "browse_collection_tree" | "get_node_details" => {
            json!({"nodeId": id(a)})
        }
        "search_wlo_topic_pages" if a.is_multiple_of(3) => json!({"collectionId": id(b)}),
        "search_wlo_topic_pages" if a % 3 == 1 => json!({"query": word}),
        "get_nodes_details" => {
            json!({"nodeIds": (0..(a % 12)).map(|i| id(b + i)).collect::<Vec<_>>()})
        }
        "lookup_wlo_vocabulary" => {
            let names = [
                "discipline",
                "educationalContext",
                "userRole",
                "lrt",
                "license",
                "targetGroup",
            ];
            json!({"vocabulary": names[a % names.len()]})
        }
        _ => json!({}),
    };
    value.as_object().cloned().unwrap_or_default()
}

fn arb_method() -> impl Strategy<Value = Method> {
    prop::sample::select(vec![
        Method::POST,
        Method::POST,
        Method::POST,
        Method::GET,
        Method::OPTIONS,
        Method::DELETE,
        Method::PUT,
        Method::PATCH,
        Method::HEAD,
    ])
}

fn arb_header_value() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("application/json".to_string()),
        Just("text/event-stream".to_string()),
        Just("*/*".to_string()),
        Just("2025-06-18".to_string()),
        Just("2025-11-25".to_string()),
        Just(format!("Bearer {TOKEN}")),
        Just("Bearer wrong".to_string()),
        Just("localhost:3000".to_string()),
        Just("evil.example".to_string()),
        "[ -~]{0,60}",
    ]
}

fn arb_headers() -> impl Strategy<Value = Vec<(String, String)>> {
    let names = prop::sample::select(vec![
        "accept",
        "content-type",
        "mcp-protocol-version",
        "authorization",
        "host",
        "mcp-session-id",
        "last-event-id",
        "content-length",
        "x-anything",
    ]);
    prop::collection::vec((names.prop_map(str::to_string), arb_header_value()), 0..6)
}

fn arb_id() -> impl Strategy<Value = Value> {
    prop_oneof![
        any::<i64>().prop_map(|n| json!(n)),
        arb_text().prop_map(Value::String),
        Just(Value::Null),
        Just(json!(1.5)),
        Just(json!({"x": 1})),
    ]
}

// ---- the HTTP handler ------------------------------------------------------------------

proptest! {
    #![proptest_config(config(384))]

    /// Arbitrary bytes, methods and headers.
    #[test]
    fn arbitrary_bytes_get_a_well_formed_answer(
        method in arb_method(),
        headers in arb_headers(),
        body in prop::collection::vec(any::<u8>(), 0..2048),
        guarded in any::<bool>(),
    ) {
        let env = env();
        let mut request = Request::builder().method(method).uri("/mcp");
        for (name, value) in &headers {
            if let Ok(value) = HeaderValue::from_str(value) {
                request = request.header(name.as_str(), value);
            }
        }
        let request = request.body(Full::new(Bytes::from(body))).unwrap();
        let answer = send(if guarded { &env.guarded } else { &env.dead }, request);
        check(&answer)?;
    }

    /// Valid requests with a few bytes truncated, replaced or inserted.
    #[test]
    fn mutated_requests_get_a_well_formed_answer(
        base in prop::sample::select(vec![
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get_node_details","arguments":{"nodeId":"5e40e372-735c-4b17-bbf7-e827a5702b57"}}}"#,
            r#"{"jsonrpc":"2.0","id":"a","method":"tools/call","params":{"name":"search_wlo_content","arguments":{"query":"Bruch","maxResults":5}}}"#,
            r#"{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#,
            r#"{"jsonrpc":"2.0","id":3,"method":"tools/list"}"#,
            r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            r#"{"jsonrpc":"2.0","id":4,"result":{}}"#,
        ]),
        edits in prop::collection::vec((0u8..3, any::<prop::sample::Index>(), any::<u8>()), 1..4),
    ) {
        let mut bytes = base.as_bytes().to_vec();
        for (kind, at, byte) in edits {
            let i = at.index(bytes.len().max(1));
            match kind {
                0 => bytes.truncate(i),
                1 if !bytes.is_empty() => {
                    let last = bytes.len() - 1;
                    bytes[i.min(last)] = byte;
                }
                _ => {
                    let len = bytes.len();
                    bytes.insert(i.min(len), byte);
                }
            }
        }
        let answer = send(&env().dead, post(bytes));
        if let Some(doc) = check(&answer)?
            && doc["result"].get("content").is_some()
        {
            check_tool_result(&doc)?;
        }
    }

    /// Arbitrary JSON documents.
    #[test]
    fn arbitrary_json_gets_a_well_formed_answer(doc in arb_json()) {
        let answer = send(&env().dead, post(doc.to_string()));
        let parsed = check(&answer)?;
        if !doc.is_object() {
            prop_assert_eq!(answer.status, 400);
            prop_assert!(parsed.is_some());
        }
    }

    /// Arbitrary JSON-RPC messages: known and unknown methods, odd ids and params.
    #[test]
    fn arbitrary_json_rpc_gets_a_well_formed_answer(
        method in prop_oneof![
            prop::sample::select(vec![
                "initialize", "ping", "tools/list", "tools/call", "resources/list", "prompts/list",
                "logging/setLevel", "notifications/initialized", "notifications/cancelled", "completion/complete",
                "server/discover", "",
            ]).prop_map(str::to_string),
            arb_text(),
        ],
        id in proptest::option::of(arb_id()),
        params in proptest::option::of(arb_json()),
        version in proptest::option::of(prop::sample::select(vec!["2025-06-18", "2025-11-25", "1999-01-01", "x"])),
    ) {
        let mut message = json!({"jsonrpc": "2.0", "method": method});
        if let Some(id) = &id {
            message["id"] = id.clone();
        }
        if let Some(params) = params {
            message["params"] = params;
        }
        let mut request = post(message.to_string());
        if let Some(version) = version {
            request.headers_mut().insert("mcp-protocol-version", HeaderValue::from_static(version));
        }
        let answer = send(&env().dead, request);
        let doc = check(&answer)?;
        if answer.status == 200 {
            let doc = doc.unwrap();
            prop_assert_eq!(&doc["id"], id.as_ref().unwrap(), "the answer carries the request id");
        }
    }
}

proptest! {
    #![proptest_config(config(600))]

    /// Arbitrary arguments for every tool, against the stand-in: always one
    /// answer with one text block, never a protocol error for a known tool.
    #[test]
    fn tools_call_with_arbitrary_arguments(
        tool in prop_oneof![8 => prop::sample::select(tool_names()), 1 => Just("no_such_tool".to_string())],
        extra in arb_arguments(env().ids.clone()),
        base in prop::option::weighted(0.7, (0usize..64, 0usize..64)),
        id in 1i64..1_000_000,
    ) {
        let env = env();
        // Mostly a valid call (so the tool really runs) with arbitrary extra or
        // overriding arguments; sometimes arbitrary arguments alone.
        let mut arguments = base.map(|(a, b)| valid_arguments(&tool, &env.ids, a, b)).unwrap_or_default();
        arguments.extend(extra);
        let message = json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
            "params": {"name": tool, "arguments": arguments}});
        let answer = send(&env.live, post(message.to_string()));
        let doc = check(&answer)?.unwrap();
        prop_assert_eq!(answer.status, 200, "{}", doc);
        prop_assert_eq!(&doc["id"], id);
        if tool == "no_such_tool" {
            prop_assert_eq!(&doc["error"]["code"], -32602);
        } else {
            check_tool_result(&doc)?;
        }
    }

    /// Arguments that are not an object, or params of the wrong shape.
    #[test]
    fn tools_call_with_malformed_params(
        tool in prop::sample::select(tool_names()),
        arguments in arb_json(),
        params_shape in 0u8..3,
    ) {
        let params = match params_shape {
            0 => json!({"name": tool, "arguments": arguments}),
            1 => json!({"name": arguments, "arguments": {}}),
            _ => arguments.clone(),
        };
        let message = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": params});
        let answer = send(&env().dead, post(message.to_string()));
        let doc = check(&answer)?.unwrap();
        if doc.get("result").is_some() {
            check_tool_result(&doc)?;
        }
    }
}

// ---- argument parsing and ids -------------------------------------------------------------

proptest! {
    #![proptest_config(config(2000))]

    /// Every accessor either returns a value inside its contract or an error naming the key.
    /// (Debug builds have the accessors; see `tools::Args`.)
    #[cfg(debug_assertions)]
    #[test]
    fn args_accessors_keep_their_contracts(
        map in arb_arguments(vec![
            "5e40e372-735c-4b17-bbf7-e827a5702b57".into(),
            "5E40E372-735C-4B17-BBF7-E827A5702B57".into(),
            "workspace://SpacesStore/00000000-0000-4000-a000-000000000001".into(),
        ]),
        key in prop::sample::select(argument_names()),
        bounds in (-100i64..100, 0i64..1000),
    ) {
        let args = Args::new(map);
        let (min, span) = bounds;
        let max = min + span;
        let check_error = |e: &wlo_mcp::tools::ArgError| -> Result<(), TestCaseError> {
            prop_assert!(e.0.contains(&key), "error does not name {}: {}", key, e.0);
            prop_assert!(e.0.chars().count() < 500, "error too long: {}", e.0);
            Ok(())
        };
        match args.integer(&key, min, max, min) {
            Ok(n) => prop_assert!((min..=max).contains(&n)),
            Err(e) => check_error(&e)?,
        }
        match args.optional_text(&key, 200) {
            Ok(Some(t)) => {
                prop_assert!(t.chars().count() <= 200);
                prop_assert_eq!(t.trim(), t.as_str());
                prop_assert!(!t.is_empty());
            }
            Ok(None) => {}
            Err(e) => check_error(&e)?,
        }
        match args.node_id(&key) {
            Ok(id) => {
                prop_assert!(ids::is_uuid(&id));
                prop_assert_eq!(id.to_ascii_lowercase(), id);
            }
            Err(e) => check_error(&e)?,
        }
        match args.string_list(&key, 50) {
            Ok(list) => {
                prop_assert!(list.len() <= 50);
                prop_assert!(list.iter().all(|s| s.chars().count() <= 200));
            }
            Err(e) => check_error(&e)?,
        }
        if let Ok(list) = args.exclude_ids() {
            prop_assert!(list.iter().all(|id| ids::is_uuid(id)));
        }
        match args.boolean(&key, false) {
            Ok(_) => {}
            Err(e) => check_error(&e)?,
        }
        match args.choice(&key, &["alpha", "relevance"]) {
            Ok(Some(c)) => prop_assert!(c == "alpha" || c == "relevance"),
            Ok(None) => {}
            Err(e) => check_error(&e)?,
        }
        let _ = args.format(Format::Markdown);
    }

    /// Any UUID in any case, with or without the store prefix and blanks, normalises.
    #[test]
    fn uuids_normalise(
        bytes in any::<[u8; 16]>(),
        upper in prop::collection::vec(any::<bool>(), 36),
        prefix in any::<bool>(),
        pad in prop::sample::select(vec!["", " ", "\t", "\n", "  \r\n"]),
    ) {
        let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
        let canonical = format!("{}-{}-{}-{}-{}", &hex[0..8], &hex[8..12], &hex[12..16], &hex[16..20], &hex[20..32]);
        let mixed: String = canonical
            .chars()
            .zip(&upper)
            .map(|(c, up)| if *up { c.to_ascii_uppercase() } else { c })
            .collect();
        let raw = format!("{pad}{}{mixed}{pad}", if prefix { "workspace://SpacesStore/" } else { "" });
        prop_assert_eq!(ids::normalize_node_id(&raw), Some(canonical));
    }

    /// Whatever the input, a normalised id is a bare lower-case UUID taken from it.
    #[test]
    fn normalised_ids_are_always_bare_uuids(raw in prop_oneof![
        "\\PC{0,60}",
        "[0-9a-fA-F-]{30,40}",
        "(workspace://SpacesStore/)?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}[/?#%&. ]?.{0,4}",
    ]) {
        if let Some(id) = ids::normalize_node_id(&raw) {
            prop_assert!(ids::is_uuid(&id));
            prop_assert_eq!(id.len(), 36);
            prop_assert!(id.chars().all(|c| c == '-' || c.is_ascii_digit() || ('a'..='f').contains(&c)));
            prop_assert!(raw.to_ascii_lowercase().trim().ends_with(&id));
        }
    }

    /// Any text as a path segment and a query value of an edu-sharing URL
    /// stays inside that part: host, the other segments and the other pairs
    /// are unchanged, and the part decodes back to the text.
    #[test]
    fn url_parts_are_injection_free(value in "\\PC{0,80}") {
        let url: String = wlo_mcp::urls::EduUrl::new("https://repo.example/edu-sharing/rest", &["node", &value, "children"])
            .query("q", &value)
            .query("maxItems", "5")
            .into();
        let parsed = url::Url::parse(&url).unwrap();
        prop_assert_eq!(parsed.host_str(), Some("repo.example"));
        prop_assert_eq!(parsed.fragment(), None);
        let segments: Vec<&str> = parsed.path_segments().unwrap().collect();
        if value == "." || value == ".." {
            prop_assert_eq!(segments, ["edu-sharing", "rest", "node", "children"]);
        } else {
            prop_assert_eq!(segments.len(), 5, "{}", url);
            prop_assert_eq!((segments[0], segments[1], segments[2], segments[4]), ("edu-sharing", "rest", "node", "children"));
            prop_assert_eq!(percent_decoded(segments[3]), value.as_bytes());
        }
        let pairs: Vec<(String, String)> = parsed.query_pairs().map(|(k, v)| (k.into_owned(), v.into_owned())).collect();
        prop_assert_eq!(pairs, vec![("q".to_string(), value.clone()), ("maxItems".to_string(), "5".to_string())]);
    }
}

fn percent_decoded(text: &str) -> Vec<u8> {
    let bytes = text.as_bytes();
    let mut decoded = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match std::str::from_utf8(bytes.get(i + 1..i + 3).unwrap_or_default()) {
            Ok(hex) if bytes[i] == b'%' && u8::from_str_radix(hex, 16).is_ok() => {
                decoded.push(u8::from_str_radix(hex, 16).unwrap());
                i += 3;
            }
            _ => {
                decoded.push(bytes[i]);
                i += 1;
            }
        }
    }
    decoded
}

/// One shared check that the handler answers concurrent fuzz-style requests too.
#[test]
fn concurrent_garbage_and_calls_do_not_interfere() {
    let env = env();
    let handlers = Arc::new((env.live.clone(), env.dead.clone()));
    env.runtime.block_on(async {
        let mut tasks = Vec::new();
        for i in 0..64 {
            let handlers = handlers.clone();
            tasks.push(tokio::spawn(async move {
                let body = match i % 4 {
                    0 => Bytes::from_static(b"\xff\xfe{{{"),
                    1 => Bytes::from(format!("{}{}", "[".repeat(5000), "]".repeat(5000))),
                    2 => Bytes::from(
                        json!({"jsonrpc":"2.0","id":i,"method":"tools/call","params":{"name":"lookup_wlo_vocabulary","arguments":{"vocabulary":"discipline"}}})
                            .to_string(),
                    ),
                    _ => Bytes::from(
                        json!({"jsonrpc":"2.0","id":i,"method":"tools/call","params":{"name":"get_subject_portals","arguments":{}}})
                            .to_string(),
                    ),
                };
                let handler = if i % 2 == 0 { &handlers.1 } else { &handlers.0 };
                let response = handler.handle(post(body)).await;
                (i, response.status().as_u16())
            }));
        }
        for task in tasks {
            let (i, status) = task.await.unwrap();
            let expected = if i % 4 < 2 { 400 } else { 200 };
            assert_eq!(status, expected, "request {i}");
        }
    });
}
