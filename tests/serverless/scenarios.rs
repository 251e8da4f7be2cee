//! The scenario table every front end is run against, and how answers are
//! compared.

use super::*;

// ------------------------------------------------------------ scenario table

/// One MCP exchange: the request body, the expected HTTP status, and a check
/// of the JSON-RPC response (`Value::Null` for an empty body).
pub(crate) struct Scenario {
    pub(crate) name: &'static str,
    pub(crate) request: &'static str,
    pub(crate) status: u16,
    pub(crate) check: fn(&Value),
}

pub(crate) const SCENARIOS: &[Scenario] = &[
    Scenario {
        name: "initialize",
        request: r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"serverless-test","version":"1.0"}}}"#,
        status: 200,
        check: |r| {
            assert_eq!(r["result"]["protocolVersion"], "2025-06-18");
            assert_eq!(r["result"]["serverInfo"]["name"], "wlo-mcp");
            assert!(r["result"]["capabilities"]["tools"].is_object(), "{r}");
        },
    },
    Scenario {
        name: "notifications/initialized",
        request: r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
        status: 202,
        check: |r| assert_eq!(r, &Value::Null),
    },
    Scenario {
        name: "ping",
        request: r#"{"jsonrpc":"2.0","id":"p","method":"ping"}"#,
        status: 200,
        check: |r| assert_eq!(r["result"], json!({})),
    },
    Scenario {
        name: "tools/list",
        request: r#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#,
        status: 200,
        check: |r| {
            let names: Vec<&str> = r["result"]["tools"]
                .as_array()
                .map(|t| t.iter().filter_map(|t| t["name"].as_str()).collect())
                .unwrap_or_default();
            for expected in [
                "wlo_health_check",
                "lookup_wlo_vocabulary",
                "search_wlo_content",
                "get_node_details",
            ] {
                assert!(names.contains(&expected), "{expected} missing in {names:?}");
            }
        },
    },
    Scenario {
        name: "tools/call wlo_health_check",
        request: r#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"wlo_health_check","arguments":{}}}"#,
        status: 200,
        check: |r| {
            let s = &r["result"]["structuredContent"];
            assert_eq!(r["result"]["isError"], false, "{r}");
            assert_eq!(s["ok"], true, "{r}");
            assert_eq!(s["rootResolved"], "Portale", "{r}");
        },
    },
    Scenario {
        name: "tools/call lookup_wlo_vocabulary",
        request: r#"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"lookup_wlo_vocabulary","arguments":{"vocabulary":"educationalContext","query":"Grundschule"}}}"#,
        status: 200,
        check: |r| {
            assert_eq!(r["result"]["isError"], false, "{r}");
            assert!(
                r["result"]["content"][0]["text"]
                    .as_str()
                    .is_some_and(|t| t.contains("Grundschule")),
                "{r}"
            );
        },
    },
    Scenario {
        name: "tools/call lookup_wlo_vocabulary (bad argument)",
        request: r#"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"lookup_wlo_vocabulary","arguments":{"vocabulary":"farben"}}}"#,
        status: 200,
        check: |r| {
            assert_eq!(r["result"]["isError"], true, "{r}");
            assert!(
                r["result"]["content"][0]["text"]
                    .as_str()
                    .is_some_and(|t| t.contains("Erlaubt")),
                "{r}"
            );
        },
    },
    Scenario {
        name: "tools/call get_node_details (root)",
        request: r#"{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"get_node_details","arguments":{"nodeId":"5e40e372-735c-4b17-bbf7-e827a5702b57","includeParents":true,"outputFormat":"json"}}}"#,
        status: 200,
        check: |r| assert!(r["result"]["content"].is_array(), "{r}"),
    },
    Scenario {
        name: "tools/call search_wlo_content",
        request: r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"search_wlo_content","arguments":{"query":"Bruchrechnung"}}}"#,
        status: 200,
        check: |r| assert!(r["result"]["content"].is_array(), "{r}"),
    },
    Scenario {
        name: "tools/call unknown tool",
        request: r#"{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"nope","arguments":{}}}"#,
        status: 200,
        check: |r| assert_eq!(r["error"]["code"], -32602, "{r}"),
    },
];

/// The comparable part of an answer: `result` or `error`, with the health
/// check's `latencyMs`/`checkedAt` removed (also inside JSON text blocks).
pub(crate) fn comparable(response: &Value) -> Value {
    fn strip(value: &mut Value) {
        match value {
            Value::Object(map) => {
                map.remove("latencyMs");
                map.remove("checkedAt");
                map.values_mut().for_each(strip);
            }
            Value::Array(items) => items.iter_mut().for_each(strip),
            Value::String(text) if text.starts_with('{') => {
                if let Ok(mut inner) = serde_json::from_str::<Value>(text) {
                    strip(&mut inner);
                    *value = inner;
                }
            }
            _ => {}
        }
    }
    let mut part = response
        .get("result")
        .or_else(|| response.get("error"))
        .cloned()
        .unwrap_or(Value::Null);
    strip(&mut part);
    part
}
