//! `browse_collection_tree`: sub-collections of one collection, one or two
//! levels deep, optionally with file counts.
//!
//! Round trips (sequential waves):
//! 1. the level-1 folder listing (at least one page of 100, so that the total
//!    is counted from what the listing holds) and the collection's own
//!    metadata (title);
//! 2. depth 2: the folder listing of every shown level-1 node; at either
//!    depth, for a collection with more than one page of children, the rest
//!    of its listing by name (the exact total);
//! 3. with counts: one file listing (`maxItems=1`, `pagination.total`) per
//!    shown node of both levels.
//!
//! Bounds: `max_results` level-1 nodes; at depth 2 at most
//! [`MAX_CHILDREN_PER_PARENT`] children per parent and [`MAX_NODES`] nodes in
//! all. Where something was cut the node carries `has_more_children` and the
//! tree `truncated`. Topic-page config folders and page variants are not
//! sub-collections and never listed.

use crate::upstream::scope::in_parallel;
use std::sync::Arc;

use super::{LISTING_PAGE, NavError, NavWarning, count_sub_collections, real_child_total};
use crate::app::App;
use crate::ids::NodeId;
use crate::search::ranking::sort_by_title;
use crate::upstream::{ChildFilter, ListedNode, Node, NodeList, PartialFailure, Props, UpstreamError, listed_id};

/// Children shown per level-1 node at depth 2.
pub const MAX_CHILDREN_PER_PARENT: usize = 10;
/// Nodes (both levels) shown at most.
pub const MAX_NODES: usize = 150;
/// Level-2 listing size per parent (enough to sort and to see technical children).
pub const LEVEL2_FETCH: u32 = 30;
/// Extra level-1 items read so that technical children do not shorten the page.
const LEVEL1_SLACK: u32 = 5;

const PARENT_KEYS: &[&str] = &["cclom:title", "cm:title", "cm:name", "ccm:page_config_ref"];
/// What the caller asked for.
#[derive(Debug, Clone)]
pub struct TreeQuery {
    pub node_id: NodeId,
    /// 1 or 2.
    pub depth: u8,
    pub include_counts: bool,
    /// Level-1 nodes shown (1–100).
    pub max_results: u32,
}

/// One shown node.
#[derive(Debug, Clone)]
pub struct TreeNode {
    /// The node, shared with the listing it came from.
    pub node: ListedNode,
    /// Number of files (`pagination.total`); `None` when not requested or not available.
    pub file_count: Option<u64>,
    /// Depth 2, level-1 nodes only: the shown children.
    pub children: Option<Vec<TreeNode>>,
    /// Depth 2, level-1 nodes only: not every child is shown.
    pub has_more_children: bool,
}

impl TreeNode {
    /// A node as listed: no count, no children yet.
    fn listed(node: ListedNode) -> TreeNode {
        TreeNode {
            node,
            file_count: None,
            children: None,
            has_more_children: false,
        }
    }
}

/// The answer.
#[derive(Debug, Clone)]
pub struct Tree {
    pub parent_id: String,
    pub parent_title: String,
    pub depth: u8,
    /// The repository's count of level-1 sub-collections.
    pub total: u64,
    pub nodes: Vec<TreeNode>,
    /// Something was cut (level 1 by `max_results`, or level 2 by the bounds).
    pub truncated: bool,
    pub warnings: Vec<NavWarning>,
}

impl Tree {
    /// Number of shown nodes on both levels.
    pub fn shown(&self) -> usize {
        self.nodes
            .iter()
            .map(|n| 1 + n.children.as_ref().map_or(0, Vec::len))
            .sum()
    }
}

