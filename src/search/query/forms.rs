//! The searches a whole-word index needs: a repository that matches words
//! as written, without stemming, finds "Lineare Funktionen" for
//! "Funktionen" but not for "Funktion", and "Geographie" for "Geographie"
//! but not for "Geografie". The local ranking compares stems and spellings
//! ([`fold`](super::text::fold)); what goes upstream must be the surface
//! forms, so they are sent beside the query, in the same wave.
//!
//! The collection keyword search sends, at most [`MAX_KEYWORD_SEARCHES`]:
//! 1. the topic words together ("lineare Funktion"; a query that names only
//!    a subject: the subject as typed, "Geografie");
//! 2. each topic word alone, when there are several (a collection rarely
//!    holds every word of a teacher's phrase: "Winkelsumme im Dreieck");
//! 3. the other spellings of each topic word (`alternate_spellings`:
//!    "Geografie" → "Geographie"): a word the index writes otherwise
//!    matches nothing as typed;
//! 4. the other inflected forms of the topic words ([`other_forms`]:
//!    "Funktion" → "Funktionen", "Winkelsumme" → "Winkelsummen"), each
//!    word's likeliest form first, word by word in turn.

use super::Query;
use super::spelling::alternate_spellings;
use super::stem::S_ENDINGS;
use super::text::{ADJECTIVE_ENDINGS, char_len, tokens};

/// Keyword searches of one collection search at most.
pub const MAX_KEYWORD_SEARCHES: usize = 10;

/// The other inflected forms of a word that a whole-word index may hold,
/// at most three, by the regular German endings: an adjective takes `-e`,
/// `-en` and none ("elektrischer" → "elektrische", "elektrischen",
/// "elektrisch"); a word in `-e` takes `-n` or loses the `-e` ("Summe" →
/// "Summen", "Vulkane" → "Vulkan"); a word in `-en` loses
/// `-n` or `-en` ("Summen" → "Summe", "Funktionen" → "Funktion"); a word in
/// a vowel takes `-s` ("Auto" → "Autos"); a word in `-el` or `-er` takes
/// `-n`, and one in `-er` may be an adjective's strong ending ("Toter" →
/// "Tote", "Toten"); a word in `-ern` or `-eln` may be the dative plural
/// of one in `-er` or `-el` and loses the `-n` ("Stoikern" → "Stoiker"),
/// and one in `-s` after a consonant may be a genitive and loses the `-s`
/// ("Museums" → "Museum");
/// any other word takes `-e`,
/// `-en` and `-er` ("Dreieck" → "Dreiecke", "Funktion" → "Funktionen",
/// "Lied" → "Lieder"), and — when its last vowel is a plain `a`, `o`, `u`
/// or `au` — the umlaut plurals `-¨e` and `-¨er` ("Strahlensatz" →
/// "Strahlensätze", "Buch" → "Bücher"). Case follows the word.
pub fn other_forms(word: &str) -> Vec<String> {
    if char_len(word) < 4 || !word.chars().all(char::is_alphabetic) {
        return Vec::new();
    }
    let lower = word.to_lowercase();
    let stem = |n: usize| word[..word.len() - n].to_string();
    if let Some(base) = adjective_base(word) {
        return [format!("{base}e"), format!("{base}en"), base.to_string()]
            .into_iter()
            .filter(|form| form.to_lowercase() != lower)
            .collect();
    }
    let mut forms = loan_forms(word);
    forms.extend(name_of_adjective(word).map(str::to_string));
    forms.extend(if lower.ends_with("en") {
        vec![stem(1), stem(2)]
    } else if lower.ends_with('e') {
        vec![format!("{word}n"), stem(1)]
    } else if lower.ends_with(['a', 'i', 'o', 'u']) {
        vec![format!("{word}s")]
    } else if lower.ends_with("er") && char_len(word) >= 5 {
        vec![format!("{word}n"), stem(1), format!("{}n", stem(1))]
    } else if lower.ends_with("el") || lower.ends_with("er") {
        vec![format!("{word}n")]
    } else if (lower.ends_with("ern") || lower.ends_with("eln")) && char_len(word) >= 6 || is_genitive_s(&lower) {
        vec![stem(1), format!("{word}e"), format!("{word}en")]
    } else {
        vec![format!("{word}e"), format!("{word}en"), format!("{word}er")]
    });
    forms.extend(umlaut_forms(word));
    if takes_ien(&lower) {
        forms.push(format!("{word}ien"));
    }
    forms
}

