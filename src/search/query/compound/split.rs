//! Splitting one word into known parts: the search over split points and
//! linking elements, the cost that picks the best segmentation, and what
//! makes a split acceptable.
//!
//! Why a module of its own: this is the one piece with a search (every split
//! point, every linking element, longest parts first). The terms it asks
//! (`terms.rs`) and the query-level rules of what to split and what to send
//! upstream (`compound.rs`) read without it.

use super::super::lexicon::{framing_words, is_framing_part, is_framing_word, is_stopword};
use super::super::stem::{is_generic_head, is_head};
use super::super::text::{char_len, fold};
use super::terms::KnownTerms;

/// A known part of a compound has at least this many letters (hyphen
/// parts, which the user split already, may be shorter: "DNA-Struktur").
pub(super) const MIN_KNOWN_PART: usize = 4;
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
    /// Known only as a keyword's word ("Fluss|krebs"), never a title's.
    pub keyword: bool,
}

impl Part {
    fn unknown(text: String) -> Part {
        Part {
            text,
            known: false,
            surface: None,
            topic: false,
            truncated: false,
            keyword: false,
        }
    }

    /// A generic head that is no framing word ("berechnung", "analyse"):
    /// known, but neither searched nor scored.
    pub(super) fn dropped(&self) -> bool {
        is_generic_head(&self.text) && !is_framing_word(&self.text)
    }
}

/// The best split of one word, or `None` when it is known, too short, not
/// a word, or has no acceptable split. Hyphens are boundaries; each piece
/// that is not known itself is split further. Acceptable: at least two
/// parts, at most one unknown part (≥ 6 letters, a hyphen piece any), known parts of ≥ 4
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
    let framing_inside =
        || framing_words().any(|f| char_len(f) >= MIN_FRAMING_PART && lower.contains(f) && is_framing_part(f));
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
                keyword: false,
            })
        });
        match (whole, segment(piece, known, mode)) {
            (Some(part), _) => parts.push(part),
            (None, None) => parts.push(Part::unknown(piece.to_string())),
            (None, Some(inner)) => parts.extend(inner),
        }
    }
    let is_piece = |text: &str| lower.contains('-') && lower.split('-').any(|piece| piece == text);
    let unknown = parts.iter().filter(|p| !p.known).count();
    // (A truncated part is followed by a known one: `search` keeps no other.)
    // A part only keywords know is a word beside known ones, never beside
    // a fragment ("Grund|schläge" is no split of a known "Grund").
    let keyworded = parts.iter().any(|p| p.keyword);
    let acceptable = parts.len() >= 2
        && unknown <= usize::from(!keyworded)
        // A whole hyphen piece is a word of any length ("Excel-Übungen").
        && parts
            .iter()
            .all(|p| p.known || char_len(&p.text) >= MIN_UNKNOWN_PART || is_piece(&p.text))
        // A closed compound asks for material by its last part
        // ("Musik|unterricht", "Bruchrechen|aufgaben"); a framing word
        // before another part makes a topic ("Video|kunst", "Film|musik").
        && (mode == Mode::Repository
            || parts.iter().any(|p| is_framing_part(&p.text)) && lower.contains('-')
            || parts.last().is_some_and(|p| is_framing_part(&p.text)));
    acceptable.then_some(parts)
}

/// The cost of a segmentation, lowest best: letters not covered by a known
/// part (unknown part and linking elements), then the number of parts,
/// then the number of topic parts (a compound names one topic, and its
/// last part is often a generic head: "Zinseszins|rechnung" rather than
/// "Zinses|zinsrechnung"), then an unknown part before a known one (a compound's first parts name
/// its topic, its last part is the general word: "Energie|erhaltung"
/// rather than "Energieer|haltung"), then the longest known part, longest
/// first.
type Cost = (usize, usize, usize, bool, std::cmp::Reverse<usize>);

/// The word is itself a compound of two known parts, the first a topic
/// ("Bevölkerung|s|entwicklung", "Handel|s|bilanz"), even when the whole
/// word is known too: its own first part names what it is about.
pub(crate) fn is_compound_of_known(word: &str, known: &KnownTerms) -> bool {
    let chars: Vec<char> = word.to_lowercase().chars().collect();
    if !chars.iter().all(|c| c.is_alphabetic()) {
        return false;
    }
    let known_part = |part: &[char], last: bool| {
        let text: String = part.iter().collect();
        (part.len() >= MIN_KNOWN_PART && !is_stopword(&text))
            .then(|| part_known(&text, last, known, Mode::Repository, MIN_FRAMING_PART))
            .flatten()
    };
    (MIN_KNOWN_PART..chars.len()).any(|at| {
        known_part(&chars[..at], false).is_some_and(|first| first.topic && !first.truncated)
            && LINKS.iter().any(|link| {
                let rest = &chars[at..];
                let link: Vec<char> = link.chars().collect();
                rest.starts_with(&link) && known_part(&rest[link.len()..], true).is_some()
            })
    })
}

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
        // A truncated part must be followed by a known one: a split that
        // breaks that rule is no candidate, and must not hide the best one
        // that keeps it ("Schwi|mmabze|ichen" beside "Schwimm|abzeichen").
        let truncation_ok = (current.iter().enumerate())
            .all(|(i, p)| !p.truncated || current.get(i + 1).is_some_and(|next| next.known));
        if !truncation_ok {
            return;
        }
        let known_chars = |p: &Part| if p.known { char_len(&p.text) } else { 0 };
        let uncovered = chars.len() - current.iter().map(known_chars).sum::<usize>();
        let longest = current.iter().map(known_chars).max().unwrap_or(0);
        let unknown_not_last = current
            .iter()
            .position(|p| !p.known)
            .is_some_and(|i| i + 1 < current.len());
        let topics = current.iter().filter(|p| p.topic).count();
        let cost = (
            uncovered,
            current.len(),
            topics,
            unknown_not_last,
            std::cmp::Reverse(longest),
        );
        if best.as_ref().is_none_or(|(b, _)| cost < *b) {
            *best = Some((cost, current.clone()));
        }
        return;
    }
    // Longest parts first: among equal costs the first found is kept.
    for end in (start + 1..=chars.len()).rev() {
        let text: String = chars[start..end].iter().collect();
        let len = end - start;
        // Folded as well: a spelling rule must not make a part shorter
        // ("Orth|ographie" is no "Ort"). A stopword inside a word is a
        // prefix of it, no part ("Nach|weis", "Durch|messer").
        let part = if len >= MIN_KNOWN_PART && char_len(&fold(&text)) >= MIN_KNOWN_PART && !is_stopword(&text) {
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
    let framing = is_framing_part(text) || is_head(text);
    let part = |surface: Option<String>, topic: bool, truncated: bool| Part {
        text: text.to_string(),
        known: true,
        surface,
        topic,
        truncated,
        keyword: false,
    };
    match mode {
        Mode::Framing => ((found.is_some_and(|(_, truncated)| !truncated) || is_framing_part(text))
            && char_len(text) >= min_framing)
            .then(|| part(None, false, false)),
        Mode::Repository if framing => Some(part(None, false, false)),
        Mode::Repository => found.filter(|(k, _)| k.topic).map(|(k, truncated)| Part {
            keyword: k.keyword,
            ..part(Some(k.surface.clone()), true, truncated)
        }),
    }
}
