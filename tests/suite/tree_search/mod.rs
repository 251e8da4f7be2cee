//! Collection search on WLO's real 2023 collection tree, whose keyword
//! search matches whole words only (`Harness::start_real_tree`; issue #35):
//! the issue's five examples answer the collection a teacher wants among
//! the first three and no other subject's collection first; a topic the
//! tree does not have answers nothing, with the German hint; the combined
//! search (`search_wlo_all`, `search`) uses the same collection search.

use serde_json::{Value, json};

use crate::common::*;
use wlo_standin::{Corpus, NodeRecord, ROOT_ID};

const COLLECTIONS: &str = "search_wlo_collections";

/// The tree's collection of this title inside the portal of this title
/// (ids are the tree's; looked up so that no id is restated here).
fn collection<'a>(corpus: &'a Corpus, title: &str, portal: &str) -> &'a NodeRecord {
    corpus
        .nodes
        .iter()
        .find(|n| n.title.trim() == title && portal_title(corpus, &n.id) == portal)
        .unwrap_or_else(|| panic!("{title} in {portal}"))
}

/// The title of the portal a collection is in (its ancestor below the root).
fn portal_title(corpus: &Corpus, id: &str) -> String {
    let mut at = corpus.get(id).expect("in the tree");
    while let Some(parent) = at.parent_id.as_deref().filter(|p| *p != ROOT_ID) {
        at = corpus.get(parent).expect("the parent is in the tree");
    }
    at.title.trim().to_string()
}

fn ids(doc: &Value) -> Vec<String> {
    doc["results"]
        .as_array()
        .expect("results")
        .iter()
        .map(|r| r["nodeId"].as_str().unwrap_or_default().to_string())
        .collect()
}

/// The title of the answer's first collection.
fn first_title(corpus: &Corpus, doc: &Value) -> Option<String> {
    ids(doc)
        .first()
        .and_then(|id| corpus.get(id))
        .map(|n| n.title.trim().to_string())
}

/// Every collection of the top 3 is in the portal of this title.
fn assert_top_three_in(corpus: &Corpus, portal: &str, query: &str, doc: &Value) {
    for id in ids(doc).iter().take(3) {
        assert_eq!(
            portal_title(corpus, id),
            portal,
            "{query}: another subject in the top 3: {doc}"
        );
    }
}

async fn search(h: &Harness, query: &str) -> Value {
    let r = h
        .call_tool(COLLECTIONS, json!({"query": query, "outputFormat": "json"}))
        .await;
    assert!(!r.is_error, "{query}: {}", r.text);
    r.json()
}

/// Search `query` and check that it answers no collection; returns the answer.
async fn answers_nothing(h: &Harness, query: &str) -> Value {
    let doc = search(h, query).await;
    assert_eq!(doc["count"], json!(0), "{query}: {doc}");
    doc
}

/// Search `query` and check that the collection `title` of `portal` is
/// among the first three; returns the answer.
async fn among_first_three(h: &Harness, query: &str, title: &str, portal: &str) -> Value {
    let corpus = h.standin.corpus();
    let wanted = collection(corpus, title, portal);
    let doc = search(h, query).await;
    let at = ids(&doc).iter().position(|id| *id == wanted.id);
    assert!(
        at.is_some_and(|i| i < 3),
        "{query}: {title} not among the first three: {doc}"
    );
    doc
}

/// [`among_first_three`], and the first collection is of that portal: the
/// topic in another subject may follow, never lead.
async fn leads_in_portal(h: &Harness, query: &str, title: &str, portal: &str) {
    let doc = among_first_three(h, query, title, portal).await;
    let first = ids(&doc).first().cloned().unwrap_or_default();
    assert_eq!(
        portal_title(h.standin.corpus(), &first),
        portal,
        "{query}: another subject's collection first: {doc}"
    );
}

/// Search a query that names only a subject: the portal of this title
/// first, and only that subject's collections in the top 3.
async fn answers_the_portal(h: &Harness, query: &str, portal: &str) {
    let corpus = h.standin.corpus();
    let doc = search(h, query).await;
    assert_eq!(first_title(corpus, &doc).as_deref(), Some(portal), "{query}: {doc}");
    assert_top_three_in(corpus, portal, query, &doc);
}

