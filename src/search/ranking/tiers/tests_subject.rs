//! Unit tests of a query that names a subject: the subject's collections
//! and portal, and the other subjects' pages when it has none on the topic.

use super::tests::{DEUTSCH, MATHE, MUSIK, collection, titles};

#[test]
fn a_named_subject_answers_from_its_collections_and_its_portal() {
    let musik = collection("m", "Musik", MUSIK, "root", &[], "");
    let candidates = [
        collection("r", "Romantik", DEUTSCH, "lg", &["Novalis"], ""),
        collection("mr", "Musik der Romantik", MUSIK, "ep", &[], ""),
        collection(
            "ak",
            "Akustik",
            "http://w3id.org/openeduhub/vocabs/discipline/460",
            "ph",
            &[],
            "",
        ),
    ];
    assert_eq!(
        titles("Romantik in der Musik", &candidates, &[&musik]),
        ["Musik der Romantik", "Musik"]
    );
    // Nothing of the subject names the topic: the other subjects, only
    // with every topic word.
    assert_eq!(
        titles("Romantik in der Chemie", &candidates, &[&musik]),
        ["Romantik", "Musik der Romantik"]
    );
    assert!(titles("Romantik Akustik in der Chemie", &candidates, &[&musik]).is_empty());
}

#[test]
fn a_named_subject_without_a_page_on_the_topic_answers_its_portal_before_other_subjects_pages() {
    const ENGLISCH: &str = "http://w3id.org/openeduhub/vocabs/discipline/20001";
    let englisch = collection("e", "Englisch", ENGLISCH, "root", &[], "");
    let candidates = [
        collection("a1", "Abiturvorbereitung Analysis", MATHE, "m", &[], ""),
        collection("a2", "Abiturvorbereitung Stochastik", MATHE, "m", &[], ""),
        collection("g", "Grammatik", ENGLISCH, "e", &[], ""),
    ];
    assert_eq!(
        titles("Englisch Abiturvorbereitung", &candidates, &[&englisch]),
        [
            "Englisch",
            "Abiturvorbereitung Analysis",
            "Abiturvorbereitung Stochastik"
        ]
    );
    // A page of the subject on the topic: the subject's pages only.
    let with_page = [
        candidates[0].clone(),
        collection("ea", "Abiturvorbereitung", ENGLISCH, "e", &[], ""),
    ];
    assert_eq!(
        titles("Englisch Abiturvorbereitung", &with_page, &[&englisch]),
        ["Abiturvorbereitung", "Englisch"]
    );
}
