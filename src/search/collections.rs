//! Collection search: one function for every search of collections
//! (`search_wlo_collections`, the collection and topic-page pots of
//! `search_wlo_all` and `search`, `search_wlo_topic_pages` by topic).
//!
//! **By keyword** (no `parentNodeId`), in sequential waves:
//! 1. the keyword search (E2) ‖ the subject portals (the root's
//!    sub-collections: the keyword search never returns them). The portals
//!    that match the query join the keyword hits.
//! 2. Only when nothing is kept, and only when the caller allows the walk:
//!    level 2 = the sub-collections of the first 25 portals, matched locally;
//! 3. only if still nothing matched: level 3 = the sub-collections of the
//!    15 best level-2 nodes.
//!
//! **Below a collection** (`parentNodeId`): the same walk from its
//! sub-collections (level 1, in wave 1). **Without a query**: the portals,
//! or the parent's sub-collections, in repository order.
//!
//! The vocabulary filters are applied locally, what no list may show never
//! appears, and the survivors are reranked before the caller slices.

use std::collections::BTreeSet;
use std::sync::Arc;

use super::SearchWarning;
use super::filters::Filters;
use super::pool::Visibility;
use super::pool::collections::{keyword_search, portals, sub_collection_wave, sub_collections};
use super::query::Query;
use super::ranking::{TextFilter, lowercase_joined, rerank};
use crate::app::App;
use crate::ids::NodeId;
use crate::upstream::{Node, NodeList, UpstreamError};

/// Level-1 listing size (below a parent).
const LEVEL1_MAX: u32 = 100;
/// Parents whose sub-collections form level 2, and their listing size.
const LEVEL2_PARENTS: usize = 25;
const LEVEL2_MAX: u32 = 50;
/// Parents whose sub-collections form level 3, and their listing size.
const LEVEL3_PARENTS: usize = 15;
const LEVEL3_MAX: u32 = 30;
/// Keyword-search candidates at least (they are reranked locally).
const KEYWORD_MIN: usize = 25;
/// Extra keyword candidates at most, to make up for excluded ids.
const MAX_EXCLUDE_EXTRA: usize = 200;

/// One collection search.
#[derive(Debug, Clone, Copy)]
pub struct CollectionSearch<'a> {
    pub query: &'a Query,
    /// Search below this collection instead of the root (no keyword search).
    pub parent: Option<&'a NodeId>,
    pub filters: &'a Filters,
    pub max_results: usize,
    pub exclude: &'a [String],
    /// Walk the tree when the keyword search keeps nothing. `search_wlo_all`
    /// answers from the first wave alone (its content search runs beside).
    pub walk: bool,
}

