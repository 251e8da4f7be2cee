//! `get_topic_page_content`: the material a collection's topic page
//! (Themenseite) shows, one section per swimlane.

use std::fmt::Write;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;

use super::messages::{German, lane_name};
use super::params::{Bounded, Choice, NodeIdArg, Output};
use super::result_list::cards;
use super::topic_pages::TargetGroup;
use super::view::ViewCard;
use super::{Format, ToolResponse};
use crate::app::App;
use crate::card::{FormattedNode, one_line};
use crate::navigation::NavError;
use crate::navigation::topic_page_content::{self, EmptyReason, PageContent, PageContentQuery};
use crate::upstream::UpstreamError;

pub const NAME: &str = "get_topic_page_content";
pub const TITLE: &str = "Inhalt einer WLO-Themenseite";
pub const DESCRIPTION: &str = "The material a collection's topic page (Themenseite) shows, lane by lane (Rubriken), as cards: its default variant or the one for targetGroup. Use after search_wlo_topic_pages. No topic page: reason, no lanes.";

/// The arguments of `get_topic_page_content`.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct Params {
    /// The collection's nodeId (UUID).
    collection_id: NodeIdArg,
    /// Audience variant (default: the page's default).
    #[serde(default)]
    target_group: Choice<TargetGroup>,
    /// Cards per lane.
    #[serde(default)]
    cards_per_lane: Bounded<1, 10, 3>,
    #[serde(flatten)]
    output: Output<false>,
}

pub(super) async fn call(app: &App, params: Params) -> ToolResponse {
    let query = PageContentQuery {
        collection_id: params.collection_id.0,
        target_group: params.target_group.0.map(|group| group.0.to_string()),
        cards: params.cards_per_lane.get() as usize,
    };
    let content = match topic_page_content::page_content(app, &query).await {
        Ok(content) => content,
        Err(NavError::Upstream(UpstreamError::Forbidden)) => {
            return ToolResponse::error(format!(
                "Sammlung {} ist nicht öffentlich: WLO gibt sie ohne Anmeldung nicht heraus.",
                query.collection_id
            ));
        }
        Err(error) => return ToolResponse::error(error.german()),
    };
    let lanes: Vec<Vec<FormattedNode>> = content
        .lanes
        .iter()
        .map(|lane| lane.nodes.iter().map(|n| app.card(n)).collect())
        .collect();
    let warnings: Vec<String> = content.warnings.iter().map(German::german).collect();
    let response = match params.output.format() {
        Format::Json => ToolResponse::json(json!(to_view(&content, &lanes, &warnings))),
        Format::Markdown => {
            ToolResponse::text(to_markdown(&content, &lanes, &warnings)).with_view(view(&content, &lanes))
        }
    };
    // An answer without a topic page is complete; one whose lanes all stayed
    // empty may rest on failed reads (the failure policy decides).
    match content.reason {
        Some(_) => response,
        None => response.found(content.card_count()),
    }
}

/// The JSON answer, in documented key order.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PageView<'a> {
    collection: CollectionView<'a>,
    variant: Option<VariantView<'a>>,
    lanes: Vec<LaneView<'a>>,
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    warnings: &'a [String],
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<&'static str>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct CollectionView<'a> {
    node_id: &'a str,
    title: &'a str,
    topic_page_url: Option<&'a str>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct VariantView<'a> {
    variant_id: &'a str,
    title: &'a str,
    target_group: &'a str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct LaneView<'a> {
    heading: &'a str,
    cards: &'a [FormattedNode],
    has_more: bool,
}

fn to_view<'a>(content: &'a PageContent, lanes: &'a [Vec<FormattedNode>], warnings: &'a [String]) -> PageView<'a> {
    PageView {
        collection: CollectionView {
            node_id: &content.collection.node_id,
            title: &content.collection.title,
            topic_page_url: content.collection.topic_page_url.as_deref(),
        },
        variant: content.variant.as_ref().map(|v| VariantView {
            variant_id: &v.variant_id,
            title: &v.title,
            target_group: &v.target_group,
        }),
        lanes: content
            .lanes
            .iter()
            .zip(lanes)
            .map(|(lane, cards)| LaneView {
                heading: &lane.heading,
                cards,
                has_more: lane.has_more,
            })
            .collect(),
        warnings,
        reason: content.reason.map(EmptyReason::code),
    }
}

/// The view data (docs/ui.md): the JSON answer's keys, with view cards.
fn view(content: &PageContent, lanes: &[Vec<FormattedNode>]) -> serde_json::Value {
    let page = to_view(content, lanes, &[]);
    let lanes: Vec<_> = page
        .lanes
        .iter()
        .map(|lane| json!({"heading": lane.heading, "cards": ViewCard::list(lane.cards), "hasMore": lane.has_more}))
        .collect();
    json!({"collection": page.collection, "variant": page.variant, "lanes": lanes, "reason": page.reason})
}

fn to_markdown(content: &PageContent, lanes: &[Vec<FormattedNode>], warnings: &[String]) -> String {
    let collection = &content.collection;
    let title = if collection.title.is_empty() {
        String::new()
    } else {
        format!("„{}“ ", one_line(&collection.title))
    };
    let mut out = match content.reason {
        Some(EmptyReason::NoPageConfigRef) => {
            format!("Die Sammlung {title}({}) hat keine Themenseite.", collection.node_id)
        }
        Some(EmptyReason::NoVariant) => format!(
            "Die Themenseite der Sammlung {title}({}) hat keine anzeigbare Variante.",
            collection.node_id
        ),
        Some(EmptyReason::EmptyConfig) => format!(
            "Die Themenseite der Sammlung {title}({}) ist leer (keine Rubriken).",
            collection.node_id
        ),
        None => format!("Themenseite der Sammlung {title}({})", collection.node_id),
    };
    if let Some(url) = &collection.topic_page_url {
        let _ = write!(out, "\nThemenseite: {url}");
    }
    if let Some(variant) = &content.variant {
        let name = if variant.title.is_empty() {
            String::new()
        } else {
            format!("{} – ", one_line(&variant.title))
        };
        let _ = write!(
            out,
            "\nVariante: {name}Zielgruppe {} – nodeId: {}",
            crate::vocab::target_group_label(&variant.target_group),
            variant.variant_id
        );
    }
    for warning in warnings {
        let _ = write!(out, "\n⚠ {warning}");
    }
    for (index, (lane, cards_of_lane)) in content.lanes.iter().zip(lanes).enumerate() {
        let _ = write!(out, "\n\n# {}", lane_name(index, &lane.heading));
        if cards_of_lane.is_empty() {
            out.push_str("\n(keine Materialien in dieser Rubrik)");
            continue;
        }
        out.push_str("\n\n");
        out.push_str(&cards(cards_of_lane));
        if lane.has_more {
            out.push_str("\n\n(weitere Materialien auf der Themenseite)");
        }
    }
    out
}
