//! Hit counts per learning-resource type, discipline, educational context
//! and publisher (`search_wlo_content` with `includeFacets`), and label
//! tallies over a list of nodes (`get_collection_contents` with
//! `includeStats`).
//!
//! The repository counts raw stored values; here they become the labels a
//! card shows. Vocabulary roots and values no vocabulary knows are left out
//! (a label is never a URI), values that share a label are added up, empty
//! publishers are dropped. Order: count descending, then label in German
//! collation.

use std::collections::BTreeMap;

use serde::Serialize;

use super::ranking::collation_key;
use crate::app::App;
use crate::card;
use crate::upstream::{Criterion, FacetList, Node, UpstreamError};
use crate::vocab::{self, Vocabulary};

/// Values asked for per property: the repository answers up to five times as many.
pub const FACET_LIMIT: u32 = 20;

const PUBLISHER: &str = "ccm:oeh_publisher_combined";

/// How often one label occurs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LabelCount {
    pub label: String,
    pub count: u64,
}

/// The four facets of a content search, in their JSON key order.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Facets {
    /// The search words counted (`*` = everything).
    #[serde(skip)]
    pub words: String,
    pub learning_resource_types: Vec<LabelCount>,
    pub disciplines: Vec<LabelCount>,
    pub educational_contexts: Vec<LabelCount>,
    pub publishers: Vec<LabelCount>,
}

/// Counts per label, added up.
#[derive(Debug, Default)]
pub struct Tally(BTreeMap<String, u64>);

impl Tally {
    pub fn add(&mut self, label: &str, count: u64) {
        let label = label.trim();
        if !label.is_empty() && count > 0 {
            *self.0.entry(label.to_string()).or_default() += count;
        }
    }

    /// Count descending, then label (German collation, then as written).
    pub fn sorted(self) -> Vec<LabelCount> {
        let mut counts: Vec<LabelCount> = self
            .0
            .into_iter()
            .map(|(label, count)| LabelCount { label, count })
            .collect();
        counts.sort_by_cached_key(|c| (std::cmp::Reverse(c.count), collation_key(&c.label), c.label.clone()));
        counts
    }
}

/// The vocabularies of the facets, in [`Facets`] order.
const FACET_VOCABULARIES: [Vocabulary; 3] = [Vocabulary::Lrt, Vocabulary::Discipline, Vocabulary::EducationalContext];

/// The criteria of a facet request: the words (left out for `*` when there
/// are filters; `*` alone when there is nothing else) and the filters.
pub fn facet_criteria(words: &str, filters: &[Criterion]) -> Vec<Criterion> {
    let words = words.trim();
    let everything = words.is_empty() || words == "*";
    let mut criteria = Vec::with_capacity(filters.len() + 1);
    if !everything || filters.is_empty() {
        criteria.push(Criterion::one("ngsearchword", if everything { "*" } else { words }));
    }
    criteria.extend_from_slice(filters);
    criteria
}

/// One facet request for `words` with the filters, labelled.
pub async fn count_facets(app: &App, words: &str, filters: &[Criterion]) -> Result<Facets, UpstreamError> {
    let properties: Vec<&str> = FACET_VOCABULARIES
        .iter()
        .map(|v| v.property())
        .chain([PUBLISHER])
        .collect();
    let answer = super::license::facets(app, &facet_criteria(words, filters), &properties, FACET_LIMIT).await?;
    let mut facets = label_facets(&answer);
    facets.words = words.trim().to_string();
    Ok(facets)
}

/// The repository's raw counts as labels (see the module docs).
pub fn label_facets(answer: &FacetList) -> Facets {
    let [lrt, discipline, context] = FACET_VOCABULARIES.map(|vocabulary| {
        let mut tally = Tally::default();
        for value in answer.values(vocabulary.property()) {
            if let Some(label) = vocabulary_label(vocabulary, &value.value) {
                tally.add(&label, value.count);
            }
        }
        tally.sorted()
    });
    let mut publishers = Tally::default();
    for value in answer.values(PUBLISHER) {
        publishers.add(&value.value, value.count);
    }
    Facets {
        words: String::new(),
        learning_resource_types: lrt,
        disciplines: discipline,
        educational_contexts: context,
        publishers: publishers.sorted(),
    }
}

/// The label of one stored vocabulary value; `None` for a root or a value
/// no vocabulary knows (its label would be the URI itself).
fn vocabulary_label(vocabulary: Vocabulary, value: &str) -> Option<String> {
    let label = vocab::display_labels(vocabulary, std::slice::from_ref(&value.to_string()), &[])
        .into_iter()
        .next()?;
    (!label.contains("://")).then_some(label)
}

