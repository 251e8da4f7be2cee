//! `search_wlo_all`: materials, collections and topic pages for one query in
//! one call — the content pipeline, the collection keyword search and the
//! subject portals are read in parallel and answered in separate pots.

use std::collections::BTreeSet;
use std::sync::Arc;

use serde_json::{Value, json};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::messages::German;
use super::params::{self, Bounded, ExcludeIds, FilterValue, Output, RequiredText, VocabFilters};
use super::result_list::{Extras, LabeledCriterion, Listing, PotView, QueryMeta, hint_lines, quoted};
use super::view::ViewCard;
use super::{Format, ToolResponse};
use crate::app::App;
use crate::format::FormattedNode;
use crate::search::filters::Filters;
use crate::search::pipeline::{ContentOutcome, ContentSearch, search_content};
use crate::search::ranking::{TextFilter, rerank};
use crate::upstream::{ChildFilter, Node, Props, UpstreamError};

pub const NAME: &str = "search_wlo_all";
pub const TITLE: &str = "WLO komplett durchsuchen";
pub const DESCRIPTION: &str = "One call for a broad topic request on WirLernenOnline (WLO): materials (content), collections and topic pages (topicPages: collections with a Themenseite), searched in parallel, answered in separate ranked pots. content.total is WLO's hit count; the other pots count what is shown. Vocabulary filters apply to materials only; include limits the pots. For more of one kind use search_wlo_content or search_wlo_collections.";

const MAX_QUERY: usize = 200;
const POTS: [&str; 3] = ["content", "collections", "topicPages"];
/// Subject portals with a topic page that may join the collection pool.
const MAX_PORTALS: usize = 10;
/// Keyword-search candidates at least (they are reranked locally).
const KEYWORD_MIN: usize = 20;

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
#[derive(Debug, Clone, Copy)]
struct Include {
    content: bool,
    collections: bool,
    topic_pages: bool,
}

impl Default for Include {
    fn default() -> Self {
        Include {
            content: true,
            collections: true,
            topic_pages: true,
        }
    }
}

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
                        crate::format::one_line(&item),
                        POTS.join(", ")
                    ));
                }
            }
        }
        if wanted.is_empty() {
            return Ok(Include::default());
        }
        Ok(Include {
            content: wanted.contains("content"),
            collections: wanted.contains("collections"),
            topic_pages: wanted.contains("topicPages"),
        })
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
    let mut reads = match read_in_parallel(app, &request).await {
        Ok(reads) => reads,
        Err(error) => return ToolResponse::error(error.german()),
    };
    let collections = collection_pots(app, &request, &mut reads).await;
    let pots = Pots::new(app, &request, &reads, &collections);
    let found = pots.found();
    let response = match request.format {
        Format::Json => ToolResponse::json(to_json(&request, &reads, &pots)),
        Format::Markdown => ToolResponse::text(to_markdown(&request, &reads, &pots)).with_view(view(&request, &pots)),
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
            filters: params.filters.resolve_with_publisher(params.publisher),
            max_content: params.max_content.get() as usize,
            max_collections: params.max_collections.get() as usize,
            include: params.include,
            exclude: params.exclude_node_ids.0,
            format: params.output.format(),
        }
    }

    /// Whether a collection pot (collections or topic pages) is wanted.
    fn wants_collections(&self) -> bool {
        self.include.collections || self.include.topic_pages
    }

    /// How many keyword-search candidates to ask for: enough to fill the
    /// pots after excluded ids and reranking.
    fn keyword_max(&self) -> u32 {
        ((self.max_collections + self.exclude.len().min(200)) * 2).max(KEYWORD_MIN) as u32
    }

    fn excluded(&self, id: &str) -> bool {
        self.exclude.iter().any(|e| e.eq_ignore_ascii_case(id))
    }
}

/// What the three parallel reads gave; a failed read is a warning.
struct Reads {
    content: ContentOutcome,
    keyword_nodes: Vec<Node>,
    portal_list: Vec<Node>,
    warnings: Vec<String>,
}

