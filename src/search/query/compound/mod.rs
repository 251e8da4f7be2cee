//! German compound splitting against the terms the repository uses.
//!
//! Why: German builds compounds freely ("Gedicht|analyse", "Energie|erhaltung",
//! "Verdauung|s|organe", "Herz-Kreislauf-System"), and a repository holds
//! only some of them as words. ngsearch ANDs every query word, so one
//! compound the data lacks empties the search, and the quality score finds
//! none of its parts. A query word that matches nothing is therefore tried
//! as its parts: a dictionary split against known terms, longest known parts
//! first, with the linking elements -s-/-es-/-n-/-en-/-e- between parts and
//! hyphens as given boundaries.
//!
//! Known terms come from what is at hand without an extra request, in three
//! strengths (see [`Mode`]):
//! * the compiled-in vocabulary labels and aliases, synonym keys and framing
//!   words — for planning the first wave, where only a framing part is split
//!   off ("Musik|unterricht", "Zellorganellen-Quiz");
//! * the titles and keywords of the hits of a wave — for the rerank
//!   ("Energieerhaltung" among hits keyworded "Energie");
//! * the typo dictionary of the zero-result rescue (collection titles, which
//!   that wave reads anyway) — for planning the rescue wave
//!   ("Gedichtanalyse" with a collection "Gedichte"); the words only its
//!   keywords hold, as a first part beside title words ("Chor|singen").
//!
//! A split keeps at most one unknown part (the rest of the compound, e.g.
//! "analyse"); searching and scoring use the known parts only, since the
//! unknown one is what made the search come back empty.
//!
//! The code is in three parts: `terms.rs` holds what is known and looks a
//! part up (by word, by Snowball stem, by stem prefix), `split.rs` splits
//! one word into such parts, and this file decides which words of a query
//! are tried and what a split sends upstream (the repository's spelling of
//! a topic part, never a stem) — and whether any part can carry the topic
//! (the topic guard).

mod split;
mod terms;
#[cfg(test)]
mod tests;

pub(crate) use split::{Mode, split_word};
pub(crate) use terms::KnownTerms;

use super::lexicon::{is_framing_word, is_grade_token, is_stopword};
use super::spelling::with_case_of;
use super::stem::is_head;
use super::text::{LONG_WORD, char_len, fold, tokens};
use super::typo::Dictionary;
use split::MIN_KNOWN_PART;

/// The query with its compound words replaced by their parts, or `None`
/// when nothing was split. [`Mode::Framing`] keeps every part;
/// [`Mode::Repository`] keeps the known parts only, and joins the two
/// known parts of a hyphenated word with "und". Only words that could
/// be topic words are tried (no stopwords, framing words or grade numbers),
/// and `skip` vetoes more (a word the typo correction fixes, a word that
/// matches the hits).
pub(crate) fn split_query(query: &str, known: &KnownTerms, mode: Mode, skip: impl Fn(&str) -> bool) -> Option<String> {
    split_parts(query, known, mode, skip, |_| false).map(|split| split.query)
}

