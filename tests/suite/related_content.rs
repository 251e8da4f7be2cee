//! `get_related_content` through MCP over HTTP against the stand-in: same
//! topic first, within the seed's discipline and level, then the fill; the
//! seed, its references and deleted placeholders never listed; errors; the
//! round trips; and precision@5 on the judged case set.

use crate::common;

use std::sync::Arc;

use common::*;
use serde_json::{Value, json};
use wlo_standin::judged::{RelatedCase, related_main_set};
use wlo_standin::{Corpus, DEFAULT_SEED, Fault, NodeKind, NodeRecord, sequential_waves};

const TOOL: &str = "get_related_content";
const MISSING: &str = "00000000-0000-4000-8000-000000000000";
const VIDEO: &str = "http://w3id.org/openeduhub/vocabs/new_lrt_aggregated/38774279-af36-4ec2-8e70-811d5a51a6a1";

async fn related(h: &Harness, args: Value) -> Value {
    let r = h.call_tool(TOOL, args.clone()).await;
    assert!(!r.is_error, "{args}: {}", r.text);
    r.json()
}

/// Vocabulary URIs of a property, without root URIs.
fn values<'a>(node: &'a NodeRecord, key: &str) -> Vec<&'a str> {
    node.properties
        .get(key)
        .map(|v| v.iter().map(String::as_str).filter(|u| !u.ends_with('/')).collect())
        .unwrap_or_default()
}

/// `other` shares a discipline and (when the seed has one) a level with the seed.
fn within_constraints(seed: &NodeRecord, other: &NodeRecord) -> bool {
    ["ccm:taxonid", "ccm:educationalcontext"].iter().all(|key| {
        let wanted = values(seed, key);
        wanted.is_empty() || values(other, key).iter().any(|v| wanted.contains(v))
    })
}

/// The first seed of the main set whose topic is the given collection title.
fn case_in(corpus: &Corpus, topic: &str) -> RelatedCase {
    related_main_set(corpus)
        .into_iter()
        .find(|c| c.topic == topic)
        .unwrap_or_else(|| panic!("a judged seed in {topic}"))
}

#[tokio::test]
async fn same_topic_first_within_the_seeds_subject_and_level() {
    let h = Harness::start().await;
    let corpus = h.standin.corpus();
    let case = case_in(corpus, "Bruchrechnung");
    let seed = corpus.get(&case.seed).unwrap();
    let doc = related(&h, json!({"nodeId": case.seed, "outputFormat": "json"})).await;

    assert_eq!(doc["seed"]["nodeId"], case.seed.as_str());
    assert_eq!(doc["seed"]["title"], seed.title.as_str());
    assert_eq!(doc["topic"], "Bruchrechnung");
    let got = result_ids(&doc);
    assert_eq!(got.len(), 5, "default maxResults 5");
    assert_eq!(doc["count"], 5);
    assert_eq!(doc["topicMatches"], 5);
    for id in &got {
        assert!(case.is_related(id), "{id} is not in the seed's topic collection");
        let node = corpus.get(id).unwrap();
        assert!(
            within_constraints(seed, node),
            "{id} leaves the seed's discipline or level"
        );
    }
    assert!(!got.contains(&case.seed), "the seed itself is never listed");
}

#[tokio::test]
async fn filters_narrow_further_and_unknown_values_are_reported() {
    let h = Harness::start().await;
    let corpus = h.standin.corpus();
    let case = case_in(corpus, "Photosynthese");
    let seed = corpus.get(&case.seed).unwrap();
    let doc = related(
        &h,
        json!({"nodeId": case.seed, "learningResourceType": "Video", "maxResults": 20, "userRole": "Quatschrolle", "outputFormat": "json"}),
    )
    .await;
    let got = result_ids(&doc);
    assert!(!got.is_empty());
    for id in &got {
        let node = corpus.get(id).unwrap();
        assert!(
            values(node, "ccm:oeh_lrt_aggregated").contains(&VIDEO),
            "{id} is no video"
        );
        assert!(within_constraints(seed, node), "{id}");
    }
    let unfiltered = result_ids(
        &related(
            &h,
            json!({"nodeId": case.seed, "maxResults": 20, "outputFormat": "json"}),
        )
        .await,
    );
    assert!(got.len() < unfiltered.len(), "the filter narrows");
    assert_eq!(doc["unresolvedFilters"][0]["field"], "userRole");
}

