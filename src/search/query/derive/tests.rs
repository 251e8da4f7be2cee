//! Unit tests of the word formation rules (`mod.rs`).

use super::*;
use crate::search::query::fold;

fn derived(a: &str, b: &str) -> bool {
    same_derivation(&fold(a), &fold(b))
}

#[test]
fn verbs_in_ieren_meet_their_nouns() {
    for (verb, noun) in [
        ("addieren", "Addition"),
        ("subtrahieren", "Subtraktion"),
        ("Subtrahieren", "Subtraktionen"),
        ("multiplizieren", "Multiplikation"),
        ("dividiert", "Division"),
        ("integrieren", "Integration"),
        ("manipulieren", "Manipulation"),
        ("modellieren", "Modellierung"),
        ("konstruierst", "Konstruktion"),
        ("reduziert", "Reduktion"),
        ("reagieren", "Reaktion"),
        ("polymerisieren", "Polymerisation"),
        ("selektiert", "Selektion"),
        ("funktionieren", "Funktion"),
        ("industrialisiert", "Industrialisierung"),
        // Two nouns of one verb.
        ("Gamifizierung", "Gamifikation"),
        ("Klassifizierungen", "Klassifikation"),
        ("Isolierung", "Isolation"),
    ] {
        assert!(derived(verb, noun), "{verb} / {noun}");
        assert!(derived(noun, verb), "{noun} / {verb}");
    }
}

#[test]
fn a_verb_meets_its_noun_in_ung() {
    let ung = |verb: &str, noun: &str| ung_noun_of(&fold(verb), &fold(noun));
    for (verb, noun) in [
        ("verwenden", "Verwendung"),
        ("verwendet", "Verwendung"),
        ("zerlegen", "Zerlegung"),
        ("zerlegt", "Zerlegung"),
        ("verändern", "Veränderungen"),
        ("verändert", "Veränderung"),
        ("bildet", "Bildung"),
        ("entwickeln", "Entwicklung"),
        ("sammeln", "Sammlung"),
        ("darstellen", "Darstellungen"),
    ] {
        assert!(ung(verb, noun), "{verb} / {noun}");
    }
    // Not a short root, not another verb, not the noun itself, not
    // the wrong way round.
    for (verb, noun) in [
        ("lösen", "Lösungen"),
        ("bilden", "Bilder"),
        ("bilden", "Abbildung"),
        ("verwenden", "Verwendungen-"),
        ("Verwendung", "Verwendung"),
        ("Verwendung", "verwenden"),
        ("bildern", "Bildung"),
    ] {
        assert!(!ung(verb, noun), "{verb} / {noun}");
    }
}

#[test]
fn an_adjective_in_isch_meets_the_learned_noun_in_ie_it_is_made_from() {
    for (adjective, noun) in [
        ("trigonometrische", "Trigonometrie"),
        ("demokratischen", "Demokratie"),
        ("symmetrisch", "Symmetrien"),
    ] {
        assert!(derived(adjective, noun), "{adjective} / {noun}");
        assert!(derived(noun, adjective), "{noun} / {adjective}");
    }
    // Not a science's adjective in "-logisch", not an adjective in
    // "-ell", not a short noun, not two adjectives.
    for (a, b) in [
        ("ökologische", "Ökologie"),
        ("biologisch", "Biologie"),
        ("konjunkturelle", "Konjunktur"),
        ("traditionelle", "Tradition"),
        ("magisch", "Magi"),
        ("demokratisch", "demokratische"),
    ] {
        assert!(!derived(a, b), "{a} / {b}");
    }
}

#[test]
fn a_people_or_a_country_meets_its_adjective_in_isch() {
    for (adjective, noun) in [
        ("salischen", "Salier"),
        ("staufische", "Staufer"),
        ("ottonisch", "Ottonen"),
        ("römischer", "Römer"),
        ("syrischer", "Syrien"),
        ("kroatische", "Kroatien"),
    ] {
        assert!(derived(adjective, noun), "{adjective} / {noun}");
        assert!(derived(noun, adjective), "{noun} / {adjective}");
    }
    // Not a stem that short, nor another noun of the adjective's stem.
    for (a, b) in [
        ("fischen", "Fer"),
        ("praktisch", "Praktiker"),
        ("technische", "Technik"),
    ] {
        assert!(!derived(a, b), "{a} / {b}");
    }
}