/// A query with its compounds split (see `split_query`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Split {
    /// The query with each split word replaced by its kept parts.
    pub query: String,
    /// Whether a word of it can carry the topic: a topic part of a split
    /// word, or a word that was not split and is no stopword, framing word,
    /// grade number or compound head.
    pub topic: bool,
    /// The unknown parts of the split words, as the user wrote them.
    pub unrecognised: Vec<String>,
    /// Every split word with an unknown part has a specific known topic
    /// part before it: a long word (`LONG_WORD` letters:
    /// "Trinkwasser|aufbereitung") or a whole hyphen piece ("SQL-Abfragen"),
    /// which the compound is about. A short one is mostly the start of a
    /// word on another topic ("Vogel|grippe", "Seifen|blasen").
    pub specific: bool,
    /// The topic parts of the split words, as the repository spells them.
    pub topics: Vec<String>,
    /// A split word's only known topic part is its last part while a part
    /// before it is unknown ("Mengen|lehre" with "Mengen" unknown): a
    /// compound's first parts name its topic, so what was recognised is
    /// only the general word.
    pub head_only: bool,
    /// The topic parts after the first one of a split word, as sent
    /// ("Verdauung|s|organe" → "Organe"): a compound's first part names
    /// its topic, the later ones the general word it is a kind of. When
    /// the last part is a compound itself, the parts before it instead
    /// ("Welt|bevölkerungsentwicklung" → "Welt"): it names the topic.
    pub trailing: Vec<String>,
    /// The later topic parts of the split words whose first part only
    /// keywords know ("Fluss|krebs" → "Krebs"), as sent: such a part is
    /// the tree's word for the compound's topic only when a collection
    /// also names what it is a kind of ("Brief|freundschaften" is no
    /// page on letters).
    pub keyword_heads: Vec<String>,
}

/// [`split_query`]; a word `whole` holds is split only into known parts.
fn split_parts(
    query: &str,
    known: &KnownTerms,
    mode: Mode,
    skip: impl Fn(&str) -> bool,
    whole: impl Fn(&str) -> bool,
) -> Option<Split> {
    let mut changed = false;
    let mut topic = false;
    let mut unrecognised = Vec::new();
    let mut specific = true;
    let mut topics = Vec::new();
    let mut head_only = false;
    let mut trailing = Vec::new();
    let mut keyword_heads = Vec::new();
    let mut out: Vec<String> = Vec::new();
    for token in tokens(query) {
        let candidate = may_split(token) && !skip(token);
        let split = candidate
            .then(|| split_word(token, known, mode))
            .flatten()
            .filter(|parts| !whole(token) || parts.iter().all(|p| p.known && !p.keyword));
        match split {
            Some(parts) => {
                changed = true;
                topic |= parts.iter().any(|p| p.topic);
                let last_topic_only = parts.iter().filter(|p| p.topic).count() == 1
                    && parts.last().is_some_and(|p| p.topic)
                    && parts.iter().any(|p| !p.known);
                head_only |= last_topic_only;
                topics.extend(parts.iter().filter(|p| p.topic).filter_map(|p| p.surface.clone()));
                unrecognised.extend(parts.iter().filter(|p| !p.known).map(|p| with_case_of(token, &p.text)));
                if let Some(first_unknown) = parts.iter().position(|p| !p.known) {
                    let pieces: Vec<String> = token.split('-').map(fold).collect();
                    specific &= parts[..first_unknown]
                        .iter()
                        .any(|p| p.topic && (char_len(&p.text) >= LONG_WORD || pieces.contains(&fold(&p.text))));
                }
                if !token.contains('-') {
                    let topic_parts: Vec<&split::Part> =
                        parts.iter().filter(|p| p.topic && p.known && !p.dropped()).collect();
                    let typed = |p: &&split::Part| as_typed(token, p.surface.as_deref().unwrap_or(&p.text));
                    // A last part that is a compound itself names the
                    // topic on its own ("Welt|bevölkerungsentwicklung"):
                    // the parts before it only narrow it.
                    let last_names_it = topic_parts.len() >= 2
                        && parts.last().is_some_and(|p| p.topic && p.known && !p.dropped())
                        && topic_parts
                            .last()
                            .is_some_and(|p| split::is_compound_of_known(&p.text, known));
                    match last_names_it {
                        true => trailing.extend(topic_parts[..topic_parts.len() - 1].iter().map(typed)),
                        false => trailing.extend(topic_parts.iter().skip(1).map(typed)),
                    }
                    if topic_parts.first().is_some_and(|p| p.keyword) {
                        keyword_heads.extend(topic_parts.iter().skip(1).map(typed));
                    }
                }
                // The repository's spelling of a topic part ("Satzglied" →
                // "Satzglieder"): ngsearch matches words as written.
                let kept: Vec<String> = parts
                    .into_iter()
                    .filter(|p| mode == Mode::Framing || (p.known && !p.dropped()))
                    .map(|p| as_typed(token, p.surface.as_deref().unwrap_or(&p.text)))
                    .collect();
                // German titles spell a hyphenated pair with "und"
                // ("Herz-Kreislauf" → "Herz und Kreislauf"); the phrase
                // of the score then matches them.
                if mode == Mode::Repository && token.contains('-') && kept.len() == 2 {
                    out.push(format!("{} und {}", kept[0], kept[1]));
                } else {
                    out.extend(kept);
                }
            }
            None => {
                topic |= can_carry_topic(token);
                out.push(token.to_string());
            }
        }
    }
    changed.then(|| Split {
        query: out.join(" "),
        topic,
        unrecognised,
        specific,
        topics,
        head_only,
        trailing,
        keyword_heads,
    })
}

