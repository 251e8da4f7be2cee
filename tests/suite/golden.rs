//! Golden answers: what clients see, byte for byte.
//!
//! Every case sends one request to the real `wlo-mcp` binary (over HTTP, or
//! over stdio for the stdio cases) against the seeded stand-in and compares
//! the whole answer — status, the headers clients act on, and the raw body —
//! with `tests/golden/<case>.txt`. Volatile values are normalised first: the
//! stand-in's and the server's ports, `latencyMs` and `checkedAt`.
//!
//! A refactoring must leave every file unchanged. A deliberate change of an
//! answer is recorded with `WLO_GOLDEN_UPDATE=1 cargo test --test suite golden`
//! and explained in its commit.

use crate::common;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

use common::*;
use reqwest::Method;
use serde_json::{Value, json};
use wlo_standin::{Fault, WellKnown};

/// Response headers that clients act on (everything else, such as `date`,
/// is transport noise).
const KEPT_HEADERS: &[&str] = &[
    "access-control-allow-headers",
    "access-control-allow-methods",
    "access-control-allow-origin",
    "access-control-expose-headers",
    "access-control-max-age",
    "allow",
    "cache-control",
    "content-type",
    "mcp-protocol-version",
    "mcp-session-id",
    "www-authenticate",
];

/// One recorded exchange.
struct Case {
    name: String,
    method: Method,
    headers: Vec<(&'static str, String)>,
    body: String,
}

fn post(name: &str, body: Value) -> Case {
    Case {
        name: name.to_string(),
        method: Method::POST,
        headers: vec![
            ("content-type", "application/json".into()),
            ("accept", "application/json, text/event-stream".into()),
        ],
        body: body.to_string(),
    }
}

fn rpc(name: &str, method: &str, params: Value) -> Case {
    post(
        name,
        json!({"jsonrpc": "2.0", "id": 1, "method": method, "params": params}),
    )
}

fn tool(name: &str, tool: &str, arguments: Value) -> Case {
    rpc(
        &format!("tool-{name}"),
        "tools/call",
        json!({"name": tool, "arguments": arguments}),
    )
}

fn raw(name: &str, method: Method, headers: &[(&'static str, &str)], body: &str) -> Case {
    Case {
        name: name.to_string(),
        method,
        headers: headers.iter().map(|(k, v)| (*k, v.to_string())).collect(),
        body: body.to_string(),
    }
}

/// The protocol cases: lifecycle, listings, and the HTTP rules.
fn protocol_cases() -> Vec<Case> {
    let json_only = [("content-type", "application/json"), ("accept", "application/json")];
    vec![
        rpc(
            "initialize",
            "initialize",
            json!({"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "golden", "version": "1"}}),
        ),
        rpc(
            "initialize-old-version",
            "initialize",
            json!({"protocolVersion": "2024-11-05", "capabilities": {}, "clientInfo": {"name": "golden", "version": "1"}}),
        ),
        rpc("tools-list", "tools/list", json!({})),
        rpc("resources-list", "resources/list", json!({})),
        rpc("resource-templates-list", "resources/templates/list", json!({})),
        rpc(
            "resource-read-vocabulary",
            "resources/read",
            json!({"uri": "wlo://vocabulary/educationalContext"}),
        ),
        rpc(
            "resource-read-portals",
            "resources/read",
            json!({"uri": "wlo://portals"}),
        ),
        rpc(
            "resource-read-unknown",
            "resources/read",
            json!({"uri": "wlo://nothing"}),
        ),
        rpc("prompts-list", "prompts/list", json!({})),
        rpc(
            "prompt-get",
            "prompts/get",
            json!({"name": "unterrichtsmaterial_finden", "arguments": {"thema": "Bruchrechnung"}}),
        ),
        rpc(
            "completion",
            "completion/complete",
            json!({"ref": {"type": "ref/prompt", "name": "unterrichtsmaterial_finden"}, "argument": {"name": "fach", "value": "Ma"}}),
        ),
        rpc("ping", "ping", json!({})),
        rpc("unknown-method", "nothing/here", json!({})),
        rpc("unknown-tool", "tools/call", json!({"name": "nope", "arguments": {}})),
        post(
            "notification",
            json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        ),
        post(
            "batch",
            json!([{"jsonrpc": "2.0", "id": 1, "method": "ping"}, {"jsonrpc": "2.0", "id": 2, "method": "ping"}]),
        ),
        raw("http-get", Method::GET, &[("accept", "text/event-stream")], ""),
        raw("http-delete", Method::DELETE, &[], ""),
        raw(
            "http-preflight",
            Method::OPTIONS,
            &[
                ("origin", "https://example.org"),
                ("access-control-request-method", "POST"),
                ("access-control-request-headers", "content-type, mcp-protocol-version"),
            ],
            "",
        ),
        raw("http-invalid-json", Method::POST, &json_only, "{not json"),
        raw("http-not-json-rpc", Method::POST, &json_only, r#"{"hello": 1}"#),
        raw(
            "http-accept-json-only",
            Method::POST,
            &json_only,
            r#"{"jsonrpc":"2.0","id":7,"method":"tools/list"}"#,
        ),
        raw(
            "http-stale-session",
            Method::POST,
            &[
                ("content-type", "application/json"),
                ("accept", "application/json, text/event-stream"),
                ("mcp-session-id", "stale-session-123"),
            ],
            r#"{"jsonrpc":"2.0","id":"s","method":"ping"}"#,
        ),
        raw(
            "http-bad-protocol-version",
            Method::POST,
            &[
                ("content-type", "application/json"),
                ("accept", "application/json"),
                ("mcp-protocol-version", "1999-01-01"),
            ],
            r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#,
        ),
        raw(
            "http-wrong-content-type",
            Method::POST,
            &[("content-type", "text/plain"), ("accept", "application/json")],
            r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#,
        ),
        raw(
            "http-foreign-host",
            Method::POST,
            &[
                ("content-type", "application/json"),
                ("accept", "application/json"),
                ("host", "evil.example"),
            ],
            r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#,
        ),
    ]
}

/// Every tool in both output formats, with filters, paging, bad arguments,
/// unknown ids and empty answers.
fn tool_cases(wk: &WellKnown) -> Vec<Case> {
    let root = ROOT;
    let md = |args: Value| with(args, "outputFormat", "markdown");
    let js = |args: Value| with(args, "outputFormat", "json");
    vec![
        // search_wlo_all (JSON by default)
        tool("all", "search_wlo_all", json!({"query": "Bruchrechnung"})),
        tool("all-md", "search_wlo_all", md(json!({"query": "Bruchrechnung"}))),
        tool(
            "all-filters",
            "search_wlo_all",
            json!({"query": "Photosynthese", "discipline": "Bio", "educationalContext": "Sek I", "maxContent": 3, "maxCollections": 2}),
        ),
        tool(
            "all-unresolved-filter",
            "search_wlo_all",
            md(json!({"query": "Bruch", "discipline": "Mondfach"})),
        ),
        tool(
            "all-include-content",
            "search_wlo_all",
            json!({"query": "Antike", "include": ["content"]}),
        ),
        tool("all-empty", "search_wlo_all", json!({"query": "xyzzyqq"})),
        tool("all-no-query", "search_wlo_all", json!({})),
        // search_wlo_content
        tool(
            "content-md",
            "search_wlo_content",
            json!({"query": "Bruchrechnung", "maxResults": 3}),
        ),
        tool(
            "content-json",
            "search_wlo_content",
            js(json!({"query": "Bruchrechnung", "maxResults": 3})),
        ),
        tool(
            "content-filters",
            "search_wlo_content",
            js(
                json!({"query": "Bruchrechnung", "educationalContext": "Sekundarstufe I", "learningResourceType": "worksheet", "userRole": "teacher", "maxResults": 5}),
            ),
        ),
        tool(
            "content-publisher",
            "search_wlo_content",
            md(json!({"query": "Photosynthese", "publisher": "Terra X", "maxResults": 3})),
        ),
        tool(
            "content-exclude",
            "search_wlo_content",
            js(json!({"query": "Bruchrechnung", "maxResults": 2, "excludeNodeIds": [wk.bruchrechnung_klasse_6]})),
        ),
        tool(
            "content-typo",
            "search_wlo_content",
            md(json!({"query": "Fotosynthese Arbeitsblat", "maxResults": 3})),
        ),
        tool(
            "content-sentence",
            "search_wlo_content",
            md(json!({"query": "Arbeitsblätter zur Bruchrechnung für Klasse 6", "maxResults": 4})),
        ),
        tool("content-empty", "search_wlo_content", md(json!({"query": "xyzzyqq"}))),
        tool(
            "content-empty-json",
            "search_wlo_content",
            js(json!({"query": "xyzzyqq"})),
        ),
        tool("content-missing-query", "search_wlo_content", json!({})),
        tool(
            "content-bad-number",
            "search_wlo_content",
            json!({"query": "Bruch", "maxResults": "viele"}),
        ),
        tool(
            "content-clamped",
            "search_wlo_content",
            js(json!({"query": "Bruch", "maxResults": 10000})),
        ),
        tool(
            "content-bad-format",
            "search_wlo_content",
            json!({"query": "Bruch", "outputFormat": "xml"}),
        ),
        tool(
            "content-legacy-keys",
            "search_wlo_content",
            json!({"query": "Bruch", "maxResults": "2", "unknownKey": true}),
        ),
        // search_wlo_collections
        tool(
            "collections-md",
            "search_wlo_collections",
            json!({"query": "Bruchrechnung"}),
        ),
        tool(
            "collections-json",
            "search_wlo_collections",
            js(json!({"query": "Bruchrechnung"})),
        ),
        tool(
            "collections-parent",
            "search_wlo_collections",
            js(json!({"query": "Geometrie", "parentNodeId": wk.portal_with_topic_page})),
        ),
        tool("collections-top", "search_wlo_collections", md(json!({}))),
        tool(
            "collections-tree-walk",
            "search_wlo_collections",
            js(json!({"query": "Figurenanalyse"})),
        ),
        tool(
            "collections-filters",
            "search_wlo_collections",
            md(json!({"query": "Klima", "educationalContext": "Sek II", "discipline": "Geografie"})),
        ),
        tool(
            "collections-unknown-parent",
            "search_wlo_collections",
            json!({"query": "x", "parentNodeId": "00000000-0000-4000-8000-000000000000"}),
        ),
        tool(
            "collections-bad-parent",
            "search_wlo_collections",
            json!({"query": "x", "parentNodeId": "../etc/passwd"}),
        ),
        // search_wlo_topic_pages
        tool("topic-pages-all-md", "search_wlo_topic_pages", json!({})),
        tool("topic-pages-all-json", "search_wlo_topic_pages", js(json!({}))),
        tool(
            "topic-pages-query",
            "search_wlo_topic_pages",
            md(json!({"query": "Mathematik", "targetGroup": "teacher"})),
        ),
        tool(
            "topic-pages-query-json",
            "search_wlo_topic_pages",
            js(json!({"query": "Optik", "sort": "alpha", "mergeVariants": false})),
        ),
        tool(
            "topic-pages-collection",
            "search_wlo_topic_pages",
            js(json!({"collectionId": wk.two_variant_collection})),
        ),
        tool(
            "topic-pages-collection-md",
            "search_wlo_topic_pages",
            md(json!({"collectionId": wk.portal_with_topic_page, "targetGroup": "learner"})),
        ),
        tool(
            "topic-pages-no-page",
            "search_wlo_topic_pages",
            md(json!({"collectionId": wk.portal_without_topic_page})),
        ),
        tool(
            "topic-pages-dangling",
            "search_wlo_topic_pages",
            js(json!({"collectionId": wk.dangling_collection})),
        ),
        tool(
            "topic-pages-context",
            "search_wlo_topic_pages",
            js(json!({"educationalContext": "Grundschule", "maxResults": 3})),
        ),
        tool(
            "topic-pages-bad-target",
            "search_wlo_topic_pages",
            json!({"targetGroup": "aliens"}),
        ),
        // get_subject_portals
        tool("portals-md", "get_subject_portals", json!({})),
        tool("portals-json", "get_subject_portals", js(json!({}))),
        tool(
            "portals-counts",
            "get_subject_portals",
            js(json!({"includeContentCounts": true})),
        ),
        tool(
            "portals-context",
            "get_subject_portals",
            md(json!({"educationalContext": "Hochschule"})),
        ),
        tool(
            "portals-bad-context",
            "get_subject_portals",
            md(json!({"educationalContext": "Mondschule"})),
        ),
        // browse_collection_tree
        tool("tree-root-md", "browse_collection_tree", json!({"nodeId": root})),
        tool(
            "tree-root-json",
            "browse_collection_tree",
            js(json!({"nodeId": root, "maxResults": 5})),
        ),
        tool(
            "tree-depth2-counts",
            "browse_collection_tree",
            js(json!({"nodeId": wk.portal_with_topic_page, "depth": 2, "includeContentCounts": true})),
        ),
        tool(
            "tree-depth2-md",
            "browse_collection_tree",
            md(json!({"nodeId": wk.umlaut_portal, "depth": 2})),
        ),
        tool(
            "tree-unknown",
            "browse_collection_tree",
            json!({"nodeId": "00000000-0000-4000-8000-000000000000"}),
        ),
        tool("tree-missing-id", "browse_collection_tree", json!({})),
        // get_collection_contents
        tool(
            "contents-md",
            "get_collection_contents",
            json!({"nodeId": wk.bruchrechnung, "maxResults": 3}),
        ),
        tool(
            "contents-json",
            "get_collection_contents",
            js(json!({"nodeId": wk.bruchrechnung, "maxResults": 3})),
        ),
        tool(
            "contents-page-2",
            "get_collection_contents",
            js(json!({"nodeId": wk.bruchrechnung, "maxResults": 2, "skipCount": 2})),
        ),
        tool(
            "contents-past-end",
            "get_collection_contents",
            md(json!({"nodeId": wk.bruchrechnung, "skipCount": 500})),
        ),
        tool(
            "contents-folders",
            "get_collection_contents",
            md(json!({"nodeId": wk.portal_with_topic_page, "contentFilter": "folders"})),
        ),
        tool(
            "contents-subcollections",
            "get_collection_contents",
            js(json!({"nodeId": wk.portal_without_topic_page, "includeSubcollections": true, "maxResults": 5})),
        ),
        tool(
            "contents-query",
            "get_collection_contents",
            md(json!({"nodeId": wk.bruchrechnung, "query": "Arbeitsblatt", "maxResults": 3})),
        ),
        tool(
            "contents-bad-filter",
            "get_collection_contents",
            json!({"nodeId": wk.bruchrechnung, "contentFilter": "everything"}),
        ),
        // get_node_details
        tool("node-md", "get_node_details", json!({"nodeId": wk.photosynthese})),
        tool("node-json", "get_node_details", js(json!({"nodeId": wk.photosynthese}))),
        tool(
            "node-parents-text",
            "get_node_details",
            js(json!({"nodeId": wk.text_content, "includeParents": true, "includeTextContent": true})),
        ),
        tool(
            "node-long-text-md",
            "get_node_details",
            md(json!({"nodeId": wk.long_text, "includeTextContent": true})),
        ),
        tool(
            "node-raw",
            "get_node_details",
            js(json!({"nodeId": wk.vocab_root_uris, "includeRaw": true})),
        ),
        tool(
            "node-collection-parents",
            "get_node_details",
            md(json!({"nodeId": wk.bruchrechnung, "includeParents": true})),
        ),
        tool(
            "node-hostile",
            "get_node_details",
            md(json!({"nodeId": wk.hostile_title})),
        ),
        tool(
            "node-forbidden",
            "get_node_details",
            json!({"nodeId": wk.forbidden_node}),
        ),
        tool(
            "node-index-only",
            "get_node_details",
            json!({"nodeId": wk.index_only_node}),
        ),
        tool("node-bad-id", "get_node_details", json!({"nodeId": "not-a-uuid"})),
        tool("node-id-as-number", "get_node_details", json!({"nodeId": 42})),
        // get_nodes_details
        tool(
            "nodes",
            "get_nodes_details",
            json!({"nodeIds": [wk.photosynthese, wk.cc_without_version, wk.file_with_download]}),
        ),
        tool(
            "nodes-mixed",
            "get_nodes_details",
            json!({"nodeIds": [wk.photosynthese, wk.index_only_node, "bogus", wk.photosynthese]}),
        ),
        tool("nodes-empty", "get_nodes_details", json!({"nodeIds": []})),
        tool(
            "nodes-single-string",
            "get_nodes_details",
            json!({"nodeIds": wk.photosynthese}),
        ),
        // get_related_content
        tool(
            "related-md",
            "get_related_content",
            json!({"nodeId": wk.bruchrechnung_klasse_6, "maxResults": 3}),
        ),
        tool(
            "related-json",
            "get_related_content",
            js(json!({"nodeId": wk.cc_without_version, "maxResults": 3, "learningResourceType": "Video"})),
        ),
        tool(
            "related-collection",
            "get_related_content",
            json!({"nodeId": wk.bruchrechnung}),
        ),
        // lookup_wlo_vocabulary
        tool(
            "vocabulary",
            "lookup_wlo_vocabulary",
            json!({"vocabulary": "educationalContext"}),
        ),
        tool(
            "vocabulary-query",
            "lookup_wlo_vocabulary",
            json!({"vocabulary": "discipline", "query": "Mathe"}),
        ),
        tool(
            "vocabulary-unknown",
            "lookup_wlo_vocabulary",
            json!({"vocabulary": "farben"}),
        ),
        // wlo_health_check
        tool("health", "wlo_health_check", json!({})),
        // search / fetch
        tool("search", "search", json!({"query": "Photosynthese"})),
        tool("search-empty", "search", json!({"query": "Qwzxyvbnm"})),
        tool("fetch-fulltext", "fetch", json!({"id": wk.text_content})),
        tool("fetch-description", "fetch", json!({"id": wk.no_text_no_url})),
        tool("fetch-forbidden", "fetch", json!({"id": wk.forbidden_node})),
        tool("fetch-bad-id", "fetch", json!({"id": "not-a-uuid"})),
    ]
}

/// Cases answered while the repository is down.
fn fault_cases(wk: &WellKnown) -> Vec<Case> {
    vec![
        tool("down-health", "wlo_health_check", json!({})),
        tool("down-content", "search_wlo_content", json!({"query": "Bruchrechnung"})),
        tool("down-all", "search_wlo_all", json!({"query": "Antike"})),
        tool("down-node", "get_node_details", json!({"nodeId": wk.photosynthese})),
        tool("down-search", "search", json!({"query": "Antike"})),
        tool("down-fetch", "fetch", json!({"id": wk.klimawandel})),
        tool(
            "down-nodes",
            "get_nodes_details",
            json!({"nodeIds": [wk.photosynthese]}),
        ),
        tool(
            "down-vocabulary",
            "lookup_wlo_vocabulary",
            json!({"vocabulary": "discipline"}),
        ),
    ]
}

fn with(mut args: Value, key: &str, value: &str) -> Value {
    args[key] = json!(value);
    args
}

/// Replace the digits after every `"<key>":` (escaped or not) with `0`.
fn zero_number(text: &str, key: &str) -> String {
    normalise_value(text, key, |rest| {
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        ("0".to_string(), digits)
    })
}

/// Replace the string after every `"<key>":` (escaped or not) with `"…"`.
fn blank_string(text: &str, key: &str) -> String {
    normalise_value(text, key, |rest| {
        // rest starts at the opening quote (`"` or `\"`).
        let escaped = rest.starts_with("\\\"");
        let open = if escaped { 2 } else { 1 };
        let close = if escaped { "\\\"" } else { "\"" };
        let end = rest[open..].find(close).map_or(rest.len(), |i| open + i + close.len());
        (format!("{}{}{}", &rest[..open], "CHECKED_AT", close), end)
    })
}

fn normalise_value(text: &str, key: &str, replace: impl Fn(&str) -> (String, usize)) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    let patterns = [format!("\"{key}\":"), format!("\\\"{key}\\\":")];
    loop {
        let hit = patterns
            .iter()
            .filter_map(|p| rest.find(p.as_str()).map(|i| (i, p.len())))
            .min();
        let Some((at, len)) = hit else {
            out.push_str(rest);
            return out;
        };
        out.push_str(&rest[..at + len]);
        rest = &rest[at + len..];
        let spaces = rest.len() - rest.trim_start().len();
        out.push_str(&rest[..spaces]);
        rest = &rest[spaces..];
        let (value, consumed) = replace(rest);
        out.push_str(&value);
        rest = &rest[consumed..];
    }
}

fn normalise(text: &str, ports: &[u16]) -> String {
    let mut text = text.to_string();
    for port in ports {
        text = text.replace(&format!("127.0.0.1:{port}"), "127.0.0.1:PORT");
    }
    let text = zero_number(&text, "latencyMs");
    blank_string(&text, "checkedAt")
}

/// The recorded form of one exchange: the request, then the answer.
fn render(case: &Case, status: u16, headers: &BTreeMap<String, String>, body: &str) -> String {
    let mut out = format!("{} /mcp\n", case.method);
    for (name, value) in &case.headers {
        out.push_str(&format!("{name}: {value}\n"));
    }
    out.push('\n');
    out.push_str(&case.body);
    out.push_str("\n\n----\n");
    out.push_str(&format!("{status}\n"));
    for (name, value) in headers {
        out.push_str(&format!("{name}: {value}\n"));
    }
    out.push('\n');
    out.push_str(body);
    out.push('\n');
    out
}

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

/// Compare with (or, with `WLO_GOLDEN_UPDATE=1`, write) the golden files;
/// returns the names of the cases that differ.
fn check(recorded: &[(String, String)]) -> Vec<String> {
    let dir = golden_dir();
    let update = std::env::var("WLO_GOLDEN_UPDATE").is_ok_and(|v| v == "1");
    if update {
        std::fs::create_dir_all(&dir).expect("golden dir");
    }
    let mut differ = Vec::new();
    for (name, text) in recorded {
        let path = dir.join(format!("{name}.txt"));
        if update {
            std::fs::write(&path, text).expect("write golden");
            continue;
        }
        match std::fs::read_to_string(&path) {
            Ok(expected) if expected == *text => {}
            Ok(expected) => {
                let line = expected
                    .lines()
                    .zip(text.lines())
                    .position(|(a, b)| a != b)
                    .map_or(expected.lines().count().min(text.lines().count()), |i| i);
                eprintln!(
                    "golden {name}: differs from line {}\n  expected: {}\n  actual:   {}",
                    line + 1,
                    expected.lines().nth(line).unwrap_or("<end>"),
                    text.lines().nth(line).unwrap_or("<end>")
                );
                differ.push(name.clone());
            }
            Err(_) => {
                eprintln!("golden {name}: no file {}", path.display());
                differ.push(name.clone());
            }
        }
    }
    differ
}

async fn exchange(server: &Server, case: &Case, ports: &[u16]) -> String {
    let mut request = server.request(case.method.clone());
    for (name, value) in &case.headers {
        request = request.header(*name, value.as_str());
    }
    let response = request
        .body(case.body.clone())
        .send()
        .await
        .unwrap_or_else(|e| panic!("{}: {e}", case.name));
    let status = response.status().as_u16();
    let headers: BTreeMap<String, String> = response
        .headers()
        .iter()
        .filter(|(name, _)| KEPT_HEADERS.contains(&name.as_str()))
        .map(|(name, value)| (name.to_string(), value.to_str().unwrap_or("<binary>").to_string()))
        .collect();
    let body = response.text().await.unwrap_or_default();
    normalise(&render(case, status, &headers, &body), ports)
}

#[tokio::test]
async fn answers_match_the_golden_files() {
    let h = Harness::start().await;
    let wk = h.standin.well_known().clone();
    let ports = [h.standin.port(), h.server.port];
    let mut recorded = Vec::new();
    let mut cases = protocol_cases();
    cases.extend(tool_cases(&wk));
    for case in &cases {
        recorded.push((case.name.clone(), exchange(&h.server, case, &ports).await));
    }
    h.standin.control().set_fault(Fault::Down);
    for case in &fault_cases(&wk) {
        recorded.push((case.name.clone(), exchange(&h.server, case, &ports).await));
    }
    h.standin.control().set_fault(Fault::None);

    // Every golden file belongs to a case (a renamed case leaves no stale file).
    let names: Vec<&str> = recorded.iter().map(|(n, _)| n.as_str()).collect();
    let mut unique = names.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), names.len(), "case names are unique");
    let differ = check(&recorded);
    if std::env::var("WLO_GOLDEN_UPDATE").as_deref() != Ok("1") {
        let stale: Vec<String> = std::fs::read_dir(golden_dir())
            .expect("tests/golden exists")
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter(|f| !f.starts_with("stdio-"))
            .filter(|f| !names.iter().any(|n| format!("{n}.txt") == *f))
            .collect();
        assert!(stale.is_empty(), "golden files without a case: {stale:?}");
    }
    assert!(differ.is_empty(), "answers differ from the golden files: {differ:?}");
}

/// The stdio transport: newline-delimited JSON-RPC, answered in order.
#[tokio::test]
async fn stdio_answers_match_the_golden_files() {
    let standin = StandIn::start(StandInOptions::default()).await.expect("stand-in");
    let wk = standin.well_known().clone();
    let lines = [
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "golden", "version": "1"}}}),
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        json!({"jsonrpc": "2.0", "id": 2, "method": "tools/list"}),
        json!({"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "search_wlo_content", "arguments": {"query": "Bruchrechnung", "maxResults": 2}}}),
        json!({"jsonrpc": "2.0", "id": 4, "method": "tools/call", "params": {"name": "get_node_details", "arguments": {"nodeId": wk.photosynthese, "outputFormat": "json"}}}),
        json!({"jsonrpc": "2.0", "id": 5, "method": "tools/call", "params": {"name": "get_node_details", "arguments": {"nodeId": "nope"}}}),
        json!({"jsonrpc": "2.0", "id": 6, "method": "nothing/here"}),
    ];
    let base_url = standin.base_url();
    let mut server = StdioServer::spawn(&[("WLO_REPOSITORY_URL", &base_url), ("WLO_CACHE_MAX_MB", "0")]);
    for line in &lines {
        server.send(line);
    }
    // Blocking reads off the runtime: the stand-in answers on it.
    let answers = tokio::task::spawn_blocking(move || {
        let answers: Vec<String> = (0..6)
            .map_while(|_| server.next_line(Duration::from_secs(30)))
            .collect();
        server.close_stdin();
        answers
    })
    .await
    .expect("join");

    // Requests may be answered concurrently: compare in id order.
    let mut answers = answers;
    answers.sort_by_key(|a| {
        serde_json::from_str::<Value>(a)
            .ok()
            .and_then(|v| v["id"].as_u64())
            .unwrap_or(u64::MAX)
    });
    let mut text = String::new();
    for line in &lines {
        text.push_str(&format!("> {line}\n"));
    }
    text.push_str("----\n");
    for answer in &answers {
        text.push_str(&format!("< {answer}\n"));
    }
    let text = normalise(&text, &[standin.port()]);
    let differ = check(&[("stdio-session".to_string(), text)]);
    assert!(differ.is_empty(), "stdio answers differ from the golden file");
}
