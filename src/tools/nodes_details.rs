//! `get_nodes_details`: metadata of up to 50 nodes in one call, fetched in parallel.

use serde_json::json;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::ToolResponse;
use super::messages::{self, German};
use super::params::IdEntries;
use crate::app::App;
use crate::card::FormattedNode;
use crate::navigation::details;

pub const NAME: &str = "get_nodes_details";
pub const TITLE: &str = "Mehrere WLO-Einträge auf einmal";
pub const DESCRIPTION: &str = "Metadata of several WLO nodes in one call (1-50 nodeIds, fetched in parallel): JSON {requested, resolved, failed, results} with results keyed by nodeId in request order, each with the fields of a search card. Instead of many get_node_details calls. Unknown, private or malformed ids land in failed[].";

/// The most nodeIds one call takes.
const MAX_IDS: usize = 50;

/// The arguments of `get_nodes_details`.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct Params {
    /// Node ids (UUIDs), 1 to 50.
    node_ids: IdEntries<MAX_IDS>,
}

pub(super) async fn call(app: &App, params: Params) -> ToolResponse {
    let batch = details::nodes_details(app, &params.node_ids.0).await;
    // Nothing resolved and a read failed: the failure, in id order.
    if let Some(error) = batch.repository_failures.first()
        && batch.found.is_empty()
    {
        return ToolResponse::error(error.german());
    }
    let warnings: Vec<String> = batch
        .repository_failures
        .first()
        .map(|error| messages::batch_failures(batch.repository_failures.len(), batch.wanted, error))
        .into_iter()
        .collect();
    let results: Vec<(&str, FormattedNode)> = batch
        .found
        .iter()
        .map(|(id, node)| (id.as_str(), app.card(node)))
        .collect();
    let found = results.len();
    ToolResponse::json(json!(BatchView {
        requested: batch.requested,
        resolved: found,
        failed: &batch.failed,
        results: ById(results),
        warnings,
    }))
    .found(found)
}

/// The JSON answer, in documented key order.
#[derive(Serialize)]
struct BatchView<'a> {
    requested: usize,
    resolved: usize,
    failed: &'a [String],
    results: ById<'a>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    warnings: Vec<String>,
}

/// Cards keyed by nodeId, in request order.
struct ById<'a>(Vec<(&'a str, FormattedNode)>);

impl Serialize for ById<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (id, card) in &self.0 {
            map.serialize_entry(id, card)?;
        }
        map.end()
    }
}
