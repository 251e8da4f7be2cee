//! Text primitives shared by every ranking stage: tokenising, folding and
//! umlaut-aware word boundaries. The words the analysis knows by name are
//! in [`lexicon`](super::lexicon).

/// A word character for boundary checks: any Unicode letter (so ä, ö, ü, ß
/// count) or digit, and `_`.
pub(crate) fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Sentence punctuation trimmed from the edges of a query token, so that
/// "Photosynthese?" or "„Klimawandel“" yield the bare term. Inner characters
/// (hyphens in "Sek-I", `+` in "C++") are kept.
fn is_edge_punct(c: char) -> bool {
    matches!(
        c,
        '.' | ','
            | ';'
            | ':'
            | '!'
            | '?'
            | '"'
            | '\''
            | '('
            | ')'
            | '['
            | ']'
            | '{'
            | '}'
            | '<'
            | '>'
            | '«'
            | '»'
            | '„'
            | '“'
            | '”'
            | '‚'
            | '‘'
            | '’'
            | '…'
            | '*'
            | '`'
    )
}

/// Tokens split at whitespace, slashes and apostrophes, edge punctuation
/// trimmed; empty ones dropped. Case is preserved. A slash or an apostrophe
/// separates words as a space does ("Biedermeier/ Vormärz", "Gerade/Ebene",
/// "Rock'n'Roll" and "Rock 'n' Roll", "l'école").
pub(crate) fn tokens(query: &str) -> impl Iterator<Item = &str> {
    query
        .split(|c: char| c.is_whitespace() || matches!(c, '/' | '\'' | '’' | '‘'))
        .map(|t| t.trim_matches(is_edge_punct))
        .filter(|t| !t.is_empty())
}

/// Inflection endings of an adjective, none last: an adjective's forms,
/// an ordinal's ("fünft|en") and a subject's name's ("Darstellend|en").
pub(crate) const ADJECTIVE_ENDINGS: &[&str] = &["er", "es", "em", "en", "e", ""];

/// A year of the history taught at school in digits ("1848", "1914"), or
/// a span of two ("1914–1918", "1939-1945"): it dates a topic. Fewer
/// digits, or a round number below, are counts ("Zahlen bis 1000").
pub(crate) fn is_year(word: &str) -> bool {
    let year = |digits: &str| {
        digits.len() == 4
            && digits.chars().all(|c| c.is_ascii_digit())
            && digits.parse::<u32>().is_ok_and(|y| (1100..=2099).contains(&y))
    };
    match word.split_once(['-', '–', '—']) {
        Some((from, to)) => year(from) && year(to),
        None => year(word),
    }
}

/// A word of this many letters is specific: a compound it starts is about
/// it ("Energieerhaltung" in "Energieerhaltungssatz", "Trinkwasser" in
/// "Trinkwasseraufbereitung"). A short one is mostly the start of words on
/// other topics ("Schach" in "Schachtelhalme", "Vogel" in "Vogelgrippe").
pub(crate) const LONG_WORD: usize = 10;

pub(crate) fn char_len(s: &str) -> usize {
    s.chars().count()
}

/// Collapse whitespace runs to one space and trim.
pub(crate) fn normalize_space(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A text as a lower-cased phrase for matching: [`tokens`] (edge punctuation
/// trimmed) joined by single spaces, so "Photosynthese?" equals the title
/// "Photosynthese" and "Bruchrechnung: Grundlagen" contains
/// "bruchrechnung grundlagen".
pub(crate) fn phrase(s: &str) -> String {
    tokens(&s.to_lowercase()).collect::<Vec<_>>().join(" ")
}

pub(crate) use super::spelling::fold;

/// True when `needle` occurs in `haystack` starting at a word boundary
/// (the preceding character, if any, is not a word character).
pub(crate) fn contains_at_word_start(haystack: &str, needle: &str) -> bool {
    if needle.is_empty() {
        return false;
    }
    let mut prev: Option<char> = None;
    for (i, c) in haystack.char_indices() {
        if !prev.is_some_and(is_word_char) && haystack[i..].starts_with(needle) {
            return true;
        }
        prev = Some(c);
    }
    false
}

/// Does term `t` occur in `text`? A term of at most 3 characters must
/// start at a word boundary ("ki" must not hit "Kinder"); longer terms match
/// as plain substrings (so "photosynthese" hits "Photosynthesereaktion").
/// Both arguments are expected lower-case. An empty term never matches.
pub(crate) fn term_matches(term: &str, text: &str) -> bool {
    if term.is_empty() {
        false
    } else if char_len(term) <= 3 {
        contains_at_word_start(text, term)
    } else {
        text.contains(term)
    }
}

/// The byte range of the first occurrence of `needle` in `haystack` that is a
/// whole word on both sides (umlaut-aware).
pub(crate) fn find_whole_word(haystack: &str, needle: &str) -> Option<std::ops::Range<usize>> {
    if needle.is_empty() {
        return None;
    }
    let mut start = 0;
    while let Some(pos) = haystack[start..].find(needle) {
        let at = start + pos;
        let end = at + needle.len();
        let before_ok = !haystack[..at].chars().next_back().is_some_and(is_word_char);
        let after_ok = !haystack[end..].chars().next().is_some_and(is_word_char);
        if before_ok && after_ok {
            return Some(at..end);
        }
        // Advance by one character past `at`.
        start = at + haystack[at..].chars().next().map_or(1, char::len_utf8);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_year_or_a_span_of_years_dates_a_topic() {
        for year in ["1848", "1914–1918", "1939-1945", "2001", "1100"] {
            assert!(is_year(year), "{year}");
        }
        for count in ["1000", "100", "10000", "1914–", "49", "1914-18", "Jahr1914", "2100"] {
            assert!(!is_year(count), "{count}");
        }
    }

    #[test]
    fn folding() {
        assert_eq!(fold("Arbeitsblätter Größe"), "arbeitsblatter grosse");
    }

    #[test]
    fn word_start_matching_is_umlaut_aware() {
        assert!(term_matches("ki", "was ist ki?"));
        assert!(term_matches("ki", "kinder lernen"), "≤ 3 chars: a word start suffices");
        assert!(!term_matches("ki", "skizze"), "≤ 3 chars: not inside a word");
        assert!(!term_matches("ki", "äki"), "ä is a letter, so no boundary");
        assert!(term_matches("ki", "(ki)"));
        assert!(term_matches("photo", "fotos und photos"), "longer terms: substring");
        assert!(term_matches("hotos", "photosynthese"));
        assert!(!term_matches("", "x"));
    }

    #[test]
    fn phrases_drop_edge_punctuation() {
        assert_eq!(phrase("  Was ist KI? "), "was ist ki");
        assert_eq!(
            phrase("Bruchrechnung: Grundlagen (Teil 1)"),
            "bruchrechnung grundlagen teil 1"
        );
        assert_eq!(phrase("C++ und Sek-I"), "c++ und sek-i");
        assert_eq!(
            phrase("Biedermeier/ Vormärz, Gerade/Ebene"),
            "biedermeier vormärz gerade ebene"
        );
        assert_eq!(phrase("Rock'n'Roll"), phrase("Rock 'n' Roll"));
    }

    #[test]
    fn whole_word_find() {
        assert_eq!(find_whole_word("klimawandel und klima", "klima"), Some(16..21));
        assert_eq!(find_whole_word("klimawandel", "klima"), None);
        assert_eq!(find_whole_word("über ki", "ki"), Some(6..8));
        assert_eq!(find_whole_word("küki", "ki"), None);
    }
}
