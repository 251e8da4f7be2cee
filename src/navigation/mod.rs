//! Navigation domain: subject portals, collection trees, topic pages.
//!
//! Pure domain code on top of [`crate::upstream`]: no MCP types. Parallel
//! reads of one wave use `futures::future::join_all` (never `spawn`), so the
//! per-call fan-out bound and deadline of the running tool call apply.
//!
//! Failures: a missing collection is [`NavError::NotFound`]; when the read an
//! answer rests on fails, the domain function returns [`NavError::Upstream`].
//! When other reads of the same call failed, the answer keeps what was read
//! and says what is missing in a warning; if it is then empty, the dispatcher
//! turns it into the failure's error (`tools::run_tool`), so a broken
//! repository is never reported as "0 hits".

pub mod details;
pub mod listed_in;
pub mod page_widgets;
pub mod portals;
pub mod topic_page_content;
pub mod topic_pages;
pub mod tree;

use crate::search::filters::{FilterField, UnresolvedFilter};
use crate::upstream::{ChildFilter, Node, PartialFailure, Titled, UpstreamError, listed_id};
use crate::vocab::{self, Vocabulary};

/// Why a navigation answer could not be produced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NavError {
    /// The named collection does not exist (404).
    NotFound(String),
    /// Every read the answer rests on failed.
    Upstream(UpstreamError),
}

/// What a navigation answer could not fully read; the tools layer words it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NavWarning {
    /// Sub-collection counts of some portals failed.
    PortalCountsUnavailable(PartialFailure),
    /// The tree's parent collection title could not be read.
    TitleUnavailable(UpstreamError),
    /// The exact number of sub-collections could not be counted; the listing's estimate is used.
    TotalInexact(UpstreamError),
    /// The level-2 listings of some tree nodes failed.
    SubCollectionsFailed(PartialFailure),
    /// The material counts of some tree nodes failed.
    FileCountsUnavailable(PartialFailure),
    /// The config folder named by a collection does not exist.
    ConfigFolderMissing { folder_id: String },
    /// A folder's `ccm:page_config` could not be read: repository order.
    VariantOrderUnavailable(UpstreamError),
    /// The keyword collection search failed (the portals answered).
    CollectionSearchFailed(UpstreamError),
    /// The portal listing failed (the keyword search answered).
    PortalsFailed(UpstreamError),
    /// Some candidates' topic pages could not be read.
    TopicPagesIncomplete(UpstreamError),
    /// `count` page variants matched but their owner could not be read;
    /// the first repository failure, if one was seen.
    VariantsUnassigned { count: usize, error: Option<UpstreamError> },
}

/// Resolve an `educationalContext` filter value (label, alias or URI).
/// `Ok(None)`: no filter given; `Err`: not resolvable (report and drop it).
pub fn resolve_educational_context(input: Option<&str>) -> Result<Option<String>, UnresolvedFilter> {
    let Some(value) = input.map(str::trim).filter(|v| !v.is_empty()) else {
        return Ok(None);
    };
    match vocab::resolve(Vocabulary::EducationalContext, value) {
        Some(uri) => Ok(Some(uri)),
        None => Err(UnresolvedFilter {
            field: FilterField::EducationalContext,
            value: value.to_string(),
            suggestions: vocab::suggestions(Vocabulary::EducationalContext, value),
        }),
    }
}

/// Does a list of stored vocabulary values contain `uri`? (trimmed, case-insensitive)
pub(crate) fn contains_uri(values: &[String], uri: &str) -> bool {
    let uri = uri.trim();
    values.iter().any(|v| v.trim().eq_ignore_ascii_case(uri))
}

/// A listed child, full or names-only (a listing read just to be counted).
pub(crate) trait ListedChild {
    /// See [`Node::is_topic_page_technical`].
    fn is_technical(&self) -> bool;
}

impl ListedChild for Node {
    fn is_technical(&self) -> bool {
        self.is_topic_page_technical()
    }
}

impl ListedChild for Titled {
    fn is_technical(&self) -> bool {
        self.is_topic_page_technical()
    }
}

/// Folder listings are read in pages of this size (the repository's usual maximum).
pub(crate) const LISTING_PAGE: u32 = 100;
/// Children read at most to count one node's sub-collections exactly.
const MAX_COUNTED_CHILDREN: u64 = 1000;

