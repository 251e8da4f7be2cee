//! `get_collection_contents`: the materials (and/or sub-collections) of one
//! collection, page by page, optionally including its sub-collections,
//! filtered by a query and the vocabulary filters, with label statistics.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::counts::count_line;
use super::messages::{self, German, Kind, Withheld};
use super::params::{
    self, Bounded, Choice, Choices, ExcludeIds, FilterValue, Flag, NodeIdArg, Output, Paging, Text, VocabFilters,
};
use super::result_list::{LabeledCriterion, Listing, QueryMeta};
use super::view::{self, Page};
use super::{Args, Format, ToolResponse};
use crate::app::App;
use crate::search::contents::{ContentsListing, collection_contents};
use crate::search::contents_filter::{LOCAL_READ, Stats, Window};
use crate::search::facets::LabelCount;
use crate::search::filters::FilterField;
use crate::upstream::ChildFilter;

pub const NAME: &str = "get_collection_contents";
pub const TITLE: &str = "Inhalte einer WLO-Sammlung";
pub const DESCRIPTION: &str = "List what a WLO collection (Sammlung) contains: materials (contentFilter files, default), sub-collections (folders) or both. Page with skipCount (offset; consecutive pages never overlap) and maxResults. includeSubcollections also lists the materials of all sub-collections (files only). A query or filter searches the first 100 materials (per collection; collectionTotal, truncated). nodeIds come from search_wlo_collections, search_wlo_all or browse_collection_tree.";

const MAX_QUERY: usize = 200;
const MAX_SKIP: i64 = 10_000;
const MAX_SKIP_RECURSIVE: i64 = 400;

/// The arguments of `get_collection_contents`.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct Params {
    /// The collection's nodeId (UUID).
    node_id: NodeIdArg,
    /// Keep only materials containing one of these words (page reordered by relevance).
    #[serde(default)]
    query: Text<MAX_QUERY>,
    /// files: materials; folders: sub-collections; both.
    #[serde(default)]
    content_filter: Choice<ChildFilter>,
    /// Also list the materials of all sub-collections (only with contentFilter files).
    #[serde(default)]
    include_subcollections: Flag<false>,
    #[serde(flatten)]
    paging: Paging<100, 20>,
    /// Offset into the listing (at most 400 with includeSubcollections).
    #[serde(default)]
    skip_count: Bounded<0, MAX_SKIP, 0>,
    /// nodeIds to leave out of the page (the page may then be shorter).
    #[serde(default)]
    exclude_node_ids: ExcludeIds,
    #[serde(flatten)]
    filters: VocabFilters,
    /// Licence: "open" (CC0/PDM/CC BY/CC BY-SA), "cc" or a label/key.
    #[serde(default)]
    license: FilterValue,
    /// Also count type, Fach and Bildungsstufe of the materials read.
    #[serde(default)]
    include_stats: Flag<false>,
    #[serde(flatten)]
    output: Output<false>,
}

impl Choices for ChildFilter {
    fn names() -> &'static [&'static str] {
        &["files", "folders", "both"]
    }

    fn from_index(index: usize) -> Self {
        [ChildFilter::Files, ChildFilter::Folders, ChildFilter::Both][index]
    }

    fn default_name() -> Option<&'static str> {
        Some("files")
    }
}

/// Whether the arguments ask for the recursive listing (materials of all sub-collections).
fn recursive(filter: ChildFilter, include_subcollections: bool) -> bool {
    include_subcollections && filter == ChildFilter::Files
}

/// The arguments; a bad skipCount of a recursive listing states the
/// narrower range.
pub(super) fn decode(args: &Args) -> Result<Params, ToolResponse> {
    params::decode(args).map_err(|error| {
        // Only when what to list is itself valid: it decides the range.
        if error.key == "skipCount"
            && let (Ok(filter), Ok(flag)) = (
                params::field(args, "contentFilter", Choice::<ChildFilter>::parse),
                params::field(args, "includeSubcollections", Flag::<false>::parse),
            )
            && recursive(filter.0.unwrap_or(ChildFilter::Files), flag.get())
            && let Err(narrow) = params::field(args, "skipCount", |v| params::integer(v, 0, MAX_SKIP_RECURSIVE))
        {
            return narrow.into();
        }
        error.into()
    })
}

