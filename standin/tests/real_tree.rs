//! The real-tree corpus (`--corpus wlo-2023`) and the whole-word match mode
//! (`--match whole-word`), through the stand-in's HTTP routes.

mod common;
use common::*;
use serde_json::{Value, json};
use wlo_standin::{Corpus, CorpusKind, MatchMode, NodeKind, StandIn, StandInOptions};

/// Real ids of the 2023 export (facts the tests name).
const MATHEMATIK: &str = "bd8be6d5-0fbe-4534-a4b3-773154ba6abc";
const ANALYSIS_LINEARE_FUNKTIONEN: &str = "c9fa4417-f7b9-4874-b37b-e8c9f5583d1e";
const GEOGRAPHIE: &str = "f1049950-bdda-45f5-9c73-38b51ea66c74";

async fn real(match_mode: MatchMode) -> StandIn {
    StandIn::start(StandInOptions {
        corpus: CorpusKind::Wlo2023,
        match_mode,
        ..StandInOptions::default()
    })
    .await
    .expect("start stand-in")
}

fn titles(v: &Value) -> Vec<String> {
    v["nodes"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|n| n["title"].as_str().unwrap_or("").to_string())
                .collect()
        })
        .unwrap_or_default()
}

async fn collection_search(port: u16, q: &str) -> Value {
    let r = post(port, &coll("?maxItems=100&propertyFilter=-all-"), &words_body(q)).await;
    assert_eq!(r.status, 200, "{q}");
    r.json()
}

#[test]
fn the_tree_has_the_exported_shape() {
    let tree = Corpus::wlo_2023();
    assert_eq!(tree.kind, CorpusKind::Wlo2023);
    let counts = tree.counts();
    assert_eq!(
        (counts.portals, counts.collections, counts.content, counts.topic_pages),
        (29, 3180, 0, 0)
    );
    assert_eq!(tree.nodes.len(), 1 + 29 + 3180, "root, portals, collections");
    // One tree: every node's chain ends at the root, at most five levels below it.
    for n in &tree.nodes {
        let chain = tree.chain(&n.id);
        assert_eq!(chain.last().map(|r| r.id.as_str()), Some(ROOT), "{}", n.title);
        assert_eq!(chain.len() as u32, n.depth + 1, "{}", n.title);
        assert!(n.depth <= 5);
        if n.kind != NodeKind::Root {
            assert_eq!(n.portal_id.as_deref(), Some(chain[chain.len() - 2].id.as_str()));
        }
    }
    // The editors' descriptions stay out; only the placeholder of two portals is kept.
    let described: Vec<(&str, &str)> = tree
        .nodes
        .iter()
        .filter(|n| !n.description.is_empty())
        .map(|n| (n.title.as_str(), n.description.as_str()))
        .collect();
    assert_eq!(
        described,
        [("Deutsch", "Beschreibungstext"), ("Sport", "Beschreibungstext")]
    );
    // Shared: built once per process.
    assert!(std::sync::Arc::ptr_eq(&tree, &Corpus::wlo_2023()));
    let n = tree.get(ANALYSIS_LINEARE_FUNKTIONEN).expect("known collection");
    assert_eq!(n.topic_path, ["Mathematik", "Analysis", "Lineare Funktionen"]);
}

#[tokio::test]
async fn the_root_lists_the_29_real_portals_with_their_disciplines() {
    let s = real(MatchMode::WholeWord).await;
    let v = get(
        s.port(),
        &node(ROOT, "children", "?filter=folders&propertyFilter=-all-"),
    )
    .await
    .json();
    assert_eq!(v["pagination"]["total"], 29);
    let names = titles(&v);
    for portal in ["Mathematik", "Geographie", "Musik", "Deutsch", "Philosophie & Ethik"] {
        assert!(names.iter().any(|t| t == portal), "{portal} in {names:?}");
    }
    let nodes = v["nodes"].as_array().unwrap();
    let math = nodes.iter().find(|n| n["ref"]["id"] == MATHEMATIK).unwrap();
    assert_eq!(
        math["properties"]["ccm:taxonid"],
        json!(["http://w3id.org/openeduhub/vocabs/discipline/380"])
    );
    assert_eq!(math["properties"]["ccm:taxonid_DISPLAYNAME"], json!(["Mathematik"]));
    // Two disciplines, two labels.
    let ethik = nodes.iter().find(|n| n["title"] == "Philosophie & Ethik").unwrap();
    assert_eq!(
        ethik["properties"]["ccm:taxonid_DISPLAYNAME"],
        json!(["Ethik", "Philosophie"])
    );
    // No files anywhere: the export has collections only.
    let files = get(s.port(), &node(MATHEMATIK, "children", "?filter=files"))
        .await
        .json();
    assert_eq!(files["pagination"]["total"], 0);
}

