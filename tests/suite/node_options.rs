//! `get_node_details` options over MCP/HTTP against the stand-in:
//! `includeCollections` (where a material is listed: E6 → E9 → one wave of
//! E7) and a collection's compendium text (`includeTextContent`, `textQuery`).

use crate::common;

use std::sync::Arc;

use common::*;
use serde_json::{Value, json};
use wlo_standin::{Corpus, ListingIds, NodeKind};

async fn details(h: &Harness, args: Value) -> ToolResult {
    h.call_tool("get_node_details", args).await
}

/// The JSON answer (not an error, one block).
async fn details_json(h: &Harness, id: &str, extra: Value) -> Value {
    let mut args = json!({"nodeId": id, "outputFormat": "json"});
    for (k, v) in extra.as_object().unwrap() {
        args[k] = v.clone();
    }
    let r = details(h, args).await;
    assert!(!r.is_error, "{}", r.text);
    assert_eq!(r.blocks, 1);
    r.json()
}

fn ids(h: &Harness) -> ListingIds {
    h.standin.well_known().listings.clone()
}

/// Titles from the portal down to `id`, from the ground truth.
fn ground_truth_path(corpus: &Corpus, id: &str) -> Vec<String> {
    let mut chain: Vec<String> = corpus
        .chain(id)
        .iter()
        .filter(|n| n.kind != NodeKind::Root)
        .map(|n| n.title.clone())
        .collect();
    chain.reverse();
    chain
}

/// A server in front of a stand-in with a modified corpus.
async fn with_corpus(corpus: Corpus) -> (StandIn, Server) {
    let standin = StandIn::start_with_corpus(StandInOptions::default(), Arc::new(corpus))
        .await
        .expect("stand-in starts");
    let server = Server::spawn(
        &["serve", "--port", "0"],
        &env(&[
            ("WLO_REPOSITORY_URL", &standin.base_url()),
            ("WLO_CACHE_MAX_MB", "0"),
            ("WLO_HEDGE", "0"),
        ]),
    );
    (standin, server)
}

// ---- includeCollections ------------------------------------------------------

#[tokio::test]
async fn a_reference_is_resolved_to_its_original_and_proposals_are_dropped() {
    let h = Harness::start().await;
    let ids = ids(&h);
    let corpus = h.standin.corpus_arc();
    let of_original = details_json(&h, &ids.referenced_original, json!({"includeCollections": true})).await;
    let of_reference = details_json(&h, &ids.reference, json!({"includeCollections": true})).await;
    assert_eq!(of_original["collections"], of_reference["collections"]);
    // Two ACTIVE listings; the PROPOSAL_PENDING one is not shown.
    assert_eq!(of_original["collectionsTotal"], 2);
    let listed: Vec<&str> = of_original["collections"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["nodeId"].as_str().unwrap())
        .collect();
    let parent = corpus.get(&ids.referenced_original).unwrap().parent_id.clone().unwrap();
    assert_eq!(listed, [parent.as_str(), ids.reference_collection.as_str()]);
    assert!(!listed.contains(&ids.proposal_collection.as_str()));
    // Paths from the portal, as the repository's tree has them.
    for c in of_original["collections"].as_array().unwrap() {
        let id = c["nodeId"].as_str().unwrap();
        assert_eq!(c["path"], json!(ground_truth_path(&corpus, id)), "{id}");
        assert_eq!(c["title"], corpus.get(id).unwrap().title.as_str());
    }
    assert_eq!(
        of_original["collections"][1]["path"],
        json!(["Geschichte", "Weimarer Republik", "Krisenjahr 1923"])
    );
    assert!(of_original.get("warnings").is_none(), "{of_original}");

    let md = details(&h, json!({"nodeId": ids.reference, "includeCollections": true})).await;
    assert!(!md.is_error);
    assert!(
        md.text
            .contains("\n\n### In Sammlungen (2)\n- Weimarer Republik (nodeId: "),
        "{}",
        md.text
    );
    assert!(
        md.text
            .contains("— Pfad: Geschichte › Weimarer Republik › Krisenjahr 1923"),
        "{}",
        md.text
    );
}

#[tokio::test]
async fn a_material_in_no_collection_says_so() {
    let h = Harness::start().await;
    let ids = ids(&h);
    let doc = details_json(&h, &ids.unlisted_original, json!({"includeCollections": true})).await;
    assert_eq!(doc["collections"], json!([]));
    assert_eq!(doc["collectionsTotal"], 0);
    let md = details(&h, json!({"nodeId": ids.unlisted_original, "includeCollections": true})).await;
    assert!(!md.is_error);
    assert!(
        md.text.ends_with("### In Sammlungen (0)\n(in keiner Sammlung)"),
        "{}",
        md.text
    );
}

