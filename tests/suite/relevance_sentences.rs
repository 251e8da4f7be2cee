//! `search_wlo_content` on the teacher sentences of issue #19, through MCP
//! over HTTP against the stand-in: German compounds the repository lacks as
//! one word, hyphenated compounds, two topics in one sentence and
//! material-type intents. Judged by the stand-in corpus's ground truth
//! (topic path, material type), not by titles.

use crate::common;

use common::*;
use serde_json::{Value, json};
use wlo_standin::NodeRecord;

const CONTENT: &str = "search_wlo_content";

async fn search(h: &Harness, query: &str) -> Value {
    let r = h
        .call_tool(
            CONTENT,
            json!({"query": query, "maxResults": 8, "outputFormat": "json"}),
        )
        .await;
    assert!(!r.is_error, "{query}: {}", r.text);
    r.json()
}

/// The results with their ground truth, and whether each is fill ("related").
fn results<'c>(h: &'c Harness, doc: &Value) -> Vec<(&'c NodeRecord, bool)> {
    doc["results"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|r| {
            let id = r["nodeId"].as_str().unwrap_or_default();
            let node = h
                .standin
                .corpus()
                .get(id)
                .unwrap_or_else(|| panic!("unknown node {id}"));
            (node, r.get("related") == Some(&json!(true)))
        })
        .collect()
}

fn on_topic(node: &NodeRecord, topic: &str) -> bool {
    node.topic_path.iter().any(|t| t == topic)
}

fn describe(found: &[(&NodeRecord, bool)]) -> Vec<String> {
    found
        .iter()
        .map(|(n, related)| {
            format!(
                "{}{} [{}; {}]",
                if *related { "(related) " } else { "" },
                n.title,
                n.topic_path.join(" > "),
                n.material_type.as_deref().unwrap_or("")
            )
        })
        .collect()
}

#[tokio::test]
async fn a_compound_the_repository_lacks_is_searched_as_its_parts() {
    let h = Harness::start().await;
    // No node says "Gedichtanalyse"; the collection is "Gedichte".
    let doc = search(&h, "Gedichtanalyse Unterrichtsmaterial").await;
    let found = results(&h, &doc);
    assert!(found.len() >= 5, "{:?}", describe(&found));
    assert!(
        found.iter().all(|(n, _)| on_topic(n, "Gedichte")),
        "{:?}",
        describe(&found)
    );
    assert_eq!(
        doc["relaxedQuery"], "gedichte",
        "the answer says what was searched: the repository's word"
    );

    // A compound among hits of a wider topic: its part ranks first.
    let doc = search(&h, "Energieerhaltung Mechanik Aufgaben").await;
    let found = results(&h, &doc);
    let energy = found.iter().filter(|(n, _)| on_topic(n, "Energie")).count();
    assert!(energy >= 3, "{:?}", describe(&found));
    assert!(
        found[..energy].iter().all(|(n, _)| on_topic(n, "Energie")),
        "the energy material comes first: {:?}",
        describe(&found)
    );
}

#[tokio::test]
async fn a_hyphenated_compound_finds_the_und_joined_topic() {
    let h = Harness::start().await;
    // The collection is "Herz und Kreislauf"; it has no interactive exercise,
    // so its other material comes first, then the subject's.
    let doc = search(&h, "Interaktive Übung zum Herz-Kreislauf-System").await;
    let found = results(&h, &doc);
    let topic = found
        .iter()
        .take_while(|(n, _)| on_topic(n, "Herz und Kreislauf"))
        .count();
    assert!(topic >= 3, "{:?}", describe(&found));
    assert!(
        found.iter().all(|(n, _)| n.subject.as_deref() == Some("Biologie")),
        "{:?}",
        describe(&found)
    );
}

