//! `search_wlo_topic_pages`: topic pages (Themenseiten) of collections.
//!
//! Data model: a collection names its active config folder in
//! `ccm:page_config_ref`; the folder (`ccm:page_config` =
//! `{"variants": [...], "default": ...}`) holds the page variants
//! (`ccm:page_variant_config`, `ccm:page_variant_is_template`,
//! `ccm:page_variant_profiling_target_group`, `ccm:educationalcontext`).
//!
//! Three modes, one file each, each a fixed number of parallel waves:
//! * **A** `by_collection.rs` (`collection_id`): one collection (2 waves).
//! * **B** `by_keyword.rs` (`query`): matching collections and portals,
//!   reranked, then their config folders (2 waves, 3 when a hit's projection
//!   says nothing about its topic page).
//! * **C** `list_all.rs` (neither): every page variant, its owner found by
//!   walking up the primary parents (3 waves).
//!
//! `config_folder.rs` holds what the modes share: reading a config folder and
//! turning its children into [`Variant`]s. This file merges and sorts them.

mod by_collection;
mod by_keyword;
mod config_folder;
mod list_all;

use std::collections::{HashMap, HashSet};

use super::{NavError, NavWarning};
use crate::app::App;
use crate::ids::NodeId;
use crate::search::filters::UnresolvedFilter;
use crate::search::ranking::collation_key;
use crate::vocab;

use config_folder::Filters;
pub(super) use config_folder::{PageConfig, read_config};
pub use config_folder::{is_placeholder_title, is_usable};

/// Title when neither the collection nor the variant has a usable one.
pub const FALLBACK_TITLE: &str = "Themenseite";

/// Result order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sort {
    /// German collation of the title, then the key.
    Alpha,
    /// The order in which the pages were found (Mode B: rerank order).
    Relevance,
}

/// Which of the three modes answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// A: one collection.
    Collection,
    /// B: keyword search.
    Keyword,
    /// C: list all.
    All,
}

/// What the caller asked for.
#[derive(Debug, Clone)]
pub struct TopicPagesQuery {
    pub query: Option<String>,
    pub collection_id: Option<NodeId>,
    /// `teacher`, `learner` or `general`.
    pub target_group: Option<String>,
    /// Label, alias or URI.
    pub educational_context: Option<String>,
    pub merge_variants: bool,
    /// `None`: relevance with a query, else alphabetical.
    pub sort: Option<Sort>,
    pub max_results: usize,
}

impl Default for TopicPagesQuery {
    fn default() -> Self {
        TopicPagesQuery {
            query: None,
            collection_id: None,
            target_group: None,
            educational_context: None,
            merge_variants: true,
            sort: None,
            max_results: 5,
        }
    }
}

/// One usable page variant with its owning collection.
#[derive(Debug, Clone, PartialEq)]
pub struct Variant {
    pub variant_id: String,
    /// `cm:name` (usually the technical `PAGE_VARIANT_<uuid>`).
    pub variant_name: String,
    /// `cclom:title` unless it is a placeholder; else `""`.
    pub variant_title: String,
    /// Slug (`teacher`, `learner`, `general`); `""` when unset.
    pub target_group: String,
    /// "Lehrkräfte", "Lernende", "Allgemein" or "nicht gesetzt".
    pub target_group_label: String,
    /// Educational-context labels.
    pub educational_contexts: Vec<String>,
    pub collection_id: String,
    pub collection_name: String,
    pub topic_page_url: String,
    /// First variant of the collection's active config folder.
    pub is_default: bool,
}

/// One result entry: a collection (merged) or a single variant.
#[derive(Debug, Clone, PartialEq)]
pub struct TopicPage {
    /// collectionId (merged) or variantId.
    pub key: String,
    pub title: String,
    pub collection_id: String,
    pub topic_page_url: String,
    pub educational_contexts: Vec<String>,
    pub variants: Vec<Variant>,
}

/// The answer.
#[derive(Debug, Clone)]
pub struct TopicPages {
    pub mode: Mode,
    /// Entries before the `max_results` slice.
    pub total: usize,
    pub pages: Vec<TopicPage>,
    /// Mode A: `(id, title)` of the checked collection.
    pub collection: Option<(String, String)>,
    pub unresolved: Vec<UnresolvedFilter>,
    pub warnings: Vec<NavWarning>,
}

