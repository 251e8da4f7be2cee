pub mod all;
pub mod collections;
pub mod compendium;
pub mod contents;
pub mod contents_filter;
pub mod facets;
pub mod filters;
pub mod license;
pub mod pipeline;
pub mod pool;
pub mod query;
pub mod ranking;
pub mod related;

use crate::upstream::{PartialFailure, UpstreamError};

/// What a search answer could not fully read; the tools layer words it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SearchWarning {
    /// Some query variants of a wave failed; the first failure.
    VariantsFailed(PartialFailure),
    /// Every variant of the zero-result rescue failed.
    RelaxedSearchFailed(UpstreamError),
    /// The keyword collection search failed; the portals (or the tree
    /// walk) answered.
    KeywordSearchFailed(UpstreamError),
    /// The listing of the subject portals failed; the keyword search answered.
    PortalsFailed(UpstreamError),
    /// Some sub-collection listings of one tree wave failed.
    ChildListsFailed(PartialFailure),
    /// Some collection listings of a recursive contents listing failed.
    ContentListsFailed(PartialFailure),
    /// The topic guard: the query's compound was recognised only by generic
    /// or intent parts ("-aufgaben", "-übungen", "-quiz"), so nothing was
    /// searched; `words` are the parts the repository does not know (may be
    /// empty).
    TopicNotRecognised { words: Vec<String> },
    /// No collection names the topic words of the query: nothing is shown
    /// rather than collections that share only a subject or a generic word.
    NoCollectionNamesTopic { words: Vec<String> },
    /// One of the parallel reads of a combined search failed; the others answered.
    PotFailed { pot: Pot, error: UpstreamError },
    /// The collection search for the relaxed query failed.
    RelaxedCollectionsFailed { query: String, error: UpstreamError },
}

/// The parallel searches of a combined search (`all::search_all`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pot {
    /// The content pipeline.
    Content,
    /// The collection search.
    Collections,
}
