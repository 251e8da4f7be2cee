//! Where and how a collection names the topic: its tier, from how each of
//! its texts (title, keywords, description) names the topic words.

use super::words::{Fit, closed_in};
use super::{Placed, Tier, TreeRanking, WITHOUT_OPTIONAL};
use crate::search::query::{Words, char_len, is_stopword, tokens};
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
        let title = self.naming(node.display_title());
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
        let words = Words::of(text);
        let mut fits: Vec<Option<Fit>> = self.words.iter().map(|w| w.best_fit(&words)).collect();
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
        let named = fits
            .iter()
            .enumerate()
            .filter(|(_, f)| f.is_some())
            .fold(0u64, |mask, (i, _)| mask | (1 << i));
        let worst = fits.iter().flatten().max().copied().unwrap_or(Fit::Exact);
        let content_words = tokens(text).filter(|t| char_len(t) >= 2 && !is_stopword(t)).count();
        let only_what_is_named = content_words == named.count_ones() as usize;
        let exactness = match worst {
            Fit::Exact if only_what_is_named => 0,
            Fit::Exact | Fit::Stem if only_what_is_named => 1,
            Fit::Exact | Fit::Stem => 2,
            Fit::Part | Fit::Head => 3,
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
