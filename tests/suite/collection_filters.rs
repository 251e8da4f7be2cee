//! `get_collection_contents` with a query, vocabulary filters and
//! `includeStats` through MCP over HTTP against the stand-in, judged against
//! the corpus's ground truth.

use crate::common;

use std::collections::BTreeMap;

use common::*;
use serde_json::{Value, json};
use wlo_standin::{Corpus, Fault, NodeKind, NodeRecord};

const CONTENTS: &str = "get_collection_contents";
const MINT: &str = "http://w3id.org/openeduhub/vocabs/discipline/04003";

async fn json_call(h: &Harness, mut args: Value) -> Value {
    args["outputFormat"] = json!("json");
    let r = h.call_tool(CONTENTS, args.clone()).await;
    assert!(!r.is_error, "{args}: {}", r.text);
    r.json()
}

fn ids(doc: &Value) -> Vec<String> {
    doc["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["nodeId"].as_str().unwrap().to_string())
        .collect()
}

/// The materials of a collection in repository order.
fn files<'a>(corpus: &'a Corpus, id: &str) -> Vec<&'a NodeRecord> {
    corpus
        .children(id)
        .into_iter()
        .filter(|n| n.kind == NodeKind::Content && n.is_public && !n.index_only)
        .collect()
}

fn has(node: &NodeRecord, property: &str, value: &str) -> bool {
    node.properties
        .get(property)
        .is_some_and(|v| v.iter().any(|x| x == value))
}

#[tokio::test]
async fn a_query_filters_the_first_hundred_materials() {
    let h = Harness::start().await;
    let wk = h.standin.well_known();
    let corpus = h.standin.corpus();
    let all = files(corpus, &wk.large_collection);
    assert_eq!(all.len(), 120);
    // "Orion" is among the first 100 three times; "Eridanus" twice (its third is number 120).
    for (query, expected) in [("Orion", 3), ("Eridanus", 2)] {
        let doc = json_call(&h, json!({"nodeId": wk.large_collection, "query": query})).await;
        let keys: Vec<&String> = doc.as_object().unwrap().keys().collect();
        assert_eq!(
            keys,
            [
                "total",
                "count",
                "collectionTotal",
                "truncated",
                "results",
                "_queryMeta"
            ]
        );
        assert_eq!(doc["total"], expected, "{query}");
        assert_eq!(doc["collectionTotal"], 120);
        assert_eq!(doc["truncated"], true);
        let wanted: Vec<String> = all[..100]
            .iter()
            .filter(|n| n.title.contains(query))
            .map(|n| n.id.clone())
            .collect();
        let mut got = ids(&doc);
        got.sort();
        let mut wanted = wanted;
        wanted.sort();
        assert_eq!(got, wanted, "{query}");
    }
    // A collection read whole is not truncated; a query matching nothing is an empty answer.
    let doc = json_call(&h, json!({"nodeId": wk.bruchrechnung, "query": "Arbeitsblatt"})).await;
    assert_eq!(doc["truncated"], false);
    let bruch = files(corpus, &wk.bruchrechnung);
    assert_eq!(doc["collectionTotal"], bruch.len());
    assert!(doc["total"].as_u64().unwrap() < bruch.len() as u64);
    for n in doc["results"].as_array().unwrap() {
        let text = format!("{} {}", n["title"], n["description"]).to_lowercase();
        assert!(text.contains("arbeitsblatt"), "{n}");
    }
    let r = h
        .call_tool(CONTENTS, json!({"nodeId": wk.bruchrechnung, "query": "Xylophonbau"}))
        .await;
    assert!(!r.is_error);
    assert!(
        r.text.starts_with(&format!(
            "Gefundene Treffer gesamt: 0\nDurchsucht: alle {} Einträge.\n\nKeine Inhalte in Sammlung",
            bruch.len()
        )),
        "{}",
        r.text
    );
}

