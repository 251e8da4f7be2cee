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
//!   ("Gedichtanalyse" with a collection "Gedichte").
//!
//! A split keeps at most one unknown part (the rest of the compound, e.g.
//! "analyse"); searching and scoring use the known parts only, since the
//! unknown one is what made the search come back empty.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use super::stem::{MAX_TRUNCATION, MIN_TRUNCATED_STEM, german_stem, is_generic_head, is_head};
use super::text::{char_len, fold, is_framing_word, is_grade_token, is_stopword, is_word_char, synonym_table, tokens};
use super::typo::Dictionary;
use crate::upstream::Node;
use crate::vocab::Vocabulary;

/// A known part of a compound has at least this many letters (hyphen
/// parts, which the user split already, may be shorter: "DNA-Struktur").
const MIN_KNOWN_PART: usize = 4;
/// The one unknown part of a split has at least this many letters, so that
/// a fragment ("Funktio|niert") never counts as one.
const MIN_UNKNOWN_PART: usize = 6;
/// In the first wave (compiled-in terms only) a part inside a word needs at
/// least this many letters: "Test|osteron" is no request for tests.
const MIN_FRAMING_PART: usize = 5;
/// Longer tokens are not split (no sensible German word; bounds the work).
const MAX_SPLIT_CHARS: usize = 40;
/// Linking elements between two parts, tried in this order.
const LINKS: &[&str] = &["", "s", "es", "n", "en", "e"];

/// How much is known, and so what may be split.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    /// Compiled-in terms only (planning the first wave): a word is split
    /// only to separate a framing part; every part is kept.
    Framing,
    /// Repository terms are known (rerank, rescue plan): any word that is
    /// not known is split; the unknown part is dropped. A known part must
    /// be a topic term, a framing word or a compound head (a vocabulary
    /// word such as "Lehrer" does not make "Mengen|lehr|e|aufgaben" a split).
    Repository,
}

/// A known word: as the repository spells it (lower-case, not folded: what
/// a split sends upstream instead of the user's form) and whether it names
/// a topic (a collection title's or a hit's word, a subject, a synonym) or
/// is only a vocabulary label ("Lehrer", "Arbeitsblatt").
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Known {
    pub surface: String,
    pub topic: bool,
}

