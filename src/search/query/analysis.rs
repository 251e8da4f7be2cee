//! [`Query`]: what the user typed, analysed once. Every search builds one
//! from its query argument; the variants it sends upstream, its relaxed,
//! corrected and split forms, and what the ranking compares are all derived
//! from it, so a query is split into words and framing exactly once.

use std::borrow::Cow;
use std::collections::BTreeSet;

use super::compound::{KnownTerms, Mode, Split, split_compounds, split_compounds_except, split_query};
use super::forms::closed_compound;
use super::lexicon::{is_stopword, material_stems};
use super::model::QueryModel;
use super::spelling::{join_thousands, with_case_of};
use super::stem::{german_stem, is_generic_head};
use super::text::{char_len, fold};
use super::topic::{
    NamedDiscipline, TopicSplit, owning_subjects, phrase_sides_of, query_disciplines, signal_terms_of, split_topic,
    topic_phrase_of, topic_query_of,
};
use super::typo::Dictionary;

/// A search query, understood once (see the module docs).
#[derive(Debug, Clone, Default)]
pub struct Query {
    /// As typed, trimmed; a number's groups of thousands joined by dots
    /// ("100 000" → "100.000").
    text: String,
    /// Its words, each marked framing or not.
    split: TopicSplit,
    /// The subjects it names exactly ("Mathe", "Erdkunde"), in query order.
    disciplines: Vec<NamedDiscipline>,
    /// What the quality score looks for.
    model: QueryModel,
    /// The words that name the topic, as written (see [`Query::topic_words`]).
    topic_words: Vec<String>,
    /// The subjects it names, compounds split ([`Query::subject_uris`]).
    subjects: Vec<String>,
}

impl Query {
    /// Analyse what the user typed.
    pub fn new(text: &str) -> Query {
        let text = join_thousands(text.trim()).into_owned();
        let split = split_topic(&text);
        let disciplines = owning_subjects(&text, query_disciplines(&text));
        let model = QueryModel::of(&text, &split, &disciplines);
        let (topic_words, subjects) = match split_query(&text, KnownTerms::compiled(), Mode::Framing, |_| false) {
            Some(planned) => {
                let named = owning_subjects(&planned, query_disciplines(&planned));
                (topic_words_of(&split_topic(&planned), &named), uris(&named))
            }
            None => (topic_words_of(&split, &disciplines), uris(&disciplines)),
        };
        Query {
            text,
            split,
            disciplines,
            model,
            topic_words,
            subjects,
        }
    }

    /// The words that name the topic, as written, each once: no stopwords,
    /// no request framing (with framing parts split off compounds:
    /// "Musikunterricht"), no subject the query names ("Romantik in der
    /// Musik" → "Romantik"), and no generic compound head ("Analyse",
    /// "Aufgaben") beside another word. Empty for a query that names only
    /// a subject ("Geografie", "Mathe"); a query that is all framing
    /// ("Arbeitsblatt") keeps its framing words.
    pub fn topic_words(&self) -> &[String] {
        &self.topic_words
    }

    /// The framing words that name a kind of material, as written ("Film"
    /// in "Film im Kunstunterricht"): beside a subject they may be a topic
    /// of it.
    pub fn material_words(&self) -> Vec<&str> {
        self.split
            .tokens
            .iter()
            .filter(|(token, framing)| *framing && !material_stems(token).is_empty())
            .map(|(token, _)| token.as_str())
            .collect()
    }

    /// The query names a subject and nothing else ("Geografie", "Mathe
    /// Unterricht").
    pub fn names_only_a_subject(&self) -> bool {
        self.topic_words.is_empty() && !self.subjects.is_empty()
    }

    /// The discipline URIs of the subjects the query names, also inside a
    /// compound with a framing part ("Musikunterricht" → Musik).
    pub fn subject_uris(&self) -> &[String] {
        &self.subjects
    }

    /// The query as typed (trimmed).
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Nothing but blanks was typed.
    pub fn is_blank(&self) -> bool {
        self.text.is_empty()
    }

    /// The topic of a request: its content words without request framing,
    /// lower-cased ("Ich suche Arbeitsblätter zur Bruchrechnung für Klasse
    /// 6" → "bruchrechnung"); `None` unless something framing was removed
    /// and something is left.
    pub fn topic(&self) -> Option<String> {
        topic_query_of(&self.split)
    }

