//! The measured tool calls, with realistic arguments from the stand-in's
//! ground truth and the fewest sequential round trips each one needs.

use serde_json::{Value, json};
use wlo_standin::{Corpus, NodeKind};

use crate::SERVER_FAN_OUT;

#[derive(Debug, Clone)]
pub(crate) struct Case {
    pub(crate) tool: &'static str,
    pub(crate) label: String,
    pub(crate) args: Value,
    /// Ideal sequential upstream round trips.
    pub(crate) ideal: u32,
    /// Not part of the cache repeat check (the health check must really ask).
    pub(crate) skip_cache: bool,
}

pub(crate) fn case(tool: &'static str, label: &str, args: Value, ideal: u32) -> Case {
    Case {
        tool,
        label: label.to_string(),
        args,
        ideal,
        skip_cache: false,
    }
}

/// Browse depth 2 with counts under the per-call fan-out bound.
pub(crate) struct Depth2 {
    /// Level-2 nodes shown (each needs a count read).
    pub(crate) level2: usize,
    /// Fewest sequential waves: the listing, then the level-1 folder listings
    /// and count reads, then the level-2 count reads, each wave cut into
    /// sub-waves of [`SERVER_FAN_OUT`]. With ≤ 16 level-1 and ≤ 32 level-2
    /// nodes this is the 3; wider trees need more, exactly like the
    /// issue's own rule for topic pages mode C (1 + 2 × waves).
    pub(crate) waves: u32,
}

/// [`Depth2`] for `portal`, from the corpus and the server's bounds
/// (`src/navigation/tree.rs`: 10 children per parent, 150 nodes in all).
pub(crate) fn depth2_waves(c: &Corpus, portal: &str) -> Depth2 {
    const MAX_CHILDREN_PER_PARENT: usize = 10;
    const MAX_NODES: usize = 150;
    let children = |id: &str| {
        c.nodes
            .iter()
            .filter(|n| n.parent_id.as_deref() == Some(id) && matches!(n.kind, NodeKind::Collection))
            .map(|n| n.id.as_str())
            .collect::<Vec<_>>()
    };
    let level1 = children(portal);
    let level2: usize = level1
        .iter()
        .map(|id| children(id).len().min(MAX_CHILDREN_PER_PARENT))
        .sum::<usize>()
        .min(MAX_NODES.saturating_sub(level1.len()));
    let waves = 1 + (2 * level1.len()).div_ceil(SERVER_FAN_OUT).max(1) + level2.div_ceil(SERVER_FAN_OUT).max(1);
    Depth2 {
        level2,
        waves: waves as u32,
    }
}

/// A query the keyword collection search misses (its words are ANDed) but a
/// collection three levels down (portal → topic → this) has in its title,
/// with no text match on the two levels above: forces the full tree walk.
pub(crate) fn tree_fallback_query(c: &Corpus) -> String {
    let big = &c.well_known.big_portal;
    let upper: String = c
        .nodes
        .iter()
        .filter(|n| matches!(n.kind, NodeKind::Root | NodeKind::Portal | NodeKind::Collection) && n.depth <= 2)
        .map(|n| format!("{} {} {}\n", n.title, n.name, n.description).to_lowercase())
        .collect();
    c.nodes
        .iter()
        .filter(|n| n.kind == NodeKind::Collection && n.depth == 3 && n.portal_id.as_deref() == Some(big.as_str()))
        .map(|n| n.title.trim())
        .find(|t| !t.contains(' ') && t.chars().count() >= 5 && !upper.contains(&t.to_lowercase()))
        .map(|t| format!("{t} für die Grundschule"))
        .unwrap_or_else(|| "Symmetrie für die Grundschule".into())
}

