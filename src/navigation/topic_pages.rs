//! `search_wlo_topic_pages`: topic pages (Themenseiten) of collections.
//!
//! Data model (edu-sharing-api.md §10): a collection names its active config
//! folder in `ccm:page_config_ref`; the folder (`ccm:page_config` =
//! `{"variants": [...], "default": ...}`) holds the page variants
//! (`ccm:page_variant_config`, `ccm:page_variant_is_template`,
//! `ccm:page_variant_profiling_target_group`, `ccm:educationalcontext`).
//!
//! Three modes, each a fixed number of parallel waves:
//! * **A** (`collection_id`): the collection's metadata, then its config
//!   folder's children and the folder's `ccm:page_config` together (2 waves).
//! * **B** (`query`): the keyword collection search and the root listing
//!   (portals with a topic page that match the text) together; merge, rerank,
//!   top 12; then the config folders of every candidate with a topic page in
//!   one wave. A hit whose projection did not carry `ccm:page_config_ref`
//!   gets a metadata read in that wave, and its folder a third wave.
//! * **C** (neither): the page-variant search; the owners are resolved by
//!   metadata walks along the primary parents (variant → config folder →
//!   collection), one wave for the folders and one for the owners, grouped
//!   so that every folder and owner is read once per call. `/parents` is not
//!   used (it fails anonymously on config folders).

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use futures::future::join_all;
use serde_json::Value;

use super::{NavError, UnresolvedFilter, contains_uri, first_repository_failure};
use crate::app::App;
use crate::format;
use crate::ids::{self, NodeId};
use crate::node::strip_store_ref;
use crate::search::ranking::{TextFilter, collation_key, rerank};
use crate::upstream::{ChildFilter, DISPLAY_PROPS, Node, NodeList, Props, UpstreamError, listed_id};
use crate::vocab::{self, Vocabulary};

/// Variants read from one config folder.
pub const MAX_VARIANTS_PER_FOLDER: u32 = 50;
/// Page variants read in Mode C.
pub const MAX_PAGE_VARIANTS: u32 = 300;
/// Keyword collection hits (Mode B).
pub const MAX_KEYWORD_HITS: u32 = 10;
/// Matching portals (Mode B).
pub const MAX_PORTAL_CANDIDATES: usize = 10;
/// Candidates after the rerank (Mode B).
pub const MAX_CANDIDATES: usize = 12;
/// Title when neither the collection nor the variant has a usable one.
pub const FALLBACK_TITLE: &str = "Themenseite";

const OWNER_KEYS: &[&str] = &["ccm:page_config_ref", "cclom:title", "cm:name"];
const FOLDER_KEYS: &[&str] = &["virtual:primaryparent_nodeid", "ccm:page_config"];
const CONFIG_KEYS: &[&str] = &["ccm:page_config"];
const PARENT_KEYS: &[&str] = &["virtual:primaryparent_nodeid"];

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
    pub warnings: Vec<String>,
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
            let (variants, collection) = by_collection(app, id, &filters, &mut warnings).await?;
            (Mode::Collection, variants, Some(collection))
        }
        (None, Some(text)) => (
            Mode::Keyword,
            by_keyword(app, text, &filters, &mut warnings).await?,
            None,
        ),
        (None, None) => (Mode::All, list_all(app, &filters, &mut warnings).await?, None),
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

// ---------------------------------------------------------------------------------------------
// Mode A
// ---------------------------------------------------------------------------------------------

