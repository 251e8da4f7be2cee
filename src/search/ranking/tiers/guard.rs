//! The topic guard's rules for a topic the tree holds only in part: which
//! subjects an answer that names some of the topic stays in, when a
//! phrase is not in the tree at all, and which of equally good titles is
//! the topic's home.

use std::cmp::Reverse;
use std::collections::BTreeSet;

use super::super::fill::school_disciplines;
use super::words::{Fit, TopicWord};
use super::{Placed, Tier, TreeRanking, retain_by};
use crate::search::query::Words;
use crate::upstream::Node;

impl TreeRanking<'_> {
    /// Of collections that name the topic equally well, those whose
    /// editors also gave it as a keyword in the very words ("Praktikum"
    /// beside the title "Praktika: …", not "Praktikum englisch"): the
    /// topic's home among them. All of them when none or all are so tagged.
    pub(super) fn tagged_first<'n>(&self, best: Vec<&'n Node>) -> Vec<&'n Node> {
        let tagged: Vec<&Node> = best
            .iter()
            .copied()
            .filter(|n| {
                n.keywords().iter().any(|k| {
                    let naming = self.naming(k);
                    naming.all && naming.exactness == 0
                })
            })
            .collect();
        if tagged.is_empty() || tagged.len() == best.len() {
            best
        } else {
            tagged
        }
    }

    /// A phrase the tree does not hold: no title,
    /// keyword or description of a candidate names all of it (nor one
    /// candidate's keywords, word by word, each phrase within one), and one of
    /// its capitalised words (a noun, or the start of a phrase), next to
    /// another topic word with nothing between, is in no
    /// candidate's title, only among the keywords or in the description of
    /// collections on other topics ("Hilfe" of "Erste Hilfe", "Tote" of
    /// "Toter Winkel"): the tree uses the word but has no page on it, and
    /// what the titles name is another word of the phrase, not the topic.
    /// A word the candidates never use (a first name beside the name the
    /// titles hold, "Julius" of "Julius Cäsar"), a lower-case word (an
    /// adjective, an adverb: "spielerisch") and a word after a topic that
    /// a title is exactly (an aspect of it: "Photosynthese Ablauf") say
    /// nothing. Words are compared in some form or spelling or as the last
    /// part of a compound, not as the start of a longer word ("Erste" is no
    /// "erstellen").
    pub(super) fn lacks_a_noun(&self, pool: &[Node]) -> bool {
        let required: Vec<(usize, &TopicWord)> = (0..self.words.len())
            .filter(|i| self.optional & (1 << i) == 0)
            .map(|i| (i, &self.words[i]))
            .collect();
        if required.len() < 2 {
            return false;
        }
        let texts: Vec<(Words, bool)> = pool
            .iter()
            .flat_map(|n| {
                std::iter::once((Words::of(n.display_title()), true))
                    .chain(n.keywords().iter().map(|k| (Words::of(k), false)))
                    .chain(std::iter::once((Words::of(n.description()), false)))
            })
            .collect();
        let names = |word: &TopicWord, text: &Words| word.best_fit(text).is_some_and(|f| f < Fit::Head);
        // A text names the whole phrase, or a title names some of it by
        // its words and the same collection's keywords the rest
        // ("Revolution 1848/49" with the keyword "Folgen Märzrevolution"
        // for "Märzrevolution 1848").
        let title_and_keywords = |node: &Node| {
            let title = Words::of(node.display_title());
            let keywords: Vec<Words> = node.keywords().iter().map(|k| Words::of(k)).collect();
            let in_title = |w: &TopicWord| w.best_fit(&title).is_some_and(|f| f <= Fit::Stem);
            required.iter().any(|(_, w)| in_title(w))
                && required
                    .iter()
                    .all(|(_, w)| in_title(w) || keywords.iter().any(|k| names(w, k)))
        };
        // A collection's keywords name every word, the words of a phrase
        // within one keyword ("Ablasshandel", "Thesen Martin Luther" for
        // "Ablasshandel und Luthers Thesen"): the editors tagged its page
        // with the whole question, word by word.
        let neighbours = |a: &TopicWord, b: &TopicWord| a.at.zip(b.at).is_some_and(|(a, b)| a.abs_diff(b) == 1);
        let keywords_name_it = |node: &Node| {
            let keywords: Vec<Words> = node.keywords().iter().map(|k| Words::of(k)).collect();
            required.iter().all(|(_, w)| {
                let partners: Vec<&TopicWord> = (required.iter().map(|(_, other)| *other))
                    .filter(|other| neighbours(w, other))
                    .collect();
                keywords
                    .iter()
                    .any(|k| names(w, k) && partners.iter().all(|other| names(other, k)))
            })
        };
        if texts
            .iter()
            .any(|(text, _)| required.iter().all(|(_, w)| names(w, text)))
            || pool.iter().any(title_and_keywords)
            || pool.iter().any(keywords_name_it)
        {
            return false;
        }
        // A word after one that a title is exactly ("Photosynthese Ablauf"
        // with the collection "Photosynthese") is an aspect of that topic.
        let is_a_title = |i: usize| {
            pool.iter().any(|n| {
                let naming = self.naming(n.display_title());
                naming.named == 1 << i && naming.exactness <= 1
            })
        };
        let after_a_title = |i: usize| (0..i).any(|j| self.optional & (1 << j) == 0 && is_a_title(j));
        // A phrase: the word stands next to another topic word, nothing
        // between ("Erste Hilfe"; not "Merkmale der Romantik").
        let in_a_phrase = |word: &TopicWord| {
            word.at.is_some_and(|a| {
                required
                    .iter()
                    .any(|(_, other)| other.at.is_some_and(|b| b.abs_diff(a) == 1))
            })
        };
        required.iter().any(|&(i, word)| {
            word.capitalised
                && in_a_phrase(word)
                && !texts.iter().any(|(text, title)| *title && names(word, text))
                && texts.iter().any(|(text, title)| !*title && names(word, text))
                && !after_a_title(i)
        })
    }

    /// The topic words of `mask` (bits) that a text must name: an optional
    /// word (a question's verb, an example, a compound's later part) counts
    /// only after them. "Der Mensch und seine belebte Umwelt" names
    /// "Menschen" and the question's verb "lebten", "Eisenzeit" the rarer
    /// topic word ("Wie lebten die Menschen in der Eisenzeit?").
    pub(super) fn required(&self, mask: u64) -> u64 {
        mask & !self.optional
    }

    /// When no collection names the whole topic: the collections that name
    /// the most of it (in the best tier: more than the verb that ends the
    /// query, then most topic words, then the rarest) decide which subjects
    /// the answer is in. Another subject's collection stays only when it
    /// names at least the same words, in as good a place (a title, when the
    /// best name them in titles): "Umgang" alone in Ethik's titles is no
    /// page on "Umgang mit dem Atlas" once "Kartenarbeit und Atlas" names
    /// the rarer word.
    pub(super) fn keep_partial_in_best_subjects(&self, pool: &mut Vec<Node>, tiers: &mut Vec<Option<Placed>>) {
        let n = pool.len().max(1) as f64;
        let rarity = |mask: u64| -> i64 {
            (0..self.words.len())
                .filter(|w| mask & (1 << w) != 0)
                .map(|w| {
                    let df = tiers
                        .iter()
                        .flatten()
                        .filter(|(_, _, m)| m & (1 << w) != 0)
                        .count()
                        .max(1) as f64;
                    ((1.0 + n / df).ln() * 1000.0) as i64
                })
                .sum()
        };
        let best = tiers
            .iter()
            .flatten()
            .filter(|(tier, ..)| !tier.is_full() && *tier != Tier::ParentOrPortal)
            .map(|&(tier, _, mask)| {
                let key = (
                    tier,
                    self.names_only_its_verb(mask),
                    Reverse(self.required(mask).count_ones()),
                    Reverse(rarity(self.required(mask))),
                    Reverse(mask.count_ones()),
                    Reverse(rarity(mask)),
                );
                (key, mask)
            })
            .min();
        let Some(((best_tier, ..), best_mask)) = best else {
            return;
        };
        let names_best =
            |t: &Option<Placed>| t.is_some_and(|(tier, _, mask)| tier <= best_tier && mask & best_mask == best_mask);
        let subjects: BTreeSet<&str> = pool
            .iter()
            .zip(tiers.iter())
            .filter(|(_, t)| names_best(t))
            .flat_map(|(n, _)| school_disciplines(n))
            .collect();
        let keep: Vec<bool> = pool
            .iter()
            .zip(tiers.iter())
            .map(|(n, t)| names_best(t) || school_disciplines(n).any(|d| subjects.contains(d)))
            .collect();
        retain_by(pool, tiers, &keep);
    }
}
