//! The MCP surface: rmcp's [`ServerHandler`] over the tool registry.
//!
//! rmcp handles JSON-RPC and protocol negotiation; this module supplies the
//! server identity and instructions, lists the enabled tools and hands a
//! tool call to [`tools::run_tool`] (scope, deadline, panic guard, failure
//! policy).
//! Resources, prompts and completion are answered by [`crate::surface`].

use std::borrow::Cow;
use std::sync::{Arc, LazyLock};

#[allow(deprecated)] // logging/setLevel is deprecated (SEP-2577) but old clients still send it
use rmcp::model::SetLevelRequestParams as LogLevelParams;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, CompleteRequestParams, CompleteResult, ContentBlock,
    DiscoverResult, GetPromptRequestParams, GetPromptResponse, ListPromptsResult, ListResourceTemplatesResult,
    ListResourcesResult, ListToolsResult, PaginatedRequestParams, ProtocolVersion, ReadResourceRequestParams,
    ReadResourceResponse, ServerCapabilities, ServerConfig, Tool, ToolAnnotations,
};
use rmcp::model::{CustomRequest, CustomResult, ErrorCode};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler};

use crate::app::App;
use crate::surface;
use crate::surface::modern::{self, Hint};
use crate::tools::{self, Args, Body, ToolResponse, ToolSpec};

