//! Where and how a collection names the topic: its tier, from how each of
//! its texts (title, keywords, description) names the topic words; the
//! pairs of topic words a closed compound may join; and the tests the walk
//! of the tree index applies to every collection.

use super::closed::{closed_by_ung, closed_in};
use super::node_texts;
use super::words::{Fit, TopicWord};
use super::{CLIPPED, Placed, Tier, TreeRanking, WITHOUT_OPTIONAL};
use crate::search::query::{Words, char_len, is_generic_head, is_stopword, tokens};
use crate::upstream::Node;

/// How one text (a title, a keyword, a description) names the topic.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Naming {
    /// The topic words it names (bit `i`: word `i`).
    pub(super) named: u64,
    /// How exactly it names them (0 = the very words and nothing else, 1 =
    /// the words in another form or spelling and nothing else, 2 = among
    /// other words, 3 = as parts of compounds; 4 to 7 = the same without
    /// an optional word).
    pub(super) exactness: u8,
    /// It names every topic word.
    pub(super) all: bool,
}

impl TreeRanking<'_> {
    /// The node's tier, exactness and the topic words it names; `None` when
    /// it names none of them.
    pub(super) fn tier(&self, node: &Node) -> Option<Placed> {
        let all: u64 = if self.words.len() >= 64 {
            u64::MAX
        } else {
            (1u64 << self.words.len()) - 1
        };
        let title = self.naming_title(node.display_title());
        let keywords: Vec<Naming> = node.keywords().iter().map(|k| self.naming(k)).collect();
        let description = self.naming(node.description());
        if title.all {
            return Some((Tier::Title, title.exactness, all));
        }
        // Named by its place: after every title that names the topic itself.
        if self.placed.contains(node.id()) {
            return Some((Tier::Title, WITHOUT_OPTIONAL + 3, all));
        }
        if let Some(exactness) = keywords.iter().filter(|k| k.all).map(|k| k.exactness).min() {
            return Some((Tier::Keyword, exactness, all));
        }
        // The keywords together (and the title beside them) describe the
        // collection: "Angebot" and "Nachfrage" as two keywords of
        // "Preisbildung" name "Angebot und Nachfrage".
        // By their words, not by parts of longer words.
        let by_words = |namings: &mut dyn Iterator<Item = &Naming>| {
            namings
                .filter(|k| k.exactness <= 2)
                .fold(0u64, |mask, k| mask | k.named)
        };
        let in_keyword_words = by_words(&mut keywords.iter());
        if in_keyword_words != 0 && self.names_all(in_keyword_words | by_words(&mut std::iter::once(&title))) {
            return Some((Tier::Keyword, 2, all));
        }
        let in_keywords = keywords.iter().fold(0u64, |mask, k| mask | k.named);
        if description.all {
            return Some((Tier::Description, 2, all));
        }
        let keyword_exactness = keywords
            .iter()
            .filter(|k| k.named != 0)
            .map(|k| k.exactness)
            .min()
            .unwrap_or(3);
        [
            (Tier::PartialTitle, title.named, title.exactness),
            (Tier::PartialKeyword, in_keywords, keyword_exactness),
            (Tier::PartialDescription, description.named, 3),
        ]
        .into_iter()
        .find(|(_, named, _)| *named != 0)
        .map(|(tier, named, exactness)| (tier, exactness, named))
    }

    /// The topic words of `named` (bits) are all the required ones, and
    /// at least one of them.
    pub(super) fn names_all(&self, named: u64) -> bool {
        let required = if self.words.len() >= 64 {
            u64::MAX
        } else {
            (1u64 << self.words.len()) - 1
        } & !self.optional;
        named & required == required && named & required != 0
    }

    /// How one text names the topic words.
    pub(super) fn naming(&self, text: &str) -> Naming {
        self.naming_as(text, false)
    }

    /// How a title names the topic words: a text, and a compound of a noun
    /// and a verb's noun in "-ung" ([`closed_by_ung`]).
    pub(super) fn naming_title(&self, title: &str) -> Naming {
        self.naming_as(title, true)
    }

    fn naming_as(&self, text: &str, title: bool) -> Naming {
        let words = Words::of(text);
        // A generic head only as the compound's last part, below.
        let mut fits: Vec<Option<Fit>> = (self.words.iter().enumerate())
            .map(|(i, w)| {
                (self.heads & (1 << i.min(63)) == 0)
                    .then(|| w.best_fit(&words))
                    .flatten()
            })
            .collect();
        // Two words of the query the text writes as one compound
        // ("Instrumentenbau" for "Instrumente bauen"): parts of it.
        for &(first, last) in &self.compounds {
            if (fits[first].is_none() || fits[last].is_none())
                && closed_in(&self.words[first], &self.words[last], &words)
            {
                for at in [first, last] {
                    fits[at] = Some(fits[at].map_or(Fit::Part, |f| f.min(Fit::Part)));
                }
            }
        }
        for (noun, verb) in self.ung_pairs().filter(|_| title) {
            if (fits[noun].is_none() || fits[verb].is_none())
                && closed_by_ung(&self.words[noun], &self.words[verb], &words)
            {
                for at in [noun, verb] {
                    fits[at] = Some(fits[at].map_or(Fit::Part, |f| f.min(Fit::Part)));
                }
            }
        }
        let named = fits
            .iter()
            .enumerate()
            .filter(|(_, f)| f.is_some())
            .fold(0u64, |mask, (i, _)| mask | (1 << i));
        let worst = fits.iter().flatten().max().copied().unwrap_or(Fit::Exact);
        let content: Vec<&str> = tokens(text).filter(|t| char_len(t) >= 2 && !is_stopword(t)).collect();
        // The subject the query names is named too ("Organische Chemie"
        // for "Organische Chemie", whose topic word is "Organische").
        let subject_words = content.iter().filter(|t| self.is_subject_word(t)).count();
        let only_what_is_named = content.len() - subject_words == named.count_ones() as usize;
        let exactness = match worst {
            Fit::Exact if only_what_is_named => 0,
            Fit::Exact | Fit::Stem if only_what_is_named => 1,
            Fit::Exact | Fit::Stem => 2,
            Fit::Part | Fit::Head => 3,
            Fit::Clipped => CLIPPED,
            // After every text that names the compound itself.
            Fit::Aspect if only_what_is_named => WITHOUT_OPTIONAL + 1,
            Fit::Aspect => WITHOUT_OPTIONAL + 3,
        };
        let every = fits.iter().all(Option::is_some);
        let required = fits
            .iter()
            .enumerate()
            .all(|(i, f)| f.is_some() || self.optional & (1 << i) != 0);
        Naming {
            // Only optional words: none of the topic.
            named: if named & !self.optional == 0 { 0 } else { named },
            // Without an optional word: the topic in other words, after
            // every text that names the whole compound ("Recycling von
            // Kunststoff-Abfällen" before "Verarbeitung von Kunststoffen"
            // for "Kunststoff|recycling").
            exactness: if every {
                exactness
            } else if required {
                WITHOUT_OPTIONAL + exactness
            } else {
                exactness.max(1)
            },
            all: required && named & !self.optional != 0,
        }
    }
}

