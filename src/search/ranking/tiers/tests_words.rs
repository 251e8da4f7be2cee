//! Unit tests of how one topic word fits the words of a text
//! (`words.rs`): forms, spellings, compounds' parts and halves.

use super::words::{Fit, TopicWord};
use crate::search::query::{Words, tokens};

fn fit(word: &str, text: &str) -> Option<Fit> {
    TopicWord::of(word).best_fit(&Words::of(text))
}

#[test]
fn forms_are_words_with_inflection_endings_not_words_of_one_stem() {
    // An inflection ending either way: another form of the word.
    assert_eq!(fit("Muskel", "Muskeln"), Some(Fit::Stem));
    assert_eq!(fit("Satzglieder", "Satzglied"), Some(Fit::Stem));
    assert_eq!(fit("Säure", "Säuren und Basen"), Some(Fit::Stem));
    // One short Snowball stem, two words: a verb is no form of a noun,
    // nor a loanword's plural.
    assert_eq!(fit("Komma", "Wie kommen wir zum Ziel?"), None);
    // A long stem is one word's.
    assert_eq!(fit("Bewerbung", "Wie bewerbe ich mich?"), Some(Fit::Stem));
    // A compound ends in the word or in a form of it, not in its stem.
    assert_eq!(fit("Metall", "Erdalkalimetalle"), Some(Fit::Part));
    assert_eq!(fit("Kreisläufe", "Blutkreislauf"), Some(Fit::Part));
    assert_eq!(fit("Bewerbung", "Wettbewerb"), None);
    assert_eq!(fit("Töpfern", "Potentialtopf"), None);
}

#[test]
fn a_three_part_compound_is_named_by_its_short_form_without_the_middle() {
    assert_eq!(fit("Audiodateiformate", "Audioformate"), Some(Fit::Clipped));
    assert_eq!(fit("Bilddateiformat", "Bildformate und Auflösung"), Some(Fit::Clipped));
    // Parts too short to be words cut a word where no part ends.
    assert_eq!(fit("Lichtausbreitung", "Lichtung"), None);
    assert_eq!(fit("Audiodateiformate", "Audiomate"), None);
    // Not the other way round: the longer compound says more.
    assert_eq!(fit("Audioformate", "Audiodateiformate"), None);
}

#[test]
fn a_closed_compound_is_named_by_a_text_that_names_both_halves() {
    assert_eq!(
        fit("Kreislaufsystem", "Blutkreislauf, Lymph- und Immunsystem"),
        Some(Fit::Part)
    );
    // One half alone is not the compound.
    assert_eq!(fit("Pausenspiele", "Intonation, Pausen und Rhythmus"), None);
    // A half is a word or a compound's last part, not a compound's start.
    assert_eq!(fit("Polarlichter", "polarisiertes Licht"), None);
}

#[test]
fn a_suspended_hyphen_names_the_compound_it_leaves_to_a_later_word() {
    assert_eq!(fit("Trainingslehre", "Trainings- und Bewegungslehre"), Some(Fit::Stem));
    assert_eq!(fit("Großschreibung", "Groß- und Kleinschreibung"), Some(Fit::Stem));
    assert_eq!(
        fit("Lymphsystem", "Blutkreislauf, Lymph- und Immunsystem"),
        Some(Fit::Stem)
    );
    // In another form, and with a list before the last word.
    assert_eq!(
        fit("Trainingslehren", "Trainings-, Spiel- und Bewegungslehre"),
        Some(Fit::Stem)
    );
    // The word before the hyphen alone, or a last part the later word
    // does not end in, is no such compound.
    assert_eq!(fit("Trainingsplan", "Trainings- und Bewegungslehre"), None);
    assert_eq!(fit("Trainingslehre", "Trainings-Lehrgang"), None);
    // Too far away: another phrase.
    assert_eq!(
        fit(
            "Trainingslehre",
            "Trainings- und Wettkampfformen für die Bewegungslehre"
        ),
        None
    );
}

#[test]
fn a_leading_hyphen_names_the_compound_it_takes_the_first_part_of() {
    assert_eq!(
        fit("Interrogativpronomen", "Interrogativbegleiter und -pronomen"),
        Some(Fit::Stem)
    );
    assert_eq!(
        fit("Datenstrukturen", "Abstrakte Datentypen / -strukturen"),
        Some(Fit::Stem)
    );
    assert_eq!(fit("Bindungskraft", "Bindungstypen und -kräfte"), Some(Fit::Stem));
    assert_eq!(fit("Genexpression", "Genregulation und -expression"), Some(Fit::Stem));
    // The first part must start the earlier word.
    assert_eq!(fit("Relativpronomen", "Interrogativbegleiter und -pronomen"), None);
    // Too far away: another phrase.
    assert_eq!(
        fit("Datenstrukturen", "Datentypen in Python, Java und C und -strukturen"),
        None
    );
}

