//! The repository's answer bodies around nodes: lists with their
//! pagination, a metadata envelope, stored text, error bodies. Decoded as
//! leniently as the nodes themselves (see [`crate::node::lenient`]).

use std::fmt;
use std::sync::Arc;

use serde::Deserialize;
use serde_with::{As, DefaultOnError, Same, VecSkipError};

use crate::node::{Node, Titled};

#[derive(Debug, Clone, Copy, Default, Deserialize)]
#[serde(default)]
pub struct Pagination {
    #[serde(with = "As::<DefaultOnError>")]
    pub total: u64,
    #[serde(with = "As::<DefaultOnError>")]
    pub from: u64,
    #[serde(with = "As::<DefaultOnError>")]
    pub count: u64,
}

/// `{nodes, pagination}`: search results, children and parents share it.
/// The collection name index answers under `collections`; accepted too.
/// An element that is not a node is skipped, a non-list `nodes` is empty.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct NodeList {
    #[serde(
        alias = "collections",
        alias = "parents",
        with = "As::<DefaultOnError<VecSkipError<Same>>>"
    )]
    pub nodes: Vec<Node>,
    #[serde(with = "As::<DefaultOnError>")]
    pub pagination: Pagination,
}

/// `{nodes}` read as [`Titled`] nodes.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct TitleList {
    #[serde(alias = "collections", with = "As::<DefaultOnError<VecSkipError<Same>>>")]
    pub nodes: Vec<Titled>,
    #[serde(with = "As::<DefaultOnError>")]
    pub pagination: Pagination,
}

/// Only the `pagination` of a `{nodes, pagination}` answer: a count read
/// needs nothing else.
#[derive(Debug, Clone, Copy, Default, Deserialize)]
#[serde(default)]
pub struct ListTotal {
    #[serde(with = "As::<DefaultOnError>")]
    pub pagination: Pagination,
}

/// `{node}` from a metadata read.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct NodeEntry {
    #[serde(with = "As::<DefaultOnError>")]
    pub node: Option<Node>,
}

/// One entry of the usage read: how a collection lists a node.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Usage {
    /// `ACTIVE` for a listing; proposals and others are not.
    #[serde(rename = "collectionUsageType", with = "As::<DefaultOnError>")]
    pub usage_type: String,
    #[serde(with = "As::<DefaultOnError>")]
    pub collection: Option<Node>,
}

/// The usage read's answer: a bare JSON array of [`Usage`]s (an element
/// that is no object is skipped; a body that is no array fails).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(transparent)]
pub struct UsageList {
    #[serde(with = "As::<VecSkipError<Same>>")]
    pub usages: Vec<Usage>,
}

/// `/textContent`: `text`, then `content`, then `raw` (sources disagree on the key).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct NodeText {
    #[serde(with = "As::<DefaultOnError>")]
    pub text: Option<String>,
    #[serde(with = "As::<DefaultOnError>")]
    pub content: Option<String>,
    #[serde(with = "As::<DefaultOnError>")]
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
    #[serde(with = "As::<DefaultOnError>")]
    pub error: String,
    #[serde(with = "As::<DefaultOnError>")]
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