#[tokio::test]
async fn a_reference_seed_never_lists_its_original() {
    let h = Harness::start().await;
    let corpus = h.standin.corpus();
    let ids = &h.standin.well_known().listings;
    let original = corpus.get(&ids.referenced_original).unwrap();
    // The premise: the original is on the reference's topic and would be listed.
    let doc = related(
        &h,
        json!({"nodeId": ids.reference, "maxResults": 20, "outputFormat": "json"}),
    )
    .await;
    let got = result_ids(&doc);
    assert!(!got.is_empty());
    assert!(
        !got.contains(&ids.referenced_original),
        "the reference's original is listed: {got:?}"
    );
    assert!(!got.contains(&ids.reference));
    assert!(
        got.iter()
            .any(|id| corpus.get(id).unwrap().parent_id == original.parent_id),
        "the original's topic is found: {got:?}"
    );
    // The original as seed: neither itself nor its reference.
    let doc = related(
        &h,
        json!({"nodeId": ids.referenced_original, "maxResults": 20, "outputFormat": "json"}),
    )
    .await;
    let got = result_ids(&doc);
    assert!(
        !got.contains(&ids.referenced_original) && !got.contains(&ids.reference),
        "{got:?}"
    );
    // A collection of references is still a collection.
    let r = h.call_tool(TOOL, json!({"nodeId": ids.reference_collection})).await;
    assert!(
        r.is_error && r.text.contains("ist eine Sammlung, kein Material"),
        "{}",
        r.text
    );
}

#[tokio::test]
async fn deleted_placeholders_are_never_listed() {
    let h = Harness::start().await;
    let corpus = h.standin.corpus();
    let placeholders = &h.standin.well_known().deleted_placeholders;
    for topic in ["Bruchrechnung", "Photosynthese", "Französische Revolution"] {
        let case = case_in(corpus, topic);
        // The topic's placeholder shares its collection, discipline and keywords.
        assert!(
            placeholders
                .iter()
                .any(|p| corpus.get(p).unwrap().parent_id == corpus.get(&case.seed).unwrap().parent_id),
            "{topic} has a placeholder"
        );
        let doc = related(
            &h,
            json!({"nodeId": case.seed, "maxResults": 20, "outputFormat": "json"}),
        )
        .await;
        for id in result_ids(&doc) {
            assert!(!placeholders.contains(&id), "{topic}: placeholder {id} listed");
        }
    }
}

#[tokio::test]
async fn a_short_topic_is_filled_after_its_hits_with_the_subject_and_level() {
    let h = Harness::start().await;
    let corpus = h.standin.corpus();
    // A leaf topic with exactly one other material of the seed's subject and level.
    let seed = corpus
        .nodes
        .iter()
        .find(|n| {
            n.kind == NodeKind::Content
                && !n.is_deleted_placeholder
                && n.is_public
                && !n.index_only
                && n.depth == 4
                && corpus
                    .children(n.parent_id.as_deref().unwrap())
                    .iter()
                    .filter(|o| o.id != n.id && o.kind == NodeKind::Content && within_constraints(n, o))
                    .count()
                    == 1
        })
        .expect("a seed in a small leaf topic");
    let doc = related(&h, json!({"nodeId": seed.id, "maxResults": 10, "outputFormat": "json"})).await;
    let got = result_ids(&doc);
    assert_eq!(got.len(), 10, "filled up to maxResults");
    let topic_matches = doc["topicMatches"].as_u64().unwrap() as usize;
    assert!((1..10).contains(&topic_matches), "{topic_matches}");
    let same_topic = |id: &String| corpus.get(id).unwrap().parent_id == seed.parent_id;
    assert!(same_topic(&got[0]), "the topic's material comes first");
    assert!(got[..topic_matches].iter().all(|id| {
        let n = corpus.get(id).unwrap();
        n.topic_path
            .iter()
            .any(|t| seed.topic_path.contains(t) && t != &seed.topic_path[0])
    }));
    for id in &got {
        let node = corpus.get(id).unwrap();
        assert!(within_constraints(seed, node), "{id} leaves the subject or level");
        assert_ne!(id, &seed.id);
    }
    let mut unique = got.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), got.len(), "no repeats");

    // Markdown introduces the fill with its own line, after the topic's cards.
    let r = h.call_tool(TOOL, json!({"nodeId": seed.id, "maxResults": 10})).await;
    let fill_line = r
        .text
        .find("Weitere Materialien aus demselben Fach und derselben Bildungsstufe:")
        .expect("fill line");
    assert!(r.text.find(&got[0]).unwrap() < fill_line);
    assert!(r.text.find(&got[9]).unwrap() > fill_line);
}

