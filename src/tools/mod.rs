//! The MCP tools: one file per tool, each holding its input schema, its
//! description and its rendering. Algorithms live in the domain modules.
//!
//! A tool file declares its arguments once, as a `Params` struct built from
//! the adapters of [`params`], and exports `NAME`, `TITLE`, `DESCRIPTION`
//! and `call(app, params)`. [`TOOLS`] lists the tools in `tools/list` order
//! and builds each one's spec (the schema comes from `Params`) and decoding
//! (lenient; a bad argument is a German `isError` answer naming it); [`find`]
//! looks one up by name.

pub mod messages;
pub mod params;
mod result_list;
mod run;
pub mod view;

pub mod browse_tree;
pub mod collection_contents;
mod counts;
pub mod health_check;
pub mod knowledge_fetch;
pub mod knowledge_search;
pub mod lookup_vocabulary;
pub mod node_details;
pub mod nodes_details;
pub mod related_content;
pub mod search_all;
pub mod search_collections;
pub mod search_content;
pub mod subject_portals;
pub mod topic_page_content;
pub mod topic_pages;

use std::sync::{Arc, LazyLock};

use futures::future::BoxFuture;
use serde_json::Value;

use crate::app::App;
use crate::config::{Config, ConfigError};
pub use params::args::{ArgError, Args, Format};
pub use run::{run_scoped, run_tool};

/// What a tool answers: markdown text or one JSON document, possibly an error.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolResponse {
    pub body: Body,
    pub is_error: bool,
    /// How many results the answer carries, for tools that list results.
    /// `Some(0)` is an empty answer: the dispatcher turns it into the error of
    /// a failed read of the same call, because "nothing found" would be a lie
    /// when WLO could not be asked (see [`run_tool`]).
    pub found: Option<usize>,
    /// What the MCP Apps view draws (`_meta` of the result, docs/ui.md);
    /// never model context. Dropped when `WLO_UI=0`. Boxed: most answers
    /// have none, and every `Result<_, ToolResponse>` carries the field.
    pub view: Option<Box<Value>>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Body {
    /// Markdown (or plain) text, one text block.
    Text(String),
    /// One JSON document: one text block holding it, and `structuredContent`.
    Json(Value),
}

impl ToolResponse {
    pub fn text(text: impl Into<String>) -> Self {
        ToolResponse {
            body: Body::Text(text.into()),
            is_error: false,
            found: None,
            view: None,
        }
    }

    pub fn json(value: Value) -> Self {
        ToolResponse {
            body: Body::Json(value),
            is_error: false,
            found: None,
            view: None,
        }
    }

    /// A failure the user should read: one plain German text block.
    pub fn error(message: impl Into<String>) -> Self {
        ToolResponse {
            body: Body::Text(message.into()),
            is_error: true,
            found: None,
            view: None,
        }
    }

    /// Declare how many results this answer carries (see [`ToolResponse::found`]).
    pub fn found(mut self, results: usize) -> Self {
        self.found = Some(results);
        self
    }

    /// Attach the view data (see [`ToolResponse::view`]).
    pub fn with_view(mut self, view: Value) -> Self {
        self.view = Some(Box::new(view));
        self
    }

    /// A successful answer that lists no results.
    pub fn is_empty_answer(&self) -> bool {
        !self.is_error && self.found == Some(0)
    }

    pub fn with_error(mut self, is_error: bool) -> Self {
        self.is_error = is_error;
        self
    }

    /// The text block as sent to the client.
    pub fn rendered_text(&self) -> String {
        match &self.body {
            Body::Text(text) => text.clone(),
            Body::Json(value) => value.to_string(),
        }
    }
}

impl From<ArgError> for ToolResponse {
    fn from(error: ArgError) -> Self {
        ToolResponse::error(error.0)
    }
}

/// A node named by id and title in a JSON answer (a tree's parent, a node's
/// parent collections).
#[derive(Debug, Clone, Copy, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct NodeRef<'a> {
    pub node_id: &'a str,
    pub title: &'a str,
}