#[tokio::test]
async fn a_failed_usage_read_is_an_error_not_no_collection() {
    // A reference whose original is gone: E6 answers, E9 answers 500.
    let mut corpus = Corpus::generate(wlo_standin::DEFAULT_SEED);
    let ids = corpus.well_known.listings.clone();
    let gone = "00000000-0000-4000-8000-00000000dead";
    let reference = corpus.nodes.iter_mut().find(|n| n.id == ids.reference).unwrap();
    reference.original_id = Some(gone.to_string());
    reference
        .properties
        .insert("ccm:original".into(), vec![gone.to_string()]);
    let (standin, server) = with_corpus(corpus).await;
    for format in ["json", "markdown"] {
        let r = server
            .call_tool(
                "get_node_details",
                json!({"nodeId": ids.reference, "includeCollections": true, "outputFormat": format}),
            )
            .await;
        assert!(r.is_error, "{}", r.text);
        assert!(r.text.contains("konnten nicht geladen werden"), "{}", r.text);
        assert!(r.text.contains("500"), "{}", r.text);
        assert!(!r.text.contains("in keiner Sammlung"));
    }
    assert_eq!(standin.control().stats().route("usages"), 2);
    // A repository down for E9 only is an error, too (failure policy).
    standin.control().set_node_fault(gone, 503);
    let r = server
        .call_tool(
            "get_node_details",
            json!({"nodeId": ids.reference, "includeCollections": true}),
        )
        .await;
    assert!(r.is_error, "{}", r.text);
}

#[tokio::test]
async fn more_than_ten_collections_are_capped_with_a_count() {
    let mut corpus = Corpus::generate(wlo_standin::DEFAULT_SEED);
    let original = corpus.well_known.listings.unlisted_original.clone();
    let targets: Vec<String> = corpus
        .nodes
        .iter()
        .filter(|n| n.kind == NodeKind::Collection && n.depth == 3)
        .take(12)
        .map(|n| n.id.clone())
        .collect();
    for target in &targets {
        corpus.add_reference(&original, target).expect("reference added");
    }
    let expected_paths: Vec<Vec<String>> = targets.iter().map(|t| ground_truth_path(&corpus, t)).collect();
    let (standin, server) = with_corpus(corpus).await;
    standin.control().set_latency(60, 0);
    let r = server
        .call_tool(
            "get_node_details",
            json!({"nodeId": original, "includeCollections": true, "outputFormat": "json"}),
        )
        .await;
    let doc = r.json();
    assert_eq!(doc["collectionsTotal"], 12);
    let shown = doc["collections"].as_array().unwrap();
    assert_eq!(shown.len(), 10);
    for (c, (id, path)) in shown.iter().zip(targets.iter().zip(&expected_paths)) {
        assert_eq!(c["nodeId"], id.as_str());
        assert_eq!(c["path"], json!(path));
        assert_eq!(path.len(), 3, "a level-3 collection: portal, topic, itself");
    }
    // Round trips: E6, then E9, then one wave of ten E7 reads.
    let stats = standin.control().stats();
    assert_eq!(
        (stats.route("metadata"), stats.route("usages"), stats.route("parents")),
        (1, 1, 10),
        "{stats:?}"
    );
    assert_eq!(
        wlo_standin::sequential_waves(&standin.control().request_log()),
        3,
        "{:?}",
        standin.control().request_log()
    );
    let md = server
        .call_tool(
            "get_node_details",
            json!({"nodeId": original, "includeCollections": true}),
        )
        .await;
    assert!(md.text.contains("### In Sammlungen (12)"), "{}", md.text);
    assert_eq!(md.text.matches("\n- ").count(), 10);
    assert!(md.text.ends_with("\n… und 2 weitere"), "{}", md.text);
}

#[tokio::test]
async fn include_collections_on_a_collection_is_explained_and_reads_nothing_more() {
    let h = Harness::start().await;
    let wk = h.standin.well_known().clone();
    let doc = details_json(&h, &wk.bruchrechnung, json!({"includeCollections": true})).await;
    assert!(doc.get("collections").is_none());
    let warnings = doc["warnings"].as_array().unwrap();
    assert!(warnings[0].as_str().unwrap().contains("includeParents"), "{warnings:?}");
    let stats = h.standin.control().stats();
    assert_eq!((stats.route("usages"), stats.total_requests), (0, 1), "{stats:?}");
    let md = details(&h, json!({"nodeId": wk.bruchrechnung, "includeCollections": true})).await;
    assert!(
        md.text.contains("\n⚠ includeCollections gilt nur für Inhalte"),
        "{}",
        md.text
    );
}