#[tokio::test]
async fn two_topics_in_one_sentence_share_the_page() {
    let h = Harness::start().await;
    for (query, a, b) in [
        ("Notenwerte und Takt im Musikunterricht", "Notenwerte", "Takt"),
        (
            "Klimawandel und Erneuerbare Energien",
            "Klimawandel",
            "Erneuerbare Energien",
        ),
        ("Photosynthese und Zellatmung", "Photosynthese", "Zellatmung"),
    ] {
        let doc = search(&h, query).await;
        let found = results(&h, &doc);
        assert_eq!(found.len(), 8, "{query}");
        // Both topics within the first two results, and neither is pushed
        // off the page by the other (Zellatmung has a single material).
        let first_two = &found[..2];
        assert!(
            first_two.iter().any(|(n, _)| on_topic(n, a)) && first_two.iter().any(|(n, _)| on_topic(n, b)),
            "{query}: {:?}",
            describe(&found)
        );
        let hits = found.iter().filter(|(_, related)| !related);
        assert!(
            hits.clone().all(|(n, _)| on_topic(n, a) || on_topic(n, b)),
            "{query}: {:?}",
            describe(&found)
        );
    }
}

#[tokio::test]
async fn a_material_intent_selects_the_type_within_the_topic() {
    let h = Harness::start().await;
    let doc = search(&h, "Ich möchte mit meiner Klasse ein Experiment zu Stromkreisen machen").await;
    let found = results(&h, &doc);
    let experiments = h
        .standin
        .corpus()
        .nodes
        .iter()
        .filter(|n| on_topic(n, "Stromkreise") && n.material_type.as_deref() == Some("Experiment"))
        .count();
    assert!(experiments >= 2, "the corpus has experiments on the topic");
    // The topic's experiments first, then the topic's other material —
    // never other topics' experiments in between.
    for (i, (node, _)) in found.iter().enumerate() {
        if i < experiments {
            assert!(
                on_topic(node, "Stromkreise") && node.material_type.as_deref() == Some("Experiment"),
                "{:?}",
                describe(&found)
            );
        }
    }
    let topic = found.iter().take_while(|(n, _)| on_topic(n, "Stromkreise")).count();
    let on_topic_total = h
        .standin
        .corpus()
        .nodes
        .iter()
        .filter(|n| n.kind == wlo_standin::NodeKind::Content && on_topic(n, "Stromkreise"))
        .count();
    assert_eq!(topic, on_topic_total.min(8), "{:?}", describe(&found));
    assert!(
        found.iter().all(|(n, _)| n.subject.as_deref() == Some("Physik")),
        "{:?}",
        describe(&found)
    );

    // No experiment on the topic: the topic's other material, not other
    // topics' experiments.
    let doc = search(&h, "Experiment zum Thema Magnetismus").await;
    let found = results(&h, &doc);
    assert!(!found.is_empty());
    let topic = found.iter().take_while(|(n, _)| on_topic(n, "Magnetismus")).count();
    assert!(topic >= 2, "{:?}", describe(&found));
    assert!(
        found[..topic]
            .iter()
            .all(|(n, _)| n.material_type.as_deref() != Some("Experiment")),
        "{:?}",
        describe(&found)
    );
}

#[tokio::test]
async fn splitting_costs_no_extra_round_trip() {
    let h = Harness::start().await;
    let control = h.standin.control();
    control.set_latency(150, 0);
    // A two-topic sentence and a compound among hits: one wave.
    for query in [
        "Notenwerte und Takt im Musikunterricht",
        "Energieerhaltung Mechanik Aufgaben",
    ] {
        control.clear_log();
        let doc = search(&h, query).await;
        assert_eq!(doc["count"], json!(8), "{query}");
        let log = control.request_log();
        assert_eq!(wlo_standin::sequential_waves(&log), 1, "{query}: {log:?}");
        assert!(log.len() <= 5, "{query}: at most five variants: {log:?}");
    }
    // A compound nothing matches: the zero-result rescue's three waves, as
    // for a typo (the split is planned with the rescue's dictionary).
    control.clear_log();
    let doc = search(&h, "Gedichtanalyse Unterrichtsmaterial").await;
    assert_eq!(doc["count"], json!(8));
    assert_eq!(wlo_standin::sequential_waves(&control.request_log()), 3);
}
