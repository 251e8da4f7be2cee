//! `get_subject_portals` counts sub-collections from what a portal's listing
//! holds, and agrees with `browse_collection_tree`: whether a topic page's
//! config folder is listed among its collection's children differs between
//! repositories, so it is never assumed to be there.

use crate::common;

use std::sync::Arc;

use common::*;
use serde_json::{Value, json};
use wlo_standin::{Corpus, NodeKind, NodeRecord};

/// Children of a portal that are sub-collections, as the stand-in lists them.
fn true_sub_collections(corpus: &Corpus, portal: &str) -> u64 {
    corpus
        .children(portal)
        .iter()
        .filter(|n| n.kind == NodeKind::Collection && n.is_public && !n.index_only)
        .count() as u64
}

fn portal_id(corpus: &Corpus, title: &str) -> String {
    corpus
        .portals()
        .iter()
        .find(|p| p.title == title)
        .map(|p| p.id.clone())
        .unwrap_or_else(|| panic!("portal {title}"))
}

fn config_folder_index(corpus: &Corpus, portal: &str) -> usize {
    corpus
        .nodes
        .iter()
        .position(|n| n.kind == NodeKind::ConfigFolder && n.parent_id.as_deref() == Some(portal))
        .unwrap_or_else(|| panic!("{portal} has a config folder in its listing"))
}

/// The default corpus, changed so that
/// - Biologie's config folder is not among Biologie's children, and
/// - Chemie has more than one listing page of sub-collections, its config
///   folder among them on the second page.
fn changed_corpus() -> (Corpus, String, String, String) {
    let mut corpus = Corpus::generate(StandInOptions::default().seed);
    let math = portal_id(&corpus, "Mathematik");
    let bio = portal_id(&corpus, "Biologie");
    let chem = portal_id(&corpus, "Chemie");

    let bio_config = config_folder_index(&corpus, &bio);
    corpus.nodes[bio_config].parent_id = None;

    let template: NodeRecord = corpus
        .children(&chem)
        .iter()
        .find(|n| n.kind == NodeKind::Collection)
        .map(|n| (*n).clone())
        .expect("Chemie has a sub-collection");
    let extra: Vec<NodeRecord> = (0..130)
        .map(|i| {
            let mut node = template.clone();
            node.id = format!("00000000-0000-4000-8000-{i:012}");
            node.title = format!("Zusatzsammlung {i:03}");
            node.name = node.title.clone();
            node.properties.insert("cclom:title".into(), vec![node.title.clone()]);
            node.properties.insert("sys:node-uuid".into(), vec![node.id.clone()]);
            node
        })
        .collect();
    // Listings are in creation order: put the new collections before the
    // config folder, so that it lands on the second page.
    let chem_config = config_folder_index(&corpus, &chem);
    corpus.nodes.splice(chem_config..chem_config, extra);

    let corpus = Corpus::from_json(&corpus.to_json()).expect("corpus round trip");
    (corpus, math, bio, chem)
}

async fn call(server: &Server, tool: &str, args: Value) -> Value {
    let r = server.call_tool(tool, args.clone()).await;
    assert!(!r.is_error, "{tool} {args}: {}", r.text);
    r.json()
}

#[tokio::test]
async fn portal_counts_agree_with_the_tree_and_the_listing() {
    let (corpus, math, bio, chem) = changed_corpus();
    let corpus = Arc::new(corpus);
    let standin = StandIn::start_with_corpus(StandInOptions::default(), corpus.clone())
        .await
        .expect("stand-in starts");
    let server = Server::spawn(
        &["serve", "--port", "0"],
        &env(&[("WLO_REPOSITORY_URL", &standin.base_url()), ("WLO_CACHE_MAX_MB", "0")]),
    );

    // The premises of the three cases.
    let listed = |portal: &str| corpus.children(portal).iter().map(|n| n.kind).collect::<Vec<_>>();
    assert!(
        listed(&math).contains(&NodeKind::ConfigFolder),
        "Mathematik lists its config folder"
    );
    assert!(!listed(&bio).contains(&NodeKind::ConfigFolder), "Biologie does not");
    assert!(
        true_sub_collections(&corpus, &chem) > 100,
        "Chemie has more than one page"
    );
    let chem_listing = corpus.children(&chem);
    let chem_config_at = chem_listing
        .iter()
        .position(|n| n.kind == NodeKind::ConfigFolder)
        .expect("Chemie lists its config folder");
    assert!(chem_config_at >= 100, "on the second page: {chem_config_at}");

    let portals = call(
        &server,
        "get_subject_portals",
        json!({"includeContentCounts": true, "outputFormat": "json"}),
    )
    .await;
    let count_of = |id: &str| {
        portals["results"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["nodeId"] == id)
            .and_then(|p| p["subCollectionCount"].as_u64())
            .unwrap_or_else(|| panic!("count of {id}: {portals}"))
    };
    for (name, id) in [("Mathematik", &math), ("Biologie", &bio), ("Chemie", &chem)] {
        let truth = true_sub_collections(&corpus, id);
        assert_eq!(count_of(id), truth, "{name}: subCollectionCount");
        let tree = call(
            &server,
            "browse_collection_tree",
            json!({"nodeId": id, "maxResults": 100, "outputFormat": "json"}),
        )
        .await;
        assert_eq!(tree["total"].as_u64(), Some(truth), "{name}: tree total");
        let shown = tree["results"].as_array().unwrap().len() as u64;
        assert_eq!(shown, truth.min(100), "{name}: collections shown");
        assert_eq!(tree["truncated"], json!(truth > 100), "{name}: truncated");
    }
    // Every other portal of the default corpus agrees as well.
    for portal in portals["results"].as_array().unwrap() {
        let id = portal["nodeId"].as_str().unwrap();
        assert_eq!(
            portal["subCollectionCount"].as_u64(),
            Some(true_sub_collections(&corpus, id)),
            "{}",
            portal["title"]
        );
    }
}
