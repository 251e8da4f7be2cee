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

#[tokio::test]
async fn a_language_courses_title_that_is_the_topic_comes_before_a_looser_title() {
    let h = Harness::start_real_tree().await;
    // Englisch's "Großbritannien" is the topic; Geschichte's
    // "Industrialisierung Großbritannien" names it among other words.
    for query in ["Großbritannien", "Grossbritannien"] {
        let doc = search(&h, query).await;
        let first = ids(&doc).first().cloned().unwrap_or_default();
        assert_eq!(
            first,
            collection(h.standin.corpus(), "Großbritannien", "Englisch").id,
            "{query}: {doc}"
        );
    }
    // A flat hunt in French lessons: "Wohnungs|suche" is no request.
    leads_in_portal(
        &h,
        "Wohnungssuche im Französischunterricht",
        "Wohnungssuche und Umzug",
        "Französisch",
    )
    .await;
}

#[tokio::test]
async fn a_subject_without_a_portal_answers_the_portals_its_names_name() {
    let h = Harness::start_real_tree().await;
    let corpus = h.standin.corpus();
    // Arbeitslehre has no portal; its alias "Wirtschaft-Arbeit-Technik"
    // names Wirtschaft.
    let doc = search(&h, "WAT").await;
    assert_eq!(first_title(corpus, &doc).as_deref(), Some("Wirtschaft"), "{doc}");
    // MINT ("Chemie Physik Biologie") names three.
    let doc = search(&h, "NaWi").await;
    let mut top: Vec<&str> = ids(&doc)
        .iter()
        .take(3)
        .filter_map(|id| corpus.get(id).map(|n| n.title.trim()))
        .collect();
    top.sort_unstable();
    assert_eq!(top, ["Biologie", "Chemie", "Physik"], "{doc}");
}

#[tokio::test]
async fn a_lesson_plan_or_a_course_level_frames_the_request() {
    let h = Harness::start_real_tree().await;
    let corpus = h.standin.corpus();
    leads_in_portal(
        &h,
        "Stundenentwurf zum Vietnamkrieg für Klasse 10",
        "Vietnamkrieg",
        "Geschichte",
    )
    .await;
    let doc = search(&h, "Sport-LK").await;
    assert_eq!(first_title(corpus, &doc).as_deref(), Some("Sport"), "{doc}");
}

#[tokio::test]
async fn a_word_only_keywords_hold_is_real_and_a_typo_of_it_is_corrected_to_it() {
    let h = Harness::start_real_tree().await;
    let corpus = h.standin.corpus();
    // Keywords name what titles leave out: a slip of such a word is
    // corrected to it ("Parallelogramm" is a keyword of "Vierecke").
    leads_in_portal(&h, "Paralellogramm", "Vierecke", "Mathematik").await;
    // A word keywords hold is no typo of a title's word two edits away
    // ("Volleyball", "Zelluläre").
    leads_in_portal(&h, "Völkerball", "Kleine Spiele", "Sport").await;
    let doc = search(&h, "Cellulose").await;
    assert_eq!(doc.get("relaxedQuery"), None, "{doc}");
    assert_eq!(
        first_title(corpus, &doc).as_deref(),
        Some("Vorkommen und Gewinnung von Kohlenhydraten"),
        "{doc}"
    );
    // Keywords that name the whole compound outweigh a title that names
    // one part of it: "Das Leben der Bauern" is no "Bauernkrieg".
    let doc = search(&h, "Bauernkrieg").await;
    assert_eq!(
        first_title(corpus, &doc).as_deref(),
        Some("Kirche und Reformation"),
        "{doc}"
    );
    assert!(
        ids(&doc)
            .iter()
            .all(|id| corpus.get(id).is_some_and(|n| n.title.trim() != "Das Leben der Bauern")),
        "{doc}"
    );
    // A title that names every part still wins over the keywords.
    leads_in_portal(&h, "Redoxreaktion", "RedOx-Reaktionen", "Chemie").await;
}

#[tokio::test]
async fn subjects_named_with_a_second_field_or_as_whose_language_answer_that_subject() {
    let h = Harness::start_real_tree().await;
    for (query, portal) in [
        // Austria's names: one subject, however the second field is named.
        ("Biologie und Umweltkunde", "Biologie"),
        ("Geographie und Wirtschaftskunde", "Geographie"),
        // A language taught as the pupils' own: the subject.
        ("Türkisch als Herkunftssprache", "Türkisch"),
    ] {
        answers_the_portal(&h, query, portal).await;
    }
    // What a class does with a topic is no topic of its own.
    leads_in_portal(
        &h,
        "Feedback geben üben in der Theater-AG",
        "Feedbackkultur",
        "Darstellendes Spiel",
    )
    .await;
}

