//! `search_wlo_collections`: find thematic collections (Sammlungen) by
//! keyword, with a bounded walk through the collection tree as fallback.

use schemars::JsonSchema;
use serde::Deserialize;

use super::messages::{self, German, Kind};
use super::params::{ContextFilters, ExcludeIds, OptionalNodeId, Output, Paging, Text};
use super::result_list::{LabeledCriterion, Listing, QueryMeta, quoted};
use super::{Format, ToolResponse};
use crate::app::App;
use crate::search::collections::{CollectionSearch, search_collections};
use crate::search::query::Query;
use crate::upstream::UpstreamError;

pub const NAME: &str = "search_wlo_collections";
pub const TITLE: &str = "WLO-Sammlungen suchen";
pub const DESCRIPTION: &str = "Search WirLernenOnline (WLO) for collections (Sammlungen: curated topic bundles, shown as topic pages) by keyword, with a fallback walk of the collection tree. Empty query: the subject portals, or the sub-collections of parentNodeId; parentNodeId also restricts a search to that subtree. Filters (label, synonym or URI) apply to the collections; unknown values are reported in unresolvedFilters. A collection's materials: get_collection_contents.";

const MAX_QUERY: usize = 200;

/// The arguments of `search_wlo_collections`.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct Params {
    /// Topic to look for, e.g. "Bruchrechnung". Empty: list the top level (or the children of parentNodeId).
    #[serde(default)]
    query: Text<MAX_QUERY>,
    /// nodeId (UUID) of a collection: search only below it.
    #[serde(default)]
    parent_node_id: OptionalNodeId,
    #[serde(flatten)]
    filters: ContextFilters,
    #[serde(flatten)]
    paging: Paging<20, 5>,
    /// nodeIds already shown; they are left out.
    #[serde(default)]
    exclude_node_ids: ExcludeIds,
    #[serde(flatten)]
    output: Output<false>,
}

pub(super) async fn call(app: &App, params: Params) -> ToolResponse {
    let query = params.query.0.unwrap_or_default();
    let parent = params.parent_node_id.0;
    let filters = params.filters.resolve();
    let max_results = params.paging.max_results();
    let exclude = params.exclude_node_ids.0;
    let format = params.output.format();

    let understood = Query::new(&query);
    let search = CollectionSearch {
        query: &understood,
        parent: parent.as_ref(),
        filters: &filters,
        max_results,
        exclude: &exclude,
        walk: true,
    };
    let outcome = match search_collections(app, search).await {
        Ok(outcome) => outcome,
        Err(UpstreamError::NotFound) if parent.is_some() => {
            return ToolResponse::error(messages::not_found(
                Kind::Collection,
                &parent.map(String::from).unwrap_or_default(),
            ));
        }
        Err(error) => return ToolResponse::error(error.german()),
    };

    let results: Vec<_> = outcome.nodes.iter().map(|n| app.card(n)).collect();
    let mut criteria = LabeledCriterion::from_filters(&filters);
    if let Some(parent) = &parent {
        criteria.insert(
            0,
            LabeledCriterion {
                property: "virtual:parent_recursive".into(),
                values: vec![parent.to_string()],
                label: None,
            },
        );
    }
    let meta = QueryMeta {
        tool_name: NAME,
        query_type: outcome.query_type,
        search_term: outcome.relaxed_query.as_deref().unwrap_or(&query),
        criteria,
        max_items: max_results as u64,
        skip_count: 0,
        total_results: outcome.total as u64,
        repository_url: &app.config.repository_url,
    };
    let warnings: Vec<String> = outcome.warnings.iter().map(German::german).collect();
    let listing = Listing {
        related: 0,
        total: outcome.total as u64,
        results,
        unresolved: &filters.unresolved,
        warnings: &warnings,
        relaxed: outcome.relaxed_query.as_deref().map(|r| (query.as_str(), r)),
        meta,
    };
    let found = listing.results.len();
    let response = match format {
        Format::Json => ToolResponse::json(listing.to_json()),
        Format::Markdown => {
            let empty = if query.is_empty() {
                "Keine Sammlungen gefunden.".to_string()
            } else {
                format!(
                    "Keine Sammlungen gefunden für {}. Versuche einen übergeordneten Begriff (z. B. das Fach) oder search_wlo_content für einzelne Materialien.",
                    quoted(&query)
                )
            };
            ToolResponse::text(listing.to_markdown(&empty))
        }
    };
    response.found(found)
}