/// Routing advice for the model, sent as `instructions` in `initialize`.
pub const INSTRUCTIONS: &str = "\
WLO (WirLernenOnline.de) is Germany's platform for open educational resources (OER). All results are public OER metadata from WLO's edu-sharing repository; tools only read.
How to choose a tool:
- Broad topic, user wants material + collections + topic pages together: search_wlo_all (one call, separate pots).
- Material of a kind (Arbeitsblatt, Video, Quiz …) on a topic: search_wlo_content.
- A topic page (Themenseite) or collection (Sammlung) on a topic: search_wlo_topic_pages with query; collections only: search_wlo_collections.
- What a topic page shows (its lanes and their material): get_topic_page_content with the collection's nodeId.
- Browse a subject: get_subject_portals first (Fachportale), then browse_collection_tree with a portal's nodeId; get_collection_contents lists a collection's material.
- A user picks a card: get_node_details with its nodeId. Many cards at once: one get_nodes_details call (not one call per card).
- More like one material (mehr davon, ähnliches Material): get_related_content with its nodeId.
- Filters (educationalContext = Bildungsstufe, discipline = Fach, userRole = Zielgruppe, learningResourceType = Ressourcentyp) take German labels, English synonyms or URIs; lookup_wlo_vocabulary lists the values (also resources wlo://vocabulary/<name>).
- Reuse: license = \"open\" (may be adapted and shared: CC0, PDM, CC BY, CC BY-SA) or a licence label keeps only such material (search_wlo_content, search_wlo_all, get_collection_contents). Cards name the authors (Urheber) and give a ready attribution line (Namensnennung).
- wlo_health_check tells 'WLO is down' apart from 'no hits'.
- Citation-style retrieval (ChatGPT connectors, deep research): search for {id,title,url} hits, then fetch with an id for its text (editorial compendium, full text or description). For filters or cards use the tools above.
Answers are markdown cards by default; outputFormat=json gives one JSON document.";

/// The MCP server object: cheap to clone, one per process.
#[derive(Clone)]
pub struct WloServer {
    app: Arc<App>,
}

impl WloServer {
    pub fn new(app: Arc<App>) -> WloServer {
        WloServer { app }
    }

    pub fn app(&self) -> &Arc<App> {
        &self.app
    }
}

/// The rmcp tool definition of a spec: title and read-only annotations.
/// The MCP definitions of every tool, built once per process.
static DEFINITIONS: LazyLock<Vec<Tool>> =
    LazyLock::new(|| tools::specs().iter().cloned().map(tool_definition).collect());

/// The MCP definitions of the tools this deployment offers, in list order;
/// without their views' `_meta.ui` when `WLO_UI=0`.
pub fn enabled_tool_definitions(app: &App) -> Vec<Tool> {
    DEFINITIONS
        .iter()
        .filter(|tool| app.config.tool_enabled(&tool.name))
        .map(|tool| offered(app, tool))
        .collect()
}

fn offered(app: &App, tool: &Tool) -> Tool {
    let mut tool = tool.clone();
    surface::ui::offer(app, &mut tool);
    tool
}

pub fn tool_definition(spec: ToolSpec) -> Tool {
    let schema = match spec.input_schema {
        serde_json::Value::Object(map) => map,
        _ => serde_json::Map::new(),
    };
    let mut tool = Tool::new(spec.name, spec.description, Arc::new(schema)).with_title(spec.title);
    tool.meta = surface::ui::tool_meta(spec.name);
    tool.with_annotations(
        ToolAnnotations::with_title(spec.title)
            .read_only(true)
            .destructive(false)
            .idempotent(true)
            .open_world(true),
    )
}

/// The MCP result of a tool response (JSON: one text block + structuredContent;
/// markdown with view data: the data in `_meta`, which is not model context).
pub fn to_call_tool_result(response: ToolResponse) -> CallToolResult {
    let text = response.rendered_text();
    let mut result = CallToolResult::success(vec![ContentBlock::text(text)]);
    if let Body::Json(value) = response.body
        && value.is_object()
    {
        result.structured_content = Some(value);
    }
    // The view reads structuredContent when there is one.
    if let Some(view) = response.view
        && result.structured_content.is_none()
    {
        result.meta = Some(surface::ui::result_meta(*view));
    }
    result.is_error = Some(response.is_error);
    result
}

impl ServerHandler for WloServer {
    fn get_info(&self) -> ServerConfig {
        let capabilities = ServerCapabilities::builder()
            .enable_tools()
            .enable_resources()
            .enable_prompts()
            .enable_completions()
            .build();
        ServerConfig::new(capabilities)
            .with_server_info(modern::implementation())
            .with_instructions(INSTRUCTIONS)
    }

    /// Every version rmcp knows; the HTTP header rule refuses the others
    /// with the same error rmcp gives over stdio.
    fn supported_protocol_versions(&self) -> Cow<'static, [ProtocolVersion]> {
        modern::supported_versions()
    }

    /// rmcp's discovery answer (with serverInfo), cacheable like the lists.
    async fn discover(&self, _context: RequestContext<RoleServer>) -> Result<DiscoverResult, ErrorData> {
        let hint = Hint::STATIC;
        Ok(
            DiscoverResult::from_server_info(self.supported_protocol_versions().into_owned(), self.get_info())
                .with_ttl_ms(hint.ttl_ms)
                .with_cache_scope(hint.scope),
        )
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let result = ListToolsResult::with_all_items(enabled_tool_definitions(&self.app));
        Ok(modern::finish_cacheable(&context, result, Hint::STATIC))
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        tools::find(&self.app, name)?;
        DEFINITIONS
            .iter()
            .find(|tool| tool.name == name)
            .map(|tool| offered(&self.app, tool))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let name = request.name.to_string();
        let Some(entry) = tools::find(&self.app, &name) else {
            return Err(ErrorData::invalid_params(
                format!("Unknown tool: {}", crate::card::echo(&name, 100)),
                None,
            ));
        };
        let args = Args::new(request.arguments.unwrap_or_default());
        let response = tools::run_tool(&self.app, &name, entry, args).await;
        let mut result = to_call_tool_result(response);
        surface::ui::annotate(&self.app, &name, &mut result);
        Ok(modern::finish(&context, result).into())
    }

    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        let result = ListResourcesResult::with_all_items(surface::resources(&self.app));
        Ok(modern::finish_cacheable(&context, result, Hint::STATIC))
    }

    async fn list_resource_templates(
        &self,
        _request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, ErrorData> {
        let result = ListResourceTemplatesResult::with_all_items(surface::resource_templates());
        Ok(modern::finish_cacheable(&context, result, Hint::STATIC))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        let hint = Hint::of_resource(&self.app, &request.uri);
        let result = surface::read_resource(&self.app, &request.uri).await?;
        Ok(modern::finish_cacheable(&context, result, hint).into())
    }

    async fn list_prompts(
        &self,
        _request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, ErrorData> {
        let result = ListPromptsResult::with_all_items(surface::prompts());
        Ok(modern::finish_cacheable(&context, result, Hint::STATIC))
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, ErrorData> {
        let result = surface::get_prompt(&request.name, request.arguments)?;
        Ok(modern::finish(&context, result).into())
    }

    async fn complete(
        &self,
        request: CompleteRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CompleteResult, ErrorData> {
        Ok(modern::finish(
            &context,
            CompleteResult::new(surface::complete(&request)),
        ))
    }

    /// rmcp routes a known method whose params do not decode here, too:
    /// that is -32602 naming the problem, not "method not found".
    async fn on_custom_request(
        &self,
        request: CustomRequest,
        _context: RequestContext<RoleServer>,
    ) -> Result<CustomResult, ErrorData> {
        let method = request.method.as_str();
        Err(surface::invalid_params::invalid_params(method, request.params.as_ref())
            .unwrap_or_else(|| ErrorData::new(ErrorCode::METHOD_NOT_FOUND, crate::card::echo(method, 100), None)))
    }

    #[allow(deprecated)]
    async fn set_level(&self, _request: LogLevelParams, _context: RequestContext<RoleServer>) -> Result<(), ErrorData> {
        Ok(())
    }
}
