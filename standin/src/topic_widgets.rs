//! The widget nodes of the topic pages: what a page shows, lane by lane.
//!
//! A variant's swimlane grid items name widget nodes (`WIDGET_<uuid>`,
//! children of the variant), and a widget node holds its settings as a JSON
//! string in `ccm:widget_config`. Generated after the rest of the corpus,
//! from its own random stream, so the other nodes' ids do not depend on it.
//!
//! * Every valid variant config's media item gets a widget whose
//!   `selectedNodeId` is the content node the config names.
//! * Mathematik's teacher variant (the default) gets one lane per widget
//!   shape and quirk: a selected node behind an `ai-text` widget; a property
//!   filter search; sorted store refs (more than the default card count); a
//!   `text` widget without config before a filter; invalid widget JSON; a
//!   lane with six widgets whose first four show nothing; two widgets that
//!   both show material; a grid item without a widget node.
//! * Mathematik's learner variant has [`MANY_LANES`] lanes of three widgets.
//! * Photosynthese's only variant has a config without swimlanes.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::corpus::{Corpus, NodeKind, NodeRecord, STORE_REF_PREFIX};
use crate::rng::SplitMix64;
use crate::vocab::EDU_CONTEXT;

/// Lanes of the learner variant (more than a page shows).
pub const MANY_LANES: usize = 14;

/// The ids tests need (part of [`crate::WellKnown`]).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TopicContentIds {
    /// Mathematik's teacher variant: one lane per widget shape.
    pub rich_variant: String,
    /// Mathematik's learner variant: [`MANY_LANES`] lanes.
    pub many_lanes_variant: String,
    /// A collection whose only variant has no swimlanes.
    pub empty_config_collection: String,
    /// `ai-text` widget (never read).
    pub ai_text_widget: String,
    /// `selectedNodeId` widget.
    pub selected_widget: String,
    /// `propertyFilters` widget (Mathematik's discipline).
    pub filter_widget: String,
    /// `sortedNodeIds` widget (five store refs).
    pub sorted_widget: String,
    /// `text` widget without `ccm:widget_config` (never read).
    pub text_widget: String,
    /// `propertyFilters` widget after the text widget (discipline + resource type).
    pub worksheet_widget: String,
    /// `ccm:widget_config` that is not JSON.
    pub broken_widget: String,
    /// Six widgets of one lane; the first four show nothing.
    pub crowded_widgets: Vec<String>,
    /// Two widgets of one lane that both show material.
    pub first_wins_widgets: Vec<String>,
}

/// The lane headings of the teacher variant, in order.
pub const RICH_LANES: [&str; 8] = [
    "Einstieg",
    "Neu in Mathematik",
    "Redaktionelle Auswahl",
    "Arbeitsblätter",
    "Defektes Widget",
    "Viele Widgets",
    "Zwei Kandidaten",
    "Materialien",
];

struct Builder<'c> {
    corpus: &'c mut Corpus,
    rng: SplitMix64,
}

impl Builder<'_> {
    fn new_id(&mut self) -> String {
        loop {
            let id = self.rng.uuid();
            if !self.corpus.nodes.iter().any(|n| n.id == id) {
                return id;
            }
        }
    }

    /// A widget node below `variant` with an optional raw `ccm:widget_config`.
    fn widget(&mut self, variant: &str, config: Option<&str>) -> String {
        let id = self.new_id();
        let Some(parent) = self.corpus.nodes.iter().find(|n| n.id == variant).cloned() else {
            return id;
        };
        let name = format!("WIDGET_{id}");
        let mut r: NodeRecord = parent;
        r.kind = NodeKind::Widget;
        r.parent_id = Some(variant.to_string());
        r.depth += 1;
        r.title = name.clone();
        r.name = name.clone();
        r.educational_contexts = Vec::new();
        r.topic = None;
        let created = r.properties.get("cm:created").cloned().unwrap_or_default();
        let modified = r.properties.get("cm:modified").cloned().unwrap_or_default();
        r.properties.clear();
        r.properties.insert("sys:node-uuid".into(), vec![id.clone()]);
        r.properties
            .insert("virtual:primaryparent_nodeid".into(), vec![variant.to_string()]);
        r.properties.insert("cm:name".into(), vec![name]);
        r.properties.insert("cm:created".into(), created);
        r.properties.insert("cm:modified".into(), modified);
        if let Some(config) = config {
            r.properties
                .insert("ccm:widget_config".into(), vec![config.to_string()]);
        }
        r.id = id.clone();
        self.corpus.nodes.push(r);
        id
    }

    fn set_config(&mut self, variant: &str, config: String) {
        if let Some(v) = self.corpus.nodes.iter_mut().find(|n| n.id == variant) {
            v.properties.insert("ccm:page_variant_config".into(), vec![config]);
        }
    }

    fn config_of(&self, variant: &str) -> Option<String> {
        let v = self.corpus.nodes.iter().find(|n| n.id == variant)?;
        v.prop("ccm:page_variant_config").map(str::to_string)
    }
}

