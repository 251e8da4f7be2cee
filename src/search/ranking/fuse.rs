//! Fusion of the variant result lists and the single-list rerank.

use std::cmp::Ordering;
use std::collections::BTreeMap;

use super::score::{score_detail, score_node};
use crate::search::query::{Form, KnownTerms, Mode, Query, Words, may_split, split_query, tokens};
use crate::upstream::Node;

/// The RRF constant `k`.
pub const RRF_K: f64 = 60.0;
const QUALITY_WEIGHT: f64 = 0.8;
const RRF_WEIGHT: f64 = 0.1;
const APPEARANCE_BONUS_MAX: f64 = 0.1;
/// Added to the fused score of a node on the query's topic whose learning
/// resource type is the one the request names ("ein Experiment zu
/// Stromkreisen"): the type orders *within* the topic, all such nodes come
/// first, and the topic's other material still comes before other topics'
/// material of that type (which gets no tier).
pub const TYPE_TIER: f64 = 1.0;

/// The hits of one successful variant, in backend rank order.
#[derive(Debug, Clone, Copy)]
pub struct VariantHits<'a> {
    pub weight: f64,
    pub nodes: &'a [Node],
}

/// One fused result, borrowing its node from the variant lists (the caller
/// copies only the nodes it answers with).
#[derive(Debug, Clone, Copy)]
pub struct Ranked<'n> {
    pub node: &'n Node,
    /// `0.8·normQ + 0.1·normRrf + bonus`, in `[0, 1]`; plus
    /// [`TYPE_TIER`] for an on-topic node of the material type asked for.
    pub score: f64,
    /// The quality score ([`relevance_score`](super::relevance_score)).
    pub quality: i64,
    /// In how many variant lists the node appeared.
    pub appearances: u32,
}

/// The quality floor: `max(5, 3·|T|)`.
pub fn min_score(query: &Query) -> i64 {
    (3 * query.model().terms.len() as i64).max(5)
}

/// Merge and rank the result lists of the variants that succeeded.
///
/// For every hit at 0-based rank `r` of a variant with weight `w`:
/// `rrf += w / (60 + r + 1)` and `appearances += 1` (the first occurrence
/// supplies the node). Then `quality` = [`relevance_score`](super::relevance_score),
/// `normRrf = rrf / max(max rrf, 0.001)`, `normQ = quality / max(max quality, 1)`,
/// `bonus = min(appearances / #variants, 1) × 0.1`, and
/// `score = 0.8·normQ + 0.1·normRrf + bonus`. Sorted by score descending,
/// ties by node id ascending. Entries below [`min_score`] are dropped unless
/// that would drop all of them.
///
/// Nodes no list may show ([`Node::is_listable`]) are removed up front, so they
/// influence neither the normalisation nor the floor's fallback; their rank
/// positions still count for the other hits. Returns every survivor; the
/// caller slices.
pub fn fuse<'n>(query: &Query, variants: &[VariantHits<'n>]) -> Vec<Ranked<'n>> {
    fuse_all(query, variants).ranked
}

/// The full outcome of [`fuse`]: the survivors, and what the floor dropped.
#[derive(Debug, Clone, Default)]
pub struct Fusion<'n> {
    /// What [`fuse`] returns.
    pub ranked: Vec<Ranked<'n>>,
    /// The entries below the quality floor (empty when the fallback kept
    /// everyone), in score order.
    pub below_floor: Vec<Ranked<'n>>,
    /// At least one entry reached the floor (no fallback).
    pub floor_met: bool,
    /// The query the entries were scored against: the given one with
    /// compound words that match none of the hits split into the parts the
    /// hits know (`scoring_query`).
    pub query: Query,
}