async fn by_collection(
    app: &App,
    id: &NodeId,
    filters: &Filters,
    warnings: &mut Vec<String>,
) -> Result<(Vec<Variant>, (String, String)), NavError> {
    let node = match app.upstream.metadata(id, Props::Keys(OWNER_KEYS)).await {
        Ok(node) => node,
        Err(UpstreamError::NotFound) => return Err(NavError::NotFound(id.to_string())),
        Err(error) => return Err(NavError::Upstream(error)),
    };
    let owner = Owner::from_node(&node, id);
    let collection = (owner.id.clone(), owner.name.clone());
    let Some(config_id) = owner.config_ref.clone() else {
        return Ok((Vec::new(), collection));
    };
    let read = read_config(app, &config_id).await;
    let children = match read.children {
        Ok(list) => Arc::unwrap_or_clone(list).nodes,
        Err(UpstreamError::NotFound) => {
            warnings.push(format!(
                "Die Themenseiten-Konfiguration {config_id} der Sammlung wurde bei WLO nicht gefunden."
            ));
            Vec::new()
        }
        Err(error) => return Err(NavError::Upstream(error)),
    };
    let page_config = page_config_of(&read.config, warnings);
    Ok((
        variants_of_folder(app, &owner, &config_id, children, &page_config, filters),
        collection,
    ))
}

// ---------------------------------------------------------------------------------------------
// Mode B
// ---------------------------------------------------------------------------------------------

async fn by_keyword(
    app: &App,
    text: &str,
    filters: &Filters,
    warnings: &mut Vec<String>,
) -> Result<Vec<Variant>, NavError> {
    // Wave 1: keyword hits and the portals.
    let root = &app.config.root_collection_id;
    let (hits, portals) = futures::join!(
        app.upstream.collection_search(text, MAX_KEYWORD_HITS, Props::Display),
        app.upstream
            .children(root, ChildFilter::Folders, 100, 0, Props::Display),
    );
    match (&hits, &portals) {
        (Err(a), Err(b)) => {
            let error = [a, b]
                .into_iter()
                .find(|e| e.is_repository_failure())
                .unwrap_or(a)
                .clone();
            return Err(NavError::Upstream(error));
        }
        (Err(error), Ok(_)) if error.is_repository_failure() => {
            warnings.push(format!("Die Sammlungssuche ist fehlgeschlagen: {}", error.german()));
        }
        (Ok(_), Err(error)) if error.is_repository_failure() => {
            warnings.push(format!(
                "Die Fachportale konnten nicht geladen werden: {}",
                error.german()
            ));
        }
        _ => {}
    }
    let matcher = TextFilter::new(text);
    let portals: Vec<Node> = portals
        .map(|list| Arc::unwrap_or_clone(list).nodes)
        .unwrap_or_default()
        .into_iter()
        .filter(|n| n.page_config_ref().is_some() && matcher.matches(n))
        .take(MAX_PORTAL_CANDIDATES)
        .collect();
    let hits = hits.map(|list| Arc::unwrap_or_clone(list).nodes).unwrap_or_default();

    let mut seen = HashSet::new();
    let candidates: Vec<Node> = portals
        .into_iter()
        .chain(hits)
        .filter(|n| !n.id().is_empty() && seen.insert(n.id().to_string()))
        .collect();
    let candidates: Vec<Node> = rerank(candidates, text).into_iter().take(MAX_CANDIDATES).collect();

    // Which candidates have a topic page, and which ones we cannot tell from the projection.
    let mut owners: Vec<Option<Owner>> = Vec::new();
    let mut unknown: Vec<usize> = Vec::new();
    for (i, node) in candidates.iter().enumerate() {
        if node.page_config_ref().is_some() {
            owners.push(Some(Owner::from_node(node, node.id())));
        } else {
            if !projection_honoured(node) {
                unknown.push(i);
            }
            owners.push(None);
        }
    }

    // Wave 2: config folders of the known owners; metadata of the unknown candidates.
    let known: Vec<usize> = (0..owners.len()).filter(|i| owners[*i].is_some()).collect();
    let (known_reads, unknown_reads) = futures::join!(
        join_all(known.iter().map(|i| {
            let config = owners[*i]
                .as_ref()
                .and_then(|o| o.config_ref.clone())
                .unwrap_or_default();
            async move { read_config(app, &config).await }
        })),
        join_all(
            unknown
                .iter()
                .map(|i| read_listed(app, candidates[*i].id(), Props::Keys(OWNER_KEYS)))
        ),
    );
    let mut reads: HashMap<usize, ConfigRead> = known.iter().copied().zip(known_reads).collect();
    let metadata_failure = first_repository_failure(&unknown_reads);

    // Wave 3 (only when needed): config folders found by those metadata reads.
    let mut late = Vec::new();
    for (i, result) in unknown.iter().zip(unknown_reads) {
        if let Ok(node) = result
            && node.page_config_ref().is_some()
        {
            owners[*i] = Some(Owner::from_node(&node, candidates[*i].id()));
            late.push(*i);
        }
    }
    if !late.is_empty() {
        let late_reads = join_all(late.iter().map(|i| {
            let config = owners[*i]
                .as_ref()
                .and_then(|o| o.config_ref.clone())
                .unwrap_or_default();
            async move { read_config(app, &config).await }
        }))
        .await;
        reads.extend(late.iter().copied().zip(late_reads));
    }

    // Assemble in candidate (rerank) order.
    let mut variants = Vec::new();
    let (mut attempted, mut failed, mut failure) = (0usize, 0usize, None);
    for (i, owner) in owners.iter().enumerate() {
        let (Some(owner), Some(read)) = (owner, reads.remove(&i)) else {
            continue;
        };
        let Some(config_id) = owner.config_ref.as_deref() else {
            continue;
        };
        attempted += 1;
        let children = match read.children {
            Ok(list) => Arc::unwrap_or_clone(list).nodes,
            Err(error) => {
                if error.is_repository_failure() {
                    failed += 1;
                    failure.get_or_insert(error);
                }
                continue;
            }
        };
        let page_config = page_config_of(&read.config, warnings);
        variants.extend(variants_of_folder(
            app,
            owner,
            config_id,
            children,
            &page_config,
            filters,
        ));
    }
    if let Some(error) = failure.or(metadata_failure) {
        if variants.is_empty() && failed > 0 && failed == attempted {
            return Err(NavError::Upstream(error));
        }
        warnings.push(format!(
            "Nicht alle Themenseiten konnten geladen werden, die Liste ist möglicherweise unvollständig: {}",
            error.german()
        ));
    }
    Ok(variants)
}

