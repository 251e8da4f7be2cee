//! German word stems (the Snowball German algorithm of `rust-stemmers`,
//! the stemmer tantivy uses) and the compound heads that never carry a
//! query's topic.
//!
//! Why a stemmer: a topic word reaches us in another form than the
//! repository's ("Satzglied|bestimmung" vs. "Satzglieder", "Vierecks|…" vs.
//! "Vierecke", "Wahrscheinlichkeits|…" vs. "Wahrscheinlichkeit"). The
//! compound splitter compares stems, so one algorithm covers what lists of
//! endings covered partly. Stems are for comparing only: what is sent
//! upstream is always the surface word a stem matched (ngsearch ANDs words
//! and matches them as written).
//!
//! Known limits, handled where the stems are compared (`compound.rs`):
//! * a truncated first part ("Bruchrechen-" for "Bruchrechnung") stems to a
//!   prefix of the repository word's stem ("bruchrech" / "bruchrechn"), so a
//!   part before the end may match by stem prefix (at most
//!   [`MAX_TRUNCATION`] letters short);
//! * a compound passes the stemmer unchanged apart from its last part's
//!   ending, so compounds are split before their parts are stemmed;
//! * some stems collide with common words ("wahrschein" = "wahrscheinlich");
//!   stems are compared with repository terms only, never searched.

use rust_stemmers::{Algorithm, Stemmer};
use std::sync::OnceLock;

use super::text::{char_len, fold};

/// A part before the end of a compound may be this many letters shorter
/// than a known stem it is a prefix of ("bruchrech" for "bruchrechn").
pub(crate) const MAX_TRUNCATION: usize = 2;
/// A stem matched by prefix has at least this many letters.
pub(crate) const MIN_TRUNCATED_STEM: usize = 5;

/// Generic classroom heads of a compound: they say what is done with a
/// topic ("Kreis|berechnung", "Gedicht|analyse") or which aspect of it is
/// learnt ("Komma|regeln"), or what it prepares for ("Abitur|vorbereitung"),
/// never which topic. Such a
/// head is a known part of a split but never its topic; a query whose only
/// recognised parts are heads like these gets the topic guard (an empty
/// answer that names the unrecognised part), not the material that happens
/// to contain the word. Compared by stem.
pub(crate) const GENERIC_HEADS: &[&str] = &[
    "aufgaben",
    "übungen",
    "analyse",
    "interpretation",
    "bestimmung",
    "berechnung",
    "rechnung",
    "material",
    "training",
    "arten",
    "regeln",
    "prävention",
    "vorbereitung",
    "aufbau",
    "merkmale",
    "stücke",
    "schutz",
];

/// Intent heads: a compound ending in one asks for a material type
/// ("Linsen|versuch" → Experiment, "Mitose|video" → Video, "Reformations|quiz"
/// → Tests, "Python|kurs" → Kurs). Every one is a material word of
/// `lexicon::MATERIAL_WORDS`, which carries the type; like a generic head it
/// never decides the topic.
pub(crate) const INTENT_HEADS: &[&str] = &[
    "versuch",
    "versuche",
    "experiment",
    "video",
    "film",
    "quiz",
    "test",
    "kurs",
];

/// The Snowball German stem of a word, folded like [`fold`] (ä = a, ß = ss,
/// lower-case, one key for two spellings: `spelling.rs`). A word that is not letters only (a hyphenated word, a
/// number) is returned folded, unstemmed.
pub(crate) fn german_stem(word: &str) -> String {
    static STEMMER: OnceLock<Stemmer> = OnceLock::new();
    let folded = fold(word);
    if folded.is_empty() || !folded.chars().all(char::is_alphabetic) {
        return folded;
    }
    let stemmer = STEMMER.get_or_init(|| Stemmer::create(Algorithm::German));
    // The stemmer folds umlauts itself; on folded input it gives the same.
    let stem = stemmer.stem(&folded);
    // Snowball drops a superlative's "-st" only after the consonants of its
    // s-endings: "spektakulärsten" and "aktivste" keep it, and would never
    // meet "spektakulär" and "aktiv".
    if let Some(base) = stem.strip_suffix("st")
        && char_len(base) >= 5
        && SUPERLATIVE_BASES.iter().any(|end| base.ends_with(end))
    {
        return base.to_string();
    }
    // Snowball drops an "-s" after these consonants as a genitive's, but
    // not when a plural's "-e" or "-en" follows: "Krebs" is "kreb",
    // "Krebse" "krebs". The plural's stem drops it too.
    match stem.strip_suffix('s') {
        Some(base) if char_len(base) >= 4 && base.ends_with(|c: char| S_ENDINGS.contains(c)) => base.to_string(),
        _ => stem.into_owned(),
    }
}

/// The consonants after which Snowball's German stemmer drops an "-s" (its
/// valid s-endings): a genitive's or a compound's linking "-s".
pub(crate) const S_ENDINGS: &str = "bdfghklmnrt";

