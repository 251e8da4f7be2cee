//! `search_wlo_content` on German word forms (issue #24), through MCP over
//! HTTP against the stand-in: compounds whose topic part reaches us in
//! another form than the repository's (inflected, truncated) with a generic
//! head, and the topic guard for a compound whose topic the repository does
//! not know. Judged by the corpus's ground truth (topic path, subject).
//! Before the stemmer the first three queries answered nothing, and
//! "Mengenlehreaufgaben" answered with physics material ("Elektrizitätslehre").

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

fn results<'c>(h: &'c Harness, doc: &Value) -> Vec<&'c NodeRecord> {
    doc["results"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|r| {
            let id = r["nodeId"].as_str().unwrap_or_default();
            h.standin
                .corpus()
                .get(id)
                .unwrap_or_else(|| panic!("unknown node {id}"))
        })
        .collect()
}

fn describe(found: &[&NodeRecord]) -> Vec<String> {
    found
        .iter()
        .map(|n| format!("{} [{}]", n.title, n.topic_path.join(" > ")))
        .collect()
}

/// The query's topic leads the page and the page stays in the topic's subject.
async fn on_topic(h: &Harness, query: &str, topics: &[&str], subject: &str, sent: &str) {
    let doc = search(h, query).await;
    let found = results(h, &doc);
    let topical = |n: &NodeRecord| n.topic_path.iter().any(|t| topics.contains(&t.as_str()));
    let corpus_has = h
        .standin
        .corpus()
        .nodes
        .iter()
        .filter(|n| n.kind == wlo_standin::NodeKind::Content && !n.is_deleted_placeholder && topical(n))
        .count();
    assert!(corpus_has >= 2, "{query}: the stand-in has material on {topics:?}");
    let leading = found.iter().take_while(|n| topical(n)).count();
    assert!(
        leading >= corpus_has.min(8) - 1 && leading >= 2,
        "{query}: {leading} of {corpus_has} on-topic nodes first: {:?}",
        describe(&found)
    );
    assert!(
        found.iter().all(|n| n.subject.as_deref() == Some(subject)),
        "{query}: only {subject}: {:?}",
        describe(&found)
    );
    // What was sent is the repository's word, never the user's form or a stem.
    let relaxed = doc["relaxedQuery"].as_str().unwrap_or_default().to_lowercase();
    assert_eq!(relaxed, sent, "{query}");
}

#[tokio::test]
async fn an_inflected_first_part_finds_its_topic() {
    let h = Harness::start().await;
    on_topic(&h, "Satzgliedbestimmung", &["Satzglieder"], "Deutsch", "satzglieder").await;
}

#[tokio::test]
async fn a_linking_s_and_another_plural_find_the_topic() {
    let h = Harness::start().await;
    on_topic(&h, "Vierecksberechnung", &["Vierecke"], "Mathematik", "vierecke").await;
}

#[tokio::test]
async fn a_generic_head_after_the_topic_is_dropped() {
    let h = Harness::start().await;
    on_topic(
        &h,
        "Wahrscheinlichkeitsrechnung",
        &["Wahrscheinlichkeit", "Bedingte Wahrscheinlichkeit"],
        "Mathematik",
        "wahrscheinlichkeit",
    )
    .await;
}

#[tokio::test]
async fn a_generic_head_alone_never_decides_the_topic() {
    let h = Harness::start().await;
    let control = h.standin.control();
    control.set_latency(150, 0);
    control.clear_log();
    let doc = search(&h, "Mengenlehreaufgaben").await;
    let found = results(&h, &doc);
    // No set theory in the corpus: nothing of another subject either.
    assert!(
        found.iter().all(|n| n.subject.as_deref() == Some("Mathematik")),
        "{:?}",
        describe(&found)
    );
    assert_eq!(doc["total"], json!(0));
    assert_eq!(doc["count"], json!(0));
    let warnings = doc["warnings"].to_string();
    assert!(
        warnings.contains("„Mengenlehre“"),
        "names what was not recognised: {warnings}"
    );
    // The guard sends no rescue wave: the first wave and the dictionary's
    // reads only (the generic head is never searched alone).
    let log = control.request_log();
    assert_eq!(wlo_standin::sequential_waves(&log), 2, "{log:?}");
    control.set_latency(0, 0);

    // The Markdown answer says it as well, and is no error.
    let r = h
        .call_tool(CONTENT, json!({"query": "Mengenlehreaufgaben", "maxResults": 8}))
        .await;
    assert!(!r.is_error, "{}", r.text);
    assert!(
        r.text.contains("„Mengenlehre“") && !r.text.contains("Elektrizitätslehre"),
        "{}",
        r.text
    );
}

/// The topic guard beyond the split compound: a generic word written apart
/// ("Sudoku Berechnung") is never searched alone by the rescue, and never
/// "corrected" into another topic ("Analyse" → "Analysis"). The corpus has
/// none of these topics: the answer is empty. Before, the rescue answered
/// with optics material ("Brechung"), Analysis and any subject's "…arten".
#[tokio::test]
async fn a_generic_word_beside_an_unknown_topic_fetches_nothing() {
    let h = Harness::start().await;
    for query in ["Sudoku Berechnung", "Mengenlehre Analyse", "Arten von Tennisschlägen"] {
        let doc = search(&h, query).await;
        let found = results(&h, &doc);
        assert!(found.is_empty(), "{query}: {:?}", describe(&found));
        assert_eq!(doc["total"], json!(0), "{query}");
        // The answer names the topic it did not find, not the generic word.
        let warnings = doc["warnings"].to_string();
        let topic = query.split_whitespace().next().unwrap();
        let named = if topic == "Arten" {
            "„Tennisschlägen“"
        } else {
            &format!("„{topic}“")
        };
        assert!(warnings.contains(named), "{query}: {warnings}");
    }
    // With a known topic the same generic word is no obstacle.
    let doc = search(&h, "Kreis Berechnung").await;
    let found = results(&h, &doc);
    assert!(
        found.first().is_some_and(|n| n.topic_path.iter().any(|t| t == "Kreis")),
        "{:?}",
        describe(&found)
    );
}
