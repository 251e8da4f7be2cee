//! Collection reads: the keyword search (E2), the listing of the subject
//! portals (the root's sub-collections, E5), and waves of sub-collection
//! listings for a walk of the tree.

use std::sync::Arc;

use futures::future::join_all;

use crate::app::App;
use crate::ids::NodeId;
use crate::upstream::{ChildFilter, Node, NodeList, PartialFailure, Props, UpstreamError, listed_id};

/// How many sub-collections of the root (the subject portals) are read.
pub const PORTALS_MAX: u32 = 100;

/// The collection keyword search (E2) for `words`, at most `max` hits. It
/// never answers the subject portals ([`portals`] lists them).
pub async fn keyword_search(app: &App, words: &str, max: u32) -> Result<Arc<NodeList>, UpstreamError> {
    app.upstream.collection_search(words, max, Props::Display).await
}

/// The subject portals: the root collection's sub-collections.
pub async fn portals(app: &App) -> Result<Arc<NodeList>, UpstreamError> {
    sub_collections(app, &app.config.root_collection_id, PORTALS_MAX).await
}

/// The sub-collections of one collection, at most `max`.
pub async fn sub_collections(app: &App, parent: &NodeId, max: u32) -> Result<Arc<NodeList>, UpstreamError> {
    app.upstream
        .children(parent, ChildFilter::Folders, max, 0, Props::Display)
        .await
}

/// The sub-collection listings of `parents` in one parallel wave, in parent
/// order, and the reads that failed.
pub async fn sub_collection_wave(
    app: &App,
    parents: &[&Node],
    max: u32,
) -> (Vec<Arc<NodeList>>, Option<PartialFailure>) {
    let results: Vec<Result<Arc<NodeList>, UpstreamError>> = join_all(
        parents
            .iter()
            .map(|p| async move { sub_collections(app, &listed_id(p.id())?, max).await }),
    )
    .await;
    let failure = PartialFailure::of(&results);
    (results.into_iter().filter_map(Result::ok).collect(), failure)
}

/// The keyword searches of one collection search (E2), all at once: the
/// lists that answered, in search order, and the searches that failed.
pub async fn keyword_wave(app: &App, searches: &[String], max: u32) -> (Vec<Arc<NodeList>>, Option<PartialFailure>) {
    let results: Vec<Result<Arc<NodeList>, UpstreamError>> =
        join_all(searches.iter().map(|words| keyword_search(app, words, max))).await;
    let failure = PartialFailure::of(&results);
    (results.into_iter().filter_map(Result::ok).collect(), failure)
}
