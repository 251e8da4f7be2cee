//! The German words the query analysis knows by name: stopwords
//! (`stopwords.rs`), request framing (material types, request words,
//! grades, activity verbs, the audience in `audience.rs`) and the synonym
//! map. Compared lower-case.

use self::audience::AUDIENCE_WORDS;
pub(crate) use self::stopwords::QUESTION_ADVERBS;
pub use self::stopwords::is_stopword;
use super::derive::{ordinal, ordinal_base};
use super::spelling::fold;
use super::text::char_len;

/// Request-framing words that are not material types (the material
/// types are the first column of [`MATERIAL_WORDS`]; both together are the
/// framing words): they describe the *kind* of request ("Klasse", "ich
/// suche"), not its subject. Compared lower-case.
const OTHER_FRAMING_WORDS: &[&str] = &[
    "material",
    "materialien",
    "unterrichtsmaterial",
    "unterrichtsmaterialien",
    "medien",
    "medium",
    "bildungsinhalt",
    "bildungsinhalte",
    "inhalt",
    "inhalte",
    "beispiel",
    "beispiele",
    "unterricht",
    "unterrichtsstunde",
    "unterrichtsstunden",
    "unterrichtseinheit",
    // A series of lessons on a topic ("Unterrichtsreihe Filmmusik").
    "unterrichtsreihe",
    "unterrichtsreihen",
    "unterrichtsvorhaben",
    "unterrichtssequenz",
    "unterrichtssequenzen",
    // The subject a topic is taught in ("… im Fach Wirtschaft").
    "fach",
    "schulfach",
    "unterrichtsfach",
    "stunde",
    // A lesson's plan as teachers name it ("Stundenbild Tennis").
    "stundenbild",
    "stundenbilder",
    "stundenverlauf",
    "unterrichtsverlauf",
    // The start of a lesson ("Einstiegsstunde zu Epikur", "Einstieg in
    // die Bruchrechnung").
    "einstieg",
    "einstiege",
    // What a teacher asks for besides material ("Ideen für …",
    // "Stundenideen").
    "idee",
    "ideen",
    "anregung",
    "anregungen",
    "tipps",
    "lerneinheit",
    // Ways of teaching a topic ("Stationenlernen zum Magnetismus").
    "stationenlernen",
    "stationslernen",
    "stationsarbeit",
    "lernstationen",
    "lernzirkel",
    // How a class is grouped to work on a topic ("Gruppenpuzzle: die
    // Weimarer Republik").
    "gruppenpuzzle",
    "expertenpuzzle",
    "partnerarbeit",
    "einzelarbeit",
    // A visit to the place of a topic ("Bauernhofbesuch mit der Klasse",
    // "Exkursion ins Watt"): how the class meets the topic, not which.
    "besuch",
    "besuche",
    "ausflug",
    "ausflüge",
    "exkursion",
    "exkursionen",
    // School days given to a topic ("Projekttag Mülltrennung").
    "projekttag",
    "projekttage",
    "projektwoche",
    "projektwochen",
    // The grade nouns ([`GRADE_NOUNS`]) are framing too; these are the
    // school year's other forms ("im dritten Schuljahr").
    "schuljahre",
    "schuljahres",
    "schuljahren",
    // The year of learning a language ("Französisch 1. Lernjahr").
    "lernjahr",
    "lernjahre",
    "lernjahres",
    "primarstufe",
    // A school club ("Theater-AG", "Robotik-AG"): where the topic is
    // taught, not which.
    "ag",
    // Course levels of the upper school ("Sport-LK", "Basiskurs
    // Medienbildung").
    "kurs",
    "grundkurs",
    "leistungskurs",
    "basiskurs",
    "lk",
    "gk",
    // School types: for whom, not about what ("… für die Realschule").
    "gymnasium",
    "realschule",
    "hauptschule",
    "gesamtschule",
    "mittelschule",
    "förderschule",
    "berufsschule",
    // Upper schools of vocational education, as the tag of a level ("…
    // FOS"); written out, the school may be the topic ("Fachoberschule
    // oder gymnasiale Oberstufe?").
    "fos",
    "bos",
    "arbeitsmaterial",
    "arbeitsmaterialien",
    "materialsammlung",
    "thema",
    "themen",
    // Verbs of a request sentence ("… ein Experiment durchführen"; more in
    // REQUEST_WORDS).
    "durchführen",
    // What a class does with a topic ("Kurzgeschichte analysieren",
    // "Brüche üben"): the activity, not the topic.
    "analysieren",
    "interpretieren",
    "erklären",
    "erklärt",
    "erläutern",
    "berechnen",
    "üben",
    "wiederholen",
    "vergleichen",
    "untersuchen",
    "verstehen",
    "erarbeiten",
    "bearbeiten",
    "lösen",
    "beschreiben",
    "bestimmen",
    "erkennen",
    "anwenden",
    "unterscheiden",
    "planen",
    // What a class makes of it ("Podcast erstellen", "Steckbrief
    // anfertigen").
    "erstellen",
    "anfertigen",
    // What a worksheet asks a class to do with the words of a topic
    // ("Adjektive erkennen und unterstreichen", "Berufe benennen").
    "unterstreichen",
    "markieren",
    "ankreuzen",
    "ausfüllen",
    "ausmalen",
    "ausschneiden",
    "ergänzen",
    "benennen",
    "beschriften",
    // What a class weighs ("Vor- und Nachteile extensiver Landwirtschaft").
    "vorteile",
    "nachteile",
    // Cards a class learns words with ("Bildkarten zu Farben").
    "bildkarte",
    "bildkarten",
    "wortkarte",
    "wortkarten",
    // Instructions for a method ("Anleitung für ein Gruppenpuzzle").
    "anleitung",
    "anleitungen",
    // The upper school's last years and their exam, as teachers say them
    // ("Englisch Kursstufe", "Mathe Abi").
    "kursstufe",
    "abi",
    // The phases of the upper school ("Pädagogik Einführungsphase",
    // "Mathematik Q-Phase"), also as their short names ("Q1", "EF").
    "einführungsphase",
    "qualifikationsphase",
    "e-phase",
    "q-phase",
    "ef",
    "q1",
    "q2",
    "q3",
    "q4",
    // A language as whose language it is taught ("Türkisch als
    // Herkunftssprache", "Englisch als Fremdsprache"): the subject, no topic.
    "herkunftssprache",
    "herkunftssprachen",
    "fremdsprache",
    "fremdsprachen",
    "zweitsprache",
    "muttersprache",
    "erstsprache",
];