/// The number of real sub-collections behind a folder listing, from what the
/// listing holds: the repository's `pagination.total` minus the technical
/// children (config folders, page variants) seen on the page. When the page
/// covers the whole listing this is exact. Whether a collection's config
/// folder is listed among its children differs between repositories, so it is
/// never assumed to be there: see [`count_sub_collections`] for an exact count
/// of a listing longer than one page.
pub(crate) fn real_child_total<N: ListedChild>(total: u64, page: &[N]) -> u64 {
    let technical = page.iter().filter(|n| n.is_technical()).count() as u64;
    total.saturating_sub(technical)
}

/// The exact number of real sub-collections of `node_id`, given the first
/// page of its folder listing (from skip 0) and the listing's total. A page
/// that covers the total needs no read; a longer listing is read on by name
/// in one wave (at most [`MAX_COUNTED_CHILDREN`] children), so technical
/// children on later pages are seen, not guessed.
pub(crate) async fn count_sub_collections<N: ListedChild>(
    app: &crate::app::App,
    node_id: &str,
    first_page: &[N],
    total: u64,
) -> Result<u64, UpstreamError> {
    let mut technical = first_page.iter().filter(|n| n.is_technical()).count() as u64;
    let read = first_page.len() as u64;
    if read > 0 && read < total {
        let node_id = &listed_id(node_id)?;
        let skips = (read..total.min(MAX_COUNTED_CHILDREN)).step_by(LISTING_PAGE as usize);
        let pages = futures::future::join_all(skips.map(|skip| {
            app.upstream
                .child_titles(node_id, ChildFilter::Folders, LISTING_PAGE, skip as u32)
        }))
        .await;
        for page in pages {
            technical += page?.nodes.iter().filter(|n| n.is_technical()).count() as u64;
        }
    }
    Ok(total.saturating_sub(technical))
}

/// The first repository failure of a set of results, if any (404/403 are
/// "this node is missing", not a repository failure).
pub(crate) fn first_repository_failure<'a, T: 'a>(
    results: impl IntoIterator<Item = &'a Result<T, UpstreamError>>,
) -> Option<UpstreamError> {
    results
        .into_iter()
        .filter_map(|r| r.as_ref().err())
        .find(|e| e.is_repository_failure())
        .cloned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::ranking::sort_by_title;
    use serde_json::json;

    fn node(value: serde_json::Value) -> Node {
        serde_json::from_value(value).unwrap()
    }

    #[test]
    fn real_totals_count_only_what_the_listing_holds() {
        let cfg = node(json!({"ref": {"id": "c"}, "name": "PAGE_CONFIG_c"}));
        let a = node(json!({"ref": {"id": "a"}, "name": "A"}));
        // A config folder that is not in the listing is not subtracted.
        assert_eq!(real_child_total(5, std::slice::from_ref(&a)), 5);
        assert_eq!(real_child_total(5, &[a, cfg]), 4);
        assert_eq!(real_child_total::<Node>(0, &[]), 0);
        let names: crate::upstream::TitleList = serde_json::from_value(json!({
            "nodes": [{"ref": {"id": "a"}, "name": "A"}, {"ref": {"id": "c"}, "name": "PAGE_CONFIG_c"}],
            "pagination": {"total": 5}
        }))
        .unwrap();
        assert_eq!(names.pagination.total, 5);
        assert_eq!(real_child_total(5, &names.nodes), 4);
        assert_eq!(real_child_total(5, &names.nodes[..1]), 5);
        assert_eq!(real_child_total(5, &names.nodes[1..]), 4);
    }

    #[test]
    fn educational_context_values_resolve_or_are_reported() {
        assert!(resolve_educational_context(Some("Sekundarstufe I")).unwrap().is_some());
        assert_eq!(resolve_educational_context(Some("  ")), Ok(None));
        assert!(resolve_educational_context(Some("xyzzyqq")).is_err());
    }

    #[test]
    fn umlaut_order() {
        let mut nodes = vec![
            node(json!({"ref": {"id": "1"}, "properties": {"cclom:title": ["Physik"]}})),
            node(json!({"ref": {"id": "2"}, "properties": {"cclom:title": ["Ökologie"]}})),
            node(json!({"ref": {"id": "3"}, "properties": {"cclom:title": ["Musik"]}})),
        ];
        sort_by_title(&mut nodes);
        let ids: Vec<&str> = nodes.iter().map(Node::id).collect();
        assert_eq!(ids, ["3", "2", "1"]);
    }
}