#[tokio::test]
async fn small_words_accents_and_short_keywords_are_read_as_written() {
    let h = Harness::start_real_tree().await;
    // A question of small words only is about those words.
    leads_in_portal(&h, "das oder dass", "das-/dass-Schreibung", "Deutsch").await;
    // Typed without its accent, a French title is still found.
    leads_in_portal(&h, "Ancien Regime", "Ancien Régime", "Französisch").await;
    // A short word only keywords hold is no typo of a title's word:
    // "Quallen" are no "Quellen".
    leads_in_portal(&h, "Quallen", "Hohltiere: Schwämme und Nesseltiere", "Biologie").await;
    // Subjects named as in Bavaria and Austria.
    for (query, portal) in [
        ("Erziehungskunde", "Pädagogik"),
        ("Geschichte und Politische Bildung", "Geschichte"),
    ] {
        answers_the_portal(&h, query, portal).await;
    }
}

#[tokio::test]
async fn words_written_apart_other_forms_and_a_collections_place_in_the_tree_are_read() {
    let h = Harness::start_real_tree().await;
    for (query, title, portal) in [
        // A slash and an apostrophe separate words.
        ("Biedermeier", "Biedermeier/ Vormärz und Junges Deutschland", "Deutsch"),
        ("Rock'n'Roll", "Rock 'n' Roll", "Musik"),
        // A Latin plural in -ien.
        ("Verbaladverb", "Verbaladverbien", "Türkisch"),
        // A framing word before another part makes a topic; the subject's
        // name with a linking s is the subject.
        ("Videokunst im Kunstunterricht", "Videokunst", "Kunst"),
        // A compound's last part that is a compound itself is the topic.
        ("Weltbevölkerungsentwicklung", "Bevölkerungsentwicklung", "Geographie"),
        // The title names a word, its ancestors the rest.
        ("Lagebeziehung zweier Geraden", "Gerade/Gerade", "Mathematik"),
        // Half of the question, or a specific part of it, when the tree
        // lacks the rest.
        ("Ringen und Raufen", "Ringen und Kämpfen", "Sport"),
        (
            "Theaterkritik schreiben nach dem Theaterbesuch",
            "Theaterkritik",
            "Darstellendes Spiel",
        ),
        // A misspelt subject is corrected to it.
        ("Interkulturele Bildung", "Interkulturelle Bildung", "Pädagogik"),
    ] {
        leads_in_portal(&h, query, title, portal).await;
    }
    // What the tree lacks stays empty beside a subject or a kind of
    // material.
    for query in ["Samurai im Geschichtsunterricht", "Projektidee Zeitkapsel für Klasse 4"] {
        answers_nothing(&h, query).await;
    }
}

#[tokio::test]
async fn an_adjective_made_of_a_name_names_the_person_and_a_word_the_tree_lacks_stays_unanswered() {
    let h = Harness::start_real_tree().await;
    among_first_three(
        &h,
        "Rutherfordsches Atommodell",
        "Kern-Hülle-Modell nach Rutherford",
        "Chemie",
    )
    .await;
    // A split rescue that leaves a word the whole tree lacks does not
    // answer: attachment theory is no page on chemical bonds.
    answers_nothing(&h, "Bindungstheorie nach Bowlby").await;
}