#[tokio::test]
async fn collections_unknown_and_invalid_ids_are_errors() {
    let h = Harness::start().await;
    let wk = h.standin.well_known().clone();

    let r = h.call_tool(TOOL, json!({"nodeId": wk.bruchrechnung})).await;
    assert!(r.is_error, "{}", r.text);
    assert!(
        r.text.contains("„Bruchrechnung“ ist eine Sammlung, kein Material"),
        "{}",
        r.text
    );
    assert!(r.text.contains("get_collection_contents"), "{}", r.text);

    let r = h.call_tool(TOOL, json!({"nodeId": MISSING})).await;
    assert!(r.is_error);
    assert_eq!(r.text, format!("Material {MISSING} nicht gefunden."));

    let r = h.call_tool(TOOL, json!({"nodeId": wk.forbidden_node})).await;
    assert!(r.is_error);
    assert!(r.text.contains("nicht öffentlich"), "{}", r.text);

    let before = h.standin.control().stats().total_requests;
    for bad in [json!("../etc/passwd"), json!(42), json!("")] {
        let r = h.call_tool(TOOL, json!({"nodeId": bad})).await;
        assert!(r.is_error, "{bad}");
        assert!(r.text.contains("nodeId"), "{bad}: {}", r.text);
    }
    assert_eq!(
        h.standin.control().stats().total_requests,
        before,
        "no upstream request for a bad id"
    );
}

#[tokio::test]
async fn a_repository_failure_is_an_error_never_an_empty_list() {
    let h = Harness::start().await;
    let case = case_in(h.standin.corpus(), "Bruchrechnung");
    for fault in [Fault::Down, Fault::Error500, Fault::Garbage] {
        h.standin.control().set_fault(fault);
        let r = h.call_tool(TOOL, json!({"nodeId": case.seed})).await;
        assert!(r.is_error, "{fault:?}: {}", r.text);
        assert!(r.text.contains("WLO"), "{fault:?}: {}", r.text);
    }
    h.standin.control().set_fault(Fault::None);
    assert!(!h.call_tool(TOOL, json!({"nodeId": case.seed})).await.is_error);

    // The seed read succeeds (from the cache) and every search fails: still an error.
    let h = Harness::start_with(&[("WLO_CACHE_MAX_MB", "16")]).await;
    assert!(!h.call_tool(TOOL, json!({"nodeId": case.seed})).await.is_error);
    h.standin.control().set_fault(Fault::Error500);
    let r = h
        .call_tool(TOOL, json!({"nodeId": case.seed, "learningResourceType": "Video"}))
        .await;
    assert!(r.is_error, "{}", r.text);
    assert!(r.text.contains("HTTP 500"), "{}", r.text);
}