#[test]
fn a_topic_word_cut_from_the_query_s_word_fits_that_word() {
    let typed = |query: &str| tokens(query).map(str::to_string).collect::<Vec<_>>();
    let cut = |word: &str, query: &str| TopicWord::of(word).at(&typed(query)).cut_from(&typed(query));
    let hypotheses = cut("Hypothesen", "Hypothesentests für Klasse 12");
    assert_eq!(hypotheses.best_fit(&Words::of("Hypothesentests")), Some(Fit::Stem));
    assert_eq!(hypotheses.best_fit(&Words::of("Hypothesentest")), Some(Fit::Stem));
    // Typed as it is, the word is the first part of the compound only.
    let apart = cut("Hypothesen", "Hypothesen testen");
    assert_eq!(apart.best_fit(&Words::of("Hypothesentests")), Some(Fit::Head));
}

#[test]
fn one_base_with_two_inflection_endings_is_one_word() {
    assert_eq!(fit("Ersten", "Erster Weltkrieg"), Some(Fit::Stem));
    assert_eq!(fit("Erstes", "ersten"), Some(Fit::Stem));
    // Not an ending: another word of the stem.
    assert_eq!(fit("Komma", "Wie kommen wir"), None);
}

#[test]
fn the_study_of_a_topic_names_it_as_another_form() {
    assert_eq!(fit("Instrumente", "Instrumentenkunde"), Some(Fit::Stem));
    assert_eq!(fit("Farben", "Farbenlehre"), Some(Fit::Stem));
    assert_eq!(fit("Instrumente", "Instrumentenbau"), Some(Fit::Head));
}

#[test]
fn a_word_with_a_hyphen_or_without_is_one_word() {
    assert_eq!(fit("eMail", "E-Mail"), Some(Fit::Exact));
    assert_eq!(fit("Be-Bop", "Bebop"), Some(Fit::Exact));
    assert_eq!(fit("Lerntransfer", "Lern-Transfer"), Some(Fit::Exact));
    // In another form, too: the compound closed is one word of one stem.
    assert_eq!(fit("Netzwerk-Karte", "Netzwerkkarten"), Some(Fit::Stem));
    assert_eq!(fit("Netzwerkkarte", "Netzwerk-Karten"), Some(Fit::Stem));
    assert_ne!(fit("Netzwerk-Karte", "Netzwerke"), Some(Fit::Stem), "a part is no form");
    assert_ne!(
        fit("Fußball", "Fußball-EM"),
        Some(Fit::Stem),
        "an abbreviation is no ending"
    );
}

#[test]
fn a_first_part_that_dropped_its_e_is_the_word_with_it() {
    assert_eq!(fit("Erdaufbau", "Den Aufbau der Erde nachvollziehen"), Some(Fit::Part));
    assert_eq!(fit("Erdaufbau", "Aufbau einer Zelle"), None);
}

#[test]
fn a_latin_plural_in_ien_is_another_form() {
    let adverb = TopicWord::of("Verbaladverb");
    assert_eq!(adverb.best_fit(&Words::of("Verbaladverbien")), Some(Fit::Stem));
    assert_eq!(
        TopicWord::of("Reptilien").best_fit(&Words::of("Reptil")),
        Some(Fit::Stem)
    );
    // Only after the endings that take it: "Spanien" is no plural of "Span".
    assert_eq!(TopicWord::of("Spanien").best_fit(&Words::of("Span")), None);
}

#[test]
fn a_piece_of_a_hyphenated_word_is_a_part_of_the_compound() {
    // The hyphen marks the parts, however short the first one.
    assert_eq!(fit("Zen", "Zen-Buddhismus"), Some(Fit::Part));
    assert_eq!(fit("Buddhismus", "Zen-Buddhismus"), Some(Fit::Part));
    assert_eq!(fit("Druck", "3D-Druck"), Some(Fit::Part));
    // Not a piece: a word that merely starts another.
    assert_eq!(fit("Zen", "Zentralasien"), None);
}

