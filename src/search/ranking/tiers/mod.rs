//! Collections ranked the way a teacher reads the tree.
//!
//! Tiers, best first:
//! 1. the title names the topic (every topic word of the query is a word of
//!    the title, by its form, its stem or its spelling, or a part of a
//!    compound of the title: "Funktionsgleichung", "Spätromantik");
//! 2. a keyword names it;
//! 3. the title, then a keyword, names some of the topic words (more of
//!    them first, then the rarer ones among the candidates: "Winkelsummen"
//!    before "Dreiecke" for "Winkelsumme im Dreieck");
//! 4. the parents and portals of the collections of tiers 1 and 2;
//! 5. only the description names it (all of it, then some of it).
//!
//! Within a tier: how exactly the title (or the keyword) names the topic —
//! the very words, the same words in another form or spelling, the words
//! among others, parts of compounds — then the subject of the first
//! collection before others (the answer stays in one part of the tree;
//! below the title tier this comes before the exactness), then the more
//! specific collection before its ancestor, then the quality score, then
//! the id.
//!
//! **Subjects.** A query that names a subject ("Romantik in der Musik",
//! "Chemie", "Mathe") is answered from that subject's collections (its
//! discipline, or its portal) whenever one of them names the topic; other
//! subjects come only when none does, and then only collections that name
//! every topic word. A query that names only a subject answers that
//! subject's portal first.
//!
//! **Topic guard.** A collection that shares no topic word with the query
//! is never listed for a subject or a generic word alone ("Analyse",
//! "Übungen" are no topic words beside another word). When the query has
//! topic words and some collections name all of them, a collection that
//! names only some of them is listed only when it shares a subject with
//! one that names all: one word of a two-word topic is another subject's
//! topic too ("Funktion" of "lineare Funktion" in Biologie's "Form &
//! Funktion").

mod closed;
mod forms;
mod guard;
mod naming;
mod order;
mod partial;
pub(crate) use partial::lone_title_word;
mod subject;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_partial;
#[cfg(test)]
mod tests_subject;
#[cfg(test)]
mod tests_words;
mod words;

use std::collections::BTreeSet;

use super::fill::school_disciplines;
use crate::search::query::{Query, Words, is_stopword, tokens};
use crate::upstream::Node;
use naming::{compound_pairs, examples, genitive_aspects, heads_before_genitive};
use subject::{home_portal, own_disciplines};
use words::{Fit, TopicWord};

/// Where a collection names the topic (best first).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Tier {
    Title,
    Keyword,
    /// Some topic words in the title, in a keyword.
    PartialTitle,
    PartialKeyword,
    ParentOrPortal,
    Description,
    /// Some topic words in the description.
    PartialDescription,
}

impl Tier {
    /// All topic words, in the title, a keyword or the description.
    fn is_full(self) -> bool {
        matches!(self, Tier::Title | Tier::Keyword | Tier::Description)
    }
}

/// How much of the query a ranked answer covers (least first).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Coverage {
    /// Nothing listed.
    Nothing,
    /// Collections that name some of the topic, or all of it only in a
    /// description.
    Some,
    /// A collection whose keywords name every topic word (in a subject the
    /// query names, if it names one), none whose title does.
    Keyword,
    /// A collection whose title names every topic word (in a subject the
    /// query names, if it names one); for a query that names only a
    /// subject, that subject's portal or collections.
    Title,
}

/// The exactness of a text that names the topic without an optional word
/// (see [`naming::Naming`]'s `exactness`).
const WITHOUT_OPTIONAL: u8 = 4;

/// The exactness of a text that names a topic word only by a compound's
/// short form ([`words::Fit::Clipped`]): after every other text of its
/// tier, and such a title covers the topic only as a keyword does.
const CLIPPED: u8 = 3 * WITHOUT_OPTIONAL + 3;

/// Where and how a candidate names the topic: its tier, the exactness of
/// its best text, the topic words it names (bits).
type Placed = (Tier, u8, u64);

