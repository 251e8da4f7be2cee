//! A collection's materials filtered locally (`get_collection_contents` with
//! a query or vocabulary filters) and the label statistics of what was read.
//!
//! No content search can be scoped to a collection, so the tool reads the
//! first [`LOCAL_READ`] direct children and filters them here:
//! - the query keeps materials that carry one of its terms (≥ 2 characters,
//!   not a stopword) in name, title or description, short terms (≤ 3
//!   characters) only at a word start ([`TextFilter`]); a query without such
//!   terms filters nothing;
//! - each vocabulary filter keeps materials that carry its URI
//!   ([`Filters::keeps`]).
//!
//! Sub-collections (`contentFilter` both) are listed unfiltered, before the
//! materials. The answer says how many children the collection has and
//! whether more were there than read.

use std::sync::Arc;

use super::facets::{LabelCount, tally_nodes};
use super::filters::Filters;
use super::ranking::TextFilter;
use crate::app::App;
use crate::ids::NodeId;
use crate::upstream::{ChildFilter, Node, NodeList, Props, UpstreamError};

/// One contents listing.
#[derive(Debug, Clone, Copy)]
pub struct ContentsListing<'a> {
    pub node_id: &'a NodeId,
    pub filter: ChildFilter,
    /// Breadth-first over the sub-collections (files only).
    pub recursive: bool,
    pub max_results: usize,
    pub skip_count: usize,
    /// Keep the materials that match it, and rerank the page by it (files/both).
    pub query: Option<&'a str>,
    pub exclude: &'a [String],
    /// Keep the materials that carry every applied filter (files/both).
    pub filters: &'a Filters,
    /// Tally the labels of the materials read.
    pub stats: bool,
}

/// What a contents listing found.
#[derive(Debug, Clone, Default)]
pub struct ContentsOutcome {
    /// `pagination.total` (recursive: summed over the visited collections).
    pub total: u64,
    /// The page: excluded ids, placeholders and config folders dropped after paging.
    pub nodes: Vec<Node>,
    pub warnings: Vec<super::SearchWarning>,
    /// Collections whose listing was read.
    pub visited: usize,
    /// How much a local filter saw (only when one applies; `total` then
    /// counts the matches).
    pub window: Option<Window>,
    /// The statistics, when asked for.
    pub stats: Option<Result<Stats, UpstreamError>>,
}

/// Children read per collection for a local filter or the statistics.
pub const LOCAL_READ: u32 = 100;

/// How much of the collection a local filter saw.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Window {
    /// The collection's children of the listed kind (`pagination.total`;
    /// with sub-collections: summed over the visited collections).
    pub collection_total: u64,
    /// More children than were read: matches beyond them are not found.
    pub truncated: bool,
}

/// Label tallies over the materials read.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Stats {
    /// How many materials the tallies count.
    pub materials_read: usize,
    pub learning_resource_types: Vec<LabelCount>,
    pub disciplines: Vec<LabelCount>,
    pub educational_contexts: Vec<LabelCount>,
}

impl Stats {
    pub fn of<'a>(materials: impl IntoIterator<Item = &'a Node>) -> Stats {
        let materials: Vec<&Node> = materials.into_iter().filter(|n| is_listed(n)).collect();
        let [learning_resource_types, disciplines, educational_contexts] = tally_nodes(materials.iter().copied());
        Stats {
            materials_read: materials.len(),
            learning_resource_types,
            disciplines,
            educational_contexts,
        }
    }
}

/// The local filter of one listing.
pub struct MaterialFilter<'a> {
    text: Option<TextFilter>,
    filters: &'a Filters,
}