#[tokio::test]
async fn vocabulary_filters_page_over_the_matches() {
    let h = Harness::start().await;
    let wk = h.standin.well_known();
    let corpus = h.standin.corpus();
    let mint: Vec<String> = files(corpus, &wk.large_collection)[..100]
        .iter()
        .filter(|n| has(n, "ccm:taxonid", MINT))
        .map(|n| n.id.clone())
        .collect();
    assert_eq!(mint.len(), 25);
    let mut pages = Vec::new();
    for skip in [0, 10, 20, 30] {
        let doc = json_call(
            &h,
            json!({"nodeId": wk.large_collection, "discipline": "MINT", "maxResults": 10, "skipCount": skip}),
        )
        .await;
        assert_eq!(doc["total"], 25);
        assert_eq!(doc["_queryMeta"]["criteria"][1]["values"][0], MINT);
        pages.extend(ids(&doc));
    }
    assert_eq!(pages, mint, "pages in repository order, no overlap, nothing left out");

    // Filter and query together; labels, synonyms and URIs alike.
    let doc = json_call(
        &h,
        json!({"nodeId": wk.large_collection, "discipline": MINT, "educationalContext": "Sek II", "query": "Sage"}),
    )
    .await;
    let sek2 = "http://w3id.org/openeduhub/vocabs/educationalContext/sekundarstufe_2";
    let wanted: Vec<String> = files(corpus, &wk.large_collection)[..100]
        .iter()
        .filter(|n| has(n, "ccm:taxonid", MINT) && has(n, "ccm:educationalcontext", sek2) && n.title.contains("Sage"))
        .map(|n| n.id.clone())
        .collect();
    assert!(!wanted.is_empty());
    let mut got = ids(&doc);
    got.sort();
    let mut wanted = wanted;
    wanted.sort();
    assert_eq!(got, wanted);
}

#[tokio::test]
async fn sub_collections_are_listed_unfiltered() {
    let h = Harness::start().await;
    let wk = h.standin.well_known();
    let doc = json_call(
        &h,
        json!({"nodeId": wk.folders_only_collection, "contentFilter": "both", "discipline": "Biologie"}),
    )
    .await;
    assert_eq!(doc["total"], 2);
    assert!(
        doc["results"]
            .as_array()
            .unwrap()
            .iter()
            .all(|n| n["nodeType"] == "collection")
    );
    assert!(ids(&doc).contains(&wk.large_collection));
    assert_eq!(doc["truncated"], false);
    // With folders alone nothing is filtered, and the answer says so.
    let doc = json_call(
        &h,
        json!({"nodeId": wk.folders_only_collection, "contentFilter": "folders", "query": "Orion"}),
    )
    .await;
    assert_eq!(doc["total"], 2);
    assert!(
        doc["warnings"][0].as_str().unwrap().contains("nur für Materialien"),
        "{doc}"
    );
}

#[tokio::test]
async fn filters_with_sub_collections() {
    let h = Harness::start().await;
    let wk = h.standin.well_known();
    let doc = json_call(
        &h,
        json!({"nodeId": wk.folders_only_collection, "includeSubcollections": true, "query": "Orion Merkur"}),
    )
    .await;
    assert_eq!(doc["total"], 4, "three Orion, one Merkur: {doc}");
    assert_eq!(doc["collectionTotal"], 128);
    assert_eq!(doc["truncated"], true, "the star collection holds more than 100");
    let titles: Vec<&str> = doc["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["title"].as_str().unwrap())
        .collect();
    assert!(titles.contains(&"Steckbrief: Merkur"), "{titles:?}");
    let markdown = h
        .call_tool(
            CONTENTS,
            json!({"nodeId": wk.folders_only_collection, "includeSubcollections": true, "query": "Orion Merkur"}),
        )
        .await;
    assert!(
        markdown.text.starts_with(
            "Gefundene Treffer gesamt: 4\n⚠ Durchsucht wurden je Sammlung nur die ersten 100 Einträge (insgesamt 128)"
        ),
        "{}",
        markdown.text
    );
    // The plain recursive listing is unchanged: no window keys.
    let plain = json_call(
        &h,
        json!({"nodeId": wk.folders_only_collection, "includeSubcollections": true, "maxResults": 5}),
    )
    .await;
    assert!(plain.get("collectionTotal").is_none());
    assert_eq!(plain["total"], 128);
}

/// `{label: count}` of one tally.
fn tally(doc: &Value, name: &str) -> BTreeMap<String, u64> {
    doc["stats"][name]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["label"].as_str().unwrap().to_string(), c["count"].as_u64().unwrap()))
        .collect()
}

