//! What the quality score looks for in a node: the query analysed once into
//! its topic phrase, its signal terms (each with its synonyms), the subjects
//! it names and the material type it asks for — and the matching rules
//! (folded, compared by Snowball stem, whole words for short forms).
//!
//! Why stems: a query word and a title word in two forms ("Französischen
//! Revolution" / "Die Französische Revolution", "Arbeitsblätter" /
//! "Arbeitsblatt", "Stromkreisen" / "Stromkreise") are the same word. The
//! stems are those of `stem.rs` (Snowball German), the ones the compound
//! splitter compares, so the split and the rerank agree on what a word is.

use super::lexicon::{material_lrt, material_stems, synonyms_of};
use super::stem::{german_stem, stem_len};
use super::text::{char_len, fold, phrase, tokens};
use super::topic::{NamedDiscipline, TopicSplit, signal_terms_of, synonym_expansions, topic_phrase_of, topic_sides_of};
use crate::upstream::Node;
use crate::vocab::Vocabulary;

/// A search form: the Snowball stems of the folded tokens of a term, a
/// phrase or a synonym ("Französischen Revolution" → `["franzos",
/// "revolution"]`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Form(Vec<String>);

/// A text prepared for matching: its folded tokens (edge punctuation
/// trimmed), each with its Snowball stem. Held as one folded string and the
/// spans of its words (a stem is a prefix of its folded word, [`stem_len`]): every node's title,
/// description and keywords go through this, two allocations each.
#[derive(Debug, Clone, Default)]
pub(crate) struct Words {
    folded: String,
    /// `(start, end, stem end)` byte offsets into `folded`.
    spans: Vec<(u32, u32, u32)>,
    /// Word `i` is written in lower case in a text that capitalises others
    /// (bit `i`): no noun in German ("Wie kommen wir").
    small: u64,
}

impl Words {
    pub(crate) fn of(text: &str) -> Self {
        let folded = fold(text);
        let base = folded.as_ptr() as usize;
        let spans: Vec<(u32, u32, u32)> = tokens(&folded)
            .map(|w| {
                let start = w.as_ptr() as usize - base;
                let end = start + w.len();
                (start as u32, end as u32, (start + stem_len(w)) as u32)
            })
            .collect();
        let capitalised: Vec<bool> = tokens(text)
            .map(|w| w.chars().next().is_some_and(char::is_uppercase))
            .collect();
        let small = if capitalised.len() == spans.len() && capitalised.contains(&true) {
            capitalised
                .iter()
                .take(64)
                .enumerate()
                .filter(|(_, c)| !**c)
                .fold(0u64, |mask, (i, _)| mask | (1 << i))
        } else {
            0
        };
        Words { folded, spans, small }
    }

    /// The whole text, folded (its words are spans of it).
    pub(crate) fn folded(&self) -> &str {
        &self.folded
    }

    /// Word `i` is written small where others are capitalised (see `small`).
    pub(crate) fn is_small(&self, i: usize) -> bool {
        i < 64 && self.small & (1 << i) != 0
    }

    pub(crate) fn len(&self) -> usize {
        self.spans.len()
    }

    /// Word `i` and its stem.
    pub(crate) fn word(&self, i: usize) -> (&str, &str) {
        let (start, end, stem_end) = self.spans[i];
        let (start, end, stem_end) = (start as usize, end as usize, stem_end as usize);
        (&self.folded[start..end], &self.folded[start..stem_end])
    }

    /// Every word with its stem, in order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        (0..self.len()).map(|i| self.word(i))
    }
}

/// Where a form token sits in a multi-token form: the first may end a
/// compound ("Zell*biologie*"), later ones must start a word.
#[derive(Clone, Copy)]
enum Pos {
    First,
    Later,
}

fn token_matches(pattern: &str, word: (&str, &str), pos: Pos) -> bool {
    if char_len(pattern) <= 3 {
        // Short forms ("ki", "bio", "geo") are whole words only: "bio" must
        // not hit "Biodiversität", "geo" not "Geometrie".
        word.0 == pattern || word.1 == pattern
    } else {
        match pos {
            Pos::First => word.0.contains(pattern),
            Pos::Later => word.0.starts_with(pattern),
        }
    }
}

