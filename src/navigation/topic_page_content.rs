//! `get_topic_page_content`: what one collection's topic page (Themenseite)
//! shows, lane by lane.
//!
//! Chain: the collection's `ccm:page_config_ref` names its config folder;
//! the folder's `ccm:page_config` (`{variants: [ref…], default?}`) orders its
//! direct children, the page variants; a variant's `ccm:page_variant_config`
//! holds `structure.swimlanes[].grid[]`, whose items name widget nodes (see
//! [`super::page_widgets`]).
//!
//! Round trips: the collection; then the folder's children and its page
//! config together; then, for every lane at once, each widget's settings
//! followed directly by the material they name. All reads of a call share the
//! per-call fan-out bound, which splits a large page into as many waves as
//! it needs.
//!
//! Variant: usable = a JSON-object config and not a template (as in
//! `search_wlo_topic_pages`); order = `default`, then `variants[]`, then the
//! rest in repository order (refs to missing variants are never read). With a
//! target group, the first usable variant of that group, else the first.
//!
//! Lanes: at most [`MAX_LANES`]; per lane the first [`MAX_WIDGETS_PER_LANE`]
//! widgets that can hold material are read in parallel, and the first in
//! lane order that shows material fills the lane. A broken or failing widget
//! empties only its lane, with a warning.

use std::sync::Arc;

use futures::future::join_all;
use serde_json::Value;

use super::NavError;
use super::page_widgets::{WidgetRead, WidgetRef, read_widget};
use super::topic_pages::{PageConfig, is_placeholder_title, is_usable, read_config};
use crate::app::App;
use crate::ids::NodeId;
use crate::upstream::{Node, Props, UpstreamError};
use crate::vocab;

/// Lanes shown at most.
pub const MAX_LANES: usize = 12;
/// Widgets read per lane at most.
pub const MAX_WIDGETS_PER_LANE: usize = 4;

const COLLECTION_KEYS: &[&str] = &["ccm:page_config_ref", "cclom:title", "cm:title", "cm:name"];

/// What the caller asked for.
#[derive(Debug, Clone)]
pub struct PageContentQuery {
    pub collection_id: NodeId,
    /// `teacher`, `learner` or `general`.
    pub target_group: Option<String>,
    /// Cards per lane (1–10).
    pub cards: usize,
}

/// Why a collection's answer has no lanes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EmptyReason {
    /// The collection has no `ccm:page_config_ref`.
    NoPageConfigRef,
    /// Its config folder holds no usable variant (or is gone).
    NoVariant,
    /// The chosen variant's config has no swimlanes.
    EmptyConfig,
}

impl EmptyReason {
    /// The documented code (`reason` in JSON).
    pub fn code(self) -> &'static str {
        match self {
            EmptyReason::NoPageConfigRef => "no_page_config_ref",
            EmptyReason::NoVariant => "no_variant",
            EmptyReason::EmptyConfig => "empty_config",
        }
    }
}

/// Something the answer could not show; the tools layer words it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PageWarning {
    /// The config folder named by the collection does not exist.
    ConfigFolderMissing { folder_id: String },
    /// The folder's `ccm:page_config` could not be read: repository order.
    VariantOrderUnavailable(UpstreamError),
    /// The variant has more lanes than are shown.
    LanesCut { total: usize },
    /// A widget's `ccm:widget_config` is not a JSON object.
    WidgetBroken {
        lane: usize,
        heading: String,
        widget_id: String,
    },
    /// A widget, or the material it names, could not be read.
    WidgetFailed {
        lane: usize,
        heading: String,
        widget_id: String,
        error: UpstreamError,
    },
}

/// The collection the page belongs to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageCollection {
    pub node_id: String,
    pub title: String,
    /// `None` when the collection has no topic page.
    pub topic_page_url: Option<String>,
}

/// The variant shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChosenVariant {
    pub variant_id: String,
    /// `cclom:title` unless it is a placeholder; else `""`.
    pub title: String,
    /// Slug (`teacher`, `learner`, `general`); `""` when unset.
    pub target_group: String,
}

