//! Materials, collections and topic pages for one query in one call
//! (`search_wlo_all`, `search`): the content pipeline and the collection
//! search run in parallel, then the collections are split into two pots
//! (with and without a topic page).

use super::collections::{CollectionOutcome, CollectionSearch, search_collections};
use super::filters::Filters;
use super::pipeline::{ContentOutcome, ContentSearch, search_content};
use super::query::Query;
use super::{Pot, SearchWarning};
use crate::app::App;
use crate::upstream::{Node, UpstreamError};

/// Ranked collections read for the two collection pots, per pot wanted.
const COLLECTIONS_PER_POT: usize = 2;

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

    /// The collection search for `query`: the first wave alone (no walk),
    /// no filters (they apply to the materials), enough ranked collections
    /// for both pots.
    fn collections_for<'q>(&'q self, query: &'q Query, no_filters: &'q Filters) -> CollectionSearch<'q> {
        CollectionSearch {
            query,
            parent: None,
            filters: no_filters,
            max_results: 2 * COLLECTIONS_PER_POT * self.max_collections,
            exclude: self.exclude,
            walk: false,
        }
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
    /// The content pipeline's warnings, then the collection search's and
    /// the failed reads.
    pub warnings: Vec<SearchWarning>,
}

/// Run a combined search: the content pipeline ‖ the collection search
/// (its first wave: keyword search ‖ portals), then the collections split
/// into two pots by whether they have a topic page. When the content pot
/// had to relax a query that nothing matched and no collection was found,
/// the collection search follows the relaxed query (one more wave, only
/// then). Fails only when every read failed (the first failure).
pub async fn search_all(app: &App, search: &AllSearch<'_>) -> Result<AllOutcome, UpstreamError> {
    let criteria = search.filters.criteria();
    let no_filters = Filters::default();
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
    let collections = async {
        if search.wants_collections() {
            Some(search_collections(app, search.collections_for(search.query, &no_filters)).await)
        } else {
            None
        }
    };
    let (content, collections) = futures::join!(content, collections);

    let mut errors: Vec<(Pot, UpstreamError)> = Vec::new();
    let mut reads = 0;
    let content: ContentOutcome = settle(content, Pot::Content, &mut reads, &mut errors).unwrap_or_default();
    let collections: CollectionOutcome =
        settle(collections, Pot::Collections, &mut reads, &mut errors).unwrap_or_default();
    if reads > 0 && errors.len() == reads {
        let (_, error) = errors.swap_remove(0);
        return Err(error);
    }
    let mut warnings = content.warnings.clone();
    warnings.extend(collections.warnings);
    warnings.extend(
        errors
            .into_iter()
            .map(|(pot, error)| SearchWarning::PotFailed { pot, error }),
    );

    let mut collection_query = search.query.text().to_string();
    let mut nodes = collections.nodes;
    if let Some(relaxed) = content.relaxed_query.as_deref()
        && search.wants_collections()
        && nodes.is_empty()
    {
        collection_query = relaxed.to_string();
        let relaxed_query = Query::new(relaxed);
        match search_collections(app, search.collections_for(&relaxed_query, &no_filters)).await {
            Ok(outcome) if !outcome.nodes.is_empty() => {
                // The hint that nothing names the typed query's topic no
                // longer holds.
                warnings.retain(|w| !matches!(w, SearchWarning::NoCollectionNamesTopic { .. }));
                nodes = outcome.nodes;
            }
            Ok(_) => {}
            Err(error) => warnings.push(SearchWarning::RelaxedCollectionsFailed {
                query: relaxed.to_string(),
                error,
            }),
        }
    }
    let (with_page, without_page): (Vec<Node>, Vec<Node>) = nodes.into_iter().partition(has_topic_page);
    let take = |nodes: Vec<Node>, wanted: bool| -> Vec<Node> {
        if wanted {
            nodes.into_iter().take(search.max_collections).collect()
        } else {
            Vec::new()
        }
    };
    Ok(AllOutcome {
        content,
        collection_query,
        collections: take(without_page, search.pots.collections),
        topic_pages: take(with_page, search.pots.topic_pages),
        warnings,
    })
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
