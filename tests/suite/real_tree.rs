//! The server in front of WLO's real 2023 collection tree (whole-word keyword
//! search; `Harness::start_real_tree`): the navigation tools see its
//! portals and sub-collections as the tree has them.

use std::collections::BTreeSet;

use serde_json::{Value, json};

use crate::common::*;

/// "Mathematik" in the 2023 export.
const MATHEMATIK: &str = "bd8be6d5-0fbe-4534-a4b3-773154ba6abc";

/// `(nodeId, title)` of every result.
fn listed(doc: &Value) -> BTreeSet<(String, String)> {
    doc["results"]
        .as_array()
        .expect("results")
        .iter()
        .map(|r| {
            (
                r["nodeId"].as_str().unwrap_or_default().to_string(),
                r["title"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect()
}

#[tokio::test]
async fn portals_and_a_portals_sub_collections_are_the_real_ones() {
    let h = Harness::start_real_tree().await;
    let corpus = h.standin.corpus();
    assert_eq!(corpus.kind, CorpusKind::Wlo2023);

    let r = h
        .call_tool("get_subject_portals", json!({"outputFormat": "json"}))
        .await;
    assert!(!r.is_error, "{}", r.text);
    let doc = r.json();
    let expected: BTreeSet<(String, String)> = corpus
        .portals()
        .iter()
        .map(|p| (p.id.clone(), p.title.trim().to_string()))
        .collect();
    assert_eq!(expected.len(), 29);
    assert_eq!(doc["total"], json!(29));
    assert_eq!(listed(&doc), expected);

    let r = h
        .call_tool(
            "browse_collection_tree",
            json!({"nodeId": MATHEMATIK, "maxResults": 100, "outputFormat": "json"}),
        )
        .await;
    assert!(!r.is_error, "{}", r.text);
    let doc = r.json();
    assert_eq!(doc["parent"], json!({"nodeId": MATHEMATIK, "title": "Mathematik"}));
    let expected: BTreeSet<(String, String)> = corpus
        .children(MATHEMATIK)
        .iter()
        .map(|c| (c.id.clone(), c.title.trim().to_string()))
        .collect();
    assert!(expected.iter().any(|(_, title)| title == "Analysis"), "{expected:?}");
    assert_eq!(doc["total"], json!(expected.len()));
    assert_eq!(listed(&doc), expected);
}
