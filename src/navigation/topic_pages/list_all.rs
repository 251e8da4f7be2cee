//! Mode C: neither a collection nor a keyword, so every topic page. The
//! page-variant search; the owners are resolved by metadata walks along the
//! primary parents (variant → config folder → collection), one wave for the
//! folders and one for the owners, grouped so that every folder and owner is
//! read once per call. `/parents` is not used (it fails anonymously on config
//! folders).

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use futures::future::join_all;

use super::Variant;
use super::config_folder::{Filters, OWNER_KEYS, Owner, PageConfig, is_usable, read_listed, variants_of_folder};
use crate::app::App;
use crate::navigation::{NavError, NavWarning, first_repository_failure};
use crate::upstream::{Node, Props, UpstreamError};

/// Page variants read.
pub const MAX_PAGE_VARIANTS: u32 = 300;

const FOLDER_KEYS: &[&str] = &["virtual:primaryparent_nodeid", "ccm:page_config"];
const PARENT_KEYS: &[&str] = &["virtual:primaryparent_nodeid"];

/// Every usable variant whose owner could be resolved, owners in order of first appearance.
pub(super) async fn list_all(
    app: &App,
    filters: &Filters,
    warnings: &mut Vec<NavWarning>,
) -> Result<Vec<Variant>, NavError> {
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
        warnings.push(NavWarning::VariantsUnassigned {
            count: unresolved_variants,
            error: owner_failure.or(folder_failure),
        });
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