/// A word of five letters or more in `-s` after a consonant that may
/// take it in the genitive (Snowball's valid s-endings): the `-s` may be
/// that ending or a compound's linking element ("Museums|besuch" →
/// "Museum").
fn is_genitive_s(lower: &str) -> bool {
    let mut letters = lower.chars().rev();
    char_len(lower) >= 5 && letters.next() == Some('s') && letters.next().is_some_and(|c| S_ENDINGS.contains(c))
}

/// Endings of an adjective made of a name ("Bohr|sches Atommodell",
/// "Mendel|sche Regeln", "Ohm|sches Gesetz").
const NAME_ADJECTIVE_ENDINGS: &[&str] = &["sches", "scher", "schen", "schem", "sche"];

/// The name an adjective is made of ("Bohrsches" → "Bohr"), for a
/// capitalised word whose rest has four letters or more; `None` for
/// another word. A title names the person ("Schalenmodell nach Bohr").
pub(crate) fn name_of_adjective(word: &str) -> Option<&str> {
    if !word.chars().next().is_some_and(char::is_uppercase) {
        return None;
    }
    let lower = word.to_lowercase();
    let ending = NAME_ADJECTIVE_ENDINGS.iter().find(|e| lower.ends_with(*e))?;
    let name = &word[..word.len() - ending.len()];
    (lower.len() == word.len() && is_name_adjective_of(&lower[..name.len()], &lower)).then_some(name)
}

/// `adjective` is made of the name `name` (both lower-case or both
/// folded): the name of four letters or more, not an adjective's stem in
/// -i ("elektr|isch"), and a name adjective's ending.
pub(crate) fn is_name_adjective_of(name: &str, adjective: &str) -> bool {
    adjective
        .strip_prefix(name)
        .is_some_and(|ending| NAME_ADJECTIVE_ENDINGS.contains(&ending) && char_len(name) >= 4 && !name.ends_with('i'))
}

/// The other number of a Latin or Greek loanword, whose plural replaces
/// its ending: `-ikum` → `-ika`, `-ika` → `-ikum` ("Praktikum" →
/// "Praktika"); `-um`, `-us`, `-a` → `-en` ("Evangelium" → "Evangelien",
/// "Rhythmus" → "Rhythmen", "Thema" → "Themen"); `-ien` → `-ium`
/// ("Studien" → "Studium"; `-ien` dropped after the endings that take it,
/// [`takes_ien`]: "Reptilien" → "Reptil"). Only for words of five letters
/// or more.
fn loan_forms(word: &str) -> Vec<String> {
    let lower = word.to_lowercase();
    if char_len(&lower) < 5 {
        return Vec::new();
    }
    let cut = |n: usize| &word[..word.len() - n];
    if lower.ends_with("ikum") {
        vec![format!("{}a", cut(2))]
    } else if lower.ends_with("ika") {
        vec![format!("{}um", cut(1))]
    } else if lower.ends_with("um") || lower.ends_with("us") {
        vec![format!("{}en", cut(2))]
    } else if lower.ends_with('a') {
        vec![format!("{}en", cut(1))]
    } else if lower.ends_with("ien") && takes_ien(&lower[..lower.len() - 3]) {
        vec![cut(3).to_string(), format!("{}um", cut(2))]
    } else if lower.ends_with("ien") {
        vec![format!("{}um", cut(2))]
    } else {
        Vec::new()
    }
}

/// A Latin loanword whose plural adds `-ien`: one that ends in `-b`,
/// `-il`, `-al` or `-ip` ("Adverb" → "Adverbien", "Reptil" → "Reptilien",
/// "Mineral" → "Mineralien", "Prinzip" → "Prinzipien"), of five letters
/// or more.
pub(crate) fn takes_ien(lower: &str) -> bool {
    char_len(lower) >= 5 && ["b", "il", "al", "ip"].iter().any(|end| lower.ends_with(end))
}

