//! `get_node_details`: one node's full metadata, optionally with its parents,
//! the collections that list a material, its stored full text (a
//! collection's compendium text) and the raw vocabulary URIs.

mod compendium;

use std::fmt::Write;

use serde_json::{Value, json};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::messages::{self, German, Kind, Withheld};
use super::params::{Flag, NodeIdArg, Output, Text};
use super::{Format, NodeRef, ToolResponse};
use crate::app::App;
use crate::card::{self, FormattedNode, truncate_marked};
use crate::navigation::details::{self, DetailsError, DetailsQuery};
use crate::navigation::listed_in::ListedCollections;
use crate::upstream::Node;
use compendium::Compendium;

pub const NAME: &str = "get_node_details";
pub const TITLE: &str = "WLO-Eintrag im Detail";
pub const DESCRIPTION: &str = "Full metadata of one WLO node (material or collection/Sammlung) by nodeId: the same fields as a search card plus renderUrl; optionally its parent collections (includeParents), the collections listing a material (includeCollections), its stored full text or a collection's editorial text (includeTextContent, textQuery for passages) and the raw vocabulary URIs (includeRaw). Use it when the user picks one card; for many cards use get_nodes_details.";

const TEXT_LIMIT_JSON: usize = 4000;
const TEXT_LIMIT_MARKDOWN: usize = 2000;

/// The arguments of `get_node_details`.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct Params {
    /// The node's id (UUID) from a search result.
    node_id: NodeIdArg,
    /// Add the stored full text (Volltext).
    #[serde(default)]
    include_text_content: Flag<false>,
    /// Only the passages of a collection's text matching these words.
    #[serde(default)]
    text_query: Text<200>,
    /// Add the parent collections (Eltern-Sammlungen).
    #[serde(default)]
    include_parents: Flag<false>,
    /// Material: the collections (Sammlungen) listing it.
    #[serde(default)]
    include_collections: Flag<false>,
    /// Add the raw vocabulary URIs behind the labels.
    #[serde(default)]
    include_raw: Flag<false>,
    #[serde(flatten)]
    output: Output<false>,
}

pub(super) async fn call(app: &App, params: Params) -> ToolResponse {
    let node_id = params.node_id.0;
    let with_raw = params.include_raw.get();
    let text_query = params.text_query.0;
    let format = params.output.format();
    let query = DetailsQuery {
        // The JSON answer shows the longer cut of the two formats.
        text: params.include_text_content.get().then_some(TEXT_LIMIT_JSON),
        parents: params.include_parents.get(),
        collections: params.include_collections.get(),
    };
    let details = match details::node_details(app, &node_id, query).await {
        Ok(details) => details,
        Err(DetailsError::Node(error)) => {
            return ToolResponse::error(messages::node_unavailable(
                Kind::Node,
                node_id.as_str(),
                Withheld::Metadata,
                &error,
            ));
        }
        // It must never read as "in no collection".
        Err(DetailsError::Listing(error)) => {
            return ToolResponse::error(messages::listing_failed(node_id.as_str(), &error));
        }
    };
    let warnings: Vec<String> = details.warnings.iter().map(German::german).collect();
    let compendium = (details.compendium.as_deref()).map(|text| Compendium::new(text, text_query.as_deref()));
    // With whether the read stopped inside the text.
    let text = details.text.map(|t| (t.text, t.cut));
    let (node, parents, listing) = (details.node, details.parents, details.listing);

    let formatted = app.card(&node);
    let render_url = app.render_url(formatted.node_id.as_str());
    match format {
        Format::Json => ToolResponse::json(json!(DetailsView {
            card: &formatted,
            render_url: &render_url,
            parents: parents
                .as_ref()
                .map(|list| { list.iter().map(|(id, title)| NodeRef { node_id: id, title }).collect() }),
            collections: listing.as_ref().map(collection_views),
            collections_total: listing.as_ref().map(|l| l.total),
            text_content: text.as_ref().map(|(text, cut)| shown(text, TEXT_LIMIT_JSON, *cut)),
            compendium: compendium.as_ref().map(Compendium::json),
            raw: with_raw.then(|| raw(&node)),
            warnings: &warnings,
        })),
        Format::Markdown => {
            let mut out = formatted.card_with(None, Some(&render_url));
            for warning in &warnings {
                let _ = write!(out, "\n⚠ {warning}");
            }
            if with_raw {
                out.push_str("\n\n### Raw URIs");
                for (label, values) in raw_lists(&node) {
                    let _ = write!(out, "\n{label}: {}", values.join(", "));
                }
            }
            if let Some(parents) = &parents {
                let _ = write!(out, "\n\n### Eltern-Sammlungen ({})", parents.len());
                for (id, title) in parents {
                    let _ = write!(out, "\n- {} (nodeId: {id})", card::one_line(title));
                }
            }
            if let Some(listing) = &listing {
                collections_markdown(&mut out, listing);
            }
            if let Some(compendium) = &compendium {
                compendium.markdown(&mut out);
            }
            if let Some((text, cut)) = &text {
                out.push_str("\n\n### Gespeicherter Volltext\n");
                if text.trim().is_empty() {
                    out.push_str("(kein gespeicherter Volltext)");
                } else {
                    out.push_str(&shown(text.trim(), TEXT_LIMIT_MARKDOWN, *cut));
                }
            }
            ToolResponse::text(out)
        }
    }
}

