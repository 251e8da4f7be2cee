//! Mode B: a keyword. The collection search (`search::collections`: the
//! keyword search and the portals, the walk when they find nothing) gives
//! the top [`MAX_CANDIDATES`]; then the config folders of every candidate
//! with a topic page in one wave. A hit whose projection did not carry
//! `ccm:page_config_ref` gets a metadata read in that wave, and its folder
//! one more wave.

use std::collections::HashMap;
use std::sync::Arc;

use futures::future::join_all;

use super::Variant;
use super::config_folder::{
    ConfigRead, Filters, OWNER_KEYS, Owner, page_config_of, read_config, read_listed, variants_of_folder,
};
use crate::app::App;
use crate::navigation::{NavError, NavWarning, first_repository_failure};
use crate::search::SearchWarning;
use crate::search::collections::{CollectionSearch, search_collections};
use crate::search::query::Query;
use crate::upstream::{DISPLAY_PROPS, Node, Props};

/// Candidates of the collection search.
pub const MAX_CANDIDATES: usize = 12;

/// The variants of the collections and portals that match `text`, in the
/// collection search's order.
pub(super) async fn by_keyword(
    app: &App,
    text: &str,
    filters: &Filters,
    warnings: &mut Vec<NavWarning>,
) -> Result<Vec<Variant>, NavError> {
    let query = Query::new(text);
    let found = search_collections(app, CollectionSearch::by_keyword(&query, MAX_CANDIDATES))
        .await
        .map_err(NavError::Upstream)?;
    for warning in found.warnings {
        match warning {
            SearchWarning::KeywordSearchFailed(error) if error.is_repository_failure() => {
                warnings.push(NavWarning::CollectionSearchFailed(error));
            }
            SearchWarning::PortalsFailed(error) if error.is_repository_failure() => {
                warnings.push(NavWarning::PortalsFailed(error));
            }
            SearchWarning::ChildListsFailed(failure) => warnings.push(NavWarning::SubCollectionsFailed(failure)),
            _ => {}
        }
    }
    let candidates = found.nodes;

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
        warnings.push(NavWarning::TopicPagesIncomplete(error));
    }
    Ok(variants)
}

/// Did the search honour the requested projection? Then a missing
/// `ccm:page_config_ref` means "no topic page"; a fixed projection (keys that
/// were not asked for, or none at all) says nothing about it.
fn projection_honoured(node: &Node) -> bool {
    !node.properties.is_empty() && node.properties.keys().all(|k| DISPLAY_PROPS.contains(&k.as_str()))
}