/// The umlaut plurals of a word whose last vowel is a plain `a`, `o`, `u`
/// or `au` after a consonant and before the final consonants ("Satz" →
/// "Sätze", "Sätzer"; not "Funktion", whose last vowels are `io`). Not the
/// way back: a word with an umlaut before `-e` is as often a singular of
/// its own ("Blüte" is no plural of "Blut").
fn umlaut_forms(word: &str) -> Vec<String> {
    let chars: Vec<char> = word.chars().collect();
    let lower: Vec<char> = word.to_lowercase().chars().collect();
    if lower.len() != chars.len() {
        return Vec::new();
    }
    let vowel = |c: char| matches!(c, 'a' | 'e' | 'i' | 'o' | 'u' | 'y' | 'ä' | 'ö' | 'ü');
    // The plural of a word that ends in a consonant.
    let Some((start, end)) = last_vowel_group(&lower) else {
        return Vec::new();
    };
    let group: String = lower[start..end].iter().collect();
    let after_consonant = start > 0 && !vowel(lower[start - 1]);
    if end == lower.len() || !after_consonant || !matches!(group.as_str(), "a" | "o" | "u" | "au") {
        return Vec::new();
    }
    let mut plural: Vec<char> = chars.clone();
    plural[start] = umlaut_of(chars[start]);
    let plural: String = plural.into_iter().collect();
    vec![format!("{plural}e"), format!("{plural}er")]
}

/// The start and end (exclusive) of the last run of vowels of a lower-case word.
fn last_vowel_group(lower: &[char]) -> Option<(usize, usize)> {
    let vowel = |c: &char| matches!(c, 'a' | 'e' | 'i' | 'o' | 'u' | 'y' | 'ä' | 'ö' | 'ü');
    let end = lower.iter().rposition(vowel)? + 1;
    let start = lower[..end].iter().rposition(|c| !vowel(c)).map_or(0, |p| p + 1);
    Some((start, end))
}

/// `a`, `o`, `u` with the umlaut, in the letter's case.
fn umlaut_of(c: char) -> char {
    match c {
        'a' => 'ä',
        'o' => 'ö',
        'u' => 'ü',
        'A' => 'Ä',
        'O' => 'Ö',
        'U' => 'Ü',
        other => other,
    }
}

/// Adjective suffixes: a word that ends in one, with or without an
/// inflection ending, is an adjective ("elektrischer", "lineare").
const ADJECTIVE_SUFFIXES: &[&str] = &[
    "isch", "ig", "lich", "al", "iv", "ell", "ar", "är", "bar", "sam", "haft",
];

/// The uninflected form of an adjective ("elektrischer" → "elektrisch"),
/// also of its superlative ("spektakulärsten" → "spektakulär": a title
/// names the thing, not the best of it); `None` for a word that does not
/// look like one.
fn adjective_base(word: &str) -> Option<&str> {
    let lower = word.to_lowercase();
    ADJECTIVE_ENDINGS.iter().find_map(|ending| {
        let inflected = lower.strip_suffix(ending)?;
        let base = inflected.strip_suffix("st").unwrap_or(inflected);
        (char_len(base) >= 4 && ADJECTIVE_SUFFIXES.iter().any(|s| base.ends_with(s))).then(|| &word[..base.len()])
    })
}

/// A word hyphenated between letters written as one word, its later
/// parts in lower case ("Netzwerk-Karte" → "Netzwerkkarte"); `None` for a
/// word with a hyphen at its edge ("Trainings-"), or with a part that is
/// no word of letters ("COVID-19").
pub(crate) fn closed_compound(word: &str) -> Option<String> {
    let mut parts = word.split('-');
    let first = parts.next()?;
    let rest: Vec<&str> = parts.collect();
    let letters = |p: &str| !p.is_empty() && p.chars().all(char::is_alphabetic);
    (!rest.is_empty() && letters(first) && rest.iter().all(|p| letters(p)))
        .then(|| first.to_string() + &rest.concat().to_lowercase())
}

