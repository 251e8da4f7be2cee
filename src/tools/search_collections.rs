//! `search_wlo_collections`: find thematic collections (Sammlungen) by
//! keyword, with a bounded walk through the collection tree as fallback.

use super::{ArgError, Args, Format, ToolResponse, ToolSpec, schema};
use crate::app::App;
use crate::search::collections::{CollectionSearch, search_collections};
use crate::search::filters::{FilterField, Filters};
use crate::search::output::{LabeledCriterion, Listing, QueryMeta, quoted};
use crate::upstream::UpstreamError;

pub const NAME: &str = "search_wlo_collections";
const MAX_QUERY: usize = 200;

pub fn spec() -> ToolSpec {
    ToolSpec {
        name: NAME,
        title: "WLO-Sammlungen suchen",
        description: "Search WirLernenOnline (WLO) for collections (Sammlungen: curated topic bundles, shown as topic pages) by keyword, with a fallback walk of the collection tree. Empty query: the subject portals, or the sub-collections of parentNodeId; parentNodeId also restricts a search to that subtree. Filters (label, synonym or URI) apply to the collections; unknown values are reported in unresolvedFilters. A collection's materials: get_collection_contents.",
        input_schema: schema::object(
            vec![
                (
                    "query",
                    schema::string_max(
                        "Topic to look for, e.g. \"Bruchrechnung\". Empty: list the top level (or the children of parentNodeId).",
                        MAX_QUERY,
                    ),
                ),
                (
                    "parentNodeId",
                    schema::string("nodeId (UUID) of a collection: search only below it."),
                ),
                (
                    "educationalContext",
                    schema::string("Bildungsstufe, e.g. \"Sekundarstufe I\" (label, synonym or URI)."),
                ),
                (
                    "discipline",
                    schema::string("Fach, e.g. \"Biologie\" (label, synonym or URI)."),
                ),
                (
                    "userRole",
                    schema::string("Zielgruppe, e.g. \"teacher\" (label, synonym or URI)."),
                ),
                ("maxResults", schema::integer("Number of results.", 1, 20, 5)),
                (
                    "excludeNodeIds",
                    schema::string_array("nodeIds already shown; they are left out.", 500),
                ),
                ("outputFormat", schema::output_format("markdown")),
            ],
            &[],
        ),
    }
}

pub async fn call(app: &App, args: Args) -> ToolResponse {
    let parsed = (|| {
        let mut inputs = Vec::new();
        for field in [
            FilterField::EducationalContext,
            FilterField::Discipline,
            FilterField::UserRole,
        ] {
            if let Some(value) = args.optional_text(field.param(), super::args::MAX_TEXT)? {
                inputs.push((field, value));
            }
        }
        Ok::<_, ArgError>((
            args.optional_text("query", MAX_QUERY)?.unwrap_or_default(),
            args.optional_node_id("parentNodeId")?,
            Filters::resolve(&inputs),
            args.integer("maxResults", 1, 20, 5)? as usize,
            args.exclude_ids()?,
            args.format(Format::Markdown)?,
        ))
    })();
    let (query, parent, filters, max_results, exclude, format) = match parsed {
        Ok(parsed) => parsed,
        Err(error) => return error.into(),
    };

    let search = CollectionSearch {
        query: &query,
        parent: parent.as_deref(),
        filters: &filters,
        max_results,
        exclude: &exclude,
    };
    let outcome = match search_collections(app, search).await {
        Ok(outcome) => outcome,
        Err(UpstreamError::NotFound) if parent.is_some() => {
            return ToolResponse::error(format!("Sammlung {} nicht gefunden.", parent.unwrap_or_default()));
        }
        Err(error) => return ToolResponse::error(error.german()),
    };

    let results: Vec<_> = outcome.nodes.iter().map(|n| app.format(n)).collect();
    let mut criteria = LabeledCriterion::from_filters(&filters);
    if let Some(parent) = &parent {
        criteria.insert(
            0,
            LabeledCriterion {
                property: "virtual:parent_recursive".into(),
                values: vec![parent.clone()],
                label: None,
            },
        );
    }
    let meta = QueryMeta {
        tool_name: NAME,
        query_type: outcome.query_type,
        search_term: &query,
        criteria,
        max_items: max_results as u64,
        skip_count: 0,
        total_results: outcome.total as u64,
        repository_url: &app.config.repository_url,
    }
    .to_json();
    let listing = Listing {
        related: 0,
        total: outcome.total as u64,
        results,
        unresolved: &filters.unresolved,
        warnings: &outcome.warnings,
        relaxed: None,
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