/// The collection ranking of one query (see the module docs).
pub struct TreeRanking<'q> {
    query: &'q Query,
    words: Vec<TopicWord>,
    subjects: Vec<String>,
    /// The topic words a text may leave out and still name the topic
    /// (bit `i`: word `i`; see [`with_optional`](Self::with_optional)).
    optional: u64,
    /// The optional topic words that name an aspect of a noun in the
    /// genitive after them ([`genitive_aspects`]): a collection's place
    /// in the tree still names them.
    aspects: u64,
    /// The generic heads before a genitive ([`heads_before_genitive`]):
    /// named only as a closed compound's last part.
    heads: u64,
    /// The number words among the topic words (bits): they count what the
    /// others name.
    counts: u64,
    /// The collections whose place in the tree names a compound of the
    /// topic (see [`with_placed`](Self::with_placed)).
    placed: BTreeSet<String>,
    /// Whether the query as typed names its subjects (see
    /// [`with_subject_typed`](Self::with_subject_typed)).
    subject_typed: bool,
    /// The words that name the subjects the query names, folded (see
    /// [`is_subject_word`](Self::is_subject_word)).
    subject_words: Vec<String>,
    /// The words of the query that named a subject by its portal's title,
    /// folded ([`with_portals`](Self::with_portals): "Wirtschaft").
    portal_words: Vec<String>,
    /// Pairs of topic words (first part, last part) that a text may write
    /// as one closed compound ([`compound_pairs`]).
    compounds: Vec<(usize, usize)>,
}

impl<'q> TreeRanking<'q> {
    pub fn new(query: &'q Query) -> TreeRanking<'q> {
        let query_tokens: Vec<String> = tokens(query.text()).map(str::to_string).collect();
        let words: Vec<TopicWord> = query
            .topic_words()
            .iter()
            .take(64)
            .map(|w| {
                TopicWord::of(w)
                    .at(&query_tokens)
                    .cut_from(&query_tokens)
                    .suspended_before(&query_tokens)
            })
            .collect();
        // A number word counts what the others name (see `order`).
        let numbers = (words.iter().enumerate())
            .filter(|(_, w)| w.is_number_word())
            .fold(0u64, |mask, (i, _)| mask | (1 << i));
        let aspects = genitive_aspects(&words, &query_tokens);
        let examples = examples(&words, &query_tokens);
        // After the query's own topic words, whose places other rules
        // share with `query.topic_words()`.
        let mut words = words;
        let mut heads = 0u64;
        for head in heads_before_genitive(&words, &query_tokens) {
            if words.len() < 64 {
                heads |= 1 << words.len();
                words.push(head);
            }
        }
        TreeRanking {
            query,
            compounds: compound_pairs(&words, &query_tokens),
            words,
            subjects: query.subject_uris().to_vec(),
            optional: 0,
            aspects,
            heads,
            counts: numbers,
            placed: BTreeSet::new(),
            subject_typed: true,
            subject_words: Vec::new(),
            portal_words: Vec::new(),
        }
        .with_optional_mask(aspects | heads)
        .with_optional_mask(examples)
        .with_subject_words()
    }

    /// The ranking with the collections `placed` titled by the topic:
    /// their place in the tree names a compound of it, its last part by
    /// their title and its first part by an ancestor's
    /// (`places_compound`: "Ausdehnung" below
    /// "Wärmelehre" for "Wärmeausdehnung").
    pub fn with_placed(mut self, placed: BTreeSet<String>) -> TreeRanking<'q> {
        self.placed = placed;
        self
    }

