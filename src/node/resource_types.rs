//! A node's learning-resource types, read the same way by the cards, the
//! node details, the local filters and the ranking's type intent.
//!
//! WLO has two vocabularies: the aggregated one (`ccm:oeh_lrt_aggregated`,
//! 48 types such as "Video"), which the filters send and the vocabulary
//! tables hold, and the fine one (`ccm:oeh_lrt`, "Video (Material)",
//! "Erklärvideo und gefilmtes Experiment"), which every record carries.
//! Many real records have never been aggregated: they carry only the fine
//! types, and only their `_DISPLAYNAME`s say what they are.

use std::iter;

use super::Node;
use crate::vocab::{self, Vocabulary};

/// The aggregated property, what filters send.
pub const AGGREGATED: &str = "ccm:oeh_lrt_aggregated";
/// The fine property, the fallback.
pub const FINE: &str = "ccm:oeh_lrt";

/// The types a node carries, from one of the two properties.
#[derive(Debug, Clone, Copy)]
pub struct ResourceTypes<'a> {
    /// `ccm:oeh_lrt_aggregated` when the node has aggregated types, else `ccm:oeh_lrt`.
    pub property: &'static str,
    pub uris: &'a [String],
    /// The property's `_DISPLAYNAME`s.
    pub names: &'a [String],
}

impl Node {
    /// The aggregated types, else the fine ones (see the module docs).
    pub fn learning_resource_types(&self) -> ResourceTypes<'_> {
        let property = if has_values(self.prop(AGGREGATED)) || !has_values(self.prop(FINE)) {
            AGGREGATED
        } else {
            FINE
        };
        let names = match property {
            AGGREGATED => "ccm:oeh_lrt_aggregated_DISPLAYNAME",
            _ => "ccm:oeh_lrt_DISPLAYNAME",
        };
        ResourceTypes {
            property,
            uris: self.prop(property),
            names: self.prop(names),
        }
    }

    /// Does the node have the type of this aggregated URI? The aggregated
    /// types compare by URI; the fine ones by their names, which must hold
    /// the aggregated type's label or an alias as whole words ("Video
    /// (Material)" is a "Video", "Simulation" an "Interaktives Medium").
    pub fn has_learning_resource_type(&self, aggregated_uri: &str) -> bool {
        let types = self.learning_resource_types();
        if types.property == AGGREGATED {
            return types.uris.iter().any(|uri| uri.trim() == aggregated_uri);
        }
        let Some(entry) = Vocabulary::Lrt.entries().iter().find(|e| e.uri == aggregated_uri) else {
            return false;
        };
        let wanted: Vec<Vec<String>> = iter::once(&entry.label)
            .chain(&entry.aliases)
            .map(|name| words(name))
            .filter(|w| !w.is_empty())
            .collect();
        types.names.iter().any(|name| {
            let have = words(name);
            wanted
                .iter()
                .any(|w| have.windows(w.len()).any(|run| run == w.as_slice()))
        })
    }
}

impl ResourceTypes<'_> {
    /// The labels a card shows: the aggregated vocabulary's labels, else the
    /// fine types' display names (never a URI: the vocabulary tables do not
    /// know the fine URIs).
    pub fn labels(&self) -> Vec<String> {
        match self.property {
            AGGREGATED => vocab::display_labels(Vocabulary::Lrt, self.uris, self.names),
            _ => vocab::display_labels(Vocabulary::Lrt, &[], self.names),
        }
    }
}

fn has_values(values: &[String]) -> bool {
    values.iter().any(|v| !v.trim().is_empty())
}

/// Folded words (lower case, umlauts folded), split at everything else.
fn words(text: &str) -> Vec<String> {
    vocab::fold(text)
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}
