//! Search filters: what a user typed for a vocabulary field (label, alias,
//! English synonym or URI) → the criterion sent to edu-sharing, plus the
//! report of values that could not be resolved.
//!
//! A value that does not resolve is **dropped and reported** (never sent as
//! free text, never silently turned into zero hits): `unresolvedFilters` in
//! JSON and a visible `⚠ Filter "…" für … nicht erkannt und ignoriert.` line
//! in markdown, with up to three "Meintest du" suggestions.

use super::license;
use crate::upstream::{Criterion, Node};
use crate::vocab::{self, Vocabulary};

/// A filter parameter of the search tools, in canonical criterion order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum FilterField {
    EducationalContext,
    Discipline,
    UserRole,
    LearningResourceType,
    Publisher,
    /// Licence keys, a family ("open", "cc"): see [`super::license`].
    License,
}

impl FilterField {
    /// The vocabulary filters, in criterion order.
    pub const VOCABULARY: [FilterField; 4] = [
        FilterField::EducationalContext,
        FilterField::Discipline,
        FilterField::UserRole,
        FilterField::LearningResourceType,
    ];

    /// The tool parameter name (also the `field` of `unresolvedFilters`).
    pub fn param(self) -> &'static str {
        match self {
            FilterField::EducationalContext => "educationalContext",
            FilterField::Discipline => "discipline",
            FilterField::UserRole => "userRole",
            FilterField::LearningResourceType => "learningResourceType",
            FilterField::Publisher => "publisher",
            FilterField::License => "license",
        }
    }

    /// The edu-sharing property the criterion is sent on.
    pub fn property(self) -> &'static str {
        match self.vocabulary() {
            Some(v) => v.property(),
            None => "ccm:oeh_publisher_combined",
        }
    }

    /// The vocabulary behind the field; the publisher is free text.
    pub fn vocabulary(self) -> Option<Vocabulary> {
        match self {
            FilterField::EducationalContext => Some(Vocabulary::EducationalContext),
            FilterField::Discipline => Some(Vocabulary::Discipline),
            FilterField::UserRole => Some(Vocabulary::UserRole),
            FilterField::LearningResourceType => Some(Vocabulary::Lrt),
            FilterField::License => Some(Vocabulary::License),
            FilterField::Publisher => None,
        }
    }
}

/// A filter that is applied: one value for one criterion. The values of the
/// licence filter are alternatives: one applied filter per licence key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AppliedFilter {
    pub field: FilterField,
    /// The value sent: a vocabulary URI, or the publisher text.
    pub value: String,
    /// What the user typed (the `label` of `_queryMeta.criteria`).
    pub input: String,
}

/// A vocabulary filter value that could not be resolved (it was dropped).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnresolvedFilter {
    pub field: FilterField,
    pub value: String,
    /// Up to three labels the user may have meant.
    pub suggestions: Vec<String>,
}

/// The resolved filters of one tool call.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Filters {
    /// In canonical field order.
    pub applied: Vec<AppliedFilter>,
    /// In canonical field order.
    pub unresolved: Vec<UnresolvedFilter>,
}

impl Filters {
    /// Resolve `(field, input)` pairs. Blank inputs are ignored; the result is
    /// in canonical field order whatever the input order.
    pub fn resolve(inputs: &[(FilterField, String)]) -> Filters {
        let mut inputs: Vec<&(FilterField, String)> = inputs.iter().filter(|(_, v)| !v.trim().is_empty()).collect();
        inputs.sort_by_key(|(field, _)| *field);
        let mut filters = Filters::default();
        for (field, input) in inputs {
            let input = input.trim();
            let resolved = match field.vocabulary() {
                _ if *field == FilterField::License => license::resolve(input),
                Some(v) => vocab::resolve(v, input).map(|value| vec![value]),
                None => Some(vec![input.to_string()]),
            };
            match resolved {
                Some(values) => filters.applied.extend(values.into_iter().map(|value| AppliedFilter {
                    field: *field,
                    value,
                    input: input.to_string(),
                })),
                None => filters.unresolved.push(UnresolvedFilter {
                    field: *field,
                    value: input.to_string(),
                    suggestions: field
                        .vocabulary()
                        .map(|v| vocab::suggestions(v, input))
                        .unwrap_or_default(),
                }),
            }
        }
        filters
    }