pub(super) async fn call(app: &App, params: Params) -> ToolResponse {
    let node_id = params.node_id.0;
    let query = params.query.0;
    let filter = params.content_filter.0.unwrap_or(ChildFilter::Files);
    let recursive = recursive(filter, params.include_subcollections.get());
    let max_skip = if recursive { MAX_SKIP_RECURSIVE } else { MAX_SKIP };
    let max_results = params.paging.max_results();
    let skip_count = params.skip_count.get().min(max_skip) as usize;
    let exclude = params.exclude_node_ids.0;
    let format = params.output.format();
    let filters = FilterValue::resolve(
        params
            .filters
            .entries()
            .into_iter()
            .chain([(FilterField::License, params.license)]),
    );

    let listing = ContentsListing {
        node_id: &node_id,
        filter,
        recursive,
        max_results,
        skip_count,
        query: query.as_deref(),
        exclude: &exclude,
        filters: &filters,
        stats: params.include_stats.get(),
    };
    let outcome = match collection_contents(app, listing).await {
        Ok(outcome) => outcome,
        Err(error) => {
            return ToolResponse::error(messages::node_unavailable(
                Kind::Collection,
                node_id.as_str(),
                Withheld::Contents,
                &error,
            ));
        }
    };

    let mut warnings: Vec<String> = outcome.warnings.iter().map(German::german).collect();
    if filter == ChildFilter::Folders && (query.is_some() || !filters.applied.is_empty()) {
        warnings.push(
            "Suchbegriff und Filter gelten nur für Materialien; Unter-Sammlungen werden ungefiltert gelistet.".into(),
        );
    }
    let stats = match outcome.stats {
        Some(Ok(stats)) => Some(stats),
        Some(Err(error)) => {
            warnings.push(format!("Die Statistik konnte nicht gelesen werden: {}", error.german()));
            None
        }
        None => None,
    };
    let results: Vec<_> = outcome.nodes.iter().map(|n| app.card(n)).collect();
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
        criteria: std::iter::once(LabeledCriterion {
            property: "virtual:primaryparent_nodeid".into(),
            values: vec![node_id.to_string()],
            label: None,
        })
        .chain(LabeledCriterion::from_filters(&filters))
        .collect(),
        max_items: max_results as u64,
        skip_count: skip_count as u64,
        total_results: outcome.total,
        repository_url: &app.config.repository_url,
    };
    let page = Listing {
        related: 0,
        total: outcome.total,
        results,
        unresolved: &filters.unresolved,
        warnings: &warnings,
        relaxed: None,
        meta,
    };
    let found = page.results.len();
    let response = match format {
        Format::Json => {
            ToolResponse::json(page.to_json_with(outcome.window.map(WindowView::of), stats.as_ref().map(StatsView::of)))
        }
        Format::Markdown => {
            let what = match filter {
                ChildFilter::Folders => "Unter-Sammlungen",
                _ => "Inhalte",
            };
            let empty = if outcome.window.is_some() && outcome.total == 0 {
                format!("Keine {what} in Sammlung {node_id} passen zu Suchbegriff und Filtern.")
            } else if skip_count > 0 && outcome.total > 0 {
                format!(
                    "Keine weiteren {what} in Sammlung {node_id} ab Position {skip_count} (insgesamt {}).",
                    outcome.total
                )
            } else if outcome.total > 0 {
                format!("Keine {what} auf dieser Seite von Sammlung {node_id} (alle ausgeschlossen).")
            } else {
                format!("Sammlung {node_id} enthält keine {what}.")
            };
            let mut text = page.to_markdown(&empty);
            if let Some(window) = outcome.window {
                // After the first line (the number of matches).
                let at = text.find('\n').unwrap_or(text.len());
                text.insert_str(at, &format!("\n{}", window_line(window, recursive)));
            }
            if let Some(stats) = &stats {
                text.push_str("\n\n");
                text.push_str(&stats_markdown(stats));
            }
            let view_page = Page {
                max_items: max_results as u64,
                skip_count: skip_count as u64,
            };
            ToolResponse::text(text).with_view(view::list(NAME, outcome.total, &page.results, view_page))
        }
    };
    response.found(found)
}

/// `collectionTotal` and `truncated`, right after `count`.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct WindowView {
    collection_total: u64,
    truncated: bool,
}

impl WindowView {
    fn of(window: Window) -> WindowView {
        WindowView {
            collection_total: window.collection_total,
            truncated: window.truncated,
        }
    }
}

/// `stats`, right before `_queryMeta`.
#[derive(Serialize)]
struct StatsView<'a> {
    stats: Tallies<'a>,
}

/// `{materialsRead, learningResourceTypes, disciplines, educationalContexts}`.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Tallies<'a> {
    materials_read: usize,
    learning_resource_types: &'a [LabelCount],
    disciplines: &'a [LabelCount],
    educational_contexts: &'a [LabelCount],
}

impl<'a> StatsView<'a> {
    fn of(stats: &'a Stats) -> StatsView<'a> {
        StatsView {
            stats: Tallies {
                materials_read: stats.materials_read,
                learning_resource_types: &stats.learning_resource_types,
                disciplines: &stats.disciplines,
                educational_contexts: &stats.educational_contexts,
            },
        }
    }
}

/// What a local filter searched, in one line.
fn window_line(window: Window, recursive: bool) -> String {
    let scope = if recursive { "je Sammlung " } else { "" };
    if window.truncated {
        format!(
            "⚠ Durchsucht wurden {scope}nur die ersten {LOCAL_READ} Einträge (insgesamt {}); spätere Einträge werden nicht gefunden.",
            window.collection_total
        )
    } else {
        format!("Durchsucht: alle {} Einträge.", window.collection_total)
    }
}

/// The statistics section.
fn stats_markdown(stats: &Stats) -> String {
    [
        format!("Statistik über {} gelesene Materialien:", stats.materials_read),
        count_line("Ressourcentyp", &stats.learning_resource_types),
        count_line("Fach", &stats.disciplines),
        count_line("Bildungsstufe", &stats.educational_contexts),
    ]
    .join("\n")
}
