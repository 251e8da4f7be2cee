//! Two topic words of the query written as one closed compound in a text:
//! "Instrumentenbau" for "Instrumente bauen", "Brandbekämpfung" for "einen
//! Brand bekämpfen".

use super::forms::{MIN_HEAD, by_ending};
use super::words::TopicWord;
use crate::search::query::{Words, char_len, ung_noun_of};

/// Linking elements between the parts of a closed compound.
const LINKS: &[&str] = &["", "s", "n", "en", "e", "es", "er"];

/// A word of the text is the closed compound of `first` and `last`: the
/// first in its form or stem, a linking element, the last in its form or
/// stem ("Instrumentenbau" for "Instrumente bauen").
pub(super) fn closed_in(first: &TopicWord, last: &TopicWord, text: &Words) -> bool {
    let is_last = |tail: &str| {
        char_len(tail) >= 3
            && (tail == last.folded()
                || tail == last.stem()
                || by_ending(tail, last.folded())
                || by_ending(last.folded(), tail))
    };
    text.iter().any(|(word, _)| {
        [first.folded(), first.stem()]
            .into_iter()
            .filter(|base| char_len(base) >= MIN_HEAD)
            .filter_map(|base| word.strip_prefix(base))
            .any(|rest| LINKS.iter().filter_map(|link| rest.strip_prefix(link)).any(is_last))
    })
}

/// A word of a title is the closed compound of the noun `noun` and the
/// noun in "-ung" of the verb `verb` ([`ung_noun_of`]): "Brandbekämpfung"
/// for "einen Brand bekämpfen", "Wegbeschreibung" for "Weg beschreiben".
/// The noun may be short: the rest is a whole derivation. Titles only: an
/// editor's keyword compounds what the page merely touches
/// ("Berufsfelderkundung" on a page about learning).
pub(super) fn closed_by_ung(noun: &TopicWord, verb: &TopicWord, title: &Words) -> bool {
    noun.capitalised
        && verb.verb
        && title.iter().any(|(word, _)| {
            [noun.folded(), noun.stem()]
                .into_iter()
                .filter(|base| char_len(base) >= 3)
                .filter_map(|base| word.strip_prefix(base))
                .any(|rest| {
                    (LINKS.iter().filter_map(|link| rest.strip_prefix(link)))
                        .any(|tail| ung_noun_of(verb.folded(), tail))
                })
        })
}
