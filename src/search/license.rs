//! The licence filter (`license` of `search_wlo_content`, the content pot
//! of `search_wlo_all`, `get_collection_contents`): what the argument
//! means, what the repository is asked, and the check of every hit.
//!
//! The argument is `"open"` (may be adapted and shared, also commercially:
//! CC0, PDM, CC BY, CC BY-SA), `"cc"` (any Creative Commons licence) or
//! licence labels and keys ("CC BY-SA", "CC_0"; several with commas). It
//! resolves to the licence keys wanted; the filter keeps a material whose
//! `ccm:commonlicense_key` is one of them.
//!
//! The repository makes this harder (docs: `edu-sharing-api.md`, the
//! licence criterion and §5): `ccm:commonlicense_key` takes one value per
//! query (two give 400), and a value matches its family **prefix** (`CC_BY`
//! also finds `CC_BY_NC_ND`). So:
//! - the wanted keys travel as one criterion with all of them
//!   ([`super::filters::Filters::criteria`]);
//! - [`ngsearch`] and [`facets`] send one request per **family**, the wanted
//!   keys no other wanted key is a prefix of ([`families`]: "open" asks for
//!   `CC_0`, `PDM` and `CC_BY`), all in parallel, in the same wave as the
//!   search without a licence would be;
//! - every hit is checked here ([`keeps`]), since `CC_BY` sends CC BY-NC
//!   material too.
//!
//! A search's `total` is the families' totals added up, less the hits the
//! check dropped: exact when the repository's hits were all read, an upper
//! bound otherwise. Facet counts are the families' counts added up.

use std::sync::Arc;

use futures::future::join_all;

use crate::app::App;
use crate::upstream::{Criterion, FacetList, Node, NodeList, Props, UpstreamError};
use crate::vocab::{self, Vocabulary};

/// The property of the licence criterion.
pub const PROPERTY: &str = "ccm:commonlicense_key";

/// May be adapted and shared, also commercially.
const OPEN: [&str; 4] = ["CC_0", "PDM", "CC_BY", "CC_BY_SA"];
/// Every Creative Commons licence.
const CREATIVE_COMMONS: [&str; 7] = [
    "CC_0",
    "CC_BY",
    "CC_BY_SA",
    "CC_BY_ND",
    "CC_BY_NC",
    "CC_BY_NC_SA",
    "CC_BY_NC_ND",
];

/// The licence keys an argument asks for, in the order given, or `None`
/// when a part of it names no licence.
pub fn resolve(input: &str) -> Option<Vec<String>> {
    let mut keys: Vec<String> = Vec::new();
    for part in input.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let lower = part.to_lowercase();
        let found: Vec<String> = match lower.as_str() {
            "open" | "offen" | "frei" => OPEN.iter().map(|k| k.to_string()).collect(),
            "cc" | "creative commons" => CREATIVE_COMMONS.iter().map(|k| k.to_string()).collect(),
            _ => {
                let key = vocab::resolve(Vocabulary::License, part)?;
                // A URL passes the resolver untouched; it is no licence key.
                Vocabulary::License.entries().iter().find(|e| e.uri == key)?;
                vec![key]
            }
        };
        for key in found {
            if !keys.contains(&key) {
                keys.push(key);
            }
        }
    }
    (!keys.is_empty()).then_some(keys)
}

/// The keys to ask the repository for, one request each: the wanted keys
/// that no other wanted key is a prefix family of.
pub fn families(wanted: &[String]) -> Vec<&str> {
    wanted
        .iter()
        .filter(|key| !wanted.iter().any(|other| other != *key && in_family(key, other)))
        .map(String::as_str)
        .collect()
}

/// Does the repository's prefix match of `family` find `key`?
fn in_family(key: &str, family: &str) -> bool {
    key == family || key.strip_prefix(family).is_some_and(|rest| rest.starts_with('_'))
}

/// Does the node carry one of the wanted keys?
pub fn keeps(wanted: &[String], node: &Node) -> bool {
    node.first(PROPERTY)
        .is_some_and(|key| wanted.iter().any(|w| w.eq_ignore_ascii_case(key.trim())))
}

/// The criteria split into what one request may carry: without a licence
/// criterion the criteria as they are; with one, one set per family, and
/// the wanted keys.
fn per_family(criteria: &[Criterion]) -> (Vec<Vec<Criterion>>, Option<&[String]>) {
    let Some(license) = criteria.iter().find(|c| c.property == PROPERTY) else {
        return (vec![criteria.to_vec()], None);
    };
    let others = criteria.iter().filter(|c| c.property != PROPERTY);
    let sets = families(&license.values)
        .into_iter()
        .map(|family| {
            others
                .clone()
                .cloned()
                .chain([Criterion::one(PROPERTY, family)])
                .collect()
        })
        .collect();
    (sets, Some(&license.values))
}

/// A content search (`ngsearch`) with a licence criterion split per family
/// and every hit checked (see the module docs); as one request without one.
/// The families' hits are interleaved rank by rank; one failed family fails
/// the whole read (its hits would be missing).
/// The arguments are [`crate::upstream::EduSharing::ngsearch`]'s.
pub async fn ngsearch(
    app: &App,
    criteria: &[Criterion],
    max_items: u32,
    skip_count: u32,
    props: Props,
) -> Result<Arc<NodeList>, UpstreamError> {
    let (sets, wanted) = per_family(criteria);
    let Some(wanted) = wanted else {
        return app.upstream.ngsearch(criteria, max_items, skip_count, props).await;
    };
    let answers = join_all(
        sets.iter()
            .map(|set| app.upstream.ngsearch(set, max_items, skip_count, props)),
    )
    .await;
    let lists = answers.into_iter().collect::<Result<Vec<_>, _>>()?;
    Ok(Arc::new(merge(&lists, wanted)))
}