#[tokio::test]
async fn the_issues_five_examples_answer_the_collection_a_teacher_wants() {
    let h = Harness::start_real_tree().await;
    for (query, title, portal) in [
        ("lineare Funktion", "Lineare Funktionen", "Mathematik"),
        ("Geografie", "Geographie", "Geographie"),
        ("Winkelsumme im Dreieck", "Winkelsummen", "Mathematik"),
        ("Romantik in der Musik", "Musik der Romantik", "Musik"),
        ("Kurzgeschichte analysieren", "Kurzgeschichte", "Deutsch"),
    ] {
        leads_in_portal(&h, query, title, portal).await;
    }
}

#[tokio::test]
async fn a_subject_word_keeps_the_answer_in_that_subject() {
    let h = Harness::start_real_tree().await;
    let corpus = h.standin.corpus();
    // "Romantik" is a collection of Deutsch too; "in der Musik" names the
    // subject, and Musik has the topic: Deutsch's page is not listed.
    let doc = search(&h, "Romantik in der Musik").await;
    assert!(!ids(&doc).is_empty());
    for id in ids(&doc) {
        assert_eq!(portal_title(corpus, &id), "Musik", "{doc}");
    }
}

#[tokio::test]
async fn a_topic_the_tree_does_not_have_answers_nothing_with_the_hint() {
    let h = Harness::start_real_tree().await;
    for query in ["Raumfahrt", "Imkerei", "Raumfahrt im Physikunterricht", "E-Sport"] {
        let doc = answers_nothing(&h, query).await;
        let hint = doc["warnings"][0].as_str().unwrap_or_default();
        assert!(hint.starts_with("Keine Sammlung behandelt „"), "{query}: {doc}");
    }
    let r = h
        .call_tool(COLLECTIONS, json!({"query": "Raumfahrt", "outputFormat": "markdown"}))
        .await;
    assert!(r.text.contains("Keine Sammlung behandelt „Raumfahrt“"), "{}", r.text);
}

#[tokio::test]
async fn the_combined_search_and_search_use_the_same_collection_search() {
    let h = Harness::start_real_tree().await;
    let corpus = h.standin.corpus();
    let wanted = collection(corpus, "Lineare Funktionen", "Mathematik");
    let r = h
        .call_tool(
            "search_wlo_all",
            json!({"query": "lineare Funktion", "include": ["collections", "topicPages"]}),
        )
        .await;
    assert!(!r.is_error, "{}", r.text);
    let doc = r.json();
    let first = doc["collections"]["results"][0]["nodeId"].as_str().unwrap_or_default();
    assert_eq!(first, wanted.id, "{doc}");

    let doc = h
        .call_tool("search", json!({"query": "Romantik in der Musik"}))
        .await
        .json();
    let musik = collection(corpus, "Musik der Romantik", "Musik");
    assert!(
        doc["results"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["id"] == musik.id.as_str()),
        "{doc}"
    );
}

#[tokio::test]
async fn what_the_tree_writes_otherwise_is_still_found() {
    let h = Harness::start_real_tree().await;
    let corpus = h.standin.corpus();
    for (query, title, portal) in [
        // An umlaut plural the whole-word index holds instead.
        ("Strahlensatz", "Strahlensätze", "Mathematik"),
        // A typo beside a word the first wave already finds.
        ("Franzöische Revolution", "Französische Revolution", "Geschichte"),
        // A typo in a compound the walk would match in part.
        ("Teatergeschichte", "Theatergeschichte", "Darstellendes Spiel"),
        // Compounds the tree names by their first part, or apart.
        ("Kommaregeln", "Komma", "Deutsch"),
        ("Sortieralgorithmen", "Sortieren", "Informatik"),
        ("Streetart", "Street Art", "Kunst"),
        // A framing phrase: "einfach erklärt" is no topic.
        ("Inflation einfach erklärt", "Inflation", "Wirtschaft"),
    ] {
        let doc = among_first_three(&h, query, title, portal).await;
        assert_top_three_in(corpus, portal, query, &doc);
    }
    // An unknown real word is no typo of a known one.
    for query in ["Elfchen", "Häkeln und Stricken"] {
        answers_nothing(&h, query).await;
    }
}