/// Step 1, one parallel block: content pipeline ‖ collection keyword search
/// ‖ root children (the subject portals). When every read failed, the first
/// failure is the answer.
async fn read_in_parallel(app: &App, request: &Request) -> Result<Reads, UpstreamError> {
    let criteria = request.filters.criteria();
    let content = async {
        if request.include.content {
            let search = ContentSearch {
                query: &request.query,
                filters: &criteria,
                max_results: request.max_content,
                exclude: &request.exclude,
                facets: false,
            };
            Some(search_content(app, search).await)
        } else {
            None
        }
    };
    let keyword = async {
        if request.wants_collections() {
            Some(
                app.upstream
                    .collection_search(&request.query, request.keyword_max(), Props::Display)
                    .await,
            )
        } else {
            None
        }
    };
    let root = &app.config.root_collection_id;
    let portals = async {
        if request.include.topic_pages {
            Some(
                app.upstream
                    .children(root, ChildFilter::Folders, 100, 0, Props::Display)
                    .await,
            )
        } else {
            None
        }
    };
    let (content, keyword, portals) = futures::join!(content, keyword, portals);

    let mut errors: Vec<(&str, UpstreamError)> = Vec::new();
    let mut reads = 0;
    let content: ContentOutcome =
        settle(content, "Die Suche nach Inhalten", &mut reads, &mut errors).unwrap_or_default();
    let keyword_nodes: Vec<Node> = settle(keyword, "Die Suche nach Sammlungen", &mut reads, &mut errors)
        .map(|list| Arc::unwrap_or_clone(list).nodes)
        .unwrap_or_default();
    let portal_list: Vec<Node> = settle(portals, "Das Lesen der Fachportale", &mut reads, &mut errors)
        .map(|list| Arc::unwrap_or_clone(list).nodes)
        .unwrap_or_default();
    if reads > 0 && errors.len() == reads {
        let (_, error) = errors.swap_remove(0);
        return Err(error);
    }
    let mut warnings: Vec<String> = content.warnings.iter().map(German::german).collect();
    warnings.extend(
        errors
            .iter()
            .map(|(what, e)| format!("{what} ist fehlgeschlagen: {}", e.german())),
    );
    Ok(Reads {
        content,
        keyword_nodes,
        portal_list,
        warnings,
    })
}

/// The two collection pots, ranked for `query`.
struct CollectionPots {
    /// What the collections were ranked for: the query, or the content
    /// pot's relaxed query when the query found none.
    query: String,
    collections: Vec<FormattedNode>,
    topic_pages: Vec<FormattedNode>,
}

/// Step 2: the collection pool (matching portals first, then keyword hits),
/// reranked and split by whether a collection has a topic page. When the
/// content pot had to relax a query that nothing matched, the collection
/// pots follow it (one more keyword search, only then).
async fn collection_pots(app: &App, request: &Request, reads: &mut Reads) -> CollectionPots {
    let visible = |n: &Node| !n.id().is_empty() && !n.is_topic_page_technical() && !request.excluded(n.id());
    let portal_list = &reads.portal_list;
    let portals_for = |q: &str| -> Vec<Node> {
        let matcher = TextFilter::new(q);
        portal_list
            .iter()
            .filter(|n| n.page_config_ref().is_some() && matcher.matches(n))
            .take(MAX_PORTALS)
            .cloned()
            .collect()
    };
    let mut collection_query = request.query.as_str();
    let mut portal_nodes = portals_for(&request.query);
    let mut keyword_nodes = std::mem::take(&mut reads.keyword_nodes);
    if let Some(relaxed) = reads.content.relaxed_query.as_deref()
        && request.wants_collections()
        && !portal_nodes.iter().chain(&keyword_nodes).any(visible)
    {
        collection_query = relaxed;
        portal_nodes = portals_for(relaxed);
        match app
            .upstream
            .collection_search(relaxed, request.keyword_max(), Props::Display)
            .await
        {
            Ok(list) => keyword_nodes = Arc::unwrap_or_clone(list).nodes,
            Err(error) => reads.warnings.push(format!(
                "Die Suche nach Sammlungen zu {} ist fehlgeschlagen: {}",
                quoted(relaxed),
                error.german()
            )),
        }
    }

    let mut seen = BTreeSet::new();
    let pool: Vec<Node> = portal_nodes
        .into_iter()
        .chain(keyword_nodes)
        .filter(|n| visible(n))
        .filter(|n| seen.insert(n.id().to_string()))
        .collect();
    let formatted: Vec<FormattedNode> = rerank(pool, collection_query).iter().map(|n| app.format(n)).collect();
    let (with_page, without_page): (Vec<FormattedNode>, Vec<FormattedNode>) =
        formatted.into_iter().partition(|f| !f.topic_page_url.is_empty());
    let take = |nodes: Vec<FormattedNode>, wanted: bool| -> Vec<FormattedNode> {
        if wanted {
            nodes.into_iter().take(request.max_collections).collect()
        } else {
            Vec::new()
        }
    };
    CollectionPots {
        query: collection_query.to_string(),
        topic_pages: take(with_page, request.include.topic_pages),
        collections: take(without_page, request.include.collections),
    }
}

