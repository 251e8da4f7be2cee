//! WLO's real collection tree, as openeduhub exported it in August 2023
//! (`standin/data/wlo-2023.json`, made by `scripts/wlo-tree-convert.py`):
//! the root "Portale", its 29 subject portals and 3,180 collections below
//! them, up to five levels deep, with their real ids, titles, keywords and
//! disciplines.
//!
//! What the export does not have, the corpus does not invent: no materials,
//! no topic pages, no educational contexts, and no descriptions (the editors'
//! texts stay out of the project; two portals carry WLO's placeholder
//! "Beschreibungstext"). Siblings keep the export's order (ids ascending), as
//! arbitrary as WLO's own. Every node was created and modified at the export
//! date. Collection-search hits answer `childReferencesCount: null`, as WLO
//! does (see `api.rs`).
//!
//! The data is compiled into the stand-in only: a binary that never starts
//! it (`mcp`, `lambda`) links none of it.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use serde::Deserialize;

use super::{Corpus, CorpusKind, NodeKind, NodeRecord, ROOT_ID, WellKnown, v1};
use crate::vocab::{self, DISCIPLINE};

const DATA: &str = include_str!("../../data/wlo-2023.json");
/// 2023-08-01T00:00:00Z, the export's month: every node's creation and
/// modification time.
const EXPORTED: u64 = 1_690_848_000;
/// The root's parent, outside the corpus (as the generated root's is).
const ROOT_PARENT: &str = "a3f1c2d4-0b6e-4c1a-9e27-2023080100aa";
/// Levels below the root at most: a deeper chain is a cycle in broken data.
const MAX_DEPTH: u32 = 32;

/// The converted export.
#[derive(Deserialize)]
struct Data {
    root: String,
    collections: Vec<Entry>,
}

/// One collection of the export.
#[derive(Deserialize)]
struct Entry {
    id: String,
    parent: String,
    title: String,
    #[serde(default)]
    keywords: Vec<String>,
    /// Suffixes of [`DISCIPLINE`].
    #[serde(default)]
    disciplines: Vec<String>,
    #[serde(default)]
    description: String,
}

impl Corpus {
    /// WLO's real collection tree ([`CorpusKind::Wlo2023`]), built on first
    /// use in this process and then shared (it is read-only).
    pub fn wlo_2023() -> Arc<Corpus> {
        static TREE: OnceLock<Arc<Corpus>> = OnceLock::new();
        TREE.get_or_init(|| Arc::new(build(DATA))).clone()
    }
}

/// The corpus of a converted export. The data is compiled in and checked by
/// the tests (`standin/tests/real_tree.rs`): broken data is a build mistake,
/// so it yields a corpus of the root alone instead of a panic, and the tests
/// say so loudly.
fn build(json: &str) -> Corpus {
    let data: Data = serde_json::from_str(json).unwrap_or(Data {
        root: ROOT_ID.to_string(),
        collections: Vec::new(),
    });
    let by_id: HashMap<&str, &Entry> = data.collections.iter().map(|e| (e.id.as_str(), e)).collect();
    let mut nodes = vec![root(&data.root)];
    for entry in &data.collections {
        // The chain from the entry up to its portal, entry first.
        let mut chain = vec![entry];
        while let Some(parent) = by_id.get(chain[chain.len() - 1].parent.as_str()) {
            if chain.len() as u32 > MAX_DEPTH {
                break;
            }
            chain.push(parent);
        }
        let portal = chain[chain.len() - 1];
        if portal.parent != data.root {
            continue; // not below the root: not part of the tree
        }
        let kind = if chain.len() == 1 {
            NodeKind::Portal
        } else {
            NodeKind::Collection
        };
        let path: Vec<String> = chain.iter().rev().map(|e| e.title.clone()).collect();
        nodes.push(collection(entry, kind, portal, path));
    }
    let mut corpus = Corpus {
        kind: CorpusKind::Wlo2023,
        seed: 0,
        well_known: WellKnown {
            root: data.root.clone(),
            ..WellKnown::default()
        },
        topic_pages: Vec::new(),
        nodes,
        usage_proposals: Vec::new(),
        by_id: HashMap::new(),
        children: Vec::new(),
    };
    corpus.rebuild_index();
    corpus
}

fn root(id: &str) -> NodeRecord {
    let mut r = NodeRecord::bare(id.to_string(), NodeKind::Root, Some(ROOT_PARENT), 0, EXPORTED, EXPORTED);
    r.set_collection_title("Portale");
    r.properties.insert("ccm:collectiontype".into(), v1("EDITORIAL"));
    r
}

/// A portal or collection; `path` holds the titles from the portal down to it.
fn collection(entry: &Entry, kind: NodeKind, portal: &Entry, path: Vec<String>) -> NodeRecord {
    let depth = path.len() as u32;
    let mut r = NodeRecord::bare(entry.id.clone(), kind, Some(&entry.parent), depth, EXPORTED, EXPORTED);
    let title = entry.title.as_str();
    r.set_collection_title(title);
    r.description = entry.description.clone();
    r.keywords = entry.keywords.clone();
    r.portal_id = Some(portal.id.clone());
    r.subject = Some(portal.title.clone());
    r.subject_uri = portal.disciplines.first().map(|d| format!("{DISCIPLINE}{d}"));
    r.topic = Some(title.to_string());
    r.topic_path = path;
    let p = &mut r.properties;
    p.insert("ccm:collectiontype".into(), v1("EDITORIAL"));
    if !entry.description.is_empty() {
        p.insert("cclom:general_description".into(), v1(entry.description.clone()));
    }
    if !entry.keywords.is_empty() {
        p.insert("cclom:general_keyword".into(), entry.keywords.clone());
    }
    if !entry.disciplines.is_empty() {
        let uris: Vec<String> = entry.disciplines.iter().map(|d| format!("{DISCIPLINE}{d}")).collect();
        let labels = uris.iter().map(|u| vocab::vocabs().discipline_label(u)).collect();
        p.insert("ccm:taxonid".into(), uris);
        p.insert("ccm:taxonid_DISPLAYNAME".into(), labels);
    }
    r
}
