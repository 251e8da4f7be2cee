//! The collection ranking's unit tests, on hand-made collections.

use super::super::test_support::raw;
use super::*;
use serde_json::json;

pub(super) const MATHE: &str = "http://w3id.org/openeduhub/vocabs/discipline/380";
const BIO: &str = "http://w3id.org/openeduhub/vocabs/discipline/080";
pub(super) const DEUTSCH: &str = "http://w3id.org/openeduhub/vocabs/discipline/120";
pub(super) const MUSIK: &str = "http://w3id.org/openeduhub/vocabs/discipline/420";
const GEO: &str = "http://w3id.org/openeduhub/vocabs/discipline/220";
const TUERKISCH: &str = "http://w3id.org/openeduhub/vocabs/discipline/20008";

/// A collection: id, title, discipline, parent, keywords, description.
pub(super) fn collection(
    id: &str,
    title: &str,
    taxon: &str,
    parent: &str,
    keywords: &[&str],
    description: &str,
) -> Node {
    raw(json!({
        "ref": {"id": id}, "parent": {"id": parent}, "type": "ccm:map", "isDirectory": true,
        "properties": {
            "cclom:title": [title], "ccm:taxonid": [taxon],
            "cclom:general_keyword": keywords, "cclom:general_description": [description]
        }
    }))
}

pub(super) fn titles(query: &str, candidates: &[Node], portals: &[&Node]) -> Vec<String> {
    let query = Query::new(query);
    TreeRanking::new(&query)
        .rank(candidates.to_vec(), portals)
        .iter()
        .map(|n| n.display_title().to_string())
        .collect()
}

#[test]
fn the_title_first_then_keywords_then_some_words_then_parents_and_portals_then_descriptions() {
    let mathe = collection("p", "Mathematik", MATHE, "root", &[], "");
    let analysis = collection("an", "Analysis", MATHE, "p", &[], "");
    let candidates = [
        collection("d", "Steigung", MATHE, "an", &[], "Die Steigung linearer Funktionen"),
        collection(
            "g",
            "Funktionsgleichung",
            MATHE,
            "lf",
            &["Lineare Funktionsgleichung"],
            "",
        ),
        collection("lf", "Lineare Funktionen", MATHE, "an", &["Geraden"], ""),
        analysis.clone(),
        collection("q", "Quadratische Funktionen", MATHE, "an", &[], ""),
        collection("pi", "Pilze: Form & Funktion", BIO, "bio", &[], ""),
    ];
    assert_eq!(
        titles("lineare Funktion", &candidates, &[&mathe]),
        [
            "Lineare Funktionen",
            "Funktionsgleichung",
            "Quadratische Funktionen",
            "Analysis",
            "Mathematik",
            "Steigung"
        ],
        "another subject's page for one word of the topic is left out"
    );
}

#[test]
fn the_very_words_before_another_form_and_the_specific_before_its_ancestor() {
    let candidates = [
        collection(
            "en",
            "Kurzgeschichten",
            "http://w3id.org/openeduhub/vocabs/discipline/20001",
            "x",
            &[],
            "",
        ),
        collection("de", "Kurzgeschichte", DEUTSCH, "et", &[], ""),
        collection(
            "ea",
            "Erzähltextanalyse",
            DEUTSCH,
            "et",
            &["Kurzgeschichte", "Roman"],
            "",
        ),
    ];
    assert_eq!(
        titles("Kurzgeschichte analysieren", &candidates, &[]),
        ["Kurzgeschichte", "Kurzgeschichten", "Erzähltextanalyse"]
    );
    // Same tier and exactness: the collection below before its parent.
    let candidates = [
        collection("w", "Winkel im Dreieck", MATHE, "g", &[], ""),
        collection("x", "Winkel", MATHE, "w", &[], ""),
    ];
    let query = Query::new("Winkel");
    let ranked: Vec<String> = TreeRanking::new(&query)
        .rank(candidates.to_vec(), &[])
        .iter()
        .map(|n| n.id().to_string())
        .collect();
    assert_eq!(ranked, ["x", "w"]);
}

#[test]
fn the_collections_that_name_some_topic_words_the_rarer_words_first() {
    let candidates = [
        collection("d1", "Dreiecke", MATHE, "g", &[], ""),
        collection("d2", "Besondere Dreiecke", MATHE, "g", &[], ""),
        collection("w", "Winkelsummen", MATHE, "g", &[], ""),
        collection("d3", "Dreiecksformen", MATHE, "g", &[], ""),
    ];
    assert_eq!(titles("Winkelsumme im Dreieck", &candidates, &[])[0], "Winkelsummen");
}