/// Step 3: the three pots as listings.
struct Pots<'a> {
    content: Listing<'a>,
    collections: Listing<'a>,
    topic_pages: Listing<'a>,
}

impl<'a> Pots<'a> {
    fn new(app: &'a App, request: &'a Request, reads: &'a Reads, collections: &'a CollectionPots) -> Pots<'a> {
        let content = &reads.content;
        let repository_url = app.config.repository_url.as_str();
        let content_pot = Listing {
            related: content.filled,
            total: content.total,
            results: content.nodes.iter().map(|n| app.format(n)).collect(),
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
        let pot = |results: &[FormattedNode], name: &'static str, query_type: &'static str| {
            let total = results.len() as u64;
            Listing {
                related: 0,
                total,
                results: results.to_vec(),
                unresolved: &[],
                warnings: &[],
                relaxed: None,
                meta: QueryMeta {
                    tool_name: name,
                    query_type,
                    search_term: &collections.query,
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
                &collections.collections,
                "search_wlo_all:collections",
                "keyword_collections",
            ),
            topic_pages: pot(
                &collections.topic_pages,
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
fn to_json(request: &Request, reads: &Reads, pots: &Pots) -> Value {
    json!(AllDoc {
        query: &request.query,
        content: pots.content.pot(),
        collections: pots.collections.pot(),
        topic_pages: pots.topic_pages.pot(),
        extras: Extras::new(
            &request.filters.unresolved,
            &reads.warnings,
            reads.content.relaxed_query.as_deref(),
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
fn to_markdown(request: &Request, reads: &Reads, pots: &Pots) -> String {
    let query = request.query.as_str();
    let total = pots.content.total + pots.collections.total + pots.topic_pages.total;
    let mut lines = vec![format!("Gefundene Treffer gesamt: {total}")];
    lines.extend(hint_lines(
        &request.filters.unresolved,
        &reads.warnings,
        reads.content.relaxed_query.as_deref().map(|r| (query, r)),
    ));
    let mut out = lines.join("\n");
    let include = request.include;
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

/// Count one read of the call and keep its value, or record its failure.
fn settle<T>(
    read: Option<Result<T, UpstreamError>>,
    what: &'static str,
    reads: &mut usize,
    errors: &mut Vec<(&'static str, UpstreamError)>,
) -> Option<T> {
    let read = read?;
    *reads += 1;
    read.map_err(|error| errors.push((what, error))).ok()
}

/// The three pots for `query` without filters, exclusions or rendering:
/// `(materials, collections, topic pages)`, for the `search` tool. Fails
/// only when every read failed.
pub(crate) async fn combined_search(
    app: &App,
    query: &str,
    max_content: usize,
    max_collections: usize,
) -> Result<[Vec<FormattedNode>; 3], UpstreamError> {
    let request = Request {
        query: query.to_string(),
        filters: Filters::default(),
        max_content,
        max_collections,
        include: Include::default(),
        exclude: Vec::new(),
        format: Format::Json,
    };
    let mut reads = read_in_parallel(app, &request).await?;
    let collections = collection_pots(app, &request, &mut reads).await;
    let content = reads.content.nodes.iter().map(|n| app.format(n)).collect();
    Ok([content, collections.collections, collections.topic_pages])
}
