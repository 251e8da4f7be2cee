//! The argument groups several tools share, each written once: embed one
//! with `#[serde(flatten)]` and its fields, descriptions and bounds appear in
//! the tool's schema at that place, checked in that place (see
//! [`super::decode`]).

use schemars::JsonSchema;
use serde::Deserialize;

use super::{Bounded, FilterValue, OutputFormat};
use crate::search::filters::{FilterField, Filters};
use crate::tools::Format;

/// The filters of the teaching context: level, subject, audience. Materials
/// and collections both carry them.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContextFilters {
    /// Bildungsstufe, e.g. "Sekundarstufe I" (label, synonym or URI).
    #[serde(default)]
    pub educational_context: FilterValue,
    /// Fach, e.g. "Mathematik" (label, synonym or URI).
    #[serde(default)]
    pub discipline: FilterValue,
    /// Zielgruppe, e.g. "teacher" (label, synonym or URI).
    #[serde(default)]
    pub user_role: FilterValue,
}

impl ContextFilters {
    /// The filters with the vocabulary each one names.
    pub fn entries(self) -> Vec<(FilterField, FilterValue)> {
        vec![
            (FilterField::EducationalContext, self.educational_context),
            (FilterField::Discipline, self.discipline),
            (FilterField::UserRole, self.user_role),
        ]
    }

    /// Resolved against the vocabularies.
    pub fn resolve(self) -> Filters {
        FilterValue::resolve(self.entries())
    }
}

/// The four vocabulary filters of a material search: the context filters and
/// the resource type, which only materials carry.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct VocabFilters {
    #[serde(flatten)]
    pub context: ContextFilters,
    /// Ressourcentyp, e.g. "Arbeitsblatt", "Video" (label, synonym or URI).
    #[serde(default)]
    pub learning_resource_type: FilterValue,
}

impl VocabFilters {
    /// The filters with the vocabulary each one names.
    pub fn entries(self) -> Vec<(FilterField, FilterValue)> {
        let mut entries = self.context.entries();
        entries.push((FilterField::LearningResourceType, self.learning_resource_type));
        entries
    }

    /// Resolved against the vocabularies, with the publisher (free text)
    /// and the licence filter after them.
    pub fn resolve_with(self, publisher: FilterValue, license: FilterValue) -> Filters {
        let mut entries = self.entries();
        entries.push((FilterField::Publisher, publisher));
        entries.push((FilterField::License, license));
        FilterValue::resolve(entries)
    }
}

/// How many results a listing shows. A listing that pages adds its own
/// `skipCount`, whose range depends on the listing.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Paging<const MAX: i64, const DEFAULT: i64> {
    /// Number of results.
    #[serde(default)]
    pub max_results: Bounded<1, MAX, DEFAULT>,
}

impl<const MAX: i64, const DEFAULT: i64> Paging<MAX, DEFAULT> {
    pub fn max_results(&self) -> usize {
        self.max_results.get() as usize
    }
}

/// `outputFormat`: markdown cards or one JSON document (JSON by default
/// when `JSON_DEFAULT`).
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Output<const JSON_DEFAULT: bool> {
    #[serde(default)]
    pub output_format: OutputFormat<JSON_DEFAULT>,
}

impl<const JSON_DEFAULT: bool> Output<JSON_DEFAULT> {
    pub fn format(&self) -> Format {
        self.output_format.get()
    }
}
