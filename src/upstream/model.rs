//! Serde models of edu-sharing's JSON bodies.
//!
//! Every field is optional and every model is tolerant: the repository omits
//! fields freely, sends `size` as a string and numbers inside string arrays.
//! A value of the wrong JSON type is treated as absent rather than failing the
//! whole body, so one odd node never hides the other twenty.

use std::collections::BTreeMap;

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;

/// Strip a `workspace://SpacesStore/` store-ref prefix, leaving the bare id.
pub fn strip_store_ref(value: &str) -> &str {
    let value = value.trim();
    match value.rfind('/') {
        Some(i) if value.starts_with("workspace://") => &value[i + 1..],
        _ => value,
    }
}

/// One search criterion of an edu-sharing search body: `{property, values}`.
/// Different criteria are ANDed by the repository.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Criterion {
    pub property: String,
    pub values: Vec<String>,
}

impl Criterion {
    pub fn new(property: impl Into<String>, values: Vec<String>) -> Self {
        Self { property: property.into(), values }
    }
    pub fn one(property: impl Into<String>, value: impl Into<String>) -> Self {
        Self::new(property, vec![value.into()])
    }
}

/// A repository node (content `ccm:io` or folder/collection `ccm:map`).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Node {
    #[serde(rename = "ref", deserialize_with = "lenient")]
    pub node_ref: NodeRef,
    #[serde(rename = "type", deserialize_with = "lenient")]
    pub node_type: String,
    #[serde(deserialize_with = "lenient")]
    pub is_directory: bool,
    #[serde(deserialize_with = "lenient")]
    pub name: String,
    #[serde(deserialize_with = "lenient")]
    pub title: String,
    #[serde(deserialize_with = "lenient")]
    pub aspects: Vec<String>,
    #[serde(deserialize_with = "properties")]
    pub properties: BTreeMap<String, Vec<String>>,
    #[serde(deserialize_with = "lenient")]
    pub preview: Option<Preview>,
    #[serde(deserialize_with = "lenient")]
    pub content: Option<Content>,
    #[serde(deserialize_with = "lenient")]
    pub download_url: Option<String>,
    #[serde(deserialize_with = "lenient")]
    pub mimetype: String,
    #[serde(deserialize_with = "size")]
    pub size: u64,
    #[serde(deserialize_with = "lenient")]
    pub is_public: Option<bool>,
    #[serde(deserialize_with = "lenient")]
    pub collection: Option<CollectionInfo>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct NodeRef {
    #[serde(deserialize_with = "lenient")]
    pub id: String,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Preview {
    #[serde(deserialize_with = "lenient")]
    pub url: String,
    #[serde(deserialize_with = "lenient")]
    pub is_icon: bool,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct Content {
    #[serde(deserialize_with = "lenient")]
    pub url: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct CollectionInfo {
    #[serde(deserialize_with = "lenient")]
    pub description: Option<String>,
    #[serde(deserialize_with = "lenient")]
    pub child_collections_count: Option<u64>,
    #[serde(deserialize_with = "lenient")]
    pub child_references_count: Option<u64>,
}

#[derive(Debug, Clone, Copy, Default, Deserialize)]
#[serde(default)]
pub struct Pagination {
    #[serde(deserialize_with = "lenient")]
    pub total: u64,
    #[serde(deserialize_with = "lenient")]
    pub from: u64,
    #[serde(deserialize_with = "lenient")]
    pub count: u64,
}

/// `{nodes, pagination}` — search results, children and parents share it.
/// The collection name index (E3) answers under `collections`; accepted too.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct NodeList {
    #[serde(alias = "collections", alias = "parents", deserialize_with = "nodes")]
    pub nodes: Vec<Node>,
    #[serde(deserialize_with = "lenient")]
    pub pagination: Pagination,
}

/// `{node}` from a metadata read.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct NodeEntry {
    #[serde(deserialize_with = "lenient")]
    pub node: Option<Node>,
}

/// `/textContent`: `text`, then `content`, then `raw` (sources disagree on the key).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct NodeText {
    #[serde(deserialize_with = "lenient")]
    pub text: Option<String>,
    #[serde(deserialize_with = "lenient")]
    pub content: Option<String>,
    #[serde(deserialize_with = "lenient")]
    pub raw: Option<String>,
}

impl NodeText {
    pub fn into_text(self) -> Option<String> {
        [self.text, self.content, self.raw]
            .into_iter()
            .flatten()
            .find(|t| !t.trim().is_empty())
    }
}

/// edu-sharing's error body `{error, message, …}`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct ErrorBody {
    #[serde(deserialize_with = "lenient")]
    pub error: String,
    #[serde(deserialize_with = "lenient")]
    pub message: String,
}

impl Node {
    /// `ref.id`, else `sys:node-uuid`.
    pub fn id(&self) -> &str {
        if !self.node_ref.id.is_empty() {
            &self.node_ref.id
        } else {
            self.first("sys:node-uuid").unwrap_or("")
        }
    }

    /// All values of a property (empty slice when absent).
    pub fn prop(&self, key: &str) -> &[String] {
        self.properties.get(key).map(Vec::as_slice).unwrap_or(&[])
    }

    /// The first value of a property, when it is non-blank.
    pub fn first(&self, key: &str) -> Option<&str> {
        self.prop(key)
            .first()
            .map(|s| s.as_str())
            .filter(|s| !s.trim().is_empty())
    }