/// Find topic pages (see the module docs).
pub async fn search(app: &App, query: &TopicPagesQuery) -> Result<TopicPages, NavError> {
    let mut unresolved = Vec::new();
    let context = match super::resolve_educational_context(query.educational_context.as_deref()) {
        Ok(context) => context,
        Err(filter) => {
            unresolved.push(filter);
            None
        }
    };
    let filters = Filters {
        target_group: query
            .target_group
            .as_deref()
            .map(vocab::target_group_slug)
            .filter(|s| !s.is_empty()),
        context,
    };
    let text = query.query.as_deref().map(str::trim).filter(|q| !q.is_empty());

    let mut warnings = Vec::new();
    let (mode, variants, collection) = match (&query.collection_id, text) {
        (Some(id), _) => {
            let (variants, collection) = by_collection::by_collection(app, id, &filters, &mut warnings).await?;
            (Mode::Collection, variants, Some(collection))
        }
        (None, Some(text)) => (
            Mode::Keyword,
            by_keyword::by_keyword(app, text, &filters, &mut warnings).await?,
            None,
        ),
        (None, None) => (Mode::All, list_all::list_all(app, &filters, &mut warnings).await?, None),
    };

    let mut pages = merge(variants, query.merge_variants);
    let sort = query
        .sort
        .unwrap_or(if text.is_some() { Sort::Relevance } else { Sort::Alpha });
    if sort == Sort::Alpha {
        // Title, then collection (merged: the key); entries of one collection
        // (mergeVariants=false) keep their page order, default first.
        pages.sort_by_cached_key(|p| {
            let (folded, lower) = collation_key(&p.title);
            (folded, lower, p.collection_id.clone())
        });
    }
    let total = pages.len();
    pages.truncate(query.max_results.max(1));
    Ok(TopicPages {
        mode,
        total,
        pages,
        collection,
        unresolved,
        warnings,
    })
}

/// One entry per collection (`merge`) or per variant, in order of first appearance.
fn merge(variants: Vec<Variant>, merge: bool) -> Vec<TopicPage> {
    let mut pages: Vec<TopicPage> = Vec::new();
    let mut index: HashMap<String, usize> = HashMap::new();
    let mut seen = HashSet::new();
    for variant in variants {
        if !seen.insert(variant.variant_id.clone()) {
            continue;
        }
        let key = if merge && !variant.collection_id.is_empty() {
            variant.collection_id.clone()
        } else {
            variant.variant_id.clone()
        };
        let position = match index.get(&key) {
            Some(i) => *i,
            None => {
                let title = [&variant.collection_name, &variant.variant_title, &variant.variant_name]
                    .into_iter()
                    .find(|t| !is_placeholder_title(t))
                    .map(|t| t.trim().to_string())
                    .unwrap_or_else(|| FALLBACK_TITLE.to_string());
                pages.push(TopicPage {
                    key: key.clone(),
                    title,
                    collection_id: variant.collection_id.clone(),
                    topic_page_url: variant.topic_page_url.clone(),
                    educational_contexts: Vec::new(),
                    variants: Vec::new(),
                });
                index.insert(key, pages.len() - 1);
                pages.len() - 1
            }
        };
        let page = &mut pages[position];
        for label in &variant.educational_contexts {
            if !page.educational_contexts.iter().any(|l| l.eq_ignore_ascii_case(label)) {
                page.educational_contexts.push(label.clone());
            }
        }
        page.variants.push(variant);
    }
    pages
}

#[cfg(test)]
mod tests {
    use super::*;

    fn variant(id: &str, collection: &str, name: &str, title: &str) -> Variant {
        Variant {
            variant_id: id.into(),
            variant_name: format!("PAGE_VARIANT_{id}"),
            variant_title: title.into(),
            target_group: String::new(),
            target_group_label: "nicht gesetzt".into(),
            educational_contexts: vec!["Sekundarstufe I".into()],
            collection_id: collection.into(),
            collection_name: name.into(),
            topic_page_url: format!("u/{collection}"),
            is_default: false,
        }
    }

    #[test]
    fn merging_and_titles() {
        let vs = vec![
            variant("v1", "c1", "Physik", ""),
            variant("v2", "c1", "Physik", ""),
            variant("v3", "c2", "PAGE_VARIANT_x", "Eigene Seite"),
            variant("v4", "c3", "", ""),
            variant("v1", "c1", "Physik", ""),
        ];
        let merged = merge(vs.clone(), true);
        assert_eq!(merged.len(), 3);
        assert_eq!(merged[0].variants.len(), 2);
        assert_eq!(merged[0].educational_contexts, ["Sekundarstufe I"]);
        assert_eq!(merged[1].title, "Eigene Seite");
        assert_eq!(merged[2].title, FALLBACK_TITLE);
        let single = merge(vs, false);
        assert_eq!(single.len(), 4);
        assert_eq!(single[1].key, "v2");
    }
}
