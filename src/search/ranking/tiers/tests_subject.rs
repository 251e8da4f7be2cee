//! Unit tests of a query that names a subject: the subject's collections
//! and portal, and the other subjects' pages when it has none on the topic.

use super::TreeRanking;
use super::tests::{DEUTSCH, MATHE, MUSIK, collection, titles};
use crate::search::query::Query;
use crate::upstream::Node;

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

#[test]
fn the_portal_does_not_lead_when_the_subjects_word_is_the_topic_or_only_a_split_named_it() {
    const DS: &str = "http://w3id.org/openeduhub/vocabs/discipline/12002";
    const GESCHICHTE: &str = "http://w3id.org/openeduhub/vocabs/discipline/240";
    // "Theater" names Darstellendes Spiel, and another subject's title has
    // it: the word is the topic too.
    let ds = collection("ds", "Darstellendes Spiel", DS, "root", &[], "");
    let theater = [collection("t", "Das griechische Theater", GESCHICHTE, "g", &[], "")];
    assert_eq!(
        titles("Aufbau des griechischen Theaters", &theater, &[&ds]),
        ["Das griechische Theater", "Darstellendes Spiel"]
    );
    // The rescue split "Schöpfungsgeschichte": the query as typed named no
    // subject, so its portal does not lead.
    let geschichte = collection("g", "Geschichte", GESCHICHTE, "root", &[], "");
    let schoepfung = [collection("s", "Umgang mit der Schöpfung", MUSIK, "m", &[], "")];
    let query = Query::new("Schöpfung Geschichte");
    let first = |typed: bool| {
        TreeRanking::new(&query)
            .with_subject_typed(typed)
            .rank(schoepfung.to_vec(), &[&geschichte])[0]
            .display_title()
            .to_string()
    };
    assert_eq!(first(true), "Geschichte");
    assert_eq!(first(false), "Umgang mit der Schöpfung");
}

#[test]
fn a_subject_without_a_portal_named_alone_answers_its_broader_subjects_portal() {
    const POLITIK: &str = "http://w3id.org/openeduhub/vocabs/discipline/480";
    let politik = collection("p", "Politische Bildung", POLITIK, "root", &[], "");
    let musik = collection("m", "Musik", MUSIK, "root", &[], "");
    let candidates = [collection("eu", "Geschichte der EU", DEUTSCH, "g", &[], "")];
    let query = Query::new("Gesellschaftskunde");
    let titles = |portals: &[&Node]| -> Vec<String> {
        TreeRanking::new(&query)
            .with_portals(portals)
            .rank(candidates.to_vec(), portals)
            .iter()
            .map(|n| n.display_title().to_string())
            .collect()
    };
    assert_eq!(titles(&[&politik, &musik]), ["Politische Bildung"]);
    // Without the broader subject's portal, no other portal answers.
    assert_eq!(titles(&[&musik]), ["Geschichte der EU"]);
}

#[test]
fn a_title_of_the_topic_and_the_subject_named_is_the_topic_exactly() {
    const CHEMIE: &str = "http://w3id.org/openeduhub/vocabs/discipline/100";
    let chemie = collection("c", "Chemie", CHEMIE, "root", &[], "");
    let candidates = [
        collection("oc", "Organische Chemie", CHEMIE, "c", &[], ""),
        collection("me", "Mesomerie in der Organischen Chemie", CHEMIE, "oc", &[], ""),
    ];
    // "Chemie" names the subject; the title that is the query names the
    // topic with nothing else, before its more specific child.
    assert_eq!(
        titles("Organische Chemie", &candidates, &[&chemie]),
        ["Organische Chemie", "Mesomerie in der Organischen Chemie", "Chemie"]
    );
    let query = Query::new("Organische Chemie");
    let ranking = TreeRanking::new(&query).with_portals(&[&chemie]);
    assert!(ranking.is_subject_word("Chemie"));
    assert!(!ranking.is_subject_word("Organische"), "a topic word");
    assert!(!ranking.is_subject_word("Mesomerie"));
}

#[test]
fn a_compound_of_the_subject_and_the_topic_is_a_page_of_the_subject() {
    const WIRTSCHAFT: &str = "http://w3id.org/openeduhub/vocabs/discipline/700";
    const GEOGRAPHIE: &str = "http://w3id.org/openeduhub/vocabs/discipline/220";
    let wirtschaft = collection("w", "Wirtschaft", WIRTSCHAFT, "root", &[], "");
    let geographie = collection("g", "Geographie", GEOGRAPHIE, "root", &[], "");
    let candidates = [
        collection("a", "Wirtschaftsakteure", WIRTSCHAFT, "w", &["öffentlicher Sektor"], ""),
        collection("s", "Wirtschaftssektoren", GEOGRAPHIE, "gw", &[], ""),
    ];
    // The subject's genitive leaves the noun before it the topic, no
    // aspect of another word; the compound of the two names the subject.
    let portals = [&wirtschaft, &geographie];
    let query = Query::new("Sektoren der Wirtschaft");
    let ranked = |candidates: &[Node]| -> Vec<String> {
        let ranking = TreeRanking::new(&query).with_portals(&portals);
        let ranked = ranking.rank(candidates.to_vec(), &portals);
        ranked.iter().map(|n| n.display_title().to_string()).collect()
    };
    assert_eq!(
        ranked(&candidates),
        ["Wirtschaftssektoren", "Wirtschaftsakteure", "Wirtschaft"]
    );
    // Without the compound, the subject's own page.
    assert_eq!(ranked(&candidates[..1]), ["Wirtschaftsakteure", "Wirtschaft"]);
}