/// Did the search honour the requested projection? Then a missing
/// `ccm:page_config_ref` means "no topic page"; a fixed projection (keys that
/// were not asked for, or none at all) says nothing about it.
fn projection_honoured(node: &Node) -> bool {
    !node.properties.is_empty() && node.properties.keys().all(|k| DISPLAY_PROPS.contains(&k.as_str()))
}

// ---------------------------------------------------------------------------------------------
// Mode C
// ---------------------------------------------------------------------------------------------

async fn list_all(app: &App, filters: &Filters, warnings: &mut Vec<String>) -> Result<Vec<Variant>, NavError> {
    // Wave 1: every non-template variant.
    let list = match app
        .upstream
        .page_variants(None, MAX_PAGE_VARIANTS, Props::TopicPage)
        .await
    {
        Ok(list) => Arc::unwrap_or_clone(list).nodes,
        Err(UpstreamError::NotFound) => Vec::new(),
        Err(error) => return Err(NavError::Upstream(error)),
    };
    let mut variants: Vec<Node> = list
        .into_iter()
        .filter(|v| !v.id().is_empty() && is_usable(v))
        .collect();
    let mut seen = HashSet::new();
    variants.retain(|v| seen.insert(v.id().to_string()));

    // Rare: variants whose projection lacks the primary parent.
    let orphans: Vec<usize> = (0..variants.len())
        .filter(|i| variants[*i].primary_parent().is_none())
        .collect();
    if !orphans.is_empty() {
        let parents = join_all(
            orphans
                .iter()
                .map(|i| read_listed(app, variants[*i].id(), Props::Keys(PARENT_KEYS))),
        )
        .await;
        for (i, parent) in orphans.iter().zip(parents) {
            if let Some(id) = parent.ok().as_deref().and_then(Node::primary_parent) {
                variants[*i]
                    .properties
                    .insert("virtual:primaryparent_nodeid".to_string(), vec![id.to_string()]);
            }
        }
    }

    // Group by config folder (first appearance); skip folders without a variant that passes the filters.
    let mut groups: Vec<(String, Vec<Node>)> = Vec::new();
    let mut group_of: HashMap<String, usize> = HashMap::new();
    for v in variants {
        let Some(folder) = v.primary_parent().map(str::to_string) else {
            continue;
        };
        let index = *group_of.entry(folder.clone()).or_insert_with(|| {
            groups.push((folder, Vec::new()));
            groups.len() - 1
        });
        groups[index].1.push(v);
    }
    groups.retain(|(_, vs)| vs.iter().any(|v| filters.passes(v)));
    if groups.is_empty() {
        return Ok(Vec::new());
    }

    // Wave 2: the folders (owner id + page_config).
    let folders = join_all(
        groups
            .iter()
            .map(|(folder, _)| read_listed(app, folder, Props::Keys(FOLDER_KEYS))),
    )
    .await;
    let folder_failure = first_repository_failure(&folders);
    let folder_failed = folders
        .iter()
        .filter(|r| r.as_ref().is_err_and(|e| e.is_repository_failure()))
        .count();
    let mut owner_ids: Vec<String> = Vec::new();
    for folder in folders.iter().flatten() {
        if let Some(owner) = folder.primary_parent()
            && !owner_ids.iter().any(|o| o == owner)
        {
            owner_ids.push(owner.to_string());
        }
    }
    if folder_failed == groups.len()
        && let Some(error) = folder_failure.clone()
    {
        return Err(NavError::Upstream(error));
    }

    // Wave 3: the owners.
    let owner_reads = join_all(owner_ids.iter().map(|id| read_listed(app, id, Props::Keys(OWNER_KEYS)))).await;
    let owner_failure = first_repository_failure(&owner_reads);
    let failed_owners: HashSet<&str> = owner_ids
        .iter()
        .zip(&owner_reads)
        .filter(|(_, r)| r.as_ref().is_err_and(|e| e.is_repository_failure()))
        .map(|(id, _)| id.as_str())
        .collect();
    if !owner_ids.is_empty()
        && failed_owners.len() == owner_ids.len()
        && let Some(error) = owner_failure.clone()
    {
        return Err(NavError::Upstream(error));
    }
    // Only a collection with a topic page of its own is an owner.
    let owners: HashMap<&str, Owner> = owner_ids
        .iter()
        .zip(owner_reads)
        .filter_map(|(id, read)| read.ok().map(|node| (id.as_str(), Owner::from_node(&node, id))))
        .filter(|(_, owner)| owner.config_ref.is_some())
        .collect();

    // Assemble: owners in order of first appearance, each with its active folder first.
    let owner_rank: HashMap<&str, usize> = owner_ids.iter().enumerate().map(|(i, id)| (id.as_str(), i)).collect();
    let mut resolved: Vec<Group> = Vec::new();
    let mut unresolved_variants = 0usize;
    for (index, ((folder_id, nodes), folder)) in groups.into_iter().zip(&folders).enumerate() {
        let owner_id = folder.as_deref().ok().and_then(Node::primary_parent);
        match owner_id.and_then(|id| owners.get(id)) {
            Some(owner) => resolved.push(Group {
                rank: owner_rank.get(owner.id.as_str()).copied().unwrap_or(usize::MAX),
                stale: owner.config_ref.as_deref() != Some(folder_id.as_str()),
                index,
                owner_id: owner.id.clone(),
                page_config: folder.as_deref().map(PageConfig::of).unwrap_or_default(),
                folder_id,
                nodes,
            }),
            None => {
                let failed = match (folder, owner_id) {
                    (Err(error), _) => error.is_repository_failure(),
                    (Ok(_), Some(id)) => failed_owners.contains(id),
                    (Ok(_), None) => false,
                };
                if failed {
                    unresolved_variants += nodes.iter().filter(|v| filters.passes(v)).count();
                }
            }
        }
    }
    resolved.sort_by_key(|g| (g.rank, g.stale, g.index));
    if unresolved_variants > 0 {
        let reason = owner_failure
            .or(folder_failure)
            .map(|e| format!(": {}", e.german()))
            .unwrap_or_else(|| ".".into());
        warnings.push(format!(
            "{unresolved_variants} Themenseiten-Varianten konnten keiner Sammlung zugeordnet werden{reason}"
        ));
    }
    let mut out = Vec::new();
    for group in resolved {
        if let Some(owner) = owners.get(group.owner_id.as_str()) {
            out.extend(variants_of_folder(
                app,
                owner,
                &group.folder_id,
                group.nodes,
                &group.page_config,
                filters,
            ));
        }
    }
    Ok(out)
}

