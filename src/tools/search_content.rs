//! `search_wlo_content`: full-text search for learning materials, with query
//! expansion, rank fusion, vocabulary filters and a zero-result rescue.

use schemars::JsonSchema;
use serde::Deserialize;

use super::params::{self, Bounded, ExcludeIds, FilterValue, OutputFormat, RequiredText};
use super::{Args, Format, ToolResponse, ToolSpec};
use crate::app::App;
use crate::search::filters::FilterField;
use crate::search::output::{LabeledCriterion, Listing, QueryMeta, quoted};
use crate::search::pipeline::{ContentSearch, search_content};

pub const NAME: &str = "search_wlo_content";
const MAX_QUERY: usize = 200;

/// The arguments of `search_wlo_content`.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct Params {
    /// What to search for: a topic or a request in German, e.g. "Photosynthese" or "Erklärvideo Bruchrechnung Klasse 6".
    query: RequiredText<MAX_QUERY>,
    /// Bildungsstufe, e.g. "Primarstufe", "Sekundarstufe I", "Hochschule" (label, English synonym or URI).
    #[serde(default)]
    educational_context: FilterValue,
    /// Fach, e.g. "Mathematik", "Mathe", "biology" (label, synonym or URI).
    #[serde(default)]
    discipline: FilterValue,
    /// Zielgruppe, e.g. "Lehrer/in", "teacher", "Lerner/in" (label, synonym or URI).
    #[serde(default)]
    user_role: FilterValue,
    /// Ressourcentyp, e.g. "Arbeitsblatt", "Video", "interactive media" (label, synonym or URI).
    #[serde(default)]
    learning_resource_type: FilterValue,
    /// Anbieter as free text, e.g. "serlo", "Klexikon".
    #[serde(default)]
    publisher: FilterValue,
    /// Number of results.
    #[serde(default)]
    max_results: Bounded<1, 20, 8>,
    /// nodeIds already shown; they are left out.
    #[serde(default)]
    exclude_node_ids: ExcludeIds,
    #[serde(default)]
    output_format: OutputFormat<false>,
}

pub fn spec() -> ToolSpec {
    ToolSpec {
        name: NAME,
        title: "WLO-Materialien suchen",
        description: "Search WirLernenOnline (WLO) for individual learning materials (Arbeitsblatt, Video, interactive exercises, …) by topic or by a whole teacher request (\"Arbeitsblätter zur Bruchrechnung für Klasse 6\"). Ranked by relevance; when nothing matches, typos are corrected and the query relaxed (relaxedQuery). Filters take labels, synonyms or URIs (lookup_wlo_vocabulary); unknown values are reported in unresolvedFilters. For collections/topic pages use search_wlo_collections or search_wlo_all.",
        input_schema: params::input_schema::<Params>(),
    }
}

pub async fn call(app: &App, args: Args) -> ToolResponse {
    let params: Params = match params::decode(&args) {
        Ok(params) => params,
        Err(error) => return error.into(),
    };
    let query = params.query.0;
    let filters = FilterValue::resolve([
        (FilterField::EducationalContext, params.educational_context),
        (FilterField::Discipline, params.discipline),
        (FilterField::UserRole, params.user_role),
        (FilterField::LearningResourceType, params.learning_resource_type),
        (FilterField::Publisher, params.publisher),
    ]);
    let max_results = params.max_results.get() as usize;
    let exclude = params.exclude_node_ids.0;
    let format = params.output_format.get();

    let criteria = filters.criteria();
    let search = ContentSearch {
        query: &query,
        filters: &criteria,
        max_results,
        exclude: &exclude,
    };
    let outcome = match search_content(app, search).await {
        Ok(outcome) => outcome,
        Err(error) => return ToolResponse::error(error.german()),
    };

    let results: Vec<_> = outcome.nodes.iter().map(|n| app.format(n)).collect();
    let meta = QueryMeta {
        tool_name: NAME,
        query_type: "ngsearch_enhanced",
        search_term: outcome.relaxed_query.as_deref().unwrap_or(&query),
        criteria: LabeledCriterion::from_filters(&filters),
        max_items: max_results as u64,
        skip_count: 0,
        total_results: outcome.total,
        repository_url: &app.config.repository_url,
    }
    .to_json();
    let listing = Listing {
        related: outcome.filled,
        total: outcome.total,
        results,
        unresolved: &filters.unresolved,
        warnings: &outcome.warnings,
        relaxed: outcome.relaxed_query.as_deref().map(|r| (query.as_str(), r)),
        meta,
    };
    let found = listing.results.len();
    let response = match format {
        Format::Json => ToolResponse::json(listing.to_json()),
        Format::Markdown => {
            let empty = if outcome.total > 0 && !exclude.is_empty() {
                format!("Keine weiteren Treffer für {} (alle bereits gezeigt).", quoted(&query))
            } else {
                format!("Keine Treffer für {}.", quoted(&query))
            };
            ToolResponse::text(listing.to_markdown(&empty))
        }
    };
    response.found(found)
}