#[tokio::test]
async fn a_partial_topic_stays_in_the_subject_of_what_names_the_most_of_it() {
    let h = Harness::start_real_tree().await;
    let corpus = h.standin.corpus();
    for (query, title, portal) in [
        // No title names every word: the one that names the most, and the
        // rarest, decides the subject; one common word alone in another
        // subject's title is no page on the topic.
        (
            "Nutzung erneuerbarer Energien",
            "Erneuerbare Energien",
            "Nachhaltigkeit",
        ),
        (
            "Umgang mit dem Atlas in Klasse 5",
            "Kartenarbeit und Atlas",
            "Geographie",
        ),
        // The title that names the whole compound before those that name
        // its first part.
        ("Kunststoffrecycling", "Recycling von Kunststoff-Abfällen", "Chemie"),
        // A loanword's other number; another spelling the index holds.
        ("Evangelium", "Evangelien", "Religion"),
        ("Frankophonie", "Francophonie", "Französisch"),
        // A portal named with a subject head is the subject.
        ("Wirtschaftslehre", "Wirtschaft", "Wirtschaft"),
        (
            "Standortfaktoren im Wirtschaftsunterricht",
            "Standortfaktoren",
            "Wirtschaft",
        ),
    ] {
        let wanted = collection(corpus, title, portal);
        let doc = search(&h, query).await;
        let found = ids(&doc);
        assert_eq!(found.first(), Some(&wanted.id), "{query}: {title} not first: {doc}");
        assert_top_three_in(corpus, portal, query, &doc);
    }
    // A phrase whose noun the tree uses only among other topics' keywords
    // is a topic the tree does not have.
    for query in ["Erste Hilfe", "Toter Winkel"] {
        answers_nothing(&h, query).await;
    }
}

#[tokio::test]
async fn the_tree_index_finds_what_only_keywords_hold_in_another_form() {
    let h = Harness::start_real_tree().await;
    for (query, title, portal) in [
        // Words a whole-word index finds only as written: a plural among
        // the keywords, another spelling, ß for ss.
        ("Muskel", "Stütz- und Bewegungssystem", "Biologie"),
        ("Kalzium", "2. Hauptgruppe: Erdalkalimetalle", "Chemie"),
        ("Massstab", "Die Arbeit mit dem (digitalen) Kompass", "Geographie"),
        // A closed compound named by both its halves.
        ("Kreislaufsystem", "Blutkreislauf, Lymph- und Immunsystem", "Biologie"),
        // Two keywords together name the topic; a portal's title is its
        // subject.
        ("Angebot und Nachfrage Wirtschaft", "Preisbildung", "Wirtschaft"),
        // School subjects by their short forms.
        ("PoWi", "Politische Bildung", "Politische Bildung"),
        ("Franz", "Französisch", "Französisch"),
    ] {
        // The topic in another subject may follow (Sport's muscles), never
        // lead.
        leads_in_portal(&h, query, title, portal).await;
    }
    // A compound whose last part the tree does not know is not its first
    // part: "Vogelgrippe" is no page on birds.
    // A topic word no collection uses in any form: the tree lacks the
    // topic, whatever the other words name.
    for query in [
        "Vogelgrippe im Biologieunterricht",
        "Töpfern im Kunstunterricht",
        "Spiele für den Wandertag",
        "Samurai im Geschichtsunterricht",
    ] {
        answers_nothing(&h, query).await;
    }
}

#[tokio::test]
async fn german_compounds_and_subject_names_the_sixth_round_reads() {
    let h = Harness::start_real_tree().await;
    let corpus = h.standin.corpus();
    for (query, title, portal) in [
        // A suspended hyphen: "Trainings- und Bewegungslehre".
        ("Trainingslehre", "Trainings- und Bewegungslehre", "Sport"),
        // A subject head on the start of a portal's title.
        ("Medienkunde", "Medienbildung", "Medienbildung"),
        // All framing but a material word: the material is the topic.
        ("Podcast mit der Klasse erstellen", "Audios & Podcasts", "Medienbildung"),
        // One base, two endings; the title that is the topic may be
        // beyond the keyword search's first hits.
        (
            "Unterrichtsmaterial zum Ersten Weltkrieg",
            "Erster Weltkrieg",
            "Geschichte",
        ),
        // A hyphen piece of any length.
        ("Excel-Übungen für Klasse 7", "Tabellenkalkulation", "Medienbildung"),
    ] {
        leads_in_portal(&h, query, title, portal).await;
    }
    // A language course's theme comes after the subject's own collection
    // of the same title.
    let doc = search(&h, "Gross- und Kleinschreibung").await;
    let first = ids(&doc).first().cloned().unwrap_or_default();
    assert_eq!(portal_title(corpus, &first), "Deutsch", "{doc}");
}