/// [`fuse`], also returning the entries below the floor.
pub fn fuse_all<'n>(query: &Query, variants: &[VariantHits<'n>]) -> Fusion<'n> {
    struct Acc<'n> {
        node: &'n Node,
        rrf: f64,
        appearances: u32,
    }
    let mut index: BTreeMap<&str, usize> = BTreeMap::new();
    let mut acc: Vec<Acc<'n>> = Vec::new();
    for variant in variants {
        for (rank, node) in variant.nodes.iter().enumerate() {
            let id = node.id();
            if !node.is_listable() {
                continue;
            }
            let contribution = variant.weight / (RRF_K + rank as f64 + 1.0);
            match index.get(id) {
                Some(&i) => {
                    acc[i].rrf += contribution;
                    acc[i].appearances += 1;
                }
                None => {
                    index.insert(id, acc.len());
                    acc.push(Acc {
                        node,
                        rrf: contribution,
                        appearances: 1,
                    });
                }
            }
        }
    }
    if acc.is_empty() {
        return Fusion {
            query: query.clone(),
            ..Fusion::default()
        };
    }

    let scoring = scoring_query(query, acc.iter().map(|a| a.node));
    let model = scoring.model();
    let details: Vec<(i64, bool)> = acc.iter().map(|a| score_detail(model, a.node)).collect();
    let qualities: Vec<i64> = details.iter().map(|d| d.0).collect();
    let max_rrf = acc.iter().map(|a| a.rrf).fold(0.001, f64::max);
    let max_quality = qualities.iter().copied().max().unwrap_or(0).max(1) as f64;
    let variant_count = variants.len() as f64;

    let mut ranked: Vec<Ranked> = acc
        .iter()
        .zip(&details)
        .map(|(a, &(quality, on_topic))| {
            let norm_q = quality as f64 / max_quality;
            let norm_rrf = a.rrf / max_rrf;
            let bonus = (a.appearances as f64 / variant_count).min(1.0) * APPEARANCE_BONUS_MAX;
            let tier = if on_topic && model.type_matches(a.node) {
                TYPE_TIER
            } else {
                0.0
            };
            Ranked {
                node: a.node,
                score: QUALITY_WEIGHT * norm_q + RRF_WEIGHT * norm_rrf + bonus + tier,
                quality,
                appearances: a.appearances,
            }
        })
        .collect();
    ranked.sort_by(|a, b| by_score_then_id(a.score, b.score, a.node, b.node));

    let floor = min_score(&scoring);
    let floor_met = ranked.iter().any(|r| r.quality >= floor);
    let mut below_floor = Vec::new();
    if floor_met {
        let (kept, below): (Vec<Ranked<'n>>, Vec<Ranked<'n>>) = ranked.into_iter().partition(|r| r.quality >= floor);
        ranked = kept;
        below_floor = below;
    }
    if let Some(sides) = &model.sides {
        ranked = interleave(ranked, sides);
    }
    Fusion {
        ranked,
        below_floor,
        floor_met,
        query: scoring,
    }
}

/// The query the hits are scored against: a word that none of the hits
/// (nor the compiled-in terms) know is split into the parts they do know
/// ("Energieerhaltung Mechanik" among hits keyworded "Energie" →
/// "Energie Mechanik"); the query itself when nothing splits.
pub(crate) fn scoring_query<'n>(query: &Query, hits: impl IntoIterator<Item = &'n Node>) -> Query {
    let hits: Vec<&Node> = hits.into_iter().collect();
    // Only a word that occurs in no hit's title or keywords is tried; most
    // queries have none, and then no term set is built.
    let occurs = |lower: &str| {
        hits.iter().any(|n| {
            n.display_title().to_lowercase().contains(lower)
                || n.keywords().iter().any(|k| k.to_lowercase().contains(lower))
        })
    };
    let unmatched: Vec<&str> = tokens(query.text())
        .filter(|t| may_split(t) && !occurs(&t.to_lowercase()))
        .collect();
    if unmatched.is_empty() {
        return query.clone();
    }
    let known = KnownTerms::with_nodes(hits.iter().copied());
    match split_query(query.text(), &known, Mode::Repository, |t| !unmatched.contains(&t)) {
        Some(split) => Query::new(&split),
        None => query.clone(),
    }
}

