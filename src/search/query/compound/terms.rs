//! The words a compound may be split into: what is known, how strongly (a
//! topic word or only a vocabulary label), and how a part is looked up — by
//! folded word, by Snowball stem, or by stem prefix for a truncated first
//! part.
//!
//! Why a module of its own: the splitter (`split.rs`) asks one question per
//! candidate part ("is this a known word, and as what?"). The answer depends
//! on the stem rules (an inflection, not a derivation; how much a truncated
//! part may lack) and on where the terms come from (compiled in, a wave's
//! hits, the rescue's dictionary) — both change independently of the search
//! over split points.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use super::super::lexicon::{framing_words, synonym_table};
use super::super::stem::{MAX_TRUNCATION, MIN_TRUNCATED_STEM, german_stem};
use super::super::text::{char_len, fold, is_word_char, tokens};
use super::super::typo::Dictionary;
use crate::upstream::Node;
use crate::vocab::Vocabulary;

/// A known word: as the repository spells it (lower-case, not folded: what
/// a split sends upstream instead of the user's form) and whether it names
/// a topic (a collection title's or a hit's word, a subject, a synonym) or
/// is only a vocabulary label ("Lehrer", "Arbeitsblatt").
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Known {
    pub surface: String,
    pub topic: bool,
    /// Known only from editors' keywords, as a compound's first part.
    pub keyword: bool,
}

/// A set of known words, by folded word (ä = a, ß = ss, lower-case) and by
/// Snowball stem ([`german_stem`]); on top of the compiled-in terms unless
/// it is them.
#[derive(Debug, Clone, Default)]
pub(crate) struct KnownTerms {
    words: BTreeMap<String, Known>,
    stems: BTreeMap<String, Known>,
    /// Words known only as a compound's first part, by folded word (see
    /// [`with_dictionary`](Self::with_dictionary)).
    first_parts: BTreeMap<String, Known>,
    base: Option<&'static KnownTerms>,
}

