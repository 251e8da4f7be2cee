//! `search_wlo_all`: materials, collections and topic pages for one query in
//! one call — the content pipeline, the collection keyword search and the
//! subject portals are read in parallel and answered in separate pots.

use std::collections::BTreeSet;
use std::sync::Arc;

use serde_json::{Map, Value, json};

use schemars::JsonSchema;
use serde::Deserialize;

use super::params::{self, Bounded, ExcludeIds, FilterValue, OutputFormat, RequiredText};
use super::{Args, Format, ToolResponse, ToolSpec};
use crate::app::App;
use crate::format::FormattedNode;
use crate::search::filters::FilterField;
use crate::search::output::{LabeledCriterion, Listing, QueryMeta, extras, hint_lines, quoted};
use crate::search::pipeline::{ContentOutcome, ContentSearch, search_content};
use crate::search::ranking::{TextFilter, rerank};
use crate::upstream::{ChildFilter, Node, Props, UpstreamError};

pub const NAME: &str = "search_wlo_all";
const MAX_QUERY: usize = 200;
const POTS: [&str; 3] = ["content", "collections", "topicPages"];
/// Subject portals with a topic page that may join the collection pool.
const MAX_PORTALS: usize = 10;
/// Keyword-search candidates at least (they are reranked locally).
const KEYWORD_MIN: usize = 20;

/// The arguments of `search_wlo_all`.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct Params {
    /// Topic or request in German, e.g. "Photosynthese".
    query: RequiredText<MAX_QUERY>,
    /// Bildungsstufe for the materials (label, synonym or URI).
    #[serde(default)]
    educational_context: FilterValue,
    /// Fach for the materials (label, synonym or URI).
    #[serde(default)]
    discipline: FilterValue,
    /// Zielgruppe for the materials (label, synonym or URI).
    #[serde(default)]
    user_role: FilterValue,
    /// Ressourcentyp for the materials, e.g. "Video" (label, synonym or URI).
    #[serde(default)]
    learning_resource_type: FilterValue,
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
    #[serde(default)]
    output_format: OutputFormat<true>,
}

