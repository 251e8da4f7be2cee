//! `get_collection_contents`: the materials (and/or sub-collections) of one
//! collection, page by page, optionally including its sub-collections.

use super::{ArgError, Args, Format, ToolResponse, ToolSpec, schema};
use crate::app::App;
use crate::search::collections::{ContentsListing, collection_contents};
use crate::search::output::{LabeledCriterion, Listing, QueryMeta};
use crate::upstream::{ChildFilter, UpstreamError};

pub const NAME: &str = "get_collection_contents";
const MAX_QUERY: usize = 200;
const MAX_SKIP: i64 = 10_000;
const MAX_SKIP_RECURSIVE: i64 = 400;

pub fn spec() -> ToolSpec {
    ToolSpec {
        name: NAME,
        title: "Inhalte einer WLO-Sammlung",
        description: "List what a WLO collection (Sammlung) contains: materials (contentFilter files, default), sub-collections (folders) or both. Page with skipCount (offset; consecutive pages never overlap) and maxResults. includeSubcollections also lists the materials of all sub-collections (files only). An optional query reorders the page. nodeIds come from search_wlo_collections, search_wlo_all or browse_collection_tree.",
        input_schema: schema::object(
            vec![
                ("nodeId", schema::string("The collection's nodeId (UUID).")),
                (
                    "query",
                    schema::string_max("Optional: reorder the page by relevance to this topic.", MAX_QUERY),
                ),
                (
                    "contentFilter",
                    schema::string_enum_default(
                        "files: materials; folders: sub-collections; both.",
                        &["files", "folders", "both"],
                        "files",
                    ),
                ),
                (
                    "includeSubcollections",
                    schema::boolean(
                        "Also list the materials of all sub-collections (only with contentFilter files).",
                        false,
                    ),
                ),
                ("maxResults", schema::integer("Page size.", 1, 100, 20)),
                (
                    "skipCount",
                    schema::integer(
                        "Offset into the listing (at most 400 with includeSubcollections).",
                        0,
                        MAX_SKIP,
                        0,
                    ),
                ),
                (
                    "excludeNodeIds",
                    schema::string_array("nodeIds to leave out of the page (the page may then be shorter).", 500),
                ),
                ("outputFormat", schema::output_format("markdown")),
            ],
            &["nodeId"],
        ),
    }
}

pub async fn call(app: &App, args: Args) -> ToolResponse {
    let parsed = (|| {
        let filter = match args.choice("contentFilter", &["files", "folders", "both"])? {
            Some("folders") => ChildFilter::Folders,
            Some("both") => ChildFilter::Both,
            _ => ChildFilter::Files,
        };
        let recursive = args.boolean("includeSubcollections", false)? && filter == ChildFilter::Files;
        let max_skip = if recursive { MAX_SKIP_RECURSIVE } else { MAX_SKIP };
        Ok::<_, ArgError>((
            args.node_id("nodeId")?,
            args.optional_text("query", MAX_QUERY)?,
            filter,
            recursive,
            args.integer("maxResults", 1, 100, 20)? as usize,
            args.integer("skipCount", 0, max_skip, 0)? as usize,
            args.exclude_ids()?,
            args.format(Format::Markdown)?,
        ))
    })();
    let (node_id, query, filter, recursive, max_results, skip_count, exclude, format) = match parsed {
        Ok(parsed) => parsed,
        Err(error) => return error.into(),
    };

    let listing = ContentsListing {
        node_id: &node_id,
        filter,
        recursive,
        max_results,
        skip_count,
        query: query.as_deref(),
        exclude: &exclude,
    };
    let outcome = match collection_contents(app, listing).await {
        Ok(outcome) => outcome,
        Err(UpstreamError::NotFound) => {
            return ToolResponse::error(format!("Sammlung {node_id} nicht gefunden."));
        }
        Err(UpstreamError::Forbidden) => {
            return ToolResponse::error(format!(
                "Sammlung {node_id} ist nicht öffentlich: WLO gibt den Inhalt ohne Anmeldung nicht heraus."
            ));
        }
        Err(error) => return ToolResponse::error(error.german()),
    };

    let results: Vec<_> = outcome.nodes.iter().map(|n| app.format(n)).collect();
    let query_type = match (recursive, filter) {
        (true, _) => "collection_contents_recursive",
        (false, ChildFilter::Files) => "collection_contents",
        (false, ChildFilter::Folders) => "collection_children",
        (false, ChildFilter::Both) => "collection_contents_and_children",
    };
    let meta = QueryMeta {
        tool_name: NAME,
        query_type,
        search_term: query.as_deref().unwrap_or(""),
        criteria: vec![LabeledCriterion {
            property: "virtual:primaryparent_nodeid".into(),
            values: vec![node_id.clone()],
            label: None,
        }],
        max_items: max_results as u64,
        skip_count: skip_count as u64,
        total_results: outcome.total,
        repository_url: &app.config.repository_url,
    }
    .to_json();
    let page = Listing {
        related: 0,
        total: outcome.total,
        results,
        unresolved: &[],
        warnings: &outcome.warnings,
        relaxed: None,
        meta,
    };
    let found = page.results.len();
    let response = match format {
        Format::Json => ToolResponse::json(page.to_json()),
        Format::Markdown => {
            let what = match filter {
                ChildFilter::Folders => "Unter-Sammlungen",
                _ => "Inhalte",
            };
            let empty = if skip_count > 0 && outcome.total > 0 {
                format!(
                    "Keine weiteren {what} in Sammlung {node_id} ab Position {skip_count} (insgesamt {}).",
                    outcome.total
                )
            } else if outcome.total > 0 {
                format!("Keine {what} auf dieser Seite von Sammlung {node_id} (alle ausgeschlossen).")
            } else {
                format!("Sammlung {node_id} enthält keine {what}.")
            };
            ToolResponse::text(page.to_markdown(&empty))
        }
    };
    response.found(found)
}
