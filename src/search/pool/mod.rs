//! The candidate pool: the one place that reads upstream for a search.
//! The plans (content search, related material, collection search, the
//! combined search, topic pages by keyword) say what to read; the pool
//! reads it in parallel waves and hands back what answered, with what
//! failed in one shape ([`PartialFailure`](crate::upstream::PartialFailure)).
//!
//! * [`Wave`]: variants of a query as parallel content searches (E1), each
//!   with the caller's criteria appended.
//! * [`collections`]: the collection keyword search (E2), the listing of the
//!   subject portals beside it, and waves of sub-collection listings (E5).
//! * [`index`]: every collection of the tree, read once, and the typo
//!   dictionary of the zero-result rescue built from it.
//!
//! Which nodes a list may show is decided once: [`Node::is_listable`] (an
//! id, no deleted placeholder, no topic-page config folder or variant) and
//! the ids the caller excludes ([`Visibility`]).

pub mod collections;
pub mod index;
mod wave;

pub use wave::Wave;

use crate::upstream::Node;

/// Which nodes a list may show: [`Node::is_listable`], and not one of the
/// ids the caller excludes (compared case-insensitively).
#[derive(Debug, Clone, Copy, Default)]
pub struct Visibility<'a> {
    exclude: &'a [String],
}

impl<'a> Visibility<'a> {
    /// Every listable node.
    pub const ALL: Visibility<'static> = Visibility { exclude: &[] };

    /// Every listable node but the `exclude`d ids.
    pub fn excluding(exclude: &'a [String]) -> Visibility<'a> {
        Visibility { exclude }
    }

    pub fn shows(&self, node: &Node) -> bool {
        node.is_listable() && !self.excludes(node.id())
    }

    /// Whether the caller excludes this id.
    pub fn excludes(&self, id: &str) -> bool {
        self.exclude.iter().any(|e| e.eq_ignore_ascii_case(id))
    }

    /// The nodes shown, in order, at most `max`.
    pub fn first<'n>(&self, nodes: impl IntoIterator<Item = &'n Node>, max: usize) -> Vec<&'n Node> {
        nodes.into_iter().filter(|n| self.shows(n)).take(max).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn node(id: &str, title: &str) -> Node {
        serde_json::from_value(json!({"ref": {"id": id}, "properties": {"cclom:title": [title]}})).unwrap()
    }

    #[test]
    fn the_visibility_rule_drops_excluded_placeholders_id_less_and_technical_nodes() {
        let technical: Node =
            serde_json::from_value(json!({"ref": {"id": "t"}, "name": "PAGE_CONFIG_x", "type": "ccm:map"})).unwrap();
        let nodes = [
            node("a", "A"),
            node("b", "Element wurde gelöscht"),
            node("", "No id"),
            technical,
            node("c", "C"),
            node("d", "D"),
        ];
        let exclude = ["C".to_string()];
        let kept = Visibility::excluding(&exclude).first(&nodes, 2);
        let ids: Vec<&str> = kept.iter().map(|n| n.id()).collect();
        assert_eq!(ids, ["a", "d"]);
        assert_eq!(Visibility::ALL.first(&nodes, 9).len(), 3);
    }
}
