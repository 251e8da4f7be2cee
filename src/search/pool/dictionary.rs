//! The typo dictionary of the zero-result rescue: vocabulary labels and
//! aliases, synonym keys, the root's sub-collections and collection titles.

use std::sync::Arc;
use std::time::Instant;

use futures::future::join_all;

use crate::app::App;
use crate::search::query::{Dictionary, synonym_keys};
use crate::upstream::ChildFilter;
use crate::vocab::Vocabulary;

/// How many collection titles feed the typo dictionary: all of a tree of
/// WLO's size (3,209 collections in 2023), read once per process (titles
/// only, in parallel pages of [`DICTIONARY_PAGE`]) and kept for the tree
/// cache's lifetime.
const DICTIONARY_COLLECTIONS: u32 = 5000;
/// Collection titles per read (one answer stays far below the per-read cap).
const DICTIONARY_PAGE: u32 = 1000;
/// How many root sub-collections feed the typo dictionary.
const DICTIONARY_PORTALS: u32 = 100;

/// The typo dictionary, built once per process and repository and kept for
/// the tree cache's lifetime (`WLO_CACHE_TTL_TREE_S`; with `0` it is rebuilt
/// every time). Concurrent rescues wait for one builder instead of each
/// parsing the same large listing. A dictionary built while a read failed is
/// used once but not kept (a failed read just leaves its titles out).
pub async fn dictionary(app: &App) -> Arc<Dictionary> {
    type Slot = Option<(Instant, String, Arc<Dictionary>)>;
    static SHARED: tokio::sync::Mutex<Slot> = tokio::sync::Mutex::const_new(None);
    let ttl = app.config.cache_ttl_tree;
    let key = app.upstream.rest_base().to_string();
    let mut slot = SHARED.lock().await;
    if let Some((built, for_repository, dictionary)) = slot.as_ref()
        && *for_repository == key
        && built.elapsed() < ttl
    {
        return dictionary.clone();
    }
    let (dictionary, complete) = build(app).await;
    let dictionary = Arc::new(dictionary);
    if complete && !ttl.is_zero() && app.config.cache_max_bytes > 0 {
        *slot = Some((Instant::now(), key, dictionary.clone()));
    }
    dictionary
}

/// The dictionary from the vocabularies, the synonym keys and the collection
/// titles; `complete` is false when a read failed.
async fn build(app: &App) -> (Dictionary, bool) {
    let root = &app.config.root_collection_id;
    let pages = (0..DICTIONARY_COLLECTIONS / DICTIONARY_PAGE).map(|page| {
        app.upstream
            .collection_titles("*", DICTIONARY_PAGE, page * DICTIONARY_PAGE)
    });
    let (portals, collections) = futures::join!(
        app.upstream
            .child_titles(root, ChildFilter::Folders, DICTIONARY_PORTALS, 0),
        join_all(pages),
    );
    let mut labels: Vec<String> = Vec::new();
    for vocabulary in Vocabulary::ALL {
        for entry in vocabulary.entries() {
            labels.push(entry.label.clone());
            labels.extend(entry.aliases.iter().cloned());
        }
    }
    let mut topics: Vec<String> = synonym_keys().map(str::to_string).collect();
    let complete = portals.is_ok() && collections.iter().all(Result::is_ok);
    for list in std::iter::once(portals).chain(collections).filter_map(Result::ok) {
        topics.extend(list.nodes.iter().map(|n| n.display_title().to_string()));
    }
    let dictionary = Dictionary::with_labels(labels.iter().map(String::as_str), topics.iter().map(String::as_str));
    (dictionary, complete)
}