#[tokio::test]
async fn collections_and_parents_of_a_material_are_deterministic() {
    let h = Harness::start().await;
    let ids = ids(&h);
    let args = json!({"nodeId": ids.reference, "includeCollections": true, "includeParents": true});
    let first = details(&h, args.clone()).await;
    let second = details(&h, args).await;
    assert_eq!(first.text, second.text);
    // A material has no parent chain (E7 answers an empty list): said, not shown as "none".
    assert!(
        first.text.contains("⚠ Eltern-Sammlungen sind für Inhalte"),
        "{}",
        first.text
    );
}

// ---- compendium text ------------------------------------------------------------

fn outline_titles(doc: &Value) -> Vec<(u64, String)> {
    doc["compendium"]["outline"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| (h["level"].as_u64().unwrap(), h["title"].as_str().unwrap().to_string()))
        .collect()
}

#[tokio::test]
async fn a_structured_compendium_gives_outline_and_capped_main_sections() {
    let h = Harness::start().await;
    let ids = ids(&h);
    let text = h
        .standin
        .corpus()
        .get(&ids.compendium_structured)
        .unwrap()
        .prop("ccm:oeh_collection_compendium_text")
        .unwrap()
        .to_string();
    let doc = details_json(&h, &ids.compendium_structured, json!({"includeTextContent": true})).await;
    assert!(
        doc.get("textContent").is_none(),
        "the compendium replaces the stored text"
    );
    let c = &doc["compendium"];
    assert_eq!(c["chars"], text.chars().count());
    let outline = outline_titles(&doc);
    assert_eq!(outline[0], (1, "Klimawandel".to_string()));
    assert!(outline.contains(&(3, "Treibhauseffekt".to_string())));
    // `#` lines inside the fenced code block are no headings.
    assert!(
        !outline
            .iter()
            .any(|(_, t)| t.contains("Temperaturanomalie") || t.contains("Mittelwert"))
    );
    // Main level 2 (the H1 is used once): four sections, the H3s inside them.
    let sections = c["sections"].as_array().unwrap();
    let titles: Vec<&str> = sections.iter().map(|s| s["title"].as_str().unwrap()).collect();
    assert_eq!(
        titles,
        [
            "Fachliche Einordnung",
            "Kompetenzen und Lehrpläne",
            "Darstellung der Inhalte",
            "Methodische Hinweise"
        ]
    );
    let first = sections[0]["text"].as_str().unwrap();
    assert!(first.ends_with("\n[…gekürzt]"), "over 2 000 characters: capped");
    assert_eq!(first.chars().count(), 2000 + "\n[…gekürzt]".chars().count());
    assert!(
        sections[2]["text"]
            .as_str()
            .unwrap()
            .contains("# Temperaturanomalie berechnen")
    );
    assert!(sections[1]["text"].as_str().unwrap().contains("### Sekundarstufe I"));
    assert!(c["preamble"].as_str().unwrap().starts_with("Diese Sammlung bündelt"));
    assert!(c.get("passages").is_none());

    let md = details(
        &h,
        json!({"nodeId": ids.compendium_structured, "includeTextContent": true}),
    )
    .await;
    assert!(!md.is_error);
    assert!(
        md.text.contains("### Redaktioneller Text der Sammlung ("),
        "{}",
        md.text
    );
    assert!(
        md.text
            .contains("Gliederung:\n- Klimawandel\n  - Fachliche Einordnung\n    - Treibhauseffekt"),
        "{}",
        md.text
    );
    assert!(md.text.contains("\n\n#### Einleitung\nDiese Sammlung"));
    assert!(md.text.contains("\n\n#### Methodische Hinweise\n"));
    assert!(!md.text.contains("Gespeicherter Volltext"));
}

