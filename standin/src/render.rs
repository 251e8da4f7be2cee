//! Rendering corpus records as edu-sharing `Node` JSON.

use crate::corpus::{NodeKind, NodeRecord};
use serde::Serialize;
use std::collections::BTreeMap;

/// Which properties to include (`propertyFilter`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PropFilter {
    /// `-all-`: every property.
    All,
    /// Exactly these keys (missing keys are absent). No `propertyFilter`
    /// at all, or a single comma-joined value, yields an empty map.
    Keys(Vec<String>),
}

impl PropFilter {
    /// Build from the (repeated) `propertyFilter` values.
    pub fn from_values(values: &[String]) -> PropFilter {
        if values.iter().any(|v| v == "-all-") {
            PropFilter::All
        } else {
            PropFilter::Keys(values.to_vec())
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RefOut<'a> {
    repo: &'static str,
    id: &'a str,
    archived: bool,
    is_home_repo: bool,
}

fn node_ref(id: &str) -> RefOut<'_> {
    RefOut {
        repo: "-home-",
        id,
        archived: false,
        is_home_repo: true,
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Person {
    first_name: &'static str,
    last_name: &'static str,
    mailbox: &'static str,
}

const REDAKTION: Person = Person {
    first_name: "Redaktion",
    last_name: "WLO",
    mailbox: "",
};

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PreviewOut<'a> {
    url: String,
    is_icon: bool,
    is_generated: bool,
    #[serde(rename = "type")]
    type_: &'static str,
    mimetype: &'a str,
    width: u32,
    height: u32,
}

#[derive(Serialize)]
struct ContentOut {
    url: Option<String>,
    hash: Option<String>,
    version: Option<&'static str>,
}

/// The `collection` object of collection-search hits.
#[derive(Serialize, Clone)]
#[serde(rename_all = "camelCase")]
pub struct CollectionOut<'a> {
    pub title: &'a str,
    pub description: &'a str,
    #[serde(rename = "type")]
    pub type_: &'static str,
    pub viewtype: &'static str,
    pub scope: &'static str,
    pub from_user: bool,
    pub pinned: bool,
    pub color: &'static str,
    pub child_collections_count: usize,
    /// `None` → `null`, as WLO answers on its real collections.
    pub child_references_count: Option<usize>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct NodeOut<'a> {
    #[serde(rename = "ref")]
    ref_: RefOut<'a>,
    parent: Option<RefOut<'a>>,
    /// Only on references (a material filed into a collection).
    #[serde(skip_serializing_if = "Option::is_none")]
    original_id: Option<&'a str>,
    #[serde(rename = "type")]
    type_: &'static str,
    aspects: Vec<&'static str>,
    name: &'a str,
    title: Option<&'a str>,
    metadataset: &'static str,
    repository_type: &'static str,
    is_directory: bool,
    created_at: &'a str,
    created_by: Person,
    modified_at: &'a str,
    modified_by: Person,
    owner: Person,
    access: [&'static str; 1],
    is_public: bool,
    mimetype: Option<&'a str>,
    mediatype: &'a str,
    size: Option<String>,
    download_url: Option<String>,
    preview: PreviewOut<'a>,
    content: ContentOut,
    #[serde(rename = "iconURL")]
    icon_url: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    collection: Option<CollectionOut<'a>>,
    properties: BTreeMap<&'a str, &'a [String]>,
}

/// A serialisable view of one node.
pub struct NodeView<'a> {
    pub rec: &'a NodeRecord,
    pub base: &'a str,
    pub filter: &'a PropFilter,
    pub collection: Option<CollectionOut<'a>>,
}

impl Serialize for NodeView<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let r = self.rec;
        let base = self.base;
        let properties: BTreeMap<&str, &[String]> = match self.filter {
            PropFilter::All => r.properties.iter().map(|(k, v)| (k.as_str(), v.as_slice())).collect(),
            PropFilter::Keys(keys) => keys
                .iter()
                .filter_map(|k| r.properties.get_key_value(k.as_str()))
                .map(|(k, v)| (k.as_str(), v.as_slice()))
                .collect(),
        };
        let mut aspects = Vec::new();
        if r.kind.is_collection() {
            aspects.push("ccm:collection");
        }
        if r.kind == NodeKind::Content && r.properties.contains_key("ccm:wwwurl") {
            aspects.push("ccm:wwwurl");
        }
        if r.original_id.is_some() {
            aspects.push("ccm:collection_io_reference");
        }
        let is_map = r.kind != NodeKind::Content;
        let preview = match &r.preview {
            Some(p) => PreviewOut {
                url: format!("{base}/preview?nodeId={}", r.id),
                is_icon: p.is_icon,
                is_generated: p.is_generated,
                type_: if p.is_icon {
                    "TYPE_DEFAULT"
                } else if p.is_generated {
                    "TYPE_GENERATED"
                } else {
                    "TYPE_USERDEFINED"
                },
                mimetype: &p.mimetype,
                width: p.width,
                height: p.height,
            },
            None => PreviewOut {
                url: format!("{base}/preview?nodeId={}", r.id),
                is_icon: true,
                is_generated: false,
                type_: "TYPE_DEFAULT",
                mimetype: "image/svg+xml",
                width: 100,
                height: 100,
            },
        };
        let out = NodeOut {
            ref_: node_ref(&r.id),
            parent: r.parent_id.as_deref().map(node_ref),
            original_id: r.original_id.as_deref(),
            type_: r.kind.node_type(),
            aspects,
            name: &r.name,
            title: if r.kind == NodeKind::ConfigFolder {
                None
            } else {
                Some(&r.title)
            },
            metadataset: "mds_oeh",
            repository_type: "ALFRESCO",
            is_directory: is_map,
            created_at: &r.created_at,
            created_by: REDAKTION,
            modified_at: &r.modified_at,
            modified_by: REDAKTION,
            owner: REDAKTION,
            access: ["Read"],
            is_public: r.is_public,
            mimetype: r.mimetype.as_deref(),
            mediatype: &r.mediatype,
            size: r.size.map(|s| s.to_string()),
            download_url: r
                .has_download
                .then(|| format!("{base}/eduservlet/download?nodeId={}", r.id)),
            preview,
            content: if is_map {
                ContentOut {
                    url: None,
                    hash: None,
                    version: None,
                }
            } else {
                ContentOut {
                    url: r.has_content_url.then(|| format!("{base}/components/render/{}", r.id)),
                    hash: None,
                    version: Some("1.0"),
                }
            },
            icon_url: format!("{base}/assets/images/mime-types/{}.svg", r.mediatype),
            collection: self.collection.clone(),
            properties,
        };
        out.serialize(s)
    }
}