#[test]
fn a_portal_the_query_names_as_a_whole_leads_and_is_its_subject() {
    const WIRTSCHAFT: &str = "http://w3id.org/openeduhub/vocabs/discipline/700";
    let portal = collection("p", "Wirtschaft", WIRTSCHAFT, "root", &[], "");
    let other = collection("t", "Wirtschaft", TUERKISCH, "tk", &[], "");
    let inside = collection("i", "Wirtschaftskreislauf", WIRTSCHAFT, "p", &[], "");
    assert_eq!(
        titles("Wirtschaft", &[other, inside, portal.clone()], &[&portal]),
        ["Wirtschaft", "Wirtschaftskreislauf"]
    );
}

#[test]
fn a_portal_named_as_a_whole_beside_framing_words_leads() {
    const LERNEN: &str = "http://w3id.org/openeduhub/vocabs/discipline/720";
    let portal = collection("p", "Lernen lernen", LERNEN, "root", &[], "");
    const PAEDAGOGIK: &str = "http://w3id.org/openeduhub/vocabs/discipline/440";
    let theory = collection("t", "Grundlagen des Lernens, Lerntheorien", PAEDAGOGIK, "x", &[], "");
    let digital = collection(
        "d",
        "Lernen in der digitalen Welt",
        PAEDAGOGIK,
        "x",
        &["Lernen lernen"],
        "",
    );
    let candidates = [theory, digital, portal.clone()];
    for query in [
        "Lernen lernen",
        "Lernen lernen Berufsschule",
        "Arbeitsblätter Lernen lernen Klasse 5",
    ] {
        assert_eq!(titles(query, &candidates, &[&portal])[0], "Lernen lernen", "{query}");
    }
    // A word that is no framing word makes another topic.
    let query = Query::new("Lernen lernen Berufsschule");
    let ranking = TreeRanking::new(&query);
    assert!(ranking.names_as_a_whole(&portal));
    let query = Query::new("Lernen lernen Vokabeln");
    assert!(!TreeRanking::new(&query).names_as_a_whole(&portal));
}

#[test]
fn a_query_that_names_only_a_subject_answers_its_portal() {
    let geographie = collection("g", "Geographie", GEO, "root", &[], "");
    let tuerkisch = collection("t", "Geografie", TUERKISCH, "tk", &["Geographie der Türkei"], "");
    assert_eq!(
        titles("Geografie", std::slice::from_ref(&tuerkisch), &[&geographie]),
        ["Geographie"]
    );
    // Found by its title in another spelling, without a discipline.
    let plain = raw(json!({"ref": {"id": "g2"}, "type": "ccm:map", "properties": {"cclom:title": ["Geographie"]}}));
    assert_eq!(titles("Erdkunde", &[tuerkisch], &[&plain]), ["Geographie"]);
}

#[test]
fn the_topic_guard_leaves_out_what_shares_only_a_subject_or_a_generic_word() {
    let candidates = [
        collection(
            "a",
            "Analyse von Daten",
            "http://w3id.org/openeduhub/vocabs/discipline/320",
            "i",
            &[],
            "",
        ),
        collection("m", "Musik", MUSIK, "root", &["Musik"], ""),
    ];
    assert!(titles("Sonatenhauptsatzform Analyse in der Musik", &candidates, &[]).is_empty());
    let query = Query::new("Sonatenhauptsatzform");
    let ranking = TreeRanking::new(&query);
    assert!(!ranking.matches(&candidates[0]));
    assert_eq!(ranking.named_words(&candidates[0]), 0);
}

#[test]
fn the_home_subject_is_the_one_most_of_the_best_titles_carry() {
    const POLITIK: &str = "http://w3id.org/openeduhub/vocabs/discipline/480";
    const GESCHICHTE: &str = "http://w3id.org/openeduhub/vocabs/discipline/240";
    // Three titles are the topic; two of them are Politik's, so Politik's
    // keyword match reads on before Geschichte's, whichever id sorts first.
    let candidates = [
        collection("a1", "Demokratie", GESCHICHTE, "g", &[], ""),
        collection("b1", "Demokratie", POLITIK, "p", &[], ""),
        collection("b2", "Demokratie", POLITIK, "q", &[], ""),
        collection("a2", "Weimarer Republik", GESCHICHTE, "g", &["Demokratie"], ""),
        collection("b3", "Wahlen", POLITIK, "p", &["Demokratie"], ""),
    ];
    let ranked = titles("Demokratie", &candidates, &[]);
    assert_eq!(ranked[3..], ["Wahlen", "Weimarer Republik"]);
}