    /// The ranking of a rescued query whose subject the query as typed
    /// may not have named: a compound's last part names what the compound
    /// is about ("Schöpfungs|geschichte"), not the subject asked for, so
    /// that subject's portal does not lead an answer from other subjects.
    pub fn with_subject_typed(mut self, typed: bool) -> TreeRanking<'q> {
        self.subject_typed = typed;
        self
    }

    /// The ranking with `words` optional: the later parts of a split
    /// compound ("Verdauung|s|organe" → "Organe"). A text that names the
    /// other topic words names the topic (the compound's first part names
    /// what it is about, "Die Wasserstoffbrücken" for
    /// "Wasserstoffbrückenbindungen"); one that names only optional words
    /// names none of it ("Organe der EU").
    pub fn with_optional(self, words: &[String]) -> TreeRanking<'q> {
        let optional = |w: &str| words.iter().any(|o| o.to_lowercase() == w.to_lowercase());
        let mask = self
            .query
            .topic_words()
            .iter()
            .take(64)
            .enumerate()
            .filter(|(_, w)| optional(w))
            .fold(0u64, |mask, (i, _)| mask | (1 << i));
        self.with_optional_mask(mask)
    }

    /// The ranking with the topic words of `mask` (bits) optional too; at
    /// least one topic word stays required.
    pub(super) fn with_optional_mask(mut self, mask: u64) -> TreeRanking<'q> {
        if (self.optional | mask).count_ones() < self.words.len() as u32 {
            self.optional |= mask;
        }
        self
    }

    /// Whether the node names the topic at all (some topic word in its
    /// title, keywords or description); for a query that names only a
    /// subject, whether the node belongs to it. The walk's test.
    pub fn matches(&self, node: &Node) -> bool {
        if self.words.is_empty() {
            return self.in_subject(node, &[]);
        }
        self.tier(node).is_some()
    }

    /// Whether a title of the ranked answer (in a subject the query names,
    /// if it names one) is the topic: its very words, in some form, and no
    /// others ("Erster Weltkrieg" for "Ersten Weltkrieg", not "Ende des
    /// Ersten Weltkriegs"); true for a query that names only a subject.
    pub fn titles_exactly(&self, ranked: &[Node], portals: &[&Node]) -> bool {
        self.words.is_empty()
            || ranked.iter().any(|n| {
                (self.subjects.is_empty() || self.in_subject(n, portals))
                    && self
                        .tier(n)
                        .is_some_and(|(tier, exactness, _)| tier == Tier::Title && exactness <= 1)
            })
    }

    /// Whether the ranked answer holds a collection of a subject the query
    /// names that names the topic (for a query that names only a subject:
    /// its portal or one of its collections).
    pub fn answers_in_subject(&self, ranked: &[Node], portals: &[&Node]) -> bool {
        ranked
            .iter()
            .any(|n| self.in_subject(n, portals) && (self.words.is_empty() || self.tier(n).is_some()))
    }

    /// How much of the query the ranked answer covers (see [`Coverage`]).
    pub fn coverage(&self, ranked: &[Node], portals: &[&Node]) -> Coverage {
        let in_subject = |n: &&Node| self.subjects.is_empty() || self.in_subject(n, portals);
        if self.words.is_empty() {
            return match (ranked.iter().any(|n| in_subject(&n)), ranked.is_empty()) {
                (true, _) => Coverage::Title,
                (false, true) => Coverage::Nothing,
                (false, false) => Coverage::Some,
            };
        }
        let best = ranked
            .iter()
            .filter(in_subject)
            .filter_map(|n| self.tier(n))
            .map(|(tier, exactness, _)| match tier {
                // The search goes on: it may find the compound itself.
                Tier::Title if exactness >= CLIPPED => Tier::Keyword,
                tier => tier,
            })
            .min();
        match best {
            Some(Tier::Title) => Coverage::Title,
            Some(Tier::Keyword) => Coverage::Keyword,
            _ if ranked.is_empty() => Coverage::Nothing,
            _ => Coverage::Some,
        }
    }

    /// Rank the candidates (see the module docs); `portals` are the subject
    /// portals read beside them (they join as the portals of what names the
    /// topic, and as the answer to a query that names only a subject).
    /// What the topic guard leaves out is dropped.
    pub fn rank(&self, candidates: Vec<Node>, portals: &[&Node]) -> Vec<Node> {
        if self.words.is_empty() && self.subjects.is_empty() {
            return candidates;
        }
        let mut seen: BTreeSet<String> = BTreeSet::new();
        let pool: Vec<Node> = candidates
            .into_iter()
            .filter(|n| seen.insert(n.id().to_string()))
            .collect();
        if self.words.is_empty() {
            return self.rank_subject_only(pool, portals, &mut seen);
        }
        // A portal the query names as a whole ("Wirtschaft", "Lernen
        // lernen"): a subject too, when its discipline is its own.
        let named_portal: Option<&Node> = portals.iter().copied().find(|p| self.names_as_a_whole(p));
        let mut ranking = TreeRanking {
            query: self.query,
            words: self.words.clone(),
            subjects: self.subjects.clone(),
            optional: self.optional,
            aspects: self.aspects,
            heads: self.heads,
            counts: self.counts,
            placed: self.placed.clone(),
            subject_typed: self.subject_typed,
            subject_words: self.subject_words.clone(),
            portal_words: self.portal_words.clone(),
            compounds: self.compounds.clone(),
        };
        if let Some(portal) = named_portal
            && let [only] = own_disciplines(portal, portals).as_slice()
            && !ranking.subjects.contains(only)
        {
            ranking.subjects.push(only.clone());
            ranking = ranking.with_subject_words();
        }
        ranking.rank_topic(pool, portals, seen, named_portal)
    }

    /// [`rank`](Self::rank) for a query with topic words.
    fn rank_topic(
        &self,
        mut pool: Vec<Node>,
        portals: &[&Node],
        mut seen: BTreeSet<String>,
        named_portal: Option<&Node>,
    ) -> Vec<Node> {
        let mut tiers: Vec<Option<Placed>> = pool.iter().map(|n| self.tier(n)).collect();
        if self.lacks_a_noun(&pool) {
            return Vec::new();
        }
        // Named subjects: their collections, when one names the topic;
        // else other subjects' collections that name all of it, after the
        // named subject's portal: the subject is what was asked for, the
        // other subjects' pages are its topic elsewhere ("Englisch
        // Abiturvorbereitung" is no "Abiturvorbereitung Analysis").
        let mut outside = false;
        if !self.subjects.is_empty() {
            let in_subject: Vec<bool> = (pool.iter())
                .map(|n| self.in_subject(n, portals) || self.closes_a_subject_word(n))
                .collect();
            if (0..pool.len()).any(|i| in_subject[i] && tiers[i].is_some()) {
                retain_by(&mut pool, &mut tiers, &in_subject);
            } else {
                let full: Vec<bool> = tiers
                    .iter()
                    .map(|t| t.is_some_and(|(tier, ..)| tier.is_full()))
                    .collect();
                retain_by(&mut pool, &mut tiers, &full);
                // Unless another subject's title has the word that named
                // the subject: that word is the topic too ("Das griechische
                // Theater" for "Aufbau des griechischen Theaters").
                outside = self.subject_typed && !pool.is_empty() && !pool.iter().any(|n| self.titles_a_subject_word(n));
            }
        }
        // What names the topic less well in another subject than the best
        // matches: when a title names it by its words (in any form, not
        // only as parts of longer words; a split compound's first part
        // too: "Brände & Brandbekämpfung" for "Brand|schutz"), whatever names it only in
        // keywords or in part outside the subjects of the titles that name
        // it (a word among another subject's keywords is no page on the
        // topic); else partial matches outside the subjects of the full
        // matches.
        let names_as_words = tiers
            .iter()
            .flatten()
            .any(|(tier, exactness, _)| *tier == Tier::Title && exactness % WITHOUT_OPTIONAL <= 2);
        let (reference, weaker): (BTreeSet<&str>, fn(Tier) -> bool) = if !names_as_words {
            (subjects_of(&pool, &tiers, |(tier, _)| tier.is_full()), |tier| {
                !tier.is_full()
            })
        } else {
            (subjects_of(&pool, &tiers, |(tier, _)| tier == Tier::Title), |tier| {
                tier != Tier::Title
            })
        };
        if !reference.is_empty() {
            let keep: Vec<bool> = pool
                .iter()
                .zip(&tiers)
                .map(|(n, t)| match t {
                    Some((tier, ..)) if weaker(*tier) => subjects_or_none(n).iter().any(|d| reference.contains(d)),
                    _ => true,
                })
                .collect();
            retain_by(&mut pool, &mut tiers, &keep);
        } else {
            self.keep_partial_in_best_subjects(&mut pool, &mut tiers);
        }
        // Parents and portals of the collections whose title or keywords
        // name the topic.
        let named: Vec<(&Node, Placed)> = pool
            .iter()
            .zip(&tiers)
            .filter_map(|(n, t)| t.filter(|(tier, ..)| *tier <= Tier::Keyword).map(|t| (n, t)))
            .collect();
        let parent_ids: BTreeSet<String> = named
            .iter()
            .filter_map(|(n, _)| n.parent_id())
            .map(str::to_string)
            .collect();
        // The portal of the answer's subject: of the home subject (the
        // first discipline) of the best collection that names the topic, or
        // of the subjects the query names.
        let best_naming = named.iter().map(|(_, (tier, exactness, _))| (*tier, *exactness)).min();
        let best: Vec<&Node> = named
            .iter()
            .filter(|(_, (tier, exactness, _))| Some((*tier, *exactness)) == best_naming)
            .map(|(n, _)| *n)
            .collect();
        let best = self.tagged_first(best);
        let answer_portal = match best.as_slice() {
            [] if !outside => Vec::new(),
            _ if !self.subjects.is_empty() => portals
                .iter()
                .copied()
                .filter(|p| self.is_subject_portal(p, portals))
                .collect(),
            best => home_portal(best, &pool, portals).into_iter().collect(),
        };
        for (node, tier) in pool.iter().zip(tiers.iter_mut()) {
            if parent_ids.contains(node.id()) && tier.is_none_or(|(t, ..)| t > Tier::ParentOrPortal) {
                *tier = Some((Tier::ParentOrPortal, 2, 0));
            }
        }
        for portal in answer_portal {
            if seen.insert(portal.id().to_string()) {
                pool.push(portal.clone());
                tiers.push(Some((Tier::ParentOrPortal, 2, 0)));
            }
        }
        // The topic guard: what names no topic word and is no parent or
        // portal of what does.
        let kept: Vec<bool> = tiers.iter().map(Option::is_some).collect();
        retain_by(&mut pool, &mut tiers, &kept);
        let tiers: Vec<Placed> = tiers.into_iter().flatten().collect();
        let first = named_portal.map(|p| p.id().to_string());
        let mut ordered = self.order(pool, tiers, first.as_deref());
        if outside {
            ordered.sort_by_key(|n| !self.is_subject_portal(n, portals));
        }
        ordered
    }

    /// A query that names only a subject: its portals first (after a
    /// collection of it that a material word of the query names: "Film im
    /// Kunstunterricht"), then its own collections, then — only when it has
    /// none — the rest, by score.
    fn rank_subject_only(&self, mut pool: Vec<Node>, portals: &[&Node], seen: &mut BTreeSet<String>) -> Vec<Node> {
        let subject_portals: Vec<&Node> = portals
            .iter()
            .copied()
            .filter(|p| self.is_subject_portal(p, portals))
            .collect();
        for portal in &subject_portals {
            if seen.insert(portal.id().to_string()) {
                pool.push((*portal).clone());
            }
        }
        let is_subject_portal = |n: &Node| subject_portals.iter().any(|p| p.id() == n.id());
        // Its own collections: those whose first discipline is one of its
        // portal's. A collection of another subject tagged with it besides
        // ("Theorien der Ökonomie" of Politische Bildung, tagged Politik
        // and Wirtschaftskunde) is that other subject's.
        let home: BTreeSet<&str> = subject_portals
            .iter()
            .flat_map(|p| school_disciplines(p))
            .chain(self.subjects.iter().map(String::as_str))
            .collect();
        let own = |n: &Node| is_subject_portal(n) || school_disciplines(n).next().is_some_and(|d| home.contains(d));
        if pool.iter().any(own) {
            pool.retain(own);
        }
        // A material word beside the subject may be a topic of it ("Film im
        // Kunstunterricht"): its collection of that title leads, before the
        // portal.
        let materials: Vec<TopicWord> = self.query.material_words().into_iter().map(TopicWord::of).collect();
        let titled_by_material = |n: &&Node| {
            let title = n.display_title();
            tokens(title).filter(|t| !is_stopword(t)).count() == 1
                && materials
                    .iter()
                    .any(|m| m.best_fit(&Words::of(title)).is_some_and(|f| f <= Fit::Stem))
        };
        let first = pool
            .iter()
            .filter(|n| !is_subject_portal(n))
            .find(titled_by_material)
            .map(|n| n.id().to_string());
        let tiers = pool
            .iter()
            .map(|n| {
                if is_subject_portal(n) || first.as_deref() == Some(n.id()) {
                    (Tier::Title, 0, 0)
                } else {
                    (Tier::Keyword, 2, 0)
                }
            })
            .collect();
        self.order(pool, tiers, first.as_deref())
    }
}