#[tokio::test]
async fn compounds_across_the_tree_hyphen_pieces_derived_nouns_and_questions_are_read() {
    let h = Harness::start_real_tree().await;
    for (query, title, portal) in [
        // The title is the compound's last part, an ancestor its first.
        ("Teilchenbeschleuniger", "Beschleuniger", "Physik"),
        ("Wärmeausdehnung", "Ausdehnung", "Physik"),
        // A hyphen marks a compound's parts, however short.
        ("Zen Buddhismus", "Zen-Buddhismus", "Philosophie & Ethik"),
        // Two words of the query make the title's compound.
        ("Instrumente bauen", "Instrumentenbau", "Musik"),
        // A noun derived from the topic word.
        ("Ritter im Mittelalter", "Adel und Rittertum", "Geschichte"),
        // A question asked as a sentence.
        (
            "Darf man Fleisch essen?",
            "Fleischkonsum: Dürfen wir Tiere essen?",
            "Philosophie & Ethik",
        ),
        // A title and its keywords hold the phrase together.
        ("Märzrevolution 1848", "Revolution 1848/49", "Geschichte"),
        // A noun and its genitive make the compound the other way round.
        (
            "Vorstellungen vom Jenseits",
            "Jenseitsvorstellungen in unterschiedlichen Kulturen und Epochen",
            "Philosophie & Ethik",
        ),
        // An English plural; a way of teaching frames the topic.
        ("Global City", "Global Cities", "Geographie"),
        ("Stationenlernen zum Magnetismus", "Grundlagen Magnetismus", "Physik"),
    ] {
        leads_in_portal(&h, query, title, portal).await;
    }
    among_first_three(
        &h,
        "Kreuzigung und Auferstehung Jesu",
        "Jesu Tod und Auferstehung",
        "Religion",
    )
    .await;
}

#[tokio::test]
async fn processes_verbs_suspended_parts_and_typos_that_folding_hides_are_read() {
    let h = Harness::start_real_tree().await;
    for (query, title, portal) in [
        // A process of a thing is about the thing.
        ("Nierenfunktion und Harnbildung", "Ausscheidungsorgane", "Biologie"),
        ("Vulkanausbruch", "Vulkanismus", "Geographie"),
        // A verb no collection uses says what is done, not which topic.
        ("Werbeplakate entwerfen", "Plakat / Werbung", "Kunst"),
        // Typos: one that folding moves to the first letter, one beside
        // a split word, one beside a word the tree lacks.
        ("Satz des Phytagoras", "Satzgruppe des Pythagoras", "Mathematik"),
        ("rethorische Stilmittel erkennen", "Rhetorische Stilmittel", "Deutsch"),
        (
            "elektrochemische Spanungsreihe",
            "Die Spannungsreihe der Metalle",
            "Chemie",
        ),
        ("Badmington Grundschläge", "Badminton", "Sport"),
        // An aspect of a thing is on the thing's page.
        ("Volumen eines Kegels", "Kegel", "Mathematik"),
        ("Aufbau und Fortpflanzung eines Mooses", "Moose", "Biologie"),
    ] {
        among_first_three(&h, query, title, portal).await;
    }
    // An adjective before its noun still narrows the topic.
    answers_nothing(&h, "Unterrichtsideen zum chinesischen Neujahrsfest").await;
}

#[tokio::test]
async fn slips_spellings_and_pronouns_of_round_twenty_are_read() {
    let h = Harness::start_real_tree().await;
    for (query, title, portal) in [
        // A slip in a word the tree lacks, fixed to a title's word, answers
        // though the rest of the question is named only in part.
        ("Demokartie im alten Athen", "Demokratie in Athen", "Geschichte"),
        (
            "Auffoderungssätze bilden",
            "Aufforderungssätze",
            "Deutsch als Zweitsprache",
        ),
        // A title in another spelling joins the walk.
        ("Apostrof richtig setzen", "Apostroph", "Deutsch"),
        // A possessive pronoun is no topic word.
        ("Filmmusik und ihre Wirkung", "Filmmusik", "Musik"),
        // A misspelt part of a hyphenated word; a slip a keyword fixes.
        ("N-Deklinaton", "N-Deklination", "Deutsch als Zweitsprache"),
        ("Eutrophirung von Seen", "Verschmutzung von Natur und Umwelt", "Chemie"),
        // A school day given to a topic frames it.
        (
            "Projekttag Mülltrennung in der Grundschule",
            "Müll und Recycling",
            "Nachhaltigkeit",
        ),
    ] {
        among_first_three(&h, query, title, portal).await;
    }
    // Two slips in a word of nine letters make another word, no typo.
    answers_nothing(&h, "Floorball im Sportunterricht").await;
    answers_nothing(&h, "Faustball im Sportunterricht").await;
    // A short word a slip from a keyword is another word.
    answers_nothing(&h, "Haligen in der Nordsee").await;
}

