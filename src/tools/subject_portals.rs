//! `get_subject_portals`: the WLO subject portals (Fachportale), the direct
//! sub-collections of the root, alphabetically.

use std::fmt::Write;

use serde::Serialize;
use serde_json::json;

use schemars::JsonSchema;
use serde::Deserialize;

use super::messages::{self, German, nav_warnings};
use super::params::{Flag, Output, Text};
use super::result_list::UnresolvedView;
use super::{Format, ToolResponse};
use crate::app::App;
use crate::card::FormattedNode;
use crate::navigation::NavError;
use crate::navigation::portals::{self, Portals, PortalsQuery};

pub const NAME: &str = "get_subject_portals";
pub const TITLE: &str = "WLO-Fachportale";
pub const DESCRIPTION: &str = "List the WLO subject portals (Fachportale: Mathematik, Biologie, …), the top-level collections under the WLO root, alphabetically. Pass a portal's nodeId to browse_collection_tree to drill down. Optional filter educationalContext (label such as \"Sekundarstufe I\" or URI; portals without a context are kept) and includeContentCounts (subCollectionCount per portal).";

/// The arguments of `get_subject_portals`.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct Params {
    /// Bildungsstufe (label, alias or URI), e.g. "Primarstufe", "Sekundarstufe II".
    #[serde(default)]
    educational_context: Text<200>,
    /// Add subCollectionCount (number of sub-collections) per portal.
    #[serde(default)]
    include_content_counts: Flag<false>,
    #[serde(flatten)]
    output: Output<false>,
}

pub(super) async fn call(app: &App, params: Params) -> ToolResponse {
    let query = PortalsQuery {
        educational_context: params.educational_context.0,
        include_counts: params.include_content_counts.get(),
    };
    let format = params.output.format();
    match portals::subject_portals(app, &query).await {
        Ok(result) => render(app, &result, format),
        Err(NavError::NotFound(id)) => ToolResponse::error(messages::root_not_found(&id)),
        Err(error) => ToolResponse::error(error.german()),
    }
}

/// The JSON answer, in documented key order.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PortalsView<'a> {
    total: usize,
    results: Vec<PortalView>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    unresolved_filters: Vec<UnresolvedView<'a>>,
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    warnings: &'a [String],
}

/// One portal: its card, then the count when asked for.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PortalView {
    #[serde(flatten)]
    card: FormattedNode,
    #[serde(skip_serializing_if = "Option::is_none")]
    sub_collection_count: Option<u64>,
}

fn render(app: &App, result: &Portals, format: Format) -> ToolResponse {
    let response = match format {
        Format::Json => ToolResponse::json(json!(PortalsView {
            total: result.portals.len(),
            results: result
                .portals
                .iter()
                .map(|p| PortalView {
                    card: app.card(&p.node),
                    sub_collection_count: p.sub_collection_count,
                })
                .collect(),
            unresolved_filters: UnresolvedView::list(&result.unresolved),
            warnings: &nav_warnings(&result.warnings),
        })),
        Format::Markdown => {
            let mut out = format!("Fachportale: {}", result.portals.len());
            for filter in &result.unresolved {
                let _ = write!(out, "\n⚠ {}", filter.german());
            }
            for warning in nav_warnings(&result.warnings) {
                let _ = write!(out, "\n⚠ {warning}");
            }
            if result.portals.is_empty() {
                out.push_str("\n\nKeine Fachportale gefunden.");
            }
            for portal in &result.portals {
                out.push_str("\n\n");
                out.push_str(&app.card(&portal.node).card(Some(200)));
                if let Some(count) = portal.sub_collection_count {
                    let _ = write!(out, "\nUnter-Sammlungen: {count}");
                }
            }
            if !result.portals.is_empty() {
                out.push_str(
                    "\n\nTipp: browse_collection_tree mit der nodeId eines Fachportals zeigt seine Unter-Sammlungen.",
                );
            }
            ToolResponse::text(out)
        }
    };
    response.found(result.portals.len())
}