    /// The query without framing and without stopwords at its edges,
    /// lower-cased ("Quiz zum Satz des Pythagoras" → "satz des
    /// pythagoras"); `None` unless something framing was removed.
    pub fn topic_phrase(&self) -> Option<String> {
        topic_phrase_of(&self.split)
    }

    /// The signal terms: lower-cased words of two or more characters that
    /// are neither stopwords nor framing (all framing: the framing words).
    pub fn signal_terms(&self) -> Vec<String> {
        signal_terms_of(&self.split)
    }

    /// The two topics of an "X und Y" request, as written; the second runs
    /// on through stopwords to its last topic word ("Raumfahrt und Leben auf
    /// der Raumstation" → "Raumfahrt", "Leben auf der Raumstation").
    pub fn sides(&self) -> Option<[String; 2]> {
        phrase_sides_of(&self.split, &self.disciplines)
    }

    /// The discipline URIs the query names exactly, in query order.
    pub fn discipline_uris(&self) -> impl Iterator<Item = &str> {
        self.disciplines.iter().map(|d| d.uri.as_str())
    }

    /// The query as the first wave plans it: compounds with a framing part
    /// split against the compiled-in terms ("Musikunterricht" → "Musik
    /// Unterricht", "Zellorganellen-Quiz" → "Zellorganellen Quiz"); itself
    /// when nothing splits.
    pub fn planned(&self) -> Cow<'_, Query> {
        match split_query(&self.text, KnownTerms::compiled(), Mode::Framing, |_| false) {
            Some(planned) => Cow::Owned(Query::new(&planned)),
            None => Cow::Borrowed(self),
        }
    }

    /// The query with its misspelt words corrected against the dictionary,
    /// or `None` when nothing changed.
    pub fn corrected(&self, dictionary: &Dictionary) -> Option<Query> {
        self.corrected_except(dictionary, |_| false)
    }

    /// [`corrected`](Self::corrected), leaving alone the words `known`
    /// holds (words the repository answered with). Only topic words are
    /// corrected: a framing word or a verb is no misspelt topic, and its
    /// "correction" makes one ("einfach erklärt" → "einfache", which then
    /// names "Einfache Stromkreise"). A compound that begins with a topic
    /// word is topical: its material word was split off
    /// ("Sateliten|bilder").
    pub fn corrected_except(&self, dictionary: &Dictionary, known: impl Fn(&str) -> bool) -> Option<Query> {
        // A first part this long is a word of its own, no syllable.
        const MIN_COMPOUND_FIRST: usize = 5;
        let topical: BTreeSet<String> = self.topic_words.iter().flat_map(|w| w.split('-')).map(fold).collect();
        let is_topical = |word: &str| {
            let folded = fold(word);
            topical.contains(&folded)
                || (topical.iter()).any(|t| char_len(t) >= MIN_COMPOUND_FIRST && folded.starts_with(t.as_str()))
        };
        dictionary
            .correct_except(&self.text, |word| known(word) || !is_topical(word))
            .map(|text| Query::new(&text))
    }

    /// The topic words continued by the dictionary's words that start with
    /// them ([`Dictionary::continuations`]: "Vulkane" → "vulkanismus"), for
    /// an index that matches whole words only; `None` when no topic word
    /// has a continuation.
    pub fn continued(&self, dictionary: &Dictionary) -> Option<Query> {
        self.continued_except(dictionary, |_| false)
    }

    /// [`continued`](Self::continued), leaving alone the words `held`
    /// holds (words the repository answered with).
    pub fn continued_except(&self, dictionary: &Dictionary, held: impl Fn(&str) -> bool) -> Option<Query> {
        let mut changed = false;
        let words: Vec<String> = self
            .topic_words
            .iter()
            .map(|w| match dictionary.continuations(w, 1).first().filter(|_| !held(w)) {
                Some(c) => {
                    changed = true;
                    // In the capitalisation of the word it continues.
                    with_case_of(w, c)
                }
                None => w.clone(),
            })
            .collect();
        changed.then(|| Query::new(&words.join(" ")))
    }

    /// The query with each word the dictionary holds only as two words
    /// written apart ([`Dictionary::opened`]: "Streetart" → "Street art"),
    /// or `None` when no word is; a word `held` holds stays.
    pub fn opened(&self, dictionary: &Dictionary, held: impl Fn(&str) -> bool) -> Option<Query> {
        let mut changed = false;
        let words: Vec<String> = self
            .text
            .split_whitespace()
            .map(|w| match dictionary.opened(w).filter(|_| !held(w)) {
                Some(open) => {
                    changed = true;
                    with_case_of(w, open)
                }
                None => w.to_string(),
            })
            .collect();
        changed.then(|| Query::new(&words.join(" ")))
    }

    /// The query with each hyphenated word written as one where the
    /// dictionary holds it so, in some form ("Netzwerk-Karte" →
    /// "Netzwerkkarte" beside "Netzwerkkarten"), or `None` when no word
    /// is: such a compound is one word written two ways, not two topics.
    pub fn closed(&self, dictionary: &Dictionary) -> Option<Query> {
        let known = |closed: &str| {
            dictionary.contains(closed)
                || dictionary
                    .suggest(closed)
                    .is_some_and(|word| german_stem(word) == german_stem(closed))
        };
        let mut changed = false;
        let words: Vec<String> = self
            .text
            .split_whitespace()
            .map(|w| {
                let core = w.trim_matches(|c: char| !c.is_alphanumeric() && c != '-');
                match closed_compound(core).filter(|closed| known(closed)) {
                    Some(closed) => {
                        changed = true;
                        w.replacen(core, &closed, 1)
                    }
                    None => w.to_string(),
                }
            })
            .collect();
        changed.then(|| Query::new(&words.join(" ")))
    }

    /// The query with the compounds the dictionary lacks as one word split
    /// into words it has ([`split_compounds`]), or `None`.
    pub fn split_compounds(&self, dictionary: &Dictionary) -> Option<Split> {
        split_compounds(dictionary, &self.text)
    }

    /// [`split_compounds`](Self::split_compounds); a word `held` holds is
    /// split only into known parts ([`split_compounds_except`]).
    pub fn split_compounds_except(&self, dictionary: &Dictionary, held: impl Fn(&str) -> bool) -> Option<Split> {
        split_compounds_except(dictionary, &self.text, held)
    }

    pub(crate) fn split(&self) -> &TopicSplit {
        &self.split
    }

    pub(crate) fn disciplines(&self) -> &[NamedDiscipline] {
        &self.disciplines
    }

    pub(crate) fn model(&self) -> &QueryModel {
        &self.model
    }
}