#[tokio::test]
async fn a_compound_with_an_unknown_part_is_about_its_specific_known_part() {
    let h = Harness::start_real_tree().await;
    for (query, title, portal) in [
        // A long first part: drinking water is the topic, whatever is done
        // with it.
        ("Trinkwasseraufbereitung", "Wasser - Trinkwasser und mehr", "Chemie"),
        ("Zeitzeugeninterview", "Zeitzeugenbefragung", "Geschichte"),
        // A hyphen piece the user wrote apart.
        ("SQL-Abfragen", "Structured Query Language (SQL)", "Informatik"),
    ] {
        leads_in_portal(&h, query, title, portal).await;
    }
    let doc = search(&h, "SQL-Abfragen").await;
    assert_eq!(doc["relaxedQuery"], json!("SQL"), "as typed: {doc}");
    // A short first part mostly starts a word on another topic: soap
    // bubbles are no page on soap.
    for query in ["Seifenblasen", "Zeitkapsel"] {
        answers_nothing(&h, query).await;
    }
}

#[tokio::test]
async fn a_subject_named_for_its_upbringing_answers_its_portal() {
    let h = Harness::start_real_tree().await;
    // "-erziehung" names a school subject as "-unterricht" does
    // ("Kunsterziehung" is Kunst); its first part may start the portal's title.
    for (query, portal) in [("Musikerziehung", "Musik"), ("Medienerziehung", "Medienbildung")] {
        let doc = search(&h, query).await;
        assert_eq!(
            first_title(h.standin.corpus(), &doc).as_deref(),
            Some(portal),
            "{query}: {doc}"
        );
    }
}

#[tokio::test]
async fn a_subject_named_as_schools_name_it_answers_its_portal_and_its_own_collections() {
    let h = Harness::start_real_tree().await;
    for (query, portal) in [
        // "Schul" before a subject's name; the initials of a label of two
        // words, typed in capitals; a language in its own name; an older
        // name of a subject.
        ("Schulsport", "Sport"),
        ("Schultheater", "Darstellendes Spiel"),
        ("DS-Unterricht", "Darstellendes Spiel"),
        ("Español", "Spanisch"),
        ("Türkçe", "Türkisch"),
        ("Leibeserziehung", "Sport"),
        ("Ökonomie", "Wirtschaft"),
    ] {
        // After the portal, only the subject's own collections: Politische
        // Bildung's "Theorien der Ökonomie" is also tagged Wirtschaftskunde.
        answers_the_portal(&h, query, portal).await;
    }
}

#[tokio::test]
async fn a_typo_beside_a_word_written_once_is_still_corrected() {
    let h = Harness::start_real_tree().await;
    // The tree writes "Hinduimus" once (a title's typo) and "Hinduismus"
    // in several titles: both are one edit from "Hindusimus".
    leads_in_portal(&h, "Hindusimus", "Hinduismus", "Religion").await;
}

#[tokio::test]
async fn a_material_word_beside_a_subject_may_be_a_topic_of_it() {
    let h = Harness::start_real_tree().await;
    let corpus = h.standin.corpus();
    // Kunst has a collection "Film": film as an art form, before the portal.
    let doc = search(&h, "Film im Kunstunterricht").await;
    let film = collection(corpus, "Film", "Kunst");
    assert_eq!(ids(&doc).first(), Some(&film.id), "{doc}");
    assert_top_three_in(corpus, "Kunst", "Film im Kunstunterricht", &doc);
    // Without a collection of that title the portal leads.
    let doc = search(&h, "Arbeitsblätter Mathe").await;
    assert_eq!(first_title(corpus, &doc).as_deref(), Some("Mathematik"), "{doc}");
}

#[tokio::test]
async fn a_collection_tagged_with_the_answers_subject_besides_its_own_reads_as_its_own_subject() {
    let h = Harness::start_real_tree().await;
    let corpus = h.standin.corpus();
    // Politische Bildung's "Politische Zielsetzungen in der Ökonomie" is
    // tagged Politik first and Wirtschaftskunde besides: after Wirtschaft's
    // "Konjunktur" comes Wirtschaft's portal, then the other subject.
    let doc = search(&h, "Konjunktur").await;
    let at = |title: &str, portal: &str| {
        let id = &collection(corpus, title, portal).id;
        ids(&doc).iter().position(|i| i == id)
    };
    assert_eq!(at("Konjunktur", "Wirtschaft"), Some(0), "{doc}");
    let portal = at("Wirtschaft", "Wirtschaft").expect("the portal");
    let other = at("Politische Zielsetzungen in der Ökonomie", "Politische Bildung").unwrap_or(usize::MAX);
    assert!(portal < other, "{doc}");
}

/// The tests of the later rounds of general rules.
mod rounds;
mod rounds_thirty;