/// Adverbs of how something is explained ("einfach erklärt", "kurz
/// erklärt"): framing right before a framing word, a topic word elsewhere
/// ("Einfache Maschinen").
const MANNER_ADVERBS: &[&str] = &[
    "einfach",
    "leicht",
    "kurz",
    "verständlich",
    "anschaulich",
    "kindgerecht",
    "schnell",
];

/// An ordinal word up to the last grade of a German school is framing right
/// before a framing word ("Spanisch als zweite Fremdsprache", "im vierten
/// Schuljahr"), a topic word elsewhere ("Zweiter Weltkrieg").
const LAST_GRADE: u32 = 13;

/// A manner adverb (see [`MANNER_ADVERBS`]) or an ordinal word up to
/// [`LAST_GRADE`]: framing right before a framing word. Compared lower-case.
pub(crate) fn frames_before_framing(word: &str) -> bool {
    let lower = word.trim().to_lowercase();
    let ordinal_word =
        || !lower.chars().any(|c| c.is_ascii_digit()) && ordinal(&fold(&lower)).is_some_and(|n| n <= LAST_GRADE);
    MANNER_ADVERBS.contains(&lower.as_str()) || ordinal_word()
}

/// Request-framing words that name a *material type*: the words, the folded
/// stems that show that type in a node's title or keywords (the weak
/// material bonus of the quality score), and the learning-resource-type
/// label (`ccm:oeh_lrt_aggregated`) the request asks for, if one fits.
/// Compared lower-case.
const MATERIAL_WORDS: &[(&[&str], &[&str], Option<&str>)] = &[
    (
        &[
            "video",
            "videos",
            "erklärvideo",
            "erklärvideos",
            "lernvideo",
            "lernvideos",
            "film",
            "filme",
        ],
        &["video", "film"],
        Some("Video"),
    ),
    (&["podcast"], &["podcast"], Some("Audio")),
    (
        &["hörbeispiel", "hörbeispiele", "hörprobe", "hörproben"],
        &["horbeispiel", "horprob"],
        Some("Audio"),
    ),
    (
        &["bild", "bilder", "grafik", "grafiken", "infografik", "infografiken"],
        &["grafik", "bild"],
        Some("Bild"),
    ),
    (
        &["simulation", "simulationen"],
        &["simulation"],
        Some("Interaktives Medium"),
    ),
    (
        &["arbeitsblatt", "arbeitsblätter"],
        &["arbeitsblatt"],
        Some("Arbeitsblatt"),
    ),
    (
        &["übungsblatt", "übungsblätter"],
        &["ubungsblatt", "arbeitsblatt"],
        Some("Arbeitsblatt"),
    ),
    (&["übung", "übungen"], &["ubung"], Some("Übungsmaterial")),
    (&["aufgabe", "aufgaben"], &["aufgabe"], None),
    (
        &["quiz", "quizze", "quizzes", "test", "tests"],
        &["quiz", "test"],
        Some("Tests"),
    ),
    (&["lernspiel", "lernspiele"], &["lernspiel"], Some("Lernspiel")),
    (
        &["präsentation", "präsentationen"],
        &["prasentation", "folien"],
        Some("Präsentation"),
    ),
    (&["lernpfad", "lernpfade"], &["lernpfad"], Some("Lernobjekt")),
    (
        &[
            "unterrichtsentwurf",
            "unterrichtsentwürfe",
            "stundenentwurf",
            "stundenentwürfe",
        ],
        &["unterrichtsentwurf", "stundenentwurf"],
        Some("Unterrichtsplan"),
    ),
    (
        &["interaktiv", "interaktive", "interaktiven"],
        &["interaktiv"],
        Some("Interaktives Medium"),
    ),
    (
        &[
            "experiment",
            "experimente",
            "versuch",
            "versuche",
            "schülerexperiment",
            "schülerexperimente",
        ],
        &["experiment", "versuch"],
        Some("Experiment"),
    ),
    (&["kurs", "kurse", "onlinekurs", "onlinekurse"], &["kurs"], Some("Kurs")),
    (
        &["unterrichtsidee", "unterrichtsideen"],
        &["unterrichtsidee"],
        Some("Unterrichtsidee"),
    ),
];

