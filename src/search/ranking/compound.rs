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

use std::collections::BTreeSet;
use std::sync::OnceLock;

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
/// Endings by which a query part and a known word may differ
/// ("Gedicht" ~ "Gedichte", "Stromkreisen" ~ "Stromkreise").
const ENDINGS: &[&str] = &["e", "n", "en", "s", "es", "er", "ern", "nen"];

/// How much is known, and so what may be split.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    /// Compiled-in terms only (planning the first wave): a word is split
    /// only to separate a framing part; every part is kept.
    Framing,
    /// Repository terms are known (rerank, rescue plan): any word that is
    /// not known is split; the unknown part is dropped.
    Repository,
}

/// A set of known words, folded (ä = a, ß = ss), lower-case; on top of the
/// compiled-in terms unless it is them.
#[derive(Debug, Clone, Default)]
pub(crate) struct KnownTerms {
    words: BTreeSet<String>,
    base: Option<&'static KnownTerms>,
}

impl KnownTerms {
    /// The compiled-in terms: labels and aliases of the discipline,
    /// learning-resource-type and educational-context vocabularies, the
    /// synonym map and the request-framing words.
    pub(crate) fn compiled() -> &'static KnownTerms {
        static TERMS: OnceLock<KnownTerms> = OnceLock::new();
        TERMS.get_or_init(|| {
            let mut terms = KnownTerms::default();
            for vocabulary in [Vocabulary::Discipline, Vocabulary::Lrt, Vocabulary::EducationalContext] {
                for entry in vocabulary.entries() {
                    terms.add_text(&entry.label);
                    entry.aliases.iter().for_each(|a| terms.add_text(a));
                }
            }
            for (key, expansions) in synonym_table() {
                terms.add_text(key);
                expansions.iter().for_each(|e| terms.add_text(e));
            }
            super::text::framing_words().for_each(|w| terms.add_text(w));
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

    /// The compiled-in terms plus the given words (the typo dictionary's).
    pub(crate) fn with_words<'w>(words: impl IntoIterator<Item = &'w str>) -> KnownTerms {
        let mut terms = KnownTerms::on_compiled();
        words.into_iter().for_each(|w| terms.add_text(w));
        terms
    }

    fn on_compiled() -> KnownTerms {
        KnownTerms {
            words: BTreeSet::new(),
            base: Some(KnownTerms::compiled()),
        }
    }

    /// Add every word of a text; a hyphenated word both whole
    /// ("calvin-zyklus", which must stay one word) and as its parts.
    pub(crate) fn add_text(&mut self, text: &str) {
        for token in tokens(text).filter(|t| t.contains('-')) {
            self.words.insert(fold(token));
        }
        for word in text.split(|c: char| !is_word_char(c)).filter(|w| char_len(w) >= 2) {
            self.words.insert(fold(word));
        }
    }

    fn contains(&self, folded: &str) -> bool {
        self.words.contains(folded) || self.base.is_some_and(|b| b.words.contains(folded))
    }

    /// The folded word is known, or differs from a known word by one
    /// inflection ending.
    pub(crate) fn knows(&self, folded: &str) -> bool {
        self.knows_part(folded, true)
    }

    /// [`knows`](Self::knows) for a part of a compound: a part before the
    /// end may lack a known word's ending ("Gedicht|analyse" for "Gedichte")
    /// but not carry one of its own ("Verdauungs|organe" is "Verdauung",
    /// linking -s-, "organe").
    fn knows_part(&self, folded: &str, last: bool) -> bool {
        if self.contains(folded) {
            return true;
        }
        ENDINGS.iter().any(|ending| {
            self.contains(&format!("{folded}{ending}"))
                || (last
                    && folded
                        .strip_suffix(ending)
                        .is_some_and(|base| char_len(base) >= MIN_KNOWN_PART && self.contains(base)))
        })
    }
}

/// One part of a split word, as the user wrote it (lower-cased).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Part {
    pub text: String,
    pub known: bool,
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
        let is_known = known.knows(&fold(piece)) || is_framing_word(piece) || is_stopword(piece);
        match (is_known, segment(piece, known, mode)) {
            (true, _) | (false, None) => parts.push(Part {
                text: piece.to_string(),
                known: is_known,
            }),
            (false, Some(inner)) => parts.extend(inner),
        }
    }
    let unknown = parts.iter().filter(|p| !p.known).count();
    let acceptable = parts.len() >= 2
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
        let is_known = len >= MIN_KNOWN_PART && part_known(&text, end == chars.len(), known, mode);
        let as_unknown = !is_known && !used_unknown && len >= MIN_UNKNOWN_PART;
        if !is_known && !as_unknown {
            continue;
        }
        current.push(Part { text, known: is_known });
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

/// A known term or framing word; in [`Mode::Framing`] only with ≥ 5
/// letters ("Test|osteron" is no request for tests).
fn part_known(text: &str, last: bool, known: &KnownTerms, mode: Mode) -> bool {
    let is_known = known.knows_part(&fold(text), last) || is_framing_word(text);
    match mode {
        Mode::Framing => is_known && char_len(text) >= MIN_FRAMING_PART,
        Mode::Repository => is_known,
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
    let mut changed = false;
    let mut out: Vec<String> = Vec::new();
    for token in tokens(query) {
        let candidate = may_split(token) && !skip(token);
        match candidate.then(|| split_word(token, known, mode)).flatten() {
            Some(parts) => {
                changed = true;
                let kept: Vec<String> = parts
                    .into_iter()
                    .filter(|p| mode == Mode::Framing || p.known)
                    .map(|p| restore_case(token, &p.text))
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
            None => out.push(token.to_string()),
        }
    }
    changed.then(|| out.join(" "))
}

/// Whether a query token could be a compound topic word worth splitting:
/// long enough, and no stopword, framing word or grade number.
pub(crate) fn may_split(token: &str) -> bool {
    let lower = token.to_lowercase();
    char_len(&lower) > MIN_KNOWN_PART && !is_stopword(&lower) && !is_framing_word(&lower) && !is_grade_token(&lower)
}

/// The zero-result rescue's split: every query word that the typo
/// dictionary (vocabulary labels, synonym keys, collection titles) neither
/// holds nor can correct (hyphenated words are always split), split into the dictionary's words, the unknown
/// part dropped ("Gedichtanalyse Unterrichtsmaterial" with a collection
/// "Gedichte" → "Gedicht Unterrichtsmaterial"). `None` when nothing splits.
pub fn split_compounds(dictionary: &Dictionary, query: &str) -> Option<String> {
    let known = KnownTerms::with_words(dictionary.words());
    split_query(query, &known, Mode::Repository, |word| {
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
        assert_eq!(texts(&parts), [("gedicht", true), ("analyse", false)]);
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
            Some("Gedicht Unterrichtsmaterial")
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
        assert_eq!(
            split_compounds(&d, "Gedichtanalyse Unterrichtsmaterial").as_deref(),
            Some("Gedicht Unterrichtsmaterial")
        );
        assert_eq!(
            split_compounds(&d, "Herz-Kreislauf-System").as_deref(),
            Some("Herz und Kreislauf")
        );
        // "Bruch" + "rechnug" would be a split; the typo correction wins.
        assert_eq!(split_compounds(&d, "Bruchrechnug"), None);
        assert_eq!(split_compounds(&d, "Bruchrechnung"), None);
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