/// A set of known words, by folded word (ä = a, ß = ss, lower-case) and by
/// Snowball stem ([`german_stem`]); on top of the compiled-in terms unless
/// it is them.
#[derive(Debug, Clone, Default)]
pub(crate) struct KnownTerms {
    words: BTreeMap<String, Known>,
    stems: BTreeMap<String, Known>,
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
            super::text::framing_words().for_each(|w| terms.add(w, false));
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
    fn add(&mut self, text: &str, topic: bool) {
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
            };
            for (map, key) in [(&mut self.words, fold(word)), (&mut self.stems, german_stem(word))] {
                match map.get_mut(&key) {
                    Some(have) => have.topic |= topic,
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
    fn lookup(&self, folded: &str, last: bool) -> Option<&Known> {
        self.lookup_truncated(folded, last).map(|(known, _)| known)
    }

    fn lookup_truncated(&self, folded: &str, last: bool) -> Option<(&Known, bool)> {
        if let Some(known) = self.word(folded) {
            return Some((known, false));
        }
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
        // A truncated first part: "Bruchrechen|aufgaben" for "Bruchrechnung".
        if !last && char_len(&stem) >= MIN_TRUNCATED_STEM {
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

/// One part of a split word, as the user wrote it (lower-cased).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Part {
    pub text: String,
    pub known: bool,
    /// The known word it matched, as the repository spells it ("Satzglied"
    /// → "satzglieder"); `None` for an unknown part or a framing word.
    pub surface: Option<String>,
    /// A known part that can carry the topic: a topic term, not a framing
    /// word or a compound head.
    pub topic: bool,
    /// Known by a stem it starts (a truncated first part): only when a
    /// known part follows ("Bruchrechen|aufgaben", never "Funkti|oniert").
    pub truncated: bool,
}

impl Part {
    fn unknown(text: String) -> Part {
        Part {
            text,
            known: false,
            surface: None,
            topic: false,
            truncated: false,
        }
    }

    /// A generic head that is no framing word ("berechnung", "analyse"):
    /// known, but neither searched nor scored.
    fn dropped(&self) -> bool {
        is_generic_head(&self.text) && !is_framing_word(&self.text)
    }
}

/// The best split of one word, or `None` when it is known, too short, not
/// a word, or has no acceptable split. Hyphens are boundaries; each piece
/// that is not known itself is split further. Acceptable: at least two
/// parts, at most one unknown part (≥ 6 letters), known parts of ≥ 4
/// letters (hyphen pieces: any length), and in [`Mode::Framing`] at least
/// one framing part (≥ 5 letters unless it is a hyphen piece).
pub(crate) fn split_word(word: &str, known: &KnownTerms, mode: Mode) -> Option<Vec<Part>> {
    let lower = word.to_lowercase();
    let chars = char_len(&lower);
    if chars > MAX_SPLIT_CHARS || known.knows(&fold(&lower)) || is_framing_word(&lower) || is_stopword(&lower) {
        return None;
    }
    if !lower.chars().all(|c| c.is_alphabetic() || c == '-') || lower.starts_with('-') || lower.ends_with('-') {
        return None;
    }
    // The first wave's plan runs for every query: skip the search when no
    // framing part can be in the word.
    let framing_inside = || super::text::framing_words().any(|f| char_len(f) >= MIN_FRAMING_PART && lower.contains(f));
    if mode == Mode::Framing && !lower.contains('-') && !framing_inside() {
        return None;
    }
    let mut parts: Vec<Part> = Vec::new();
    for piece in lower.split('-').filter(|p| !p.is_empty()) {
        let whole = part_known(piece, true, known, mode, 0).or_else(|| {
            (is_stopword(piece) || (mode == Mode::Framing && known.knows(&fold(piece)))).then(|| Part {
                text: piece.to_string(),
                known: true,
                surface: None,
                topic: false,
                truncated: false,
            })
        });
        match (whole, segment(piece, known, mode)) {
            (Some(part), _) => parts.push(part),
            (None, None) => parts.push(Part::unknown(piece.to_string())),
            (None, Some(inner)) => parts.extend(inner),
        }
    }
    let unknown = parts.iter().filter(|p| !p.known).count();
    let truncation_ok = parts
        .iter()
        .enumerate()
        .all(|(i, p)| !p.truncated || parts.get(i + 1).is_some_and(|next| next.known));
    let acceptable = parts.len() >= 2
        && truncation_ok
        && unknown <= 1
        && parts.iter().all(|p| p.known || char_len(&p.text) >= MIN_UNKNOWN_PART)
        && (mode == Mode::Repository || parts.iter().any(|p| is_framing_word(&p.text)));
    acceptable.then_some(parts)
}

/// The cost of a segmentation, lowest best: letters not covered by a known
/// part (unknown part and linking elements), then the number of parts,
/// then the longest known part, longest first.
type Cost = (usize, usize, std::cmp::Reverse<usize>);

/// The best segmentation of a hyphen-free piece into known parts with at
/// most one unknown part (see [`Cost`]): "Vulkan|ausbruch" rather than
/// "Vulkanau|s|bruch", "Verdauung|s|organe" rather than "Verdauungs|organe".
fn segment(piece: &str, known: &KnownTerms, mode: Mode) -> Option<Vec<Part>> {
    let chars: Vec<char> = piece.chars().collect();
    let mut best: Option<(Cost, Vec<Part>)> = None;
    let mut current: Vec<Part> = Vec::new();
    search(&chars, 0, false, known, mode, &mut current, &mut best);
    best.map(|(_, parts)| parts).filter(|parts| parts.len() >= 2)
}

#[allow(clippy::too_many_arguments)]
fn search(
    chars: &[char],
    start: usize,
    used_unknown: bool,
    known: &KnownTerms,
    mode: Mode,
    current: &mut Vec<Part>,
    best: &mut Option<(Cost, Vec<Part>)>,
) {
    if start == chars.len() {
        let known_chars = |p: &Part| if p.known { char_len(&p.text) } else { 0 };
        let uncovered = chars.len() - current.iter().map(known_chars).sum::<usize>();
        let longest = current.iter().map(known_chars).max().unwrap_or(0);
        let cost = (uncovered, current.len(), std::cmp::Reverse(longest));
        if best.as_ref().is_none_or(|(b, _)| cost < *b) {
            *best = Some((cost, current.clone()));
        }
        return;
    }
    // Longest parts first: among equal costs the first found is kept.
    for end in (start + 1..=chars.len()).rev() {
        let text: String = chars[start..end].iter().collect();
        let len = end - start;
        let part = if len >= MIN_KNOWN_PART {
            part_known(&text, end == chars.len(), known, mode, MIN_FRAMING_PART)
        } else {
            None
        };
        let is_known = part.is_some();
        let as_unknown = !is_known && !used_unknown && len >= MIN_UNKNOWN_PART;
        if !is_known && !as_unknown {
            continue;
        }
        current.push(part.unwrap_or_else(|| Part::unknown(text)));
        if end == chars.len() {
            search(chars, end, used_unknown || as_unknown, known, mode, current, best);
        } else {
            for link in LINKS {
                let link_chars = char_len(link);
                if chars[end..].iter().take(link_chars).copied().eq(link.chars()) && end + link_chars < chars.len() {
                    search(
                        chars,
                        end + link_chars,
                        used_unknown || as_unknown,
                        known,
                        mode,
                        current,
                        best,
                    );
                }
            }
        }
        current.pop();
    }
}

/// The part as a known part of a split, or `None`. [`Mode::Framing`]: a
/// known term or framing word of at least `min_framing` letters ("Test|osteron"
/// is no request for tests). [`Mode::Repository`]: a topic term (by word or
/// stem, see [`KnownTerms::lookup`]), a framing word or a compound head.
fn part_known(text: &str, last: bool, known: &KnownTerms, mode: Mode, min_framing: usize) -> Option<Part> {
    let found = known.lookup_truncated(&fold(text), last);
    let framing = is_framing_word(text) || is_head(text);
    let part = |surface: Option<String>, topic: bool, truncated: bool| Part {
        text: text.to_string(),
        known: true,
        surface,
        topic,
        truncated,
    };
    match mode {
        Mode::Framing => ((found.is_some_and(|(_, truncated)| !truncated) || is_framing_word(text))
            && char_len(text) >= min_framing)
            .then(|| part(None, false, false)),
        Mode::Repository if framing => Some(part(None, false, false)),
        Mode::Repository => found
            .filter(|(k, _)| k.topic)
            .map(|(k, truncated)| part(Some(k.surface.clone()), true, truncated)),
    }
}

/// The query with its compound words replaced by their parts, or `None`
/// when nothing was split. [`Mode::Framing`] keeps every part;
/// [`Mode::Repository`] keeps the known parts only, and joins the two
/// known parts of a hyphenated word with "und". Only words that could
/// be topic words are tried (no stopwords, framing words or grade numbers),
/// and `skip` vetoes more (a word the typo correction fixes, a word that
/// matches the hits).
pub(crate) fn split_query(query: &str, known: &KnownTerms, mode: Mode, skip: impl Fn(&str) -> bool) -> Option<String> {
    split_parts(query, known, mode, skip).map(|split| split.query)
}

/// A query with its compounds split (see [`split_query`]).
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
    /// The topic parts of the split words, as the repository spells them.
    pub topics: Vec<String>,
}

fn split_parts(query: &str, known: &KnownTerms, mode: Mode, skip: impl Fn(&str) -> bool) -> Option<Split> {
    let mut changed = false;
    let mut topic = false;
    let mut unrecognised = Vec::new();
    let mut topics = Vec::new();
    let mut out: Vec<String> = Vec::new();
    for token in tokens(query) {
        let candidate = may_split(token) && !skip(token);
        match candidate.then(|| split_word(token, known, mode)).flatten() {
            Some(parts) => {
                changed = true;
                topic |= parts.iter().any(|p| p.topic);
                topics.extend(parts.iter().filter(|p| p.topic).filter_map(|p| p.surface.clone()));
                unrecognised.extend(parts.iter().filter(|p| !p.known).map(|p| restore_case(token, &p.text)));
                // The repository's spelling of a topic part ("Satzglied" →
                // "Satzglieder"): ngsearch matches words as written.
                let kept: Vec<String> = parts
                    .into_iter()
                    .filter(|p| mode == Mode::Framing || (p.known && !p.dropped()))
                    .map(|p| restore_case(token, p.surface.as_deref().unwrap_or(&p.text)))
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
        topics,
    })
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
    let known = KnownTerms::with_dictionary(dictionary);
    split_parts(query, &known, Mode::Repository, |word| {
        !word.contains('-') && dictionary.suggest(word).is_some()
    })
}

/// A part in the capitalisation style of its word: capitalised when the
/// word was ("Gedichtanalyse" → "Gedicht"), lower-case otherwise.
fn restore_case(word: &str, part: &str) -> String {
    if word.chars().next().is_some_and(char::is_uppercase) {
        let mut chars = part.chars();
        chars
            .next()
            .map(|c| c.to_uppercase().chain(chars).collect())
            .unwrap_or_default()
    } else {
        part.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn known(words: &[&str]) -> KnownTerms {
        let mut k = KnownTerms::default();
        words.iter().for_each(|w| k.add_text(w));
        k
    }

    fn texts(parts: &[Part]) -> Vec<(&str, bool)> {
        parts.iter().map(|p| (p.text.as_str(), p.known)).collect()
    }

    #[test]
    fn known_words_are_never_split() {
        let k = known(&["Gedichte", "Photosynthese", "Klimawandel", "Klima", "Calvin-Zyklus"]);
        for word in ["Photosynthese", "Gedichte", "Gedicht", "Klimawandel", "Calvin-Zyklus"] {
            assert_eq!(split_word(word, &k, Mode::Repository), None, "{word}");
        }
    }

    #[test]
    fn longest_known_part_first_and_one_unknown_part() {
        let k = known(&["Gedichte", "Energie", "Mechanik"]);
        let parts = split_word("Gedichtanalyse", &k, Mode::Repository).unwrap();
        // "analyse" is a generic head: known, never the topic.
        assert_eq!(texts(&parts), [("gedicht", true), ("analyse", true)]);
        assert!(parts[0].topic && !parts[1].topic);
        let parts = split_word("Energieerhaltung", &k, Mode::Repository).unwrap();
        assert_eq!(texts(&parts), [("energie", true), ("erhaltung", false)]);
        // Longest first: "Zellbiologie" over "Zell" + "biologie".
        let k = known(&["Zellbiologie", "Zelle", "Biologie", "Quiz"]);
        let parts = split_word("Zellbiologiequiz", &k, Mode::Repository).unwrap();
        assert_eq!(texts(&parts), [("zellbiologie", true), ("quiz", true)]);
    }

    #[test]
    fn known_parts_cover_the_most() {
        // "vulkanau|s|bruch" leaves as many letters unknown as
        // "vulkan|ausbruch" but covers fewer with known parts.
        let k = known(&["Vulkane und Erdbeben", "Brüche kürzen"]);
        let parts = split_word("Vulkanausbruch", &k, Mode::Repository).unwrap();
        assert_eq!(texts(&parts), [("vulkan", true), ("ausbruch", false)]);
    }

    #[test]
    fn linking_elements() {
        let k = known(&[
            "Verdauung",
            "Organe",
            "Bruchrechnung",
            "Aufgaben",
            "Herz",
            "Nerven",
            "Zellen",
            "Kerne",
        ]);
        for (word, parts) in [
            ("Verdauungsorgane", vec![("verdauung", true), ("organe", true)]),
            (
                "Bruchrechnungsaufgaben",
                vec![("bruchrechnung", true), ("aufgaben", true)],
            ),
            ("Nervenzellen", vec![("nerven", true), ("zellen", true)]),
            ("Zellenkerne", vec![("zellen", true), ("kerne", true)]),
        ] {
            let got = split_word(word, &k, Mode::Repository).unwrap_or_else(|| panic!("{word}"));
            assert_eq!(texts(&got), parts, "{word}");
        }
        // -e- and -en- between parts.
        let k = known(&["Hund", "Hütte", "Frau", "Bewegung"]);
        assert_eq!(
            texts(&split_word("Hundehütte", &k, Mode::Repository).unwrap()),
            [("hund", true), ("hütte", true)]
        );
        assert_eq!(
            texts(&split_word("Frauenbewegung", &k, Mode::Repository).unwrap()),
            [("frau", true), ("bewegung", true)]
        );
    }

    #[test]
    fn hyphens_are_boundaries() {
        let k = known(&["Herz und Kreislauf", "Säuren und Basen", "Reaktionen"]);
        let parts = split_word("Herz-Kreislauf-System", &k, Mode::Repository).unwrap();
        assert_eq!(texts(&parts), [("herz", true), ("kreislauf", true), ("system", false)]);
        let parts = split_word("Säure-Base-Reaktionen", &k, Mode::Repository).unwrap();
        assert_eq!(texts(&parts), [("säure", true), ("base", true), ("reaktionen", true)]);
    }

    #[test]
    fn no_split_into_fragments_or_two_unknowns() {
        let k = known(&["Funktion", "Bild", "Test"]);
        // "iert" is too short for an unknown part.
        assert_eq!(split_word("funktioniert", &k, Mode::Repository), None);
        // Two unknown parts around a known one.
        assert_eq!(split_word("Weiterbildungsangebot", &k, Mode::Repository), None);
        // Nothing known at all.
        assert_eq!(split_word("Xylophonkonzert", &k, Mode::Repository), None);
    }

    #[test]
    fn framing_mode_only_splits_off_framing_parts() {
        let k = KnownTerms::compiled();
        let parts = split_word("Musikunterricht", k, Mode::Framing).unwrap();
        assert_eq!(texts(&parts), [("musik", true), ("unterricht", true)]);
        let parts = split_word("Zellorganellen-Quiz", k, Mode::Framing).unwrap();
        assert_eq!(texts(&parts), [("zellorganellen", false), ("quiz", true)]);
        // Short framing words inside a word are not split off.
        assert_eq!(split_word("Testosteron", k, Mode::Framing), None);
        // No framing part: left alone until repository terms are known.
        assert_eq!(split_word("Herz-Kreislauf-System", k, Mode::Framing), None);
        assert_eq!(split_word("Kunstgeschichte", k, Mode::Framing), None);
    }

    #[test]
    fn split_query_keeps_known_parts_and_the_case() {
        let k = known(&["Gedichte", "Herz und Kreislauf"]);
        assert_eq!(
            split_query("Gedichtanalyse Unterrichtsmaterial", &k, Mode::Repository, |_| false).as_deref(),
            Some("Gedichte Unterrichtsmaterial")
        );
        assert_eq!(
            split_query(
                "Interaktive Übung zum Herz-Kreislauf-System",
                &k,
                Mode::Repository,
                |_| false
            )
            .as_deref(),
            Some("Interaktive Übung zum Herz und Kreislauf")
        );
        assert_eq!(split_query("Gedichte Klasse 5", &k, Mode::Repository, |_| false), None);
        assert_eq!(
            split_query("Gedichtanalyse", &k, Mode::Repository, |w| w == "Gedichtanalyse"),
            None,
            "vetoed"
        );
        assert_eq!(
            split_query(
                "Notenwerte und Takt im Musikunterricht",
                KnownTerms::compiled(),
                Mode::Framing,
                |_| false
            )
            .as_deref(),
            Some("Notenwerte und Takt im Musik Unterricht")
        );
    }

    #[test]
    fn the_rescue_splits_what_the_dictionary_cannot_correct() {
        let d = Dictionary::new(["Gedichte", "Bruchrechnung", "Brüche kürzen", "Herz und Kreislauf"]);
        let query = |q: &str| split_compounds(&d, q).map(|s| s.query);
        assert_eq!(
            query("Gedichtanalyse Unterrichtsmaterial").as_deref(),
            Some("Gedichte Unterrichtsmaterial")
        );
        assert_eq!(query("Herz-Kreislauf-System").as_deref(), Some("Herz und Kreislauf"));
        // "Bruch" + "rechnug" would be a split; the typo correction wins.
        assert_eq!(split_compounds(&d, "Bruchrechnug"), None);
        assert_eq!(split_compounds(&d, "Bruchrechnung"), None);
    }

    /// The stand-in's topic words the issue #24 examples need, and a label.
    fn dictionary() -> Dictionary {
        Dictionary::with_labels(
            ["Lehrer/in", "Lernende"],
            [
                "Satzglieder",
                "Vierecke",
                "Wahrscheinlichkeit",
                "Bedingte Wahrscheinlichkeit",
                "Bruchrechnung",
                "Kopfrechnen",
                "Elektrizitätslehre",
                "Kräfte",
            ],
        )
    }

    #[test]
    fn inflected_parts_match_by_stem_and_the_repository_spelling_is_sent() {
        let d = dictionary();
        for (query, split) in [
            ("Satzgliedbestimmung", "Satzglieder"),
            ("Vierecksberechnung", "Vierecke"),
            ("Wahrscheinlichkeitsrechnung", "Wahrscheinlichkeit"),
            ("Kraftmessung", "Kräfte"),
        ] {
            let got = split_compounds(&d, query).unwrap_or_else(|| panic!("{query}"));
            assert_eq!(got.query, split, "{query}");
            assert!(got.topic, "{query}");
        }
    }

    #[test]
    fn truncated_first_parts_match_by_stem_prefix() {
        let d = dictionary();
        let got = split_compounds(&d, "Bruchrechenaufgaben").unwrap();
        assert_eq!(got.query, "Bruchrechnung Aufgaben");
        assert_eq!(split_compounds(&d, "Kopfrechentraining").unwrap().query, "Kopfrechnen");
        // Only a part before the end, and only a few letters short.
        let k = KnownTerms::with_dictionary(&d);
        assert!(!k.knows("bruchrech"));
        assert!(k.lookup("bruchrech", false).is_some());
        assert!(k.lookup("bruch", false).is_none());
    }

    #[test]
    fn a_shared_stem_of_a_derivation_is_no_match() {
        // "organe" and "organische" share the stem "organ".
        let d = Dictionary::new(["Verdauung", "Organische Chemie", "Ableitungen", "Mendelsche Regeln"]);
        assert_eq!(split_compounds(&d, "Verdauungsorgane").unwrap().query, "Verdauung");
        // "-ungen" is an inflection of "-ung": "Ableitungs|regeln" is about Ableitungen.
        assert_eq!(
            split_compounds(&d, "Ableitungsregeln").unwrap().query,
            "Ableitungen Regeln"
        );
    }

    #[test]
    fn a_generic_head_alone_is_no_topic() {
        let d = dictionary();
        // "Lehrer" is a vocabulary label only: no "Mengen|lehr|e|aufgaben".
        let got = split_compounds(&d, "Mengenlehreaufgaben").unwrap();
        assert!(!got.topic);
        assert_eq!(got.unrecognised, ["Mengenlehre"]);
        let got = split_compounds(&d, "Tennisübungen").unwrap();
        assert!(!got.topic);
        assert_eq!(got.unrecognised, ["Tennis"]);
        // Another word of the query can carry the topic.
        assert!(split_compounds(&d, "Tennisübungen Kräfte").unwrap().topic);
        assert!(!split_compounds(&d, "Tennisübungen für Klasse 5").unwrap().topic);
    }

    #[test]
    fn inflected_forms_are_known() {
        let k = known(&["Stromkreise", "Gedichte", "Basen"]);
        for word in ["stromkreisen", "stromkreise", "gedicht", "base", "basen"] {
            assert!(k.knows(word), "{word}");
        }
        assert!(!k.knows("strom"));
    }
}
