//! `get_subject_portals`: the root collection's direct sub-collections.
//!
//! Round trips: one listing of the root; with counts one more wave with one
//! folder listing (names only) per portal, and for a portal with more than
//! one page of children a third wave that reads the rest of its listing.

use futures::future::join_all;
use std::sync::Arc;

use super::{LISTING_PAGE, NavError, NavWarning, contains_uri, count_sub_collections};
use crate::app::App;
use crate::search::filters::UnresolvedFilter;
use crate::upstream::{ChildFilter, Node, PartialFailure, Props, UpstreamError, listed_id};

/// Maximum number of portals read from the root.
pub const MAX_PORTALS: u32 = 100;

/// What the caller asked for.
#[derive(Debug, Clone, Default)]
pub struct PortalsQuery {
    /// Label, alias or URI of an educational context.
    pub educational_context: Option<String>,
    pub include_counts: bool,
}

/// One subject portal.
#[derive(Debug, Clone)]
pub struct Portal {
    pub node: Node,
    /// Number of sub-collections (topic-page config folders not counted);
    /// `None` when not requested or not available.
    pub sub_collection_count: Option<u64>,
}

/// The portals, alphabetically.
#[derive(Debug, Clone, Default)]
pub struct Portals {
    pub portals: Vec<Portal>,
    pub unresolved: Vec<UnresolvedFilter>,
    pub warnings: Vec<NavWarning>,
}

/// List the subject portals (see the module docs).
pub async fn subject_portals(app: &App, query: &PortalsQuery) -> Result<Portals, NavError> {
    let mut out = Portals::default();
    let context = match super::resolve_educational_context(query.educational_context.as_deref()) {
        Ok(context) => context,
        Err(unresolved) => {
            out.unresolved.push(unresolved);
            None
        }
    };

    let root = &app.config.root_collection_id;
    let listing = app
        .upstream
        .children(root, ChildFilter::Folders, MAX_PORTALS, 0, Props::Display)
        .await
        .map_err(|error| match error {
            UpstreamError::NotFound => NavError::NotFound(root.to_string()),
            error => NavError::Upstream(error),
        })?;

    let mut nodes: Vec<Node> = Arc::unwrap_or_clone(listing)
        .nodes
        .into_iter()
        .filter(|n| !n.id().is_empty() && !n.is_topic_page_technical())
        .filter(|n| match &context {
            // A portal without a context is kept.
            Some(uri) => {
                let have = n.prop("ccm:educationalcontext");
                have.iter().all(|v| v.trim().is_empty()) || contains_uri(have, uri)
            }
            None => true,
        })
        .collect();
    crate::search::ranking::sort_by_title(&mut nodes);

    let counts: Vec<Option<Result<u64, UpstreamError>>> = if query.include_counts {
        join_all(
            nodes
                .iter()
                .map(|n| async move { Some(sub_collection_count(app, n).await) }),
        )
        .await
    } else {
        nodes.iter().map(|_| None).collect()
    };

    out.warnings
        .extend(PartialFailure::of_repository(counts.iter().flatten()).map(|failure| {
            NavWarning::PortalCountsUnavailable(PartialFailure {
                of: nodes.len(),
                ..failure
            })
        }));

    out.portals = nodes
        .into_iter()
        .zip(counts)
        .map(|(node, count)| Portal {
            node,
            sub_collection_count: count.and_then(Result::ok),
        })
        .collect();
    Ok(out)
}

/// Sub-collections of one portal, counted from its folder listing read by
/// name: config folders and page variants the listing holds are not
/// sub-collections, and one that the listing does not hold is not subtracted.
async fn sub_collection_count(app: &App, portal: &Node) -> Result<u64, UpstreamError> {
    let list = app
        .upstream
        .child_titles(&listed_id(portal.id())?, ChildFilter::Folders, LISTING_PAGE, 0)
        .await?;
    count_sub_collections(app, portal.id(), &list.nodes, list.pagination.total).await
}