#[tokio::test]
async fn forms_framings_and_compound_heads_of_round_twenty_one_are_read() {
    let h = Harness::start_real_tree().await;
    for (query, title, portal) in [
        // A dative plural and a genitive are searched without their ending.
        ("Gelassenheit bei den Stoikern", "Die Stoiker", "Philosophie & Ethik"),
        // A visit, a lesson's start and audio examples frame a request.
        ("Bauernhofbesuch mit der Klasse", "Auf dem Bauernhof", "Geographie"),
        ("Einstiegsstunde zu Epikur", "Epikur", "Philosophie & Ethik"),
        ("Hörbeispiele und Unterrichtsidee zum Swing", "Swing", "Musik"),
        // A collection keyworded with a long topic word alone answers that
        // part of the question.
        ("Papierchromatografie mit Filzstiften", "Chromatographie", "Chemie"),
        // An unacceptable split no longer hides the best one.
        (
            "Entity-Relationsship-Diagramme",
            "Entity-Relationship(ER)-Diagramme",
            "Informatik",
        ),
        // An abstract last part of a compound keeps its first part's topic.
        ("Plakatgestaltung im Kunstunterricht", "Plakat / Werbung", "Kunst"),
    ] {
        among_first_three(&h, query, title, portal).await;
    }
    // A short, concrete last part makes another topic of the first: an
    // answer must name it.
    answers_nothing(&h, "Tierspuren").await;
    answers_nothing(&h, "Sonnenbrand").await;
    answers_nothing(&h, "Vorbereitung auf die Vergleichsarbeiten in Klasse 8").await;
}

#[tokio::test]
async fn generic_heads_superlatives_and_keyworded_first_parts_of_round_twenty_two_are_read() {
    let h = Harness::start_real_tree().await;
    for (query, title, portal) in [
        // "Aufbau" says which aspect is asked, not which topic: the fats,
        // not "Der Aufbau unserer Städte".
        (
            "Aufbau gesättigter und ungesättigter Fettsäuren",
            "Fette und Öle - Ester langkettiger Carbonsäuren",
            "Chemie",
        ),
        ("Merkmale des romantischen Kunstliedes", "Kunstlied", "Musik"),
        // A superlative is searched as its adjective.
        ("die spektakulärsten Experimente", "Spektakuläre Experimente", "Chemie"),
        // A compound's first part that only keywords hold, its last part
        // named by the same collection.
        ("Folkloretänze im Musikunterricht", "Tänze aus aller Welt", "Musik"),
        ("Pendlerverkehr", "Verkehr: Personenverkehr", "Geographie"),
    ] {
        among_first_three(&h, query, title, portal).await;
    }
    // A keyword's word as first part answers only when a first collection
    // names the rest of the compound too.
    answers_nothing(&h, "Brieffreundschaften").await;
    answers_nothing(&h, "Orchideen").await;
}

#[tokio::test]
async fn learners_by_grade_upper_school_words_and_general_last_parts_of_round_twenty_three_are_read() {
    let h = Harness::start_real_tree().await;
    // A subject with level words only answers its portal.
    for (query, portal) in [
        ("Deutsch für Erstklässler", "Deutsch"),
        ("Englisch Kursstufe", "Englisch"),
        ("Mathe Abi", "Mathematik"),
    ] {
        let corpus = h.standin.corpus();
        let doc = search(&h, query).await;
        let first = ids(&doc).first().and_then(|id| corpus.get(id));
        assert!(
            first.is_some_and(|n| n.parent_id.as_deref() == Some(ROOT_ID) && n.title.trim() == portal),
            "{query}: the portal {portal} is not first: {doc}"
        );
    }
    // "-stücke" and "-schutz" name no other topic than the compound's first
    // part: a page on it answers.
    among_first_three(
        &h,
        "Kleidungsstücke benennen im Englischunterricht",
        "Kleidung",
        "Englisch",
    )
    .await;
}

