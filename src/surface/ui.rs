//! The MCP Apps views (`io.modelcontextprotocol/ui`, docs/ui.md): the
//! `ui://` resource of each view a tool declares in the registry
//! (`tools::TOOLS`), the resources in `resources/list` and
//! `resources/read`, and the `_meta` of a tool result that carries the view
//! data. All of it disappears with `WLO_UI=0`, and this module is the one
//! place that reads the switch (`on`).
//!
//! The HTML is built from `ui/src/` by `ui/build.mjs` and committed; it is
//! one self-contained document that draws cards or a topic page depending
//! on the data it is sent, served under both URIs.

use rmcp::model::{CallToolResult, MetaObject, Resource, ResourceContents, Tool};
use serde_json::{Map, Value, json};

use crate::app::App;
use crate::tools::{self, View};

/// The material cards of the list tools.
pub const CARDS_URI: &str = "ui://wlo/cards";
/// The lanes of a topic page.
pub const TOPIC_PAGE_URI: &str = "ui://wlo/topic-page";
/// The MIME type of an MCP Apps view.
pub const VIEW_MIME: &str = "text/html;profile=mcp-app";
/// The built views (`ui/build.mjs`).
pub const VIEWS_HTML: &str = include_str!("../../data/ui/views.html");

/// The switch of the views (`WLO_UI`), read here and nowhere else.
fn on(app: &App) -> bool {
    app.config.ui
}

/// The resource of a view.
pub fn uri(view: View) -> &'static str {
    match view {
        View::Cards => CARDS_URI,
        View::TopicPage => TOPIC_PAGE_URI,
    }
}

/// The resource a tool's results are shown in, as the registry declares it.
pub fn view_of_tool(tool: &str) -> Option<&'static str> {
    tools::view_of(tool).map(uri)
}

/// A tool's `_meta`: `{"ui": {"resourceUri": …}}` (the standard key only;
/// the deprecated flat `ui/resourceUri` would cost tokens of `tools/list`).
pub fn tool_meta(tool: &str) -> Option<MetaObject> {
    let uri = view_of_tool(tool)?;
    let mut meta = Map::new();
    meta.insert("ui".into(), json!({"resourceUri": uri}));
    Some(MetaObject(meta))
}

/// The origin of a URL (`scheme://host[:port]`), or `None` when it has none.
pub fn origin(url: &str) -> Option<String> {
    let (scheme, rest) = url.trim().split_once("://")?;
    let host = rest.split(['/', '?', '#']).next().unwrap_or("");
    (!scheme.is_empty() && !host.is_empty()).then(|| format!("{}://{host}", scheme.to_ascii_lowercase()))
}

/// The resource `_meta`: the origin the preview images come from
/// (`<repository>/preview?nodeId=`), which a host's default policy would
/// block otherwise, and a border around the frame.
fn resource_meta(app: &App) -> MetaObject {
    let domains: Vec<String> = origin(&app.config.repository_url).into_iter().collect();
    let mut meta = Map::new();
    meta.insert(
        "ui".into(),
        json!({"csp": {"resourceDomains": domains}, "prefersBorder": true}),
    );
    MetaObject(meta)
}

/// A tool as `tools/list` offers it: without its `_meta.ui` when the views are off.
pub fn offer(app: &App, tool: &mut Tool) {
    if !on(app) {
        tool.meta = None;
    }
}

/// The view resources for `resources/list` (none with `WLO_UI=0`).
pub fn resources(app: &App) -> Vec<Resource> {
    if !on(app) {
        return Vec::new();
    }
    [
        (CARDS_URI, "view-cards", "WLO-Materialkarten", "MCP Apps view: material cards with preview image, licence and links, for search_wlo_content, get_collection_contents, get_related_content and search_wlo_all."),
        (TOPIC_PAGE_URI, "view-topic-page", "WLO-Themenseite", "MCP Apps view: the lanes of a topic page with their cards, for get_topic_page_content."),
    ]
    .into_iter()
    .map(|(uri, name, title, description)| {
        Resource::new(uri, name)
            .with_title(title)
            .with_description(description)
            .with_mime_type(VIEW_MIME)
            .with_meta(resource_meta(app))
    })
    .collect()
}