#[tokio::test]
async fn both_formats_determinism_bounds_and_round_trips() {
    let h = Harness::start().await;
    let corpus = h.standin.corpus();
    let case = case_in(corpus, "Photosynthese");

    let markdown = h.call_tool(TOOL, json!({"nodeId": case.seed})).await;
    assert!(!markdown.is_error);
    assert!(markdown.structured.is_none());
    assert!(
        markdown.text.starts_with(&format!(
            "Ähnliche Materialien zu „{}“ (Thema: „Photosynthese“): 5\n\n## ",
            case.seed_title
        )),
        "{}",
        markdown.text
    );
    assert_eq!(markdown.text.matches("\nnodeId: ").count(), 5);
    let again = h.call_tool(TOOL, json!({"nodeId": case.seed})).await;
    assert_eq!(markdown.text, again.text, "deterministic");

    let json = h
        .call_tool(TOOL, json!({"nodeId": case.seed, "outputFormat": "json"}))
        .await;
    assert_eq!(json.blocks, 1);
    let doc = json.json();
    let keys: Vec<&String> = doc.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["seed", "topic", "count", "topicMatches", "results"]);
    assert_eq!(
        json.text,
        h.call_tool(TOOL, json!({"nodeId": case.seed, "outputFormat": "json"}))
            .await
            .text
    );

    for (asked, got) in [(json!(0), 1), (json!("3"), 3), (json!(500), 20)] {
        let doc = related(
            &h,
            json!({"nodeId": case.seed, "maxResults": asked, "outputFormat": "json"}),
        )
        .await;
        assert_eq!(result_ids(&doc).len(), got, "maxResults {asked}");
    }
    let r = h
        .call_tool(TOOL, json!({"nodeId": case.seed, "maxResults": "viele"}))
        .await;
    assert!(r.is_error && r.text.contains("maxResults"), "{}", r.text);

    // Two round trips: the seed, then the topic variants with the fill.
    h.standin.control().set_latency(40, 0);
    h.standin.control().clear_log();
    related(&h, json!({"nodeId": case.seed, "outputFormat": "json"})).await;
    let log = h.standin.control().request_log();
    assert_eq!(sequential_waves(&log), 2, "{log:?}");
    assert!(log.len() <= 8, "{} requests", log.len());
}

/// A seed with neither topic terms nor vocabulary answers an empty list, not an error.
#[tokio::test]
async fn a_seed_without_topic_or_vocabulary_answers_an_empty_list() {
    let mut corpus = Corpus::generate(DEFAULT_SEED);
    let index = corpus
        .nodes
        .iter()
        .position(|n| n.kind == NodeKind::Content && !n.is_deleted_placeholder && n.is_public && !n.index_only)
        .unwrap();
    let seed = &mut corpus.nodes[index];
    seed.title = "Arbeitsblatt".into();
    seed.keywords.clear();
    for key in [
        "cclom:general_keyword",
        "ccm:taxonid",
        "ccm:taxonid_DISPLAYNAME",
        "ccm:educationalcontext",
        "ccm:educationalcontext_DISPLAYNAME",
        "cm:title",
    ] {
        seed.properties.remove(key);
    }
    seed.properties
        .insert("cclom:title".into(), vec!["Arbeitsblatt".into()]);
    let id = seed.id.clone();
    let standin = StandIn::start_with_corpus(StandInOptions::default(), Arc::new(corpus))
        .await
        .expect("stand-in starts");
    let server = Server::spawn(
        &["serve", "--port", "0"],
        &env(&[("WLO_REPOSITORY_URL", &standin.base_url()), ("WLO_CACHE_MAX_MB", "0")]),
    );
    let r = server
        .call_tool(TOOL, json!({"nodeId": id, "outputFormat": "json"}))
        .await;
    assert!(!r.is_error, "{}", r.text);
    let doc = r.json();
    assert_eq!(doc["count"], 0);
    assert_eq!(doc["topic"], Value::Null);
    let r = server.call_tool(TOOL, json!({"nodeId": id})).await;
    assert!(!r.is_error);
    assert!(
        r.text.contains("weder Schlagworte noch Fach oder Bildungsstufe"),
        "{}",
        r.text
    );
    assert_eq!(
        standin.control().stats().total_requests,
        2,
        "only the seed was read, twice"
    );
}

/// Precision@5 over the judged main set (every material with five eligible
/// related ones): the share of the first five results that are in the
/// seed's topic collection, averaged over the seeds.
#[tokio::test]
async fn precision_at_5_on_the_judged_main_set() {
    let h = Harness::start().await;
    let cases = related_main_set(h.standin.corpus());
    let mut total = 0.0;
    // Four calls at a time: the set is large, and each call is independent.
    for chunk in cases.chunks(4) {
        let docs = futures::future::join_all(
            chunk
                .iter()
                .map(|case| related(&h, json!({"nodeId": case.seed, "outputFormat": "json"}))),
        )
        .await;
        for (case, doc) in chunk.iter().zip(docs) {
            let hits = result_ids(&doc).iter().take(5).filter(|id| case.is_related(id)).count();
            total += hits as f64 / 5.0;
        }
    }
    let precision = total / cases.len() as f64;
    eprintln!("related precision@5 over {} seeds: {precision:.3}", cases.len());
    assert!(precision >= 0.8, "precision@5 {precision:.3} < 0.8");
}