/// The families' lists as one: interleaved rank by rank, checked, the
/// totals added up less what the check dropped.
fn merge(lists: &[Arc<NodeList>], wanted: &[String]) -> NodeList {
    let mut merged = NodeList::default();
    let longest = lists.iter().map(|l| l.nodes.len()).max().unwrap_or(0);
    let mut dropped = 0u64;
    for rank in 0..longest {
        for node in lists.iter().filter_map(|l| l.nodes.get(rank)) {
            if keeps(wanted, node) {
                merged.nodes.push(node.clone());
            } else {
                dropped += 1;
            }
        }
    }
    let total: u64 = lists.iter().map(|l| l.pagination.total).sum();
    merged.pagination.total = total.saturating_sub(dropped).max(merged.nodes.len() as u64);
    merged.pagination.count = merged.nodes.len() as u64;
    merged
}

/// The facet counts of `criteria` (see [`crate::upstream::EduSharing::facets`])
/// with a licence criterion split per family and the counts added up.
pub async fn facets(
    app: &App,
    criteria: &[Criterion],
    properties: &[&str],
    limit: u32,
) -> Result<Arc<FacetList>, UpstreamError> {
    let (sets, wanted) = per_family(criteria);
    if wanted.is_none() {
        return app.upstream.facets(criteria, properties, limit).await;
    }
    let answers = join_all(sets.iter().map(|set| app.upstream.facets(set, properties, limit))).await;
    let lists = answers.into_iter().collect::<Result<Vec<_>, _>>()?;
    let mut summed = FacetList::default();
    for facet in lists.iter().flat_map(|l| &l.facets) {
        let index = match summed.facets.iter().position(|f| f.property == facet.property) {
            Some(index) => index,
            None => {
                summed.facets.push(crate::upstream::facet_list::Facet {
                    property: facet.property.clone(),
                    values: Vec::new(),
                });
                summed.facets.len() - 1
            }
        };
        let values = &mut summed.facets[index].values;
        for value in &facet.values {
            match values.iter_mut().find(|v| v.value == value.value) {
                Some(v) => v.count += value.count,
                None => values.push(value.clone()),
            }
        }
    }
    Ok(Arc::new(summed))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn keys(input: &str) -> Vec<String> {
        resolve(input).unwrap_or_else(|| panic!("{input}"))
    }

    #[test]
    fn arguments_resolve_to_keys() {
        assert_eq!(keys("open"), OPEN);
        assert_eq!(keys(" CC "), CREATIVE_COMMONS);
        assert_eq!(keys("CC BY-SA"), ["CC_BY_SA"]);
        assert_eq!(keys("cc_0"), ["CC_0"]);
        assert_eq!(keys("CC BY, CC BY-SA, cc by"), ["CC_BY", "CC_BY_SA"]);
        assert_eq!(keys("Public Domain Mark"), ["PDM"]);
        for unknown in [
            "CC ZZ",
            "https://creativecommons.org/licenses/by/4.0/",
            "frei verwendbar?",
            "",
        ] {
            assert_eq!(resolve(unknown), None, "{unknown}");
        }
        assert_eq!(
            resolve("open, qqq"),
            None,
            "one unknown part: the whole value is reported"
        );
    }

    #[test]
    fn one_request_per_family() {
        assert_eq!(families(&keys("open")), ["CC_0", "PDM", "CC_BY"]);
        assert_eq!(families(&keys("cc")), ["CC_0", "CC_BY"]);
        assert_eq!(families(&keys("CC BY-NC")), ["CC_BY_NC"]);
        assert_eq!(families(&keys("CC BY-NC-SA, CC BY-NC")), ["CC_BY_NC"]);
        assert!(in_family("CC_BY_NC_ND", "CC_BY") && !in_family("CC_BYX", "CC_BY"));
    }

    #[test]
    fn the_check_and_the_merge() {
        let node = |id: &str, key: &str| -> Node {
            serde_json::from_value(json!({"ref": {"id": id}, "properties": {"ccm:commonlicense_key": [key]}})).unwrap()
        };
        let open = keys("open");
        assert!(keeps(&open, &node("a", "CC_BY_SA")) && keeps(&open, &node("a", " cc_0 ")));
        assert!(!keeps(&open, &node("a", "CC_BY_NC")) && !keeps(&open, &Node::default()));
        let list = |nodes: Vec<Node>, total: u64| {
            let mut l = NodeList {
                nodes,
                ..NodeList::default()
            };
            l.pagination.total = total;
            Arc::new(l)
        };
        let merged = merge(
            &[
                list(vec![node("a", "CC_0"), node("b", "CC_0")], 2),
                list(
                    vec![node("c", "CC_BY_NC"), node("d", "CC_BY"), node("e", "CC_BY_SA")],
                    40,
                ),
            ],
            &open,
        );
        let ids: Vec<&str> = merged.nodes.iter().map(Node::id).collect();
        assert_eq!(ids, ["a", "b", "d", "e"], "rank by rank, the CC BY-NC hit dropped");
        assert_eq!(merged.pagination.total, 41);
        assert_eq!(
            per_family(&[Criterion::one("ngsearchword", "x")]).0,
            [vec![Criterion::one("ngsearchword", "x")]]
        );
        let criteria = [
            Criterion::new(PROPERTY, open.clone()),
            Criterion::one("ngsearchword", "x"),
        ];
        let (sets, wanted) = per_family(&criteria);
        assert_eq!(wanted, Some(open.as_slice()));
        assert_eq!(sets.len(), 3);
        assert!(
            sets.iter()
                .all(|s| s.len() == 2 && s[1].values.len() == 1 && s[0].property == "ngsearchword")
        );
    }
}
