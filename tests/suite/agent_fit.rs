//! Agent fit: instructions, tool metadata and size, argument completion,
//! resources, prompts and tool filtering, all over real HTTP.

use crate::common;

use common::*;
use serde_json::{Value, json};

/// The `completion/complete` result for a prompt argument.
async fn complete_prompt(server: &Server, prompt: &str, argument: &str, value: &str) -> Value {
    let r = server
        .rpc(
            "completion/complete",
            json!({"ref": {"type": "ref/prompt", "name": prompt}, "argument": {"name": argument, "value": value}}),
        )
        .await;
    r["result"]["completion"].clone()
}

fn values(completion: &Value) -> Vec<String> {
    completion["values"]
        .as_array()
        .unwrap_or_else(|| panic!("no values: {completion}"))
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect()
}

/// Text of the single content block of a `resources/read` answer, parsed as JSON.
fn resource_json(response: &Value, uri: &str) -> Value {
    let contents = response["result"]["contents"]
        .as_array()
        .unwrap_or_else(|| panic!("{response}"));
    assert_eq!(contents.len(), 1, "{response}");
    assert_eq!(contents[0]["uri"], uri);
    assert_eq!(contents[0]["mimeType"], "application/json");
    serde_json::from_str(contents[0]["text"].as_str().unwrap()).unwrap()
}

/// DIN 5007-1 style key: lower case, umlauts folded.
fn fold(s: &str) -> String {
    s.to_lowercase()
        .replace('ä', "a")
        .replace('ö', "o")
        .replace('ü', "u")
        .replace('ß', "ss")
}

#[tokio::test]
async fn initialize_advertises_capabilities_and_instructions() {
    let h = Harness::start().await;
    let r = h
        .server
        .rpc(
            "initialize",
            json!({"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}),
        )
        .await;
    let caps = &r["result"]["capabilities"];
    for cap in ["tools", "resources", "prompts", "completions"] {
        assert!(caps[cap].is_object(), "{cap} missing: {caps}");
    }
    let instructions = r["result"]["instructions"].as_str().unwrap();
    for needle in [
        "get_subject_portals first",
        "browse_collection_tree",
        "one get_nodes_details call",
        "educationalContext",
        "discipline",
        "learningResourceType",
        "public OER metadata",
        "then fetch with an id",
    ] {
        assert!(instructions.contains(needle), "instructions lack {needle:?}");
    }
    assert!(
        instructions.len() < 2000,
        "instructions grew to {} chars",
        instructions.len()
    );
}

#[tokio::test]
async fn every_tool_has_title_and_read_only_annotations() {
    let h = Harness::start().await;
    let r = h.server.rpc("tools/list", json!({})).await;
    let tools = r["result"]["tools"].as_array().unwrap();
    assert_eq!(tools.len(), wlo_mcp::tools::specs().len());
    for tool in tools {
        let name = tool["name"].as_str().unwrap();
        assert!(
            tool["title"].as_str().is_some_and(|t| !t.trim().is_empty()),
            "{name}: no title"
        );
        assert!(
            tool["description"].as_str().is_some_and(|d| !d.trim().is_empty()),
            "{name}: no description"
        );
        let a = &tool["annotations"];
        assert_eq!(a["readOnlyHint"], true, "{name}");
        assert_eq!(a["openWorldHint"], true, "{name}");
        assert_eq!(a["idempotentHint"], true, "{name}");
        assert_eq!(a["destructiveHint"], false, "{name}");
    }
}

#[tokio::test]
async fn tools_list_stays_within_16_tools_and_5000_tokens() {
    let h = Harness::start().await;
    let r = h
        .server
        .post(&json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}))
        .await;
    assert_eq!(r.status, 200);
    let chars = r.text.chars().count();
    let tokens = chars / 4;
    let list = r.json();
    println!("tools/list: {chars} characters ≈ {tokens} tokens (characters/4)");
    for tool in list["result"]["tools"].as_array().unwrap() {
        println!(
            "  {:<24} {:>5} chars (description {:>4})",
            tool["name"].as_str().unwrap(),
            tool.to_string().chars().count(),
            tool["description"].as_str().unwrap().chars().count()
        );
    }
    assert!(
        tokens <= 5000,
        "tools/list is {tokens} tokens (limit 5000); shorten descriptions"
    );
    let count = list["result"]["tools"].as_array().unwrap().len();
    assert!(count <= 16, "{count} tools (limit 16)");
}