#[test]
fn a_noun_derived_from_the_topic_word_is_another_form_of_it() {
    assert_eq!(fit("Ritter", "Adel und Rittertum"), Some(Fit::Stem));
    assert_eq!(fit("Isomere", "Isomerie in der organischen Chemie"), Some(Fit::Stem));
    assert_eq!(fit("Fischer", "Fischerei"), Some(Fit::Stem));
    // An adjective is no noun of the field ("ökologische" / "Ökologie").
    assert_eq!(fit("ökologische", "Ökologie"), None);
    // A short word is mostly the start of another ("Part" / "Partei").
    assert_eq!(fit("Part", "Partei"), None);
    // Another ending: the start of another word, no form of this one.
    assert_eq!(fit("Ritter", "Rittersporn"), Some(Fit::Head));
}

#[test]
fn two_words_of_the_query_are_named_by_the_compound_they_make() {
    use super::closed::closed_in;
    let (first, last) = (TopicWord::of("Instrumente"), TopicWord::of("bauen"));
    assert!(closed_in(&first, &last, &Words::of("Instrumentenbau")));
    assert!(closed_in(
        &TopicWord::of("Wasser"),
        &TopicWord::of("Kreislauf"),
        &Words::of("Der Wasserkreislauf")
    ));
    // The other order, or another last part, is another word.
    assert!(!closed_in(&last, &first, &Words::of("Instrumentenbau")));
    assert!(!closed_in(&first, &last, &Words::of("Instrumentenbauer und Baukunst")));
}

#[test]
fn an_english_plural_in_ies_is_another_form_of_its_word() {
    assert_eq!(fit("City", "Global Cities"), Some(Fit::Stem));
    assert_eq!(fit("Stories", "Short Story"), Some(Fit::Stem));
    // Too short a word: no plural rule.
    assert_eq!(fit("Ly", "Lies"), None);
}

#[test]
fn a_latin_neuter_plural_in_ora_or_era_is_another_form_of_its_word() {
    assert_eq!(fit("Tempora", "Tempus"), Some(Fit::Stem));
    assert_eq!(fit("Genus", "Genera der Substantive"), Some(Fit::Stem));
    // Another ending, or too short a stem, is another word.
    assert_eq!(fit("Tempora", "Temperatur"), None);
    assert_eq!(fit("Opus", "Opera"), None);
}

#[test]
fn a_compound_of_a_process_head_is_named_loosely_by_its_first_part() {
    // What happens to a thing is about the thing.
    assert_eq!(fit("Schattenbildung", "Licht und Schatten"), Some(Fit::Aspect));
    assert_eq!(fit("Vulkanausbruch", "Vulkan"), Some(Fit::Aspect));
    assert_eq!(fit("Nierenfunktion", "Niere"), Some(Fit::Aspect));
    // Or the doctrine named after it.
    assert_eq!(fit("Vulkanausbruch", "Vulkanismus"), Some(Fit::Aspect));
    // Both halves still name the compound itself, more closely.
    assert_eq!(fit("Schattenbildung", "Bildung von Schatten"), Some(Fit::Part));
    // Any other last part makes another thing: a balloon is no weather.
    assert_eq!(fit("Wetterballon", "Wetter und Klima"), None);
    // The first part as a word, not as the start of another one.
    assert_eq!(fit("Schattenbildung", "Schattenspiel"), None);
}

#[test]
fn a_suspended_first_part_takes_the_last_part_of_the_compound_after_it() {
    let tokens: Vec<String> = ["Kosten-", "und", "Leistungsrechnung"].map(String::from).to_vec();
    let kosten = TopicWord::of("Kosten-").suspended_before(&tokens);
    assert_eq!(kosten.best_fit(&Words::of("Kostenrechnung")), Some(Fit::Stem));
    assert_eq!(kosten.best_fit(&Words::of("Kostenfunktion")), None);
    // Without the word after it, it is completed by nothing.
    assert_eq!(TopicWord::of("Kosten-").best_fit(&Words::of("Kostenrechnung")), None);
}

#[test]
fn a_short_adjective_meets_its_other_endings() {
    // Snowball leaves the endings of "freien" and "freier": one base.
    assert_eq!(fit("freien", "Freier Fall"), Some(Fit::Stem));
    assert_eq!(fit("freiem", "freie Wahlen"), Some(Fit::Stem));
    // Another word that starts alike is no form of it.
    assert_eq!(fit("freien", "Freizeit"), None);
}