#[test]
fn a_topic_word_as_the_last_part_of_a_compound_is_close_its_first_part_is_not() {
    let query = Query::new("Kreislauf");
    let ranking = TreeRanking::new(&query);
    let blood = collection("k", "Blutkreislauf", BIO, "b", &[], "");
    assert!(ranking.matches_closely(&blood), "a kind of Kreislauf");
    let query = Query::new("Schach");
    let ranking = TreeRanking::new(&query);
    let horsetails = collection("s", "Schachtelhalme", BIO, "b", &[], "");
    assert!(!ranking.matches_closely(&horsetails), "no kind of Schach");
}

#[test]
fn the_home_subject_of_a_partial_answer_is_that_of_the_collections_that_name_the_most_of_it() {
    const PHYSIK: &str = "http://w3id.org/openeduhub/vocabs/discipline/460";
    // No title names all three words; one names two of them, many another
    // subject's titles the common one alone: the answer reads on in the
    // subject of the one that names the most, not of the many.
    let candidates = [
        collection("p1", "Energie", PHYSIK, "ph", &[], ""),
        collection("p2", "Mechanische Energie", PHYSIK, "ph", &[], ""),
        collection("p3", "Innere Energie", PHYSIK, "ph", &[], ""),
        collection("g1", "Erneuerbare Energien", GEO, "g", &[], ""),
        collection("g2", "Fossile Energieträger", GEO, "g", &["Energie"], ""),
    ];
    let ranked = titles("Nutzung erneuerbarer Energien", &candidates, &[]);
    assert_eq!(ranked[..2], ["Erneuerbare Energien", "Fossile Energieträger"]);
}

#[test]
fn without_a_whole_match_another_subject_stays_only_where_it_names_as_much() {
    const ETHIK: &str = "http://w3id.org/openeduhub/vocabs/discipline/160";
    const KUNST: &str = "http://w3id.org/openeduhub/vocabs/discipline/060";
    let candidates = [
        collection("e1", "Umgang mit Zeit und Freizeit", ETHIK, "e", &[], ""),
        collection("e2", "Umgang mit Tieren", ETHIK, "e", &[], ""),
        collection("g1", "Kartenarbeit und Atlas", GEO, "g", &[], ""),
        collection("g2", "Orientieren", GEO, "g", &["Umgang mit Karten"], ""),
        collection("k1", "Werkbetrachtung", KUNST, "k", &["Bildatlas", "Atlas"], ""),
    ];
    assert_eq!(
        titles("Umgang mit dem Atlas", &candidates, &[]),
        ["Kartenarbeit und Atlas", "Orientieren"],
        "Ethik names only the commoner word, Kunst the rarer one only among its keywords"
    );
}

#[test]
fn a_text_that_names_the_whole_compound_comes_before_one_that_names_its_first_part() {
    const CHEMIE: &str = "http://w3id.org/openeduhub/vocabs/discipline/100";
    let candidates = [
        collection("a", "Verarbeitung von Kunststoffen", CHEMIE, "c", &[], ""),
        collection("b", "Recycling von Kunststoff-Abfällen", CHEMIE, "c", &[], ""),
    ];
    let query = Query::new("Kunststoff Recycling");
    let ranked: Vec<String> = TreeRanking::new(&query)
        .with_optional(&["Recycling".to_string()])
        .rank(candidates.to_vec(), &[])
        .iter()
        .map(|n| n.display_title().to_string())
        .collect();
    assert_eq!(
        ranked,
        ["Recycling von Kunststoff-Abfällen", "Verarbeitung von Kunststoffen"]
    );
}

#[test]
fn a_loanword_is_named_in_its_other_number() {
    const RELIGION: &str = "http://w3id.org/openeduhub/vocabs/discipline/520";
    const BO: &str = "http://w3id.org/openeduhub/vocabs/discipline/720";
    let candidates = [
        collection("r", "Evangelien", RELIGION, "x", &[], ""),
        collection("b", "Praktika: Worin will ich Erfahrungen sammeln?", BO, "y", &[], ""),
        collection("h", "Grundsätze und Praktiken des Hinduismus", RELIGION, "z", &[], ""),
    ];
    assert_eq!(titles("Evangelium", &candidates, &[]), ["Evangelien"]);
    assert_eq!(
        titles("Praktikum", &candidates, &[]),
        ["Praktika: Worin will ich Erfahrungen sammeln?"],
        "Praktiken are no Praktika"
    );
    assert_eq!(
        titles("Praktika", &[collection("p", "Praktikum", BO, "y", &[], "")], &[]),
        ["Praktikum"]
    );
}

