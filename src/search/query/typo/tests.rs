//! Unit tests of the typo dictionary: corrections, their limits, and
//! what the keywords of the tree add.

use super::super::lexicon::synonym_keys;
use super::*;

fn dict() -> Dictionary {
    let phrases = [
        "Photosynthese",
        "Bruchrechnung",
        "Zellatmung und Photosynthese",
        "Bildung für nachhaltige Entwicklung",
        "Sekundarstufe I",
    ];
    Dictionary::new(phrases.into_iter().chain(synonym_keys()))
}

#[test]
fn distances() {
    assert_eq!(edit_distance("", "abc"), 3);
    assert_eq!(edit_distance("abc", ""), 3);
    assert_eq!(edit_distance("kitten", "sitting"), 3);
    assert_eq!(edit_distance("ab", "ba"), 1, "adjacent swap");
    assert_eq!(edit_distance("ca", "abc"), 3, "optimal string alignment");
    assert_eq!(edit_distance("übung", "ubung"), 1, "chars, not bytes");
    assert_eq!(edit_distance("photosyntese", "photosynthese"), 1);
    assert_eq!(edit_distance("same", "same"), 0);
}

#[test]
fn corrects_misspelt_words() {
    let d = dict();
    assert_eq!(d.correct("Photosyntese").as_deref(), Some("Photosynthese"));
    assert_eq!(d.correct("Bruchrechnug").as_deref(), Some("Bruchrechnung"));
    assert_eq!(
        d.correct("Bruchrechnug für Klasse 6").as_deref(),
        Some("Bruchrechnung für Klasse 6"),
        "other words are kept verbatim"
    );
    assert_eq!(
        d.correct("photosyntese, Zellatmng!").as_deref(),
        Some("photosynthese, Zellatmung!")
    );
    assert_eq!(d.correct("PHOTOSYNTESE").as_deref(), Some("PHOTOSYNTHESE"));
    assert_eq!(
        d.correct("Nachhaltigkiet").as_deref(),
        Some("Nachhaltigkeit"),
        "synonym key"
    );
    assert_eq!(
        d.correct("Photosnythse").as_deref(),
        Some("Photosynthese"),
        "distance 2, long word"
    );
}

#[test]
fn keywords_are_real_words_and_typo_targets_behind_the_titles() {
    let d = Dictionary::new([
        "Vierecke",
        "Industrialisierung",
        "Zelluläre Kommunikation",
        "Volleyball",
    ])
    .with_keywords([
        "Parallelogramm",
        "Industrialiserung",
        "Cellulose",
        "Völkerball",
        "Trapez",
    ]);
    // A slip of a keyword's word is corrected to it, two edits are not.
    assert_eq!(d.suggest("Paralellogramm"), Some("parallelogramm"));
    assert_eq!(d.suggest("Parallelgrm"), None);
    // A word keywords hold is real: not corrected to a title's word two
    // edits away, but a keyword's slip is, to the title's word.
    assert_eq!(d.suggest("Cellulose"), None);
    assert_eq!(d.suggest("Völkerball"), None);
    assert_eq!(d.suggest("Industrialiserung"), Some("industrialisierung"));
    // Known, but no topic part for the compound splitter.
    assert!(d.contains("Trapez") && d.is_keyword_word("Trapez") && !d.is_keyword_word("Vierecke"));
    assert!(!d.words().any(|w| w == "trapez"), "{:?}", d.words().collect::<Vec<_>>());
    assert!(d.continuations("Trape", 3).is_empty());
    let d = Dictionary::new(["Quellen"]).with_keywords(["Quallen"]);
    assert_eq!(d.suggest("Quallen"), None, "a short keyword's word is real");
}

#[test]
fn an_unknown_real_word_is_no_typo() {
    // Two edits in a word of up to eight letters turn one real word
    // into another ("Elfchen" / "Epochen", "Stricken" / "Stücken").
    let d = Dictionary::new(["Epochen", "Stücken", "Zellatmung"]);
    assert_eq!(d.correct("Elfchen"), None);
    assert_eq!(d.correct("Stricken"), None);
    assert_eq!(d.correct("Zelatmng"), None, "eight letters, distance 2");
    assert_eq!(d.correct("Zellatmng").as_deref(), Some("Zellatmung"), "nine letters");
}

#[test]
fn leaves_known_far_and_insignificant_words_alone() {
    let d = dict();
    assert_eq!(d.correct("Photosynthese"), None);
    assert_eq!(d.correct("photosynthese bruchrechnung"), None, "case-insensitive");
    assert_eq!(d.correct("Xylophonkonzert"), None, "too far from everything");
    assert_eq!(d.correct("Zlatmng"), None, "length differs by 3");
}