fn uris(named: &[NamedDiscipline]) -> Vec<String> {
    named.iter().map(|d| d.uri.clone()).collect()
}

/// [`Query::topic_words`] of a query already split, with the subjects it names.
fn topic_words_of(split: &TopicSplit, named: &[NamedDiscipline]) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    let mut content: Vec<String> = Vec::new();
    for (i, (token, framing)) in split.tokens.iter().enumerate() {
        let lower = token.to_lowercase();
        if char_len(token) < 2 || is_stopword(token) || named.iter().any(|d| d.span.contains(&i)) {
            continue;
        }
        let list = if *framing { &mut content } else { &mut words };
        if !list.iter().any(|w| w.to_lowercase() == lower) {
            list.push(token.clone());
        }
    }
    if words.is_empty() {
        // All framing: the framing words are what is searched for — the
        // material ones, when there are ("Podcast mit der Klasse
        // erstellen" → "Podcast"); a subject alone is searched as the
        // subject.
        if !named.is_empty() {
            return Vec::new();
        }
        if content.is_empty() {
            // Nothing but small words: they are the topic ("das oder
            // dass", "seit oder seid"), but the conjunction between them.
            return stopwords_as_topic(split);
        }
        let materials: Vec<String> = content
            .iter()
            .filter(|w| !material_stems(w).is_empty())
            .cloned()
            .collect();
        return if materials.is_empty() { content } else { materials };
    }
    let topical: Vec<String> = words.iter().filter(|w| !is_generic_head(w)).cloned().collect();
    if topical.is_empty() { words } else { topical }
}