pub fn spec() -> ToolSpec {
    ToolSpec {
        name: NAME,
        title: "WLO komplett durchsuchen",
        description: "One call for a broad topic request on WirLernenOnline (WLO): materials (content), collections and topic pages (topicPages: collections with a Themenseite), searched in parallel, answered in separate ranked pots. content.total is WLO's hit count; the other pots count what is shown. Vocabulary filters apply to materials only; include limits the pots. For more of one kind use search_wlo_content or search_wlo_collections.",
        input_schema: params::input_schema::<Params>(),
    }
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
    let max_content = params.max_content.get() as usize;
    let max_collections = params.max_collections.get() as usize;
    let include = params.include;
    let exclude = params.exclude_node_ids.0;
    let format = params.output_format.get();

    // One parallel block: content pipeline ‖ collection keyword search ‖ root children.
    let criteria = filters.criteria();
    let content = async {
        if include.content {
            let search = ContentSearch {
                query: &query,
                filters: &criteria,
                max_results: max_content,
                exclude: &exclude,
            };
            Some(search_content(app, search).await)
        } else {
            None
        }
    };
    let want_collections = include.collections || include.topic_pages;
    let keyword_max = ((max_collections + exclude.len().min(200)) * 2).max(KEYWORD_MIN) as u32;
    let keyword = async {
        if want_collections {
            Some(
                app.upstream
                    .collection_search(&query, keyword_max, Props::Display)
                    .await,
            )
        } else {
            None
        }
    };
    let root = app.config.root_collection_id.as_str();
    let portals = async {
        if include.topic_pages {
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

    // Every read failed → error; otherwise failures become warnings.
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
        return ToolResponse::error(error.german());
    }
    let mut warnings = content.warnings.clone();
    warnings.extend(
        errors
            .iter()
            .map(|(what, e)| format!("{what} ist fehlgeschlagen: {}", e.german())),
    );

    // When the content pot had to relax a query that nothing matched, the
    // collection pots follow it (one more keyword search, only then).
    let excluded = |id: &str| exclude.iter().any(|e| e.eq_ignore_ascii_case(id));
    let visible = |n: &Node| !n.id().is_empty() && !n.is_topic_page_technical() && !excluded(n.id());
    let portals_for = |q: &str| -> Vec<Node> {
        let matcher = TextFilter::new(q);
        portal_list
            .iter()
            .filter(|n| n.page_config_ref().is_some() && matcher.matches(n))
            .take(MAX_PORTALS)
            .cloned()
            .collect()
    };
    let mut collection_query = query.as_str();
    let mut portal_nodes = portals_for(&query);
    let mut keyword_nodes = keyword_nodes;
    if let Some(relaxed) = content.relaxed_query.as_deref()
        && want_collections
        && !portal_nodes.iter().chain(&keyword_nodes).any(visible)
    {
        collection_query = relaxed;
        portal_nodes = portals_for(relaxed);
        match app
            .upstream
            .collection_search(relaxed, keyword_max, Props::Display)
            .await
        {
            Ok(list) => keyword_nodes = Arc::unwrap_or_clone(list).nodes,
            Err(error) => warnings.push(format!(
                "Die Suche nach Sammlungen zu {} ist fehlgeschlagen: {}",
                quoted(relaxed),
                error.german()
            )),
        }
    }

    // Collections pool: portals first, then keyword hits; reranked; split by topic page.
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
    let topic_pages: Vec<FormattedNode> = if include.topic_pages {
        with_page.into_iter().take(max_collections).collect()
    } else {
        Vec::new()
    };
    let collections: Vec<FormattedNode> = if include.collections {
        without_page.into_iter().take(max_collections).collect()
    } else {
        Vec::new()
    };
    let content_results: Vec<FormattedNode> = content.nodes.iter().map(|n| app.format(n)).collect();

    let repository_url = app.config.repository_url.as_str();
    let search_term = content.relaxed_query.as_deref().unwrap_or(&query);
    let content_pot = Listing {
        related: content.filled,
        total: content.total,
        results: content_results,
        unresolved: &[],
        warnings: &[],
        relaxed: None,
        meta: QueryMeta {
            tool_name: "search_wlo_all:content",
            query_type: "ngsearch_enhanced",
            search_term,
            criteria: LabeledCriterion::from_filters(&filters),
            max_items: max_content as u64,
            skip_count: 0,
            total_results: content.total,
            repository_url,
        }
        .to_json(),
    };
    let pot = |results: Vec<FormattedNode>, name: &'static str, query_type: &'static str| {
        let total = results.len() as u64;
        Listing {
            related: 0,
            total,
            results,
            unresolved: &[],
            warnings: &[],
            relaxed: None,
            meta: QueryMeta {
                tool_name: name,
                query_type,
                search_term: collection_query,
                criteria: Vec::new(),
                max_items: max_collections as u64,
                skip_count: 0,
                total_results: total,
                repository_url,
            }
            .to_json(),
        }
    };
    let collections_pot = pot(collections, "search_wlo_all:collections", "keyword_collections");
    let topic_pages_pot = pot(topic_pages, "search_wlo_all:topicPages", "topic_pages_by_keyword");
    let relaxed = content.relaxed_query.as_deref();
    let found = content_pot.results.len() + collections_pot.results.len() + topic_pages_pot.results.len();

    let response = match format {
        Format::Json => {
            let mut doc = Map::new();
            doc.insert("query".into(), json!(query));
            doc.insert("content".into(), content_pot.pot_json());
            doc.insert("collections".into(), collections_pot.pot_json());
            doc.insert("topicPages".into(), topic_pages_pot.pot_json());
            extras(&mut doc, &filters.unresolved, &warnings, relaxed);
            ToolResponse::json(Value::Object(doc))
        }
        Format::Markdown => {
            let total = content_pot.total + collections_pot.total + topic_pages_pot.total;
            let mut lines = vec![format!("Gefundene Treffer gesamt: {total}")];
            lines.extend(hint_lines(
                &filters.unresolved,
                &warnings,
                relaxed.map(|r| (query.as_str(), r)),
            ));
            let mut out = lines.join("\n");
            let sections = [
                (include.content, "Inhalte", &content_pot, "Keine Inhalte"),
                (include.collections, "Sammlungen", &collections_pot, "Keine Sammlungen"),
                (
                    include.topic_pages,
                    "Themenseiten",
                    &topic_pages_pot,
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
                    format!("{none} für {}.", quoted(&query))
                } else {
                    pot.cards()
                };
                out.push_str(&format!("\n\n{head}\n\n{body}"));
            }
            ToolResponse::text(out)
        }
    };
    response.found(found)
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