/// A part of `token` as the user typed it, when the token holds it with a
/// capital letter ("SQL" of "SQL-Abfragen", not "Sql"); else in the token's
/// capitalisation style ("Gedichte" of "Gedichtanalyse", "Aufgaben" of
/// "Bruchrechenaufgaben": a noun).
fn as_typed(token: &str, part: &str) -> String {
    let (lower, needle) = (token.to_lowercase(), part.to_lowercase());
    // Lower-casing keeps the byte offsets only when it keeps the length.
    let found = (lower.len() == token.len())
        .then(|| lower.find(&needle))
        .flatten()
        .and_then(|at| token.get(at..at + needle.len()))
        .filter(|typed| typed.chars().any(char::is_uppercase));
    match found {
        Some(typed) => typed.to_string(),
        None => with_case_of(token, part),
    }
}

/// A word that is no stopword, framing word, grade number or compound head.
fn can_carry_topic(token: &str) -> bool {
    let lower = token.to_lowercase();
    char_len(&lower) >= 2
        && !is_stopword(&lower)
        && !is_framing_word(&lower)
        && !is_grade_token(&lower)
        && !is_head(&lower)
}

/// Whether a query token could be a compound topic word worth splitting:
/// long enough, and no stopword, framing word or grade number.
pub(crate) fn may_split(token: &str) -> bool {
    let lower = token.to_lowercase();
    char_len(&lower) > MIN_KNOWN_PART && !is_stopword(&lower) && !is_framing_word(&lower) && !is_grade_token(&lower)
}

/// The zero-result rescue's split: every query word that the typo
/// dictionary (vocabulary labels, synonym keys, collection titles) neither
/// holds nor can correct (hyphenated words are always split), split into
/// the dictionary's words by stem, the unknown part dropped, each topic
/// part in the repository's spelling ("Gedichtanalyse Unterrichtsmaterial"
/// with a collection "Gedichte" → "Gedichte Unterrichtsmaterial",
/// "Bruchrechenaufgaben" → "Bruchrechnung Aufgaben"). `None` when nothing
/// splits. [`Split::topic`] false: only framing words and compound heads
/// were recognised (the topic guard).
pub fn split_compounds(dictionary: &Dictionary, query: &str) -> Option<Split> {
    split_compounds_except(dictionary, query, |_| false)
}

/// [`split_compounds`]; a word `held` holds (a word the repository
/// answered with) is split only into known parts: it is a real word, and a
/// fragment of it is none ("Orthographie" held as a keyword is no
/// "Orth|ographie").
pub fn split_compounds_except(dictionary: &Dictionary, query: &str, held: impl Fn(&str) -> bool) -> Option<Split> {
    let known = KnownTerms::with_dictionary(dictionary);
    split_parts(
        query,
        &known,
        Mode::Repository,
        |word| !word.contains('-') && !held(word) && dictionary.suggest(word).is_some(),
        &held,
    )
}