#[tokio::test]
async fn stats_tally_what_was_read() {
    let h = Harness::start().await;
    let wk = h.standin.well_known();
    let corpus = h.standin.corpus();
    let first: Vec<&NodeRecord> = files(corpus, &wk.large_collection).into_iter().take(100).collect();
    let doc = json_call(
        &h,
        json!({"nodeId": wk.large_collection, "includeStats": true, "maxResults": 2}),
    )
    .await;
    // The page is the plain listing; the statistics read the first 100.
    assert_eq!(doc["total"], 120);
    assert_eq!(doc["count"], 2);
    assert!(doc.get("collectionTotal").is_none());
    let keys: Vec<&String> = doc["stats"].as_object().unwrap().keys().collect();
    assert_eq!(
        keys,
        [
            "materialsRead",
            "learningResourceTypes",
            "disciplines",
            "educationalContexts"
        ]
    );
    assert_eq!(doc["stats"]["materialsRead"], 100);
    let disciplines = tally(&doc, "disciplines");
    assert_eq!(disciplines["Astronomie"], 100);
    assert_eq!(disciplines["MINT"], 25);
    let mut contexts: BTreeMap<String, u64> = BTreeMap::new();
    for n in &first {
        for label in n.properties["ccm:educationalcontext_DISPLAYNAME"].iter() {
            *contexts.entry(label.clone()).or_default() += 1;
        }
    }
    assert_eq!(tally(&doc, "educationalContexts"), contexts);
    let lrt_sum: u64 = tally(&doc, "learningResourceTypes").values().sum();
    assert_eq!(lrt_sum, 100);

    // With a filter: over the same hundred read, not over the matches.
    let filtered = json_call(
        &h,
        json!({"nodeId": wk.large_collection, "includeStats": true, "discipline": "MINT"}),
    )
    .await;
    assert_eq!(filtered["total"], 25);
    assert_eq!(filtered["stats"], doc["stats"]);

    // Markdown: a short section at the end.
    let r = h
        .call_tool(
            CONTENTS,
            json!({"nodeId": wk.large_collection, "includeStats": true, "maxResults": 1}),
        )
        .await;
    assert!(
        r.text
            .contains("\n\nStatistik über 100 gelesene Materialien:\n- Ressourcentyp: "),
        "{}",
        r.text
    );
    assert!(r.text.contains("\n- Fach: Astronomie (100), MINT (25)\n"), "{}", r.text);

    // A collection without materials: nothing read, nothing counted.
    let empty = json_call(&h, json!({"nodeId": wk.folders_only_collection, "includeStats": true})).await;
    assert_eq!(empty["stats"]["materialsRead"], 0);
}

#[tokio::test]
async fn one_read_for_a_filtered_listing() {
    let h = Harness::start().await;
    let wk = h.standin.well_known();
    let control = h.standin.control();
    control.clear_log();
    json_call(
        &h,
        json!({"nodeId": wk.large_collection, "query": "Orion", "discipline": "Astronomie"}),
    )
    .await;
    let log = control.request_log();
    assert_eq!(log.len(), 1, "{log:?}");
    assert_eq!(log[0].route, "children");
    // Statistics without a filter: the page and the sample, in one wave.
    control.set_latency(60, 0);
    control.clear_log();
    json_call(&h, json!({"nodeId": wk.large_collection, "includeStats": true})).await;
    let log = control.request_log();
    assert_eq!(log.len(), 2, "{log:?}");
    assert_eq!(wlo_standin::sequential_waves(&log), 1);
}

#[tokio::test]
async fn bad_filters_and_a_repository_down() {
    let h = Harness::start().await;
    let wk = h.standin.well_known();
    // An unknown value is reported and ignored: the listing is the plain one.
    let doc = json_call(
        &h,
        json!({"nodeId": wk.bruchrechnung, "discipline": "Mondfach", "maxResults": 3}),
    )
    .await;
    assert_eq!(doc["unresolvedFilters"][0]["field"], "discipline");
    assert!(doc.get("collectionTotal").is_none());
    assert_eq!(doc["count"], 3);
    // A value that is no text names the field.
    let r = h
        .call_tool(
            CONTENTS,
            json!({"nodeId": wk.bruchrechnung, "learningResourceType": {"x": 1}}),
        )
        .await;
    assert!(r.is_error && r.text.contains("learningResourceType"), "{}", r.text);
    let r = h
        .call_tool(CONTENTS, json!({"nodeId": wk.bruchrechnung, "includeStats": 7}))
        .await;
    assert!(r.is_error && r.text.contains("includeStats"), "{}", r.text);

    // Deterministic.
    let args = json!({"nodeId": wk.large_collection, "query": "Sage", "includeStats": true});
    assert_eq!(
        h.call_tool(CONTENTS, args.clone()).await.text,
        h.call_tool(CONTENTS, args.clone()).await.text
    );

    h.standin.control().set_fault(Fault::Down);
    for args in [
        args,
        json!({"nodeId": wk.folders_only_collection, "includeSubcollections": true, "query": "Orion"}),
    ] {
        let r = h.call_tool(CONTENTS, args).await;
        assert!(r.is_error, "{}", r.text);
    }
}
