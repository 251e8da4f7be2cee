//! The compound splitter's unit tests: known terms, the segmentation and
//! the query-level split, on small hand-made term sets and on the
//! stand-in's words that issue #24's examples need.

use super::split::Part;
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
fn a_truncated_part_before_an_unknown_one_hides_no_split() {
    // "Schwi|mmabze|ichen" covers more letters, but a truncated part must
    // be followed by a known one.
    let k = known(&["Schwimmen", "Das bin ich"]);
    let parts = split_word("Schwimmabzeichen", &k, Mode::Repository).unwrap();
    assert_eq!(texts(&parts), [("schwimm", true), ("abzeichen", false)]);
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
    // A whole hyphen piece is a word however short, not a fragment.
    let parts = split_word("Excel-Übungen", &k, Mode::Framing).unwrap();
    assert_eq!(texts(&parts), [("excel", false), ("übungen", true)]);
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
    // A framing word before another part makes a topic.
    assert_eq!(split_word("Videokunst", k, Mode::Framing), None);
    // Short framing words inside a word are not split off.
    assert_eq!(split_word("Testosteron", k, Mode::Framing), None);
    // No framing part: left alone until repository terms are known.
    assert_eq!(split_word("Herz-Kreislauf-System", k, Mode::Framing), None);
    assert_eq!(split_word("Kunstgeschichte", k, Mode::Framing), None);
    // A word of a request sentence is no framing part: a flat hunt and an
    // error hunt are topics.
    assert_eq!(split_word("Wohnungssuche", k, Mode::Framing), None);
    assert_eq!(split_word("Fehlersuche", k, Mode::Framing), None);
    let k = known(&["Wohnung"]);
    let parts = split_word("Wohnungssuche", &k, Mode::Repository);
    assert!(
        parts
            .as_ref()
            .is_none_or(|p| p.iter().all(|p| p.text != "suche" || !p.known)),
        "{parts:?}"
    );
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
    // A part that Snowball cut a derivation from is no truncated word:
    // "person" of "Persönlichkeits" is no "Personal".
    let k = known(&["Personal", "Persönlichkeit", "Modell"]);
    let parts = split_word("Persönlichkeitsmodell", &k, Mode::Repository).unwrap();
    assert_eq!(parts[0].surface.as_deref().unwrap_or(&parts[0].text), "persönlichkeit");
}

