//! Search ranking core: query expansion, quality scoring, rank fusion and
//! ordering. Pure domain code: no I/O, no MCP types, deterministic output
//! (ties always fall back to the node id; no hash-map order leaks out).
//!
//! # Pipeline (`search_wlo_content`)
//!
//! 1. [`expand_query`] turns the user query into at most five weighted
//!    [`Variant`]s — full text, title, topic, keywords, a named subject,
//!    stopword-free, synonyms. The caller appends its filter criteria to each
//!    and runs them as parallel ngsearch calls.
//!    Compounds with a framing part are split first ("Musikunterricht",
//!    "Zellorganellen-Quiz"), and an "X und Y" request gets one variant per
//!    topic.
//! 2. [`fuse`] merges the result lists of the variants that succeeded:
//!    weighted reciprocal-rank fusion (k = 60) for consensus, the
//!    [`relevance_score`] (title/keyword/description match on the topic
//!    phrase and terms — folded, by Snowball stem, with synonyms — a named
//!    subject, a weak material bonus, metadata quality) for relevance, a
//!    small bonus for appearing in several lists, a quality floor with a
//!    keep-everything fallback, and no deleted placeholders. A query word
//!    that occurs in none of the hits is scored as the parts of it the hits
//!    know (`compound`); an asked-for material type orders within the topic
//!    ([`TYPE_TIER`]); two topics alternate on the page.
//! 3. If every variant returned nothing, [`rescue_variants`] gives one more
//!    wave of relaxed queries: the typo-corrected query (from a
//!    [`Dictionary`] of vocabulary labels, synonym keys and collection
//!    titles), the topic alone and single terms — with compounds split
//!    against that dictionary ([`split_compounds`]).
//! 4. If the page is still short of `maxResults`, the same-subject fill
//!    ([`fill_subject`], [`fill_variants`], [`rank_fill`]) appends material
//!    of the search's clear subject after every hit.
//!
//! Other paths use the pieces directly: [`rerank`] orders an already fetched
//! list (collections, topic-page candidates, collection contents),
//! [`node_matches_text`] is the local text filter of the collection tree
//! walk, and [`sort_by_title`] gives German alphabetical order.
//!
//! # Why request-framing words are dropped
//!
//! ngsearch **ANDs every word** of `ngsearchword`. Users phrase requests
//! ("Ich suche ein Erklärvideo zur Photosynthese für Klasse 7"), and words
//! like "Erklärvideo", "Arbeitsblatt" or "Klasse" rarely occur in the
//! metadata, so one of them empties the result ("Erklärvideo Photosynthese":
//! 1 hit, "Photosynthese": 211). The `topic:` variant therefore searches the
//! query without them ([`topic_query`]); the full query still runs, so
//! nothing is lost when the framing word does match.

mod collate;
mod fill;
mod fuse;
mod score;
#[cfg(test)]
mod test_support;

pub use collate::{collation_key, sort_by_title};
pub use fill::{
    DISCIPLINE_PREFIX, MAX_RELATED_KEYWORDS, WEIGHT_FILL_RELATED, WEIGHT_FILL_SUBJECT, fill_subject, fill_variants,
    keep_topic_subjects, of_subject, rank_fill, related_keywords,
};
pub use fuse::{Fusion, RRF_K, Ranked, TYPE_TIER, VariantHits, fuse, fuse_all, min_score, rerank};
pub(crate) use score::lowercase_joined;
pub use score::{MATERIAL_BONUS, SUBJECT_BONUS, TextFilter, node_matches_text, relevance_score};