/// The variants of one config folder in Mode C, with their owner resolved.
struct Group {
    rank: usize,
    stale: bool,
    index: usize,
    owner_id: String,
    folder_id: String,
    nodes: Vec<Node>,
    page_config: PageConfig,
}

// ---------------------------------------------------------------------------------------------
// Shared pieces
// ---------------------------------------------------------------------------------------------

/// Variant filters: a variant is excluded only when it HAS a different value.
#[derive(Debug, Clone, Default)]
struct Filters {
    target_group: Option<String>,
    context: Option<String>,
}

impl Filters {
    fn passes(&self, variant: &Node) -> bool {
        if let Some(wanted) = &self.target_group {
            let have = vocab::target_group_slug(variant.first("ccm:page_variant_profiling_target_group").unwrap_or(""));
            if !have.is_empty() && &have != wanted {
                return false;
            }
        }
        if let Some(uri) = &self.context {
            let have = variant.prop("ccm:educationalcontext");
            if have.iter().any(|v| !v.trim().is_empty()) && !contains_uri(have, uri) {
                return false;
            }
        }
        true
    }
}

/// The owning collection of a topic page.
#[derive(Debug, Clone)]
struct Owner {
    id: String,
    /// `cclom:title` → `cm:name` → name.
    name: String,
    /// The active config folder.
    config_ref: Option<String>,
}

