//! `browse_collection_tree`: the sub-collections of one collection, one or
//! two levels deep, optionally with file counts.

use std::fmt::Write;

use serde_json::{Value, json};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::messages::{German, nav_warnings};
use super::params::{self, Bounded, Flag, NodeIdArg, Output};
use super::{ArgError, Args, Format, NodeRef, ToolResponse};
use crate::app::App;
use crate::card::{FormattedNode, one_line};
use crate::navigation::tree::{self, MAX_CHILDREN_PER_PARENT, MAX_NODES, Tree, TreeNode, TreeQuery};

pub const NAME: &str = "browse_collection_tree";
pub const TITLE: &str = "WLO-Sammlungsbaum";
pub const DESCRIPTION: &str = "Drill down into the sub-collections of one WLO collection (nodeId, a UUID; get_subject_portals gives the portal ids). depth 1 lists the direct sub-collections, depth 2 also their children (at most 10 per collection and 150 nodes in all; cut nodes carry hasMoreChildren and can be opened with another browse_collection_tree call). includeContentCounts adds fileCount (number of materials) per collection. Alphabetical (German collation).";

const ID_TIP: &str = "Tipp: get_subject_portals liefert die nodeIds der Fachportale.";

/// The arguments of `browse_collection_tree`.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct Params {
    /// nodeId (UUID) of the parent collection, e.g. from get_subject_portals.
    node_id: NodeIdArg,
    /// 1 = direct sub-collections, 2 = also their children.
    #[serde(default)]
    depth: Bounded<1, 2, 1>,
    /// Add fileCount (number of materials) per collection.
    #[serde(default)]
    include_content_counts: Flag<false>,
    /// Maximum number of direct sub-collections.
    #[serde(default)]
    max_results: Bounded<1, 100, 50>,
    #[serde(flatten)]
    output: Output<false>,
}

/// The arguments; a bad or missing nodeId also says where the ids come from.
pub(super) fn decode(args: &Args) -> Result<Params, ToolResponse> {
    params::decode(args).map_err(|error| {
        if error.key == "nodeId" {
            ArgError(format!("{} {ID_TIP}", error.error.0)).into()
        } else {
            error.into()
        }
    })
}

pub(super) async fn call(app: &App, params: Params) -> ToolResponse {
    let query = TreeQuery {
        node_id: params.node_id.0,
        depth: params.depth.get() as u8,
        include_counts: params.include_content_counts.get(),
        max_results: params.max_results.get() as u32,
    };
    let format = params.output.format();
    match tree::browse(app, &query).await {
        Ok(tree) => match format {
            Format::Json => ToolResponse::json(to_json(app, &tree)),
            Format::Markdown => ToolResponse::text(to_markdown(app, &tree)),
        }
        .found(tree.nodes.len()),
        Err(error) => ToolResponse::error(error.german()),
    }
}

/// The JSON answer, in documented key order.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TreeView<'a> {
    parent: NodeRef<'a>,
    depth: u8,
    total: u64,
    truncated: bool,
    results: Vec<TreeNodeView>,
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    warnings: &'a [String],
}

/// One sub-collection: its card, its file count when asked for, and at
/// depth 2 (level 1 only) whether children were cut and the shown children.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TreeNodeView {
    #[serde(flatten)]
    card: FormattedNode,
    #[serde(skip_serializing_if = "Option::is_none")]
    file_count: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    has_more_children: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    children: Option<Vec<TreeNodeView>>,
}

fn node_view(app: &App, node: &TreeNode) -> TreeNodeView {
    TreeNodeView {
        card: app.card(&node.node),
        file_count: node.file_count,
        has_more_children: node.children.as_ref().map(|_| node.has_more_children),
        children: node
            .children
            .as_ref()
            .map(|children| children.iter().map(|c| node_view(app, c)).collect()),
    }
}

fn to_json(app: &App, tree: &Tree) -> Value {
    json!(TreeView {
        parent: NodeRef {
            node_id: &tree.parent_id,
            title: &tree.parent_title,
        },
        depth: tree.depth,
        total: tree.total,
        truncated: tree.truncated,
        results: tree.nodes.iter().map(|n| node_view(app, n)).collect(),
        warnings: &nav_warnings(&tree.warnings),
    })
}

fn to_markdown(app: &App, tree: &Tree) -> String {
    let name = if tree.parent_title.is_empty() {
        tree.parent_id.clone()
    } else {
        one_line(&tree.parent_title)
    };
    let mut out = format!("Unter-Sammlungen von „{name}“: {}", tree.total);
    let _ = write!(out, "\nSammlung-nodeId: {}", tree.parent_id);
    let _ = write!(out, "\nTiefe: {}", tree.depth);
    for warning in nav_warnings(&tree.warnings) {
        let _ = write!(out, "\n⚠ {warning}");
    }
    if tree.nodes.is_empty() {
        out.push_str("\n\nKeine Unter-Sammlungen gefunden.");
        return out;
    }
    if (tree.nodes.len() as u64) < tree.total {
        let _ = write!(
            out,
            "\nHinweis: {} von {} Unter-Sammlungen angezeigt (maxResults bis 100 erhöhen).",
            tree.nodes.len(),
            tree.total
        );
    }
    if tree.nodes.iter().any(|n| n.has_more_children) {
        let _ = write!(
            out,
            "\nHinweis: höchstens {MAX_CHILDREN_PER_PARENT} Unter-Sammlungen je Sammlung und {MAX_NODES} Einträge insgesamt; weitere mit browse_collection_tree und der jeweiligen nodeId."
        );
    }
    for node in &tree.nodes {
        out.push_str("\n\n");
        out.push_str(&app.card(&node.node).card(Some(200)));
        if let Some(count) = node.file_count {
            let _ = write!(out, "\nInhalte: {count}");
        }
        let Some(children) = &node.children else { continue };
        if children.is_empty() && !node.has_more_children {
            out.push_str("\nUnter-Sammlungen: keine");
            continue;
        }
        let _ = write!(out, "\nUnter-Sammlungen ({} angezeigt):", children.len());
        for child in children {
            // A child line shows only title and id: no full card to format.
            let title = child.node.display_title().trim();
            let title = if title.is_empty() {
                "(ohne Titel)".to_string()
            } else {
                one_line(title)
            };
            let _ = write!(out, "\n- {title} (nodeId: {}", child.node.id());
            if let Some(count) = child.file_count {
                let _ = write!(out, ", Inhalte: {count}");
            }
            out.push(')');
        }
        if node.has_more_children {
            let _ = write!(
                out,
                "\n- … weitere Unter-Sammlungen: browse_collection_tree mit nodeId {} aufrufen.",
                node.node.id()
            );
        }
    }
    out
}