#[test]
fn a_noun_in_ismus_meets_its_adjective_in_istisch_and_its_followers_in_ist() {
    for (noun, adjective) in [
        ("Extremismus", "extremistische"),
        ("Hinduismus", "hinduistisch"),
        ("Tourismus", "touristischen"),
        ("Egoismus", "egoistisches"),
        // Its followers, in "-ist".
        ("Empirismus", "Empiristen"),
        ("Kapitalismus", "Kapitalisten"),
        ("Feminismus", "Feministin"),
    ] {
        assert!(derived(noun, adjective), "{noun} / {adjective}");
        assert!(derived(adjective, noun), "{adjective} / {noun}");
    }
    // Not another noun or adjective of the root, nor another ending.
    for (a, b) in [
        ("Extremismus", "extreme"),
        ("Statistik", "statistisch"),
        ("Realismus", "realistischste"),
        ("Kapitalismus", "Kapital"),
        ("Christentum", "Christen"),
    ] {
        assert!(!derived(a, b), "{a} / {b}");
    }
}

#[test]
fn cardinals_are_read_from_words_and_digits() {
    for (word, n) in [
        ("zehn", 10),
        ("Zwölf", 12),
        ("hundert", 100),
        ("10", 10),
        ("1000", 1000),
        ("10.000", 10_000),
        ("1.000.000", 1_000_000),
        ("dreißig", 30),
        ("einundzwanzig", 21),
        ("neunundneunzig", 99),
        ("einhundert", 100),
        ("zweihundertfünfzig", 250),
        ("zehntausend", 10_000),
        ("hunderttausend", 100_000),
        ("dreitausendeins", 3001),
    ] {
        assert_eq!(cardinal(&fold(word)), Some(n), "{word}");
    }
    // The article is no number, nor an ordinal, a fraction, a decimal
    // or another word made of a number's parts.
    for word in [
        "ein",
        "zehnte",
        "Zehntel",
        "Elfen",
        "",
        "1.5",
        "12.34",
        "und",
        "zehnund",
        "einundzehn",
        "Tausendfüßler",
        "Hundertwasser",
        "Zehner",
    ] {
        assert_eq!(cardinal(&fold(word)), None, "{word}");
    }
}

#[test]
fn digits_before_a_hyphen_meet_their_number_word_in_a_closed_compound() {
    for (hyphenated, closed) in [
        ("30-jähriger", "Dreißigjähriger"),
        ("30-jährige", "Dreißigjähriger"),
        ("100-jähriger", "Hundertjährige"),
    ] {
        assert!(
            number_compound_of(&fold(hyphenated), &fold(closed)),
            "{hyphenated} / {closed}"
        );
    }
    for (hyphenated, closed) in [
        ("30-jähriger", "Hundertjähriger"),
        ("30-jähriger", "dreißig"),
        ("G20-Gipfel", "Zwanziggipfel"),
        ("dreißig-jähriger", "Dreißigjähriger"),
        ("30-Jahre", "Dreißigjährige"),
    ] {
        assert!(
            !number_compound_of(&fold(hyphenated), &fold(closed)),
            "{hyphenated} / {closed}"
        );
    }
}

#[test]
fn a_strong_verb_with_a_prefix_meets_the_noun_of_its_changed_vowel() {
    for (verb, noun) in [
        ("umgehen", "Umgang"),
        ("umzugehen", "Umgang"),
        ("abschließen", "Abschluss"),
        ("einfließen", "Einflüsse"),
        ("entwerfen", "Entwurf"),
    ] {
        assert!(derived(verb, noun), "{verb} / {noun}");
        assert!(derived(noun, verb), "{noun} / {verb}");
    }
    // Not without a prefix, not another prefix, not a verb left out.
    for (a, b) in [
        ("gehen", "Gang"),
        ("umgehen", "Ausgang"),
        ("ausziehen", "Auszug"),
        ("umgehen", "Umgangssprache"),
    ] {
        assert!(!derived(a, b), "{a} / {b}");
    }
}

#[test]
fn other_words_in_ier_or_ion_do_not() {
    for (a, b) in [
        ("regieren", "Region"),
        ("Papiere", "Passion"),
        ("Tiere", "Titration"),
        ("addieren", "Adaption"),
        ("integrieren", "Integral"),
        ("Addition", "Subtraktion"),
        ("studieren", "Studie"),
        ("passiert", "Passion"),
        ("rebellieren", "Rebell"),
        ("motivierende", "Motivation"),
        ("Regierung", "Region"),
        ("Passierung", "Passion"),
    ] {
        assert!(!derived(a, b), "{a} / {b}");
    }
}

#[test]
fn ordinals_are_read_from_words_and_digits() {
    assert_eq!(ordinal(&fold("fünften")), Some(5));
    assert_eq!(ordinal(&fold("Zweiter")), Some(2));
    assert_eq!(ordinal(&fold("zwölftes")), Some(12));
    assert_eq!(ordinal(&fold("zwanzigsten")), Some(20));
    assert_eq!(ordinal("5"), Some(5));
    assert_eq!(ordinal("20"), Some(20));
    assert_eq!(ordinal("acht"), None);
    assert_eq!(ordinal("1945"), None);
    assert_eq!(ordinal("erstaunlich"), None);
    assert_eq!(ordinal("0"), None);
}