impl Owner {
    fn from_node(node: &Node, fallback_id: &str) -> Owner {
        let id = if node.id().is_empty() { fallback_id } else { node.id() };
        Owner {
            id: id.to_string(),
            name: node.display_title().trim().to_string(),
            config_ref: node.page_config_ref().map(str::to_string),
        }
    }
}

/// `ccm:page_config` of a config folder: `{"variants": [ref…], "default": ref}`.
#[derive(Debug, Clone, Default, PartialEq)]
pub(super) struct PageConfig {
    default: Option<String>,
    variants: Vec<String>,
}

impl PageConfig {
    /// Parse leniently: anything unreadable is an empty config (repository order).
    pub(super) fn of(folder: &Node) -> PageConfig {
        let Some(raw) = folder.first("ccm:page_config") else {
            return PageConfig::default();
        };
        let Ok(Value::Object(map)) = serde_json::from_str::<Value>(raw) else {
            return PageConfig::default();
        };
        let id = |v: &Value| {
            v.as_str()
                .map(strip_store_ref)
                .filter(|s| !s.is_empty())
                .map(str::to_string)
        };
        let variants = match map.get("variants") {
            Some(Value::Array(items)) => items.iter().filter_map(id).collect(),
            Some(single) => id(single).into_iter().collect(),
            None => Vec::new(),
        };
        PageConfig {
            default: map.get("default").and_then(id),
            variants,
        }
    }