#[tokio::test]
async fn completion_of_prompt_arguments() {
    let h = Harness::start().await;
    let s = &h.server;
    // Prefix.
    let c = complete_prompt(s, "unterrichtsmaterial_finden", "fach", "Mat").await;
    assert_eq!(values(&c), ["Mathematik"]);
    assert_eq!(c["total"], 1);
    assert_eq!(c["hasMore"], false);
    // Prefix of several labels, vocabulary order.
    let c = complete_prompt(s, "unterrichtsmaterial_finden", "bildungsstufe", "Sek").await;
    assert_eq!(values(&c), ["Sekundarstufe I", "Sekundarstufe II"]);
    // Aliases.
    let c = complete_prompt(s, "unterrichtsmaterial_finden", "bildungsstufe", "Grund").await;
    assert_eq!(values(&c), ["Primarstufe"]);
    let c = complete_prompt(s, "unterrichtsmaterial_finden", "materialart", "worksh").await;
    assert_eq!(values(&c), ["Arbeitsblatt"]);
    let c = complete_prompt(s, "fachportal_erkunden", "fach", "erdk").await;
    assert_eq!(values(&c), ["Geografie"]);
    // Umlauts, typed or folded.
    for typed in ["Franz", "Französ", "franzo"] {
        let c = complete_prompt(s, "unterrichtsmaterial_finden", "fach", typed).await;
        assert_eq!(values(&c), ["Französisch"], "{typed}");
    }
    let c = complete_prompt(s, "unterrichtsmaterial_finden", "materialart", "Ubung").await;
    assert_eq!(values(&c), ["Übungsmaterial"]);
    // Target group of the topic-page prompt.
    let c = complete_prompt(s, "themenseite_finden", "zielgruppe", "Le").await;
    assert!(values(&c).contains(&"Lehrkräfte".to_string()), "{c}");
}

#[tokio::test]
async fn completion_limit_total_and_has_more() {
    let h = Harness::start().await;
    let c = complete_prompt(&h.server, "unterrichtsmaterial_finden", "fach", "").await;
    let all = values(&c);
    assert!(all.len() <= 100);
    assert!(all.len() > 50, "every subject for an empty value");
    assert_eq!(c["total"], all.len());
    assert_eq!(c["hasMore"], false);
    assert_eq!(all[..2], ["Allgemein", "Alt-Griechisch"], "vocabulary order");
    let c = complete_prompt(&h.server, "unterrichtsmaterial_finden", "materialart", "").await;
    assert_eq!(c["total"].as_u64().unwrap() as usize, values(&c).len());
    assert!(values(&c).len() <= 100);
}

#[tokio::test]
async fn completion_of_the_template_variable_and_unknown_refs() {
    let h = Harness::start().await;
    let s = &h.server;
    let template = |value: &str| {
        json!({"ref": {"type": "ref/resource", "uri": "wlo://vocabulary/{vocabulary}"},
               "argument": {"name": "vocabulary", "value": value}})
    };
    let r = s.rpc("completion/complete", template("disc")).await;
    assert_eq!(values(&r["result"]["completion"]), ["discipline"]);
    let r = s.rpc("completion/complete", template("")).await;
    assert_eq!(
        values(&r["result"]["completion"]),
        [
            "educationalContext",
            "discipline",
            "userRole",
            "lrt",
            "license",
            "targetGroup"
        ]
    );
    // Unknown prompt, unknown argument, free-text argument, unknown template: empty, not an error.
    for params in [
        json!({"ref": {"type": "ref/prompt", "name": "nope"}, "argument": {"name": "fach", "value": "Mat"}}),
        json!({"ref": {"type": "ref/prompt", "name": "unterrichtsmaterial_finden"}, "argument": {"name": "nope", "value": "M"}}),
        json!({"ref": {"type": "ref/prompt", "name": "unterrichtsmaterial_finden"}, "argument": {"name": "thema", "value": "M"}}),
        json!({"ref": {"type": "ref/resource", "uri": "wlo://other/{x}"}, "argument": {"name": "x", "value": ""}}),
    ] {
        let r = s.rpc("completion/complete", params.clone()).await;
        assert!(r.get("error").is_none(), "{params} → {r}");
        assert_eq!(r["result"]["completion"]["values"], json!([]), "{params}");
        assert_eq!(r["result"]["completion"]["total"], 0);
        assert_eq!(r["result"]["completion"]["hasMore"], false);
    }
    let r = s.rpc("completion/complete", template("zzz")).await;
    assert_eq!(r["result"]["completion"]["values"], json!([]));
}