impl KnownTerms {
    /// The compiled-in terms: labels and aliases of the discipline (topic
    /// words), learning-resource-type and educational-context vocabularies,
    /// the synonym map (topic words) and the request-framing words.
    pub(crate) fn compiled() -> &'static KnownTerms {
        static TERMS: OnceLock<KnownTerms> = OnceLock::new();
        TERMS.get_or_init(|| {
            let mut terms = KnownTerms::default();
            for vocabulary in [Vocabulary::Discipline, Vocabulary::Lrt, Vocabulary::EducationalContext] {
                let topic = vocabulary == Vocabulary::Discipline;
                for entry in vocabulary.entries() {
                    terms.add(&entry.label, topic);
                    entry.aliases.iter().for_each(|a| terms.add(a, topic));
                }
            }
            for (key, expansions) in synonym_table() {
                terms.add(key, true);
                expansions.iter().for_each(|e| terms.add(e, true));
            }
            framing_words().for_each(|w| terms.add(w, false));
            terms
        })
    }

    /// The compiled-in terms plus the words of the nodes' titles and keywords.
    pub(crate) fn with_nodes<'n>(nodes: impl IntoIterator<Item = &'n Node>) -> KnownTerms {
        let mut terms = KnownTerms::on_compiled();
        for node in nodes {
            terms.add_text(node.display_title());
            node.keywords().iter().for_each(|k| terms.add_text(k));
        }
        terms
    }

    /// The compiled-in terms plus the typo dictionary's words; topic words
    /// are those of its topic phrases (collection titles).
    pub(crate) fn with_dictionary(dictionary: &Dictionary) -> KnownTerms {
        let mut terms = KnownTerms::on_compiled();
        for word in dictionary.words() {
            terms.add(word, dictionary.is_topic_word(word));
        }
        // A word only keywords hold names a compound's topic ("Fluss|krebs",
        // "Chor|singen"): the titles do not use every word the tree's topics
        // are made of. Only as a first part: a compound is a kind of its
        // last part, and that must be a word of the titles.
        for word in dictionary
            .keyword_words()
            .filter(|w| w.chars().all(char::is_alphabetic))
        {
            let known = Known {
                surface: word.to_string(),
                topic: true,
                keyword: true,
            };
            terms.first_parts.entry(fold(word)).or_insert(known);
        }
        terms
    }

    fn on_compiled() -> KnownTerms {
        KnownTerms {
            base: Some(KnownTerms::compiled()),
            ..KnownTerms::default()
        }
    }

    /// Add every word of a text (as topic words); a hyphenated word both
    /// whole ("calvin-zyklus", which must stay one word) and as its parts.
    pub(crate) fn add_text(&mut self, text: &str) {
        for token in tokens(text).filter(|t| t.contains('-')) {
            self.add(token, true);
        }
        for word in text.split(|c: char| !is_word_char(c)).filter(|w| char_len(w) >= 2) {
            self.add(word, true);
        }
    }

    /// Add one word (or phrase: each of its words). A word seen as a topic
    /// word once stays one.
    pub(super) fn add(&mut self, text: &str, topic: bool) {
        let words: Vec<&str> = if text.contains(char::is_whitespace) {
            text.split(|c: char| !is_word_char(c) && c != '-')
                .filter(|w| char_len(w) >= 2)
                .collect()
        } else {
            vec![text]
        };
        for word in words {
            let known = Known {
                surface: word.to_lowercase(),
                topic,
                keyword: false,
            };
            for (map, key) in [(&mut self.words, fold(word)), (&mut self.stems, german_stem(word))] {
                match map.get_mut(&key) {
                    // Two words on one key (a spelling variant, a label of
                    // another language: "construction" / "Konstruktion"):
                    // the topic word's spelling is the one sent upstream.
                    Some(have) if topic && !have.topic => *have = known.clone(),
                    Some(_) => {}
                    None => {
                        map.insert(key, known.clone());
                    }
                }
            }
        }
    }

    fn word(&self, folded: &str) -> Option<&Known> {
        self.words
            .get(folded)
            .or_else(|| self.base.and_then(|b| b.words.get(folded)))
    }

    fn stem(&self, stem: &str) -> Option<&Known> {
        self.stems
            .get(stem)
            .or_else(|| self.base.and_then(|b| b.stems.get(stem)))
    }

    /// A known stem that `stem` is a prefix of, at most [`MAX_TRUNCATION`]
    /// letters short (the first known one in stem order).
    fn stem_extending(&self, stem: &str) -> Option<&Known> {
        extending(&self.stems, stem).or_else(|| self.base.and_then(|b| extending(&b.stems, stem)))
    }

    /// The folded word is known: as a word, or by its stem.
    pub(crate) fn knows(&self, folded: &str) -> bool {
        self.lookup(folded, true).is_some()
    }

    /// What a part of a compound is known as: a known word, a word with
    /// its stem, or — for a part before the end — a word whose stem it
    /// starts ("truncated": it must be followed by a known part).
    pub(super) fn lookup(&self, folded: &str, last: bool) -> Option<&Known> {
        self.lookup_truncated(folded, last).map(|(known, _)| known)
    }

    pub(super) fn lookup_truncated(&self, folded: &str, last: bool) -> Option<(&Known, bool)> {
        // A word known only as a label may be a topic word by its stem
        // ("Konstruktion" beside the label "construction" and the title
        // word "Konstruktionen"): a topic match first.
        let by_word = self.word(folded);
        if let Some(known) = by_word.filter(|k| k.topic) {
            return Some((known, false));
        }
        let found = self.lookup_by_stem(folded, last);
        if found.is_some_and(|(k, _)| k.topic) {
            return found;
        }
        if by_word.is_none() {
            return found.or_else(|| self.first_part(folded, last).map(|known| (known, false)));
        }
        by_word.map(|known| (known, false))
    }

    /// A word known only as a compound's first part, as written: a
    /// keyword's stem is too short a key ("Orch|ideen" is no "Orchester").
    fn first_part(&self, folded: &str, last: bool) -> Option<&Known> {
        self.first_parts.get(folded).filter(|_| !last)
    }

    fn lookup_by_stem(&self, folded: &str, last: bool) -> Option<(&Known, bool)> {
        let stem = german_stem(folded);
        if let Some(known) = self
            .stem(&stem)
            .filter(|k| inflected(folded, &stem) && inflected(&k.surface, &stem))
        {
            // A part before the end may lack a known word's ending
            // ("Gedicht|analyse" for "Gedichte") but not carry one of its
            // own ("Verdauungs|organe" is "Verdauung", linking -s-, "organe").
            if last || char_len(folded) <= char_len(&fold(&known.surface)) {
                return Some((known, false));
            }
        }
        // A verb's stem as a first part: "Sortier|algorithmen" for
        // "Sortieren", "Lese|kompetenz" for "Lesen".
        if !last
            && let Some(known) = ["en", "n"]
                .iter()
                .find_map(|ending| self.word(&format!("{folded}{ending}")).filter(|k| k.topic))
        {
            return Some((known, false));
        }
        // A truncated first part: "Bruchrechen|aufgaben" for "Bruchrechnung".
        // The part is its own stem with an inflection at most: a stem
        // Snowball cut a derivation from ("person" of "Persönlichkeits")
        // starts other words ("Personal").
        if !last && char_len(&stem) >= MIN_TRUNCATED_STEM && inflected(folded, &stem) {
            return self
                .stem_extending(&stem)
                .filter(|k| inflected(&k.surface, &german_stem(&k.surface)))
                .map(|known| (known, true));
        }
        None
    }
}

/// At most this many letters of a word beyond its stem: an inflection
/// ("Satzglied|er"), not a derivation that happens to share the stem
/// ("Organ|ische" for "Organ|e"); "-ung" with its inflection is allowed
/// too ("Ableit|ungen", "Rechtschreib|ung").
const MAX_ENDING: usize = 3;

/// The word is its stem plus an inflection ending (see [`MAX_ENDING`]).
fn inflected(word: &str, stem: &str) -> bool {
    let folded = fold(word);
    let ending = folded.strip_prefix(stem).unwrap_or(&folded);
    char_len(ending) <= MAX_ENDING || (ending.starts_with("ung") && char_len(ending) <= MAX_ENDING + 2)
}

fn extending<'m>(stems: &'m BTreeMap<String, Known>, stem: &str) -> Option<&'m Known> {
    stems
        .range(stem.to_string()..)
        .take_while(|(k, _)| k.starts_with(stem))
        .find(|(k, _)| char_len(k) > char_len(stem) && char_len(k) - char_len(stem) <= MAX_TRUNCATION)
        .map(|(_, v)| v)
}