/// `resources/read` of a view, `None` when `uri` names none (or `WLO_UI=0`).
pub fn read(app: &App, uri: &str) -> Option<ResourceContents> {
    let uri = [CARDS_URI, TOPIC_PAGE_URI].into_iter().find(|u| *u == uri.trim())?;
    on(app).then(|| {
        ResourceContents::text(VIEWS_HTML, uri)
            .with_mime_type(VIEW_MIME)
            .with_meta(resource_meta(app))
    })
}

/// The `_meta` of a tool result that carries view data.
pub fn result_meta(view: Value) -> MetaObject {
    let mut meta = Map::new();
    meta.insert(crate::tools::view::META_KEY.into(), view);
    MetaObject(meta)
}

/// The view data of a tool's answer as sent: none when the views are off,
/// the tool has no view or the answer is an error. Else it tells the view
/// whether it may offer „Ähnliche Materialien" (`relatedOffered`): a view
/// cannot list the server's tools through a host (hosts proxy
/// `tools/call`, not `tools/list`), and `MCP_TOOL_DENY` may remove
/// `get_related_content`. In JSON mode this flag is the whole view data
/// (the cards are in `structuredContent`).
pub fn annotate(app: &App, tool: &str, result: &mut CallToolResult) {
    if !on(app) || view_of_tool(tool).is_none() || result.is_error == Some(true) {
        if let Some(meta) = result.meta.as_mut() {
            meta.0.remove(crate::tools::view::META_KEY);
        }
        if result.meta.as_ref().is_some_and(|meta| meta.0.is_empty()) {
            result.meta = None;
        }
        return;
    }
    let meta = result.meta.get_or_insert_with(MetaObject::new);
    let view = meta
        .0
        .entry(crate::tools::view::META_KEY)
        .or_insert_with(|| Value::Object(Map::new()));
    if let Value::Object(view) = view {
        view.insert(
            "relatedOffered".into(),
            Value::Bool(app.config.tool_enabled(tools::related_content::NAME)),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins() {
        assert_eq!(
            origin("https://redaktion.openeduhub.net/edu-sharing").as_deref(),
            Some("https://redaktion.openeduhub.net")
        );
        assert_eq!(
            origin("http://127.0.0.1:4000/edu-sharing?x").as_deref(),
            Some("http://127.0.0.1:4000")
        );
        assert_eq!(origin("HTTP://h").as_deref(), Some("http://h"));
        assert_eq!(origin("nohost"), None);
        assert_eq!(origin("https:///path"), None);
    }

    #[test]
    fn the_views_are_self_contained() {
        let html = VIEWS_HTML.to_ascii_lowercase();
        assert!(html.starts_with("<!doctype html>"));
        for external in ["<script src", "<link", "@import", "url(http", "fonts.googleapis"] {
            assert!(!html.contains(external), "{external}");
        }
        assert!(html.contains("ui/initialize"));
    }

    #[test]
    fn only_the_list_tools_have_a_view() {
        for tool in ["search", "fetch", "get_node_details", "wlo_health_check"] {
            assert!(tool_meta(tool).is_none(), "{tool}");
        }
        assert_eq!(
            json!(tool_meta("get_topic_page_content")),
            json!({"ui": {"resourceUri": "ui://wlo/topic-page"}})
        );
        // The registry declares them; nothing here names a tool.
        let with_views: Vec<(&str, &str)> = tools::specs()
            .iter()
            .filter_map(|spec| Some((spec.name, view_of_tool(spec.name)?)))
            .collect();
        assert_eq!(
            with_views,
            [
                ("search_wlo_all", CARDS_URI),
                ("search_wlo_content", CARDS_URI),
                ("get_topic_page_content", TOPIC_PAGE_URI),
                ("get_collection_contents", CARDS_URI),
                ("get_related_content", CARDS_URI),
            ]
        );
    }
}
