//! Collection search (`search_wlo_collections`) and collection contents
//! (`get_collection_contents`).
//!
//! Collection search, three stages:
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

use futures::future::join_all;

use super::SearchWarning;
pub use super::contents_filter::{ContentsListing, ContentsOutcome};
use super::contents_filter::{LOCAL_READ, MaterialFilter, Stats, Window, filtered_children, sample_stats};
use super::filters::Filters;
use super::query::Query;
use super::ranking::{TextFilter, lowercase_joined, rerank};
use crate::app::App;
use crate::ids::NodeId;
use crate::upstream::{ChildFilter, Node, NodeList, Props, UpstreamError, listed_id};

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
    let keep = |n: &Node| keeps(n, search.filters, search.exclude);

    // Wave 1: keyword search ‖ level 1.
    let keyword_wanted = !query.is_empty() && search.parent.is_none();
    let keyword_max = (search.max_results + search.exclude.len().min(MAX_EXCLUDE_EXTRA)).max(KEYWORD_MIN) as u32;
    let keyword = async {
        if keyword_wanted {
            Some(app.upstream.collection_search(query, keyword_max, Props::Display).await)
        } else {
            None
        }
    };
    let level1 = app
        .upstream
        .children(parent, ChildFilter::Folders, LEVEL1_MAX, 0, Props::Display);
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

/// Not excluded, not a config folder/variant, passes the local filters.
fn keeps(node: &Node, filters: &Filters, exclude: &[String]) -> bool {
    !node.id().is_empty()
        && !node.is_topic_page_technical()
        && !exclude.iter().any(|e| e.eq_ignore_ascii_case(node.id()))
        && filters.keeps(node)
}