    /// Position of a variant: the default first, then `variants[]`, then the rest.
    pub(super) fn rank(&self, variant_id: &str) -> usize {
        if self.default.as_deref() == Some(variant_id) {
            return 0;
        }
        match self.variants.iter().position(|v| v == variant_id) {
            Some(i) => i + 1,
            None => usize::MAX,
        }
    }
}

/// The page config of a folder read; a failed read orders by repository order.
fn page_config_of(read: &Result<Arc<Node>, UpstreamError>, warnings: &mut Vec<String>) -> PageConfig {
    match read {
        Ok(folder) => PageConfig::of(folder),
        Err(error) => {
            if error.is_repository_failure() {
                let warning = format!(
                    "Die Reihenfolge der Themenseiten-Varianten ist nicht verfügbar (Repository-Reihenfolge): {}",
                    error.german()
                );
                if !warnings.contains(&warning) {
                    warnings.push(warning);
                }
            }
            PageConfig::default()
        }
    }
}

/// Children and page config of one config folder, read together.
pub(super) struct ConfigRead {
    pub(super) children: Result<Arc<NodeList>, UpstreamError>,
    pub(super) config: Result<Arc<Node>, UpstreamError>,
}

/// The metadata of a node the repository named (a listed node, a config
/// folder or owner from a page config).
async fn read_listed(app: &App, id: &str, props: Props) -> Result<Arc<Node>, UpstreamError> {
    app.upstream.metadata(&listed_id(id)?, props).await
}

pub(super) async fn read_config(app: &App, config_id: &str) -> ConfigRead {
    let Ok(config_id) = listed_id(config_id) else {
        return ConfigRead {
            children: Err(UpstreamError::NotFound),
            config: Err(UpstreamError::NotFound),
        };
    };
    let config_id = &config_id;
    let (children, config) = futures::join!(
        app.upstream.children(
            config_id,
            ChildFilter::Folders,
            MAX_VARIANTS_PER_FOLDER,
            0,
            Props::TopicPage
        ),
        app.upstream.metadata(config_id, Props::Keys(CONFIG_KEYS)),
    );
    ConfigRead { children, config }
}

/// A variant is usable when its config is a JSON object (non-empty, parseable)
/// and it is not a template. A broken document makes it unusable, never an error.
pub fn is_usable(variant: &Node) -> bool {
    let template = variant
        .first("ccm:page_variant_is_template")
        .is_some_and(|t| t.trim().eq_ignore_ascii_case("true"));
    !template
        && variant
            .first("ccm:page_variant_config")
            .is_some_and(|raw| matches!(serde_json::from_str::<Value>(raw), Ok(Value::Object(_))))
}

/// A technical or missing title: empty, `^page[_-]?variant` (case-insensitive) or a bare UUID.
pub fn is_placeholder_title(title: &str) -> bool {
    let title = title.trim();
    let lower = title.to_ascii_lowercase();
    let technical = lower
        .strip_prefix("page")
        .map(|rest| rest.strip_prefix(['_', '-']).unwrap_or(rest).starts_with("variant"))
        .unwrap_or(false);
    title.is_empty() || technical || ids::is_uuid(title)
}

