//! The repository's node model: a content item (`ccm:io`) or a folder or
//! collection (`ccm:map`), as edu-sharing describes it, and what the other
//! layers ask of it (title, description, link, whether it is a collection).
//!
//! Pure data: the upstream client decodes it from the repository's bodies,
//! the domain ranks and walks it, and the formatter turns it into a card.
//! Every field is optional and decoding is lenient ([`lenient`]): the
//! repository omits fields freely and sends `size` as a string, so a field of
//! the wrong JSON type is absent rather than fatal for the whole body.

mod authors;
pub mod lenient;
pub mod resource_types;
pub mod text;

use std::collections::BTreeMap;

use serde::Deserialize;

/// A node's properties: key → values. edu-sharing sends every property as a
/// list of strings; [`lenient::properties`] turns odd values into that shape.
pub type PropertyMap = BTreeMap<String, Vec<String>>;

/// A repository node. Decoded leniently (see the module docs): unknown keys
/// are skipped, a field of the wrong type keeps its default.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Node {
    #[serde(rename = "ref", deserialize_with = "lenient::object_or_default")]
    pub node_ref: NodeRef,
    #[serde(rename = "type", deserialize_with = "lenient::value")]
    pub node_type: String,
    #[serde(deserialize_with = "lenient::value")]
    pub is_directory: bool,
    #[serde(deserialize_with = "lenient::text")]
    pub name: String,
    #[serde(deserialize_with = "lenient::text")]
    pub title: String,
    #[serde(deserialize_with = "lenient::strings")]
    pub aspects: Vec<String>,
    #[serde(deserialize_with = "lenient::properties")]
    pub properties: PropertyMap,
    #[serde(deserialize_with = "lenient::object")]
    pub preview: Option<Preview>,
    #[serde(deserialize_with = "lenient::object")]
    pub content: Option<Content>,
    #[serde(deserialize_with = "lenient::optional")]
    pub download_url: Option<String>,
    #[serde(deserialize_with = "lenient::value")]
    pub mimetype: String,
    #[serde(deserialize_with = "lenient::size")]
    pub size: u64,
    #[serde(deserialize_with = "lenient::optional")]
    pub is_public: Option<bool>,
    #[serde(deserialize_with = "lenient::object")]
    pub collection: Option<CollectionInfo>,
    /// The DTO field `originalId`: present only on a collection reference
    /// (see [`Node::is_reference`]).
    #[serde(deserialize_with = "lenient::optional")]
    pub original_id: Option<String>,
    /// The parent's ref (search and listing answers carry it).
    #[serde(deserialize_with = "lenient::object")]
    pub parent: Option<NodeRef>,
}

