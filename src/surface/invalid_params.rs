//! Exact errors for a known MCP method whose `params` rmcp cannot decode.
//!
//! rmcp hands such a request to the handler as a custom request, whose
//! default answer is `-32601` "method not found" with the method as the
//! message — wrong for `tools/call` with `arguments` as a list. This names
//! what is wrong, as `-32602` (invalid params).

use rmcp::ErrorData;
use serde_json::Value;

use crate::card::echo;

/// Methods of the MCP surface this server offers (requests only).
const KNOWN_METHODS: &[&str] = &[
    "initialize",
    "ping",
    "tools/list",
    "tools/call",
    "resources/list",
    "resources/templates/list",
    "resources/read",
    "prompts/list",
    "prompts/get",
    "completion/complete",
    "logging/setLevel",
];

/// `-32602` naming the problem when `method` is one this server knows (its
/// params did not decode), `None` for a method it does not know.
pub fn invalid_params(method: &str, params: Option<&Value>) -> Option<ErrorData> {
    if !KNOWN_METHODS.contains(&method) {
        return None;
    }
    let problem = match method {
        "tools/call" => tool_call_problem(params),
        "resources/read" => needs_string(params, "uri"),
        "prompts/get" => needs_string(params, "name"),
        _ => None,
    };
    let problem = problem.unwrap_or_else(|| match params {
        Some(Value::Object(_)) | None => "a field has the wrong type or a key is duplicated".into(),
        Some(_) => "params must be an object".into(),
    });
    Some(ErrorData::invalid_params(
        format!("Invalid params for {method}: {problem}"),
        None,
    ))
}

fn tool_call_problem(params: Option<&Value>) -> Option<String> {
    if let Some(problem) = needs_string(params, "name") {
        return Some(problem);
    }
    match params?.get("arguments") {
        None | Some(Value::Null | Value::Object(_)) => None,
        Some(other) => Some(format!("arguments must be an object, not {}", kind(other))),
    }
}

/// What is wrong with `params.<key>`, which must be a string.
fn needs_string(params: Option<&Value>, key: &str) -> Option<String> {
    let Some(params) = params else {
        return Some(format!("params with \"{key}\" are missing"));
    };
    let Value::Object(object) = params else {
        return Some(format!("params must be an object, not {}", kind(params)));
    };
    match object.get(key) {
        Some(Value::String(_)) => None,
        None => Some(format!("\"{key}\" is missing")),
        Some(other) => Some(format!("\"{key}\" must be a string, not {}", kind(other))),
    }
}

/// A JSON value's kind, with a short excerpt of a number.
fn kind(value: &Value) -> String {
    match value {
        Value::Null => "null".into(),
        Value::Bool(_) => "a boolean".into(),
        Value::Number(n) => format!("a number ({})", echo(&n.to_string(), 20)),
        Value::String(_) => "a string".into(),
        Value::Array(_) => "a list".into(),
        Value::Object(_) => "an object".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn message(method: &str, params: Value) -> Option<String> {
        invalid_params(method, Some(&params)).map(|e| {
            assert_eq!(e.code.0, -32602);
            e.message.to_string()
        })
    }

    #[test]
    fn names_the_problem() {
        assert_eq!(
            message("tools/call", json!({"name": "x", "arguments": [1]})).unwrap(),
            "Invalid params for tools/call: arguments must be an object, not a list"
        );
        assert_eq!(
            message("tools/call", json!({"name": 5})).unwrap(),
            "Invalid params for tools/call: \"name\" must be a string, not a number (5)"
        );
        assert_eq!(
            message("tools/call", json!({})).unwrap(),
            "Invalid params for tools/call: \"name\" is missing"
        );
        assert_eq!(
            message("tools/call", json!([])).unwrap(),
            "Invalid params for tools/call: params must be an object, not a list"
        );
        assert_eq!(
            message("tools/call", json!({"name": "x"})).unwrap(),
            "Invalid params for tools/call: a field has the wrong type or a key is duplicated"
        );
        assert_eq!(message("nope", json!({})), None);
    }
}