/// `text` cut to `max` characters and marked, also when the read already cut it.
fn shown(text: &str, max: usize, cut: bool) -> String {
    match cut && text.chars().count() <= max {
        true => format!("{text}\n[…gekürzt]"),
        false => truncate_marked(text, max),
    }
}

/// The JSON answer: the card, then what was asked for, in documented key order.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct DetailsView<'a> {
    #[serde(flatten)]
    card: &'a FormattedNode,
    render_url: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    parents: Option<Vec<NodeRef<'a>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    collections: Option<Vec<CollectionView<'a>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    collections_total: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    text_content: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    compendium: Option<compendium::CompendiumView<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    raw: Option<Value>,
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    warnings: &'a [String],
}

/// A collection that lists the material, with its path from the portal.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct CollectionView<'a> {
    node_id: &'a str,
    title: &'a str,
    path: &'a [String],
}

fn collection_views(listing: &ListedCollections) -> Vec<CollectionView<'_>> {
    listing
        .collections
        .iter()
        .map(|c| CollectionView {
            node_id: &c.node_id,
            title: &c.title,
            path: &c.path,
        })
        .collect()
}

/// `### In Sammlungen (N)`: one line per collection with its path, then
/// "… und N weitere" beyond the shown ones.
fn collections_markdown(out: &mut String, listing: &ListedCollections) {
    let _ = write!(out, "\n\n### In Sammlungen ({})", listing.total);
    if listing.total == 0 {
        out.push_str("\n(in keiner Sammlung)");
    }
    for c in &listing.collections {
        let _ = write!(out, "\n- {} (nodeId: {})", card::one_line(&c.title), c.node_id);
        if !c.path.is_empty() {
            let path: Vec<String> = c.path.iter().map(|t| card::one_line(t)).collect();
            let _ = write!(out, " — Pfad: {}", path.join(" › "));
        }
    }
    if listing.total > listing.collections.len() {
        let _ = write!(out, "\n… und {} weitere", listing.total - listing.collections.len());
    }
}

fn raw_lists(node: &Node) -> Vec<(&'static str, Vec<String>)> {
    vec![
        ("disciplines", node.prop("ccm:taxonid").to_vec()),
        ("educationalContexts", node.prop("ccm:educationalcontext").to_vec()),
        ("userRoles", node.prop(card::user_role_property(node)).to_vec()),
        ("learningResourceTypes", node.learning_resource_types().uris.to_vec()),
        (
            "license",
            node.first("ccm:commonlicense_key")
                .map(|k| vec![k.to_string()])
                .unwrap_or_default(),
        ),
    ]
}

fn raw(node: &Node) -> Value {
    let mut map = serde_json::Map::new();
    for (label, values) in raw_lists(node) {
        if label == "license" {
            map.insert(label.into(), json!(values.first().cloned().unwrap_or_default()));
        } else {
            map.insert(label.into(), json!(values));
        }
    }
    Value::Object(map)
}