fn js(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_else(|_| "\"\"".to_string())
}

fn store_ref(id: &str) -> String {
    format!("{STORE_REF_PREFIX}{id}")
}

fn selected(id: &str) -> String {
    format!("{{\"selectedNodeId\": {}}}", js(&store_ref(id)))
}

fn sorted(ids: &[&str]) -> String {
    let refs: Vec<String> = ids.iter().map(|id| js(&store_ref(id))).collect();
    format!("{{\"sortedNodeIds\": [{}], \"layout\": \"grid\"}}", refs.join(", "))
}

fn filters(pairs: &[(&str, &str)]) -> String {
    let parts: Vec<String> = pairs.iter().map(|(k, v)| format!("{}: [{}]", js(k), js(v))).collect();
    format!(
        "{{\"propertyFilters\": {{{}}}, \"sortBy\": \"score\"}}",
        parts.join(", ")
    )
}

/// One grid item; `None` = an item without a widget node.
fn item(kind: &str, widget: Option<&str>) -> String {
    match widget {
        Some(id) => format!("{{\"item\": {}, \"nodeId\": {}}}", js(kind), js(&store_ref(id))),
        None => format!("{{\"item\": {}}}", js(kind)),
    }
}

fn lane(heading: &str, items: &[String]) -> String {
    format!(
        "{{\"heading\": {}, \"type\": \"default\", \"grid\": [{}]}}",
        js(heading),
        items.join(", ")
    )
}

/// A variant config with these lanes; keeps the `variables` of `old`.
fn page(lanes: &[String], old: Option<&str>) -> String {
    let variables = old
        .and_then(|o| serde_json::from_str::<Value>(o).ok())
        .and_then(|v| v.get("variables").map(Value::to_string))
        .unwrap_or_else(|| "{}".to_string());
    format!(
        "{{\"structure\": {{\"swimlanes\": [{}]}}, \"variables\": {variables}}}",
        lanes.join(", ")
    )
}