    /// The criteria to append to every search variant: one value each, but
    /// one criterion with all wanted licence keys, which
    /// [`super::license`] splits into requests the repository takes.
    pub fn criteria(&self) -> Vec<Criterion> {
        let mut criteria: Vec<Criterion> = Vec::with_capacity(self.applied.len());
        for f in &self.applied {
            match criteria.last_mut() {
                Some(last) if f.field == FilterField::License && last.property == license::PROPERTY => {
                    last.values.push(f.value.clone())
                }
                _ => criteria.push(Criterion::one(f.field.property(), f.value.clone())),
            }
        }
        criteria
    }

    /// The local filter of the collection tools: the node
    /// carries, for every applied filter, the wanted value (URIs compared
    /// exactly; the publisher as a case-insensitive substring).
    pub fn keeps(&self, node: &Node) -> bool {
        let licenses: Vec<String> = self.licenses().map(str::to_string).collect();
        (licenses.is_empty() || license::keeps(&licenses, node))
            && self
                .applied
                .iter()
                .filter(|f| f.field != FilterField::License)
                .all(|f| {
                    let have = node.prop(f.field.property());
                    match f.field {
                        FilterField::Publisher => {
                            let wanted = f.value.to_lowercase();
                            have.iter().any(|h| h.to_lowercase().contains(&wanted))
                        }
                        FilterField::LearningResourceType => node.has_learning_resource_type(&f.value),
                        FilterField::License => true,
                        _ => have.iter().any(|h| h.trim() == f.value),
                    }
                })
    }

    /// The licence keys of the licence filter (empty when there is none).
    pub fn licenses(&self) -> impl Iterator<Item = &str> {
        self.applied
            .iter()
            .filter(|f| f.field == FilterField::License)
            .map(|f| f.value.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(pairs: &[(FilterField, &str)]) -> Filters {
        let owned: Vec<(FilterField, String)> = pairs.iter().map(|(f, v)| (*f, v.to_string())).collect();
        Filters::resolve(&owned)
    }

    #[test]
    fn labels_synonyms_and_uris_resolve_in_canonical_order() {
        let filters = f(&[
            (FilterField::Publisher, " Serlo "),
            (FilterField::Discipline, "Mathe"),
            (
                FilterField::EducationalContext,
                "http://w3id.org/openeduhub/vocabs/educationalContext/grundschule",
            ),
        ]);
        let props: Vec<&str> = filters.applied.iter().map(|a| a.field.property()).collect();
        assert_eq!(
            props,
            ["ccm:educationalcontext", "ccm:taxonid", "ccm:oeh_publisher_combined"]
        );
        assert_eq!(
            filters.applied[1].value,
            "http://w3id.org/openeduhub/vocabs/discipline/380"
        );
        assert_eq!(filters.applied[1].input, "Mathe");
        assert_eq!(filters.applied[2].value, "Serlo");
        assert!(filters.unresolved.is_empty());
        let criteria = filters.criteria();
        assert_eq!(criteria.len(), 3);
        assert!(criteria.iter().all(|c| c.values.len() == 1));
    }

    #[test]
    fn unresolved_values_are_reported_with_suggestions() {
        let filters = f(&[(FilterField::Discipline, "Physk"), (FilterField::UserRole, "qqqqqqqq")]);
        assert!(filters.applied.is_empty());
        assert_eq!(filters.unresolved.len(), 2);
        assert_eq!(filters.unresolved[0].field, FilterField::Discipline);
        assert_eq!(filters.unresolved[0].value, "Physk");
        assert!(
            filters.unresolved[0].suggestions.iter().any(|s| s == "Physik"),
            "{:?}",
            filters.unresolved[0].suggestions
        );
        assert!(filters.unresolved[1].suggestions.is_empty());
        assert_eq!(filters.unresolved[1].field, FilterField::UserRole);
    }

    #[test]
    fn local_keep_rule() {
        let filters = f(&[(FilterField::Discipline, "Biologie")]);
        let node: Node = serde_json::from_value(serde_json::json!({
            "properties": {"ccm:taxonid": ["http://w3id.org/openeduhub/vocabs/discipline/080"]}
        }))
        .unwrap();
        assert!(filters.keeps(&node));
        assert!(!filters.keeps(&Node::default()));
        assert!(Filters::default().keeps(&Node::default()));
    }
}
