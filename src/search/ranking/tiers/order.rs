//! The order of ranked collections: tier, then how much and how rare
//! a partial match names (with its ancestors' titles), exactness, the answer's subject, the specific
//! before its ancestor, the quality score, the id.

use std::cmp::Reverse;
use std::collections::{BTreeMap, BTreeSet};

use super::super::fill::school_disciplines;
use super::super::score::score_node;
use super::subject::home_subject;
use super::{Placed, Tier, TreeRanking};
use crate::upstream::Node;
use crate::vocab::is_language_course as is_language_course_uri;

/// The sort key of a ranked collection: below the title tier (later), and
/// there of another subject than the first collection (later); tier; in a
/// partial tier more than the query's closing verb (first), the required topic words
/// named (more first) and their rarity (rarer first), then all topic words
/// named and their rarity, a title's and a keyword's alike; then the tier itself and the
/// exactness; a language course's theme (later, when the query names no
/// subject: among equally exact matches only, so that a course's title
/// that is the topic comes before a looser title of another subject,
/// "Großbritannien" of Englisch before "Industrialisierung Großbritannien");
/// not the portal the query names as a
/// whole (later); of another subject than the first collection (later); an
/// ancestor of another of its group (later); quality score (higher first).
type OrderKey = (
    (bool, bool),
    Tier,
    bool,
    Reverse<(u32, i64, u32)>,
    Reverse<i64>,
    (Tier, u8),
    bool,
    bool,
    bool,
    bool,
    Reverse<i64>,
);