impl Form {
    pub(crate) fn of(text: &str) -> Self {
        Form(tokens(&fold(text)).map(german_stem).collect())
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The form occurs in the text: a single token inside a word (≤ 3
    /// characters: as a whole word), several tokens as consecutive words.
    pub(crate) fn matches(&self, text: &Words) -> bool {
        let n = self.0.len();
        if n == 0 || text.len() < n {
            return false;
        }
        (0..=text.len() - n).any(|at| {
            self.0
                .iter()
                .enumerate()
                .all(|(i, p)| token_matches(p, text.word(at + i), if i == 0 { Pos::First } else { Pos::Later }))
        })
    }

    /// The text is the form: same number of words, equal stems.
    pub(crate) fn equals(&self, text: &Words) -> bool {
        !self.0.is_empty()
            && self.0.len() == text.len()
            && self.0.iter().zip(text.iter()).all(|(p, w)| *p == w.1 || *p == w.0)
    }

    /// The text starts with the form (the first word may be longer:
    /// "Photosynthese" starts "Photosynthesereaktion im Blatt").
    pub(crate) fn starts(&self, text: &Words) -> bool {
        let n = self.0.len();
        n > 0
            && text.len() >= n
            && self.0.iter().zip(text.iter()).all(|(p, w)| {
                if char_len(p) <= 3 {
                    *p == w.0 || *p == w.1
                } else {
                    w.0.starts_with(p.as_str())
                }
            })
    }
}

/// One signal term with its synonym forms.
#[derive(Debug, Clone)]
pub(crate) struct Term {
    pub forms: Vec<Form>,
}

impl Term {
    pub(crate) fn matches(&self, text: &Words) -> bool {
        self.forms.iter().any(|f| f.matches(text))
    }

    pub(crate) fn equals(&self, text: &Words) -> bool {
        self.forms.iter().any(|f| f.equals(text))
    }
}

/// The query as the quality score sees it.
#[derive(Debug, Clone, Default)]
pub(crate) struct QueryModel {
    /// `q`: the topic phrase (the query without request framing and without
    /// stopwords at its edges; the whole query when nothing is framing), and
    /// its synonym substitutions.
    pub phrases: Vec<Form>,
    /// `T`, each with its synonyms ([`signal_terms`](super::signal_terms)).
    pub terms: Vec<Term>,
    /// Discipline URIs the query names exactly ("Mathe", "Bio", "Erdkunde").
    pub disciplines: Vec<String>,
    /// Folded stems of the material type the query asks for.
    pub materials: Vec<String>,
    /// Learning-resource-type URIs the query asks for ("Experiment",
    /// "Quiz" → Tests), when it also names a topic.
    pub resource_types: Vec<String>,
    /// The two topics of an "X und Y" request, and "X und Y" as one phrase
    /// (see `query::topic`).
    pub sides: Option<([Form; 2], Form)>,
}

impl QueryModel {
    /// The model of one query (for tests; a search builds it once, in
    /// [`Query::new`](super::Query::new)).
    #[cfg(test)]
    pub(crate) fn new(query: &str) -> Self {
        super::Query::new(query).model().clone()
    }

    /// The model of `query`, already split, with the subjects it names.
    pub(crate) fn of(query: &str, split: &TopicSplit, named: &[NamedDiscipline]) -> Self {
        let q = topic_phrase_of(split).unwrap_or_else(|| phrase(query));
        let mut phrases = vec![Form::of(&q)];
        for expanded in synonym_expansions(&q) {
            let form = Form::of(&expanded);
            if !phrases.contains(&form) {
                phrases.push(form);
            }
        }
        phrases.retain(|f| !f.is_empty());

        let terms = signal_terms_of(split)
            .into_iter()
            .map(|t| {
                let mut forms = vec![Form::of(&t)];
                for synonym in synonyms_of(&t) {
                    let form = Form::of(synonym);
                    if !forms.contains(&form) {
                        forms.push(form);
                    }
                }
                Term { forms }
            })
            .collect();

        let mut materials: Vec<String> = Vec::new();
        let mut resource_types: Vec<String> = Vec::new();
        if !split.topic.is_empty() {
            for word in tokens(query) {
                for stem in material_stems(word) {
                    let stem = fold(stem);
                    if !materials.contains(&stem) {
                        materials.push(stem);
                    }
                }
                if let Some(uri) = material_lrt(word).and_then(lrt_uri)
                    && !resource_types.contains(&uri)
                {
                    resource_types.push(uri);
                }
            }
        }
        // "Interaktive Übung" is one type (interactive media), not also
        // exercise material.
        if let (Some(interactive), Some(exercise)) = (
            material_lrt("interaktiv").and_then(lrt_uri),
            material_lrt("übung").and_then(lrt_uri),
        ) && resource_types.contains(&interactive)
        {
            resource_types.retain(|u| *u != exercise);
        }

        let sides = topic_sides_of(split, named).map(|[a, b]| {
            let whole = Form::of(&format!("{a} und {b}"));
            ([Form::of(&a), Form::of(&b)], whole)
        });

        QueryModel {
            phrases,
            terms,
            disciplines: named.iter().map(|d| d.uri.clone()).collect(),
            materials,
            resource_types,
            sides,
        }
    }

    /// The node's learning resource type is one the query asks for.
    pub(crate) fn type_matches(&self, node: &Node) -> bool {
        self.resource_types.iter().any(|t| node.has_learning_resource_type(t))
    }

    /// The node carries one of the disciplines the query names.
    pub(crate) fn names_subject_of(&self, node: &Node) -> bool {
        !self.disciplines.is_empty()
            && node
                .prop("ccm:taxonid")
                .iter()
                .any(|uri| self.disciplines.iter().any(|d| d == uri.trim()))
    }

    /// The node's title or keywords show the material type asked for.
    pub(crate) fn material_shown(&self, title: &Words, keywords: &[Words]) -> bool {
        !self.materials.is_empty()
            && std::iter::once(title)
                .chain(keywords)
                .flat_map(Words::iter)
                .any(|(word, _)| self.materials.iter().any(|m| word.contains(m.as_str())))
    }
}

/// The URI of a learning-resource-type label of the local vocabulary.
fn lrt_uri(label: &str) -> Option<String> {
    Vocabulary::Lrt
        .entries()
        .iter()
        .find(|e| e.label == label)
        .map(|e| e.uri.clone())
}

#[cfg(test)]
mod tests {
    use super::super::topic::{query_disciplines, topic_phrase};
    use super::*;

    fn w(text: &str) -> Words {
        Words::of(text)
    }

    #[test]
    fn forms_fold_and_stem() {
        assert_eq!(
            Form::of("Französischen Revolution"),
            Form(vec!["franzos".into(), "revolution".into()])
        );
        assert!(Form::of("Arbeitsblätter").matches(&w("Arbeitsblatt: Bruchrechnung")));
        assert!(Form::of("quadratischen").matches(&w("Quadratische Gleichungen")));
        assert!(Form::of("Französischen Revolution").matches(&w("Die Französische Revolution 1789")));
        assert!(
            !Form::of("Französischen Revolution").matches(&w("Revolution in Frankreich")),
            "words must be consecutive"
        );
        assert!(
            Form::of("Photosynthese").matches(&w("Photosynthesereaktion")),
            "long forms: inside a word"
        );
    }

    #[test]
    fn short_forms_are_whole_words() {
        assert!(Form::of("Bio").matches(&w("Bio für Einsteiger")));
        assert!(!Form::of("Bio").matches(&w("Biodiversität")));
        assert!(!Form::of("geo").matches(&w("Geometrie")));
        assert!(Form::of("KI").matches(&w("KI-Grundlagen (KI)")));
        assert!(!Form::of("KI").matches(&w("Kinder lernen")));
        assert!(Form::of("KI").matches(&w("KI im Unterricht")));
    }

    #[test]
    fn equals_and_starts() {
        assert!(Form::of("Photosynthese").equals(&w("Photosynthese")));
        assert!(Form::of("Arbeitsblätter").equals(&w("Arbeitsblatt")));
        assert!(!Form::of("Photosynthese").equals(&w("Photosynthese bei Pflanzen")));
        assert!(Form::of("Photosynthese").starts(&w("Photosynthese bei Pflanzen")));
        assert!(!Form::of("Photosynthese").starts(&w("Die Photosynthese")));
        assert!(!Form::of("").matches(&w("x")));
    }

    #[test]
    fn topic_phrase_keeps_inner_stopwords() {
        assert_eq!(
            topic_phrase("Quiz zum Satz des Pythagoras").as_deref(),
            Some("satz des pythagoras")
        );
        assert_eq!(
            topic_phrase("Ich suche Arbeitsblätter zur Bruchrechnung für Klasse 6").as_deref(),
            Some("bruchrechnung")
        );
        assert_eq!(
            topic_phrase("Materialien zum Thema Vulkane und Erdbeben").as_deref(),
            Some("vulkane und erdbeben")
        );
        assert_eq!(topic_phrase("KI im Unterricht").as_deref(), Some("ki"));
        assert_eq!(topic_phrase("Satz des Pythagoras"), None, "nothing framing");
        assert_eq!(topic_phrase("Arbeitsblatt"), None, "nothing left");
    }

    /// The last segments of the discipline URIs the query names.
    fn uris(q: &str) -> Vec<String> {
        query_disciplines(q)
            .into_iter()
            .map(|d| d.uri.rsplit('/').next().unwrap().to_string())
            .collect()
    }

    #[test]
    fn disciplines_are_named_exactly() {
        assert_eq!(uris("Mathe"), ["380"]);
        assert_eq!(uris("Bio"), ["080"]);
        assert_eq!(uris("Erdkunde"), ["220"]);
        assert_eq!(uris("Geschichte der Informatik"), ["240", "320"]);
        assert_eq!(uris("Deutsch als Zweitsprache"), ["28002"], "longest run");
        assert!(uris("Biodiversität").is_empty(), "no fuzzy match");
        assert!(uris("Photosynthese").is_empty());
        let d = &query_disciplines("Bruchrechnung Mathe")[0];
        assert_eq!((d.label.as_str(), d.span.clone()), ("Mathematik", 1..2));
    }

    #[test]
    fn a_subject_of_several_words_is_named_with_other_adjective_endings() {
        assert_eq!(uris("Objekttheater im Darstellenden Spiel"), ["12002"]);
        let politics = uris("Politische Bildung");
        assert!(!politics.is_empty());
        assert_eq!(uris("Wahlen in der Politischen Bildung"), politics);
        // Only before the last word, which stays as written.
        assert!(uris("Darstellendes Spielen").is_empty());
    }

    #[test]
    fn disciplines_are_named_as_schools_name_them() {
        // "Schul" before a subject's name or alias.
        assert_eq!(uris("Schulsport"), ["600"]);
        assert_eq!(uris("Schul-Mathe"), ["380"]);
        assert_eq!(uris("Schultheater"), ["12002"], "the alias Theater");
        assert!(uris("Schulgarten").is_empty());
        assert!(uris("Schulweg").is_empty());
        // A subject's name before "Unterricht", however short.
        assert_eq!(uris("Biounterricht"), ["080"]);
        assert_eq!(uris("Geo-Unterricht"), ["220"]);
        assert_eq!(uris("Geschichtsunterricht"), ["240"]);
        // What the framing split leaves of it ("Geschicht|s|unterricht").
        assert_eq!(uris("Samurai im Geschichts Unterricht"), ["240"]);
        assert!(uris("Sports").is_empty(), "an English word");
        assert!(uris("Frontalunterricht").is_empty());
        // Names of subjects in other states and countries, and older ones.
        assert_eq!(uris("Bewegung, Spiel und Sport"), ["600"]);
        assert_eq!(uris("Bildnerisches Gestalten"), ["060"]);
        assert_eq!(uris("Informationstechnische Grundbildung"), ["320"]);
        assert_eq!(uris("ITG"), ["320"]);
        assert_eq!(uris("Frühenglisch"), ["20001"]);
        assert_eq!(uris("Español"), ["20007"]);
        assert_eq!(uris("GRW"), ["480"]);
        assert_eq!(uris("Wirtschaft/Politik"), ["480"]);
        assert_eq!(uris("NwT"), ["04003"]);
        assert_eq!(uris("ev. Religion"), ["520"]);
        // A subject with a second field, as one subject ("Biologie und
        // Umweltkunde" in Austria); two subjects stay two.
        assert_eq!(uris("Biologie und Umweltkunde"), ["080"]);
        assert_eq!(uris("Geographie und Wirtschaftskunde"), ["220"]);
        assert_eq!(uris("Geschichte und Sozialkunde"), ["240"]);
        assert_eq!(uris("Geschichte und Politische Bildung"), ["240"]);
        assert_eq!(uris("Erziehungskunde"), ["440"]);
        assert_eq!(uris("Digitale Grundbildung"), ["900"]);
        assert_eq!(uris("Wirtschaft und Beruf"), ["700"]);
        assert_eq!(uris("Ethik, Religionen, Gemeinschaft"), ["160"]);
        assert_eq!(uris("Physik und Chemie"), ["460", "100"]);
        assert!(uris("Umweltkunde").is_empty());
        // The initials of a label of several words, typed in capitals.
        assert_eq!(uris("DS"), ["12002"]);
        assert_eq!(uris("Theaterstücke im DS"), ["12002"]);
        assert!(uris("ds").is_empty(), "lower case is no abbreviation");
        assert!(uris("Ds").is_empty(), "one capital is a word");
        assert!(uris("DNA").is_empty(), "no label's initials");
        // Before "Unterricht", the initials of one subject's alias.
        assert_eq!(uris("PP-Unterricht"), ["160"]);
        assert_eq!(uris("KR-Unterricht Klasse 5"), ["520"]);
        assert_eq!(uris("PP Unterricht"), ["160"]);
        assert!(uris("PP").is_empty(), "alone, an alias's initials collide");
        assert!(uris("pp-Unterricht").is_empty(), "lower case is no abbreviation");
        assert!(
            uris("ME-Unterricht").is_empty(),
            "the initials of several subjects' aliases"
        );
    }

    #[test]
    fn intents_name_a_resource_type_only_with_a_topic() {
        let label = |uri: &str| {
            Vocabulary::Lrt
                .entries()
                .iter()
                .find(|e| e.uri == uri)
                .map(|e| e.label.clone())
                .unwrap_or_default()
        };
        let labels = |q: &str| -> Vec<String> { QueryModel::new(q).resource_types.iter().map(|u| label(u)).collect() };
        assert_eq!(
            labels("Ich möchte mit meiner Klasse ein Experiment zu Stromkreisen machen"),
            ["Experiment"]
        );
        assert_eq!(labels("Quiz zur Weimarer Republik"), ["Tests"]);
        assert_eq!(labels("Kurs zur Künstlichen Intelligenz"), ["Kurs"]);
        assert_eq!(labels("Erklärvideo Photosynthese"), ["Video"]);
        assert_eq!(
            labels("Interaktive Übung zur Bruchrechnung"),
            ["Interaktives Medium"],
            "one type, not also exercise material"
        );
        assert!(labels("Arbeitsblatt").is_empty(), "no topic: the words are the search");
        assert!(labels("Photosynthese").is_empty());
    }

    #[test]
    fn the_model_of_a_framed_request() {
        let m = QueryModel::new("Ich suche Arbeitsblätter zur Bruchrechnung für Klasse 6");
        assert_eq!(m.phrases, [Form::of("bruchrechnung")]);
        assert_eq!(m.terms.len(), 1);
        assert_eq!(m.materials, ["arbeitsblatt"]);
        assert!(m.disciplines.is_empty());

        let m = QueryModel::new("KI im Unterricht");
        assert_eq!(
            m.phrases,
            [
                Form::of("ki"),
                Form::of("künstliche intelligenz"),
                Form::of("artificial intelligence")
            ]
        );
        assert!(m.materials.is_empty(), "Unterricht is framing, no material");

        // All framing: the framing words are the terms, no material bonus.
        let m = QueryModel::new("Arbeitsblatt");
        assert_eq!(m.terms.len(), 1);
        assert!(m.materials.is_empty());
    }
}
