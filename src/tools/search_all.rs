//! `search_wlo_all`: materials, collections and topic pages for one query in
//! one call — the content pipeline, the collection keyword search and the
//! subject portals are read in parallel and answered in separate pots.

use std::collections::BTreeSet;

use serde_json::{Value, json};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::messages::German;
use super::params::{self, Bounded, ExcludeIds, FilterValue, Output, RequiredText, VocabFilters};
use super::result_list::{Extras, LabeledCriterion, Listing, PotView, QueryMeta, hint_lines, quoted};
use super::view::ViewCard;
use super::{Format, ToolResponse};
use crate::app::App;
use crate::search::all::{self, AllOutcome, AllSearch, Pots as Wanted};
use crate::search::filters::Filters;
use crate::search::query::Query;
use crate::upstream::Node;

pub const NAME: &str = "search_wlo_all";
pub const TITLE: &str = "WLO komplett durchsuchen";
pub const DESCRIPTION: &str = "One call for a broad topic request on WirLernenOnline (WLO): materials (content), collections and topic pages (topicPages: collections with a Themenseite), searched in parallel, answered in separate ranked pots. content.total is WLO's hit count; the other pots count what is shown. Vocabulary filters apply to materials only; include limits the pots. For more of one kind use search_wlo_content or search_wlo_collections.";

const MAX_QUERY: usize = 200;
const POTS: [&str; 3] = ["content", "collections", "topicPages"];

/// The arguments of `search_wlo_all`.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct Params {
    /// Topic or request in German, e.g. "Photosynthese".
    query: RequiredText<MAX_QUERY>,
    #[serde(flatten)]
    filters: VocabFilters,
    /// Anbieter of the materials as free text.
    #[serde(default)]
    publisher: FilterValue,
    /// Licence: "open" (CC0/PDM/CC BY/CC BY-SA), "cc" or a label/key.
    #[serde(default)]
    license: FilterValue,
    /// Number of materials.
    #[serde(default)]
    max_content: Bounded<1, 50, 8>,
    /// Number of collections, and of topic pages.
    #[serde(default)]
    max_collections: Bounded<1, 20, 5>,
    /// Which pots to fill (default: all).
    #[serde(default)]
    include: Include,
    /// nodeIds already shown; they are left out of every pot.
    #[serde(default)]
    exclude_node_ids: ExcludeIds,
    #[serde(flatten)]
    output: Output<true>,
}

/// `include`: which pots are wanted (all when not given or empty). The
/// schema offers the three pot names; up to 10 entries are read.
#[derive(Debug, Clone, Copy, Default)]
struct Include(Wanted);

impl Include {
    fn parse(value: &Value) -> Result<Include, String> {
        let mut wanted = BTreeSet::new();
        for item in params::text_list(value, 10)? {
            match POTS.iter().find(|p| p.eq_ignore_ascii_case(item.trim())) {
                Some(pot) => {
                    wanted.insert(*pot);
                }
                None => {
                    return Err(format!(
                        "Ungültiger Eintrag in {}: \"{}\". Erlaubt: {}.",
                        params::KEY,
                        crate::card::one_line(&item),
                        POTS.join(", ")
                    ));
                }
            }
        }
        if wanted.is_empty() {
            return Ok(Include::default());
        }
        Ok(Include(Wanted {
            content: wanted.contains("content"),
            collections: wanted.contains("collections"),
            topic_pages: wanted.contains("topicPages"),
        }))
    }
}

impl<'de> Deserialize<'de> for Include {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        params::lenient(deserializer, Include::parse)
    }
}

impl JsonSchema for Include {
    params::adapter_schema!("Include".to_string(), |_g| schemars::json_schema!({
        "type": "array",
        "items": {"type": "string", "enum": POTS},
        "maxItems": 3
    }));
}

pub(super) async fn call(app: &App, params: Params) -> ToolResponse {
    let request = Request::new(params);
    let query = Query::new(&request.query);
    let search = AllSearch {
        query: &query,
        filters: &request.filters,
        max_content: request.max_content,
        max_collections: request.max_collections,
        pots: request.include.0,
        exclude: &request.exclude,
    };
    let outcome = match all::search_all(app, &search).await {
        Ok(outcome) => outcome,
        Err(error) => return ToolResponse::error(error.german()),
    };
    let warnings: Vec<String> = outcome.warnings.iter().map(German::german).collect();
    let pots = Pots::new(app, &request, &outcome);
    let found = pots.found();
    let response = match request.format {
        Format::Json => ToolResponse::json(to_json(&request, &outcome, &warnings, &pots)),
        Format::Markdown => {
            ToolResponse::text(to_markdown(&request, &outcome, &warnings, &pots)).with_view(view(&request, &pots))
        }
    };
    response.found(found)
}

/// The decoded arguments.
struct Request {
    query: String,
    filters: Filters,
    max_content: usize,
    max_collections: usize,
    include: Include,
    exclude: Vec<String>,
    format: Format,
}