/// Learning-resource type, discipline and educational-context labels over
/// `nodes`, as their cards show them; every node counts once per label.
pub fn tally_nodes<'a>(nodes: impl IntoIterator<Item = &'a Node>) -> [Vec<LabelCount>; 3] {
    let mut tallies: [Tally; 3] = Default::default();
    for node in nodes {
        for (tally, vocabulary) in tallies.iter_mut().zip(FACET_VOCABULARIES) {
            let labels = match vocabulary {
                Vocabulary::Lrt => node.learning_resource_types().labels(),
                _ => card::labels(node, vocabulary, vocabulary.property()),
            };
            for label in labels {
                tally.add(&label, 1);
            }
        }
    }
    tallies.map(Tally::sorted)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const SEK1: &str = "http://w3id.org/openeduhub/vocabs/educationalContext/sekundarstufe_1";

    fn answer(facets: serde_json::Value) -> FacetList {
        serde_json::from_value(json!({ "facets": facets })).unwrap()
    }

    #[test]
    fn labels_merge_sort_and_drop_what_has_no_label() {
        let list = answer(json!([
            {"property": "ccm:taxonid", "values": [
                {"value": "http://w3id.org/openeduhub/vocabs/discipline/080", "count": 3},
                {"value": "http://w3id.org/openeduhub/vocabs/discipline/380", "count": 7},
                {"value": "http://w3id.org/openeduhub/vocabs/discipline/", "count": 9},
                {"value": "http://example.org/unknown/42", "count": 4},
                {"value": "http://w3id.org/openeduhub/vocabs/discipline/100", "count": 3}
            ]},
            {"property": "ccm:educationalcontext", "values": [
                {"value": SEK1, "count": 5},
                {"value": "sekundarstufe_1", "count": 2}
            ]},
            {"property": "ccm:oeh_publisher_combined", "values": [
                {"value": "", "count": 11},
                {"value": "Ökoprojekt", "count": 2},
                {"value": "Zebra", "count": 2},
                {"value": "serlo ", "count": 2}
            ]}
        ]));
        let facets = label_facets(&list);
        let pairs = |v: &[LabelCount]| v.iter().map(|c| (c.label.clone(), c.count)).collect::<Vec<_>>();
        assert_eq!(
            pairs(&facets.disciplines),
            [("Mathematik".into(), 7), ("Biologie".into(), 3), ("Chemie".into(), 3)]
        );
        // Two spellings of one level are one label.
        assert_eq!(pairs(&facets.educational_contexts), [("Sekundarstufe I".into(), 7)]);
        // Empty publishers dropped; ties in German order (Ö as O).
        assert_eq!(
            pairs(&facets.publishers),
            [("Ökoprojekt".into(), 2), ("serlo".into(), 2), ("Zebra".into(), 2)]
        );
        assert!(facets.learning_resource_types.is_empty());
        let keys: Vec<String> = serde_json::to_value(&facets)
            .unwrap()
            .as_object()
            .unwrap()
            .keys()
            .cloned()
            .collect();
        assert_eq!(
            keys,
            [
                "learningResourceTypes",
                "disciplines",
                "educationalContexts",
                "publishers"
            ]
        );
    }

    #[test]
    fn criteria_for_words_filters_and_everything() {
        let filter = Criterion::one("ccm:taxonid", "x");
        let words = |c: &[Criterion]| {
            c.iter()
                .map(|c| format!("{}={}", c.property, c.values.join("|")))
                .collect::<Vec<_>>()
        };
        assert_eq!(words(&facet_criteria("Bruch", &[])), ["ngsearchword=Bruch"]);
        assert_eq!(words(&facet_criteria(" * ", &[])), ["ngsearchword=*"]);
        assert_eq!(words(&facet_criteria("", &[])), ["ngsearchword=*"]);
        assert_eq!(
            words(&facet_criteria("*", std::slice::from_ref(&filter))),
            ["ccm:taxonid=x"]
        );
        assert_eq!(
            words(&facet_criteria("Bruch", &[filter])),
            ["ngsearchword=Bruch", "ccm:taxonid=x"]
        );
    }

    #[test]
    fn node_tallies_use_the_card_labels() {
        let node =
            |props: serde_json::Value| -> Node { serde_json::from_value(json!({ "properties": props })).unwrap() };
        let nodes = [
            node(json!({"ccm:educationalcontext": [SEK1], "ccm:educationalcontext_DISPLAYNAME": ["Sek I (Anzeige)"]})),
            node(json!({"ccm:educationalcontext": [SEK1]})),
            node(
                json!({"ccm:taxonid": ["http://w3id.org/openeduhub/vocabs/discipline/080", "http://w3id.org/openeduhub/vocabs/discipline/080"]}),
            ),
        ];
        let [lrt, disciplines, contexts] = tally_nodes(&nodes);
        assert!(lrt.is_empty());
        assert_eq!(
            disciplines,
            [LabelCount {
                label: "Biologie".into(),
                count: 1
            }]
        );
        assert_eq!(
            contexts,
            [
                LabelCount {
                    label: "Sek I (Anzeige)".into(),
                    count: 1
                },
                LabelCount {
                    label: "Sekundarstufe I".into(),
                    count: 1
                }
            ]
        );
    }
}