impl<'a> MaterialFilter<'a> {
    /// `None` when the listing filters nothing.
    pub fn of(listing: &ContentsListing<'a>) -> Option<MaterialFilter<'a>> {
        let text = listing.query.map(TextFilter::new).filter(|text| !text.is_empty());
        (text.is_some() || !listing.filters.applied.is_empty()).then_some(MaterialFilter {
            text,
            filters: listing.filters,
        })
    }

    pub fn keeps(&self, node: &Node) -> bool {
        is_listed(node) && self.text.as_ref().is_none_or(|t| t.matches(node)) && self.filters.keeps(node)
    }
}

/// Not an id-less node, a deleted placeholder or a topic-page folder.
fn is_listed(node: &Node) -> bool {
    !node.id().is_empty() && !node.is_deleted_placeholder() && !node.is_topic_page_technical()
}

/// The direct children, filtered (see the module docs): one wave reading the
/// first [`LOCAL_READ`] materials (and, for `both`, sub-collections). The
/// outcome holds every match; the caller pages.
pub async fn filtered_children(
    app: &App,
    listing: &ContentsListing<'_>,
    filter: &MaterialFilter<'_>,
) -> Result<ContentsOutcome, UpstreamError> {
    let files = app
        .upstream
        .children(listing.node_id, ChildFilter::Files, LOCAL_READ, 0, Props::Display);
    let folders = async {
        if listing.filter == ChildFilter::Both {
            let list = app
                .upstream
                .children(listing.node_id, ChildFilter::Folders, LOCAL_READ, 0, Props::Display)
                .await?;
            Ok(Some(list))
        } else {
            Ok(None)
        }
    };
    let (files, folders): (_, Result<Option<Arc<NodeList>>, UpstreamError>) = futures::join!(files, folders);
    let (files, folders) = (files?, folders?);
    let mut window = Window::default();
    let mut nodes = Vec::new();
    for list in folders.iter() {
        window.collection_total += list.pagination.total;
        window.truncated |= list.pagination.total > list.nodes.len() as u64;
        nodes.extend(list.nodes.iter().filter(|n| is_listed(n)).cloned());
    }
    window.collection_total += files.pagination.total;
    window.truncated |= files.pagination.total > files.nodes.len() as u64;
    nodes.extend(files.nodes.iter().filter(|n| filter.keeps(n)).cloned());
    Ok(ContentsOutcome {
        total: nodes.len() as u64,
        nodes,
        warnings: Vec::new(),
        visited: 1,
        window: Some(window),
        stats: listing.stats.then(|| Ok(Stats::of(&files.nodes))),
    })
}

/// The statistics of a listing that filters nothing: the first
/// [`LOCAL_READ`] materials.
pub async fn sample_stats(app: &App, node_id: &NodeId) -> Result<Stats, UpstreamError> {
    let files = app
        .upstream
        .children(node_id, ChildFilter::Files, LOCAL_READ, 0, Props::Display)
        .await?;
    Ok(Stats::of(&files.nodes))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::filters::FilterField;
    use serde_json::json;

    fn node(id: &str, title: &str, description: &str, discipline: &str) -> Node {
        serde_json::from_value(json!({
            "ref": {"id": id},
            "properties": {
                "cclom:title": [title],
                "cclom:general_description": [description],
                "ccm:taxonid": [format!("http://w3id.org/openeduhub/vocabs/discipline/{discipline}")]
            }
        }))
        .unwrap()
    }

    fn listing<'a>(query: Option<&'a str>, filters: &'a Filters) -> ContentsListing<'a> {
        static ID: std::sync::LazyLock<NodeId> =
            std::sync::LazyLock::new(|| NodeId::parse("00000000-0000-4000-8000-000000000001").unwrap());
        ContentsListing {
            node_id: &ID,
            filter: ChildFilter::Files,
            recursive: false,
            max_results: 10,
            skip_count: 0,
            query,
            exclude: &[],
            filters,
            stats: false,
        }
    }

    #[test]
    fn query_terms_and_vocabulary_filters_both_apply() {
        let nodes = [
            node("a", "Bruchrechnung üben", "", "380"),
            node("b", "Kürzen von Brüchen", "Erweitern und Kürzen", "380"),
            node("c", "Zellen", "Einführung in die Mitose", "080"),
            node("d", "Element wurde gelöscht", "Bruchrechnung", "380"),
            node("e", "Die Mondphasen", "Ein Bild vom Mond", "380"),
        ];
        let ids = |filter: &MaterialFilter| -> Vec<&str> {
            nodes.iter().filter(|n| filter.keeps(n)).map(|n| n.id()).collect()
        };
        let none = Filters::default();
        // Any term, placeholders never; a short term only at a word start.
        assert_eq!(
            ids(&MaterialFilter::of(&listing(Some("Bruchrechnung kürzen"), &none)).unwrap()),
            ["a", "b"]
        );
        assert_eq!(ids(&MaterialFilter::of(&listing(Some("Mon"), &none)).unwrap()), ["e"]);
        assert!(ids(&MaterialFilter::of(&listing(Some("ond"), &none)).unwrap()).is_empty());
        assert_eq!(
            ids(&MaterialFilter::of(&listing(Some("phasen"), &none)).unwrap()),
            ["e"]
        );
        // Stopwords only: nothing to filter by.
        assert!(MaterialFilter::of(&listing(Some("die und"), &none)).is_none());
        assert!(MaterialFilter::of(&listing(None, &none)).is_none());
        // Vocabulary filters by exact URI, with the query.
        let biologie = Filters::resolve(&[(FilterField::Discipline, "Biologie".to_string())]);
        assert_eq!(ids(&MaterialFilter::of(&listing(None, &biologie)).unwrap()), ["c"]);
        assert_eq!(
            ids(&MaterialFilter::of(&listing(Some("Zellen"), &biologie)).unwrap()),
            ["c"]
        );
        assert!(ids(&MaterialFilter::of(&listing(Some("Bruch"), &biologie)).unwrap()).is_empty());
    }

    #[test]
    fn stats_count_what_was_read() {
        let nodes = [
            node("a", "A", "", "380"),
            node("b", "B", "", "380"),
            node("c", "C", "", "080"),
            node("d", "Element wurde gelöscht", "", "080"),
        ];
        let stats = Stats::of(&nodes);
        assert_eq!(stats.materials_read, 3);
        let disciplines: Vec<(&str, u64)> = stats.disciplines.iter().map(|c| (c.label.as_str(), c.count)).collect();
        assert_eq!(disciplines, [("Mathematik", 2), ("Biologie", 1)]);
    }
}