impl TreeRanking<'_> {
    /// The pairs of a capitalised topic word and a verb after it in the
    /// query, as (noun, verb): a title may write them as one compound with
    /// the verb's noun in "-ung" ("Klänge erzeugen" → "Klangerzeugung").
    fn ung_pairs(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        let words = &self.words;
        (0..words.len()).flat_map(move |noun| {
            (0..words.len()).filter_map(move |verb| {
                let before = words[noun].at.zip(words[verb].at).is_some_and(|(n, v)| n < v);
                (words[noun].capitalised && words[verb].verb && before).then_some((noun, verb))
            })
        })
    }
}

/// The words that link a noun to the one before it as its genitive or
/// "von" phrase ("Vorstellungen vom Jenseits"): a compound puts it first
/// ("Jenseitsvorstellungen").
const GENITIVE_LINKS: &[&str] = &["der", "des", "von", "vom"];

/// The pairs of topic words a closed compound may join, as (first part,
/// last part): two words side by side in the query ("Instrumente bauen":
/// "Instrumentenbau"), or a noun and its genitive or "von" phrase, the
/// other way round ("Vorstellungen vom Jenseits": "Jenseitsvorstellungen").
pub(super) fn compound_pairs(words: &[TopicWord], tokens: &[String]) -> Vec<(usize, usize)> {
    let index_at = |at: usize| words.iter().position(|w| w.at == Some(at));
    (0..words.len())
        .filter_map(|i| {
            let a = words[i].at?;
            let link = tokens.get(a + 1).map(|t| t.to_lowercase());
            if let Some(next) = index_at(a + 1) {
                Some((i, next))
            } else if link.is_some_and(|l| GENITIVE_LINKS.contains(&l.as_str())) {
                index_at(a + 2).map(|genitive| (genitive, i))
            } else {
                None
            }
        })
        .collect()
}