/// The word lists of the collection keyword searches for `query` (see the
/// module docs), each different (case-insensitively), at most
/// [`MAX_KEYWORD_SEARCHES`]. Empty for a blank query.
pub fn keyword_searches(query: &Query) -> Vec<String> {
    let words = query.topic_words();
    let mut out: Vec<String> = Vec::new();
    let mut push = |search: String| {
        if !search.is_empty()
            && out.len() < MAX_KEYWORD_SEARCHES
            && !out.iter().any(|s| s.to_lowercase() == search.to_lowercase())
        {
            out.push(search);
        }
    };
    if words.is_empty() {
        // Only a subject: the query's own words, without stopwords.
        let own: Vec<&str> = tokens(query.text())
            .filter(|t| !super::is_stopword(t) && char_len(t) >= 2)
            .collect();
        push(own.join(" "));
        // A material word beside the subject may be a topic of it ("Film im
        // Kunstunterricht": Kunst's "Film"), in its likeliest other form too.
        for word in query.material_words() {
            push(word.to_string());
            other_forms(word).into_iter().take(1).for_each(&mut push);
        }
        return out;
    }
    push(words.join(" "));
    if words.len() > 1 {
        words.iter().for_each(|w| push(w.clone()));
    }
    // A hyphenated word as its parts ("If-Clauses" → "If Clauses") and
    // closed, in its likeliest other form too ("Netzwerk-Karte" →
    // "Netzwerkkarte", "Netzwerkkarten"): an index of words may hold it
    // apart or as one word.
    for word in words.iter().filter(|w| w.contains('-')) {
        push(word.split('-').filter(|p| !p.is_empty()).collect::<Vec<_>>().join(" "));
        if let Some(closed) = closed_compound(word) {
            let other = other_forms(&closed).into_iter().next();
            push(closed);
            other.into_iter().for_each(&mut push);
        }
    }
    // Each word in its other spellings before any other form: a word
    // written as the index does not write it matches nothing there
    // ("Photographien" for "Fotografien" beside two more words).
    for word in words {
        alternate_spellings(word).into_iter().for_each(&mut push);
    }
    // The forms word by word in turn: each word's likeliest form first.
    let forms: Vec<Vec<String>> = words.iter().map(|w| other_forms(w)).collect();
    for rank in 0..forms.iter().map(Vec::len).max().unwrap_or(0) {
        forms
            .iter()
            .filter_map(|f| f.get(rank))
            .for_each(|form| push(form.clone()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hyphenated_word_is_searched_closed_too() {
        assert_eq!(closed_compound("Netzwerk-Karte").as_deref(), Some("Netzwerkkarte"));
        assert_eq!(closed_compound("E-Mail").as_deref(), Some("Email"));
        assert_eq!(closed_compound("COVID-19"), None);
        assert_eq!(closed_compound("Trainings-"), None);
        let searches = keyword_searches(&Query::new("Netzwerk-Karte im Computer"));
        for closed in ["Netzwerkkarte", "Netzwerkkarten"] {
            assert!(searches.iter().any(|s| s == closed), "{closed}: {searches:?}");
        }
    }

    #[test]
    fn regular_endings_give_the_other_forms() {
        assert_eq!(other_forms("Funktion"), ["Funktione", "Funktionen", "Funktioner"]);
        assert_eq!(other_forms("Adverb").last().map(String::as_str), Some("Adverbien"));
        assert_eq!(other_forms("Reptilien")[0], "Reptil");
        assert_eq!(other_forms("Bohrsches")[0], "Bohr", "an adjective made of a name");
        assert_eq!(name_of_adjective("Mendelsche"), Some("Mendel"));
        assert_eq!(name_of_adjective("elektrische"), None);
        assert_eq!(name_of_adjective("Elektrische"), None, "an adjective in -isch");
        assert_eq!(other_forms("Volkslied")[2], "Volkslieder");
        // A superlative: its adjective's forms.
        assert_eq!(
            other_forms("spektakulärsten"),
            ["spektakuläre", "spektakulären", "spektakulär"]
        );
        assert_eq!(other_forms("Funktionen"), ["Funktione", "Funktion"]);
        assert_eq!(other_forms("Winkelsumme"), ["Winkelsummen", "Winkelsumm"]);
        assert_eq!(other_forms("Vulkane"), ["Vulkanen", "Vulkan"]);
        assert_eq!(
            other_forms("elektrischer"),
            ["elektrische", "elektrischen", "elektrisch"]
        );
        assert_eq!(other_forms("lineare"), ["linearen", "linear"]);
        assert_eq!(other_forms("Dreieck"), ["Dreiecke", "Dreiecken", "Dreiecker"]);
        assert_eq!(other_forms("Vogel"), ["Vogeln"]);
        assert_eq!(other_forms("Toter"), ["Totern", "Tote", "Toten"]);
        assert_eq!(other_forms("Stoikern"), ["Stoiker", "Stoikerne", "Stoikernen"]);
        assert_eq!(other_forms("Vögeln")[0], "Vögel");
        assert_eq!(other_forms("Museums"), ["Museum", "Museumse", "Museumsen"]);
        assert_eq!(other_forms("Kreis")[0], "Kreise", "no genitive after a vowel");
        assert_eq!(
            other_forms("Stromkreis"),
            ["Stromkreise", "Stromkreisen", "Stromkreiser"]
        );
        assert!(other_forms("KI").is_empty());
        assert_eq!(
            other_forms("Strahlensatz"),
            [
                "Strahlensatze",
                "Strahlensatzen",
                "Strahlensatzer",
                "Strahlensätze",
                "Strahlensätzer"
            ]
        );
        assert_eq!(other_forms("Haus")[3..], ["Häuse", "Häuser"]);
        assert_eq!(other_forms("Brüche"), ["Brüchen", "Brüch"]);
        assert_eq!(other_forms("Blüte"), ["Blüten", "Blüt"], "no Blut");
        assert!(other_forms("Herz-Kreislauf").is_empty());
        // Loanwords replace their ending.
        assert_eq!(other_forms("Evangelium")[0], "Evangelien");
        assert_eq!(other_forms("Praktikum")[0], "Praktika");
        assert_eq!(other_forms("Praktika")[0], "Praktikum");
        assert_eq!(other_forms("Rhythmus")[0], "Rhythmen");
        assert_eq!(other_forms("Thema")[0], "Themen");
        assert_eq!(other_forms("Studien")[0], "Studium");
    }

    #[test]
    fn the_keyword_searches_of_a_query() {
        let searches = |q: &str| keyword_searches(&Query::new(q));
        assert_eq!(
            searches("lineare Funktion"),
            [
                "lineare Funktion",
                "lineare",
                "Funktion",
                "linearen",
                "Funktione",
                "linear",
                "Funktionen",
                "Funktioner"
            ]
        );
        assert_eq!(
            searches("Kurzgeschichte analysieren"),
            ["Kurzgeschichte", "Kurzgeschichten", "Kurzgeschicht"]
        );
        assert_eq!(searches("Geografie"), ["Geografie"]);
        assert_eq!(
            searches("Telefon"),
            [
                "Telefon",
                "Telephon",
                "Telefone",
                "Telefonen",
                "Telefoner",
                "Teleföne",
                "Teleföner"
            ]
        );
        // A word's other spelling comes before the other forms, which a
        // query of several words has more of than the searches can send.
        let three = searches("Photographien als historische Quelle");
        assert_eq!(three.len(), MAX_KEYWORD_SEARCHES);
        assert!(three.contains(&"Fotografien".to_string()), "{three:?}");
        assert!(searches("If-Clauses").contains(&"If Clauses".to_string()));
        assert!(searches("  ").is_empty());
        let many = searches("Winkelsumme Dreieck Viereck Fünfeck Sechseck");
        assert_eq!(many.len(), MAX_KEYWORD_SEARCHES);
    }
}
