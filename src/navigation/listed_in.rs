//! Where a material is listed: the collections that list it, each with its
//! path from the subject portal.
//!
//! A material has no parent chain of its own (E7 answers an empty list or a
//! 500 for content), and its primary parent is a workspace folder. The
//! collections that list it come from E9, asked with the id of the original:
//! a reference id answers an empty list. The caller has read the node (E6)
//! already, so an unknown id has been answered as "not found" before E9,
//! which would fail with a 500. Three waves: E6, E9, one E7 per shown
//! collection in parallel.

use std::collections::HashSet;

use futures::future::join_all;

use crate::app::App;
use crate::upstream::{Node, Props, UpstreamError, listed_id};

/// At most this many collections are shown (and get a path read).
pub const MAX_COLLECTIONS: usize = 10;
/// A path never has more entries than this.
const MAX_DEPTH: usize = 20;
const TITLE_KEYS: &[&str] = &["cclom:title", "cm:title", "cm:name"];

/// One collection that lists the material.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListedIn {
    pub node_id: String,
    pub title: String,
    /// Titles from the subject portal down to the collection itself; empty
    /// when the path could not be read (see [`ListedCollections::path_failures`]).
    pub path: Vec<String>,
}

/// The collections that list a material.
#[derive(Debug, Clone, PartialEq)]
pub struct ListedCollections {
    /// The original's id (the node's own id unless it is a reference).
    pub original_id: String,
    /// At most [`MAX_COLLECTIONS`], in the repository's order.
    pub collections: Vec<ListedIn>,
    /// All `ACTIVE` listings (more than shown when capped).
    pub total: usize,
    /// Collections whose path read failed: (title, error).
    pub path_failures: Vec<(String, UpstreamError)>,
}

/// The collections that list `node` (a material), with their paths.
/// A failed E9 read is an error: it must never read as "in no collection".
pub async fn collections_of(app: &App, node: &Node) -> Result<ListedCollections, UpstreamError> {
    let original_id = listed_id(node.original())?;
    let usages = app.upstream.collection_usages(&original_id).await?;
    let mut seen = HashSet::new();
    let active: Vec<&Node> = usages
        .usages
        .iter()
        .filter(|u| u.usage_type.trim().eq_ignore_ascii_case("ACTIVE"))
        .filter_map(|u| u.collection.as_ref())
        .filter(|c| !c.id().is_empty() && seen.insert(c.id()))
        .collect();
    let total = active.len();
    let shown = &active[..total.min(MAX_COLLECTIONS)];
    let chains = join_all(shown.iter().map(|c| async move {
        let id = listed_id(c.id())?;
        app.upstream.parents(&id, Props::Keys(TITLE_KEYS)).await
    }))
    .await;
    let root = app.config.root_collection_id.as_str();
    let mut collections = Vec::with_capacity(shown.len());
    let mut path_failures = Vec::new();
    for (collection, chain) in shown.iter().zip(chains) {
        let title = collection.display_title().to_string();
        let path = match chain {
            Ok(chain) => path_from_portal(&chain.nodes, collection, root),
            Err(error) => {
                path_failures.push((title.clone(), error));
                Vec::new()
            }
        };
        collections.push(ListedIn {
            node_id: collection.id().to_string(),
            title,
            path,
        });
    }
    Ok(ListedCollections {
        original_id: original_id.to_string(),
        collections,
        total,
        path_failures,
    })
}

/// The titles below the root, top down, ending with the collection itself.
/// `chain` is E7's answer: the collection first, then its ancestors.
fn path_from_portal(chain: &[Node], collection: &Node, root: &str) -> Vec<String> {
    let mut seen = HashSet::new();
    let mut top_down: Vec<&Node> = chain
        .iter()
        .filter(|n| !n.id().is_empty() && seen.insert(n.id()))
        .collect();
    top_down.reverse();
    if let Some(i) = top_down.iter().position(|n| n.id() == root) {
        top_down.drain(..=i);
    }
    if top_down.last().is_none_or(|n| n.id() != collection.id()) {
        top_down.push(collection);
    }
    let skip = top_down.len().saturating_sub(MAX_DEPTH);
    top_down[skip..].iter().map(|n| n.display_title().to_string()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(id: &str, title: &str) -> Node {
        serde_json::from_value(serde_json::json!({"ref": {"id": id}, "properties": {"cclom:title": [title]}})).unwrap()
    }

    #[test]
    fn paths_start_below_the_root_and_end_at_the_collection() {
        let c = node("c", "Krisenjahr 1923");
        let chain = [
            node("c", "Krisenjahr 1923"),
            node("w", "Weimarer Republik"),
            node("g", "Geschichte"),
            node("root", "Portale"),
        ];
        assert_eq!(
            path_from_portal(&chain, &c, "root"),
            ["Geschichte", "Weimarer Republik", "Krisenjahr 1923"]
        );
        // Outside the root: the whole chain; an empty chain: the collection alone.
        assert_eq!(
            path_from_portal(&chain[..2], &c, "root"),
            ["Weimarer Republik", "Krisenjahr 1923"]
        );
        assert_eq!(path_from_portal(&[], &c, "root"), ["Krisenjahr 1923"]);
    }
}
