//! `search_wlo_content`: full-text search for learning materials, with query
//! expansion, rank fusion, vocabulary filters and a zero-result rescue.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::counts::facets_markdown;
use super::messages::{self, German};
use super::params::{ExcludeIds, FilterValue, Flag, Output, Paging, RequiredText, VocabFilters};
use super::result_list::{LabeledCriterion, Listing, QueryMeta, quoted};
use super::view::{self, Page};
use super::{Format, ToolResponse};
use crate::app::App;
use crate::search::facets::Facets;
use crate::search::pipeline::{ContentSearch, search_content};
use crate::search::query::Query;

pub const NAME: &str = "search_wlo_content";
pub const TITLE: &str = "WLO-Materialien suchen";
pub const DESCRIPTION: &str = "Search WirLernenOnline (WLO) for individual learning materials (Arbeitsblatt, Video, interactive exercises, …) by topic or by a whole teacher request (\"Arbeitsblätter zur Bruchrechnung für Klasse 6\"). Ranked by relevance; when nothing matches, typos are corrected and the query relaxed (relaxedQuery). Filters take labels, synonyms or URIs (lookup_wlo_vocabulary); unknown values are reported in unresolvedFilters. For collections/topic pages use search_wlo_collections or search_wlo_all.";

const MAX_QUERY: usize = 200;

/// The arguments of `search_wlo_content`.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct Params {
    /// What to search for: a topic or a request in German, e.g. "Photosynthese" or "Erklärvideo Bruchrechnung Klasse 6".
    query: RequiredText<MAX_QUERY>,
    #[serde(flatten)]
    filters: VocabFilters,
    /// Anbieter as free text, e.g. "serlo", "Klexikon".
    #[serde(default)]
    publisher: FilterValue,
    /// Licence: "open" (CC0/PDM/CC BY/CC BY-SA), "cc" or a label/key.
    #[serde(default)]
    license: FilterValue,
    #[serde(flatten)]
    paging: Paging<20, 8>,
    /// nodeIds already shown; they are left out.
    #[serde(default)]
    exclude_node_ids: ExcludeIds,
    /// Also count all hits per type, Fach, Bildungsstufe and publisher (query "*": whole repository).
    #[serde(default)]
    include_facets: Flag<false>,
    #[serde(flatten)]
    output: Output<false>,
}

pub(super) async fn call(app: &App, params: Params) -> ToolResponse {
    let query = params.query.0;
    let max_results = params.paging.max_results();
    let format = params.output.format();
    let filters = params.filters.resolve_with(params.publisher, params.license);
    let exclude = params.exclude_node_ids.0;

    let criteria = filters.criteria();
    let understood = Query::new(&query);
    let search = ContentSearch {
        query: &understood,
        filters: &criteria,
        max_results,
        exclude: &exclude,
        facets: params.include_facets.get(),
    };
    let outcome = match search_content(app, search).await {
        Ok(outcome) => outcome,
        Err(error) => return ToolResponse::error(error.german()),
    };

    let mut warnings: Vec<String> = outcome.warnings.iter().map(German::german).collect();
    let facets = match &outcome.facets {
        Some(Ok(facets)) => Some(facets),
        Some(Err(error)) => {
            warnings.push(messages::failed("Die Zählung der Treffer", error));
            None
        }
        None => None,
    };
    let results: Vec<_> = outcome.nodes.iter().map(|n| app.card(n)).collect();
    let meta = QueryMeta {
        tool_name: NAME,
        query_type: "ngsearch_enhanced",
        search_term: outcome.relaxed_query.as_deref().unwrap_or(&query),
        criteria: LabeledCriterion::from_filters(&filters),
        max_items: max_results as u64,
        skip_count: 0,
        total_results: outcome.total,
        repository_url: &app.config.repository_url,
    };
    let listing = Listing {
        related: outcome.filled,
        total: outcome.total,
        results,
        unresolved: &filters.unresolved,
        warnings: &warnings,
        relaxed: outcome.relaxed_query.as_deref().map(|r| (query.as_str(), r)),
        meta,
    };
    let found = listing.results.len();
    let response = match format {
        Format::Json => ToolResponse::json(listing.to_json_with((), facets.map(|facets| FacetsView { facets }))),
        Format::Markdown => {
            let empty = if outcome.total > 0 && !exclude.is_empty() {
                format!("Keine weiteren Treffer für {} (alle bereits gezeigt).", quoted(&query))
            } else {
                format!("Keine Treffer für {}.", quoted(&query))
            };
            let mut text = listing.to_markdown(&empty);
            if let Some(facets) = facets {
                text.push_str("\n\n");
                text.push_str(&facets_markdown(facets));
            }
            let page = Page {
                max_items: max_results as u64,
                skip_count: 0,
            };
            ToolResponse::text(text).with_view(view::list(NAME, listing.total, &listing.results, page))
        }
    };
    response.found(found)
}

/// `facets`, right before `_queryMeta`.
#[derive(Serialize)]
struct FacetsView<'a> {
    facets: &'a Facets,
}