/// Two topics in one request ("Notenwerte und Takt"): the page alternates
/// between them — nodes on both first, then one of each side in turn (in
/// score order), then the rest — so that the larger topic does not crowd
/// the other out. Unchanged when the hits hold "X und Y" as one phrase
/// (a topic such as "Vulkane und Erdbeben") or a side matches nothing.
fn interleave<'n>(ranked: Vec<Ranked<'n>>, sides: &([Form; 2], Form)) -> Vec<Ranked<'n>> {
    let ([a, b], whole) = sides;
    let texts: Vec<Vec<Words>> = ranked
        .iter()
        .map(|r| {
            std::iter::once(Words::of(r.node.display_title()))
                .chain(r.node.keywords().iter().map(|k| Words::of(k)))
                .collect()
        })
        .collect();
    let on = |form: &Form, i: usize| texts[i].iter().any(|t| form.matches(t));
    if (0..ranked.len()).any(|i| on(whole, i)) {
        return ranked;
    }
    let side: Vec<(bool, bool)> = (0..ranked.len()).map(|i| (on(a, i), on(b, i))).collect();
    if !side.iter().any(|s| s.0) || !side.iter().any(|s| s.1) {
        return ranked;
    }
    let pick = |want: (bool, bool)| -> Vec<usize> { (0..ranked.len()).filter(|i| side[*i] == want).collect() };
    let (both, only_a, only_b, neither) = (
        pick((true, true)),
        pick((true, false)),
        pick((false, true)),
        pick((false, false)),
    );
    let mut order = both;
    // The side whose best node ranks higher leads.
    let (first, second) = if only_b.first() < only_a.first() && !only_b.is_empty() {
        (only_b, only_a)
    } else {
        (only_a, only_b)
    };
    let (mut ia, mut ib) = (first.into_iter(), second.into_iter());
    loop {
        let (x, y) = (ia.next(), ib.next());
        if x.is_none() && y.is_none() {
            break;
        }
        order.extend(x);
        order.extend(y);
    }
    order.extend(neither);
    order.into_iter().map(|i| ranked[i]).collect()
}

fn by_score_then_id(sa: f64, sb: f64, a: &Node, b: &Node) -> Ordering {
    sb.total_cmp(&sa).then_with(|| a.id().cmp(b.id()))
}

/// Rerank one list: drop what no list may show ([`Node::is_listable`]); for a non-blank query sort by
/// [`relevance_score`](super::relevance_score) descending, ties by node id ascending. A blank query
/// keeps the input order. No quality floor: this only reorders.
pub fn rerank(nodes: Vec<Node>, query: &Query) -> Vec<Node> {
    let kept = nodes.into_iter().filter(Node::is_listable);
    if query.is_blank() {
        return kept.collect();
    }
    let mut scored: Vec<(i64, Node)> = kept.map(|n| (score_node(query.model(), &n), n)).collect();
    scored.sort_by(|(sa, a), (sb, b)| sb.cmp(sa).then_with(|| a.id().cmp(b.id())));
    scored.into_iter().map(|(_, n)| n).collect()
}

#[cfg(test)]
mod tests {
    use super::super::test_support::node;
    use super::*;
    use serde_json::json;

