//! `search_wlo_content`: full-text search for learning materials, with query
//! expansion, rank fusion, vocabulary filters and a zero-result rescue.

use super::{ArgError, Args, Format, ToolResponse, ToolSpec, schema};
use crate::app::App;
use crate::search::filters::{FilterField, Filters};
use crate::search::output::{LabeledCriterion, Listing, QueryMeta, quoted};
use crate::search::pipeline::{ContentSearch, search_content};

pub const NAME: &str = "search_wlo_content";
const MAX_QUERY: usize = 200;

pub fn spec() -> ToolSpec {
    ToolSpec {
        name: NAME,
        title: "WLO-Materialien suchen",
        description: "Search WirLernenOnline (WLO) for individual learning materials (Arbeitsblatt, Video, interactive exercises, …) by topic or by a whole teacher request (\"Arbeitsblätter zur Bruchrechnung für Klasse 6\"). Ranked by relevance; when nothing matches, typos are corrected and the query relaxed (relaxedQuery). Filters take labels, synonyms or URIs (lookup_wlo_vocabulary); unknown values are reported in unresolvedFilters. For collections/topic pages use search_wlo_collections or search_wlo_all.",
        input_schema: schema::object(
            vec![
                (
                    "query",
                    schema::string_max(
                        "What to search for: a topic or a request in German, e.g. \"Photosynthese\" or \"Erklärvideo Bruchrechnung Klasse 6\".",
                        MAX_QUERY,
                    ),
                ),
                (
                    "educationalContext",
                    schema::string(
                        "Bildungsstufe, e.g. \"Primarstufe\", \"Sekundarstufe I\", \"Hochschule\" (label, English synonym or URI).",
                    ),
                ),
                (
                    "discipline",
                    schema::string("Fach, e.g. \"Mathematik\", \"Mathe\", \"biology\" (label, synonym or URI)."),
                ),
                (
                    "userRole",
                    schema::string(
                        "Zielgruppe, e.g. \"Lehrer/in\", \"teacher\", \"Lerner/in\" (label, synonym or URI).",
                    ),
                ),
                (
                    "learningResourceType",
                    schema::string(
                        "Ressourcentyp, e.g. \"Arbeitsblatt\", \"Video\", \"interactive media\" (label, synonym or URI).",
                    ),
                ),
                (
                    "publisher",
                    schema::string("Anbieter as free text, e.g. \"serlo\", \"Klexikon\"."),
                ),
                ("maxResults", schema::integer("Number of results.", 1, 20, 8)),
                (
                    "excludeNodeIds",
                    schema::string_array("nodeIds already shown; they are left out.", 500),
                ),
                ("outputFormat", schema::output_format("markdown")),
            ],
            &["query"],
        ),
    }
}

/// The filter parameters of the content search.
pub(crate) fn content_filters(args: &Args) -> Result<Filters, ArgError> {
    let mut inputs = Vec::new();
    for field in FilterField::VOCABULARY.into_iter().chain([FilterField::Publisher]) {
        if let Some(value) = args.optional_text(field.param(), super::args::MAX_TEXT)? {
            inputs.push((field, value));
        }
    }
    Ok(Filters::resolve(&inputs))
}

pub async fn call(app: &App, args: Args) -> ToolResponse {
    let parsed = (|| {
        Ok::<_, ArgError>((
            args.required_text("query", MAX_QUERY)?,
            content_filters(&args)?,
            args.integer("maxResults", 1, 20, 8)? as usize,
            args.exclude_ids()?,
            args.format(Format::Markdown)?,
        ))
    })();
    let (query, filters, max_results, exclude, format) = match parsed {
        Ok(parsed) => parsed,
        Err(error) => return error.into(),
    };

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