pub(crate) fn build_cases(c: &Corpus) -> Vec<Case> {
    let w = &c.well_known;
    let usable = |n: &&wlo_standin::NodeRecord| {
        n.kind == NodeKind::Content && n.is_public && !n.index_only && !n.is_deleted_placeholder
    };
    let mut ten: Vec<String> = c
        .nodes
        .iter()
        .filter(usable)
        .filter(|n| n.parent_id.as_deref() == Some(w.bruchrechnung.as_str()))
        .map(|n| n.id.clone())
        .take(10)
        .collect();
    if ten.len() < 10 {
        ten.extend(
            c.nodes
                .iter()
                .filter(usable)
                .map(|n| n.id.clone())
                .filter(|id| !ten.contains(id))
                .take(10 - ten.len())
                .collect::<Vec<_>>(),
        );
    }
    let config_folders = c.nodes.iter().filter(|n| n.kind == NodeKind::ConfigFolder).count();
    let big_depth2 = depth2_waves(c, &w.big_portal);
    let mode_c_waves = config_folders.div_ceil(SERVER_FAN_OUT).max(1) as u32;
    let tree_query = tree_fallback_query(c);
    let mut cases = vec![
        case(
            "search_wlo_content",
            "search_wlo_content \"Photosynthese\"",
            json!({"query": "Photosynthese"}),
            1,
        ),
        case(
            "search_wlo_content",
            "search_wlo_content typo rescue \"Photosyntese\"",
            json!({"query": "Photosyntese"}),
            3,
        ),
        case(
            "search_wlo_collections",
            "search_wlo_collections keyword \"Bruchrechnung\"",
            json!({"query": "Bruchrechnung"}),
            1,
        ),
        case(
            "search_wlo_collections",
            &format!("search_wlo_collections tree fallback \"{tree_query}\""),
            json!({"query": tree_query}),
            3,
        ),
        case(
            "search_wlo_all",
            "search_wlo_all \"Klimawandel\"",
            json!({"query": "Klimawandel"}),
            1,
        ),
        case(
            "search_wlo_topic_pages",
            "search_wlo_topic_pages A (collectionId)",
            json!({"collectionId": w.two_variant_collection}),
            2,
        ),
        case(
            "search_wlo_topic_pages",
            "search_wlo_topic_pages B \"Bruchrechnung\"",
            json!({"query": "Bruchrechnung"}),
            3,
        ),
        case(
            "search_wlo_topic_pages",
            &format!("search_wlo_topic_pages C (all, {config_folders} config folders)"),
            json!({}),
            1 + 2 * mode_c_waves,
        ),
        case("get_subject_portals", "get_subject_portals", json!({}), 1),
        case(
            "get_subject_portals",
            "get_subject_portals with counts",
            json!({"includeContentCounts": true}),
            2,
        ),
        case(
            "browse_collection_tree",
            "browse_collection_tree depth 1 + counts (Mathematik)",
            json!({"nodeId": w.big_portal, "depth": 1, "includeContentCounts": true}),
            2,
        ),
        case(
            "browse_collection_tree",
            "browse_collection_tree depth 2 + counts (Informatik)",
            json!({"nodeId": w.portal_without_topic_page, "depth": 2, "includeContentCounts": true}),
            3,
        ),
        case(
            "browse_collection_tree",
            &format!(
                "browse_collection_tree depth 2 + counts (Mathematik, 150 nodes: {} count reads below level 1)",
                big_depth2.level2
            ),
            json!({"nodeId": w.big_portal, "depth": 2, "includeContentCounts": true}),
            big_depth2.waves,
        ),
        case(
            "get_collection_contents",
            "get_collection_contents (Bruchrechnung)",
            json!({"nodeId": w.bruchrechnung}),
            1,
        ),
        case(
            "get_node_details",
            "get_node_details",
            json!({"nodeId": w.file_with_download}),
            1,
        ),
        case(
            "get_node_details",
            "get_node_details + parents + text",
            json!({"nodeId": w.text_content, "includeParents": true, "includeTextContent": true}),
            1,
        ),
        case(
            "get_nodes_details",
            &format!("get_nodes_details ({} ids)", ten.len()),
            json!({"nodeIds": ten}),
            1,
        ),
        case("wlo_health_check", "wlo_health_check", json!({}), 1),
        case(
            "lookup_wlo_vocabulary",
            "lookup_wlo_vocabulary discipline",
            json!({"vocabulary": "discipline"}),
            0,
        ),
    ];
    for c in &mut cases {
        // The health check must really ask; textContent is never cached and a
        // content node's /parents is a 500, an error, never cached (issue rules).
        c.skip_cache = c.tool == "wlo_health_check" || c.args.get("includeTextContent") == Some(&json!(true));
    }
    cases
}
