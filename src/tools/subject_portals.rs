//! `get_subject_portals` (placeholder until implemented).

use super::{Args, ToolResponse, ToolSpec, schema};
use crate::app::App;

pub const NAME: &str = "get_subject_portals";

pub fn spec() -> ToolSpec {
    ToolSpec { name: NAME, title: "get_subject_portals", description: "Not implemented yet.", input_schema: schema::object(vec![], &[]) }
}

pub async fn call(_app: &App, _args: Args) -> ToolResponse {
    ToolResponse::error("Dieses Werkzeug ist noch nicht verfügbar.")
}