/// A node's title, keywords and description as words.
pub(crate) fn node_texts(node: &Node) -> Vec<Words> {
    std::iter::once(node.display_title())
        .chain(node.keywords().iter().map(String::as_str))
        .chain(std::iter::once(node.description()))
        .map(Words::of)
        .collect()
}

/// The school disciplines of the nodes whose tier and exactness pass `which`.
fn subjects_of<'n>(
    pool: &'n [Node],
    tiers: &[Option<Placed>],
    which: impl Fn((Tier, u8)) -> bool,
) -> BTreeSet<&'n str> {
    pool.iter()
        .zip(tiers)
        .filter(|(_, t)| t.is_some_and(|(tier, exactness, _)| which((tier, exactness))))
        .flat_map(|(n, _)| subjects_or_none(n))
        .collect()
}

/// The node's school disciplines, or [`NO_SUBJECT`] when it carries none
/// (an editor left it out: "Absolute und relative Häufigkeiten" of
/// Mathematik): what another subject's collection does not share.
fn subjects_or_none(node: &Node) -> Vec<&str> {
    let subjects: Vec<&str> = school_disciplines(node).collect();
    if subjects.is_empty() {
        vec![NO_SUBJECT]
    } else {
        subjects
    }
}

/// The subject of a collection without a discipline (see [`subjects_or_none`]).
const NO_SUBJECT: &str = "";

/// Keep the nodes (and their tiers) whose flag is set.
fn retain_by<T>(pool: &mut Vec<Node>, tiers: &mut Vec<T>, keep: &[bool]) {
    let mut flags = keep.iter();
    pool.retain(|_| flags.next().copied().unwrap_or(false));
    let mut flags = keep.iter();
    tiers.retain(|_| flags.next().copied().unwrap_or(false));
}