/// One swimlane.
#[derive(Debug, Clone)]
pub struct Lane {
    /// The lane's `heading` (trimmed; may be `""`).
    pub heading: String,
    pub nodes: Vec<Arc<Node>>,
    /// The winning widget has more material than is shown.
    pub has_more: bool,
}

/// The answer.
#[derive(Debug, Clone)]
pub struct PageContent {
    pub collection: PageCollection,
    pub variant: Option<ChosenVariant>,
    pub lanes: Vec<Lane>,
    pub reason: Option<EmptyReason>,
    pub warnings: Vec<PageWarning>,
}

impl PageContent {
    /// Cards over all lanes.
    pub fn card_count(&self) -> usize {
        self.lanes.iter().map(|l| l.nodes.len()).sum()
    }
}

/// Read a topic page's content (see the module docs).
pub async fn page_content(app: &App, query: &PageContentQuery) -> Result<PageContent, NavError> {
    let id = query.collection_id.as_str();
    let node = match app
        .upstream
        .metadata(&query.collection_id, Props::Keys(COLLECTION_KEYS))
        .await
    {
        Ok(node) => node,
        Err(UpstreamError::NotFound) => return Err(NavError::NotFound(id.to_string())),
        Err(error) => return Err(NavError::Upstream(error)),
    };
    let node_id = if node.id().is_empty() { id } else { node.id() }.to_string();
    let mut content = PageContent {
        collection: PageCollection {
            title: node.display_title().trim().to_string(),
            topic_page_url: None,
            node_id,
        },
        variant: None,
        lanes: Vec::new(),
        reason: None,
        warnings: Vec::new(),
    };
    let Some(folder_id) = node.page_config_ref().map(str::to_string) else {
        content.reason = Some(EmptyReason::NoPageConfigRef);
        return Ok(content);
    };
    content.collection.topic_page_url = Some(app.topic_page_url(&content.collection.node_id));

    let read = read_config(app, &folder_id).await;
    let children = match read.children {
        Ok(list) => Arc::unwrap_or_clone(list).nodes,
        Err(UpstreamError::NotFound) => {
            content.warnings.push(PageWarning::ConfigFolderMissing { folder_id });
            Vec::new()
        }
        Err(error) => return Err(NavError::Upstream(error)),
    };
    let page_config = match &read.config {
        Ok(folder) => PageConfig::of(folder),
        Err(error) => {
            if error.is_repository_failure() {
                content
                    .warnings
                    .push(PageWarning::VariantOrderUnavailable(error.clone()));
            }
            PageConfig::default()
        }
    };
    let wanted = query
        .target_group
        .as_deref()
        .map(vocab::target_group_slug)
        .filter(|s| !s.is_empty());
    let Some(variant) = choose_variant(children, &page_config, wanted.as_deref()) else {
        content.reason = Some(EmptyReason::NoVariant);
        return Ok(content);
    };
    let title = variant.first("cclom:title").unwrap_or("").trim();
    content.variant = Some(ChosenVariant {
        variant_id: variant.id().to_string(),
        title: if is_placeholder_title(title) {
            String::new()
        } else {
            title.to_string()
        },
        target_group: vocab::target_group_slug(variant.first("ccm:page_variant_profiling_target_group").unwrap_or("")),
    });

    let lanes = lanes_of(variant.first("ccm:page_variant_config").unwrap_or(""));
    if lanes.is_empty() {
        content.reason = Some(EmptyReason::EmptyConfig);
        return Ok(content);
    }
    if lanes.len() > MAX_LANES {
        content.warnings.push(PageWarning::LanesCut { total: lanes.len() });
    }
    let shown: Vec<LaneSpec> = lanes.into_iter().take(MAX_LANES).collect();
    let reads = join_all(shown.iter().map(|lane| {
        join_all(
            lane.widgets
                .iter()
                .take(MAX_WIDGETS_PER_LANE)
                .map(|w| read_widget(app, w, query.cards)),
        )
    }))
    .await;
    for (index, (lane, reads)) in shown.into_iter().zip(reads).enumerate() {
        content.lanes.push(fill_lane(index, lane, reads, &mut content.warnings));
    }
    Ok(content)
}