#[tokio::test]
async fn resources_list_templates_and_read_vocabularies() {
    let h = Harness::start().await;
    let s = &h.server;
    let r = s.rpc("resources/list", json!({})).await;
    let resources = r["result"]["resources"].as_array().unwrap();
    let uris: Vec<&str> = resources.iter().map(|r| r["uri"].as_str().unwrap()).collect();
    assert_eq!(
        uris,
        [
            "wlo://vocabulary/educationalContext",
            "wlo://vocabulary/discipline",
            "wlo://vocabulary/userRole",
            "wlo://vocabulary/lrt",
            "wlo://vocabulary/license",
            "wlo://vocabulary/targetGroup",
            "wlo://portals",
            "ui://wlo/cards",
            "ui://wlo/topic-page",
        ]
    );
    for resource in resources {
        assert!(resource["name"].as_str().is_some_and(|n| !n.is_empty()));
        assert!(resource["title"].is_string() && resource["description"].is_string());
        // The MCP Apps views (docs/ui.md, tests/ui_views.rs) are HTML.
        let view = resource["uri"].as_str().unwrap().starts_with("ui://");
        let mime = if view {
            "text/html;profile=mcp-app"
        } else {
            "application/json"
        };
        assert_eq!(resource["mimeType"], mime);
    }
    let r = s.rpc("resources/templates/list", json!({})).await;
    let templates = r["result"]["resourceTemplates"].as_array().unwrap();
    assert_eq!(templates.len(), 1);
    assert_eq!(templates[0]["uriTemplate"], "wlo://vocabulary/{vocabulary}");

    let r = s
        .rpc("resources/read", json!({"uri": "wlo://vocabulary/discipline"}))
        .await;
    let doc = resource_json(&r, "wlo://vocabulary/discipline");
    assert_eq!(doc["vocabulary"], "discipline");
    let entries = doc["entries"].as_array().unwrap();
    let math = entries.iter().find(|e| e["label"] == "Mathematik").expect("Mathematik");
    assert!(math["uri"].as_str().unwrap().starts_with("http"));
    assert!(
        math["aliases"]
            .as_array()
            .is_some_and(|a| a.iter().any(|x| x == "mathe")),
        "{math}"
    );
    // Every listed vocabulary resource is readable, and its declared size is right.
    for resource in resources
        .iter()
        .filter(|r| r["uri"].as_str().unwrap().starts_with("wlo://vocabulary/"))
    {
        let uri = resource["uri"].as_str().unwrap();
        let r = s.rpc("resources/read", json!({"uri": uri})).await;
        let text = r["result"]["contents"][0]["text"].as_str().unwrap();
        assert_eq!(resource["size"], text.len(), "{uri}");
        assert!(
            resource_json(&r, uri)["entries"]
                .as_array()
                .is_some_and(|e| !e.is_empty())
        );
    }
    // Case-insensitive name; the answer names the canonical URI.
    let r = s.rpc("resources/read", json!({"uri": "wlo://vocabulary/LRT"})).await;
    assert_eq!(resource_json(&r, "wlo://vocabulary/lrt")["vocabulary"], "lrt");
    // Nothing upstream so far.
    assert_eq!(h.standin.control().stats().total_requests, 0);
}

#[tokio::test]
async fn unknown_resource_is_not_found() {
    let h = Harness::start().await;
    for uri in ["wlo://vocabulary/nope", "wlo://nothing", "https://example.org/", ""] {
        let r = h.server.rpc("resources/read", json!({"uri": uri})).await;
        assert_eq!(r["error"]["code"], -32002, "{uri}: {r}");
        assert_eq!(r["error"]["message"], "Resource not found");
    }
}

