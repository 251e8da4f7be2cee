//! Materials, collections and topic pages for one query in one call: the
//! content pipeline, the collection keyword search and the subject portals
//! are read in parallel, then the collections are ranked into two pots (with
//! and without a topic page).

use std::collections::BTreeSet;
use std::sync::Arc;

use super::filters::Filters;
use super::pipeline::{ContentOutcome, ContentSearch, search_content};
use super::pool::Visibility;
use super::pool::collections::{keyword_search, portals};
use super::query::Query;
use super::ranking::{TextFilter, rerank};
use super::{Pot, SearchWarning};
use crate::app::App;
use crate::upstream::{Node, UpstreamError};

/// Subject portals with a topic page that may join the collection pool.
const MAX_PORTALS: usize = 10;
/// Keyword-search candidates at least (they are reranked locally).
const KEYWORD_MIN: usize = 20;

/// Which pots are wanted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pots {
    pub content: bool,
    pub collections: bool,
    pub topic_pages: bool,
}

impl Default for Pots {
    fn default() -> Self {
        Pots {
            content: true,
            collections: true,
            topic_pages: true,
        }
    }
}

/// One combined search.
#[derive(Debug, Clone)]
pub struct AllSearch<'a> {
    pub query: &'a Query,
    /// Apply to the materials only.
    pub filters: &'a Filters,
    pub max_content: usize,
    /// For the collections, and for the topic pages.
    pub max_collections: usize,
    pub pots: Pots,
    /// Left out of every pot.
    pub exclude: &'a [String],
}

impl AllSearch<'_> {
    /// Whether a collection pot (collections or topic pages) is wanted.
    fn wants_collections(&self) -> bool {
        self.pots.collections || self.pots.topic_pages
    }

    /// How many keyword-search candidates to ask for: enough to fill the
    /// pots after excluded ids and reranking.
    fn keyword_max(&self) -> u32 {
        ((self.max_collections + self.exclude.len().min(200)) * 2).max(KEYWORD_MIN) as u32
    }
}

/// The pots of a combined search.
#[derive(Debug, Default)]
pub struct AllOutcome {
    /// The materials (empty when not wanted).
    pub content: ContentOutcome,
    /// What the collections were ranked for: the query, or the content
    /// pot's relaxed query when the query found none.
    pub collection_query: String,
    /// Ranked collections without a topic page, at most `max_collections`.
    pub collections: Vec<Node>,
    /// Ranked collections with a topic page, at most `max_collections`.
    pub topic_pages: Vec<Node>,
    /// The content pipeline's warnings, then the failed reads.
    pub warnings: Vec<SearchWarning>,
}

/// Run a combined search. Fails only when every read failed (the first failure).
pub async fn search_all(app: &App, search: &AllSearch<'_>) -> Result<AllOutcome, UpstreamError> {
    let mut reads = read_in_parallel(app, search).await?;
    let (collection_query, collections, topic_pages) = collection_pots(app, search, &mut reads).await;
    Ok(AllOutcome {
        content: reads.content,
        collection_query,
        collections,
        topic_pages,
        warnings: reads.warnings,
    })
}

/// What the three parallel reads gave; a failed read is a warning.
struct Reads {
    content: ContentOutcome,
    keyword_nodes: Vec<Node>,
    portal_list: Vec<Node>,
    warnings: Vec<SearchWarning>,
}