#[test]
fn a_portal_named_with_a_subject_head_is_the_subject() {
    const WIRTSCHAFT: &str = "http://w3id.org/openeduhub/vocabs/discipline/700";
    let portal = collection("p", "Wirtschaft", WIRTSCHAFT, "root", &[], "");
    let geo = collection("pg", "Geographie", GEO, "root", &[], "");
    let portals = [&portal, &geo];
    let candidates = [
        collection("g", "Standortfaktoren der Wirtschaft", GEO, "pg", &[], ""),
        collection("w", "Standortfaktoren", WIRTSCHAFT, "p", &[], ""),
        collection("d", "Wirtschaft in der DDR", MATHE, "x", &[], ""),
    ];
    let ranked = |q: &str| -> Vec<String> {
        let query = Query::new(q);
        TreeRanking::new(&query)
            .with_portals(&portals)
            .rank(candidates.to_vec(), &portals)
            .iter()
            .map(|n| n.display_title().to_string())
            .collect()
    };
    assert_eq!(
        ranked("Standortfaktoren im Wirtschaftsunterricht")[0],
        "Standortfaktoren"
    );
    assert_eq!(ranked("Wirtschaftslehre"), ["Wirtschaft", "Standortfaktoren"]);
    assert_eq!(ranked("Wirtschaftserziehung"), ["Wirtschaft", "Standortfaktoren"]);
    // The first part may start the portal's title; too short a part names
    // none.
    assert_eq!(ranked("Wirtschkunde").first().map(String::as_str), Some("Wirtschaft"));
    assert!(!ranked("Wirtkunde").contains(&"Standortfaktoren".to_string()));
    // A portal's title without a subject head stays a topic word alone,
    // and is the subject beside another topic word.
    assert!(ranked("Wirtschaft").contains(&"Wirtschaft in der DDR".to_string()));
    assert_eq!(ranked("Standortfaktoren Wirtschaft")[0], "Standortfaktoren");
    assert!(!ranked("Standortfaktoren Wirtschaft").contains(&"Wirtschaft in der DDR".to_string()));
}

#[test]
fn a_phrase_whose_noun_the_tree_uses_only_among_keywords_of_other_topics_is_not_held() {
    const ENGLISCH: &str = "http://w3id.org/openeduhub/vocabs/discipline/20001";
    const GESCHICHTE: &str = "http://w3id.org/openeduhub/vocabs/discipline/240";
    let hilfe = [
        collection(
            "e1",
            "Umgang mit Informationen",
            ENGLISCH,
            "e",
            &["summary Hilfe Englisch"],
            "",
        ),
        collection("g1", "Erste deutsche Demokratie", GESCHICHTE, "g", &[], ""),
    ];
    assert!(titles("Erste Hilfe", &hilfe, &[]).is_empty());
    let winkel = [
        collection("m1", "Winkel", MATHE, "m", &[], ""),
        collection(
            "g2",
            "Zweiter Weltkrieg",
            GESCHICHTE,
            "g",
            &["Zweiter Weltkrieg Tote"],
            "",
        ),
    ];
    assert!(titles("Toter Winkel", &winkel, &[]).is_empty());
    // A word the tree never uses says nothing (a first name); neither does
    // a lower-case one; a keyword that names the whole phrase holds it.
    let caesar = [collection(
        "c",
        "Caesar und die Gallischen Kriege",
        GESCHICHTE,
        "g",
        &[],
        "",
    )];
    assert_eq!(
        titles("Julius Cäsar", &caesar, &[]),
        ["Caesar und die Gallischen Kriege"]
    );
    assert_eq!(titles("toter Winkel", &winkel, &[])[0], "Winkel");
    let held = [
        collection("m1", "Winkel", MATHE, "m", &[], ""),
        collection("p", "Verkehr", GEO, "g", &["toter Winkel"], ""),
    ];
    assert_eq!(titles("Toter Winkel", &held, &[])[0], "Verkehr");
    // A title that names part of the phrase by its words and the same
    // collection's keywords the rest hold it too.
    let revolution = [
        collection(
            "r",
            "Revolution 1848/49",
            GESCHICHTE,
            "g",
            &["Folgen Märzrevolution"],
            "",
        ),
        collection("b", "Biedermeier", GESCHICHTE, "g", &["Märzrevolution"], ""),
    ];
    assert_eq!(titles("Märzrevolution 1848", &revolution, &[])[0], "Revolution 1848/49");
    // One collection's keywords that name every word, a phrase within one
    // keyword, hold the question; keywords that split the phrase do not.
    let thesen =
        |keywords: &'static [&'static str]| [collection("k", "Kirche und Reformation", GESCHICHTE, "g", keywords, "")];
    let tagged = thesen(&["Ablasshandel", "Thesen Martin Luther"]);
    assert_eq!(
        titles("Ablasshandel und Luthers Thesen", &tagged, &[]),
        ["Kirche und Reformation"]
    );
    let split = thesen(&["Ablasshandel", "95 Thesen", "Martin Luther"]);
    assert!(titles("Ablasshandel und Luthers Thesen", &split, &[]).is_empty());
}