/// Adjective suffixes, folded, after which Snowball leaves a superlative's
/// "-st" (see [`german_stem`]).
const SUPERLATIVE_BASES: &[&str] = &["ar", "iv"];

/// The Snowball stem of an already folded word, as the byte length of the
/// prefix of the word it is (the stemmer only ever drops an ending once
/// the word is folded). A word that is not letters only stays whole, and so
/// does one whose stem is no prefix of it (never seen; a guard).
///
/// The rerank holds a text's words with their stems this way (one folded
/// string and spans, `query::Words`), so a stem costs no allocation.
pub(crate) fn stem_len(folded: &str) -> usize {
    let stem = german_stem(folded);
    if folded.starts_with(stem.as_str()) {
        stem.len()
    } else {
        folded.len()
    }
}

/// A generic or intent head (by stem): never the topic of a compound.
pub(crate) fn is_head(word: &str) -> bool {
    is_generic_head(word) || is_intent_head(word)
}

pub(crate) fn is_generic_head(word: &str) -> bool {
    let stem = german_stem(word);
    GENERIC_HEADS.iter().any(|h| german_stem(h) == stem)
}

pub(crate) fn is_intent_head(word: &str) -> bool {
    let stem = german_stem(word);
    INTENT_HEADS.iter().any(|h| german_stem(h) == stem)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snowball_stems_align_with_the_folding() {
        for (word, stem) in [
            ("Satzglieder", "satzglied"),
            ("Satzglied", "satzglied"),
            ("Vierecke", "viereck"),
            ("Wahrscheinlichkeit", "wahrschein"),
            ("Säugetiere", "saugeti"),
            ("Saeugetiere", "saugeti"),
            ("Kräfte", "kraft"),
            ("Kraft", "kraft"),
            ("Bruchrechnung", "bruchrechn"),
            ("Bruchrechen", "bruchrech"),
            ("Straße", "strass"),
        ] {
            assert_eq!(german_stem(word), stem, "{word}");
        }
        // Umlaut folding first or not: the same stem.
        assert_eq!(german_stem("Vögel"), german_stem("Vogel"));
        // Spelling variants too: one key, one stem.
        assert_eq!(german_stem("Säugetiere"), german_stem("Saeugetiere"));
        assert_eq!(german_stem("Geographie"), german_stem("Geografie"));
        assert_eq!(german_stem("calvin-zyklus"), "kalvin-zyklus");
        assert_eq!(german_stem(""), "");
    }

    #[test]
    fn a_superlative_and_a_plural_after_an_s_share_their_words_stem() {
        // Snowball keeps "-st" after r and v, and drops "-s" after a
        // consonant only when no plural ending follows.
        for (word, base) in [
            ("spektakulärsten", "spektakulär"),
            ("aktivste", "aktiv"),
            ("sichtbarsten", "sichtbar"),
            ("Krebse", "Krebs"),
            ("Impulse", "Impuls"),
            ("Diskurse", "Diskurs"),
        ] {
            assert_eq!(german_stem(word), german_stem(base), "{word}");
        }
        // Short stems stay: "Karst" is no superlative, "Kurse" no "Kur".
        assert_eq!(german_stem("Karst"), "karst");
        assert_eq!(german_stem("Kurse"), "kurs");
        assert_eq!(german_stem("Prozesse"), german_stem("Prozess"));
    }

    #[test]
    fn the_rerank_stem_is_a_prefix_of_the_folded_word() {
        for (word, stem) in [
            ("arbeitsblatter", "arbeitsblatt"),
            ("arbeitsblatt", "arbeitsblatt"),
            ("quadratischen", "quadrat"),
            ("quadratische", "quadrat"),
            ("gleichungen", "gleichung"),
            ("energien", "energi"),
            ("energie", "energi"),
            ("kindern", "kind"),
            ("gesetzes", "gesetz"),
            ("revolution", "revolution"),
            ("prozess", "prozess"),
            ("ki", "ki"),
            ("kalvin-zyklus", "kalvin-zyklus"),
            ("klasse6", "klasse6"),
        ] {
            assert_eq!(&word[..stem_len(word)], stem, "{word}");
        }
        assert_eq!(stem_len(""), 0);
    }

    #[test]
    fn heads() {
        for w in [
            "Aufgaben",
            "Aufgabe",
            "Übungen",
            "Analyse",
            "Bestimmung",
            "Berechnung",
            "Arten",
            "Vorbereitung",
        ] {
            assert!(is_generic_head(w), "{w}");
        }
        for w in ["Versuch", "Versuche", "Video", "Quiz", "Kurs"] {
            assert!(is_intent_head(w), "{w}");
        }
        for w in ["Aufbau", "Merkmale", "Stücke", "Schutz"] {
            assert!(is_generic_head(w), "{w}");
        }
        for w in ["Satzglieder", "Gedicht", "Linsen"] {
            assert!(!is_head(w), "{w}");
        }
        // Every intent head asks for a material type.
        for h in INTENT_HEADS {
            assert!(super::super::lexicon::material_lrt(h).is_some(), "{h}");
        }
    }
}
