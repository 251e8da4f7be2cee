//! Plain JSON Schema builders for tool inputs: no `$schema`, no `$ref`, no
//! custom formats; every number has its range and default, every array its
//! `items`, enums inline. Keys keep insertion order.
//!
//! Every object declares `"additionalProperties": false`, so strict function
//! calling (OpenAI's strict mode, the Agents SDK's conversion) takes the
//! schemas as they are. The server itself stays lenient: unknown argument
//! keys are ignored at run time, so older clients keep working.

use serde_json::{Map, Value, json};

/// A closed object schema from `(name, schema)` pairs and the required names.
pub fn object(properties: Vec<(&str, Value)>, required: &[&str]) -> Value {
    let mut props = Map::new();
    for (name, schema) in properties {
        props.insert(name.to_string(), schema);
    }
    let mut schema = json!({ "type": "object", "properties": props });
    if !required.is_empty() {
        schema["required"] = json!(required);
    }
    schema["additionalProperties"] = json!(false);
    schema
}

pub fn string(description: &str) -> Value {
    json!({ "type": "string", "description": description })
}

pub fn string_max(description: &str, max_length: usize) -> Value {
    json!({ "type": "string", "description": description, "maxLength": max_length })
}

pub fn string_enum(description: &str, values: &[&str]) -> Value {
    json!({ "type": "string", "description": description, "enum": values })
}

pub fn string_enum_default(description: &str, values: &[&str], default: &str) -> Value {
    json!({ "type": "string", "description": description, "enum": values, "default": default })
}

pub fn integer(description: &str, minimum: i64, maximum: i64, default: i64) -> Value {
    json!({ "type": "integer", "description": description, "minimum": minimum, "maximum": maximum, "default": default })
}

pub fn boolean(description: &str, default: bool) -> Value {
    json!({ "type": "boolean", "description": description, "default": default })
}

pub fn string_array(description: &str, max_items: usize) -> Value {
    json!({ "type": "array", "description": description, "items": { "type": "string" }, "maxItems": max_items })
}

pub fn output_format(default: &str) -> Value {
    string_enum_default("markdown cards or one JSON document.", &["markdown", "json"], default)
}
