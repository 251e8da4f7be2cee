//! The subject of an answer: which school subject a teacher reads on in,
//! which portal is its home, which portal a query names as a subject
//! with a subject head ("Wirtschaftslehre"), and which portals and
//! collections are of the subjects a query names.

use std::cmp::Reverse;

use super::super::fill::school_disciplines;
use super::TreeRanking;
use super::closed::closed_in;
use super::naming::{compound_pairs, genitive_aspects};
use super::words::{Fit, STUDY_HEADS, TopicWord};
use crate::search::query::{Words, char_len, fold, is_framing_word, is_stopword, tokens};
use crate::upstream::Node;
use crate::vocab::{Vocabulary, broader_discipline};

/// The last parts of a compound that make it the name of a school subject
/// ("Wirtschafts|lehre", "Religions|kunde", "Wirtschafts|unterricht",
/// "Musik|erziehung"): the heads of a field of study, the lessons, and the
/// upbringing a subject is named for in some states (the discipline
/// vocabulary itself lists "Kunsterziehung" for Kunst).
fn subject_heads() -> impl Iterator<Item = &'static str> {
    STUDY_HEADS.iter().copied().chain(["unterricht", "erziehung"])
}

/// The first part of such a compound names a portal whose title it starts
/// from this many letters on.
const MIN_TITLE_START: usize = 5;

/// The portal a word of the query names as a school subject: the word is
/// a portal's one-word title, alone or with a subject head ("Wirtschaft",
/// "Wirtschaftslehre", "Wirtschaftsunterricht" for the portal
/// "Wirtschaft"). Only a portal with a discipline of its own: that is the
/// subject.
pub(super) fn portal_named_as_subject<'p>(word: &str, portals: &[&'p Node]) -> Option<&'p Node> {
    let folded = fold(word);
    let base = subject_heads()
        .find_map(|head| folded.strip_suffix(head))
        .filter(|base| !base.is_empty());
    let names: Vec<&str> = match base {
        Some(base) => [Some(base), base.strip_suffix('s')].into_iter().flatten().collect(),
        None => vec![folded.as_str()],
    };
    // With a subject head, the first part may also start the portal's title
    // ("Medien|kunde" for "Medienbildung", "Geschichts|kunde" for
    // "Geschichte").
    let starts = |title: &str| {
        base.is_some()
            && names
                .iter()
                .any(|n| char_len(n) >= MIN_TITLE_START && title.starts_with(n))
    };
    portals.iter().copied().find(|p| {
        let title = fold(p.display_title());
        !title.contains(' ')
            && (names.contains(&title.as_str()) || starts(&title))
            && !own_disciplines(p, portals).is_empty()
    })
}

/// The school disciplines of a portal that no other portal carries.
pub(super) fn own_disciplines(portal: &Node, portals: &[&Node]) -> Vec<String> {
    school_disciplines(portal)
        .filter(|d| {
            !portals
                .iter()
                .any(|p| p.id() != portal.id() && school_disciplines(p).any(|o| o == *d))
        })
        .map(str::to_string)
        .collect()
}

/// The home subject of an answer: of the disciplines of its best
/// collections (`best`: those that name the topic best, equally well), the
/// one the most of them carry, then the most of all candidates (`all`),
/// then the first seen. "Fake News" of Medienbildung carries Politische
/// Bildung first, and Medienbildung like the other collections on it;
/// "Demokratie" is named by titles of five subjects, and Politische Bildung
/// has the most of them.
pub(super) fn home_subject<'n>(best: &[&'n Node], all: &[&'n Node]) -> Option<&'n str> {
    let mut seen: Vec<&str> = Vec::new();
    for d in best.iter().flat_map(|n| school_disciplines(n)) {
        if !seen.contains(&d) {
            seen.push(d);
        }
    }
    let carrying = |nodes: &[&Node], d: &str| nodes.iter().filter(|n| school_disciplines(n).any(|x| x == d)).count();
    seen.iter()
        .enumerate()
        .max_by_key(|(i, d)| (carrying(best, d), carrying(all, d), Reverse(*i)))
        .map(|(_, d)| *d)
}

/// The portal of an answer: the one portal that carries its home subject
/// ([`home_subject`] of its best collections among the candidates), or,
/// when several do, the one the known parents of a best collection lead
/// up to.
pub(super) fn home_portal<'p>(best: &[&Node], pool: &[Node], portals: &[&'p Node]) -> Option<&'p Node> {
    let all: Vec<&Node> = pool.iter().collect();
    let home = home_subject(best, &all)?;
    let carrying: Vec<&Node> = portals
        .iter()
        .copied()
        .filter(|p| school_disciplines(p).any(|d| d == home))
        .collect();
    if let [one] = carrying.as_slice() {
        return Some(one);
    }
    best.iter().find_map(|node| {
        let mut at = node.parent_id();
        for _ in 0..20 {
            let id = at?;
            if let Some(portal) = carrying.iter().find(|p| p.id() == id) {
                return Some(*portal);
            }
            at = pool.iter().find(|n| n.id() == id).and_then(Node::parent_id);
        }
        None
    })
}

