//! Who made a material: the authors a card names (TULLU's "Urheber").
//!
//! Only the contributor fields the repository fills for the *work* are read;
//! the repository's own editors (`ccm:metadatacontributer_*`, `cm:creator`,
//! `cm:modifier`) are personal data of WLO's staff and never read here.

use std::collections::HashSet;

use super::Node;

/// The authors' display names (edu-sharing's vCard `FN`).
pub const AUTHOR_NAMES: &str = "ccm:lifecyclecontributer_authorFN";
/// Free text about the authors, often the same person with extras ("Dieter Welz, Ulm").
pub const AUTHOR_FREE_TEXT: &str = "ccm:author_freetext";

/// edu-sharing's joiner of several values in one string.
const JOINER: &str = "[#]";

impl Node {
    /// The authors: the names of `ccm:lifecyclecontributer_authorFN`, else
    /// `ccm:author_freetext`; values split at `[#]`, trimmed, duplicates
    /// dropped (case-insensitive); a value that is only a URL (an imprint
    /// link) is no name.
    pub fn authors(&self) -> Vec<String> {
        let names = names_of(self.prop(AUTHOR_NAMES));
        if names.is_empty() {
            names_of(self.prop(AUTHOR_FREE_TEXT))
        } else {
            names
        }
    }
}

fn names_of(values: &[String]) -> Vec<String> {
    let mut seen = HashSet::new();
    values
        .iter()
        .flat_map(|value| value.split(JOINER))
        .map(|name| {
            name.split(|c: char| c.is_whitespace() || c.is_control())
                .filter(|w| !w.is_empty())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .filter(|name| !name.is_empty() && !is_url(name))
        .filter(|name| seen.insert(name.to_lowercase()))
        .collect()
}

/// One word that is a web address or a mail link.
fn is_url(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    !text.contains(' ')
        && (lower.starts_with("http://")
            || lower.starts_with("https://")
            || lower.starts_with("www.")
            || lower.starts_with("mailto:"))
}