#[tokio::test]
async fn text_without_headings_and_a_long_text_stay_bounded() {
    let h = Harness::start().await;
    let ids = ids(&h);
    let plain = details_json(&h, &ids.compendium_plain, json!({"includeTextContent": true})).await;
    let c = &plain["compendium"];
    assert_eq!(c["outline"], json!([]));
    assert_eq!(c["sections"], json!([]));
    let text = h
        .standin
        .corpus()
        .get(&ids.compendium_plain)
        .unwrap()
        .prop("ccm:oeh_collection_compendium_text")
        .unwrap()
        .to_string();
    assert_eq!(c["preamble"], text.trim());

    let long = details_json(&h, &ids.compendium_long, json!({"includeTextContent": true})).await;
    let c = &long["compendium"];
    assert!(c["chars"].as_u64().unwrap() > 65_000);
    let sections = c["sections"].as_array().unwrap();
    assert_eq!(sections.len(), 20);
    assert!(
        sections
            .iter()
            .all(|s| s["text"].as_str().unwrap().chars().count() <= 2000 + 11)
    );
    let md = details(&h, json!({"nodeId": ids.compendium_long, "includeTextContent": true})).await;
    assert!(md.text.chars().count() < 50_000, "{}", md.text.chars().count());
    assert_eq!(md.text.matches("\n#### ").count(), 21, "preamble + 20 sections");
}

#[tokio::test]
async fn text_query_returns_the_best_passages_and_the_missing_terms() {
    let h = Harness::start().await;
    let ids = ids(&h);
    let doc = details_json(
        &h,
        &ids.compendium_long,
        json!({"includeTextContent": true, "textQuery": "Menschenrechte Quantenphysik"}),
    )
    .await;
    let c = &doc["compendium"];
    assert_eq!(c["textQuery"], "Menschenrechte Quantenphysik");
    assert_eq!(c["missingTerms"], json!(["quantenphysik"]));
    assert!(c.get("sections").is_none());
    let passages = c["passages"].as_array().unwrap();
    assert!(!passages.is_empty() && passages.len() <= 8, "{}", passages.len());
    for p in passages {
        assert_eq!(
            p["headingPath"],
            json!(["Französische Revolution", "Die Erklärung der Menschenrechte"])
        );
        assert!(p["text"].as_str().unwrap().chars().count() >= 200);
    }
    let scores: Vec<f64> = passages.iter().map(|p| p["score"].as_f64().unwrap()).collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
    assert!(!outline_titles(&doc).is_empty(), "the outline is always there");

    // Short table-row paragraphs are joined into one passage under their heading.
    let doc = details_json(
        &h,
        &ids.compendium_structured,
        json!({"includeTextContent": true, "textQuery": "Bayern Klimazonen"}),
    )
    .await;
    let best = &doc["compendium"]["passages"][0];
    assert_eq!(best["headingPath"], json!(["Klimawandel", "Kompetenzen und Lehrpläne"]));
    let text = best["text"].as_str().unwrap();
    assert!(
        text.contains("| Bayern | 8 |") && text.contains("| Sachsen | 10 |"),
        "{text}"
    );
    assert_eq!(doc["compendium"]["missingTerms"], json!([]));

    let md = details(
        &h,
        json!({"nodeId": ids.compendium_long, "includeTextContent": true, "textQuery": "Menschenrechte Quantenphysik"}),
    )
    .await;
    assert!(
        md.text.contains("Passagen zu „Menschenrechte Quantenphysik“:"),
        "{}",
        md.text
    );
    assert!(
        md.text
            .contains("\n\n#### 1. Französische Revolution › Die Erklärung der Menschenrechte (Score ")
    );
    assert!(md.text.ends_with("\n\nNicht im Text: quantenphysik"), "{}", md.text);
    let again = details(
        &h,
        json!({"nodeId": ids.compendium_long, "includeTextContent": true, "textQuery": "Menschenrechte Quantenphysik"}),
    )
    .await;
    assert_eq!(md.text, again.text);
    let none = details(
        &h,
        json!({"nodeId": ids.compendium_structured, "includeTextContent": true, "textQuery": "Quantenphysik"}),
    )
    .await;
    assert!(
        none.text
            .contains("(keine passende Passage)\n\nNicht im Text: quantenphysik"),
        "{}",
        none.text
    );
}

#[tokio::test]
async fn the_compendium_costs_no_extra_round_trip() {
    let h = Harness::start().await;
    let ids = ids(&h);
    let control = h.standin.control();
    control.set_latency(60, 0);
    details_json(
        &h,
        &ids.compendium_structured,
        json!({"includeTextContent": true, "textQuery": "Bayern"}),
    )
    .await;
    assert_eq!(wlo_standin::sequential_waves(&control.request_log()), 1);
    assert_eq!(control.stats().route("metadata"), 1);
}
