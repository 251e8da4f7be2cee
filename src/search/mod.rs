pub mod all;
pub mod collections;
pub mod compendium;
pub mod contents_filter;
pub mod facets;
pub mod filters;
pub mod license;
pub mod pipeline;
pub mod ranking;
pub mod related;

use crate::upstream::UpstreamError;

/// What a search answer could not fully read; the tools layer words it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SearchWarning {
    /// Some query variants of a wave failed; the first failure.
    VariantsFailed {
        failed: usize,
        of: usize,
        error: UpstreamError,
    },
    /// Every variant of the zero-result rescue failed.
    RelaxedSearchFailed(UpstreamError),
    /// The keyword collection search failed; the tree walk answered.
    KeywordSearchFailed(UpstreamError),
    /// The first level of the collection tree could not be read.
    SubtreeFailed(UpstreamError),
    /// Some sub-collection listings of one tree wave failed.
    ChildListsFailed {
        failed: usize,
        of: usize,
        error: UpstreamError,
    },
    /// Some collection listings of a recursive contents listing failed.
    ContentListsFailed { failed: usize, error: UpstreamError },
    /// The topic guard: the query's compound was recognised only by generic
    /// or intent parts ("-aufgaben", "-übungen", "-quiz"), so nothing was
    /// searched; `words` are the parts the repository does not know (may be
    /// empty).
    TopicNotRecognised { words: Vec<String> },
    /// One of the parallel reads of a combined search failed; the others answered.
    PotFailed { pot: Pot, error: UpstreamError },
    /// The collection search for the relaxed query failed.
    RelaxedCollectionsFailed { query: String, error: UpstreamError },
}

/// The parallel reads of a combined search (`all::search_all`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pot {
    /// The content pipeline.
    Content,
    /// The collection keyword search.
    Collections,
    /// The listing of the subject portals.
    Portals,
}