impl<'q> TreeRanking<'q> {
    /// The ranking with a word of the query that names a portal as a
    /// school subject (`portal_named_as_subject`: "Wirtschaftslehre",
    /// "Standortfaktoren im Wirtschaftsunterricht") read as that subject:
    /// the topic words it gave (the word, or its first part once the
    /// framing head is split off) are none, the portal's own disciplines
    /// join the subjects. `portals`: the subject portals read in the first
    /// wave.
    pub fn with_portals(mut self, portals: &[&Node]) -> TreeRanking<'q> {
        // A subject no portal carries, named alone, is answered by its
        // broader subject's one portal ("Gesellschaftskunde" by Politische
        // Bildung). Beside a topic it stays a word of the question: the
        // broader subject's portal is no page on the topic ("Astronomie
        // Planeten").
        let carried = |uri: &str| {
            portals
                .iter()
                .filter(|p| school_disciplines(p).any(|d| d == uri))
                .count()
        };
        let broader: Vec<&str> = (self.subjects.iter())
            .filter(|s| self.words.is_empty() && carried(s) == 0)
            .filter_map(|s| broader_discipline(s))
            .filter(|b| carried(b) == 1)
            .collect();
        for uri in broader {
            if !self.subjects.iter().any(|s| s == uri) {
                self.subjects.push(uri.to_string());
            }
        }
        let mut named: Vec<String> = Vec::new();
        // A portal's bare title is the subject beside a topic ("Angebot und
        // Nachfrage Wirtschaft"); alone it stays a topic word.
        let beside_a_topic = self.query.topic_words().len() > 1;
        // A word of a subject's name of several words names that subject
        // only ("Wirtschaftskunde" in "Geographie und Wirtschaftskunde").
        let in_a_longer_name = |i: usize| {
            self.query
                .disciplines()
                .iter()
                .any(|d| d.span.len() > 1 && d.span.contains(&i))
        };
        for (i, token) in tokens(self.query.text()).enumerate() {
            if in_a_longer_name(i) {
                continue;
            }
            let bare = portals.iter().any(|p| fold(p.display_title()) == fold(token));
            if bare && !beside_a_topic {
                continue;
            }
            if let Some(portal) = portal_named_as_subject(token, portals) {
                named.push(fold(token));
                named.push(fold(portal.display_title()));
                for d in own_disciplines(portal, portals) {
                    if !self.subjects.contains(&d) {
                        self.subjects.push(d);
                    }
                }
            }
        }
        if named.is_empty() {
            return self.with_subject_words();
        }
        let mut i = 0;
        for word in self.query.topic_words().iter().take(64) {
            let folded = fold(word);
            if named
                .iter()
                .any(|n| *n == folded || folded.strip_suffix('s') == Some(n.as_str()))
            {
                self.words.remove(i);
                for mask in [&mut self.optional, &mut self.aspects, &mut self.heads, &mut self.counts] {
                    let below = *mask & ((1u64 << i) - 1);
                    *mask = below | ((*mask >> (i + 1)) << i);
                }
            } else {
                i += 1;
            }
        }
        let query_tokens: Vec<String> = tokens(self.query.text()).map(str::to_string).collect();
        self.compounds = compound_pairs(&self.words, &query_tokens);
        self.portal_words = named;
        // A noun before the subject's genitive is the topic, no aspect of
        // another topic word ("Sektoren der Wirtschaft").
        self.optional &= !self.aspects;
        self.aspects = genitive_aspects(&self.words, &query_tokens);
        let aspects = self.aspects;
        self.with_optional_mask(aspects).with_subject_words()
    }

    /// The ranking with the words that name the subjects it reads, folded,
    /// but its topic words (see [`is_subject_word`](Self::is_subject_word)):
    /// found once for every text it weighs.
    pub(super) fn with_subject_words(mut self) -> TreeRanking<'q> {
        let names: Vec<String> = (self.named_disciplines())
            .flat_map(|e| std::iter::once(&e.label).chain(&e.aliases))
            .map(|name| fold(name))
            .chain(self.typed_subject_words().into_iter().map(fold))
            .chain(self.portal_words.iter().cloned())
            .filter(|name| !self.words.iter().any(|w| w.folded() == name))
            .collect();
        self.subject_words = names;
        self
    }
}

