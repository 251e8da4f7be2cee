//! `search`: the retrieval half of the `search`/`fetch` convention that
//! ChatGPT connectors and deep research require (tools named exactly so, one
//! string argument each, one JSON text item). It runs the combined search of
//! `search_wlo_all` and answers `{"results":[{"id","title","url"}]}`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;

use super::ToolResponse;
use super::messages::German;
use super::params::RequiredText;
use crate::app::App;
use crate::card::FormattedNode;
use crate::search::all::{self, AllSearch, Pots};
use crate::search::filters::Filters;
use crate::search::query::Query;

pub const NAME: &str = "search";
pub const TITLE: &str = "WLO-Suche";
pub const DESCRIPTION: &str = "For citations (ChatGPT connectors, deep research): WLO materials, collections, topic pages as {results:[{id,title,url}]}. Filters: search_wlo_all.";

const MAX_QUERY: usize = 200;
const MAX_MATERIALS: usize = 10;
/// Collections, and topic pages: up to this many of each.
const MAX_COLLECTIONS: usize = 5;

/// The arguments of `search`.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct Params {
    /// Topic, e.g. Optik.
    query: RequiredText<MAX_QUERY>,
}

/// One result: what a citation needs.
#[derive(Serialize)]
struct Hit<'a> {
    id: &'a str,
    title: &'a str,
    url: String,
}

pub(super) async fn call(app: &App, params: Params) -> ToolResponse {
    let query = Query::new(&params.query.0);
    let search = AllSearch {
        query: &query,
        filters: &Filters::default(),
        max_content: MAX_MATERIALS,
        max_collections: MAX_COLLECTIONS,
        pots: Pots::default(),
        exclude: &[],
    };
    let outcome = match all::search_all(app, &search).await {
        Ok(outcome) => outcome,
        Err(error) => return ToolResponse::error(error.german()),
    };
    let pots = [&outcome.content.nodes, &outcome.collections, &outcome.topic_pages];
    let cards: Vec<FormattedNode> = pots.into_iter().flatten().map(|n| app.card(n)).collect();
    let hits: Vec<Hit> = cards
        .iter()
        .map(|node| Hit {
            id: &node.node_id,
            title: &node.title,
            url: citation_url(app, node),
        })
        .collect();
    let found = hits.len();
    ToolResponse::json(json!({ "results": hits })).found(found)
}

/// The URL a citation links to, never empty: the topic page, else the
/// material's own URL, else its page in the repository.
pub(crate) fn citation_url(app: &App, node: &FormattedNode) -> String {
    [&node.topic_page_url, &node.url, &node.content_url]
        .into_iter()
        .find(|url| !url.is_empty())
        .cloned()
        .unwrap_or_else(|| app.render_url(&node.node_id))
}
