//! Typo correction for the zero-result rescue: a small edit-distance
//! dictionary built from vocabulary labels, synonym keys and collection titles.

use std::borrow::Cow;
use std::cmp::Reverse;
use std::collections::{BTreeMap, BTreeSet};

use super::lexicon::{is_framing_word, is_stopword};
use super::spelling::with_case_of;
use super::stem::{GENERIC_HEADS, german_stem, is_generic_head};
use super::text::{char_len, fold, is_word_char};

/// Damerau–Levenshtein distance (optimal string alignment, in chars); the
/// leaf vocabulary module owns it, the suggestions there use it too.
pub use crate::vocab::edit_distance;

mod slips;
use slips::slips;

/// The shortest first part of a compound whose last part is corrected
/// ([`Dictionary::correction`]), and the shortest last part.
const MIN_FIRST_PART: usize = 4;
const MIN_LAST_PART: usize = 5;

/// A word of at most this many letters is not corrected for one letter
/// changed for another ([`Dictionary::suggest`]).
const MAX_CHANGED_LETTERS: usize = 7;

/// The inflection endings a word's other form may have more or fewer
/// ([`Dictionary::nearest_in_another_form`]), and the fewest letters of
/// the word without one.
const FORM_ENDINGS: &[&str] = &["en", "n", "e", "s", "es", "er", "ern"];
const MIN_FORM_BASE: usize = 6;

/// A word only keywords hold is taken for a typo of a title's word only
/// from this many letters on.
pub const KEYWORD_TYPO_LETTERS: usize = 9;

/// One dictionary word.
#[derive(Debug, Clone)]
struct Entry {
    chars: Vec<char>,
    /// The word folded ([`fold`]: one key for two spellings).
    folded: Vec<char>,
    word: String,
    /// How often the word occurs across all phrases.
    count: u32,
}

/// A lower-cased word index for typo correction. Build it once from phrases
/// (vocabulary labels and aliases, [`synonym_keys`](super::synonym_keys),
/// collection titles); words are split umlaut-aware (letters, digits, `_`).
///
/// [`correct`](Self::correct) replaces every significant query word that is
/// not in the dictionary with its nearest dictionary word:
/// * significant = at least 4 characters, letters only, neither a stopword nor
///   a request-framing word (those are handled by the `topic:` variant);
/// * a correction must be trustworthy, since an unknown real word is no
///   typo ("Elfchen" is no "Epochen"): words of 4–5 letters are corrected
///   only for two swapped neighbours ("Kilma" → "Klima"), words of 6–9
///   letters at distance 1, longer ones at distance ≤ 2 — about one letter
///   in five at most;
/// * the nearest word must be clearly the nearest: when words of two
///   stems are equally near, nothing is corrected ("Bauch": "Buch" or
///   "Bruch"?) unless all but one of them occur only once (a word written
///   once is mostly a typo itself); of several forms of one word, the most
///   frequent;
/// * words are compared folded (umlauts, ß and the spelling rules of
///   `spelling.rs`: "Fotosynthese" is "Photosynthese" at distance 0);
/// * candidates are dictionary words of ≥ 3 letters that are no stopwords
///   and start with the same (folded) letter: a typo rarely hits the first
///   letter, and a word that differs there is mostly another word
///   ("Vulkane" is no "Alkane");
/// * among the nearest forms of one stem: the more frequent word, then the
///   word seen first — deterministic for a given phrase order.
///
/// Meant for the zero-result rescue only: a real word that the dictionary
/// lacks ("Vulkane" with only "Vulkan" known) is "corrected" too.
#[derive(Debug, Clone, Default)]
pub struct Dictionary {
    /// Word → index into `entries` (first-seen order).
    index: BTreeMap<String, usize>,
    entries: Vec<Entry>,
    /// Words only of vocabulary labels (no topic phrase has them): the
    /// compound splitter does not take them for a topic ("Lehrer").
    labels_only: BTreeSet<String>,
    /// Every word folded.
    folded: BTreeSet<String>,
    /// Two neighbouring words of a phrase, folded and joined → the two
    /// words, lower-case ("streetart" → "street art").
    pairs: BTreeMap<String, String>,
    /// Words only editors' keywords hold ([`with_keywords`](Self::with_keywords)).
    keyword_only: BTreeSet<String>,
}

