//! Query understanding: what a user typed, read once — its words, the
//! request framing around its topic ("Ich suche Arbeitsblätter … für
//! Klasse 6"), the subjects and material types it names, its word forms
//! (Snowball stems, compounds and their truncated first parts), typo
//! rescue, and the variants that go upstream.
//!
//! Every search reads a query through this module (content search, related
//! material, collection search, the combined search, topic pages by
//! keyword); the ranking (`search::ranking`) compares what it understood
//! with what the repository answered.
//!
//! A search builds one [`Query`] from its argument; everything else here
//! works on it or derives from it: [`expand_query`] (the first wave's
//! variants), [`rescue_variants`] (the zero-result rescue), the corrected
//! and split forms ([`Dictionary`], [`split_compounds`]).
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

mod analysis;
mod compound;
mod derive;
mod expand;
mod forms;
mod lexicon;
mod model;
mod rescue;
mod spelling;
mod stem;
mod text;
mod topic;
mod typo;

pub use analysis::Query;
pub use compound::{Split, split_compounds, split_compounds_except};
pub use expand::{
    MAX_VARIANTS, NGSEARCHWORD, Variant, WEIGHT_FULL, WEIGHT_KEYWORDS, WEIGHT_NOSTOP, WEIGHT_SUBJECT, WEIGHT_SYNONYM,
    WEIGHT_TITLE, WEIGHT_TOPIC, expand_query,
};
pub use forms::{MAX_KEYWORD_SEARCHES, keyword_searches, other_forms};
pub(crate) use forms::{is_name_adjective_of, takes_ien};
pub use lexicon::{is_framing_word, is_stopword, synonym_keys, synonyms_of};
pub use rescue::{
    MAX_RESCUE_VARIANTS, WEIGHT_CORRECTED, WEIGHT_RESCUE_TOPIC, WEIGHT_TERM, rescue_variants, topic_beside_heads,
};
pub use topic::{signal_terms, topic_query};
pub use typo::{Dictionary, KEYWORD_TYPO_LETTERS, edit_distance};

pub(crate) use derive::{cardinal, number_compound_of, ordinal, same_derivation, ung_noun_of};

pub(crate) use compound::{KnownTerms, Mode, may_split, split_query};
pub(crate) use lexicon::{QUESTION_ADVERBS, framing_words, is_grade_token};
pub(crate) use model::{Form, QueryModel, Words};
pub(crate) use stem::{german_stem, is_generic_head};
pub(crate) use text::{LONG_WORD, char_len, fold, is_year, term_matches, tokens};
