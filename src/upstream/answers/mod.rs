//! The repository's answer bodies around nodes: lists with their
//! pagination, a metadata envelope, stored text, error bodies. Decoded as
//! leniently as the nodes themselves (see [`crate::node::lenient`]).

use std::fmt;
use std::sync::Arc;

use crate::node::{Node, Titled, lenient};
use serde::Deserialize;

#[derive(Debug, Clone, Copy, Default, Deserialize)]
#[serde(default)]
pub struct Pagination {
    #[serde(deserialize_with = "lenient::value")]
    pub total: u64,
    #[serde(deserialize_with = "lenient::value")]
    pub from: u64,
    #[serde(deserialize_with = "lenient::value")]
    pub count: u64,
}

/// `{nodes, pagination}`: search results, children and parents share it.
/// The collection name index answers under `collections`; accepted too.
/// An element that is not a node is skipped, a non-list `nodes` is empty.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct NodeList {
    #[serde(alias = "collections", alias = "parents", deserialize_with = "lenient::list")]
    pub nodes: Vec<Node>,
    #[serde(deserialize_with = "lenient::object_or_default")]
    pub pagination: Pagination,
}

/// `{nodes}` read as [`Titled`] nodes.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct TitleList {
    #[serde(alias = "collections", deserialize_with = "lenient::list")]
    pub nodes: Vec<Titled>,
    #[serde(deserialize_with = "lenient::object_or_default")]
    pub pagination: Pagination,
}

/// Only the `pagination` of a `{nodes, pagination}` answer: a count read
/// needs nothing else.
#[derive(Debug, Clone, Copy, Default, Deserialize)]
#[serde(default)]
pub struct ListTotal {
    #[serde(deserialize_with = "lenient::object_or_default")]
    pub pagination: Pagination,
}

/// `{node}` from a metadata read.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct NodeEntry {
    #[serde(deserialize_with = "lenient::object")]
    pub node: Option<Node>,
}

/// One entry of the usage read: how a collection lists a node.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Usage {
    /// `ACTIVE` for a listing; proposals and others are not.
    #[serde(rename = "collectionUsageType", deserialize_with = "lenient::value")]
    pub usage_type: String,
    #[serde(deserialize_with = "lenient::object")]
    pub collection: Option<Node>,
}

/// The usage read's answer: a bare JSON array of [`Usage`]s (an element
/// that is no object is skipped; a body that is no array fails).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(transparent)]
pub struct UsageList {
    #[serde(deserialize_with = "lenient::array")]
    pub usages: Vec<Usage>,
}

/// `/textContent`: `text`, then `content`, then `raw` (sources disagree on the key).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct NodeText {
    #[serde(deserialize_with = "lenient::optional")]
    pub text: Option<String>,
    #[serde(deserialize_with = "lenient::optional")]
    pub content: Option<String>,
    #[serde(deserialize_with = "lenient::optional")]
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

/// A stored full text as read: `cut` when the read stopped inside it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StoredText {
    pub text: String,
    pub cut: bool,
}

/// edu-sharing's error body `{error, message, …}`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct ErrorBody {
    #[serde(deserialize_with = "lenient::value")]
    pub error: String,
    #[serde(deserialize_with = "lenient::value")]
    pub message: String,
}

/// One node of a shared listing: holding it costs a reference count, not a
/// copy of the node (tree walks answer with the nodes of cached listings,
/// and a burst of walks would otherwise hold many copies of the same nodes).
#[derive(Clone)]
pub struct ListedNode {
    list: Arc<NodeList>,
    /// Always `< list.nodes.len()`: set only by [`ListedNode::all`], and the
    /// listing behind the `Arc` never changes.
    index: usize,
}

impl ListedNode {
    /// Every node of `list`, in order.
    pub fn all(list: &Arc<NodeList>) -> impl Iterator<Item = ListedNode> + '_ {
        (0..list.nodes.len()).map(|index| ListedNode {
            list: Arc::clone(list),
            index,
        })
    }
}

impl std::ops::Deref for ListedNode {
    type Target = Node;

    fn deref(&self) -> &Node {
        &self.list.nodes[self.index]
    }
}

impl std::borrow::Borrow<Node> for ListedNode {
    fn borrow(&self) -> &Node {
        self
    }
}

impl fmt::Debug for ListedNode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}

#[cfg(test)]
mod tests;