impl Dictionary {
    pub fn new<'a>(phrases: impl IntoIterator<Item = &'a str>) -> Self {
        let mut dict = Self::default();
        dict.add_phrases(phrases);
        dict
    }

    /// Add the words and neighbouring pairs of phrases; a word seen again
    /// counts once more.
    fn add_phrases<'a>(&mut self, phrases: impl IntoIterator<Item = &'a str>) {
        let dict = self;
        for phrase in phrases {
            let lower: Vec<String> = words(phrase).map(str::to_lowercase).collect();
            for pair in lower.windows(2) {
                if pair
                    .iter()
                    .all(|w| char_len(w) >= 2 && w.chars().all(char::is_alphabetic) && !is_stopword(w))
                {
                    dict.pairs
                        .entry(fold(&format!("{}{}", pair[0], pair[1])))
                        .or_insert_with(|| format!("{} {}", pair[0], pair[1]));
                }
            }
            for word in words(phrase) {
                let word = word.to_lowercase();
                match dict.index.get(&word) {
                    Some(&i) => dict.entries[i].count += 1,
                    None => {
                        dict.folded.insert(fold(&word));
                        dict.index.insert(word.clone(), dict.entries.len());
                        dict.entries.push(Entry {
                            chars: word.chars().collect(),
                            folded: fold(&word).chars().collect(),
                            word,
                            count: 1,
                        });
                    }
                }
            }
        }
    }

    /// The dictionary with the words of editors' keywords added, behind its
    /// own words, as typo targets and as real words only. Keywords name
    /// what titles leave out ("Erörterung", "Parallelogramm"), so a typo
    /// may be corrected to them, and a word they hold is no typo
    /// ("Völkerball" is no "Volleyball") and no compound to split
    /// ("Bauernkrieg"). But they are no topic parts: their everyday words
    /// would split every compound ("Seifen|blasen"); nor do they continue a
    /// word or write a pair apart. And they repeat users' typos
    /// ("Industrialiserung"): [`suggest`](Self::suggest) takes a title's
    /// word first, and corrects a word only keywords hold to a title's
    /// word one slip away. The dictionary's own words keep their counts.
    pub fn with_keywords<'a>(mut self, keywords: impl IntoIterator<Item = &'a str>) -> Self {
        let before = self.entries.len();
        let counts: Vec<u32> = self.entries.iter().map(|e| e.count).collect();
        let (pairs, folded) = (self.pairs.clone(), self.folded.clone());
        self.add_phrases(keywords);
        for (entry, count) in self.entries.iter_mut().zip(counts) {
            entry.count = count;
        }
        (self.pairs, self.folded) = (pairs, folded);
        self.keyword_only = self.entries[before..].iter().map(|e| e.word.clone()).collect();
        self
    }

    /// Whether only editors' keywords hold this word ([`with_keywords`](Self::with_keywords)).
    pub fn is_keyword_word(&self, word: &str) -> bool {
        self.keyword_only.contains(&word.trim().to_lowercase())
    }

    /// A dictionary of vocabulary labels and topic phrases (collection
    /// titles, synonym keys); a word of the labels only is no topic word
    /// ([`is_topic_word`](Self::is_topic_word)).
    pub fn with_labels<'a>(
        labels: impl IntoIterator<Item = &'a str>,
        topics: impl IntoIterator<Item = &'a str>,
    ) -> Self {
        let labels: Vec<&str> = labels.into_iter().collect();
        let topics: Vec<&str> = topics.into_iter().collect();
        let topic_words: BTreeSet<String> = topics.iter().flat_map(|p| words(p)).map(str::to_lowercase).collect();
        let mut dict = Self::new(labels.iter().chain(&topics).copied());
        dict.labels_only = labels
            .iter()
            .flat_map(|p| words(p))
            .map(str::to_lowercase)
            .filter(|w| !topic_words.contains(w))
            .collect();
        dict
    }

    /// Whether a dictionary word can name a topic (see [`with_labels`](Self::with_labels)).
    pub fn is_topic_word(&self, word: &str) -> bool {
        !self.labels_only.contains(&word.to_lowercase())
    }

    /// Number of distinct words.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Every word but those only keywords hold, lower-case, in first-seen
    /// order.
    pub fn words(&self) -> impl Iterator<Item = &str> {
        self.entries
            .iter()
            .map(|e| e.word.as_str())
            .filter(|w| !self.keyword_only.contains(*w))
    }

    /// The words only editors' keywords hold ([`with_keywords`](Self::with_keywords)).
    pub fn keyword_words(&self) -> impl Iterator<Item = &str> {
        self.keyword_only.iter().map(String::as_str)
    }

    /// Whether the dictionary holds this whole word (case-insensitive).
    pub fn contains(&self, word: &str) -> bool {
        self.index.contains_key(&word.trim().to_lowercase())
    }

    /// The nearest dictionary word (lower-case) for a word that is not in the
    /// dictionary, within the distance limit; `None` when the word is known,
    /// not significant, or nothing is close enough.
    ///
    /// A word of the keywords only ([`with_keywords`](Self::with_keywords))
    /// is corrected to a title's word one slip away only, and only when it
    /// is long (a short one is mostly another word); a word the
    /// dictionary lacks, to a title's word first, else to a keyword's one
    /// slip away (at two, "Allergien" would be "Algerien").
    pub fn suggest(&self, word: &str) -> Option<&str> {
        let lower = word.trim().to_lowercase();
        if !is_significant(&lower) || self.is_headed_compound(&lower) {
            return None;
        }
        let of_titles = |e: &Entry| !self.keyword_only.contains(&e.word);
        match self.index.contains_key(&lower) {
            // A keyword's typo is a slip in a long word; a short word one
            // letter from a title's is mostly another word ("Quallen",
            // "Quellen").
            true if self.keyword_only.contains(&lower) && char_len(&lower) >= KEYWORD_TYPO_LETTERS => {
                self.nearest(&lower, 1, of_titles)
            }
            // But the title's spelling of the same word ("Regime" /
            // "Régime"): a repository matching words as written needs it.
            true if self.keyword_only.contains(&lower) => self.nearest(&lower, 0, of_titles),
            true => None,
            false => self
                .nearest(&lower, usize::MAX, of_titles)
                .or_else(|| self.nearest(&lower, 1, |e| !of_titles(e)))
                .or_else(|| self.nearest_in_another_form(&lower, of_titles)),
        }
    }

    /// The title's word one slip from the word in another form, with an
    /// inflection ending more or fewer ([`FORM_ENDINGS`]): titles write
    /// most words in one number only, and a slip in the other is more
    /// than one from every word ("Wärungen" → "währung", "Breitengarde"
    /// → "breitengrad", "gleichnug" → "gleichungen"). `None` when that
    /// form is itself a word of the dictionary: then the word is only
    /// another form of it ("Wechselkurse"), no slip.
    fn nearest_in_another_form(&self, lower: &str, admit: impl Fn(&Entry) -> bool) -> Option<&str> {
        let shorter: Vec<&str> = FORM_ENDINGS
            .iter()
            .filter_map(|ending| lower.strip_suffix(ending))
            .filter(|base| char_len(base) >= MIN_FORM_BASE)
            .collect();
        let longer = FORM_ENDINGS.iter().map(|ending| format!("{lower}{ending}"));
        let forms: Vec<String> = shorter.iter().map(|base| base.to_string()).chain(longer).collect();
        if forms.iter().any(|form| self.folded.contains(&fold(form))) {
            return None;
        }
        // A word that goes on from the word without its ending has another
        // ending, no slip ("Melodi|e" is no "Melodi|k").
        let bases: Vec<Vec<char>> = shorter.iter().map(|base| fold(base).chars().collect()).collect();
        let another_ending = |entry: &Entry| bases.iter().any(|base| entry.folded.starts_with(base));
        let forms: Vec<&str> = forms.iter().map(String::as_str).collect();
        self.nearest_to_any(&forms, char_len(&fold(lower)), 1, |entry| {
            admit(entry) && !another_ending(entry)
        })
    }

    /// [`suggest`](Self::suggest), or for an unknown compound of a known
    /// first part and a misspelt last part, the compound with that part
    /// corrected ("Fitnesstrainig" → "fitnesstraining"): a typo hits one
    /// part of a long word, and the whole word is too far from any other.
    fn correction(&self, word: &str) -> Option<Cow<'_, str>> {
        if let Some(fix) = self.suggest(word) {
            return Some(Cow::Borrowed(fix));
        }
        let lower = word.trim().to_lowercase();
        if !is_significant(&lower) || self.index.contains_key(&lower) {
            return None;
        }
        let chars: Vec<char> = lower.chars().collect();
        let of_titles = |e: &Entry| !self.keyword_only.contains(&e.word);
        // The longest known first part whose rest is a slip of a title's word.
        for at in (MIN_FIRST_PART..chars.len().saturating_sub(MIN_LAST_PART - 1)).rev() {
            let first: String = chars[..at].iter().collect();
            if !self.index.contains_key(&first) || is_stopword(&first) {
                continue;
            }
            let rest: String = chars[at..].iter().collect();
            let lasts: Vec<(&str, &str)> = LINKS
                .iter()
                .filter_map(|link| rest.strip_prefix(link).map(|last| (*link, last)))
                .filter(|(_, last)| char_len(last) >= MIN_LAST_PART)
                .collect();
            // Two known words: a compound, no typo.
            if lasts.iter().any(|(_, last)| self.index.contains_key(*last)) {
                return None;
            }
            let fixed = lasts.iter().find_map(|(link, last)| {
                // Not in another form: a compound's last part folded with
                // an ending is too often one slip from another word
                // ("Grund|schläge" is no "Grund|schlangen").
                let fix = self
                    .nearest(last, usize::MAX, of_titles)
                    .filter(|_| is_significant(last))?;
                Some(format!("{first}{link}{fix}"))
            });
            if fixed.is_some() {
                return fixed.map(Cow::Owned);
            }
        }
        None
    }

    /// The word is a known word and a generic head ("Takt|arten",
    /// "Handball|regeln"): a compound, no typo of another word
    /// ("Textarten").
    fn is_headed_compound(&self, lower: &str) -> bool {
        let folded = fold(lower);
        GENERIC_HEADS.iter().any(|head| {
            folded.strip_suffix(fold(head).as_str()).is_some_and(|first| {
                LINKS
                    .iter()
                    .filter_map(|link| first.strip_suffix(link))
                    .any(|first| char_len(first) >= 3 && self.folded.contains(first))
            })
        })
    }

    /// The nearest word among the entries `admit` lets through, at most
    /// `max` edits away (and within the limits of [`suggest`](Self::suggest)).
    fn nearest(&self, lower: &str, max: usize, admit: impl Fn(&Entry) -> bool) -> Option<&str> {
        self.nearest_to_any(&[lower], char_len(&fold(lower)), max, admit)
    }

    /// [`nearest`](Self::nearest) for several forms of one word at once, in
    /// one scan of the dictionary: an entry's distance is its least to any
    /// form. The limits for a short word are those of the word as typed,
    /// of `letters` letters folded (a slip in "Chili" is a swap, no "Chile").
    fn nearest_to_any(
        &self,
        forms: &[&str],
        letters: usize,
        max: usize,
        admit: impl Fn(&Entry) -> bool,
    ) -> Option<&str> {
        // Two slips only in a word of ten letters or more: in a shorter
        // one they mostly make another word ("Floorball" is no "Football",
        // "Taktarten" no "Textarten").
        let limit_of = |letters: usize| if letters <= 9 { 1 } else { 2 }.min(max);
        // Compared folded: a word in another spelling ("Fotosynthese" /
        // "Photosynthese") is at distance 0.
        let forms: Vec<(Vec<char>, Vec<char>)> = forms
            .iter()
            .map(|form| (fold(form).chars().collect(), form.chars().collect()))
            .collect();
        let mut nearest: Vec<(usize, Reverse<u32>, usize)> = Vec::new();
        for (i, entry) in self.entries.iter().enumerate() {
            // The slips first: most entries fail on their first letter.
            let Some(d) = forms
                .iter()
                .filter_map(|(term, typed)| slips(term, typed, letters, entry, limit_of))
                .min()
            else {
                continue;
            };
            if !admit(entry)
                || entry.chars.len() < 3
                || !entry.chars.iter().all(|c| c.is_alphabetic())
                || is_stopword(&entry.word)
            {
                continue;
            }
            match nearest.first().map(|n| n.0) {
                Some(best) if d > best => continue,
                Some(best) if d < best => nearest.clear(),
                _ => {}
            }
            nearest.push((d, Reverse(entry.count), i));
        }
        // Equally near words of two stems: no clear correction, unless all
        // but one stem occur only once. A word written once is mostly a
        // typo itself ("Hinduimus" in one title beside "Hinduismus" in
        // several), no second meaning.
        let stem = |i: usize| german_stem(&self.entries[i].word);
        let mut stems: BTreeMap<String, u32> = BTreeMap::new();
        for (_, Reverse(count), i) in &nearest {
            *stems.entry(stem(*i)).or_default() += count;
        }
        let kept = match stems.len() {
            1 => stems.into_keys().next(),
            _ => {
                let mut recurring = stems.into_iter().filter(|(_, count)| *count > 1);
                match (recurring.next(), recurring.next()) {
                    (Some((only, _)), None) => Some(only),
                    _ => None,
                }
            }
        }?;
        nearest
            .iter()
            .filter(|n| stem(n.2) == kept)
            .min()
            .map(|(_, _, i)| self.entries[*i].word.as_str())
    }

    /// Dictionary words that continue `word` (its Snowball stem, folded, of
    /// at least five letters, and at least two letters more) by a
    /// derivational suffix ("Vulkane" → "vulkanismus") or by another
    /// dictionary word, a linking element between ("vulkanausbruch"); not
    /// by a fragment ("Schach" is no "Schachtelhalme"). The most frequent
    /// first, then the first seen; at most `n`.
    pub fn continuations(&self, word: &str, n: usize) -> Vec<&str> {
        let stem = german_stem(word);
        if char_len(&stem) < 5 || !word.chars().all(char::is_alphabetic) {
            return Vec::new();
        }
        let continues = |e: &Entry| {
            let folded: String = e.folded.iter().collect();
            folded
                .strip_prefix(stem.as_str())
                .is_some_and(|rest| char_len(rest) >= 2 && (is_derivation(rest) || self.is_compound_rest(rest)))
        };
        let mut found: Vec<(Reverse<u32>, usize)> = self
            .entries
            .iter()
            .enumerate()
            .filter(|(_, e)| continues(e))
            .filter(|(_, e)| !is_stopword(&e.word) && !is_framing_word(&e.word) && !self.keyword_only.contains(&e.word))
            .map(|(i, e)| (Reverse(e.count), i))
            .collect();
        found.sort();
        found
            .into_iter()
            .take(n)
            .map(|(_, i)| self.entries[i].word.as_str())
            .collect()
    }

    /// Whether a phrase of the dictionary writes each two neighbours of
    /// `words` side by side ("Säure-Base-Titration" for "säure", "base",
    /// "titration"): a hyphenated word the tree writes as typed.
    pub fn writes_in_a_row(&self, words: &[&str]) -> bool {
        words.len() >= 2
            && words.windows(2).all(|pair| {
                let (a, b) = (pair[0].to_lowercase(), pair[1].to_lowercase());
                self.pairs
                    .get(&fold(&format!("{a}{b}")))
                    .is_some_and(|apart| fold(apart) == fold(&format!("{a} {b}")))
            })
    }

    /// The two words a phrase of the dictionary writes apart for a word it
    /// does not hold as one ("Streetart" → "street art"), lower-case.
    pub fn opened(&self, word: &str) -> Option<&str> {
        if self.contains(word) || char_len(word) < 5 {
            return None;
        }
        self.pairs.get(&fold(word)).map(String::as_str)
    }

    /// The rest of a compound after its first part: a dictionary word of
    /// at least four letters, after a linking element or none (folded).
    fn is_compound_rest(&self, rest: &str) -> bool {
        LINKS.iter().any(|link| {
            rest.strip_prefix(link)
                .is_some_and(|word| char_len(word) >= 4 && self.folded.contains(word))
        })
    }

    /// The query with its misspelt words replaced (keeping everything else
    /// verbatim, and the word's capitalisation style), or `None` when nothing
    /// changed.
    pub fn correct(&self, query: &str) -> Option<String> {
        self.correct_except(query, |_| false)
    }

    /// [`correct`](Self::correct), leaving alone the words `known` holds
    /// (a word the repository answered with is no typo) — but for the
    /// dictionary's other spelling of the same word ("Frankophonie" →
    /// "Francophonie", folded alike): that is no correction, and a
    /// repository that matches words as written needs it.
    pub fn correct_except(&self, query: &str, known: impl Fn(&str) -> bool) -> Option<String> {
        let mut out = String::with_capacity(query.len() + 4);
        let mut changed = false;
        let mut rest = query;
        while !rest.is_empty() {
            let start = rest.find(is_word_char).unwrap_or(rest.len());
            out.push_str(&rest[..start]);
            rest = &rest[start..];
            let end = rest.find(|c: char| !is_word_char(c)).unwrap_or(rest.len());
            let word = &rest[..end];
            match self
                .correction(word)
                .filter(|fix| !known(word) || fold(fix) == fold(word))
            {
                Some(fix) => {
                    out.push_str(&apply_case(word, &fix));
                    changed = true;
                }
                None => out.push_str(word),
            }
            rest = &rest[end..];
        }
        changed.then_some(out)
    }
}