/// Only the naming fields of a node, for reads that need nothing but titles
/// (the typo dictionary reads hundreds of collections).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct Titled {
    #[serde(rename = "ref", deserialize_with = "lenient::object_or_default")]
    node_ref: NodeRef,
    #[serde(deserialize_with = "lenient::text")]
    pub name: String,
    #[serde(deserialize_with = "lenient::text")]
    title: String,
    #[serde(deserialize_with = "lenient::properties")]
    properties: PropertyMap,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct NodeRef {
    #[serde(deserialize_with = "lenient::value")]
    pub id: String,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Preview {
    #[serde(deserialize_with = "lenient::value")]
    pub url: String,
    #[serde(deserialize_with = "lenient::value")]
    pub is_icon: bool,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct Content {
    #[serde(deserialize_with = "lenient::optional")]
    pub url: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct CollectionInfo {
    #[serde(deserialize_with = "lenient::optional_text")]
    pub description: Option<String>,
    #[serde(deserialize_with = "lenient::optional")]
    pub child_collections_count: Option<u64>,
    #[serde(deserialize_with = "lenient::optional")]
    pub child_references_count: Option<u64>,
}

impl Node {
    /// `ref.id`, else `sys:node-uuid`.
    pub fn id(&self) -> &str {
        node_id(&self.node_ref, &self.properties)
    }

    /// All values of a property (empty when absent).
    pub fn prop(&self, key: &str) -> &[String] {
        self.properties.get(key).map_or(&[], Vec::as_slice)
    }

    /// The first value of a property, when it is not blank.
    pub fn first(&self, key: &str) -> Option<&str> {
        first_value(&self.properties, key)
    }

    /// Title chain: `cclom:title`, `cm:title`, `cm:name`, `name`, `title`.
    pub fn display_title(&self) -> &str {
        display_title(&self.properties, &self.name, &self.title)
    }

    /// `cclom:general_description`, else the collection description.
    pub fn description(&self) -> &str {
        self.first("cclom:general_description")
            .or_else(|| {
                self.collection
                    .as_ref()
                    .and_then(|c| c.description.as_deref())
                    .filter(|s| !is_blank(s))
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

    /// A topic-page config folder or page variant: a folder, but not a
    /// collection (it is never shown, and never counted as a sub-collection).
    pub fn is_topic_page_technical(&self) -> bool {
        is_topic_page_technical(&self.name, &self.properties)
    }

    /// The parent's id: the answer's `parent` ref, else the primary parent.
    pub fn parent_id(&self) -> Option<&str> {
        self.parent
            .as_ref()
            .map(|p| p.id.as_str())
            .filter(|id| !is_blank(id))
            .or_else(|| self.primary_parent())
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
        let title = self.display_title();
        if is_blank(title) {
            return true;
        }
        let marked = |text: &str| {
            let lower = text.to_lowercase();
            MARKERS.iter().any(|marker| lower.contains(marker))
        };
        marked(title) || marked(self.description())
    }

    /// Whether a list may show this node at all: it has an id, is no
    /// deleted placeholder and no topic-page config folder or variant. (A
    /// search also leaves out the ids its caller excludes: `search::pool`.)
    pub fn is_listable(&self) -> bool {
        !self.id().is_empty() && !self.is_deleted_placeholder() && !self.is_topic_page_technical()
    }

    /// A collection reference: a node that lists another node (its original)
    /// in a collection. Only references carry the DTO field `originalId`, or
    /// the aspect `ccm:collection_io_reference`; `ccm:original` is no sign,
    /// because on an original it names the node itself.
    pub fn is_reference(&self) -> bool {
        self.original_id.as_deref().is_some_and(|id| !is_blank(id))
            || self.aspects.iter().any(|a| a == "ccm:collection_io_reference")
    }

    /// The id of the original this node stands for: `originalId`, else
    /// `ccm:original` (store ref stripped), else the node's own id.
    pub fn original(&self) -> &str {
        self.original_id
            .as_deref()
            .map(strip_store_ref)
            .filter(|id| !id.is_empty())
            .or_else(|| {
                self.first("ccm:original")
                    .map(strip_store_ref)
                    .filter(|id| !id.is_empty())
            })
            .unwrap_or_else(|| self.id())
    }

    /// The preview URL when it is a real thumbnail (not a generic icon).
    pub fn has_real_preview(&self) -> bool {
        self.preview.as_ref().is_some_and(|p| !p.url.is_empty() && !p.is_icon)
    }

    /// `ccm:wwwurl`, else `content.url`.
    pub fn link(&self) -> Option<&str> {
        self.first("ccm:wwwurl").or_else(|| {
            self.content
                .as_ref()
                .and_then(|c| c.url.as_deref())
                .filter(|s| !is_blank(s))
        })
    }
}

impl Titled {
    /// As [`Node::id`].
    pub fn id(&self) -> &str {
        node_id(&self.node_ref, &self.properties)
    }

    /// As [`Node::first`].
    pub fn first(&self, key: &str) -> Option<&str> {
        first_value(&self.properties, key)
    }

    /// As [`Node::display_title`].
    pub fn display_title(&self) -> &str {
        display_title(&self.properties, &self.name, &self.title)
    }

    /// As [`Node::is_topic_page_technical`].
    pub fn is_topic_page_technical(&self) -> bool {
        is_topic_page_technical(&self.name, &self.properties)
    }
}

/// Strip a `workspace://SpacesStore/` store-ref prefix, leaving the bare id.
pub fn strip_store_ref(value: &str) -> &str {
    let value = value.trim();
    match value.rfind('/') {
        Some(i) if value.starts_with("workspace://") => &value[i + 1..],
        _ => value,
    }
}

/// The title chain of [`Node::display_title`]: `cclom:title`, `cm:title`,
/// `cm:name`, `name`, `title`; the first that is not blank.
fn display_title<'a>(properties: &'a PropertyMap, name: &'a str, title: &'a str) -> &'a str {
    let first = |key| first_value(properties, key);
    first("cclom:title")
        .or_else(|| first("cm:title"))
        .or_else(|| first("cm:name"))
        .or_else(|| Some(name).filter(|s| !is_blank(s)))
        .or_else(|| Some(title).filter(|s| !is_blank(s)))
        .unwrap_or("")
}

/// `ref.id`, else `sys:node-uuid`.
fn node_id<'a>(node_ref: &'a NodeRef, properties: &'a PropertyMap) -> &'a str {
    if !node_ref.id.is_empty() {
        &node_ref.id
    } else {
        first_value(properties, "sys:node-uuid").unwrap_or("")
    }
}

/// Topic-page technical nodes: config folders (`PAGE_CONFIG_…`, or carrying
/// `ccm:page_config`) and page variants (`PAGE_VARIANT_…`, or carrying
/// `ccm:page_variant_config`). They are folders, but no collection anyone
/// should see or count.
fn is_topic_page_technical(name: &str, properties: &PropertyMap) -> bool {
    is_technical_name(name)
        || first_value(properties, "cm:name").is_some_and(is_technical_name)
        || first_value(properties, "ccm:page_config").is_some()
        || first_value(properties, "ccm:page_variant_config").is_some()
}

/// `PAGE_CONFIG…` or `PAGE_VARIANT…`, in any case.
fn is_technical_name(name: &str) -> bool {
    let name = name.trim().to_ascii_uppercase();
    name.starts_with("PAGE_CONFIG") || name.starts_with("PAGE_VARIANT")
}

/// The first value of `key` that is not blank.
fn first_value<'a>(properties: &'a PropertyMap, key: &str) -> Option<&'a str> {
    properties
        .get(key)
        .and_then(|values| values.first())
        .map(String::as_str)
        .filter(|s| !is_blank(s))
}

fn is_blank(s: &str) -> bool {
    s.trim().is_empty()
}

#[cfg(test)]
mod tests;