/// Verbs that are a school activity as a verb and a topic as a noun
/// ("Bewerbung schreiben" / "Kreatives Schreiben"): framing only when typed
/// in lower case after another word. German capitalises nouns.
const ACTIVITY_VERBS: &[&str] = &[
    "schreiben",
    "lesen",
    "rechnen",
    "zeichnen",
    "malen",
    "singen",
    "spielen",
    "basteln",
    "sprechen",
    "hören",
];

/// An activity verb as typed in a request (see [`ACTIVITY_VERBS`]).
pub(crate) fn is_activity_verb(as_typed: &str) -> bool {
    ACTIVITY_VERBS.contains(&as_typed)
}

/// Framing nouns that name a grade; a grade number next to one ("Klasse 6",
/// "6. Klasse", "Sekundarstufe II", "9. Jahrgang", "3. Schuljahr") is
/// framing too. The year group ("Jahrgang 9") is how many schools name the
/// grade, the school year ("Schuljahr", "Schulstufe") how primary schools
/// and Austria's schools do.
const GRADE_NOUNS: &[&str] = &[
    "klasse",
    "klassenstufe",
    "jahrgangsstufe",
    "jahrgang",
    "jahrgänge",
    "schuljahr",
    "schulstufe",
    "sekundarstufe",
    "sek",
];

/// Joiners allowed between a grade noun and its numbers ("Klasse 5 bis 6").
const GRADE_JOINERS: &[&str] = &["und", "bis", "-", "–", "/"];

