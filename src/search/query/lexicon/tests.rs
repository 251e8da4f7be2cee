//! Unit tests of the words the query lexicon knows by name.

use super::*;

#[test]
fn stopwords_are_case_insensitive() {
    assert!(is_stopword("Für"));
    assert!(is_stopword("im"));
    assert!(!is_stopword("Photosynthese"));
}

#[test]
fn a_listed_activity_in_the_first_person_is_a_request_word() {
    for word in ["löse", "Erkläre", "vergleiche"] {
        assert!(is_framing_word(word), "{word}");
        assert!(!is_framing_part(word), "{word} is no part of a compound");
    }
    // Only the first person of a listed activity, not any word in -e.
    for word in ["Rose", "gehe", "Lösung"] {
        assert!(!is_framing_word(word), "{word}");
    }
}

#[test]
fn instructions_weighing_clubs_and_the_upper_schools_phases_are_framing() {
    for word in [
        "Anleitung",
        "Nachteile",
        "Einführungsphase",
        "Qualifikationsphase",
        "unterscheiden",
        "plane",
    ] {
        assert!(is_framing_word(word), "{word}");
    }
    // A school club, but no part of a closed compound ("Vortrag").
    assert!(is_framing_word("AG"));
    assert!(!is_framing_word("Vortrag"));
    for word in ["Ableitung", "Einführung", "Planet"] {
        assert!(!is_framing_word(word), "{word}");
    }
}

#[test]
fn a_school_day_given_to_a_topic_is_framing() {
    assert!(is_framing_word("Projekttag"));
    assert!(is_framing_word("Projektwoche"));
    assert!(!is_framing_word("Projektmanagement"));
}

#[test]
fn learners_by_grade_and_the_upper_school_s_words_are_framing() {
    for word in [
        "Erstklässler",
        "Fünftklässlerinnen",
        "Zwölftklässlern",
        "Kursstufe",
        "Abi",
    ] {
        assert!(is_framing_word(word), "{word}");
    }
    for word in ["Klässler", "Mitklässler", "Abitur"] {
        assert!(!is_framing_word(word), "{word}");
    }
}

#[test]
fn a_compound_of_two_framing_words_is_framing() {
    for word in [
        "Anfängerkurs",
        "Oberstufenkurs",
        "Grundschulklasse",
        "Einsteigerkurse",
        "Lernjahr",
    ] {
        assert!(is_framing_word(word), "{word}");
    }
    // A topic beside a framing word, and a request word, make none.
    for word in ["Förderkurs", "Klassenfahrt", "Schülerzeitung", "Suchmaschine", "Kurs"] {
        assert!(is_framing_word(word) == (word == "Kurs"), "{word}");
    }
}

#[test]
fn possessive_demonstrative_and_object_pronouns_are_stopwords() {
    for word in ["ihre", "Seine", "dieses", "euren", "mich", "Ihnen"] {
        assert!(is_stopword(word), "{word}");
    }
}

#[test]
fn quantifiers_are_stopwords() {
    for word in [
        "verschiedenen",
        "allen",
        "viel",
        "mehreren",
        "anderen",
        "Unterschiedliche",
    ] {
        assert!(is_stopword(word), "{word}");
    }
    // Not the nouns and verbs of their stems.
    for word in ["Unterschiede", "Vielfalt", "unterscheiden", "Allee"] {
        assert!(!is_stopword(word), "{word}");
    }
}

#[test]
fn the_upper_schools_phases_by_short_name_and_older_learners_are_framing() {
    for word in [
        "Q-Phase",
        "e-phase",
        "Q1",
        "Q4",
        "EF",
        "Jugendliche",
        "Fortgeschrittenen",
    ] {
        assert!(is_framing_word(word), "{word}");
    }
    for word in ["Q5", "Phase", "Jugend", "Jugendkultur", "Fortschritt"] {
        assert!(!is_framing_word(word), "{word}");
    }
}