/// The nodes of `lists` without config folders/variants, in order.
fn visible(lists: &[Arc<NodeList>]) -> impl Iterator<Item = &Node> {
    lists
        .iter()
        .flat_map(|list| &list.nodes)
        .filter(|n| !n.is_topic_page_technical() && !n.id().is_empty())
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
    let results: Vec<Result<Arc<NodeList>, UpstreamError>> = join_all(parents.iter().map(|p| async move {
        app.upstream
            .children(&listed_id(p.id())?, ChildFilter::Folders, max, 0, Props::Display)
            .await
    }))
    .await;
    let failed: Vec<&UpstreamError> = results.iter().filter_map(|r| r.as_ref().err()).collect();
    if let Some(first) = failed.first() {
        warnings.push(SearchWarning::ChildListsFailed {
            failed: failed.len(),
            of: results.len(),
            error: (*first).clone(),
        });
    }
    results.into_iter().filter_map(Result::ok).collect()
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

// ---------------------------------------------------------------------------
// Collection contents
// ---------------------------------------------------------------------------

/// Collections visited by a recursive listing at most, and its depth.
const RECURSIVE_MAX_COLLECTIONS: usize = 150;
const RECURSIVE_MAX_LEVELS: usize = 6;
/// Rows read per collection at most in a recursive listing.
const RECURSIVE_ROWS_MAX: usize = 500;
/// Sub-collections read per collection in a recursive listing.
const RECURSIVE_FOLDERS_MAX: u32 = 100;

/// List a collection. The page is exactly the repository's rows
/// `skip_count..skip_count+max_results`, so consecutive pages never overlap;
/// dropping excluded ids afterwards may make a page short. `Err` when the
/// collection itself cannot be listed (404 = it does not exist).
///
/// With a query or filters (files/both) the materials are filtered locally
/// ([`filtered_children`]) and the page is cut from the matches.
pub async fn collection_contents(app: &App, listing: ContentsListing<'_>) -> Result<ContentsOutcome, UpstreamError> {
    let material_filter = MaterialFilter::of(&listing).filter(|_| listing.filter != ChildFilter::Folders);
    let mut outcome = if listing.recursive && listing.filter == ChildFilter::Files {
        recursive_contents(app, &listing, material_filter.as_ref()).await?
    } else if let Some(material_filter) = &material_filter {
        let mut outcome = filtered_children(app, &listing, material_filter).await?;
        outcome.nodes = std::mem::take(&mut outcome.nodes)
            .into_iter()
            .skip(listing.skip_count)
            .take(listing.max_results)
            .collect();
        outcome
    } else {
        let page = app.upstream.children(
            listing.node_id,
            listing.filter,
            listing.max_results as u32,
            listing.skip_count as u32,
            Props::Display,
        );
        let stats = async {
            match listing.stats {
                true => Some(sample_stats(app, listing.node_id).await),
                false => None,
            }
        };
        let (list, stats) = futures::join!(page, stats);
        let list = list?;
        ContentsOutcome {
            total: list.pagination.total,
            nodes: Arc::unwrap_or_clone(list).nodes,
            stats,
            visited: 1,
            ..ContentsOutcome::default()
        }
    };
    let page = std::mem::take(&mut outcome.nodes);
    let page: Vec<Node> = page
        .into_iter()
        .filter(|n| !n.id().is_empty() && !n.is_deleted_placeholder() && !n.is_topic_page_technical())
        .filter(|n| !listing.exclude.iter().any(|e| e.eq_ignore_ascii_case(n.id())))
        .collect();
    outcome.nodes = match listing.query.map(str::trim).filter(|q| !q.is_empty()) {
        Some(query) if listing.filter != ChildFilter::Folders => rerank(page, &Query::new(query)),
        _ => page,
    };
    Ok(outcome)
}

/// Breadth-first: one parallel wave per level reads, for every collection of
/// the level, its files and its sub-collections. Stops once `skip + max`
/// rows are known, or at the depth/size bounds. Rows are de-duplicated by id
/// in visiting order; the page is cut from them. With a material filter,
/// the first [`LOCAL_READ`] files of each collection are read and only the
/// matches are rows.
async fn recursive_contents(
    app: &App,
    listing: &ContentsListing<'_>,
    filter: Option<&MaterialFilter<'_>>,
) -> Result<ContentsOutcome, UpstreamError> {
    let need = listing.skip_count + listing.max_results;
    let rows_per_collection = match filter {
        Some(_) => LOCAL_READ,
        None => need.min(RECURSIVE_ROWS_MAX) as u32,
    };
    let mut read: Vec<Node> = Vec::new();
    let mut window = Window::default();
    let mut level: Vec<String> = vec![listing.node_id.to_string()];
    let mut visited: BTreeSet<String> = BTreeSet::new();
    let mut seen_rows: BTreeSet<String> = BTreeSet::new();
    let mut rows: Vec<Node> = Vec::new();
    let mut outcome = ContentsOutcome::default();
    let mut failures: Vec<UpstreamError> = Vec::new();
    let mut reads = 0usize;

    for depth in 0..RECURSIVE_MAX_LEVELS {
        if level.is_empty() || rows.len() >= need {
            break;
        }
        level.retain(|id| visited.insert(id.clone()));
        let room = RECURSIVE_MAX_COLLECTIONS.saturating_sub(outcome.visited);
        window.truncated |= level.len() > room;
        level.truncate(room);
        if level.is_empty() {
            break;
        }
        let last_level = depth + 1 == RECURSIVE_MAX_LEVELS;
        let results = join_all(level.iter().map(|id| async move {
            let Ok(id) = listed_id(id) else {
                return (Err(UpstreamError::NotFound), Err(UpstreamError::NotFound));
            };
            let id = &id;
            let files = app
                .upstream
                .children(id, ChildFilter::Files, rows_per_collection, 0, Props::Display);
            let folders = async {
                if last_level {
                    Ok(Arc::new(NodeList::default()))
                } else {
                    app.upstream
                        .children(id, ChildFilter::Folders, RECURSIVE_FOLDERS_MAX, 0, Props::Display)
                        .await
                }
            };
            futures::join!(files, folders)
        }))
        .await;

        let mut next: Vec<String> = Vec::new();
        for (index, (files, folders)) in results.into_iter().enumerate() {
            reads += 1;
            match files {
                Ok(list) => {
                    outcome.visited += 1;
                    outcome.total += list.pagination.total;
                    window.truncated |= list.pagination.total > list.nodes.len() as u64;
                    for node in &list.nodes {
                        if node.id().is_empty() || !seen_rows.insert(node.id().to_string()) {
                            continue;
                        }
                        if listing.stats {
                            read.push(node.clone());
                        }
                        if filter.is_none_or(|f| f.keeps(node)) {
                            rows.push(node.clone());
                        }
                    }
                }
                // The collection asked for is missing or unreadable: that is the answer.
                Err(error) if depth == 0 && index == 0 => return Err(error),
                Err(error) => failures.push(error),
            }
            match folders {
                Ok(list) => next.extend(
                    list.nodes
                        .iter()
                        .filter(|n| !n.is_topic_page_technical() && !n.id().is_empty())
                        .map(|n| n.id().to_string()),
                ),
                Err(error) if depth == 0 => return Err(error),
                Err(error) => failures.push(error),
            }
        }
        level = next;
    }
    // Collections left unvisited (by the bounds, or because the page was full).
    window.truncated |= !level.is_empty();
    if filter.is_some() {
        window.collection_total = outcome.total;
        outcome.total = rows.len() as u64;
        outcome.window = Some(window);
    }
    if listing.stats {
        outcome.stats = Some(Ok(Stats::of(&read)));
    }
    if let Some(first) = failures.first() {
        outcome.warnings.push(SearchWarning::ContentListsFailed {
            failed: failures.len(),
            error: first.clone(),
        });
    }
    tracing::debug!(
        collections = outcome.visited,
        reads,
        rows = rows.len(),
        "recursive contents"
    );
    outcome.nodes = rows
        .into_iter()
        .skip(listing.skip_count)
        .take(listing.max_results)
        .collect();
    Ok(outcome)
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