/// Name, title, description and input schema of a tool.
#[derive(Debug, Clone)]
pub struct ToolSpec {
    pub name: &'static str,
    pub title: &'static str,
    pub description: &'static str,
    pub input_schema: Value,
}

type CallFn = for<'a> fn(&'a App, Args) -> BoxFuture<'a, ToolResponse>;

/// One entry of the registry.
pub struct ToolEntry {
    pub spec: fn() -> ToolSpec,
    pub call: CallFn,
    /// The MCP Apps view the tool's results are shown in (docs/ui.md).
    pub view: Option<View>,
}

/// An MCP Apps view of tool results (`surface::ui` serves them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum View {
    /// Material cards (and, for `search_wlo_all`, tiles of its other pots).
    Cards,
    /// A topic page lane by lane.
    TopicPage,
}

impl ToolEntry {
    /// The entry with its results shown in `view`.
    const fn with_view(self, view: View) -> ToolEntry {
        ToolEntry {
            view: Some(view),
            ..self
        }
    }
}

/// A tool module's entry: its spec from `NAME`, `TITLE`, `DESCRIPTION` and
/// the schema of `Params`; its call decodes the arguments into `Params`
/// (with the module's own `decode` where it words a bad argument its own way)
/// and runs `call`.
macro_rules! entry {
    ($module:ident) => {
        entry!($module, |args| params::decode::<$module::Params>(args)
            .map_err(ToolResponse::from))
    };
    ($module:ident, $decode:expr) => {
        ToolEntry {
            spec: || ToolSpec {
                name: $module::NAME,
                title: $module::TITLE,
                description: $module::DESCRIPTION,
                input_schema: params::input_schema::<$module::Params>(),
            },
            call: |app, args| {
                Box::pin(async move {
                    match $decode(&args) {
                        Ok(params) => $module::call(app, params).await,
                        Err(error) => error,
                    }
                })
            },
            view: None,
        }
    };
}

/// Every tool, in `tools/list` order, with the view its results are shown in.
/// `search`/`fetch` have none: their clients want plain retrieval.
pub static TOOLS: &[ToolEntry] = &[
    entry!(search_all).with_view(View::Cards),
    entry!(search_content).with_view(View::Cards),
    entry!(search_collections),
    entry!(topic_pages),
    entry!(topic_page_content).with_view(View::TopicPage),
    entry!(subject_portals),
    entry!(browse_tree, browse_tree::decode),
    entry!(collection_contents, collection_contents::decode).with_view(View::Cards),
    entry!(node_details),
    entry!(nodes_details),
    entry!(related_content).with_view(View::Cards),
    entry!(lookup_vocabulary),
    entry!(health_check),
    entry!(knowledge_search),
    entry!(knowledge_fetch),
];

/// Every tool's spec, index-aligned with [`TOOLS`], built once per process:
/// schemas are not free to build, and `tools/call` looks tools up by name.
static SPECS: LazyLock<Vec<ToolSpec>> = LazyLock::new(|| TOOLS.iter().map(|t| (t.spec)()).collect());

/// Every tool's spec, in `tools/list` order, whether enabled or not.
pub fn specs() -> &'static [ToolSpec] {
    &SPECS
}

/// The specs of the tools this deployment offers (`MCP_TOOL_ALLOW`/`MCP_TOOL_DENY`).
pub fn enabled_specs(app: &App) -> Vec<ToolSpec> {
    SPECS
        .iter()
        .filter(|spec| app.config.tool_enabled(spec.name))
        .cloned()
        .collect()
}