/// The usable variants of one config folder in page order, then filtered.
/// `is_default` = first in page order AND the folder is the owner's active one.
fn variants_of_folder(
    app: &App,
    owner: &Owner,
    folder_id: &str,
    nodes: Vec<Node>,
    page_config: &PageConfig,
    filters: &Filters,
) -> Vec<Variant> {
    let mut usable: Vec<(usize, Node)> = nodes
        .into_iter()
        .filter(|n| !n.id().is_empty() && is_usable(n))
        .enumerate()
        .collect();
    usable.sort_by_key(|(position, n)| (page_config.rank(n.id()), *position));
    let active = owner.config_ref.as_deref() == Some(folder_id);
    let topic_page_url = app.topic_page_url(&owner.id);
    usable
        .into_iter()
        .enumerate()
        .filter(|(_, (_, n))| filters.passes(n))
        .map(|(index, (_, n))| {
            let raw_group = n.first("ccm:page_variant_profiling_target_group").unwrap_or("");
            let title = n.first("cclom:title").unwrap_or("").trim();
            Variant {
                variant_id: n.id().to_string(),
                variant_name: n.first("cm:name").unwrap_or(n.name.as_str()).trim().to_string(),
                variant_title: if is_placeholder_title(title) {
                    String::new()
                } else {
                    title.to_string()
                },
                target_group: vocab::target_group_slug(raw_group),
                target_group_label: vocab::target_group_label(raw_group),
                educational_contexts: format::labels(&n, Vocabulary::EducationalContext, "ccm:educationalcontext"),
                collection_id: owner.id.clone(),
                collection_name: owner.name.clone(),
                topic_page_url: topic_page_url.clone(),
                is_default: active && index == 0,
            }
        })
        .collect()
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
    use serde_json::json;

    fn node(value: Value) -> Node {
        serde_json::from_value(value).unwrap()
    }

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
    fn placeholder_titles() {
        for t in [
            "",
            "  ",
            "PAGE_VARIANT_abc",
            "page-variant x",
            "PageVariant",
            "5e40e372-735c-4b17-bbf7-e827a5702b57",
        ] {
            assert!(is_placeholder_title(t), "{t:?}");
        }
        for t in ["Mathematik", "Page turner", "Variante"] {
            assert!(!is_placeholder_title(t), "{t:?}");
        }
    }

    #[test]
    fn usable_variants() {
        let ok = node(json!({"properties": {"ccm:page_variant_config": ["{\"structure\":{}}"]}}));
        let template =
            node(json!({"properties": {"ccm:page_variant_config": ["{}"], "ccm:page_variant_is_template": ["true"]}}));
        let broken = node(json!({"properties": {"ccm:page_variant_config": ["{not json"]}}));
        let empty = node(json!({"properties": {"ccm:page_variant_config": [""]}}));
        let scalar = node(json!({"properties": {"ccm:page_variant_config": ["42"]}}));
        assert!(is_usable(&ok));
        assert!(!is_usable(&template) && !is_usable(&broken) && !is_usable(&empty) && !is_usable(&scalar));
        assert!(!is_usable(&node(json!({}))));
    }

    #[test]
    fn page_config_order() {
        let folder = node(json!({"properties": {"ccm:page_config": [
            "{\"variants\": [\"workspace://SpacesStore/b\", \"workspace://SpacesStore/a\", \"workspace://SpacesStore/gone\"], \"default\": \"workspace://SpacesStore/a\"}"
        ]}}));
        let cfg = PageConfig::of(&folder);
        assert_eq!(cfg.default.as_deref(), Some("a"));
        assert!(cfg.rank("a") < cfg.rank("b") && cfg.rank("b") < cfg.rank("c"));
        assert_eq!(
            PageConfig::of(&node(json!({"properties": {"ccm:page_config": ["{oops"]}}))),
            PageConfig::default()
        );
    }

    #[test]
    fn filters_exclude_only_different_values() {
        let f = Filters {
            target_group: Some("teacher".into()),
            context: Some("http://w3id.org/openeduhub/vocabs/educationalContext/sekundarstufe_1".into()),
        };
        let unset = node(json!({}));
        let teacher_uri =
            node(json!({"properties": {"ccm:page_variant_profiling_target_group": ["ccrep://x/teacher"]}}));
        let learner = node(json!({"properties": {"ccm:page_variant_profiling_target_group": ["learner"]}}));
        let other_ctx = node(
            json!({"properties": {"ccm:educationalcontext": ["http://w3id.org/openeduhub/vocabs/educationalContext/hochschule"]}}),
        );
        assert!(f.passes(&unset) && f.passes(&teacher_uri));
        assert!(!f.passes(&learner) && !f.passes(&other_ctx));
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
