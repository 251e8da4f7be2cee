//! Search ranking: quality scoring, rank fusion, the rerank, the fill and
//! German collation. Pure domain code: no I/O, no MCP types, deterministic
//! output (ties always fall back to the node id; no hash-map order leaks
//! out). What a query means is `search::query`'s; this module compares it
//! with what the repository answered.
//!
//! # Content search (`search_wlo_content`)
//!
//! 1. `query::expand_query` turns the [`Query`](crate::search::query::Query)
//!    into weighted variants; the pool sends them as one wave.
//! 2. [`fuse()`] merges the result lists of the variants that succeeded:
//!    weighted reciprocal-rank fusion (k = 60) for consensus, the
//!    [`relevance_score`] (title/keyword/description match on the topic
//!    phrase and terms — folded, by Snowball stem, with synonyms — a named
//!    subject, a weak material bonus, metadata quality) for relevance, a
//!    small bonus for appearing in several lists, a quality floor with a
//!    keep-everything fallback, and nothing a list may not show. A query
//!    word that occurs in none of the hits is scored as the parts of it the
//!    hits know (compounds); an asked-for material type orders within the
//!    topic ([`TYPE_TIER`]); two topics alternate on the page.
//! 3. If every variant returned nothing, the rescue (`query::rescue_variants`)
//!    gives one more wave of relaxed queries.
//! 4. If the page is still short of `maxResults`, the same-subject fill
//!    ([`fill_subject`], [`fill_variants`], [`rank_fill`]) appends material
//!    of the search's clear subject after every hit. Related material fills
//!    its page with the same [`rank_fill`].
//!
//! Other paths use the pieces directly: [`rerank`] orders an already fetched
//! list (collections, topic-page candidates, collection contents),
//! [`TextFilter`] is the local text filter of a collection's materials, and
//! [`sort_by_title`] gives German alphabetical order.

mod collate;
mod fill;
mod fuse;
mod score;
#[cfg(test)]
mod test_support;
mod tiers;

pub use collate::{collation_key, sort_by_title};
pub use fill::{
    DISCIPLINE_PREFIX, MAX_RELATED_KEYWORDS, WEIGHT_FILL_RELATED, WEIGHT_FILL_SUBJECT, fill_subject, fill_variants,
    keep_topic_subjects, of_subject, rank_fill, related_keywords,
};
pub use fuse::{Fusion, RRF_K, Ranked, TYPE_TIER, VariantHits, fuse, fuse_all, min_score, rerank};
pub use score::{MATERIAL_BONUS, SUBJECT_BONUS, TextFilter, node_matches_text, relevance_score};
pub use tiers::{Coverage, Tier, TreeRanking};
pub(crate) use tiers::{lone_title_word, node_texts};