/// Add the widgets (see the module docs). Call before indexing the corpus.
pub(crate) fn add(corpus: &mut Corpus) {
    let mut b = Builder {
        rng: SplitMix64::new(corpus.seed ^ 0x0057_1D6E_7500),
        corpus,
    };
    let wk = b.corpus.well_known.clone();
    let math = wk.two_variant_collection.clone();
    let math_uri = b
        .corpus
        .nodes
        .iter()
        .find(|n| n.id == math)
        .and_then(|n| n.subject_uri.clone())
        .unwrap_or_default();
    // Mathematik's material in creation order.
    let material: Vec<(String, Option<String>)> = b
        .corpus
        .nodes
        .iter()
        .filter(|n| {
            n.kind == NodeKind::Content
                && n.portal_id.as_deref() == Some(math.as_str())
                && n.is_public
                && !n.index_only
                && !n.is_deleted_placeholder
        })
        .map(|n| (n.id.clone(), n.prop("ccm:oeh_lrt_aggregated").map(str::to_string)))
        .collect();
    if material.len() < 12 {
        return;
    }
    let m = |i: usize| material[i % material.len()].0.as_str();
    let worksheet_type = material.iter().find_map(|(_, t)| t.clone()).unwrap_or_default();
    let mut ids = TopicContentIds::default();

    // The teacher variant: one lane per shape.
    let rich = wk.teacher_variant.clone();
    let old = b.config_of(&rich);
    ids.rich_variant = rich.clone();
    ids.ai_text_widget = b.widget(&rich, Some("{\"prompt\": \"Fasse das Thema zusammen.\"}"));
    ids.selected_widget = b.widget(&rich, Some(&selected(m(0))));
    ids.filter_widget = b.widget(&rich, Some(&filters(&[("ccm:taxonid", &math_uri)])));
    ids.sorted_widget = b.widget(&rich, Some(&sorted(&[m(1), m(2), m(3), m(4), m(5)])));
    ids.text_widget = b.widget(&rich, None);
    ids.worksheet_widget = b.widget(
        &rich,
        Some(&filters(&[
            ("ccm:taxonid", &math_uri),
            ("ccm:oeh_lrt_aggregated", &worksheet_type),
        ])),
    );
    ids.broken_widget = b.widget(&rich, Some("{\"propertyFilters\": {\"ccm:taxonid\": [\"unterbrochen"));
    let nowhere = format!("{EDU_CONTEXT}nirgendwo");
    let crowded = [
        Some(filters(&[("ccm:educationalcontext", &nowhere)])),
        None,
        Some("{}".to_string()),
        Some("{\"sortedNodeIds\": []}".to_string()),
        Some(selected(m(6))),
        Some(selected(m(7))),
    ];
    ids.crowded_widgets = crowded.iter().map(|c| b.widget(&rich, c.as_deref())).collect();
    ids.first_wins_widgets = vec![
        b.widget(&rich, Some(&selected(m(8)))),
        b.widget(&rich, Some(&selected(m(9)))),
    ];
    let lanes = [
        lane(
            RICH_LANES[0],
            &[
                item("ai-text", Some(&ids.ai_text_widget)),
                item("wlo-media-rendering", Some(&ids.selected_widget)),
            ],
        ),
        lane(RICH_LANES[1], &[item("wlo-content-teaser", Some(&ids.filter_widget))]),
        lane(RICH_LANES[2], &[item("content-teaser", Some(&ids.sorted_widget))]),
        lane(
            RICH_LANES[3],
            &[
                item("text", Some(&ids.text_widget)),
                item("content-teaser", Some(&ids.worksheet_widget)),
            ],
        ),
        lane(RICH_LANES[4], &[item("wlo-content-teaser", Some(&ids.broken_widget))]),
        lane(
            RICH_LANES[5],
            &ids.crowded_widgets
                .iter()
                .map(|w| item("content-teaser", Some(w)))
                .collect::<Vec<_>>(),
        ),
        lane(
            RICH_LANES[6],
            &ids.first_wins_widgets
                .iter()
                .map(|w| item("media-rendering", Some(w)))
                .collect::<Vec<_>>(),
        ),
        lane(RICH_LANES[7], &[item("content-teaser", None)]),
    ];
    b.set_config(&rich, page(&lanes, old.as_deref()));

    // The learner variant: more lanes than a page shows.
    let many = wk.learner_variant.clone();
    let old = b.config_of(&many);
    ids.many_lanes_variant = many.clone();
    let sek1 = format!("{EDU_CONTEXT}sekundarstufe_1");
    let mut lanes = Vec::new();
    for i in 0..MANY_LANES {
        let first: Vec<&str> = (0..6).map(|k| m(10 + i * 3 + k)).collect();
        let w1 = b.widget(&many, Some(&sorted(&first)));
        let w2 = b.widget(&many, Some(&selected(m(40 + i))));
        let w3 = b.widget(
            &many,
            Some(&filters(&[
                ("ccm:taxonid", &math_uri),
                ("ccm:educationalcontext", &sek1),
            ])),
        );
        lanes.push(lane(
            &format!("Thema {}", i + 1),
            &[
                item("content-teaser", Some(&w1)),
                item("wlo-media-rendering", Some(&w2)),
                item("wlo-content-teaser", Some(&w3)),
            ],
        ));
    }
    b.set_config(&many, page(&lanes, old.as_deref()));

    // Photosynthese: a config without swimlanes.
    let photo = b
        .corpus
        .topic_pages
        .iter()
        .find(|p| p.collection_id == wk.photosynthese)
        .and_then(|p| p.variant_ids.first().cloned());
    if let Some(variant) = photo {
        let old = b.config_of(&variant);
        b.set_config(&variant, page(&[], old.as_deref()));
        ids.empty_config_collection = wk.photosynthese.clone();
    }

    // Every other valid config: its media item names a widget, not the content itself.
    let variants: Vec<String> = b
        .corpus
        .nodes
        .iter()
        .filter(|n| n.kind == NodeKind::Variant && n.id != rich && n.id != many)
        .map(|n| n.id.clone())
        .collect();
    for variant in variants {
        let Some(config) = b.config_of(&variant) else {
            continue;
        };
        let Ok(doc) = serde_json::from_str::<Value>(&config) else {
            continue;
        };
        let named: Vec<String> = doc
            .pointer("/structure/swimlanes")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|lane| lane.get("grid").and_then(Value::as_array))
            .flatten()
            .filter_map(|item| item.get("nodeId").and_then(Value::as_str))
            .map(|r| r.trim_start_matches(STORE_REF_PREFIX).to_string())
            .collect();
        let mut rewritten = config.clone();
        for content in named {
            let widget = b.widget(&variant, Some(&selected(&content)));
            rewritten = rewritten.replace(&store_ref(&content), &store_ref(&widget));
        }
        b.set_config(&variant, rewritten);
    }
    b.corpus.well_known.topic_content = ids;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::corpus::DEFAULT_SEED;

    #[test]
    fn every_named_widget_exists_below_its_variant() {
        for seed in [0, 7, DEFAULT_SEED] {
            let c = Corpus::generate(seed);
            let ids = &c.well_known.topic_content;
            let widget = |id: &str, variant: &str| {
                let n = c.get(id).unwrap_or_else(|| panic!("seed {seed}: {id} missing"));
                assert_eq!(n.kind, NodeKind::Widget);
                assert_eq!(n.parent_id.as_deref(), Some(variant));
                assert!(n.name.starts_with("WIDGET_"));
            };
            let rich = ids.rich_variant.as_str();
            for id in [
                &ids.ai_text_widget,
                &ids.selected_widget,
                &ids.filter_widget,
                &ids.sorted_widget,
                &ids.text_widget,
                &ids.worksheet_widget,
                &ids.broken_widget,
            ]
            .into_iter()
            .chain(&ids.crowded_widgets)
            .chain(&ids.first_wins_widgets)
            {
                widget(id, rich);
            }
            assert!(c.get(&ids.text_widget).unwrap().prop("ccm:widget_config").is_none());
            let broken = c.get(&ids.broken_widget).unwrap().prop("ccm:widget_config").unwrap();
            assert!(serde_json::from_str::<Value>(broken).is_err());
            // Every grid item with a nodeId names a widget of its own variant.
            for v in c.nodes.iter().filter(|n| n.kind == NodeKind::Variant) {
                let Ok(doc) = serde_json::from_str::<Value>(v.prop("ccm:page_variant_config").unwrap_or("")) else {
                    continue;
                };
                let lanes = doc
                    .pointer("/structure/swimlanes")
                    .and_then(Value::as_array)
                    .cloned()
                    .unwrap_or_default();
                if v.id == ids.many_lanes_variant {
                    assert_eq!(lanes.len(), MANY_LANES);
                }
                for item in lanes.iter().filter_map(|l| l["grid"].as_array()).flatten() {
                    if let Some(r) = item["nodeId"].as_str() {
                        widget(r.trim_start_matches(STORE_REF_PREFIX), &v.id);
                    }
                }
            }
            assert_eq!(c.counts().topic_pages, 10);
        }
    }

    #[test]
    fn widgets_are_deterministic() {
        let a = Corpus::generate(DEFAULT_SEED).to_json();
        assert_eq!(a, Corpus::generate(DEFAULT_SEED).to_json());
    }
}