/// The synonym map, in a fixed order (the order matters: it decides
/// which `syn:` variants survive the 5-variant cap).
const SYNONYMS: &[(&str, &[&str])] = &[
    ("ki", &["künstliche intelligenz", "artificial intelligence"]),
    ("künstliche intelligenz", &["ki"]),
    ("oer", &["open educational resources", "freie bildungsmaterialien"]),
    ("mathe", &["mathematik"]),
    ("mathematik", &["mathe"]),
    ("bio", &["biologie"]),
    ("biologie", &["bio"]),
    ("physik", &["physics"]),
    ("chemie", &["chemistry"]),
    ("geo", &["geographie", "erdkunde"]),
    ("geographie", &["erdkunde", "geo"]),
    ("erdkunde", &["geographie", "geo"]),
    ("info", &["informatik"]),
    ("informatik", &["info", "computer science"]),
    ("grundschule", &["primarstufe"]),
    ("primarstufe", &["grundschule"]),
    ("klima", &["klimawandel", "klimaschutz"]),
    ("klimawandel", &["klima", "klimaschutz", "climate change"]),
    ("nachhaltigkeit", &["nachhaltige entwicklung", "bne", "sustainability"]),
    ("bne", &["bildung für nachhaltige entwicklung", "nachhaltigkeit"]),
];

/// True for a request-framing word (case-insensitive), or a compound of
/// two ("Anfänger|kurs").
pub fn is_framing_word(word: &str) -> bool {
    let lower = word.trim().to_lowercase();
    is_listed_framing_part(&lower) || is_request_word(&lower) || is_framing_compound(&lower)
}

/// A word of a request sentence: listed ([`REQUEST_WORDS`]), or a listed
/// activity's first person ("Wie löse ich …", "Wie erkläre ich …"): the
/// infinitive without its final "n". Lower case.
fn is_request_word(lower: &str) -> bool {
    REQUEST_WORDS.contains(&lower)
        || (lower.ends_with('e') && char_len(lower) >= 4 && OTHER_FRAMING_WORDS.contains(&format!("{lower}n").as_str()))
}

/// One listed framing word that may be part of a compound: not a word of
/// a request sentence ([`REQUEST_WORDS`]). Lower case.
fn is_listed_framing_part(lower: &str) -> bool {
    OTHER_FRAMING_WORDS.contains(&lower)
        || GRADE_NOUNS.contains(&lower)
        || AUDIENCE_WORDS.contains(&lower)
        || is_grade_learner(lower)
        || MATERIAL_WORDS.iter().any(|(forms, _, _)| forms.contains(&lower))
}

/// A compound of two framing words ("Anfänger|kurs", "Oberstufen|kurs",
/// "Grundschul|klasse"): for whom and what kind, no topic either. Parts
/// of three letters or more, joined directly or by a linking letter; a
/// first part may drop its "e" ("Grundschul-").
fn is_framing_compound(lower: &str) -> bool {
    const MIN_PART: usize = 3;
    let first_part = |first: &str| {
        ["", "s", "n", "en"]
            .iter()
            .filter_map(|link| first.strip_suffix(link))
            .filter(|f| char_len(f) >= MIN_PART)
            .any(|f| is_listed_framing_part(f) || is_listed_framing_part(&format!("{f}e")))
    };
    char_len(lower) > 2 * MIN_PART
        && lower.char_indices().skip(MIN_PART).any(|(at, _)| {
            let (first, rest) = lower.split_at(at);
            char_len(rest) >= MIN_PART && is_listed_framing_part(rest) && first_part(first)
        })
}

/// A learner named by grade ("Erstklässler", "Fünftklässlerinnen"): for
/// whom, not about what.
fn is_grade_learner(lower: &str) -> bool {
    ["klässler", "klässlerin", "klässlerinnen", "klässlern"]
        .iter()
        .find_map(|ending| lower.strip_suffix(ending))
        .and_then(|grade| ordinal_base(&fold(grade)))
        .is_some_and(|grade| grade <= 13)
}