#[test]
fn a_shared_stem_of_a_derivation_is_no_match() {
    // "organe" and "organische" share the stem "organ".
    let d = Dictionary::new(["Verdauung", "Organische Chemie", "Ableitungen", "Mendelsche Regeln"]);
    assert_eq!(split_compounds(&d, "Verdauungsorgane").unwrap().query, "Verdauung");
    // "-ungen" is an inflection of "-ung": "Ableitungs|regeln" is about
    // Ableitungen ("Regeln", a generic head, names no topic).
    assert_eq!(split_compounds(&d, "Ableitungsregeln").unwrap().query, "Ableitungen");
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

#[test]
fn a_label_on_the_same_key_does_not_hide_a_topic_word() {
    // "construction" (an English vocabulary label) and "Konstruktionen" (a
    // title word) share the spelling key "konstruktion": the topic word and
    // its spelling win, whichever came first.
    let mut k = KnownTerms::default();
    k.add("construction", false);
    k.add_text("Geometrische Konstruktionen");
    k.add_text("Dreiecke");
    let parts = split_word("Dreieckskonstruktion", &k, Mode::Repository).unwrap();
    assert_eq!(texts(&parts), [("dreiecks", true), ("konstruktion", true)]);
    assert_eq!(parts[1].surface.as_deref(), Some("konstruktionen"));
}

#[test]
fn the_unknown_part_is_the_last_when_both_splits_cover_as_much() {
    // "Energie|erhaltung" and "Energieer|haltung" leave nine letters
    // unknown each: the first part names the topic.
    let k = known(&["Energie", "Haltung"]);
    let parts = split_word("Energieerhaltung", &k, Mode::Repository).unwrap();
    assert_eq!(texts(&parts), [("energie", true), ("erhaltung", false)]);
}

#[test]
fn a_known_last_part_alone_is_only_the_general_word() {
    let d = Dictionary::new(["Lehre", "Energie", "Gedichte"]);
    let got = split_compounds(&d, "Mengenlehre").unwrap();
    assert!(got.topic && got.head_only, "{got:?}");
    assert!(!split_compounds(&d, "Energieerhaltung").unwrap().head_only);
    assert!(
        !split_compounds(&d, "Gedichtlehre").unwrap().head_only,
        "both parts known"
    );
}
#[test]
fn of_two_splits_alike_the_one_with_fewer_topic_parts_wins() {
    // "Zinses|zinsrechnung" and "Zinseszins|rechnung" cover the word alike;
    // the second names one topic and a generic head ("Rechnung"): the
    // compound is about "Zinseszins".
    let d = Dictionary::new(["Zinseszinsen", "Zinsrechnung", "Zinsen"]);
    assert_eq!(split_compounds(&d, "Zinseszinsrechnung").unwrap().query, "Zinseszinsen");
}

#[test]
fn an_unknown_part_after_a_specific_one_leaves_the_compound_about_it() {
    let d = Dictionary::new([
        "Wasser - Trinkwasser und mehr",
        "Structured Query Language (SQL)",
        "Vögel",
    ]);
    // A long first part: the compound is about it.
    let got = split_compounds(&d, "Trinkwasseraufbereitung").unwrap();
    assert_eq!((got.query.as_str(), got.specific), ("Trinkwasser", true));
    assert_eq!(got.unrecognised, ["Aufbereitung"]);
    // A whole hyphen piece, as typed.
    let got = split_compounds(&d, "SQL-Abfragen").unwrap();
    assert_eq!((got.query.as_str(), got.specific), ("SQL", true));
    // A short one mostly starts a word on another topic.
    let got = split_compounds(&d, "Vogelgrippe").unwrap();
    assert!(!got.specific, "{got:?}");
    // Nothing unknown: nothing to be specific about.
    assert!(split_compounds(&d, "Vogeltrinkwasser").unwrap().specific);
}

#[test]
fn a_stopword_inside_a_word_is_a_prefix_not_a_part() {
    // The titles hold "nach" and "Weise" as words; "Nachweis" is one word
    // with a prefix, not "nach" + "Weise".
    let k = known(&["Stärke", "nach Art und Weise", "Durch den Wald"]);
    let parts = split_word("Stärkenachweis", &k, Mode::Repository).unwrap();
    assert_eq!(texts(&parts), [("stärke", true), ("nachweis", false)]);
    let k = known(&["Durch den Wald", "Messer"]);
    assert_eq!(split_word("Durchmesser", &k, Mode::Repository), None);
}

#[test]
fn a_last_part_that_is_a_compound_itself_names_the_topic() {
    let d = Dictionary::new([
        "Welt",
        "Bevölkerungsentwicklung",
        "Bevölkerung",
        "Entwicklung",
        "Wasser",
        "Organe",
    ]);
    let got = split_compounds(&d, "Weltbevölkerungsentwicklung").unwrap();
    assert_eq!(got.query, "Welt Bevölkerungsentwicklung");
    assert_eq!(got.trailing, ["Welt"], "the parts before the compound only narrow it");
    // A plain last part is the general word the first part's topic is a kind of.
    let got = split_compounds(&d, "Wasserorgane").unwrap();
    assert_eq!(got.trailing, ["Organe"]);
}

#[test]
fn a_word_only_keywords_hold_is_a_first_part_beside_known_ones() {
    let d = Dictionary::with_labels(std::iter::empty(), ["Mehrstimmiges Singen", "Schläge"])
        .with_keywords(["Chor", "Grund", "Singchor"]);
    let got = split_compounds(&d, "Chorsingen").unwrap();
    assert_eq!(got.query, "Chor Singen");
    assert_eq!(got.keyword_heads, ["Singen"]);
    // Never as the last part, and never beside a fragment.
    assert_eq!(split_compounds(&d, "Singechor"), None);
    assert_eq!(split_compounds(&d, "Grundpfeiler"), None);
    // A word the repository answered with is split only into title words.
    assert_eq!(split_compounds_except(&d, "Chorsingen", |_| true), None);
    // A compound of title words has no keyword heads.
    let d = Dictionary::new(["Chor", "Singen"]);
    assert!(split_compounds(&d, "Chorsingen").unwrap().keyword_heads.is_empty());
}
