//! The slips between a typed word and a dictionary entry, within the
//! limits of [`Dictionary::suggest`](super::Dictionary::suggest).

use super::{Entry, MAX_CHANGED_LETTERS};
use crate::vocab::edit_distance_chars as osa;

/// The slips between a form of a typed word of `letters` letters (`term`
/// folded, `typed` as typed) and a dictionary entry, `None` past the
/// limits; `limit_of` gives the most slips for a word of so many letters.
pub(super) fn slips(
    term: &[char],
    typed: &[char],
    letters: usize,
    entry: &Entry,
    limit_of: impl Fn(usize) -> usize,
) -> Option<usize> {
    let first = term.first().copied();
    let limit = limit_of(term.len());
    // Folding may change a first letter a typo left alone: the slip in
    // "Phytagoras" folds it to "Fytagoras", no "Pytagoras". Such a word
    // is compared as written too.
    let as_written = entry.chars.first() == typed.first() && entry.folded.first().copied() != first;
    if !as_written && (entry.folded.len().abs_diff(term.len()) > limit || entry.folded.first().copied() != first) {
        return None;
    }
    // Folding may also make two slips of one: "Fihcte" swaps two letters
    // of "Fichte", and folds to "fihkte". The slips are counted as typed
    // too.
    let d = match as_written {
        true => osa(typed, &entry.chars),
        false => osa(term, &entry.folded).min(osa(typed, &entry.chars)),
    };
    let swapped = is_swap(typed, &entry.chars) || !as_written && is_swap(term, &entry.folded);
    let limit = if as_written { limit_of(typed.len()) } else { limit };
    // In a word of six or seven letters, one letter changed for another
    // mostly makes another word ("Gitter" / "Götter", "Welfen" / "Wellen",
    // "Quäker" / "Quader"); a slip there is a letter left out, added or
    // two swapped.
    let refused = d > limit
        || (letters.min(term.len()) <= 5 && d > 0 && !swapped)
        || (letters.min(term.len()) <= MAX_CHANGED_LETTERS && is_one_change(term, &entry.folded));
    (!refused).then_some(d)
}

/// The two words differ by two swapped neighbouring letters only.
fn is_swap(a: &[char], b: &[char]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let differ: Vec<usize> = (0..a.len()).filter(|&i| a[i] != b[i]).collect();
    matches!(differ.as_slice(), [i, j] if *j == i + 1 && a[*i] == b[*j] && a[*j] == b[*i])
}

/// The two words differ by one letter changed for another only.
fn is_one_change(a: &[char], b: &[char]) -> bool {
    a.len() == b.len() && a.iter().zip(b).filter(|(x, y)| x != y).count() == 1
}