#[tokio::test]
async fn ordinals_verbs_for_their_nouns_short_adjectives_and_one_of_two_topics_of_round_twenty_four_are_read() {
    let h = Harness::start_real_tree().await;
    for (query, title, portal) in [
        // An ordinal word names the collection its digits title.
        (
            "Elemente der fünften Hauptgruppe",
            "5. Hauptgruppe: Stickstoffgruppe",
            "Chemie",
        ),
        // A verb in "-ieren" names its noun in "-ion".
        (
            "Brueche addieren und subtrahieren",
            "Addition & Subtraktion von Brüchen",
            "Mathematik",
        ),
        (
            "Arbeitsblätter schriftliches Subtrahieren Klasse 3",
            "schriftliche Subtraktion",
            "Mathematik",
        ),
        // A short adjective in another ending than the keyword's.
        (
            "Erklärvideo zum freien Fall für Klasse 9",
            "Beschleunigte Bewegungen",
            "Physik",
        ),
        // One of two topics asked for, its first part suspended.
        (
            "Kosten- und Leistungsrechnung im Fach Wirtschaft",
            "Kostenrechnung",
            "Wirtschaft",
        ),
        // "Stundenbild" is a lesson's plan: framing.
        ("Stundenbild Tennis für Klasse 8", "Tennis", "Sport"),
    ] {
        among_first_three(&h, query, title, portal).await;
    }
    // A compound of two framing words and a language's year of learning
    // are level words: a subject with them answers its portal.
    answers_the_portal(&h, "DaZ Anfängerkurs", "Deutsch als Zweitsprache").await;
    answers_the_portal(&h, "Französisch 1. Lernjahr", "Französisch").await;
    // A present participle describes ("motivierend"), and "Passion" is no
    // noun of "passieren": neither makes an answer.
    answers_nothing(&h, "Ideen für einen motivierenden Stundeneinstieg").await;
}

#[tokio::test]
async fn inflected_subject_names_the_word_fach_and_sides_after_an_article_of_round_twenty_five_are_read() {
    let h = Harness::start_real_tree().await;
    for (query, title, portal) in [
        // A subject of two words with another adjective ending, and "im
        // Fach": the subject, no topic words.
        (
            "Objekttheater im Darstellenden Spiel",
            "Objekt- und Medientheater",
            "Darstellendes Spiel",
        ),
        (
            "Objekttheater im Fach Darstellendes Spiel",
            "Objekt- und Medientheater",
            "Darstellendes Spiel",
        ),
        // One of two topics asked for, an article after "und".
        (
            "Die heilige Barbara und die Barbarazweige im Religionsunterricht",
            "Barbara von Nikomedien und die vierzehn heiligen Nothelfer",
            "Religion",
        ),
        (
            "Mendeleev und das Periodensystem",
            "Die Historische Entwicklung des Periodensystems",
            "Chemie",
        ),
    ] {
        among_first_three(&h, query, title, portal).await;
    }
}

#[tokio::test]
async fn a_second_topic_as_a_phrase_the_teachers_own_question_and_what_a_class_weighs_of_round_twenty_six_are_read() {
    let h = Harness::start_real_tree().await;
    // The second of two topics is the whole phrase: a collection titled
    // with one word of it ("Sinn des Lebens") answers neither topic.
    answers_nothing(&h, "Raumfahrt und das Leben auf der Raumstation").await;
    // "Wie löse ich …": how the teacher goes about it, not the topic.
    let doc = among_first_three(
        &h,
        "Wie löse ich eine Bruchgleichung?",
        "Bruchgleichungen",
        "Mathematik",
    )
    .await;
    assert_eq!(
        first_title(h.standin.corpus(), &doc).as_deref(),
        Some("Bruchgleichungen"),
        "{doc}"
    );
    // "Vor- und Nachteile" is what a class weighs about the topic.
    among_first_three(
        &h,
        "Vor- und Nachteile intensiver Landwirtschaft",
        "Wirtschaftsweisen Landwirtschaft: Intensive Landwirtschaft",
        "Geographie",
    )
    .await;
}

#[tokio::test]
async fn two_nouns_of_one_verb_instructions_clubs_and_the_upper_schools_phases_of_round_twenty_seven_are_read() {
    let h = Harness::start_real_tree().await;
    // "-ifizierung" and "-ifikation" are nouns of one verb; "c" before "a"
    // is read as "k" ("Gamification").
    leads_in_portal(&h, "Gamifizierung im Chemieunterricht", "Gamification", "Chemie").await;
    // "Anleitung" frames the request: no typo of "Ableitung".
    answers_nothing(&h, "Anleitung für ein World Café in der Oberstufe").await;
    // A phase of the upper school says for whom, not about what.
    answers_the_portal(&h, "Pädagogik Qualifikationsphase", "Pädagogik").await;
    // A school club is where the topic is taught: read as framing, not
    // relaxed away as a word the tree lacks.
    let doc = among_first_three(&h, "Schulgarten-AG", "Schulgarten und Wildkräuter", "Nachhaltigkeit").await;
    assert_eq!(doc.get("relaxedQuery"), None, "{doc}");
}
