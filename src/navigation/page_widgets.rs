//! The widgets of a topic page's swimlanes and the material they show.
//!
//! A swimlane grid item is `{"item": <widget type>, "nodeId"?: <widget node>}`;
//! the widget node holds its settings as a JSON string in
//! `ccm:widget_config`. Three settings hold material, recognised by field
//! (first match wins, in this order):
//! * `propertyFilters` `{property: [values]}`: a content search with those
//!   criteria, `cards` hits; more exist when the total exceeds what is shown;
//! * `sortedNodeIds` (store refs): the first `cards` nodes, one metadata read
//!   each; more exist when the list is longer;
//! * `selectedNodeId`: one node.
//!
//! Nothing validates these documents upstream: a config that is not a JSON
//! object is reported as broken, never an error of the whole answer.

use std::sync::Arc;

use futures::future::join_all;
use serde_json::{Map, Value};

use crate::app::App;
use crate::ids;
use crate::upstream::{Criterion, Node, Props, UpstreamError, listed_id};

/// Grid item types that never show material: they are not read.
pub const TEXT_ONLY_ITEMS: &[&str] = &[
    "text",
    "ai-text",
    "topics-column-browser",
    "wlo-editorial-members",
    "wlo-iframe-widget",
];

const WIDGET_KEYS: &[&str] = &["ccm:widget_config"];

/// One grid item that names a widget node.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WidgetRef {
    /// The grid item's type (`content-teaser`, `text`, …).
    pub item: String,
    /// The widget node (a validated UUID).
    pub node_id: String,
}

impl WidgetRef {
    /// The grid item, when it names a readable widget node of a type that can hold material.
    pub fn of_grid_item(entry: &Value) -> Option<WidgetRef> {
        let item = entry.get("item").and_then(Value::as_str).unwrap_or("").trim();
        if TEXT_ONLY_ITEMS.iter().any(|t| t.eq_ignore_ascii_case(item)) {
            return None;
        }
        let node_id = entry
            .get("nodeId")
            .and_then(Value::as_str)
            .and_then(ids::normalize_node_id)?;
        Some(WidgetRef {
            item: item.to_string(),
            node_id,
        })
    }
}

/// What a widget's settings ask for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// A content search with these criteria.
    Search(Vec<Criterion>),
    /// These nodes, in this order.
    Sorted(Vec<String>),
    /// One node.
    Selected(String),
    /// No material (a text, an empty or unknown setting).
    Nothing,
    /// The value is not a JSON object.
    Broken,
}

impl Source {
    /// Read `ccm:widget_config` (absent: no material).
    pub fn parse(raw: Option<&str>) -> Source {
        let Some(raw) = raw.map(str::trim).filter(|r| !r.is_empty()) else {
            return Source::Nothing;
        };
        let Ok(Value::Object(config)) = serde_json::from_str::<Value>(raw) else {
            return Source::Broken;
        };
        if let Some(Value::Object(filters)) = config.get("propertyFilters") {
            let criteria = criteria(filters);
            if !criteria.is_empty() {
                return Source::Search(criteria);
            }
        }
        if let Some(Value::Array(refs)) = config.get("sortedNodeIds") {
            let mut ids: Vec<String> = Vec::new();
            for id in refs.iter().filter_map(Value::as_str).filter_map(ids::normalize_node_id) {
                if !ids.contains(&id) {
                    ids.push(id);
                }
            }
            if !ids.is_empty() {
                return Source::Sorted(ids);
            }
        }
        if let Some(id) = config
            .get("selectedNodeId")
            .and_then(Value::as_str)
            .and_then(ids::normalize_node_id)
        {
            return Source::Selected(id);
        }
        Source::Nothing
    }
}

/// `{property: [values] | value}` as search criteria in document order, skipping blank values.
fn criteria(filters: &Map<String, Value>) -> Vec<Criterion> {
    let mut out = Vec::new();
    for (property, values) in filters {
        let property = property.trim();
        let values: Vec<String> = match values {
            Value::Array(items) => items
                .iter()
                .filter_map(Value::as_str)
                .map(str::trim)
                .map(str::to_string)
                .collect(),
            Value::String(one) => vec![one.trim().to_string()],
            _ => Vec::new(),
        };
        let values: Vec<String> = values.into_iter().filter(|v| !v.is_empty()).collect();
        if !property.is_empty() && !values.is_empty() {
            out.push(Criterion::new(property, values));
        }
    }
    out
}

/// What reading one widget gave.
#[derive(Debug, Clone)]
pub enum WidgetRead {
    /// The material (possibly none) and whether the widget has more.
    Items { nodes: Vec<Arc<Node>>, has_more: bool },
    /// `ccm:widget_config` is not a JSON object.
    Broken,
    /// A read failed (the widget node, or the search/nodes it names).
    Failed(UpstreamError),
}

impl WidgetRead {
    fn nothing() -> WidgetRead {
        WidgetRead::Items {
            nodes: Vec::new(),
            has_more: false,
        }
    }
}