impl<'a> CollectionSearch<'a> {
    /// A search by keyword over the whole tree: no parent, no filters, no
    /// exclusions, with the walk.
    pub fn by_keyword(query: &'a Query, max_results: usize) -> CollectionSearch<'a> {
        static NO_FILTERS: std::sync::LazyLock<Filters> = std::sync::LazyLock::new(Filters::default);
        CollectionSearch {
            query,
            parent: None,
            filters: &NO_FILTERS,
            max_results,
            exclude: &[],
            walk: true,
        }
    }
}

/// What a collection search found.
#[derive(Debug, Clone, Default)]
pub struct CollectionOutcome {
    /// The number of collections kept (before slicing).
    pub total: usize,
    /// Reranked, at most `max_results`.
    pub nodes: Vec<Node>,
    /// `keyword_collections`, `collection_children` or `tree_traversal`.
    pub query_type: &'static str,
    pub warnings: Vec<SearchWarning>,
    /// The corrected or relaxed query the answer rests on, when it is not
    /// the query as typed.
    pub relaxed_query: Option<String>,
}

/// Run the collection search (see the module docs). `Err` when the stage that
/// decides the answer could not be read at all (a missing `parentNodeId` is
/// [`UpstreamError::NotFound`]).
pub async fn search_collections(app: &App, search: CollectionSearch<'_>) -> Result<CollectionOutcome, UpstreamError> {
    match search.parent {
        Some(parent) => below(app, &search, parent).await,
        None if search.query.is_blank() => {
            let listing = portals(app).await?;
            let kept = visible(std::slice::from_ref(&listing))
                .filter(|n| keeps(&search, n))
                .cloned()
                .collect();
            Ok(finish(kept, &search, "collection_children", Vec::new()))
        }
        None => by_keyword(app, &search).await,
    }
}

/// The search by keyword (see the module docs).
async fn by_keyword(app: &App, search: &CollectionSearch<'_>) -> Result<CollectionOutcome, UpstreamError> {
    let query = search.query.text();
    let keyword_max = (search.max_results + search.exclude.len().min(MAX_EXCLUDE_EXTRA)).max(KEYWORD_MIN) as u32;
    let (keyword, portal_list) = futures::join!(keyword_search(app, query, keyword_max), portals(app));
    let mut warnings = Vec::new();
    let portal_list = match (keyword.as_ref(), portal_list) {
        (Err(keyword_error), Err(error)) => {
            return Err(if keyword_error.is_repository_failure() {
                keyword_error.clone()
            } else {
                error
            });
        }
        (_, Ok(list)) => Some(list),
        (Ok(_), Err(error)) => {
            warnings.push(SearchWarning::PortalsFailed(error));
            None
        }
    };
    if let Err(error) = &keyword {
        warnings.push(SearchWarning::KeywordSearchFailed(error.clone()));
    }
    let text = TextFilter::new(query);
    let portal_nodes: Vec<&Node> = portal_list
        .iter()
        .flat_map(|list| visible(std::slice::from_ref(list)))
        .collect();
    let matching_portals = portal_nodes
        .iter()
        .copied()
        .filter(|n| text.matches(n) && keeps(search, n));
    let hits = keyword
        .iter()
        .flat_map(|list| list.nodes.iter())
        .filter(|n| keeps(search, n));
    let kept = dedup(matching_portals.chain(hits).cloned());
    if !kept.is_empty() || !search.walk {
        return Ok(finish(kept, search, "keyword_collections", warnings));
    }
    let matches = walk(app, search, &portal_nodes, &mut warnings).await;
    Ok(finish(matches, search, "tree_traversal", warnings))
}

/// The search below a collection (see the module docs).
async fn below(app: &App, search: &CollectionSearch<'_>, parent: &NodeId) -> Result<CollectionOutcome, UpstreamError> {
    let level1 = sub_collections(app, parent, LEVEL1_MAX).await?;
    let level1: Vec<&Node> = visible(std::slice::from_ref(&level1)).collect();
    if search.query.is_blank() {
        let kept = level1.into_iter().filter(|n| keeps(search, n)).cloned().collect();
        return Ok(finish(kept, search, "collection_children", Vec::new()));
    }
    let mut warnings = Vec::new();
    let matches = walk(app, search, &level1, &mut warnings).await;
    Ok(finish(matches, search, "tree_traversal", warnings))
}

/// The walk from `level1` (already read): its matches; level 2 below the
/// first 25 of it (one wave); and only if nothing matched yet, level 3
/// below the 15 best level-2 nodes (one more wave).
async fn walk(
    app: &App,
    search: &CollectionSearch<'_>,
    level1: &[&Node],
    warnings: &mut Vec<SearchWarning>,
) -> Vec<Node> {
    let query = search.query.text();
    let text = TextFilter::new(query);
    let matching = |n: &&Node| text.matches(n) && keeps(search, n);
    let mut matches: Vec<Node> = level1.iter().copied().filter(matching).cloned().collect();
    let parents: Vec<&Node> = level1.iter().take(LEVEL2_PARENTS).copied().collect();
    let level2_lists = children_wave(app, &parents, LEVEL2_MAX, warnings).await;
    let level2: Vec<&Node> = visible(&level2_lists).collect();
    matches.extend(level2.iter().copied().filter(matching).cloned());
    if matches.is_empty() && !level2.is_empty() {
        let parents = best_parents(&level2, query, LEVEL3_PARENTS);
        let level3_lists = children_wave(app, &parents, LEVEL3_MAX, warnings).await;
        matches.extend(visible(&level3_lists).filter(matching).cloned());
    }
    dedup(matches.into_iter())
}

/// Shown (not excluded) and passing the local vocabulary filters.
fn keeps(search: &CollectionSearch<'_>, node: &Node) -> bool {
    Visibility::excluding(search.exclude).shows(node) && search.filters.keeps(node)
}

/// Rerank, count and slice.
fn finish(
    kept: Vec<Node>,
    search: &CollectionSearch<'_>,
    query_type: &'static str,
    warnings: Vec<SearchWarning>,
) -> CollectionOutcome {
    let ranked = rerank(kept, search.query);
    CollectionOutcome {
        total: ranked.len(),
        nodes: ranked.into_iter().take(search.max_results).collect(),
        query_type,
        warnings,
        relaxed_query: None,
    }
}

/// The listable nodes of `lists`, in order.
fn visible(lists: &[Arc<NodeList>]) -> impl Iterator<Item = &Node> {
    lists.iter().flat_map(|list| &list.nodes).filter(|n| n.is_listable())
}

/// First occurrence of every id, order kept.
fn dedup(nodes: impl Iterator<Item = Node>) -> Vec<Node> {
    let mut seen = BTreeSet::new();
    nodes.filter(|n| seen.insert(n.id().to_string())).collect()
}

/// The sub-collection listings of `parents` in one parallel wave, in parent
/// order; failed reads become one warning.
async fn children_wave(
    app: &App,
    parents: &[&Node],
    max: u32,
    warnings: &mut Vec<SearchWarning>,
) -> Vec<Arc<NodeList>> {
    let (lists, failure) = sub_collection_wave(app, parents, max).await;
    warnings.extend(failure.map(SearchWarning::ChildListsFailed));
    lists
}

/// Level-2 nodes scored by how many query words (> 2 chars)
/// occur in name + title + description; the best `n` (stable), or the first
/// `n` when nothing scores.
fn best_parents<'a>(nodes: &[&'a Node], query: &str, n: usize) -> Vec<&'a Node> {
    let words: Vec<String> = query
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase())
        .filter(|w| w.chars().count() > 2)
        .collect();
    let mut scored: Vec<(usize, &Node)> = nodes
        .iter()
        .map(|&node| {
            let haystack = lowercase_joined(
                &[
                    node.name.as_str(),
                    node.display_title(),
                    node.first("cm:title").unwrap_or(""),
                    node.description(),
                ],
                ' ',
            );
            (words.iter().filter(|w| haystack.contains(w.as_str())).count(), node)
        })
        .collect();
    scored.sort_by_key(|(score, _)| std::cmp::Reverse(*score));
    scored.into_iter().take(n).map(|(_, node)| node).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn node(id: &str, name: &str, title: &str) -> Node {
        serde_json::from_value(
            json!({"ref": {"id": id}, "name": name, "properties": {"cclom:title": [title], "cm:name": [name]}}),
        )
        .unwrap()
    }

    #[test]
    fn best_parents_prefers_word_hits_then_keeps_order() {
        let owned = [
            node("a", "Algebra", "Algebra"),
            node("b", "Geometrie", "Geometrie"),
            node("c", "Zahlen", "Zahlen"),
        ];
        let nodes: Vec<&Node> = owned.iter().collect();
        let best: Vec<&str> = best_parents(&nodes, "Geometrie der Kreise", 2)
            .iter()
            .map(|n| n.id())
            .collect();
        assert_eq!(best, ["b", "a"]);
        let first: Vec<&str> = best_parents(&nodes, "xy", 2).iter().map(|n| n.id()).collect();
        assert_eq!(first, ["a", "b"]);
    }
}