#[tokio::test]
async fn metadata_parents_and_children_follow_the_tree() {
    let s = real(MatchMode::WholeWord).await;
    let port = s.port();
    let v = get(
        port,
        &node(ANALYSIS_LINEARE_FUNKTIONEN, "metadata", "?propertyFilter=-all-"),
    )
    .await
    .json();
    let props = &v["node"]["properties"];
    assert_eq!(props["cclom:title"], json!(["Lineare Funktionen"]));
    assert_eq!(props["cclom:general_keyword"], json!(["Geraden"]));
    assert_eq!(props["ccm:taxonid_DISPLAYNAME"], json!(["Mathematik"]));
    assert!(props.get("cclom:general_description").is_none(), "{props}");

    let v = get(
        port,
        &node(ANALYSIS_LINEARE_FUNKTIONEN, "parents", "?propertyFilter=-all-"),
    )
    .await
    .json();
    assert_eq!(titles(&v), ["Lineare Funktionen", "Analysis", "Mathematik", "Portale"]);

    // The parent's folder listing holds the collection, in the tree's order.
    let analysis = s
        .corpus()
        .get(ANALYSIS_LINEARE_FUNKTIONEN)
        .unwrap()
        .parent_id
        .clone()
        .unwrap();
    let v = get(
        port,
        &node(&analysis, "children", "?filter=folders&propertyFilter=-all-"),
    )
    .await
    .json();
    let expected: Vec<&str> = s
        .corpus()
        .children(&analysis)
        .iter()
        .map(|n| n.title.as_str())
        .collect();
    assert_eq!(titles(&v), expected);
    assert!(expected.contains(&"Lineare Funktionen"));
}

#[tokio::test]
async fn whole_words_find_the_title_but_not_an_inflected_form() {
    let s = real(MatchMode::WholeWord).await;
    let port = s.port();
    let found = collection_search(port, "Lineare Funktionen").await;
    assert_eq!(
        ids(&found).first().map(String::as_str),
        Some(ANALYSIS_LINEARE_FUNKTIONEN)
    );
    // WLO's quirk on collections, and real child counts.
    let hit = &found["nodes"][0]["collection"];
    assert_eq!(hit["childReferencesCount"], Value::Null);
    assert_eq!(
        hit["childCollectionsCount"],
        json!(s.corpus().children(ANALYSIS_LINEARE_FUNKTIONEN).len())
    );
    // Singular for plural: no stem, no substring.
    let inflected = collection_search(port, "lineare funktion").await;
    assert!(
        !ids(&inflected).iter().any(|id| id == ANALYSIS_LINEARE_FUNKTIONEN),
        "{:?}",
        titles(&inflected)
    );
    // Every whole-word hit holds each query word as a token of its text.
    for n in inflected["nodes"].as_array().unwrap() {
        let rec = s.corpus().get(n["ref"]["id"].as_str().unwrap()).unwrap();
        let text = format!("{} {} {}", rec.title, rec.keywords.join(" "), rec.description).to_lowercase();
        let tokens: Vec<&str> = text.split(|c: char| !c.is_alphanumeric()).collect();
        assert!(
            tokens.contains(&"lineare") && tokens.contains(&"funktion"),
            "{}",
            rec.title
        );
    }
    // Portals are never collection-search hits.
    let geo = collection_search(port, "Geographie").await;
    assert!(!ids(&geo).iter().any(|id| id == GEOGRAPHIE));
}