/// Read a widget's settings, then the material they name (two round trips).
pub async fn read_widget(app: &App, widget: &WidgetRef, cards: usize) -> WidgetRead {
    let read = async {
        app.upstream
            .metadata(&listed_id(&widget.node_id)?, Props::Keys(WIDGET_KEYS))
            .await
    };
    let node = match read.await {
        Ok(node) => node,
        Err(error) => return WidgetRead::Failed(error),
    };
    read_source(app, Source::parse(node.first("ccm:widget_config")), cards).await
}

async fn read_source(app: &App, source: Source, cards: usize) -> WidgetRead {
    match source {
        Source::Nothing => WidgetRead::nothing(),
        Source::Broken => WidgetRead::Broken,
        Source::Search(criteria) => match app.upstream.ngsearch(&criteria, cards as u32, 0, Props::Display).await {
            Ok(list) => {
                let nodes: Vec<Arc<Node>> = list
                    .nodes
                    .iter()
                    .filter(|n| !n.id().is_empty() && !n.is_deleted_placeholder())
                    .take(cards)
                    .map(|n| Arc::new(n.clone()))
                    .collect();
                let has_more = list.pagination.total > nodes.len() as u64;
                WidgetRead::Items { nodes, has_more }
            }
            Err(error) => WidgetRead::Failed(error),
        },
        Source::Sorted(ids) => {
            let has_more = ids.len() > cards;
            read_nodes(app, &ids[..ids.len().min(cards)], has_more).await
        }
        Source::Selected(id) => read_nodes(app, std::slice::from_ref(&id), false).await,
    }
}

/// Named nodes in parallel; a missing or private one is left out. A
/// repository failure fails the widget only when nothing could be read.
async fn read_nodes(app: &App, ids: &[String], has_more: bool) -> WidgetRead {
    let reads = join_all(
        ids.iter()
            .map(|id| async move { app.upstream.metadata(&listed_id(id)?, Props::Display).await }),
    )
    .await;
    let mut nodes = Vec::new();
    let mut failure = None;
    for read in reads {
        match read {
            Ok(node) if !node.is_deleted_placeholder() => nodes.push(node),
            Ok(_) => {}
            Err(error) if error.is_repository_failure() => {
                failure.get_or_insert(error);
            }
            Err(_) => {}
        }
    }
    match failure {
        Some(error) if nodes.is_empty() => WidgetRead::Failed(error),
        _ => WidgetRead::Items { nodes, has_more },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const A: &str = "00000000-0000-4000-a000-000000000001";
    const B: &str = "00000000-0000-4000-a000-000000000002";

    #[test]
    fn grid_items_name_readable_widgets() {
        let w = WidgetRef::of_grid_item(
            &json!({"item": "content-teaser", "nodeId": format!("workspace://SpacesStore/{A}")}),
        );
        assert_eq!(w.unwrap().node_id, A);
        assert!(WidgetRef::of_grid_item(&json!({"item": "content-teaser"})).is_none());
        assert!(WidgetRef::of_grid_item(&json!({"item": "Text", "nodeId": A})).is_none());
        assert!(WidgetRef::of_grid_item(&json!({"item": "x", "nodeId": "../etc"})).is_none());
        assert!(WidgetRef::of_grid_item(&json!({"nodeId": 7})).is_none());
        assert!(WidgetRef::of_grid_item(&json!("text")).is_none());
    }

    #[test]
    fn settings_by_field() {
        let search = Source::parse(Some(
            r#"{"propertyFilters": {"ccm:taxonid": ["u1", " "], "ccm:oeh_lrt_aggregated": "u2", "x": []}}"#,
        ));
        assert_eq!(
            search,
            Source::Search(vec![
                Criterion::new("ccm:taxonid", vec!["u1".into()]),
                Criterion::new("ccm:oeh_lrt_aggregated", vec!["u2".into()]),
            ])
        );
        let sorted = Source::parse(Some(&format!(
            r#"{{"sortedNodeIds": ["workspace://SpacesStore/{A}", "bad", "{B}", "{A}"]}}"#
        )));
        assert_eq!(sorted, Source::Sorted(vec![A.into(), B.into()]));
        assert_eq!(
            Source::parse(Some(&format!(r#"{{"selectedNodeId": "{A}"}}"#))),
            Source::Selected(A.into())
        );
        // Empty settings fall through to the next field, then to nothing.
        assert_eq!(
            Source::parse(Some(&format!(
                r#"{{"propertyFilters": {{}}, "selectedNodeId": "{A}"}}"#
            ))),
            Source::Selected(A.into())
        );
        for raw in [
            None,
            Some(""),
            Some("{}"),
            Some(r#"{"sortedNodeIds": []}"#),
            Some(r#"{"text": "Hallo"}"#),
        ] {
            assert_eq!(Source::parse(raw), Source::Nothing, "{raw:?}");
        }
        for raw in ["{\"propertyFilters\": ", "[1, 2]", "\"text\"", "42"] {
            assert_eq!(Source::parse(Some(raw)), Source::Broken, "{raw:?}");
        }
    }
}