#[test]
fn short_words_allow_a_swap_only() {
    let d = Dictionary::new(["Klima"]);
    assert_eq!(d.correct("Kilma").as_deref(), Some("Klima"), "swap = 1");
    assert_eq!(d.correct("Klxmx"), None, "5 chars, distance 2");
    assert_eq!(d.correct("Klim"), None, "4 chars: a swap only");
    assert_eq!(d.correct("Klema"), None, "5 chars: a swap only");
    assert_eq!(d.correct("Kli"), None, "3 chars are never corrected");
    assert_eq!(d.correct("Klima5"), None, "digits are never corrected");
    assert!(d.contains("KLIMA"));
    assert_eq!(d.len(), 1);
}

#[test]
fn a_letter_changed_in_a_word_of_six_or_seven_letters_makes_another_word() {
    let d = Dictionary::new([
        "Mechanische Wellen",
        "Götter und Mythen",
        "Würfel und Quader",
        "Spiegel",
    ]);
    assert_eq!(d.correct("Welfen"), None, "f for l: another word");
    assert_eq!(d.correct("Gitter"), None, "i for ö: another word");
    assert_eq!(d.correct("Quäker"), None, "k for d: another word");
    // A letter left out, added or two swapped is a slip.
    assert_eq!(d.correct("Spigel").as_deref(), Some("Spiegel"));
    assert_eq!(d.correct("Wellenn").as_deref(), Some("Wellen"));
    assert_eq!(d.correct("Wlelen").as_deref(), Some("Wellen"));
    // From eight letters on, a changed letter is a slip too.
    let d = Dictionary::new(["Photosynthese"]);
    assert_eq!(d.correct("Fotosynthase").as_deref(), Some("Photosynthese"));
}

#[test]
fn continuations_start_with_the_stem() {
    let d = Dictionary::new([
        "Vulkanismus",
        "Vulkanismus",
        "Vulkanausbruch",
        "Ausbruch",
        "Alkane",
        "Vulkan",
        "Vulkanausbrx",
    ]);
    assert_eq!(d.continuations("Vulkane", 3), ["vulkanismus", "vulkanausbruch"]);
    assert!(d.continuations("Ofen", 3).is_empty(), "short stem");
    let d = Dictionary::new(["Farne und Schachtelhalme"]);
    assert_eq!(d.opened("Farneund"), None, "a stopword is no part");
    assert!(d.continuations("Schach", 3).is_empty(), "a fragment is no continuation");
}

#[test]
fn a_word_the_titles_write_apart_is_opened() {
    let d = Dictionary::new(["Street Art", "Graffiti und Street-Art", "Streetball"]);
    assert_eq!(d.opened("Streetart"), Some("street art"));
    assert_eq!(d.opened("STREETART"), Some("street art"));
    assert_eq!(d.opened("Streetball"), None, "held as one word");
    assert_eq!(d.opened("Artstreet"), None);
}

#[test]
fn the_first_letter_stays() {
    let d = Dictionary::new(["Alkane", "Ökologie"]);
    assert_eq!(d.suggest("Vulkane"), None);
    assert_eq!(d.suggest("Aklane"), Some("alkane"));
    assert_eq!(d.suggest("Okologie"), Some("ökologie"), "umlauts folded");
    let d = Dictionary::new(["Photosynthese"]);
    assert_eq!(d.suggest("Fotosynthese"), Some("photosynthese"), "another spelling");
}

#[test]
fn a_generic_head_is_no_typo() {
    // "Analyse" is a real word: never "corrected" into another topic.
    let d = Dictionary::new(["Analysis", "Gedichte"]);
    assert_eq!(d.correct("Mengenlehre Analyse"), None);
    assert_eq!(d.correct("Gedichte Analyse"), None);
    assert_eq!(d.correct("Analysys").as_deref(), Some("Analysis"));
}

#[test]
fn two_words_equally_near_are_no_correction_two_forms_are() {
    // "Kusten" is one edit from "Kasten" and from "Kosten".
    assert_eq!(Dictionary::new(["Kasten", "Kosten"]).suggest("Kusten"), None);
    // "Kostne" is one edit from two forms of one word: the more
    // frequent, then the first seen.
    assert_eq!(
        Dictionary::new(["Koste", "Kosten", "Kosten"]).suggest("Kostne"),
        Some("kosten")
    );
    assert_eq!(Dictionary::new(["Koste", "Kosten"]).suggest("Kostne"), Some("koste"));
}

#[test]
fn a_word_written_once_beside_an_equally_near_recurring_one_is_no_second_meaning() {
    // An editor's typo in one title beside the word in several.
    let d = Dictionary::new(["Hinduismus", "Grundsätze des Hinduismus", "Jesus und Hinduimus"]);
    assert_eq!(d.suggest("Hindusimus"), Some("hinduismus"));
    // Two recurring stems stay ambiguous.
    let d = Dictionary::new(["Kasten", "Kasten", "Kosten", "Kosten"]);
    assert_eq!(d.suggest("Kusten"), None);
}

#[test]
fn stopwords_and_framing_words_are_not_corrected() {
    let d = Dictionary::new(["Videospiel", "Zwischenzeit"]);
    assert_eq!(d.correct("zwischen"), None, "stopword");
    assert_eq!(d.correct("Videos"), None, "framing word");
    let d = Dictionary::new(["über", "unter"]);
    assert_eq!(d.suggest("untr"), None, "stopwords are no candidates");
}