/// The variant to show (see the module docs).
fn choose_variant(children: Vec<Node>, page_config: &PageConfig, target_group: Option<&str>) -> Option<Node> {
    let mut usable: Vec<(usize, Node)> = children
        .into_iter()
        .filter(|n| !n.id().is_empty() && is_usable(n))
        .enumerate()
        .collect();
    usable.sort_by_key(|(position, n)| (page_config.rank(n.id()), *position));
    let of_group = target_group.and_then(|wanted| {
        usable.iter().position(|(_, n)| {
            vocab::target_group_slug(n.first("ccm:page_variant_profiling_target_group").unwrap_or("")) == wanted
        })
    });
    let index = of_group.unwrap_or(0);
    (index < usable.len()).then(|| usable.swap_remove(index).1)
}

/// One swimlane as configured.
#[derive(Debug, Clone, PartialEq, Eq)]
struct LaneSpec {
    heading: String,
    /// The grid items that name widgets able to hold material, in lane order.
    widgets: Vec<WidgetRef>,
}

/// `structure.swimlanes` of a variant config; anything unreadable is no lanes.
fn lanes_of(raw: &str) -> Vec<LaneSpec> {
    let Ok(config) = serde_json::from_str::<Value>(raw) else {
        return Vec::new();
    };
    let Some(Value::Array(swimlanes)) = config.pointer("/structure/swimlanes") else {
        return Vec::new();
    };
    swimlanes
        .iter()
        .filter(|lane| lane.is_object())
        .map(|lane| LaneSpec {
            heading: lane
                .get("heading")
                .and_then(Value::as_str)
                .unwrap_or("")
                .trim()
                .to_string(),
            widgets: match lane.get("grid") {
                Some(Value::Array(grid)) => grid.iter().filter_map(WidgetRef::of_grid_item).collect(),
                _ => Vec::new(),
            },
        })
        .collect()
}