#[tokio::test]
async fn portals_resource_reads_upstream_only_when_read() {
    let h = Harness::start().await;
    h.server.rpc("resources/list", json!({})).await;
    assert_eq!(
        h.standin.control().stats().total_requests,
        0,
        "resources/list went upstream"
    );
    let r = h.server.rpc("resources/read", json!({"uri": "wlo://portals"})).await;
    let doc = resource_json(&r, "wlo://portals");
    assert!(h.standin.control().stats().total_requests >= 1);
    assert_eq!(doc["rootNodeId"], ROOT);
    let portals = doc["portals"].as_array().unwrap();
    assert!(portals.len() >= 10, "{doc}");
    assert_eq!(doc["total"], portals.len());
    let titles: Vec<&str> = portals.iter().map(|p| p["title"].as_str().unwrap()).collect();
    assert!(titles.contains(&"Mathematik"), "{titles:?}");
    for portal in portals {
        assert_eq!(portal["nodeId"].as_str().unwrap().len(), 36, "{portal}");
    }
    let keys: Vec<String> = titles.iter().map(|t| fold(t)).collect();
    let mut sorted = keys.clone();
    sorted.sort();
    assert_eq!(keys, sorted, "German alphabetical order: {titles:?}");
}

#[tokio::test]
async fn prompts_list_and_get() {
    let h = Harness::start().await;
    let s = &h.server;
    let r = s.rpc("prompts/list", json!({})).await;
    let prompts = r["result"]["prompts"].as_array().unwrap();
    let names: Vec<&str> = prompts.iter().map(|p| p["name"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        [
            "unterrichtsmaterial_finden",
            "fachportal_erkunden",
            "themenseite_finden"
        ]
    );
    for p in prompts {
        assert!(p["title"].is_string() && p["description"].is_string(), "{p}");
    }
    let material = &prompts[0]["arguments"];
    let args: Vec<(&str, bool)> = material
        .as_array()
        .unwrap()
        .iter()
        .map(|a| (a["name"].as_str().unwrap(), a["required"].as_bool().unwrap_or(false)))
        .collect();
    assert_eq!(
        args,
        [
            ("thema", true),
            ("fach", false),
            ("bildungsstufe", false),
            ("materialart", false)
        ]
    );

    let r = s
        .rpc(
            "prompts/get",
            json!({"name": "unterrichtsmaterial_finden", "arguments": {
                "thema": "Bruchrechnung", "fach": "Mathe", "bildungsstufe": "Sek I", "materialart": "Arbeitsblatt"}}),
        )
        .await;
    let messages = r["result"]["messages"].as_array().unwrap_or_else(|| panic!("{r}"));
    assert_eq!(messages.len(), 1);
    assert_eq!(messages[0]["role"], "user");
    assert_eq!(messages[0]["content"]["type"], "text");
    let text = messages[0]["content"]["text"].as_str().unwrap();
    for needle in [
        "search_wlo_content",
        "query=\"Bruchrechnung\"",
        "discipline=\"Mathematik\"",
        "educationalContext=\"Sekundarstufe I\"",
        "learningResourceType=\"Arbeitsblatt\"",
        "get_nodes_details",
    ] {
        assert!(text.contains(needle), "{needle:?} missing in: {text}");
    }
    // An unknown filter value is passed on with a note.
    let r = s
        .rpc(
            "prompts/get",
            json!({"name": "unterrichtsmaterial_finden", "arguments": {"thema": "X", "fach": "Quidditch"}}),
        )
        .await;
    let text = r["result"]["messages"][0]["content"]["text"].as_str().unwrap();
    assert!(
        text.contains("discipline=\"Quidditch\"") && text.contains("lookup_wlo_vocabulary"),
        "{text}"
    );

    let r = s
        .rpc(
            "prompts/get",
            json!({"name": "fachportal_erkunden", "arguments": {"fach": "Bio"}}),
        )
        .await;
    let text = r["result"]["messages"][0]["content"]["text"].as_str().unwrap();
    assert!(
        text.contains("get_subject_portals") && text.contains("browse_collection_tree") && text.contains("Biologie")
    );
    let r = s.rpc("prompts/get", json!({"name": "fachportal_erkunden"})).await;
    assert!(
        r["result"]["messages"][0]["content"]["text"]
            .as_str()
            .is_some_and(|t| t.contains("get_subject_portals"))
    );

    let r = s
        .rpc(
            "prompts/get",
            json!({"name": "themenseite_finden", "arguments": {"thema": "Klimawandel", "zielgruppe": "Lehrkräfte"}}),
        )
        .await;
    let text = r["result"]["messages"][0]["content"]["text"].as_str().unwrap();
    assert!(
        text.contains("search_wlo_topic_pages") && text.contains("targetGroup=\"teacher\""),
        "{text}"
    );
    assert_eq!(h.standin.control().stats().total_requests, 0);
}

#[tokio::test]
async fn prompt_errors_are_invalid_params() {
    let h = Harness::start().await;
    for params in [
        json!({"name": "unterrichtsmaterial_finden"}),
        json!({"name": "unterrichtsmaterial_finden", "arguments": {"fach": "Mathematik"}}),
        json!({"name": "unterrichtsmaterial_finden", "arguments": {"thema": "  "}}),
        json!({"name": "themenseite_finden", "arguments": {}}),
        json!({"name": "nope", "arguments": {}}),
    ] {
        let r = h.server.rpc("prompts/get", params.clone()).await;
        assert_eq!(r["error"]["code"], -32602, "{params} → {r}");
    }
    let r = h
        .server
        .rpc("prompts/get", json!({"name": "unterrichtsmaterial_finden"}))
        .await;
    assert_eq!(r["error"]["message"], "Missing required argument: thema");
}

#[tokio::test]
async fn deny_list_removes_a_tool() {
    let h = Harness::start_with(&[("MCP_TOOL_DENY", "wlo_health_check")]).await;
    let r = h.server.rpc("tools/list", json!({})).await;
    let names: Vec<&str> = r["result"]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(names.len(), wlo_mcp::tools::specs().len() - 1);
    assert!(!names.contains(&"wlo_health_check"));
    let r = h
        .server
        .rpc("tools/call", json!({"name": "wlo_health_check", "arguments": {}}))
        .await;
    assert_eq!(r["error"]["code"], -32602);
    assert_eq!(r["error"]["message"], "Unknown tool: wlo_health_check");
    assert!(
        !h.call_tool("lookup_wlo_vocabulary", json!({"vocabulary": "lrt"}))
            .await
            .is_error
    );
    assert_eq!(h.standin.control().stats().total_requests, 0);
}

#[tokio::test]
async fn allow_list_keeps_only_named_tools_and_deny_wins() {
    let h = Harness::start_with(&[
        (
            "MCP_TOOL_ALLOW",
            "lookup_wlo_vocabulary, search_wlo_content,wlo_health_check",
        ),
        ("MCP_TOOL_DENY", "wlo_health_check"),
    ])
    .await;
    let r = h.server.rpc("tools/list", json!({})).await;
    let names: Vec<&str> = r["result"]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["search_wlo_content", "lookup_wlo_vocabulary"]);
    for blocked in ["wlo_health_check", "search_wlo_all", "get_node_details"] {
        let r = h
            .server
            .rpc("tools/call", json!({"name": blocked, "arguments": {}}))
            .await;
        assert_eq!(r["error"]["code"], -32602, "{blocked}");
        assert_eq!(r["error"]["message"], format!("Unknown tool: {blocked}"));
    }
    assert!(
        !h.call_tool("lookup_wlo_vocabulary", json!({"vocabulary": "discipline"}))
            .await
            .is_error
    );
}

#[tokio::test]
async fn list_and_complete_methods_never_go_upstream() {
    let h = Harness::start().await;
    let s = &h.server;
    s.rpc(
        "initialize",
        json!({"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}),
    )
    .await;
    for (method, params) in [
        ("tools/list", json!({})),
        ("resources/list", json!({})),
        ("resources/templates/list", json!({})),
        ("prompts/list", json!({})),
        (
            "prompts/get",
            json!({"name": "fachportal_erkunden", "arguments": {"fach": "Chemie"}}),
        ),
        ("resources/read", json!({"uri": "wlo://vocabulary/userRole"})),
        (
            "completion/complete",
            json!({"ref": {"type": "ref/prompt", "name": "unterrichtsmaterial_finden"}, "argument": {"name": "fach", "value": "B"}}),
        ),
        (
            "completion/complete",
            json!({"ref": {"type": "ref/resource", "uri": "wlo://vocabulary/{vocabulary}"}, "argument": {"name": "vocabulary", "value": "l"}}),
        ),
    ] {
        let r = s.rpc(method, params).await;
        assert!(r.get("result").is_some(), "{method}: {r}");
    }
    assert_eq!(h.standin.control().stats().total_requests, 0);
}
