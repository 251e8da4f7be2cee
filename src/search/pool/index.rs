//! The tree index: every collection of the repository, read once per
//! process and repository and kept for the tree cache's lifetime, and the
//! typo dictionary built from it.
//!
//! A repository that matches whole words as written finds "Muskeln" for
//! "Muskeln" only, "Calcium" for "Calcium" only, and never the
//! "Energieerhaltungssatz" in a keyword for "Energieerhaltung". The index
//! lets the collection search compare the query with every collection's
//! title and keywords the way the ranking compares words (forms, stems,
//! spellings, compound parts) instead of walking a few branches of the tree.
//! WLO had 3,209 collections in 2023: ten parallel pages of 500 hold a tree
//! half again as large; a larger tree is indexed up to that size, and the
//! keyword search still reaches the rest.

use std::sync::Arc;
use std::time::Instant;

use futures::future::join_all;

use super::collections::portals;
use crate::app::App;
use crate::search::query::{Dictionary, Words, synonym_keys};
use crate::search::ranking::node_texts;
use crate::upstream::{Node, PartialFailure, Props};
use crate::vocab::Vocabulary;

/// Collections per read: a page of display properties stays far below the
/// per-read cap (`WLO_MAX_RESPONSE_MB`, 4 MiB by default) at WLO's ≈ 1.5 KB
/// per collection.
const INDEX_PAGE: u32 = 500;
/// Pages read in parallel: the index holds at most `INDEX_PAGES × INDEX_PAGE`
/// collections.
const INDEX_PAGES: u32 = 10;
/// Ancestors read above a collection at most (WLO's tree is six levels
/// deep; a cycle in a broken tree ends here too).
const MAX_DEPTH: usize = 12;

/// Every listable collection (in the repository's order, each once) and
/// the typo dictionary of the zero-result rescue: vocabulary labels and
/// aliases, synonym keys, the subject portals' and collections' titles, and
/// behind them the collections' keywords.
#[derive(Debug, Default)]
pub struct TreeIndex {
    pub collections: Vec<Node>,
    /// Each collection's title, keywords and description as words, read
    /// once ([`node_texts`]): matching them is the index's whole cost.
    pub(crate) texts: Vec<Vec<Words>>,
    /// Each collection's parent among them, by position.
    parents: Vec<Option<usize>>,
    pub dictionary: Dictionary,
    /// Every read answered: the index is the whole tree (up to its size),
    /// so a word none of its collections uses is a word the tree lacks.
    pub complete: bool,
    /// The reads that failed (an index with a failure is used once, never
    /// kept).
    pub failure: Option<PartialFailure>,
}

impl TreeIndex {
    /// Every collection with its texts.
    pub(crate) fn entries(&self) -> impl Iterator<Item = (&Node, &[Words])> {
        self.collections.iter().zip(self.texts.iter().map(Vec::as_slice))
    }

    /// The titles of the collection at `position`'s ancestors in the index,
    /// its parent first (at most [`MAX_DEPTH`] levels up).
    pub(crate) fn ancestor_titles(&self, position: usize) -> Vec<&Words> {
        std::iter::successors(self.parents.get(position).copied().flatten(), |&p| {
            self.parents.get(p).copied().flatten()
        })
        .take(MAX_DEPTH)
        .filter_map(|p| self.texts.get(p).and_then(|t| t.first()))
        .collect()
    }
}

/// The tree index, built once per process and repository and kept for the
/// tree cache's lifetime (`WLO_CACHE_TTL_TREE_S`; with `0` it is rebuilt
/// every time). Concurrent searches wait for one builder instead of each
/// reading the whole tree. An index built while a read failed is used once
/// but not kept (a failed page just leaves its collections out).
pub async fn tree_index(app: &App) -> Arc<TreeIndex> {
    type Slot = Option<(Instant, String, Arc<TreeIndex>)>;
    static SHARED: tokio::sync::Mutex<Slot> = tokio::sync::Mutex::const_new(None);
    let ttl = app.config.cache_ttl_tree;
    let key = app.upstream.rest_base().to_string();
    let mut slot = SHARED.lock().await;
    if let Some((built, for_repository, index)) = slot.as_ref()
        && *for_repository == key
        && built.elapsed() < ttl
    {
        return index.clone();
    }
    let (index, complete) = build(app).await;
    let index = Arc::new(index);
    if complete && !ttl.is_zero() && app.config.cache_max_bytes > 0 {
        *slot = Some((Instant::now(), key, index.clone()));
    }
    index
}

/// The index from the portals and the pages of the collection search for
/// `*`; `complete` is false when a read failed.
async fn build(app: &App) -> (TreeIndex, bool) {
    let pages = (0..INDEX_PAGES).map(|page| {
        app.upstream
            .collection_page("*", INDEX_PAGE, page * INDEX_PAGE, Props::Display)
    });
    let (portals, pages) = futures::join!(portals(app), join_all(pages));
    let reads: Vec<_> = std::iter::once(portals).chain(pages).collect();
    let failure = PartialFailure::of(&reads);
    let complete = failure.is_none();
    let mut seen = std::collections::BTreeSet::new();
    let collections: Vec<Node> = reads
        .into_iter()
        .filter_map(Result::ok)
        .flat_map(|list| list.nodes.clone())
        .filter(|n| n.is_listable() && seen.insert(n.id().to_string()))
        .collect();

    let mut labels: Vec<String> = Vec::new();
    for vocabulary in Vocabulary::ALL {
        for entry in vocabulary.entries() {
            labels.push(entry.label.clone());
            labels.extend(entry.aliases.iter().cloned());
        }
    }
    let mut topics: Vec<&str> = synonym_keys().collect();
    topics.extend(collections.iter().map(Node::display_title));
    let keywords = collections.iter().flat_map(|n| n.keywords().iter().map(String::as_str));
    let dictionary = Dictionary::with_labels(labels.iter().map(String::as_str), topics).with_keywords(keywords);
    tracing::debug!(collections = collections.len(), complete, "tree index read");
    let texts = collections.iter().map(node_texts).collect();
    let positions: std::collections::HashMap<&str, usize> =
        collections.iter().enumerate().map(|(i, n)| (n.id(), i)).collect();
    let parents = collections
        .iter()
        .map(|n| n.parent_id().and_then(|p| positions.get(p).copied()))
        .collect();
    drop(positions);
    let index = TreeIndex {
        collections,
        texts,
        parents,
        dictionary,
        complete,
        failure,
    };
    (index, complete)
}
