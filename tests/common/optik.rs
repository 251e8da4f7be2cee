//! WLO's recorded collection "Optik" (`tests/fixtures/edu-sharing/real-wlo/`)
//! served by the stand-in beside its generated corpus.

use std::sync::{Arc, OnceLock};

use wlo_standin::{Corpus, DEFAULT_SEED, RecordedCollection, RecordedIds, StandIn, StandInOptions};

use super::Harness;

/// The collection "Optik" (Physik) on WLO.
pub const OPTIK: &str = "9e7ae956-e9df-430f-bace-f3db4b910013";

const PAGE_1: &str = include_str!("../fixtures/edu-sharing/real-wlo/optik-references-page1.json");
const PAGE_2: &str = include_str!("../fixtures/edu-sharing/real-wlo/optik-references-page2.json");
const SUB_COLLECTIONS: &str = include_str!("../fixtures/edu-sharing/real-wlo/optik-children-collections.json");

/// The generated corpus with "Optik" below the portal Physik, built once per process.
pub fn corpus() -> (Arc<Corpus>, RecordedIds) {
    static CORPUS: OnceLock<(Arc<Corpus>, RecordedIds)> = OnceLock::new();
    CORPUS
        .get_or_init(|| {
            let mut corpus = Corpus::generate(DEFAULT_SEED);
            let physik = corpus
                .portals()
                .into_iter()
                .find(|p| p.title == "Physik")
                .expect("portal Physik")
                .id
                .clone();
            let ids = corpus
                .add_recorded(&RecordedCollection {
                    id: OPTIK,
                    title: "Optik",
                    parent: &physik,
                    sub_collections: &[SUB_COLLECTIONS],
                    references: &[PAGE_1, PAGE_2],
                })
                .expect("the recorded Optik answers");
            (Arc::new(corpus), ids)
        })
        .clone()
}

/// The recorded materials as JSON values, in the recorded order.
pub fn materials() -> Vec<serde_json::Value> {
    [PAGE_1, PAGE_2]
        .iter()
        .flat_map(|page| {
            let page: serde_json::Value = serde_json::from_str(page).expect("fixture");
            page["references"].as_array().cloned().unwrap_or_default()
        })
        .collect()
}

/// The reference id of the recorded material whose id starts with `prefix`.
pub fn reference(prefix: &str) -> String {
    materials()
        .iter()
        .map(|m| m["ref"]["id"].as_str().unwrap_or_default().to_string())
        .find(|id| id.starts_with(prefix))
        .expect("recorded material")
}

impl Harness {
    /// A server in front of a stand-in serving [`corpus`].
    pub async fn start_optik(env: &[(&str, &str)]) -> (Harness, RecordedIds) {
        let (corpus, ids) = corpus();
        let standin = StandIn::start_with_corpus(StandInOptions::default(), corpus)
            .await
            .expect("stand-in starts");
        (Harness::start_with_standin(standin, env), ids)
    }
}
