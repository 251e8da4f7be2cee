//! A collection's contents (`get_collection_contents`): one page of its
//! materials and sub-collections, or — with `includeSubcollections` — its
//! materials breadth-first through the sub-collections. With a query or
//! vocabulary filters the materials are filtered locally
//! (`contents_filter.rs`) and the page is reranked by the query.

use std::collections::BTreeSet;
use std::sync::Arc;

use futures::future::join_all;

use super::SearchWarning;
pub use super::contents_filter::{ContentsListing, ContentsOutcome};
use super::contents_filter::{LOCAL_READ, MaterialFilter, Stats, Window, filtered_children, sample_stats};
use super::pool::Visibility;
use super::query::Query;
use super::ranking::rerank;
use crate::app::App;
use crate::upstream::{ChildFilter, Node, NodeList, PartialFailure, Props, UpstreamError, listed_id};

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
    let visible = Visibility::excluding(listing.exclude);
    let page: Vec<Node> = page.into_iter().filter(|n| visible.shows(n)).collect();
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
            reads += if last_level { 1 } else { 2 };
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
                        .filter(|n| n.is_listable())
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
        outcome.warnings.push(SearchWarning::ContentListsFailed(PartialFailure {
            failed: failures.len(),
            of: reads,
            error: first.clone(),
        }));
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
