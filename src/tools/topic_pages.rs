//! `search_wlo_topic_pages` (placeholder until implemented).

use super::{Args, ToolResponse, ToolSpec, schema};
use crate::app::App;

pub const NAME: &str = "search_wlo_topic_pages";

pub fn spec() -> ToolSpec {
    ToolSpec { name: NAME, title: "search_wlo_topic_pages", description: "Not implemented yet.", input_schema: schema::object(vec![], &[]) }
}

pub async fn call(_app: &App, _args: Args) -> ToolResponse {
    ToolResponse::error("Dieses Werkzeug ist noch nicht verfügbar.")
}