/// The words of a request sentence ("ich suche", "zeig mir bitte", "… ein
/// Experiment machen", "Gibt es …"): framing standing alone, never a part of
/// a compound ("Wohnungs|suche", "Fehler|suche" are topics).
const REQUEST_WORDS: &[&str] = &[
    "suche",
    "suchen",
    "brauche",
    "benötige",
    "finde",
    "finden",
    "zeig",
    "zeige",
    "gib",
    "möchte",
    "hätte",
    "mir",
    "bitte",
    "machen",
    "gibt",
    // What a class does with it ("Feedback geben", "Suchmaschinen richtig
    // nutzen", "Tablets einsetzen").
    "geben",
    "nutzen",
    "einsetzen",
    // How it works, what happens, how one knows it, what it means: the
    // frame of a question about the topic ("Wie funktioniert eine
    // verkettete Liste?", "Was passiert bei …?", "Woran erkennt man …?",
    // "Was bedeutet …?").
    "funktioniert",
    "funktionieren",
    "funktionierte",
    "passiert",
    "passieren",
    "erkennt",
    "bedeutet",
];

/// A framing word that may be split off a compound as its framing part
/// ("Musik|unterricht", "Zellorganellen-Quiz"): no word of a request
/// sentence ([`REQUEST_WORDS`]).
pub(crate) fn is_framing_part(word: &str) -> bool {
    is_framing_word(word) && !is_request_word(&word.trim().to_lowercase())
}

/// Every request-framing word (for the compound splitter's known terms).
pub(crate) fn framing_words() -> impl Iterator<Item = &'static str> {
    OTHER_FRAMING_WORDS
        .iter()
        .chain(GRADE_NOUNS)
        .chain(AUDIENCE_WORDS)
        .chain(REQUEST_WORDS)
        .copied()
        .chain(MATERIAL_WORDS.iter().flat_map(|(forms, _, _)| forms.iter().copied()))
}

/// The learning-resource-type label a material word asks for
/// (`"Experiment"` → `"Experiment"`, `"Quiz"` → `"Tests"`), if any.
pub(crate) fn material_lrt(word: &str) -> Option<&'static str> {
    let lower = word.trim().to_lowercase();
    MATERIAL_WORDS
        .iter()
        .find(|(words, _, _)| words.contains(&lower.as_str()))
        .and_then(|(_, _, lrt)| *lrt)
}

/// The folded stems that show the material type a framing word asks for
/// (`"Arbeitsblätter"` → `["arbeitsblatt"]`), empty for other words.
pub(crate) fn material_stems(word: &str) -> &'static [&'static str] {
    let lower = word.trim().to_lowercase();
    MATERIAL_WORDS
        .iter()
        .find(|(words, _, _)| words.contains(&lower.as_str()))
        .map(|(_, stems, _)| *stems)
        .unwrap_or(&[])
}

pub(crate) fn is_grade_noun(lower: &str) -> bool {
    GRADE_NOUNS.contains(&lower)
}

pub(crate) fn is_grade_joiner(lower: &str) -> bool {
    GRADE_JOINERS.contains(&lower)
}

/// A grade number: "6", "6." (already trimmed to "6"), "10", "5-6", "5/6",
/// or the roman "i"/"ii" of "Sekundarstufe I/II".
pub(crate) fn is_grade_token(lower: &str) -> bool {
    let digits = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit());
    digits(lower)
        || lower
            .split_once(['-', '/', '–'])
            .is_some_and(|(a, b)| digits(a) && digits(b))
        || matches!(lower, "i" | "ii")
}

/// The synonym keys in map order (also useful to seed a typo [`Dictionary`](super::Dictionary)).
pub fn synonym_keys() -> impl Iterator<Item = &'static str> {
    SYNONYMS.iter().map(|(key, _)| *key)
}

/// The expansions of one synonym key (lower-case), empty when it is no key.
pub fn synonyms_of(key: &str) -> &'static [&'static str] {
    let lower = key.trim().to_lowercase();
    SYNONYMS
        .iter()
        .find(|(k, _)| *k == lower)
        .map(|(_, v)| *v)
        .unwrap_or(&[])
}

pub(crate) fn synonym_table() -> &'static [(&'static str, &'static [&'static str])] {
    SYNONYMS
}

mod audience;
mod stopwords;
#[cfg(test)]
mod tests;