    fn fuse<'n>(query: &str, variants: &[VariantHits<'n>]) -> Vec<Ranked<'n>> {
        super::fuse(&Query::new(query), variants)
    }

    fn fuse_all<'n>(query: &str, variants: &[VariantHits<'n>]) -> Fusion<'n> {
        super::fuse_all(&Query::new(query), variants)
    }

    fn min_score(query: &str) -> i64 {
        super::min_score(&Query::new(query))
    }

    fn rerank(nodes: Vec<Node>, query: &str) -> Vec<Node> {
        super::rerank(nodes, &Query::new(query))
    }

    fn ids<'a>(ranked: &[Ranked<'a>]) -> Vec<&'a str> {
        ranked.iter().map(|r| r.node.id()).collect()
    }

    fn close(a: f64, b: f64) {
        assert!((a - b).abs() < 1e-12, "{a} != {b}");
    }

    #[test]
    fn rrf_quality_bonus_and_floor() {
        // Query "Photosynthese": |T| = 1, minScore = 5.
        let a = node("a", "Photosynthese", json!({})); // quality 50
        let b = node("b", "Photosynthese bei Pflanzen", json!({})); // 40
        let c = node("c", "Zellatmung", json!({"cclom:general_keyword": ["Photosynthese"]})); // 10
        let d = node("d", "Mitose", json!({})); // 0 → below the floor
        let full = [b.clone(), a.clone(), d.clone()];
        let kw = [c.clone(), a.clone()];
        let variants = [
            VariantHits {
                weight: 1.0,
                nodes: &full,
            },
            VariantHits {
                weight: 0.9,
                nodes: &kw,
            },
        ];
        let ranked = fuse("Photosynthese", &variants);
        assert_eq!(ids(&ranked), ["a", "b", "c"]);

        let rrf_a = 1.0 / 62.0 + 0.9 / 62.0; // rank 1 in both lists: the maximum
        let rrf_b = 1.0 / 61.0;
        let rrf_c = 0.9 / 61.0;
        assert_eq!(
            ranked.iter().map(|r| (r.quality, r.appearances)).collect::<Vec<_>>(),
            [(50, 2), (40, 1), (10, 1)]
        );
        close(ranked[0].score, 0.8 + 0.1 + 0.1);
        close(ranked[1].score, 0.8 * 40.0 / 50.0 + 0.1 * rrf_b / rrf_a + 0.05);
        close(ranked[2].score, 0.8 * 10.0 / 50.0 + 0.1 * rrf_c / rrf_a + 0.05);
        close(ranked[1].score, 0.743_494_391_716_997_5);
    }

    #[test]
    fn ties_break_by_id() {
        // Same content, same weight, same rank in their own variant → equal scores.
        let x = [node("b", "Vulkan", json!({}))];
        let y = [node("a", "Vulkan", json!({}))];
        let variants = [
            VariantHits { weight: 0.9, nodes: &x },
            VariantHits { weight: 0.9, nodes: &y },
        ];
        let ranked = fuse("Vulkan", &variants);
        assert_eq!(ids(&ranked), ["a", "b"]);
        close(ranked[0].score, ranked[1].score);
        close(ranked[0].score, 0.8 + 0.1 + 0.05);
    }

    #[test]
    fn floor_scales_with_terms_and_falls_back() {
        assert_eq!(min_score("Vulkan"), 5);
        assert_eq!(min_score("Vulkan Ausbruch Lava"), 9);
        // Three terms → floor 9. "k1": one title term = 8 (below); "k2": two
        // title terms = 16 (kept).
        let hits = [
            node("k1", "Vulkan", json!({})),
            node("k2", "Vulkan und Lava", json!({})),
        ];
        let ranked = fuse(
            "Vulkan Ausbruch Lava",
            &[VariantHits {
                weight: 1.0,
                nodes: &hits,
            }],
        );
        assert_eq!(ids(&ranked), ["k2"]);
        assert_eq!(ranked[0].quality, 16);

        // Nobody reaches the floor → everyone is kept, best score first.
        let ranked = fuse(
            "Vulkan Ausbruch Lava",
            &[VariantHits {
                weight: 1.0,
                nodes: &hits[..1],
            }],
        );
        assert_eq!(ids(&ranked), ["k1"]);
        let weak = [node("w2", "Gesteine", json!({})), node("w1", "Erdbeben", json!({}))];
        let ranked = fuse(
            "Vulkan",
            &[VariantHits {
                weight: 1.0,
                nodes: &weak,
            }],
        );
        assert_eq!(ids(&ranked), ["w2", "w1"], "all quality 0: RRF order decides");
        assert!(ranked.iter().all(|r| r.quality == 0));
        close(ranked[0].score, 0.1 + 0.1);
        close(ranked[1].score, 0.1 * (1.0 / 62.0) / (1.0 / 61.0) + 0.1);
    }

    #[test]
    fn fuse_all_reports_what_the_floor_dropped() {
        let hits = [
            node("k1", "Vulkan", json!({})),
            node("k2", "Vulkan und Lava", json!({})),
        ];
        let variants = [VariantHits {
            weight: 1.0,
            nodes: &hits,
        }];
        let fusion = fuse_all("Vulkan Ausbruch Lava", &variants);
        assert!(fusion.floor_met);
        assert_eq!(ids(&fusion.ranked), ["k2"]);
        assert_eq!(ids(&fusion.below_floor), ["k1"]);
        assert_eq!(ids(&fuse("Vulkan Ausbruch Lava", &variants)), ["k2"]);
        // The fallback keeps everyone: nothing is below the floor.
        let fusion = fuse_all(
            "Vulkan Ausbruch Lava",
            &[VariantHits {
                weight: 1.0,
                nodes: &hits[..1],
            }],
        );
        assert!(!fusion.floor_met);
        assert_eq!(ids(&fusion.ranked), ["k1"]);
        assert!(fusion.below_floor.is_empty());
    }

    #[test]
    fn placeholders_and_idless_nodes_are_removed() {
        let hits = [
            node("gone", "Element wurde gelöscht", json!({})),
            node("", "Photosynthese ohne Id", json!({})),
            node("ok", "Photosynthese", json!({})),
            node(
                "removed",
                "Photosynthese",
                json!({"cclom:general_description": ["Element was removed"]}),
            ),
        ];
        let ranked = fuse(
            "Photosynthese",
            &[VariantHits {
                weight: 1.0,
                nodes: &hits,
            }],
        );
        assert_eq!(ids(&ranked), ["ok"]);
        // Its rank (2) still counts; it has the maximum RRF, so normRrf = 1.
        close(ranked[0].score, 1.0);
        assert!(fuse("x", &[]).is_empty());
    }

    #[test]
    fn rerank_sorts_by_quality_then_id() {
        let nodes = vec![
            node("z", "Photosynthese bei Pflanzen", json!({})), // 40
            node("y", "Mitose", json!({})),                     // 0
            node("x", "Photosynthese", json!({})),              // 50
            node("w", "Photosynthese bei Algen", json!({})),    // 40
            node("v", "Element wurde gelöscht", json!({})),
        ];
        let out = rerank(nodes.clone(), "Photosynthese");
        let ids: Vec<&str> = out.iter().map(Node::id).collect();
        assert_eq!(ids, ["x", "w", "z", "y"], "no floor: y stays");

        let out = rerank(nodes, "  ");
        let ids: Vec<&str> = out.iter().map(Node::id).collect();
        assert_eq!(ids, ["z", "y", "x", "w"], "blank query: order kept, placeholder gone");
    }

    const EXPERIMENT: &str =
        "http://w3id.org/openeduhub/vocabs/new_lrt_aggregated/ffe4d8e8-3cfd-4e9a-b025-83f129eb5c9d";
    const VIDEO: &str = "http://w3id.org/openeduhub/vocabs/new_lrt_aggregated/38774279-af36-4ec2-8e70-811d5a51a6a1";

    fn fused<'a>(query: &str, nodes: &'a [Node]) -> Fusion<'a> {
        fuse_all(query, &[VariantHits { weight: 1.0, nodes }])
    }

    #[test]
    fn the_asked_type_leads_within_the_topic_only() {
        let nodes = [
            // On topic, best text match, but a video.
            node(
                "a",
                "Stromkreise",
                json!({"cclom:general_keyword": ["Stromkreise"], "ccm:oeh_lrt_aggregated": [VIDEO]}),
            ),
            // On topic, an experiment, weaker title.
            node(
                "b",
                "Versuch zu Stromkreisen im Alltag",
                json!({"ccm:oeh_lrt_aggregated": [EXPERIMENT]}),
            ),
            // Another topic's experiment.
            node(
                "c",
                "Experiment: Säuren und Basen",
                json!({"cclom:general_keyword": ["Experiment"], "ccm:oeh_lrt_aggregated": [EXPERIMENT]}),
            ),
        ];
        let fusion = fused("Experiment zu Stromkreisen", &nodes);
        assert_eq!(ids(&fusion.ranked), ["b", "a"], "c is below the floor");
        // Without an intent the better text match leads.
        let fusion = fused("Stromkreise", &nodes);
        assert_eq!(ids(&fusion.ranked)[0], "a");
    }

    #[test]
    fn two_topics_alternate_unless_they_are_one_phrase() {
        let p = |id: &str, t: &str| node(id, t, json!({"cclom:general_keyword": [t]}));
        let nodes = [
            p("p1", "Photosynthese"),
            p("p2", "Photosynthese"),
            p("p3", "Photosynthese"),
            node("z1", "Zellatmung im Überblick", json!({})),
        ];
        let fusion = fused("Photosynthese und Zellatmung", &nodes);
        assert_eq!(ids(&fusion.ranked), ["p1", "z1", "p2", "p3"]);

        let nodes = [
            p("v1", "Vulkane und Erdbeben"),
            p("v2", "Vulkane"),
            p("v3", "Vulkane"),
            node("e1", "Erdbeben", json!({})),
        ];
        let fusion = fused("Vulkane und Erdbeben", &nodes);
        assert_eq!(
            ids(&fusion.ranked),
            ["v1", "v2", "v3", "e1"],
            "one topic, as the hits spell it: score order"
        );
    }

    #[test]
    fn a_compound_is_scored_by_the_parts_the_hits_know() {
        let nodes = [
            node(
                "m",
                "Mechanik",
                json!({"cclom:general_keyword": ["Mechanik", "Physik"]}),
            ),
            node(
                "e",
                "Arbeitsblatt: Energie",
                json!({"cclom:general_keyword": ["Energie", "Mechanik", "Physik"]}),
            ),
        ];
        let fusion = fused("Energieerhaltung Mechanik Aufgaben", &nodes);
        assert_eq!(fusion.query.text(), "Energie Mechanik Aufgaben");
        assert_eq!(ids(&fusion.ranked), ["e", "m"]);
        // Known words stay as they are.
        assert_eq!(fused("Mechanik Energie", &nodes).query.text(), "Mechanik Energie");
    }
}