/// Browse below one collection (see the module docs).
pub async fn browse(app: &App, query: &TreeQuery) -> Result<Tree, NavError> {
    let id = &query.node_id;
    let depth = query.depth.clamp(1, 2);
    let max_results = query.max_results.clamp(1, 100) as usize;
    let mut warnings = Vec::new();

    // Wave 1: listing and title together.
    let (listing, parent) = futures::join!(
        app.upstream.children(
            id,
            ChildFilter::Folders,
            (max_results as u32 + LEVEL1_SLACK).max(LISTING_PAGE),
            0,
            Props::Display
        ),
        app.upstream.metadata(id, Props::Keys(PARENT_KEYS)),
    );
    let listing = match listing {
        Ok(listing) => listing,
        Err(UpstreamError::NotFound) => return Err(NavError::NotFound(id.to_string())),
        Err(error) => return Err(NavError::Upstream(error)),
    };
    let parent_title = match &parent {
        Ok(node) => node.display_title().trim().to_string(),
        Err(error) => {
            if error.is_repository_failure() {
                warnings.push(NavWarning::TitleUnavailable(error.clone()));
            }
            String::new()
        }
    };

    // Exact without a read when the page covers the listing; else read in
    // wave 2 (beside the level-2 listings at depth 2).
    let count_total = count_sub_collections(app, id, &listing.nodes, listing.pagination.total);
    let mut level1 = real_children(&listing);
    sort_by_title(&mut level1);
    let mut truncated = level1.len() > max_results;
    level1.truncate(max_results);

    let mut nodes: Vec<TreeNode> = level1.into_iter().map(TreeNode::listed).collect();

    // Wave 2: the children of every level-1 node, and the exact total.
    let level2 = async {
        if depth == 2 {
            // By index: a closure over `&TreeNode` held across awaits trips
            // rustc's higher-ranked lifetime check on the boxed call future.
            let nodes = &nodes;
            in_parallel((0..nodes.len()).map(|i| async move {
                app.upstream
                    .children(
                        &listed_id(nodes[i].node.id())?,
                        ChildFilter::Folders,
                        LEVEL2_FETCH,
                        0,
                        Props::Display,
                    )
                    .await
            }))
            .await
        } else {
            Vec::new()
        }
    };
    let (total, listings) = futures::join!(count_total, level2);
    let total = total.unwrap_or_else(|error| {
        warnings.push(NavWarning::TotalInexact(error));
        real_child_total(listing.pagination.total, &listing.nodes)
    });
    truncated |= total > nodes.len() as u64;

    if depth == 2 {
        warnings.extend(PartialFailure::of_repository(&listings).map(NavWarning::SubCollectionsFailed));
        let mut budget = MAX_NODES.saturating_sub(nodes.len());
        for (parent, listing) in nodes.iter_mut().zip(listings) {
            let Ok(listing) = listing else {
                parent.children = Some(Vec::new());
                continue;
            };
            let real_total = real_child_total(listing.pagination.total, &listing.nodes);
            let mut children: Vec<ListedNode> = ListedNode::all(&listing).filter(|n| is_real_child(n)).collect();
            sort_by_title(&mut children);
            children.truncate(MAX_CHILDREN_PER_PARENT.min(budget));
            budget -= children.len();
            parent.has_more_children = real_total > children.len() as u64;
            truncated |= parent.has_more_children;
            parent.children = Some(children.into_iter().map(TreeNode::listed).collect());
        }
    }

    // Wave 3: file counts of every shown node, both levels at once.
    if query.include_counts {
        let ids: Vec<String> = nodes
            .iter()
            .flat_map(|n| std::iter::once(n).chain(n.children.iter().flatten()))
            .map(|n| n.node.id().to_string())
            .collect();
        let ids = &ids;
        let counts = in_parallel(
            (0..ids.len())
                .map(|i| async move { app.upstream.child_count(&listed_id(&ids[i])?, ChildFilter::Files).await }),
        )
        .await;
        warnings.extend(PartialFailure::of_repository(&counts).map(NavWarning::FileCountsUnavailable));
        let mut counts = counts.into_iter();
        for n in nodes.iter_mut() {
            n.file_count = counts.next().and_then(Result::ok);
            for c in n.children.iter_mut().flatten() {
                c.file_count = counts.next().and_then(Result::ok);
            }
        }
    }

    Ok(Tree {
        parent_id: id.to_string(),
        parent_title,
        depth,
        total,
        nodes,
        truncated,
        warnings,
    })
}

/// The sub-collections of a folder listing (no technical children, no id-less nodes).
fn real_children(listing: &Arc<NodeList>) -> Vec<ListedNode> {
    ListedNode::all(listing).filter(|n| is_real_child(n)).collect()
}

fn is_real_child(node: &Node) -> bool {
    !node.id().is_empty() && !node.is_topic_page_technical()
}