    /// Title chain: `cclom:title`, `cm:title`, `cm:name`, `name`, `title`.
    pub fn display_title(&self) -> &str {
        self.first("cclom:title")
            .or_else(|| self.first("cm:title"))
            .or_else(|| self.first("cm:name"))
            .or_else(|| Some(self.name.as_str()).filter(|s| !s.trim().is_empty()))
            .or_else(|| Some(self.title.as_str()).filter(|s| !s.trim().is_empty()))
            .unwrap_or("")
    }

    /// `cclom:general_description`, else the collection description.
    pub fn description(&self) -> &str {
        self.first("cclom:general_description")
            .or_else(|| {
                self.collection
                    .as_ref()
                    .and_then(|c| c.description.as_deref())
                    .filter(|s| !s.trim().is_empty())
            })
            .unwrap_or("")
    }

    pub fn keywords(&self) -> &[String] {
        self.prop("cclom:general_keyword")
    }

    pub fn is_collection(&self) -> bool {
        self.node_type == "ccm:map" || self.is_directory
    }

    /// The id of the topic-page config folder, when this collection has a Themenseite.
    pub fn page_config_ref(&self) -> Option<&str> {
        self.first("ccm:page_config_ref")
            .map(strip_store_ref)
            .filter(|s| !s.is_empty())
    }

    /// The primary parent's id (`virtual:primaryparent_nodeid`, store ref stripped).
    pub fn primary_parent(&self) -> Option<&str> {
        self.first("virtual:primaryparent_nodeid")
            .map(strip_store_ref)
            .filter(|s| !s.is_empty())
    }

    /// Deleted material shows up as placeholder hits ("Element wurde gelöscht").
    pub fn is_deleted_placeholder(&self) -> bool {
        const MARKERS: [&str; 2] = ["element wurde gelöscht", "element was removed"];
        let title = self.display_title().to_lowercase();
        let desc = self.description().to_lowercase();
        title.trim().is_empty() || MARKERS.iter().any(|m| title.contains(m) || desc.contains(m))
    }

    /// The preview URL when it is a real thumbnail (not a generic icon).
    pub fn has_real_preview(&self) -> bool {
        self.preview
            .as_ref()
            .is_some_and(|p| !p.url.is_empty() && !p.is_icon)
    }

    /// `ccm:wwwurl`, else `content.url`.
    pub fn link(&self) -> Option<&str> {
        self.first("ccm:wwwurl").or_else(|| {
            self.content
                .as_ref()
                .and_then(|c| c.url.as_deref())
                .filter(|s| !s.trim().is_empty())
        })
    }
}

/// Deserialize any value, falling back to the default when it has the wrong shape.
fn lenient<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: serde::de::DeserializeOwned + Default,
{
    let value = Value::deserialize(deserializer)?;
    Ok(serde_json::from_value(value).unwrap_or_default())
}

/// `size` arrives as a string ("12345"), sometimes as a number.
fn size<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u64, D::Error> {
    Ok(match Value::deserialize(deserializer)? {
        Value::String(s) => s.trim().parse().unwrap_or(0),
        Value::Number(n) => n.as_u64().unwrap_or(0),
        _ => 0,
    })
}

/// Properties are `{key: [string]}`; tolerate scalars, numbers and nulls.
fn properties<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<BTreeMap<String, Vec<String>>, D::Error> {
    let Value::Object(map) = Value::deserialize(deserializer)? else {
        return Ok(BTreeMap::new());
    };
    Ok(map
        .into_iter()
        .map(|(key, value)| {
            let values = match value {
                Value::Array(items) => items.into_iter().filter_map(scalar_string).collect(),
                other => scalar_string(other).into_iter().collect(),
            };
            (key, values)
        })
        .collect())
}

fn scalar_string(value: Value) -> Option<String> {
    match value {
        Value::String(s) => Some(s),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

/// A list of nodes where a malformed entry is skipped instead of failing the list.
fn nodes<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<Node>, D::Error> {
    let Value::Array(items) = Value::deserialize(deserializer)? else {
        return Ok(Vec::new());
    };
    Ok(items
        .into_iter()
        .filter_map(|item| serde_json::from_value(item).ok())
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tolerant_node_parsing() {
        let node: Node = serde_json::from_value(serde_json::json!({
            "ref": {"id": "abc"},
            "type": "ccm:io",
            "size": "1234",
            "properties": {"cclom:title": ["Titel"], "x": "scalar", "n": [1, null]},
            "preview": "not an object",
            "isPublic": "yes"
        }))
        .unwrap();
        assert_eq!(node.id(), "abc");
        assert_eq!(node.size, 1234);
        assert_eq!(node.display_title(), "Titel");
        assert_eq!(node.prop("x"), ["scalar"]);
        assert_eq!(node.prop("n"), ["1"]);
        assert!(node.preview.is_none());
        assert_eq!(node.is_public, None);
    }

    #[test]
    fn store_refs_are_stripped() {
        assert_eq!(strip_store_ref("workspace://SpacesStore/abc-1"), "abc-1");
        assert_eq!(strip_store_ref(" abc-1 "), "abc-1");
    }

    #[test]
    fn placeholders_are_detected() {
        let mut node = Node::default();
        assert!(node.is_deleted_placeholder());
        node.properties
            .insert("cclom:title".into(), vec!["Element wurde gelöscht".into()]);
        assert!(node.is_deleted_placeholder());
        node.properties.insert("cclom:title".into(), vec!["Bruch".into()]);
        assert!(!node.is_deleted_placeholder());
    }
}