/// The generic heads ("Arten", "Merkmale") the query names before a
/// genitive or "von" phrase of a topic word ("Arten von Märkten"). A
/// generic head is no topic word of the query, but the compound of the
/// two may title the topic ("Marktarten"): the head joins the ranking's
/// words, optional, as that compound's last part ([`compound_pairs`]).
pub(super) fn heads_before_genitive(words: &[TopicWord], tokens: &[String]) -> Vec<TopicWord> {
    (0..tokens.len().saturating_sub(2))
        .filter(|&at| is_generic_head(&tokens[at]) && words.iter().all(|w| w.at != Some(at)))
        .filter(|&at| GENITIVE_LINKS.contains(&tokens[at + 1].to_lowercase().as_str()))
        .filter(|&at| words.iter().any(|w| w.at == Some(at + 2)))
        .map(|at| {
            let mut head = TopicWord::of(&tokens[at]);
            head.at = Some(at);
            head
        })
        .collect()
}

/// The topic words after "wie" right after a noun of the topic (bits):
/// examples of it ("Baustoffe wie Beton", "Graph-Algorithmen wie
/// Dijkstra"). The page of the kind holds its examples, so a text need not
/// name them. A "wie" after anything else asks how ("Wie funktioniert …",
/// "ich frage mich, wie …").
pub(super) fn examples(words: &[TopicWord], tokens: &[String]) -> u64 {
    let after_a_noun = |at: usize| words.iter().any(|w| w.capitalised && w.at == Some(at - 1));
    let Some(wie) = (1..tokens.len()).find(|&at| tokens[at].eq_ignore_ascii_case("wie") && after_a_noun(at)) else {
        return 0;
    };
    (words.iter().enumerate())
        .filter(|(_, w)| w.at.is_some_and(|at| at > wie))
        .fold(0u64, |mask, (i, _)| mask | 1 << i.min(63))
}

/// The articles of a genitive that names the thing an aspect is of: any
/// such thing ("Volumen eines Kegels"), or this one ("Körperbau der
/// Fische").
const INDEFINITE_GENITIVE: &[&str] = &["eines", "einer"];
const DEFINITE_GENITIVE: &[&str] = &["des", "der"];

