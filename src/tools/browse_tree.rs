//! `browse_collection_tree` (placeholder until implemented).

use super::{Args, ToolResponse, ToolSpec, schema};
use crate::app::App;

pub const NAME: &str = "browse_collection_tree";

pub fn spec() -> ToolSpec {
    ToolSpec { name: NAME, title: "browse_collection_tree", description: "Not implemented yet.", input_schema: schema::object(vec![], &[]) }
}

pub async fn call(_app: &App, _args: Args) -> ToolResponse {
    ToolResponse::error("Dieses Werkzeug ist noch nicht verfügbar.")
}