#[test]
fn an_ordinal_meets_its_digits_and_a_verb_in_ieren_its_noun() {
    assert_eq!(fit("fünften", "5. Hauptgruppe: Stickstoffgruppe"), Some(Fit::Stem));
    assert_eq!(fit("Zweiter", "2. Weltkrieg"), Some(Fit::Stem));
    assert_eq!(fit("zwanzigsten", "Musiktheater im 20. Jahrhundert"), Some(Fit::Stem));
    assert_eq!(fit("fünften", "6. Hauptgruppe: Chalkogene"), None);
    assert_eq!(fit("Subtrahieren", "schriftliche Subtraktion"), Some(Fit::Stem));
    assert_eq!(fit("Integration", "Wie integriere ich?"), Some(Fit::Stem));
    // "Region" is no noun of "regieren": at most a word that starts alike.
    assert_eq!(fit("regieren", "Regionen Europas"), Some(Fit::Head));
}

#[test]
fn a_number_meets_itself_only_in_any_grouping() {
    assert_eq!(fit("100000", "Zahlen bis 100.000"), Some(Fit::Exact));
    assert_eq!(fit("100.000", "Zahlen bis 100000"), Some(Fit::Exact));
    // Another number that starts with its digits is no form of it.
    assert_eq!(fit("10000", "Zahlen bis 100.000"), None);
    assert_eq!(fit("100", "Zahlen bis 1000"), None);
    // A number still starts a word of letters ("1968er").
    assert!(fit("1968", "1968er-Bewegung").is_some());
}

#[test]
fn a_number_written_as_a_word_meets_its_digits() {
    assert_eq!(fit("zehn", "Zahlen bis 10"), Some(Fit::Stem));
    assert_eq!(fit("100", "Zahlen bis hundert"), Some(Fit::Stem));
    // Another number is no form of it, nor is the article a number.
    assert_eq!(fit("zehn", "Zahlen bis 100"), None);
    assert_eq!(fit("ein", "Zahlen bis 1"), None);
}

#[test]
fn a_verb_is_named_by_its_noun_in_ung_an_adjective_is_not() {
    let fit_in = |word: &str, query: &str, text: &str| {
        let query: Vec<String> = tokens(query).map(str::to_string).collect();
        TopicWord::of(word).at(&query).best_fit(&Words::of(text))
    };
    let acids = "Wozu werden Säuren und Basen verwendet?";
    assert_eq!(
        fit_in("verwendet", acids, "Verwendung von Säuren und Basen"),
        Some(Fit::Stem)
    );
    let adjectives = "Wie bildet man Adjektive?";
    assert_eq!(fit_in("bildet", adjectives, "Bildung der Adjektive"), Some(Fit::Stem));
    assert_eq!(fit_in("reifen", "Wie Früchte reifen", "Reifung"), Some(Fit::Stem));
    // Between an article or the start and its noun the word is an
    // adjective.
    assert_eq!(fit_in("reifen", "die reifen Früchte", "Reifung"), None);
    // Not as a word alone: nothing says it is a verb.
    assert_eq!(fit("verwendet", "Verwendung von Säuren und Basen"), None);
}

#[test]
fn a_noun_and_a_verb_are_named_by_a_compound_with_the_verbs_noun_in_ung() {
    use super::closed::closed_by_ung;
    let placed = |word: &str, query: &str| {
        let query: Vec<String> = tokens(query).map(str::to_string).collect();
        TopicWord::of(word).at(&query)
    };
    let query = "Einen Brand bekämpfen";
    let (brand, fight) = (placed("Brand", query), placed("bekämpfen", query));
    assert!(closed_by_ung(&brand, &fight, &Words::of("Brände & Brandbekämpfung")));
    // A short noun: the rest is a whole derivation.
    let query = "den Weg beschreiben";
    let (way, describe) = (placed("Weg", query), placed("beschreiben", query));
    assert!(closed_by_ung(&way, &describe, &Words::of("Wegbeschreibung")));
    // Neither the other order, nor the verb's noun alone, nor a word that
    // is no verb where it stands ("die reifen Früchte").
    assert!(!closed_by_ung(&fight, &brand, &Words::of("Brandbekämpfung")));
    assert!(!closed_by_ung(&brand, &fight, &Words::of("Bekämpfung")));
    let query = "die reifen Früchte";
    let (ripe, fruit) = (placed("reifen", query), placed("Früchte", query));
    assert!(!closed_by_ung(&fruit, &ripe, &Words::of("Fruchtreifung")));
}