/// The topic words that name an aspect of the noun in the genitive after
/// them (bits): "Volumen" of "Volumen eines Kegels", "Aufbau" and
/// "Fortpflanzung" of "Aufbau und Fortpflanzung eines Mooses". The thing
/// is the topic; its page holds the aspect. Before a definite genitive, a
/// long, specific word is a thing of its own ("Standard-Modell der
/// Teilchenphysik").
pub(super) fn genitive_aspects(words: &[TopicWord], tokens: &[String]) -> u64 {
    let genitive_after = |w: &TopicWord| {
        let Some(at) = w.at else { return false };
        let article = tokens.get(at + 1).map(|t| t.to_lowercase()).unwrap_or_default();
        let aspect = INDEFINITE_GENITIVE.contains(&article.as_str())
            || DEFINITE_GENITIVE.contains(&article.as_str()) && !w.is_specific();
        aspect && words.iter().any(|thing| thing.capitalised && thing.at == Some(at + 2))
    };
    // The last noun before the genitive, and the nouns joined to it by
    // "und" before it.
    let Some(last) = (0..words.len())
        .rev()
        .find(|&i| words[i].capitalised && genitive_after(&words[i]))
    else {
        return 0;
    };
    let mut mask = 1u64 << last.min(63);
    let mut i = last;
    while i > 0 {
        let (Some(before), Some(at)) = (words[i - 1].at, words[i].at) else {
            break;
        };
        let joined = at == before + 2 && tokens.get(before + 1).is_some_and(|t| t == "und");
        if !(joined && words[i - 1].capitalised) {
            break;
        }
        mask |= 1 << (i - 1).min(63);
        i -= 1;
    }
    mask
}

impl TreeRanking<'_> {
    /// [`matches`](Self::matches) by a topic word in some form or spelling
    /// or as the last part of a compound ("Blutkreislauf"), not only as the
    /// start of a longer word: the walk of the whole tree reads thousands
    /// of titles, and a topic word at the start of one of them is mostly
    /// another word ("Schach" in "Schachtelhalme").
    pub fn matches_closely(&self, node: &Node) -> bool {
        if self.words.is_empty() || self.tier(node).is_none() {
            return self.matches(node);
        }
        std::iter::once(node.display_title())
            .chain(node.keywords().iter().map(String::as_str))
            .chain(std::iter::once(node.description()))
            .map(Words::of)
            .any(|text| {
                self.words
                    .iter()
                    .any(|w| w.best_fit(&text).is_some_and(|f| f < Fit::Head || w.heads_closely()))
            })
    }

    /// Every required topic word is named by the title, a keyword or the
    /// description by its form, stem or spelling or as the last part of a
    /// compound (a long one also as the first part): the test of the
    /// whole tree's collections.
    pub fn names_closely(&self, node: &Node) -> bool {
        self.names_closely_in(node, &node_texts(node))
    }

    /// [`names_closely`](Self::names_closely) with the node's texts
    /// ([`node_texts`]) read before: the tree index reads them once.
    pub(crate) fn names_closely_in(&self, node: &Node, texts: &[Words]) -> bool {
        if self.words.is_empty() {
            return self.matches(node);
        }
        // Two words a text writes as one compound are named by it.
        let in_compound = |i: usize| {
            self.compounds.iter().any(|&(first, last)| {
                (first == i || last == i)
                    && texts
                        .iter()
                        .any(|t| closed_in(&self.words[first], &self.words[last], t))
            })
        };
        // A noun and a verb its title writes as one compound with the
        // verb's noun in "-ung" are named by it.
        let in_ung_compound = |i: usize| {
            self.ung_pairs().any(|(noun, verb)| {
                (noun == i || verb == i)
                    && (texts.first()).is_some_and(|t| closed_by_ung(&self.words[noun], &self.words[verb], t))
            })
        };
        self.words.iter().enumerate().all(|(i, w)| {
            self.optional & (1 << i.min(63)) != 0
                || in_ung_compound(i)
                || texts
                    .iter()
                    .any(|t| w.best_fit(t).is_some_and(|f| f < Fit::Head || w.heads_closely()))
                || in_compound(i)
        })
    }

    /// How many topic words the node's title, keywords and description
    /// name (the walk descends below the nodes that name the most: an
    /// editor lists a sub-collection's topic among its parent's keywords).
    pub fn named_words(&self, node: &Node) -> usize {
        let texts: Vec<Words> = [node.display_title(), node.description()]
            .into_iter()
            .chain(node.keywords().iter().map(String::as_str))
            .map(Words::of)
            .collect();
        self.words
            .iter()
            .filter(|w| texts.iter().any(|t| w.best_fit(t).is_some()))
            .count()
    }
}