#[test]
fn of_titles_that_name_the_topic_alike_the_one_tagged_with_it_is_its_home() {
    const ENGLISCH: &str = "http://w3id.org/openeduhub/vocabs/discipline/20001";
    const BO: &str = "http://w3id.org/openeduhub/vocabs/discipline/720";
    let candidates = [
        collection(
            "e1",
            "Praktika und Schülerjobs",
            ENGLISCH,
            "ew",
            &["Praktikum englisch"],
            "",
        ),
        collection("ew", "Arbeitswelt", ENGLISCH, "en", &["Praktika"], ""),
        collection(
            "b1",
            "Praktika: Worin will ich Erfahrungen sammeln?",
            BO,
            "bo",
            &["Praktikum"],
            "",
        ),
    ];
    assert_eq!(
        titles("Praktikum", &candidates, &[])[0],
        "Praktika: Worin will ich Erfahrungen sammeln?"
    );
}

#[test]
fn an_aspect_after_a_topic_that_a_title_is_exactly_keeps_that_title() {
    const BIO: &str = "http://w3id.org/openeduhub/vocabs/discipline/080";
    const GESCHICHTE: &str = "http://w3id.org/openeduhub/vocabs/discipline/240";
    let candidates = [
        collection("b", "Photosynthese", BIO, "x", &[], ""),
        collection(
            "g",
            "Napoleon",
            GESCHICHTE,
            "y",
            &["Französische Revolution Ablauf"],
            "",
        ),
    ];
    assert_eq!(titles("Photosynthese Ablauf", &candidates, &[])[0], "Photosynthese");
}

#[test]
fn a_word_apart_from_the_topic_is_no_phrase_the_tree_lacks() {
    let candidates = [
        collection("r", "Romantik", DEUTSCH, "d", &[], ""),
        collection("g", "Napoleon", GEO, "y", &["Merkmale Frankreich"], ""),
    ];
    assert_eq!(titles("Merkmale der Romantik", &candidates, &[])[0], "Romantik");
}

/// The best fit of the topic word `word` in `text`.
#[test]
fn a_long_word_that_starts_a_keyword_names_it_closely_a_short_one_does_not() {
    let energy = collection("e", "Energieumwandlung", "", "p", &["Energieerhaltungssatz"], "");
    let horsetails = collection("s", "Schachtelhalme", BIO, "p", &[], "");
    let query = Query::new("Energieerhaltung");
    assert!(TreeRanking::new(&query).names_closely(&energy));
    let query = Query::new("Schach");
    assert!(!TreeRanking::new(&query).names_closely(&horsetails));
}

#[test]
fn keywords_together_name_a_topic_of_several_words() {
    let prices = collection(
        "pb",
        "Preisbildung",
        "",
        "p",
        &["Angebot", "Nachfrage", "Kaufkraft"],
        "",
    );
    let offers = collection("so", "Sinnangebote", "", "p", &["Orientierung"], "");
    let query = Query::new("Angebot und Nachfrage");
    let ranking = TreeRanking::new(&query);
    assert_eq!(ranking.tier(&prices).map(|(tier, ..)| tier), Some(Tier::Keyword));
    assert!(ranking.tier(&offers).is_none_or(|(tier, ..)| tier > Tier::Keyword));
    assert_eq!(
        titles("Angebot und Nachfrage", &[offers, prices], &[])[0],
        "Preisbildung"
    );
}