/// Which portals and collections are of the subjects a query names.
impl TreeRanking<'_> {
    /// A portal whose title is the query as a whole (its content words,
    /// folded: "Wirtschaft", "Lernen lernen"), but for framing words the
    /// title does not have: "Lernen lernen Berufsschule" asks for the
    /// portal, for one school type.
    pub(super) fn names_as_a_whole(&self, portal: &Node) -> bool {
        fn content(text: &str) -> impl Iterator<Item = &str> {
            tokens(text).filter(|t| char_len(t) >= 2 && !is_stopword(t))
        }
        let title: Vec<String> = content(portal.display_title()).map(fold).collect();
        let query: Vec<String> = content(self.query.text())
            .filter(|t| !is_framing_word(t) || title.contains(&fold(t)))
            .map(fold)
            .collect();
        !query.is_empty() && query == title
    }

    /// The node belongs to a subject the query names: it carries the
    /// discipline, or it is the subject's portal.
    pub(super) fn in_subject(&self, node: &Node, portals: &[&Node]) -> bool {
        school_disciplines(node).any(|d| self.subjects.iter().any(|s| s == d)) || self.is_subject_portal(node, portals)
    }

    /// A portal of a subject the query names: one of `portals` that carries
    /// the discipline, or whose title is the discipline's label or an alias
    /// in any spelling ("Geographie" for Geografie). A subject without a
    /// portal of its own is the portals its label or an alias names word by
    /// word: "WAT" (Arbeitslehre, "Wirtschaft-Arbeit-Technik") → Wirtschaft,
    /// "NaWi" (MINT, "Chemie Physik Biologie") → the three.
    pub(super) fn is_subject_portal(&self, node: &Node, portals: &[&Node]) -> bool {
        if !portals.iter().any(|p| p.id() == node.id()) {
            return false;
        }
        self.names_portal(node) || (!portals.iter().any(|p| self.names_portal(p)) && self.names_portal_by_a_word(node))
    }

    /// The node's title has a word that named a subject in the query, in
    /// some form ("Theater" for "des Theaters", "Geografie" for
    /// "Geographie").
    pub(super) fn titles_a_subject_word(&self, node: &Node) -> bool {
        let title = Words::of(node.display_title());
        (self.typed_subject_words().into_iter())
            .any(|word| TopicWord::of(word).best_fit(&title).is_some_and(|fit| fit <= Fit::Stem))
    }

    /// The node's title writes a name of a subject the query names and a
    /// topic word as one compound, the subject's word first
    /// ("Wirtschaftssektoren" for "Sektoren der Wirtschaft"): a page of
    /// the subject's topic, wherever it stands in the tree.
    pub(super) fn closes_a_subject_word(&self, node: &Node) -> bool {
        let title = Words::of(node.display_title());
        (self.subject_words.iter()).any(|word| {
            let subject = TopicWord::of(word);
            self.words.iter().any(|w| closed_in(&subject, w, &title))
        })
    }

    /// The words of the query that named its subjects, as typed.
    fn typed_subject_words(&self) -> Vec<&str> {
        let typed: Vec<&str> = tokens(self.query.text()).collect();
        (self.query.disciplines().iter())
            .flat_map(|d| d.span.clone())
            .filter_map(|at| typed.get(at).copied())
            .collect()
    }

    /// A word of a text that names a subject the query names, as the query
    /// typed it or by the subject's name ("Chemie" for "im
    /// Chemieunterricht"), and is no topic word of the query.
    pub(super) fn is_subject_word(&self, word: &str) -> bool {
        self.subject_words.contains(&fold(word))
    }

    /// The portal carries a discipline the query names, or its title is the
    /// discipline's label or an alias.
    pub(super) fn names_portal(&self, portal: &Node) -> bool {
        if school_disciplines(portal).any(|d| self.subjects.iter().any(|s| s == d)) {
            return true;
        }
        let title = fold(portal.display_title());
        self.named_disciplines()
            .any(|e| fold(&e.label) == title || e.aliases.iter().any(|a| fold(a) == title))
    }

    /// The portal's one-word title is a word of a named discipline's label
    /// or alias.
    pub(super) fn names_portal_by_a_word(&self, portal: &Node) -> bool {
        let title = fold(portal.display_title());
        !title.contains(' ')
            && self.named_disciplines().any(|e| {
                std::iter::once(&e.label)
                    .chain(&e.aliases)
                    .flat_map(|name| name.split(|c: char| !c.is_alphanumeric()))
                    .any(|word| fold(word) == title)
            })
    }

    /// The vocabulary entries of the subjects the query names.
    pub(super) fn named_disciplines(&self) -> impl Iterator<Item = &'static crate::vocab::Entry> + '_ {
        Vocabulary::Discipline
            .entries()
            .iter()
            .filter(|e| self.subjects.contains(&e.uri))
    }
}
