//! Judged case sets over the corpus ground truth, for the relevance
//! benchmark and the tests.
//!
//! **Related material** (`get_related_content`): a seed material and the
//! materials judged related to it — the other materials of the seed's topic
//! collection. Seeds are chosen by rule, from the ground truth alone:
//!
//! * a *material* is a content node filed in a topic collection that is not
//!   a deleted placeholder, not a collection reference, public and readable
//!   (not index-only);
//! * the **main set** holds every material whose topic collection has at
//!   least five other materials the tool may return for it: sharing one of
//!   its disciplines (`ccm:taxonid`, root URIs ignored) and — when it has
//!   levels — one of its levels (`ccm:educationalcontext`), the constraints
//!   the tool's contract puts on every answer. Without five such materials no
//!   system can reach precision 1 at 5 on the seed;
//! * the **sample set** holds every tenth material of the corpus (corpus
//!   order, the first included) whatever its collection; [`RelatedCase::ideal`]
//!   says how many related materials an answer can hold at most.

use crate::corpus::{Corpus, NodeKind, NodeRecord};

/// One seed and what is judged related to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RelatedCase {
    pub seed: String,
    pub seed_title: String,
    /// Title of the seed's topic collection.
    pub topic: String,
    /// The other materials of the seed's topic collection (any level).
    pub related: Vec<String>,
    /// How many of `related` share the seed's discipline and level.
    pub eligible: usize,
}

impl RelatedCase {
    /// The best possible number of related materials among the first `k`.
    pub fn ideal(&self, k: usize) -> usize {
        self.eligible.min(k)
    }

    pub fn is_related(&self, id: &str) -> bool {
        self.related.iter().any(|r| r == id)
    }
}

/// Related-material seeds with at least this many eligible related materials
/// form the main set.
pub const MAIN_SET_MIN_ELIGIBLE: usize = 5;
/// Every n-th material is a seed of the sample set.
pub const SAMPLE_EVERY: usize = 10;

/// The main set (see the module docs).
pub fn related_main_set(corpus: &Corpus) -> Vec<RelatedCase> {
    related_cases(corpus)
        .into_iter()
        .filter(|c| c.eligible >= MAIN_SET_MIN_ELIGIBLE)
        .collect()
}

/// The sample set (see the module docs).
pub fn related_sample_set(corpus: &Corpus) -> Vec<RelatedCase> {
    related_cases(corpus).into_iter().step_by(SAMPLE_EVERY).collect()
}

/// Every material as a seed, corpus order.
fn related_cases(corpus: &Corpus) -> Vec<RelatedCase> {
    corpus
        .nodes
        .iter()
        .filter(|n| is_material(corpus, n) && n.is_public && !n.index_only)
        .map(|seed| {
            let parent = seed.parent_id.as_deref().unwrap_or_default();
            let related: Vec<&NodeRecord> = corpus
                .children(parent)
                .into_iter()
                .filter(|n| n.id != seed.id && is_material(corpus, n))
                .collect();
            RelatedCase {
                seed: seed.id.clone(),
                seed_title: seed.title.clone(),
                topic: corpus.get(parent).map(|c| c.title.clone()).unwrap_or_default(),
                eligible: related.iter().filter(|n| shares_constraints(seed, n)).count(),
                related: related.iter().map(|n| n.id.clone()).collect(),
            }
        })
        .collect()
}

/// A content node in a topic collection, no placeholder, no reference.
fn is_material(corpus: &Corpus, node: &NodeRecord) -> bool {
    node.kind == NodeKind::Content
        && !node.is_deleted_placeholder
        && node.original_id.is_none()
        && node
            .parent_id
            .as_deref()
            .and_then(|p| corpus.get(p))
            .is_some_and(|p| p.kind == NodeKind::Collection)
}

/// `other` shares one of the seed's disciplines and, when the seed has
/// levels, one of its levels (root URIs ending in `/` ignored).
fn shares_constraints(seed: &NodeRecord, other: &NodeRecord) -> bool {
    let values = |n: &NodeRecord, key: &str| -> Vec<String> {
        n.properties
            .get(key)
            .map(|v| v.iter().filter(|u| !u.ends_with('/')).cloned().collect())
            .unwrap_or_default()
    };
    ["ccm:taxonid", "ccm:educationalcontext"].iter().all(|key| {
        let wanted = values(seed, key);
        let have = values(other, key);
        wanted.is_empty() || wanted.iter().any(|w| have.contains(w))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::corpus::DEFAULT_SEED;

    #[test]
    fn the_sets_follow_their_rules() {
        let corpus = Corpus::generate(DEFAULT_SEED);
        let main = related_main_set(&corpus);
        let sample = related_sample_set(&corpus);
        assert!(main.len() >= 30, "{}", main.len());
        assert!(sample.len() >= 50, "{}", sample.len());
        for case in main.iter().chain(&sample) {
            let seed = corpus.get(&case.seed).unwrap();
            assert!(!case.is_related(&case.seed));
            for id in &case.related {
                assert_eq!(corpus.get(id).unwrap().parent_id, seed.parent_id);
            }
            assert!(case.eligible <= case.related.len());
        }
        assert!(main.iter().all(|c| c.ideal(5) == 5));
        // Deterministic.
        assert_eq!(main, related_main_set(&Corpus::generate(DEFAULT_SEED)));
    }
}