/// Check `MCP_TOOL_ALLOW` and `MCP_TOOL_DENY` against the tool names: an
/// allowed name that is no tool is an error (a typo would silently drop the
/// tool, or leave a deployment with none); a denied one only a warning.
pub fn check_tool_filter(mut config: Config) -> Result<Config, ConfigError> {
    let known = |name: &String| SPECS.iter().any(|spec| spec.name == name);
    let names = || SPECS.iter().map(|spec| spec.name).collect::<Vec<_>>().join(", ");
    if let Some(allow) = &config.tool_allow {
        let unknown: Vec<&str> = allow.iter().filter(|name| !known(name)).map(String::as_str).collect();
        if !unknown.is_empty() {
            return Err(ConfigError {
                variable: "MCP_TOOL_ALLOW",
                message: format!("unknown tool {} (tools: {})", unknown.join(", "), names()),
            });
        }
    }
    let unknown: Vec<&str> = config
        .tool_deny
        .iter()
        .filter(|name| !known(name))
        .map(String::as_str)
        .collect();
    if !unknown.is_empty() {
        config.warnings.push(format!(
            "MCP_TOOL_DENY names unknown tool {} (tools: {})",
            unknown.join(", "),
            names()
        ));
    }
    Ok(config)
}

/// Find an enabled tool by name.
pub fn find(app: &App, name: &str) -> Option<&'static ToolEntry> {
    if !app.config.tool_enabled(name) {
        return None;
    }
    SPECS.iter().position(|spec| spec.name == name).map(|i| &TOOLS[i])
}

/// The view of a tool's results, by name (enabled or not).
pub fn view_of(name: &str) -> Option<View> {
    SPECS
        .iter()
        .position(|spec| spec.name == name)
        .and_then(|i| TOOLS[i].view)
}

/// Run one tool by name, outside MCP (the `wlo-mcp call` command).
pub async fn call_by_name(app: &Arc<App>, name: &str, args: Args) -> Option<ToolResponse> {
    let entry = find(app, name)?;
    Some(run_tool(app, name, entry, args).await)
}

#[cfg(test)]
mod tests {
    use serde_json::Value;

    use super::*;

    /// Every object of a schema, with its path.
    fn objects<'a>(schema: &'a Value, path: String, out: &mut Vec<(String, &'a serde_json::Map<String, Value>)>) {
        match schema {
            Value::Object(map) => {
                out.push((path.clone(), map));
                for (key, value) in map {
                    objects(value, format!("{path}/{key}"), out);
                }
            }
            Value::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    objects(item, format!("{path}/{i}"), out);
                }
            }
            _ => {}
        }
    }

    #[test]
    fn every_generated_schema_is_plain_and_closed() {
        assert_eq!(specs().len(), TOOLS.len());
        for spec in specs() {
            let schema = &spec.input_schema;
            assert_eq!(schema["type"], "object", "{}", spec.name);
            assert!(schema["properties"].is_object(), "{}", spec.name);
            let mut found = Vec::new();
            objects(schema, String::new(), &mut found);
            for (path, map) in found {
                let at = format!("{}{path}", spec.name);
                for key in [
                    "$ref",
                    "$schema",
                    "$defs",
                    "definitions",
                    "title",
                    "anyOf",
                    "oneOf",
                    "allOf",
                    "nullable",
                    "format",
                ] {
                    // `properties` may name a parameter like this; schema keywords may not.
                    if !path.ends_with("/properties") {
                        assert!(!map.contains_key(key), "{at}: {key}");
                    }
                }
                if path.ends_with("/properties") {
                    continue;
                }
                match map.get("type") {
                    Some(Value::String(kind)) => assert_ne!(kind, "null", "{at}"),
                    other => panic!("{at}: type is {other:?}, not one plain type"),
                }
                if map["type"] == "object" {
                    assert_eq!(map.get("additionalProperties"), Some(&Value::Bool(false)), "{at}");
                }
            }
            for (name, property) in schema["properties"].as_object().unwrap() {
                let keys: Vec<&str> = property.as_object().unwrap().keys().map(String::as_str).collect();
                assert_eq!(keys[..2], ["type", "description"], "{} {name}", spec.name);
            }
            if let Some(required) = schema.get("required") {
                for name in required.as_array().unwrap() {
                    assert!(
                        schema["properties"].get(name.as_str().unwrap()).is_some(),
                        "{} {name}",
                        spec.name
                    );
                }
            }
        }
    }
}