/// Step 1, one parallel block: content pipeline ‖ collection keyword search
/// ‖ root children (the subject portals). When every read failed, the first
/// failure is the answer.
async fn read_in_parallel(app: &App, search: &AllSearch<'_>) -> Result<Reads, UpstreamError> {
    let criteria = search.filters.criteria();
    let content = async {
        if search.pots.content {
            let content = ContentSearch {
                query: search.query,
                filters: &criteria,
                max_results: search.max_content,
                exclude: search.exclude,
                facets: false,
            };
            Some(search_content(app, content).await)
        } else {
            None
        }
    };
    let keyword = async {
        if search.wants_collections() {
            Some(keyword_search(app, search.query.text(), search.keyword_max()).await)
        } else {
            None
        }
    };
    let portals = async {
        if search.pots.topic_pages {
            Some(portals(app).await)
        } else {
            None
        }
    };
    let (content, keyword, portals) = futures::join!(content, keyword, portals);

    let mut errors: Vec<(Pot, UpstreamError)> = Vec::new();
    let mut reads = 0;
    let content: ContentOutcome = settle(content, Pot::Content, &mut reads, &mut errors).unwrap_or_default();
    let keyword_nodes: Vec<Node> = settle(keyword, Pot::Collections, &mut reads, &mut errors)
        .map(|list| Arc::unwrap_or_clone(list).nodes)
        .unwrap_or_default();
    let portal_list: Vec<Node> = settle(portals, Pot::Portals, &mut reads, &mut errors)
        .map(|list| Arc::unwrap_or_clone(list).nodes)
        .unwrap_or_default();
    if reads > 0 && errors.len() == reads {
        let (_, error) = errors.swap_remove(0);
        return Err(error);
    }
    let mut warnings = content.warnings.clone();
    warnings.extend(
        errors
            .into_iter()
            .map(|(pot, error)| SearchWarning::PotFailed { pot, error }),
    );
    Ok(Reads {
        content,
        keyword_nodes,
        portal_list,
        warnings,
    })
}

/// Step 2: the collection pool (matching portals first, then keyword hits),
/// reranked and split by whether a collection has a topic page:
/// `(ranked for, collections, topic pages)`. When the content pot had to
/// relax a query that nothing matched, the collection pots follow it (one
/// more keyword search, only then).
async fn collection_pots(app: &App, search: &AllSearch<'_>, reads: &mut Reads) -> (String, Vec<Node>, Vec<Node>) {
    let shown = Visibility::excluding(search.exclude);
    let visible = |n: &Node| shown.shows(n);
    let portal_list = &reads.portal_list;
    let portals_for = |q: &str| -> Vec<Node> {
        let matcher = TextFilter::new(q);
        portal_list
            .iter()
            .filter(|n| n.page_config_ref().is_some() && matcher.matches(n))
            .take(MAX_PORTALS)
            .cloned()
            .collect()
    };
    let mut collection_query = search.query.text();
    let mut portal_nodes = portals_for(collection_query);
    let mut keyword_nodes = std::mem::take(&mut reads.keyword_nodes);
    if let Some(relaxed) = reads.content.relaxed_query.as_deref()
        && search.wants_collections()
        && !portal_nodes.iter().chain(&keyword_nodes).any(visible)
    {
        collection_query = relaxed;
        portal_nodes = portals_for(relaxed);
        match keyword_search(app, relaxed, search.keyword_max()).await {
            Ok(list) => keyword_nodes = Arc::unwrap_or_clone(list).nodes,
            Err(error) => reads.warnings.push(SearchWarning::RelaxedCollectionsFailed {
                query: relaxed.to_string(),
                error,
            }),
        }
    }

    let mut seen = BTreeSet::new();
    let pool: Vec<Node> = portal_nodes
        .into_iter()
        .chain(keyword_nodes)
        .filter(|n| visible(n))
        .filter(|n| seen.insert(n.id().to_string()))
        .collect();
    let ranked = if collection_query == search.query.text() {
        rerank(pool, search.query)
    } else {
        rerank(pool, &Query::new(collection_query))
    };
    let (with_page, without_page): (Vec<Node>, Vec<Node>) = ranked.into_iter().partition(has_topic_page);
    let take = |nodes: Vec<Node>, wanted: bool| -> Vec<Node> {
        if wanted {
            nodes.into_iter().take(search.max_collections).collect()
        } else {
            Vec::new()
        }
    };
    (
        collection_query.to_string(),
        take(without_page, search.pots.collections),
        take(with_page, search.pots.topic_pages),
    )
}

/// A collection with a topic page (Themenseite): it names its config folder.
fn has_topic_page(node: &Node) -> bool {
    node.is_collection() && node.page_config_ref().is_some()
}

/// Count one read of the call and keep its value, or record its failure.
fn settle<T>(
    read: Option<Result<T, UpstreamError>>,
    pot: Pot,
    reads: &mut usize,
    errors: &mut Vec<(Pot, UpstreamError)>,
) -> Option<T> {
    let read = read?;
    *reads += 1;
    read.map_err(|error| errors.push((pot, error))).ok()
}