/// Linking elements between the parts of a compound ("Verdauung|s|organe").
const LINKS: &[&str] = &["", "s", "es", "n", "en", "e"];

/// Derivational suffixes a word's stem may take ("Vulkan|ismus",
/// "Romant|ik"), each with an inflection ending of up to three letters.
const DERIVATIONS: &[&str] = &[
    "ismus", "ismen", "ist", "isch", "ik", "ie", "ung", "heit", "keit", "schaft", "lich", "ig", "ität", "ation",
    "ologie", "er", "in",
];

/// A derivational suffix with an inflection ending of up to three letters.
fn is_derivation(rest: &str) -> bool {
    DERIVATIONS
        .iter()
        .any(|suffix| rest.strip_prefix(suffix).is_some_and(|ending| char_len(ending) <= 3))
}

/// Maximal runs of word characters.
fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !is_word_char(c)).filter(|w| !w.is_empty())
}

/// A word the dictionary may correct: no stopword, framing word or generic
/// compound head — a head is a real word, and "correcting" it would search
/// another topic in its place ("Analyse" → "Analysis").
fn is_significant(lower: &str) -> bool {
    char_len(lower) >= 4
        && lower.chars().all(char::is_alphabetic)
        && !is_stopword(lower)
        && !is_framing_word(lower)
        && !is_generic_head(lower)
}

/// Give `replacement` (lower-case) the capitalisation style of `original`:
/// ALL CAPS, Capitalised, or lower.
fn apply_case(original: &str, replacement: &str) -> String {
    let mut letters = original.chars().filter(|c| c.is_alphabetic());
    let first_upper = letters.next().is_some_and(char::is_uppercase);
    let all_upper = first_upper && original.chars().filter(|c| c.is_alphabetic()).all(char::is_uppercase);
    if all_upper && char_len(original) > 1 {
        replacement.to_uppercase()
    } else {
        with_case_of(original, replacement)
    }
}

#[cfg(test)]
mod tests;