#[test]
fn material_words() {
    assert_eq!(material_stems("Arbeitsblätter"), ["arbeitsblatt"]);
    assert_eq!(material_stems("Erklärvideo"), ["video", "film"]);
    assert!(material_stems("Unterricht").is_empty());
    assert!(material_stems("Photosynthese").is_empty());
    assert!(is_framing_word("Quiz") && is_framing_word("Thema"));
}

#[test]
fn grade_tokens() {
    for t in ["6", "10", "5-6", "5/6", "ii"] {
        assert!(is_grade_token(t), "{t}");
    }
    for t in ["6a", "x", "", "-"] {
        assert!(!is_grade_token(t), "{t}");
    }
}

#[test]
fn synonym_lookup() {
    assert_eq!(synonyms_of("KI"), ["künstliche intelligenz", "artificial intelligence"]);
    assert!(synonyms_of("photosynthese").is_empty());
    assert_eq!(synonym_keys().count(), 20);
    assert_eq!(synonym_keys().next(), Some("ki"));
}

#[test]
fn the_verbs_of_how_it_works_and_what_happens_frame_a_question() {
    for word in ["funktioniert", "Funktionieren", "passiert", "erkennt", "bedeutet"] {
        assert!(is_framing_word(word), "{word}");
        assert!(!is_framing_part(word), "{word} is no part of a compound");
    }
    for word in ["Funktion", "Funktionen", "Passierschein", "Erkenntnis", "Bedeutung"] {
        assert!(!is_framing_word(word), "{word}");
    }
}

#[test]
fn the_other_question_adverbs_are_stopwords() {
    for word in [
        "Wozu", "wieso", "Weshalb", "weswegen", "wofür", "Woher", "wodurch", "worüber", "Woraus", "wobei",
    ] {
        assert!(is_stopword(word), "{word}");
    }
    for word in ["Wohnort", "Wortart", "Wonne"] {
        assert!(!is_stopword(word), "{word}");
    }
}

#[test]
fn teachers_and_a_collection_of_material_are_framing() {
    for word in ["Lehrkräfte", "Lehrer", "Lehrerinnen", "Lehrkraft", "Materialsammlung"] {
        assert!(is_framing_word(word), "{word}");
    }
    // As a compound's last part too ("Physik|lehrkräfte").
    assert!(is_framing_part("Lehrkräfte"));
    assert!(!is_framing_word("Lehrerordner"));
    assert!(!is_framing_word("Lehre"));
}

#[test]
fn adverbs_of_how_often_and_when_and_pointing_adverbs_are_stopwords() {
    for word in ["manchmal", "Immer", "eigentlich", "dafür", "darüber", "ab", "während"] {
        assert!(is_stopword(word), "{word}");
    }
    // Adverbs that are also a topic or a verb's particle stay topic words.
    for word in ["wieder", "heute", "gerade", "ganz", "wirklich", "mal", "fast"] {
        assert!(!is_stopword(word), "{word}");
    }
}

#[test]
fn how_a_class_is_grouped_is_framing() {
    for word in ["Gruppenpuzzle", "Partnerarbeit", "Stationenlernen"] {
        assert!(is_framing_word(word), "{word}");
    }
    assert!(!is_framing_word("Gruppe"));
}

#[test]
fn what_a_worksheet_asks_a_class_to_do_is_framing() {
    for word in ["unterstreichen", "ankreuzen", "benennen", "beschriften"] {
        assert!(is_framing_word(word), "{word}");
    }
    // Not the topic a verb names too ("Darstellen und Gestalten").
    for word in ["darstellen", "zeichnen", "Unterstreichung"] {
        assert!(!is_framing_word(word), "{word}");
    }
}

#[test]
fn cards_with_pictures_or_words_are_framing() {
    for word in ["Bildkarten", "Wortkarte"] {
        assert!(is_framing_word(word), "{word}");
    }
    // Not the cards a topic's keywords name ("Karteikarten Vokabeln").
    assert!(!is_framing_word("Karteikarten"));
}
