//! Hand-made nodes for the ranking tests.

use serde_json::{Value, json};

use crate::upstream::Node;

/// A content node with an id, a `cclom:title` and extra properties.
pub fn node(id: &str, title: &str, props: Value) -> Node {
    let mut properties = match props {
        Value::Object(map) => map,
        Value::Null => Default::default(),
        other => panic!("properties must be an object, got {other}"),
    };
    if !title.is_empty() {
        properties.insert("cclom:title".into(), json!([title]));
    }
    serde_json::from_value(json!({
        "ref": {"id": id},
        "type": "ccm:io",
        "properties": properties,
    }))
    .expect("test node")
}

/// A node built from a full JSON body (for preview/content fields).
pub fn raw(body: Value) -> Node {
    serde_json::from_value(body).expect("test node")
}