#[test]
fn a_split_compounds_first_part_in_a_title_keeps_another_subjects_keywords_out() {
    let chemie = "http://w3id.org/openeduhub/vocabs/discipline/100";
    let nachhaltigkeit = "http://w3id.org/openeduhub/vocabs/discipline/64018";
    let fire = collection("f", "Brände & Brandbekämpfung", chemie, "c", &["Feuer"], "");
    let disasters = collection(
        "k",
        "Katastrophenvorsorge",
        nachhaltigkeit,
        "n",
        &["Brände", "Flut"],
        "",
    );
    let query = Query::new("Brände Schutz");
    let ranked: Vec<String> = TreeRanking::new(&query)
        .with_optional(&["Schutz".to_string()])
        .rank(vec![disasters.clone(), fire.clone()], &[])
        .iter()
        .map(|n| n.display_title().to_string())
        .collect();
    assert_eq!(ranked, ["Brände & Brandbekämpfung"]);
    // Without the title, the keyword match stays.
    let ranked = TreeRanking::new(&query)
        .with_optional(&["Schutz".to_string()])
        .rank(vec![disasters], &[]);
    assert_eq!(ranked.len(), 1);
}

#[test]
fn a_language_courses_theme_comes_after_another_subjects_topic_unless_the_query_names_a_subject() {
    let french = "http://w3id.org/openeduhub/vocabs/discipline/20002";
    let theme = collection("fr", "Wetter und Klima", french, "f", &[], "");
    let topic = collection("geo", "Wetter und Klima", GEO, "g", &[], "");
    assert_eq!(
        titles("Wetter und Klima", &[theme.clone(), topic.clone()], &[]),
        ["Wetter und Klima", "Wetter und Klima"]
    );
    let ranked = |query: &str| -> Vec<String> {
        TreeRanking::new(&Query::new(query))
            .rank(vec![theme.clone(), topic.clone()], &[])
            .iter()
            .map(|n| n.id().to_string())
            .collect()
    };
    assert_eq!(ranked("Wetter und Klima"), ["geo", "fr"]);
    assert_eq!(ranked("Wetter und Klima Französisch"), ["fr"]);
}

#[test]
fn what_names_the_topic_as_well_as_the_first_in_another_subject_comes_before_the_first_ones_portal() {
    const PHYSIK: &str = "http://w3id.org/openeduhub/vocabs/discipline/460";
    let physik = collection("pp", "Physik", PHYSIK, "root", &[], "");
    let geographie = collection("pg", "Geographie", GEO, "root", &[], "");
    let candidates = [
        collection("w", "Wetter / Klima", PHYSIK, "pp", &["Wasserkreislauf"], ""),
        collection("g", "Wasser", GEO, "pg", &["Wasserkreislauf"], ""),
        collection("s", "Strömungen", PHYSIK, "pp", &["Wasser"], ""),
    ];
    let ranked = titles("Wasserkreislauf", &candidates, &[&physik, &geographie]);
    let at = |title: &str| ranked.iter().position(|t| t == title);
    assert!(at("Wasser").is_some() && at("Physik").is_some(), "{ranked:?}");
    assert!(at("Wasser") < at("Physik"), "{ranked:?}");
}

#[test]
fn a_title_without_a_subject_keeps_other_subjects_partial_matches_out() {
    const PHYSIK: &str = "http://w3id.org/openeduhub/vocabs/discipline/460";
    let candidates = [
        collection("h", "Absolute und relative Häufigkeiten", "", "s", &[], ""),
        collection("r", "Spezielle Relativitätstheorie", PHYSIK, "p", &["relativ"], ""),
    ];
    assert_eq!(
        titles("relative Häufigkeiten", &candidates, &[]),
        ["Absolute und relative Häufigkeiten"]
    );
}

#[test]
fn collections_without_a_subject_share_that_with_each_other() {
    const PHYSIK: &str = "http://w3id.org/openeduhub/vocabs/discipline/460";
    let candidates = [
        collection("h", "Absolute und relative Häufigkeiten", "", "s", &[], ""),
        collection("a", "Statistik", "", "s", &["Häufigkeiten"], ""),
        collection("r", "Schwingungen", PHYSIK, "p", &["Häufigkeiten"], ""),
    ];
    let ranked = titles("relative Häufigkeiten", &candidates, &[]);
    assert!(ranked.contains(&"Statistik".to_string()), "{ranked:?}");
    assert!(!ranked.contains(&"Schwingungen".to_string()), "{ranked:?}");
}
