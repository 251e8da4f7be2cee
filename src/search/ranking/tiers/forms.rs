//! Two folded words as forms of one word, where their Snowball stems do
//! not tell: an inflection ending, a Latin or English plural, a
//! compound's short form without its middle, a compound written with a
//! hyphen or closed.

use crate::search::query::{char_len, german_stem, takes_ien};

/// A topic word ends a compound of the text from this many letters on
/// ("Spätromantik" for "Romantik").
pub(super) const MIN_PART: usize = 5;
/// A topic word starts a compound of the text from this many letters on,
/// when the rest of the word has as many ("Satzgruppe" for "Satz", not
/// "Satzung").
pub(super) const MIN_HEAD: usize = 4;

/// Inflection endings German adds to a noun or adjective ("Muskel" →
/// "Muskeln", "Satzglied" → "Satzglieder").
const ENDINGS: &[&str] = &["e", "n", "en", "s", "es", "er", "ern", "nen", "ns"];

/// `longer` is `shorter` with an inflection ending ([`ENDINGS`]), both
/// folded; `shorter` of at least four letters.
pub(super) fn by_ending(shorter: &str, longer: &str) -> bool {
    char_len(shorter) >= 4
        && longer
            .strip_prefix(shorter)
            .is_some_and(|ending| ENDINGS.contains(&ending))
}

/// `longer` is a Latin loanword's plural in `-ien` of `shorter`
/// ([`takes_ien`]: "Verbaladverbien" of "Verbaladverb").
pub(super) fn by_ien(shorter: &str, longer: &str) -> bool {
    longer.strip_prefix(shorter) == Some("ien") && takes_ien(shorter)
}

/// `plural` is the Latin neuter plural in `-ora` or `-era` of `singular`
/// in `-us` ("Tempora" of "Tempus", "Genera" of "Genus"); a stem of
/// three letters or more.
pub(super) fn by_latin_neuter(singular: &str, plural: &str) -> bool {
    singular.strip_suffix("us").is_some_and(|stem| {
        char_len(stem) >= 3 && ["ora", "era"].iter().any(|end| plural.strip_prefix(stem) == Some(*end))
    })
}

/// `longer` is the English plural in `-ies` of `shorter` in `-y` ("Cities"
/// of "City", "Stories" of "Story"); `shorter` of four letters or more.
pub(super) fn by_english_plural(shorter: &str, longer: &str) -> bool {
    char_len(shorter) >= 4
        && shorter
            .strip_suffix('y')
            .is_some_and(|base| longer.strip_prefix(base) == Some("ies"))
}

/// `word` ends in `folded` or in a form of it with or without an
/// inflection ending ("Erdalkalimetalle" for "Metall", "Blutkreislauf"
/// for "Kreisläufe"); a word that ends in its stem alone is another word
/// ("Wettbewerb" is no "Bewerbung").
pub(super) fn ends_with_form(word: &str, folded: &str) -> bool {
    let tail_fits = |start: usize| {
        let tail = &word[start..];
        tail == folded || by_ending(folded, tail) || (by_ending(tail, folded) && char_len(tail) >= MIN_PART)
    };
    // Each way a tail fits starts it with `folded`'s first letter (one of
    // the two starts with the other): the other places are skipped unread,
    // since the tree index asks this of every word of every collection.
    let Some(&first) = folded.as_bytes().first() else {
        return false;
    };
    word.len() > folded.len()
        && word
            .char_indices()
            .skip(1)
            .any(|(i, _)| word.as_bytes()[i] == first && tail_fits(i))
}

/// Two folded words of a short Snowball stem are forms of one word only
/// when one starts with the other or both are one base of four letters or
/// more with inflection endings: inflection adds endings ("Säure" /
/// "Säuren", "Kalte" / "Kalter", "Wald" / "Wälder", "Ersten" / "Erster"); "Komma" and "kommen"
/// share the stem "komm" and are two words. A longer stem is one word's
/// ("Bewerbung" / "bewerbe").
pub(super) fn inflects(a: &str, b: &str) -> bool {
    a.starts_with(b) || b.starts_with(a) || same_base(a, b)
}