/// The words of a query of stopwords only, each once, without "und" and
/// "oder" (what a teacher asks about is the words they join).
fn stopwords_as_topic(split: &TopicSplit) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    for (token, _) in &split.tokens {
        let lower = token.to_lowercase();
        if char_len(token) >= 2
            && !["und", "oder"].contains(&lower.as_str())
            && !words.iter().any(|w| w.to_lowercase() == lower)
        {
            words.push(token.clone());
        }
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_subject_named_before_the_lesson_of_another_is_its_topic() {
        let geography = ["http://w3id.org/openeduhub/vocabs/discipline/220".to_string()];
        let query = Query::new("Landwirtschaft im Erdkundeunterricht");
        assert_eq!(
            (query.topic_words(), query.subject_uris()),
            (&["Landwirtschaft".to_string()][..], &geography[..])
        );
        let query = Query::new("Landwirtschaft im Erdkunde-Unterricht");
        assert_eq!(query.topic_words(), ["Landwirtschaft"]);
        // Two subjects side by side, or without the lesson's preposition,
        // stay two subjects.
        for text in ["Erdkunde und Landwirtschaft", "Landwirtschaft Erdkundeunterricht"] {
            assert!(Query::new(text).topic_words().is_empty(), "{text}");
            assert_eq!(Query::new(text).subject_uris().len(), 2, "{text}");
        }
    }

    #[test]
    fn a_subject_before_the_genitive_of_another_is_its_topic() {
        let physics = ["http://w3id.org/openeduhub/vocabs/discipline/460".to_string()];
        let query = Query::new("Unterrichtsideen zur Geschichte der Physik für die Mittelstufe");
        assert_eq!(
            (query.topic_words(), query.subject_uris()),
            (&["Geschichte".to_string()][..], &physics[..])
        );
        // Side by side, they stay two subjects.
        let query = Query::new("Geschichte und Physik");
        assert!(query.topic_words().is_empty());
        assert_eq!(query.subject_uris().len(), 2);
    }

    #[test]
    fn a_hyphenated_word_the_dictionary_holds_as_one_word_is_closed() {
        let dictionary = Dictionary::new(["Netzwerkkarten", "Tabellenkalkulation", "Computer"]);
        let closed = |text: &str| Query::new(text).closed(&dictionary).map(|q| q.text().to_string());
        assert_eq!(
            closed("Was macht eine Netzwerk-Karte im Computer?").as_deref(),
            Some("Was macht eine Netzwerkkarte im Computer?")
        );
        assert_eq!(
            closed("Tabellen-Kalkulation mit Formeln").as_deref(),
            Some("Tabellenkalkulation mit Formeln")
        );
        // Not a compound the dictionary lacks, nor a suspended first part.
        assert_eq!(closed("Marie-Curie und die Netzwerke"), None);
        assert_eq!(closed("Netzwerk- und Tabellenkalkulation"), None);
    }

    #[test]
    fn the_auxiliaries_past_forms_are_no_topic() {
        assert_eq!(
            Query::new("Wie wurden die eroberten Gebiete romanisiert?").topic_words(),
            ["eroberten", "Gebiete", "romanisiert"]
        );
        // A noun that looks like a verb stays ("Waren aus der Türkei").
        assert_eq!(Query::new("Waren aus der Türkei").topic_words()[0], "Waren");
    }

    #[test]
    fn school_short_names_and_classes_for_newcomers_name_their_subject() {
        let subject = |text: &str| Query::new(text).subject_uris().to_vec();
        let uri = |id: &str| vec![format!("http://w3id.org/openeduhub/vocabs/discipline/{id}")];
        assert_eq!(subject("RU Klasse 5"), uri("520"));
        assert_eq!(subject("EW Grundkurs"), uri("440"));
        for class in [
            "Sprachförderklasse",
            "Vorbereitungsklasse",
            "Willkommensklasse",
            "Sprachlernklasse",
        ] {
            assert_eq!(subject(class), uri("28002"), "{class}");
        }
        assert!(subject("Ruhrgebiet").is_empty());
        // A subject's science is the subject; science in general is none.
        assert_eq!(subject("Sportwissenschaft"), uri("600"));
        assert_eq!(subject("Musikwissenschaften"), uri("420"));
        assert!(subject("Literaturwissenschaft").is_empty());
        // Civics by its Swiss name; the upper vocational schools' short
        // names tag a level, no topic.
        assert_eq!(subject("Staatskunde"), uri("480"));
        // The timetable's short names.
        for (short, code) in [
            ("Mu Klasse 6", "420"),
            ("Ek Klasse 8", "220"),
            ("Ge-Unterricht Klasse 7", "240"),
            ("Ku Grundschule", "060"),
            ("DSP Oberstufe", "12002"),
            ("PuG Klasse 10", "480"),
            ("BWR", "700"),
        ] {
            assert_eq!(subject(short), uri(code), "{short}");
        }
        // The year group is a grade, no topic.
        for query in [
            "Chemie Jahrgang 8",
            "Erdkunde 7. Jahrgang",
            "Biologie Jahrgänge 5 und 6",
            "Deutsch im dritten Schuljahr",
            "Deutsch im vierten Schuljahr",
            "Mathe für die fünfte Klasse",
            "Mathematik 3. Schuljahr",
            "Englisch 7. Schulstufe",
        ] {
            assert!(Query::new(query).topic_words().is_empty(), "{query}");
        }
        assert!(Query::new("Pädagogik/Psychologie FOS").topic_words().is_empty());
        assert!(Query::new("Mathe FOS/BOS").topic_words().is_empty());
    }

    #[test]
    fn contracted_prepositions_and_requests_for_ideas_are_no_topic() {
        assert_eq!(Query::new("Ideen fürs Bodenturnen").topic_words(), ["Bodenturnen"]);
        // Prevention is what is done about a topic.
        assert_eq!(
            Query::new("Unterrichtsmaterial zur Suchtprävention")
                .split_compounds(&Dictionary::new(["Sucht"]))
                .map(|s| s.query),
            Some("Unterrichtsmaterial zur Sucht".to_string())
        );
        // Small words alone are the topic.
        assert_eq!(Query::new("das oder dass").topic_words(), ["das", "dass"]);
        assert!(Query::new("und").topic_words().is_empty());
        // The second of two sides runs on to its last topic word.
        assert_eq!(
            Query::new("Raumfahrt und das Leben auf der Raumstation, Klasse 6").sides(),
            Some(["Raumfahrt".to_string(), "Leben auf der Raumstation".to_string()])
        );
        assert_eq!(
            Query::new("Vulkane und Erdbeben für die Klasse 7").sides(),
            Some(["Vulkane".to_string(), "Erdbeben".to_string()])
        );
        // What the class does with it, and as whose language a language is
        // taught, are no topic.
        assert_eq!(Query::new("Feedback geben üben").topic_words(), ["Feedback"]);
        assert_eq!(Query::new("Padlet im Unterricht einsetzen").topic_words(), ["Padlet"]);
        assert_eq!(
            Query::new("Wikipedia richtig nutzen").topic_words(),
            ["Wikipedia", "richtig"]
        );
        let language = Query::new("Türkisch als Herkunftssprache");
        assert!(language.topic_words().is_empty(), "{:?}", language.topic_words());
        assert_eq!(language.subject_uris().len(), 1);
        let second = Query::new("Spanisch als zweite Fremdsprache");
        assert!(second.topic_words().is_empty(), "{:?}", second.topic_words());
        assert_eq!(Query::new("Zweiter Weltkrieg").topic_words(), ["Zweiter", "Weltkrieg"]);
        assert_eq!(Query::new("Tipps beim Vokabellernen").topic_words(), ["Vokabellernen"]);
        // A visit, the start of a lesson and audio examples are how the
        // class meets a topic, not which.
        assert_eq!(
            Query::new("Bauernhofbesuch mit der Klasse").topic_words(),
            ["Bauernhof"]
        );
        assert_eq!(Query::new("Einstiegsstunde zu Epikur").topic_words(), ["Epikur"]);
        assert_eq!(
            Query::new("Hörbeispiele und Unterrichtsidee zum Swing").topic_words(),
            ["Swing"]
        );
        assert_eq!(
            Query::new("Anregungen zum Wasserkreislauf").topic_words(),
            ["Wasserkreislauf"]
        );
        assert_eq!(Query::new("eigene Gedichte schreiben").topic_words(), ["Gedichte"]);
        // A lesson plan and a course level say what for, not about what.
        assert_eq!(
            Query::new("Stundenentwurf zum Vietnamkrieg für Klasse 10").topic_words(),
            ["Vietnamkrieg"]
        );
        for subject in ["Sport-LK", "Basiskurs Medienbildung", "Mathe Leistungskurs"] {
            assert!(Query::new(subject).names_only_a_subject(), "{subject}");
        }
    }

    #[test]
    fn material_words_are_the_framing_words_of_a_kind_of_material() {
        assert_eq!(Query::new("Film im Kunstunterricht").material_words(), ["Film"]);
        assert!(Query::new("Film im Kunstunterricht").names_only_a_subject());
        assert!(Query::new("Ideen für Mathe").material_words().is_empty());
    }

    #[test]
    fn a_query_is_read_once_into_its_parts() {
        let q = Query::new("  Ich suche Arbeitsblätter zur Bruchrechnung für Klasse 6 ");
        assert_eq!(q.text(), "Ich suche Arbeitsblätter zur Bruchrechnung für Klasse 6");
        assert_eq!(q.topic().as_deref(), Some("bruchrechnung"));
        assert_eq!(q.topic_phrase().as_deref(), Some("bruchrechnung"));
        assert_eq!(q.signal_terms(), ["bruchrechnung"]);
        assert!(q.discipline_uris().next().is_none());
        assert!(Query::new("  ").is_blank());

        let q = Query::new("Notenwerte und Takt im Musikunterricht");
        assert_eq!(q.planned().text(), "Notenwerte und Takt im Musik Unterricht");
        assert_eq!(
            q.planned().discipline_uris().collect::<Vec<_>>(),
            ["http://w3id.org/openeduhub/vocabs/discipline/420"]
        );
        assert!(matches!(Query::new("Photosynthese").planned(), Cow::Borrowed(_)));
    }

    #[test]
    fn only_topic_words_are_corrected() {
        let d = Dictionary::new(["Einfache Stromkreise", "Photosynthese"]);
        let corrected = |q: &str| Query::new(q).corrected(&d).map(|c| c.text().to_string());
        // "einfach" frames "erklärt" here: no "einfache" to name a title.
        assert_eq!(
            corrected("Fotosyntese einfach erklärt").as_deref(),
            Some("Photosynthese einfach erklärt")
        );
        assert_eq!(corrected("Vier-Ohren-Modell einfach erklärt"), None);
        // A compound whose material word was split off is still the topic.
        let d = Dictionary::new(["Bilder"]).with_keywords(["Satellitenbilder"]);
        let corrected = |q: &str| Query::new(q).corrected(&d).map(|c| c.text().to_string());
        assert_eq!(
            corrected("Satelitenbilder auswerten").as_deref(),
            Some("Satellitenbilder auswerten")
        );
    }

    #[test]
    fn topic_words_leave_out_framing_subjects_and_generic_heads() {
        let words = |q: &str| Query::new(q).topic_words().to_vec();
        assert_eq!(words("Romantik in der Musik"), ["Romantik"]);
        assert_eq!(words("Kurzgeschichte analysieren"), ["Kurzgeschichte"]);
        // All framing: its material words, else all of it.
        assert_eq!(words("Podcast mit der Klasse erstellen"), ["Podcast"]);
        assert_eq!(words("Klasse erstellen"), ["Klasse", "erstellen"]);
        assert_eq!(words("Winkelsumme im Dreieck"), ["Winkelsumme", "Dreieck"]);
        assert_eq!(words("lineare Funktion"), ["lineare", "Funktion"]);
        assert_eq!(words("Übungen zur Kurzgeschichte Analyse"), ["Kurzgeschichte"]);
        assert_eq!(words("Aufbau der Fettsäuren"), ["Fettsäuren"]);
        assert_eq!(words("Arbeitsblatt"), ["Arbeitsblatt"], "all framing");
        // A question asked as a sentence: its nouns and verb, not its
        // question word, modal verb or pronoun.
        assert_eq!(words("Darf man Fleisch essen?"), ["Fleisch", "essen"]);
        assert_eq!(words("Was ist ein Atom"), ["Atom"]);
        // A way of teaching frames the topic.
        assert_eq!(words("Stationenlernen zum Magnetismus"), ["Magnetismus"]);
        for subject in ["Geografie", "Mathe", "Chemie", "Musikunterricht"] {
            assert!(Query::new(subject).names_only_a_subject(), "{subject}");
        }
        assert!(!Query::new("Chemie der Kohlenwasserstoffe").names_only_a_subject());
        assert!(!Query::new("Arbeitsblatt").names_only_a_subject());
    }
}