/// The lane's cards: the first widget in lane order that shows material.
/// Broken or failing widgets before it (all of them when none wins) are reported.
fn fill_lane(index: usize, spec: LaneSpec, reads: Vec<WidgetRead>, warnings: &mut Vec<PageWarning>) -> Lane {
    let mut lane = Lane {
        heading: spec.heading,
        nodes: Vec::new(),
        has_more: false,
    };
    for (widget, read) in spec.widgets.iter().zip(reads) {
        match read {
            WidgetRead::Items { nodes, has_more } if !nodes.is_empty() => {
                lane.nodes = nodes;
                lane.has_more = has_more;
                break;
            }
            WidgetRead::Items { .. } => {}
            WidgetRead::Broken => warnings.push(PageWarning::WidgetBroken {
                lane: index,
                heading: lane.heading.clone(),
                widget_id: widget.node_id.clone(),
            }),
            WidgetRead::Failed(error) => warnings.push(PageWarning::WidgetFailed {
                lane: index,
                heading: lane.heading.clone(),
                widget_id: widget.node_id.clone(),
                error,
            }),
        }
    }
    lane
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn variant(id: &str, group: Option<&str>, template: bool) -> Node {
        let mut props = json!({
            "ccm:page_variant_config": ["{\"structure\": {\"swimlanes\": []}}"],
            "ccm:page_variant_is_template": [if template { "true" } else { "false" }],
        });
        if let Some(g) = group {
            props["ccm:page_variant_profiling_target_group"] = json!([g]);
        }
        serde_json::from_value(json!({"ref": {"id": id}, "properties": props})).unwrap()
    }

    fn config(variants: &[&str], default: Option<&str>) -> PageConfig {
        let mut doc =
            json!({"variants": variants.iter().map(|v| format!("workspace://SpacesStore/{v}")).collect::<Vec<_>>()});
        if let Some(d) = default {
            doc["default"] = json!(format!("workspace://SpacesStore/{d}"));
        }
        let folder: Node =
            serde_json::from_value(json!({"properties": {"ccm:page_config": [doc.to_string()]}})).unwrap();
        PageConfig::of(&folder)
    }

    fn chosen(children: &[Node], cfg: &PageConfig, group: Option<&str>) -> Option<String> {
        choose_variant(children.to_vec(), cfg, group).map(|n| n.id().to_string())
    }

    #[test]
    fn variant_order_default_then_list_then_rest() {
        let children = [
            variant("rest", None, false),
            variant("b", Some("learner"), false),
            variant("a", Some("ccrep://repo/teacher"), false),
            variant("tpl", Some("general"), true),
        ];
        // Default first, wherever it is listed.
        assert_eq!(
            chosen(&children, &config(&["b", "a"], Some("a")), None).as_deref(),
            Some("a")
        );
        // No default: variants[] order; a dangling ref is skipped.
        assert_eq!(
            chosen(&children, &config(&["gone", "b", "a"], None), None).as_deref(),
            Some("b")
        );
        // Unlisted variants come after the listed ones, in repository order.
        assert_eq!(chosen(&children, &config(&[], None), None).as_deref(), Some("rest"));
        // A target group picks its first usable variant (URIs compare by slug) …
        assert_eq!(
            chosen(&children, &config(&["b", "a"], Some("b")), Some("teacher")).as_deref(),
            Some("a")
        );
        // … a template never, and without a match the first usable one is shown.
        assert_eq!(
            chosen(&children, &config(&["b", "a"], Some("b")), Some("general")).as_deref(),
            Some("b")
        );
        assert_eq!(
            chosen(&[variant("tpl", None, true)], &config(&["tpl"], Some("tpl")), None),
            None
        );
        assert_eq!(chosen(&[], &PageConfig::default(), Some("teacher")), None);
    }

    #[test]
    fn lanes_are_read_leniently() {
        let w = |n: u8| format!("00000000-0000-4000-a000-0000000000{n:02}");
        let raw = json!({"structure": {"swimlanes": [
            {"heading": " Einstieg ", "grid": [
                {"item": "text", "nodeId": w(1)},
                {"item": "content-teaser"},
                {"item": "content-teaser", "nodeId": format!("workspace://SpacesStore/{}", w(2))},
            ]},
            "not a lane",
            {"grid": "oops"},
        ]}})
        .to_string();
        let lanes = lanes_of(&raw);
        assert_eq!(lanes.len(), 2);
        assert_eq!(lanes[0].heading, "Einstieg");
        let ids: Vec<&str> = lanes[0].widgets.iter().map(|w| w.node_id.as_str()).collect();
        assert_eq!(ids, [w(2).as_str()]);
        assert_eq!(
            lanes[1],
            LaneSpec {
                heading: String::new(),
                widgets: Vec::new()
            }
        );
        for raw in [
            "",
            "{oops",
            "[]",
            "{\"structure\": {}}",
            "{\"structure\": {\"swimlanes\": {}}}",
        ] {
            assert!(lanes_of(raw).is_empty(), "{raw}");
        }
    }

    #[test]
    fn the_first_widget_with_material_fills_the_lane() {
        let node: Arc<Node> = Arc::new(serde_json::from_value(json!({"ref": {"id": "n"}})).unwrap());
        let spec = LaneSpec {
            heading: "L".into(),
            widgets: (1..=4)
                .map(|i| WidgetRef {
                    item: "content-teaser".into(),
                    node_id: format!("w{i}"),
                })
                .collect(),
        };
        let reads = vec![
            WidgetRead::Broken,
            WidgetRead::Items {
                nodes: Vec::new(),
                has_more: true,
            },
            WidgetRead::Items {
                nodes: vec![node.clone()],
                has_more: true,
            },
            WidgetRead::Failed(UpstreamError::Timeout),
        ];
        let mut warnings = Vec::new();
        let lane = fill_lane(3, spec.clone(), reads, &mut warnings);
        assert_eq!(lane.nodes.len(), 1);
        assert!(lane.has_more);
        // Only the broken widget before the winner is reported.
        assert_eq!(
            warnings,
            [PageWarning::WidgetBroken {
                lane: 3,
                heading: "L".into(),
                widget_id: "w1".into()
            }]
        );
        let mut warnings = Vec::new();
        let lane = fill_lane(0, spec, vec![WidgetRead::Failed(UpstreamError::Timeout)], &mut warnings);
        assert!(lane.nodes.is_empty() && !lane.has_more);
        assert_eq!(warnings.len(), 1);
    }
}
