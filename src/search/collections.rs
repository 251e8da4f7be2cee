//! Collection search (`search_wlo_collections`), three stages:
//! 1. the keyword search (E2) — not for a subtree (`parentNodeId`); it never
//!    returns the subject portals, so
//! 2. the root's (or the parent's) sub-collections are read in the same wave,
//!    and when the keyword stage keeps nothing the tree is walked: level 1
//!    text-matched locally, level 2 = the sub-collections of the first 25
//!    level-1 nodes (one wave), and only if still nothing matched
//! 3. level 3 = the sub-collections of the 15 best level-2 nodes (one wave).
//!
//! The vocabulary filters are applied locally, topic-page config folders and
//! variants (`PAGE_CONFIG…`/`PAGE_VARIANT…`) never appear, and the survivors
//! are reranked before the caller slices.

use std::collections::BTreeSet;
use std::sync::Arc;

use super::SearchWarning;
use super::filters::Filters;
use super::pool::Visibility;
use super::pool::collections::{keyword_search, sub_collection_wave, sub_collections};
use super::query::Query;
use super::ranking::{TextFilter, lowercase_joined, rerank};
use crate::app::App;
use crate::ids::NodeId;
use crate::upstream::{Node, NodeList, UpstreamError};

/// Level-1 listing size.
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
    /// Search below this collection instead of the root (skips the keyword stage).
    pub parent: Option<&'a NodeId>,
    pub filters: &'a Filters,
    pub max_results: usize,
    pub exclude: &'a [String],
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
}

/// Run the collection search (see the module docs). `Err` when the stage that
/// decides the answer could not be read at all (a missing `parentNodeId` is
/// [`UpstreamError::NotFound`]).
pub async fn search_collections(app: &App, search: CollectionSearch<'_>) -> Result<CollectionOutcome, UpstreamError> {
    let query = search.query.text();
    let parent = search.parent.unwrap_or(&app.config.root_collection_id);
    let shown = Visibility::excluding(search.exclude);
    let keep = |n: &Node| shown.shows(n) && search.filters.keeps(n);

    // Wave 1: keyword search ‖ level 1.
    let keyword_wanted = !query.is_empty() && search.parent.is_none();
    let keyword_max = (search.max_results + search.exclude.len().min(MAX_EXCLUDE_EXTRA)).max(KEYWORD_MIN) as u32;
    let keyword = async {
        if keyword_wanted {
            Some(keyword_search(app, query, keyword_max).await)
        } else {
            None
        }
    };
    let level1 = sub_collections(app, parent, LEVEL1_MAX);
    let (keyword, level1) = futures::join!(keyword, level1);

    let mut warnings = Vec::new();
    let mut keyword_failed = None;
    match keyword {
        Some(Ok(list)) => {
            let kept: Vec<Node> = dedup(list.nodes.iter().filter(|n| keep(n)).cloned());
            if !kept.is_empty() {
                return Ok(finish(
                    kept,
                    search.query,
                    search.max_results,
                    "keyword_collections",
                    warnings,
                ));
            }
        }
        Some(Err(error)) => {
            warnings.push(SearchWarning::KeywordSearchFailed(error.clone()));
            keyword_failed = Some(error);
        }
        None => {}
    }

    // The walk borrows the listings (they may be shared with the cache) and
    // copies only the nodes it answers with.
    let level1_list = match level1 {
        Ok(list) => list,
        Err(error) => {
            // The subtree itself is missing, or nothing at all could be read.
            if matches!(error, UpstreamError::NotFound) || keyword_failed.is_some() || !keyword_wanted {
                return Err(error);
            }
            return Ok(CollectionOutcome {
                query_type: "tree_traversal",
                warnings: vec![SearchWarning::SubtreeFailed(error)],
                ..Default::default()
            });
        }
    };
    let level1: Vec<&Node> = visible(std::slice::from_ref(&level1_list)).collect();
    if query.is_empty() {
        let kept = level1.into_iter().filter(|n| keep(n)).cloned().collect();
        return Ok(finish(
            kept,
            search.query,
            search.max_results,
            "collection_children",
            warnings,
        ));
    }

    // Wave 2: level 2 below the first 25 level-1 nodes.
    let text = TextFilter::new(query);
    let matching = |n: &&Node| text.matches(n) && keep(n);
    let mut matches: Vec<Node> = level1.iter().copied().filter(matching).cloned().collect();
    let parents: Vec<&Node> = level1.iter().take(LEVEL2_PARENTS).copied().collect();
    let level2_lists = children_wave(app, &parents, LEVEL2_MAX, &mut warnings).await;
    let level2: Vec<&Node> = visible(&level2_lists).collect();
    matches.extend(level2.iter().copied().filter(matching).cloned());

    // Wave 3: level 3 below the 15 best level-2 nodes, only if still nothing.
    if matches.is_empty() && !level2.is_empty() {
        let parents = best_parents(&level2, query, LEVEL3_PARENTS);
        let level3_lists = children_wave(app, &parents, LEVEL3_MAX, &mut warnings).await;
        matches.extend(visible(&level3_lists).filter(matching).cloned());
    }
    Ok(finish(
        dedup(matches.into_iter()),
        search.query,
        search.max_results,
        "tree_traversal",
        warnings,
    ))
}

/// Rerank, count and slice.
fn finish(
    kept: Vec<Node>,
    query: &Query,
    max: usize,
    query_type: &'static str,
    warnings: Vec<SearchWarning>,
) -> CollectionOutcome {
    let ranked = rerank(kept, query);
    CollectionOutcome {
        total: ranked.len(),
        nodes: ranked.into_iter().take(max).collect(),
        query_type,
        warnings,
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