impl TreeRanking<'_> {
    /// Sort by tier, then (for partial tiers) more topic words first and
    /// the rarer ones among the candidates first, then exactness, then the
    /// subject of the first collection before others, then the more
    /// specific before its ancestor, then the quality score, then the id.
    /// `first`: a portal the query names as a whole leads its tier.
    pub(super) fn order(&self, pool: Vec<Node>, tiers: Vec<Placed>, first: Option<&str>) -> Vec<Node> {
        let parents: BTreeMap<&str, &str> = pool.iter().filter_map(|n| n.parent_id().map(|p| (n.id(), p))).collect();
        let ancestors_of = |id: &str| -> BTreeSet<&str> {
            let mut out = BTreeSet::new();
            let mut at = id;
            while let Some(parent) = parents.get(at) {
                if !out.insert(*parent) || out.len() > 20 {
                    break;
                }
                at = parent;
            }
            out
        };
        // An ancestor of another node of its group (same tier and exactness).
        let mut ancestor = vec![false; pool.len()];
        for (i, node) in pool.iter().enumerate() {
            for a in ancestors_of(node.id()) {
                for (j, other) in pool.iter().enumerate() {
                    if other.id() == a && tiers[j].0 == tiers[i].0 && tiers[j].1 == tiers[i].1 {
                        ancestor[j] = true;
                    }
                }
            }
        }
        // The topic words a collection's title names together with the
        // titles of its ancestors in the pool: its place in the tree names
        // them ("Standardmodell" below "Teilchenphysik" names
        // "Standard-Modell der Teilchenphysik", before the ancestor that
        // names a part of it).
        let position: BTreeMap<&str, usize> = pool.iter().enumerate().map(|(i, n)| (n.id(), i)).collect();
        // By words, not by parts of compounds ("Parabelgleichung" is no
        // "Gleichungen").
        let titled = |j: usize| matches!(tiers[j].0, Tier::Title | Tier::PartialTitle) && tiers[j].1 <= 2;
        // A title that names only what its ancestors name adds nothing to
        // them ("christliches Verständnis von Auferstehung" below "Jesu Tod
        // und Auferstehung"): its own words.
        let path_masks: Vec<u64> = (0..pool.len())
            .map(|i| match tiers[i].0 {
                Tier::PartialTitle if titled(i) => {
                    let above = ancestors_of(pool[i].id())
                        .iter()
                        .filter_map(|a| position.get(a).copied())
                        .filter(|&j| titled(j))
                        .fold(0, |mask, j| mask | tiers[j].2);
                    match tiers[i].2 & !above {
                        0 => tiers[i].2,
                        _ => tiers[i].2 | above,
                    }
                }
                _ => tiers[i].2,
            })
            .collect();
        // How rare each topic word is among the candidates (inverse
        // document frequency, in thousandths). A number word counts what
        // the others name, however rare: "vier edle Wahrheiten" names
        // less of "die vier Jahreszeiten" than "Jahreszeiten" does.
        let n = pool.len().max(1) as f64;
        let rarity: Vec<i64> = (0..self.words.len())
            .map(|w| {
                if self.counts & (1 << w.min(63)) != 0 {
                    return 0;
                }
                let df = tiers.iter().filter(|(_, _, mask)| mask & (1 << w) != 0).count().max(1) as f64;
                ((1.0 + n / df).ln() * 1000.0) as i64
            })
            .collect();
        let weight = |mask: u64| -> i64 {
            (0..rarity.len())
                .filter(|w| mask & (1 << w) != 0)
                .map(|w| rarity[w])
                .sum()
        };
        let model = self.query.model();
        let mut keyed: Vec<(OrderKey, Node)> = pool
            .into_iter()
            .enumerate()
            .map(|(i, node)| {
                let (tier, exactness, _) = tiers[i];
                let mask = path_masks[i];
                let partial = !tier.is_full() && tier != Tier::ParentOrPortal;
                let (verb_only, count, rare) = if partial {
                    let required = self.required(mask);
                    (
                        self.names_only_its_verb(mask),
                        (required.count_ones(), weight(required), mask.count_ones()),
                        weight(mask),
                    )
                } else {
                    (false, (0, 0, 0), 0)
                };
                let leads = first != Some(node.id());
                // A language course's collections are themes of the course
                // ("Wetter und Klima" of Französisch, "Farben" of Englisch):
                // another subject's collection on the topic comes first,
                // unless the query names a subject.
                let course = self.subjects.is_empty() && is_language_course(&node);
                let score = score_node(model, &node);
                // Some topic words in a title or in the keywords: the rarer
                // words named decide before where ("Scratch" among the
                // keywords before "Programmieren" in a title).
                let group = match tier {
                    Tier::PartialKeyword => Tier::PartialTitle,
                    tier => tier,
                };
                let key = (
                    (tier != Tier::Title, false),
                    group,
                    verb_only,
                    Reverse(count),
                    Reverse(rare),
                    (tier, exactness),
                    course,
                    leads,
                    false,
                    ancestor[i],
                    Reverse(score),
                );
                (key, node)
            })
            .collect();
        let by_key =
            |(ka, a): &(OrderKey, Node), (kb, b): &(OrderKey, Node)| ka.cmp(kb).then_with(|| a.id().cmp(b.id()));
        keyed.sort_by(by_key);
        // The answer's subject is the one of its best collections
        // ([`home_subject`]): a teacher reads on in that part of the tree.
        // Its collections (keywords, some words, parents and portal,
        // descriptions) come before every other subject's, but for a title
        // of another subject that is the topic itself ("Kurzgeschichten" of
        // Englisch beside "Kurzgeschichte" of Deutsch); in the title tier,
        // at equal exactness. The best collections are those that name the
        // topic as well as the first: in a partial tier, the same number of
        // topic words and as rare ones ("Erneuerbare Energien", not the many
        // titles with "Energie" alone, for "Nutzung erneuerbarer Energien").
        let best: Vec<&Node> = keyed
            .iter()
            .filter(|(key, _)| {
                keyed.first().is_some_and(|(first, _)| {
                    (key.1, key.2, key.3, key.4, key.5, key.6) == (first.1, first.2, first.3, first.4, first.5, first.6)
                })
            })
            .map(|(_, n)| n)
            .collect();
        let best_ids: BTreeSet<String> = best.iter().map(|n| n.id().to_string()).collect();
        let best = self.tagged_first(best);
        let all: Vec<&Node> = keyed.iter().map(|(_, n)| n).collect();
        let home: Option<String> = home_subject(&best, &all).map(str::to_string);
        if let Some(home) = home {
            for (key, node) in keyed.iter_mut() {
                // A collection's first discipline is its subject: one of
                // another subject tagged with this one besides ("Politische
                // Zielsetzungen in der Ökonomie" of Politische Bildung,
                // tagged Politik and Wirtschaftskunde) is the other's.
                let other = school_disciplines(node).next().is_none_or(|d| d != home);
                // Another subject's title that names the topic among other
                // words reads on like the rest of that subject; but not one
                // that names it as well as the first ("Wasserkreislauf"
                // among the keywords of Physik's "Wetter / Klima" and of
                // Geographie's "Wasser"): the topic in two subjects.
                let leading = key.1 == Tier::Title && (key.5.1 <= 1 || !other) || best_ids.contains(node.id());
                key.0 = (!leading, other && !leading);
                key.8 = other;
            }
            keyed.sort_by(by_key);
        }
        keyed.into_iter().map(|(_, n)| n).collect()
    }
}

/// Every school discipline of the node is a language course
/// ([`is_language_course_uri`]); false without one.
fn is_language_course(node: &Node) -> bool {
    let mut disciplines = school_disciplines(node).peekable();
    disciplines.peek().is_some() && disciplines.all(is_language_course_uri)
}