impl Request {
    fn new(params: Params) -> Request {
        Request {
            query: params.query.0,
            filters: params.filters.resolve_with(params.publisher, params.license),
            max_content: params.max_content.get() as usize,
            max_collections: params.max_collections.get() as usize,
            include: params.include,
            exclude: params.exclude_node_ids.0,
            format: params.output.format(),
        }
    }
}

/// Step 3: the three pots as listings.
struct Pots<'a> {
    content: Listing<'a>,
    collections: Listing<'a>,
    topic_pages: Listing<'a>,
}

impl<'a> Pots<'a> {
    fn new(app: &'a App, request: &'a Request, outcome: &'a AllOutcome) -> Pots<'a> {
        let content = &outcome.content;
        let repository_url = app.config.repository_url.as_str();
        let content_pot = Listing {
            related: content.filled,
            total: content.total,
            results: content.nodes.iter().map(|n| app.card(n)).collect(),
            unresolved: &[],
            warnings: &[],
            relaxed: None,
            meta: QueryMeta {
                tool_name: "search_wlo_all:content",
                query_type: "ngsearch_enhanced",
                search_term: content.relaxed_query.as_deref().unwrap_or(&request.query),
                criteria: LabeledCriterion::from_filters(&request.filters),
                max_items: request.max_content as u64,
                skip_count: 0,
                total_results: content.total,
                repository_url,
            },
        };
        let pot = |nodes: &[Node], name: &'static str, query_type: &'static str| {
            let total = nodes.len() as u64;
            Listing {
                related: 0,
                total,
                results: nodes.iter().map(|n| app.card(n)).collect(),
                unresolved: &[],
                warnings: &[],
                relaxed: None,
                meta: QueryMeta {
                    tool_name: name,
                    query_type,
                    search_term: &outcome.collection_query,
                    criteria: Vec::new(),
                    max_items: request.max_collections as u64,
                    skip_count: 0,
                    total_results: total,
                    repository_url,
                },
            }
        };
        Pots {
            content: content_pot,
            collections: pot(
                &outcome.collections,
                "search_wlo_all:collections",
                "keyword_collections",
            ),
            topic_pages: pot(
                &outcome.topic_pages,
                "search_wlo_all:topicPages",
                "topic_pages_by_keyword",
            ),
        }
    }

    fn found(&self) -> usize {
        self.content.results.len() + self.collections.results.len() + self.topic_pages.results.len()
    }
}

/// Step 4a: one JSON document, a key per pot.
fn to_json(request: &Request, outcome: &AllOutcome, warnings: &[String], pots: &Pots) -> Value {
    json!(AllDoc {
        query: &request.query,
        content: pots.content.pot(),
        collections: pots.collections.pot(),
        topic_pages: pots.topic_pages.pot(),
        extras: Extras::new(
            &request.filters.unresolved,
            warnings,
            outcome.content.relaxed_query.as_deref(),
        ),
    })
}

/// The view data (docs/ui.md): the pots' totals and cards, keyed as in the JSON answer.
fn view(request: &Request, pots: &Pots) -> Value {
    let pot = |listing: &Listing| json!({"total": listing.total, "results": ViewCard::list(&listing.results)});
    json!({
        "query": request.query,
        "content": pot(&pots.content),
        "collections": pot(&pots.collections),
        "topicPages": pot(&pots.topic_pages),
    })
}

/// The JSON answer: the query, a key per pot, then the hints.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct AllDoc<'a> {
    query: &'a str,
    content: PotView<'a>,
    collections: PotView<'a>,
    topic_pages: PotView<'a>,
    #[serde(flatten)]
    extras: Extras<'a>,
}

/// Step 4b: markdown, a section per wanted pot.
fn to_markdown(request: &Request, outcome: &AllOutcome, warnings: &[String], pots: &Pots) -> String {
    let query = request.query.as_str();
    let total = pots.content.total + pots.collections.total + pots.topic_pages.total;
    let mut lines = vec![format!("Gefundene Treffer gesamt: {total}")];
    lines.extend(hint_lines(
        &request.filters.unresolved,
        warnings,
        outcome.content.relaxed_query.as_deref().map(|r| (query, r)),
    ));
    let mut out = lines.join("\n");
    let include = request.include.0;
    let sections = [
        (include.content, "Inhalte", &pots.content, "Keine Inhalte"),
        (include.collections, "Sammlungen", &pots.collections, "Keine Sammlungen"),
        (
            include.topic_pages,
            "Themenseiten",
            &pots.topic_pages,
            "Keine Themenseiten",
        ),
    ];
    for (wanted, heading, pot, none) in sections {
        if !wanted {
            continue;
        }
        let count = pot.results.len();
        let head = if heading == "Inhalte" && pot.related > 0 {
            let direct = count - pot.related.min(count);
            format!(
                "# {heading}: {direct} von {} (+{} weitere aus demselben Fach)",
                pot.total, pot.related
            )
        } else if heading == "Inhalte" {
            format!("# {heading}: {count} von {}", pot.total)
        } else {
            format!("# {heading}: {count}")
        };
        let body = if pot.results.is_empty() {
            format!("{none} für {}.", quoted(query))
        } else {
            pot.cards()
        };
        out.push_str(&format!("\n\n{head}\n\n{body}"));
    }
    out
}