#[tokio::test]
async fn substring_mode_finds_the_inflected_form_and_the_mode_switches_over_http() {
    let s = real(MatchMode::Substring).await;
    let port = s.port();
    let inflected = collection_search(port, "lineare funktion").await;
    assert!(ids(&inflected).iter().any(|id| id == ANALYSIS_LINEARE_FUNKTIONEN));

    let cfg = post(port, "/_control/config", r#"{"matchMode":"whole-word"}"#)
        .await
        .json();
    assert_eq!(cfg["matchMode"], "whole-word");
    assert_eq!(s.control().config().match_mode, MatchMode::WholeWord);
    let inflected = collection_search(port, "lineare funktion").await;
    assert!(!ids(&inflected).iter().any(|id| id == ANALYSIS_LINEARE_FUNKTIONEN));
    assert_eq!(
        post(port, "/_control/config", r#"{"matchMode":"stemmed"}"#)
            .await
            .status,
        400
    );

    // A reset restores the start-up mode.
    let cfg = post(port, "/_control/reset", "").await.json();
    assert_eq!(cfg["matchMode"], "substring");
    let inflected = collection_search(port, "lineare funktion").await;
    assert!(ids(&inflected).iter().any(|id| id == ANALYSIS_LINEARE_FUNKTIONEN));
}

#[tokio::test]
async fn content_search_usages_and_topic_pages_answer_empty() {
    let s = real(MatchMode::WholeWord).await;
    let port = s.port();
    let v = post(port, &ng("?maxItems=10"), &words_body("Lineare Funktionen"))
        .await
        .json();
    assert_eq!(
        (v["pagination"]["total"].clone(), ids(&v)),
        (json!(0), Vec::<String>::new())
    );
    let v = post(port, &pv("?maxItems=10"), r#"{"criteria":[]}"#).await.json();
    assert_eq!(v["pagination"]["total"], 0);
    let r = get(
        port,
        &format!("{REST}/usage/v1/usages/node/{ANALYSIS_LINEARE_FUNKTIONEN}/collections"),
    )
    .await;
    assert_eq!((r.status, r.json()), (200, json!([])));
}

#[tokio::test]
async fn ground_truth_names_the_kind_only_for_the_real_tree() {
    let s = real(MatchMode::Substring).await;
    let body = get(s.port(), "/_control/ground-truth").await.body;
    let doc: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(doc["kind"], "wlo-2023");
    let back = Corpus::from_json(std::str::from_utf8(&body).unwrap()).unwrap();
    assert_eq!((back.kind, back.nodes.len()), (CorpusKind::Wlo2023, 3210));

    let generated = StandIn::start(StandInOptions::default()).await.unwrap();
    let doc = get(generated.port(), "/_control/ground-truth").await.json();
    assert!(doc.get("kind").is_none(), "the generated ground truth is unchanged");
}

#[tokio::test]
async fn whole_words_in_the_generated_corpus_content_search() {
    let substring = StandIn::start(StandInOptions::default()).await.unwrap();
    let whole = StandIn::start(StandInOptions {
        match_mode: MatchMode::WholeWord,
        ..StandInOptions::default()
    })
    .await
    .unwrap();
    // "bruch" is a substring of "Bruchrechnung", not a word of it.
    let search = |port| async move { post(port, &ng("?maxItems=500"), &words_body("Bruch")).await.json() };
    let (sub, whole) = (search(substring.port()).await, search(whole.port()).await);
    let corpus = substring.corpus();
    let in_bruchrechnung = |id: &String| corpus.get(id).unwrap().title.contains("Bruchrechnung");
    assert!(ids(&sub).iter().any(in_bruchrechnung));
    assert!(ids(&whole).len() < ids(&sub).len());
    for id in ids(&whole) {
        let rec = corpus.get(&id).unwrap();
        let text = format!("{} {} {}", rec.title, rec.keywords.join(" "), rec.description).to_lowercase();
        assert!(
            text.split(|c: char| !c.is_alphanumeric()).any(|t| t == "bruch"),
            "{}",
            rec.title
        );
    }
}

#[tokio::test]
async fn binary_serves_the_real_tree_in_whole_word_mode() {
    use tokio::io::AsyncBufReadExt;
    let bin = env!("CARGO_BIN_EXE_wlo-standin");
    let mut child = tokio::process::Command::new(bin)
        .args(["--port", "0", "--corpus", "wlo-2023", "--match", "whole-word"])
        .stderr(std::process::Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .expect("spawn wlo-standin");
    let mut lines = tokio::io::BufReader::new(child.stderr.take().unwrap()).lines();
    let line = with_timeout(10_000, lines.next_line()).await.unwrap().unwrap().unwrap();
    let port: u16 = line
        .trim_end_matches("/edu-sharing")
        .rsplit(':')
        .next()
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("{line}"));
    let cfg = get(port, "/_control/config").await.json();
    assert_eq!(cfg["matchMode"], "whole-word");
    let v = get(port, &node(ROOT, "children", "?filter=folders")).await.json();
    assert_eq!(v["pagination"]["total"], 29);
    child.kill().await.unwrap();

    for bad in [["--corpus", "wlo-2024"], ["--match", "stem"]] {
        let out = tokio::process::Command::new(bin).args(bad).output().await.unwrap();
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
    }
}
