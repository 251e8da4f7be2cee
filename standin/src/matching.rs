//! How the keyword searches (E1 `ngsearchword`, E2, E1's `cclom:title`)
//! match a query word against a node's text.
//!
//! How WLO's index matches words is not documented. The stand-in offers two
//! readings of it:
//! * [`MatchMode::Substring`] (the default): a lower-cased query word matches
//!   wherever it occurs, so "funktion" finds "Funktionen" and "Dreiecke";
//! * [`MatchMode::WholeWord`]: query and text are cut into tokens at every
//!   character that is not alphanumeric, lower-cased, and a query token
//!   matches only an equal token: no stemming, no substrings, no umlaut
//!   folding, no spelling variants. "funktion" finds neither "Funktionen"
//!   nor "Funktionsgraph"; "Lineare-Funktionen" holds the token "lineare".
//!
//! Both keep the same AND of query words and the same score (title ×3,
//! keywords ×2, description ×1, per match).

use serde::{Deserialize, Serialize};

/// How a query word matches a node's text (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum MatchMode {
    #[default]
    #[serde(rename = "substring")]
    Substring,
    #[serde(rename = "whole-word")]
    WholeWord,
}

impl MatchMode {
    pub const ALL: [MatchMode; 2] = [MatchMode::Substring, MatchMode::WholeWord];

    /// The name on command lines and in `/_control/config` (`whole-word`).
    pub fn name(self) -> &'static str {
        match self {
            MatchMode::Substring => "substring",
            MatchMode::WholeWord => "whole-word",
        }
    }

    pub fn parse(name: &str) -> Option<MatchMode> {
        Self::ALL.into_iter().find(|m| m.name() == name)
    }

    pub(crate) fn to_u8(self) -> u8 {
        match self {
            MatchMode::Substring => 0,
            MatchMode::WholeWord => 1,
        }
    }

    pub(crate) fn from_u8(v: u8) -> MatchMode {
        match v {
            1 => MatchMode::WholeWord,
            _ => MatchMode::Substring,
        }
    }

    /// The query words of criterion values: whitespace-separated words with
    /// their edge punctuation trimmed (substring), or tokens (whole word);
    /// lower-cased either way. `*` alone yields none.
    pub(crate) fn query_words(self, values: &[String]) -> Vec<String> {
        match self {
            MatchMode::Substring => values
                .iter()
                .flat_map(|v| v.split_whitespace())
                .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase())
                .filter(|w| !w.is_empty())
                .collect(),
            MatchMode::WholeWord => values.iter().flat_map(|v| tokens(v)).collect(),
        }
    }
}

/// The lower-cased alphanumeric runs of `text`.
pub(crate) fn tokens(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|t| !t.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// A node's searchable text cut into tokens (for [`MatchMode::WholeWord`]).
pub(crate) struct Tokens {
    pub(crate) title: Vec<String>,
    /// The tokens of all keywords together.
    pub(crate) keywords: Vec<String>,
    pub(crate) description: Vec<String>,
}

impl Tokens {
    pub(crate) fn new(title: &str, keywords: &[String], description: &str) -> Tokens {
        Tokens {
            title: tokens(title),
            keywords: keywords.iter().flat_map(|k| tokens(k)).collect(),
            description: tokens(description),
        }
    }
}

/// How often `word` equals a token of `tokens`.
pub(crate) fn count_equal(tokens: &[String], word: &str) -> u64 {
    tokens.iter().filter(|t| *t == word).count() as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_words_per_mode() {
        let values = ["Lineare-Funktionen, Klasse 7?".to_string(), "*".to_string()];
        assert_eq!(
            MatchMode::Substring.query_words(&values),
            ["lineare-funktionen", "klasse", "7"]
        );
        assert_eq!(
            MatchMode::WholeWord.query_words(&values),
            ["lineare", "funktionen", "klasse", "7"]
        );
    }

    #[test]
    fn tokens_keep_umlauts_and_case_fold_only() {
        assert_eq!(tokens("Größen & Maße: Übungen"), ["größen", "maße", "übungen"]);
        let t = Tokens::new(
            "Lineare Funktionen",
            &["Steigung".into(), "y-Achsenabschnitt".into()],
            "",
        );
        assert_eq!(t.keywords, ["steigung", "y", "achsenabschnitt"]);
        assert_eq!(count_equal(&t.title, "funktion"), 0);
        assert_eq!(count_equal(&t.title, "funktionen"), 1);
    }

    #[test]
    fn names_round_trip() {
        for m in MatchMode::ALL {
            assert_eq!(MatchMode::parse(m.name()), Some(m));
            assert_eq!(MatchMode::from_u8(m.to_u8()), m);
        }
        assert_eq!(MatchMode::parse("whole_word"), None);
    }
}