/// Both folded words are one base of four letters or more with inflection
/// endings ([`ENDINGS`], or an adjective's dative "-em": "erst|en" /
/// "erst|er", "frei|em" / "frei|er"). Snowball leaves the endings of a
/// short word ("freien", "freier"), so their stems differ.
pub(super) fn same_base(a: &str, b: &str) -> bool {
    let ending = |rest: &str| rest.is_empty() || rest == "em" || ENDINGS.contains(&rest);
    a.char_indices()
        .skip(4)
        .take_while(|(i, _)| b.is_char_boundary(*i) && a[..*i] == b[..*i])
        .any(|(i, _)| ending(&a[i..]) && ending(&b[i..]))
}

/// `word` is `compound` without its middle part, the short form of a
/// three-part compound ("Audioformate" of "Audiodateiformate", "Bildformate"
/// of "Bilddateiformat": either may carry an ending). The kept parts and the
/// middle have [`MIN_HEAD`] letters or more, the last part [`MIN_PART`]:
/// shorter ones cut where no part ends ("Lichtung" is no "Licht|ausbrei|tung").
pub(super) fn clipped(compound: &str, word: &str) -> bool {
    let base = |w: &str| -> Vec<char> {
        let stripped = ["en", "er", "es", "e", "n", "s"]
            .iter()
            .find_map(|ending| w.strip_suffix(ending))
            .filter(|b| char_len(b) >= MIN_PART);
        stripped.unwrap_or(w).chars().collect()
    };
    let (long, short) = (base(compound), base(word));
    if short.len() < MIN_HEAD + MIN_PART || long.len() < short.len() + MIN_HEAD {
        return false;
    }
    let same_start = long.iter().zip(&short).take_while(|(a, b)| a == b).count();
    let same_end = long
        .iter()
        .rev()
        .zip(short.iter().rev())
        .take_while(|(a, b)| a == b)
        .count();
    // A first part of `at` letters and a last part of the rest.
    (MIN_HEAD..=short.len() - MIN_PART).any(|at| at <= same_start && short.len() - at <= same_end)
}

/// Two folded words, one or both written with a hyphen, are one compound
/// in two forms when closed ("Netzwerk-Karte" / "Netzwerkkarten"). The
/// stem must keep three letters of a hyphenated word's last part: an
/// abbreviation after the hyphen is no ending ("Fußball-EM" is no form of
/// "Fußball").
pub(super) fn same_closed_stem(topic: &str, word: &str) -> bool {
    let closed_stem = |w: &str| {
        let stem = german_stem(&joined(w));
        let last = w.rsplit('-').next().unwrap_or(w);
        let kept = char_len(&stem) + char_len(last) >= char_len(&joined(w)) + 3;
        (!w.contains('-') || kept).then_some(stem)
    };
    (topic.contains('-') || word.contains('-'))
        && joined(topic) != joined(word)
        && char_len(&joined(topic)) >= MIN_PART
        && closed_stem(topic).is_some_and(|stem| closed_stem(word) == Some(stem))
}

/// A folded word without its hyphens: a word written with a hyphen or
/// without is one word ("E-Mail" / "eMail", "Be-Bop" / "Bebop", "Hip-Hop" /
/// "HipHop").
/// A hyphen at a word's edge stays: "Trainings-" is a suspended first part
/// of a compound, no word.
pub(super) fn joined(folded: &str) -> std::borrow::Cow<'_, str> {
    let inside = folded.trim_matches('-');
    if inside.contains('-') && inside.len() == folded.len() {
        std::borrow::Cow::Owned(folded.replace('-', ""))
    } else {
        std::borrow::Cow::Borrowed(folded)
    }
}