#[test]
fn a_held_word_is_no_typo_but_its_other_spelling_is_still_sent() {
    let d = Dictionary::new(["Francophonie", "Revolution"]);
    let held = |w: &str| ["frankophonie", "revolutio"].contains(&w.to_lowercase().as_str());
    assert_eq!(d.correct_except("Frankophonie", held).as_deref(), Some("Francophonie"));
    assert_eq!(
        d.correct_except("Revolutio", held),
        None,
        "a real word the repository holds"
    );
    assert_eq!(d.correct_except("Revolutio", |_| false).as_deref(), Some("Revolution"));
}

#[test]
fn a_typo_whose_folding_changes_its_first_letter_is_compared_as_written() {
    let dict = Dictionary::new(["Satzgruppe des Pythagoras", "Fotografie"]);
    // "Phytagoras" folds to "fytagoras", "Pythagoras" to "pytagoras".
    assert_eq!(dict.suggest("Phytagoras"), Some("pythagoras"));
    // A spelling folded alike is still no typo ("Photografie").
    assert_eq!(dict.suggest("Photografie"), Some("fotografie"));
    // As written, the word must still be near: one slip in six letters.
    assert_eq!(dict.suggest("Phasen"), None);
}

#[test]
fn two_swapped_letters_that_folding_makes_two_slips_are_one_slip_as_typed() {
    let dict = Dictionary::new(["Johann Gottlieb Fichte", "Fische"]);
    // "Fihcte" folds to "fihkte", two slips from "fichte"; as typed, one swap.
    assert_eq!(dict.suggest("Fihcte"), Some("fichte"));
    // Two slips as typed and folded stay too far for six letters.
    assert_eq!(dict.suggest("Fihkta"), None);
}

#[test]
fn a_known_word_with_a_generic_head_is_a_compound_not_a_typo() {
    let dict = Dictionary::new(["Textarten", "Takt und Rhythmus"]);
    assert_eq!(dict.suggest("Taktarten"), None);
    assert_eq!(
        dict.suggest("Textarte"),
        Some("textarten"),
        "still a typo of the title's word"
    );
}

#[test]
fn two_slips_in_a_word_of_nine_letters_make_another_word() {
    let d = Dictionary::new(["Football", "Textarten", "Satzgruppe des Pythagoras"]);
    assert_eq!(d.suggest("Floorball"), None);
    assert_eq!(d.suggest("Taktarten"), None);
    // Compared as written, a word of ten letters may have two.
    assert_eq!(d.suggest("Phytagoras"), Some("pythagoras"));
}

#[test]
fn a_slip_in_the_last_part_of_a_compound_is_corrected_in_the_compound() {
    let d = Dictionary::new(["Fitness", "Training und Ausdauer", "Verkehr", "Zeichen setzen"]);
    assert_eq!(
        d.correct("Fitnesstrainig für Jugendliche").as_deref(),
        Some("Fitnesstraining für Jugendliche")
    );
    // With a linking "s" between the parts.
    assert_eq!(d.correct("Verkehrszeichn").as_deref(), Some("Verkehrszeichen"));
    // A compound of two known words is no typo; an unknown last part far
    // from every word stays as typed.
    assert_eq!(d.correct("Fitnesszeichen"), None);
    assert_eq!(d.correct("Fitnessstudio"), None);
    // The first part is a whole known word, not the start of one.
    assert_eq!(d.correct("Fitnetrainig"), None);
}

#[test]
fn a_slip_in_another_form_of_a_title_s_word_is_corrected_to_that_word() {
    let d = Dictionary::new(["Währung", "Breitengrad und Längengrad", "Lineare Gleichungen"]);
    // A form with an ending the titles lack, and one without theirs.
    assert_eq!(d.correct("Wärungen").as_deref(), Some("Währung"));
    assert_eq!(d.correct("Breitengarde").as_deref(), Some("Breitengrad"));
    assert_eq!(d.correct("Gleichnug").as_deref(), Some("Gleichungen"));
    // Another form of a title's word is no slip, nor is another ending.
    assert_eq!(d.correct("Währungen"), None);
    let d = Dictionary::new(["Melodik", "Melodieanalyse"]);
    assert_eq!(d.correct("Melodie"), None);
    assert_eq!(d.correct("Melodien"), None);
    // Not in a compound's last part: folded with an ending, it is one slip
    // from another word there.
    let d = Dictionary::new(["Grund", "Schlangen", "Gleichungen", "Ebenen"]);
    assert_eq!(d.correct("Grundschläge"), None);
    assert_eq!(d.correct("Ebenengleichnug"), None);
}

#[test]
fn a_short_word_in_another_form_is_corrected_for_a_swap_only() {
    let d = Dictionary::new(["Chile", "Hockey", "Musik aus dem Nahen Osten"]);
    assert_eq!(d.correct("Chili"), None);
    assert_eq!(d.correct("Noah"), None);
    assert_eq!(d.correct("Hocky").as_deref(), Some("Hockey"));
}
