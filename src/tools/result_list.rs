//! The shared answer shapes of the search tools: the `_queryMeta` block, the
//! search-UI link, the JSON document (fixed key order) and the markdown list.
//!
//! JSON: `total, count, results, [unresolvedFilters], [warnings],
//! [relaxedQuery], _queryMeta` — one document, so the text block equals
//! `structuredContent`. Markdown: `Gefundene Treffer gesamt: N`, then hint
//! and warning lines, then the cards separated by blank lines; no
//! `_queryMeta`. Nothing here reads a clock or iterates a hash map, so the
//! same input gives byte-identical output.

use serde::{Serialize, Serializer};
use serde_json::{Map, Value, json};

pub use super::messages::quoted;
use super::messages::unresolved_hint;
use crate::card::FormattedNode;
use crate::search::filters::{Filters, UnresolvedFilter};

/// Description length of a card in a result list.
pub const CARD_DESCRIPTION_LIMIT: usize = 300;

/// The properties that the repository's search page understands as `filters`.
const SEARCH_URL_FILTER_PROPS: [&str; 5] = [
    "ccm:taxonid",
    "ccm:educationalcontext",
    "ccm:oeh_lrt_aggregated",
    "ccm:educationalintendedenduserrole",
    "ccm:oeh_publisher_combined",
];

/// One `_queryMeta.criteria` entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LabeledCriterion {
    pub property: String,
    pub values: Vec<String>,
    /// What the user typed, when the value was resolved from it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
}

impl LabeledCriterion {
    /// The applied filters as labelled criteria; the licence keys of one
    /// licence filter are one criterion.
    pub fn from_filters(filters: &Filters) -> Vec<LabeledCriterion> {
        let mut criteria: Vec<LabeledCriterion> = Vec::with_capacity(filters.applied.len());
        for f in &filters.applied {
            let property = f.field.property();
            match criteria.last_mut() {
                Some(last) if last.property == property => last.values.push(f.value.clone()),
                _ => criteria.push(LabeledCriterion {
                    property: property.to_string(),
                    values: vec![f.value.clone()],
                    label: Some(f.input.clone()),
                }),
            }
        }
        criteria
    }
}

/// The inputs of a `_queryMeta` block.
#[derive(Debug, Clone)]
pub struct QueryMeta<'a> {
    pub tool_name: &'a str,
    pub query_type: &'a str,
    pub search_term: &'a str,
    pub criteria: Vec<LabeledCriterion>,
    pub max_items: u64,
    pub skip_count: u64,
    pub total_results: u64,
    pub repository_url: &'a str,
}

impl Serialize for QueryMeta<'_> {
    /// `{toolName, queryType, searchTerm, criteria, pagination, repositoryUrl, searchUrl}`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        QueryMetaView {
            tool_name: self.tool_name,
            query_type: self.query_type,
            search_term: self.search_term,
            criteria: &self.criteria,
            pagination: Pagination {
                max_items: self.max_items,
                skip_count: self.skip_count,
                total_results: self.total_results,
            },
            repository_url: self.repository_url,
            search_url: search_url(self.repository_url, self.search_term, &self.criteria),
        }
        .serialize(serializer)
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct QueryMetaView<'a> {
    tool_name: &'a str,
    query_type: &'a str,
    search_term: &'a str,
    criteria: &'a [LabeledCriterion],
    pagination: Pagination,
    repository_url: &'a str,
    search_url: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Pagination {
    max_items: u64,
    skip_count: u64,
    total_results: u64,
}

/// The repository's own search page for the same question
/// (`<repo>/components/search?q=<term>&filters=<JSON>`); `q` left out when
/// blank, `filters` when there are none.
pub fn search_url(repository_url: &str, term: &str, criteria: &[LabeledCriterion]) -> String {
    let mut filters = Map::new();
    for c in criteria {
        if SEARCH_URL_FILTER_PROPS.contains(&c.property.as_str()) {
            filters.insert(c.property.clone(), json!(c.values));
        }
    }
    let term = Some(term.trim()).filter(|t| !t.is_empty());
    let filters = (!filters.is_empty()).then(|| Value::Object(filters).to_string());
    crate::urls::search_page(repository_url, term, filters.as_deref())
}

/// One list answer of a search tool, ready to render.
#[derive(Debug, Clone)]
pub struct Listing<'a> {
    pub total: u64,
    pub results: Vec<FormattedNode>,
    pub unresolved: &'a [UnresolvedFilter],
    pub warnings: &'a [String],
    /// `(original query, what was searched instead)` after a zero-result rescue.
    pub relaxed: Option<(&'a str, &'a str)>,
    /// How many results at the end are same-subject material filled in after
    /// the direct hits (marked `"related": true` in JSON, introduced by a line
    /// in markdown), so nobody mistakes them for hits of the query.
    pub related: usize,
    pub meta: QueryMeta<'a>,
}

impl Listing<'_> {
    /// The JSON document (see the module docs for the key order).
    pub fn to_json(&self) -> Value {
        self.to_json_with((), ())
    }

    /// The JSON document with a tool's own keys: those of `after_count`
    /// right after `count`, those of `before_meta` right before `_queryMeta`.
    pub fn to_json_with(&self, after_count: impl Serialize, before_meta: impl Serialize) -> Value {
        json!(ListingDoc {
            total: self.total,
            count: self.results.len(),
            after_count,
            results: self.result_views(),
            extras: Extras::new(self.unresolved, self.warnings, self.relaxed.map(|(_, relaxed)| relaxed)),
            before_meta,
            query_meta: &self.meta,
        })
    }

    /// A pot of `search_wlo_all`: `{total, count, results, _queryMeta}`.
    pub fn pot(&self) -> PotView<'_> {
        PotView {
            total: self.total,
            count: self.results.len(),
            results: self.result_views(),
            query_meta: &self.meta,
        }
    }

    /// The cards, the filled-in ones marked `"related": true`.
    fn result_views(&self) -> Vec<ResultView<'_>> {
        let direct = self.results.len().saturating_sub(self.related);
        self.results
            .iter()
            .enumerate()
            .map(|(i, card)| ResultView {
                card,
                related: i >= direct,
            })
            .collect()
    }

    /// The cards; same-subject material after the direct hits gets its own line.
    pub fn cards(&self) -> String {
        let direct = self.results.len().saturating_sub(self.related);
        let (hits, related) = self.results.split_at(direct);
        let mut parts = Vec::new();
        if !hits.is_empty() {
            parts.push(cards(hits));
        }
        if !related.is_empty() {
            parts.push(RELATED_LINE.to_string());
            parts.push(cards(related));
        }
        parts.join("\n\n")
    }

    /// The markdown answer; `empty` is the sentence shown when there are no cards.
    pub fn to_markdown(&self, empty: &str) -> String {
        let mut lines = vec![format!("Gefundene Treffer gesamt: {}", self.total)];
        lines.extend(hint_lines(self.unresolved, self.warnings, self.relaxed));
        let mut out = lines.join("\n");
        out.push_str("\n\n");
        if self.results.is_empty() {
            out.push_str(empty);
        } else {
            out.push_str(&self.cards());
        }
        out
    }
}

/// Introduces same-subject material shown after the direct hits.
pub const RELATED_LINE: &str = "Weitere Materialien aus demselben Fach (keine direkten Treffer der Suche):";

/// The JSON list document; `A` and `B` are a tool's own keys.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ListingDoc<'a, A, B> {
    total: u64,
    count: usize,
    #[serde(flatten)]
    after_count: A,
    results: Vec<ResultView<'a>>,
    #[serde(flatten)]
    extras: Extras<'a>,
    #[serde(flatten)]
    before_meta: B,
    #[serde(rename = "_queryMeta")]
    query_meta: &'a QueryMeta<'a>,
}

/// A pot of `search_wlo_all`.
#[derive(Serialize)]
pub struct PotView<'a> {
    total: u64,
    count: usize,
    results: Vec<ResultView<'a>>,
    #[serde(rename = "_queryMeta")]
    query_meta: &'a QueryMeta<'a>,
}

/// A card in a list; `related` marks same-subject material after the hits.
#[derive(Serialize)]
struct ResultView<'a> {
    #[serde(flatten)]
    card: &'a FormattedNode,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    related: bool,
}

/// `unresolvedFilters`, `warnings`, `relaxedQuery`, each only when present.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Extras<'a> {
    #[serde(skip_serializing_if = "Vec::is_empty")]
    unresolved_filters: Vec<UnresolvedView<'a>>,
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    warnings: &'a [String],
    #[serde(skip_serializing_if = "Option::is_none")]
    relaxed_query: Option<&'a str>,
}

impl<'a> Extras<'a> {
    pub fn new(unresolved: &'a [UnresolvedFilter], warnings: &'a [String], relaxed: Option<&'a str>) -> Extras<'a> {
        Extras {
            unresolved_filters: UnresolvedView::list(unresolved),
            warnings,
            relaxed_query: relaxed,
        }
    }
}

/// One entry of `unresolvedFilters`: `{field, value, suggestions}`.
#[derive(Serialize)]
pub struct UnresolvedView<'a> {
    field: &'a str,
    value: &'a str,
    suggestions: &'a [String],
}

impl<'a> UnresolvedView<'a> {
    pub fn list(filters: &'a [UnresolvedFilter]) -> Vec<UnresolvedView<'a>> {
        filters
            .iter()
            .map(|f| UnresolvedView {
                field: f.field.param(),
                value: &f.value,
                suggestions: &f.suggestions,
            })
            .collect()
    }
}

/// The hint lines: the rescue line, the unresolved filters, the warnings.
pub fn hint_lines(unresolved: &[UnresolvedFilter], warnings: &[String], relaxed: Option<(&str, &str)>) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some((query, relaxed)) = relaxed {
        lines.push(relaxed_line(query, relaxed));
    }
    lines.extend(unresolved.iter().map(unresolved_hint));
    lines.extend(warnings.iter().map(|w| format!("⚠ {}", crate::card::one_line(w))));
    lines
}

/// `Keine exakten Treffer für „<q>“ – gezeigt: „<relaxed>“`.
pub fn relaxed_line(query: &str, relaxed: &str) -> String {
    format!(
        "Keine exakten Treffer für „{}“ – gezeigt: „{}“",
        crate::card::one_line(query),
        crate::card::one_line(relaxed)
    )
}

/// The cards of a list, separated by blank lines.
pub fn cards(results: &[FormattedNode]) -> String {
    results
        .iter()
        .map(|r| r.card(Some(CARD_DESCRIPTION_LIMIT)))
        .collect::<Vec<_>>()
        .join("\n\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    const REPO: &str = "https://repo.example/edu-sharing";

    #[test]
    fn search_url_is_form_encoded() {
        let criteria = vec![
            LabeledCriterion {
                property: "ccm:taxonid".into(),
                values: vec!["http://w3id.org/openeduhub/vocabs/discipline/380".into()],
                label: Some("Mathe".into()),
            },
            LabeledCriterion {
                property: "virtual:primaryparent_nodeid".into(),
                values: vec!["x".into()],
                label: None,
            },
        ];
        assert_eq!(
            search_url(REPO, "Brüche kürzen", &criteria),
            "https://repo.example/edu-sharing/components/search?q=Br%C3%BCche+k%C3%BCrzen&filters=%7B%22ccm%3Ataxonid%22%3A%5B%22http%3A%2F%2Fw3id.org%2Fopeneduhub%2Fvocabs%2Fdiscipline%2F380%22%5D%7D"
        );
        assert_eq!(
            search_url(REPO, " ", &[]),
            "https://repo.example/edu-sharing/components/search"
        );
    }

    #[test]
    fn meta_key_order() {
        let meta = QueryMeta {
            tool_name: "t",
            query_type: "q",
            search_term: "s",
            criteria: vec![],
            max_items: 8,
            skip_count: 0,
            total_results: 3,
            repository_url: REPO,
        };
        let meta = json!(meta);
        let keys: Vec<&String> = meta.as_object().unwrap().keys().collect();
        assert_eq!(
            keys,
            [
                "toolName",
                "queryType",
                "searchTerm",
                "criteria",
                "pagination",
                "repositoryUrl",
                "searchUrl"
            ]
        );
    }

    #[test]
    fn document_key_order_and_markdown() {
        let warnings = vec!["w".to_string()];
        let listing = Listing {
            related: 0,
            total: 3,
            results: vec![],
            unresolved: &[],
            warnings: &warnings,
            relaxed: Some(("Photosyntese", "Photosynthese")),
            meta: QueryMeta {
                tool_name: "t",
                query_type: "q",
                search_term: "Photosynthese",
                criteria: vec![],
                max_items: 8,
                skip_count: 0,
                total_results: 3,
                repository_url: REPO,
            },
        };
        let keys: Vec<String> = listing.to_json().as_object().unwrap().keys().cloned().collect();
        assert_eq!(
            keys,
            ["total", "count", "results", "warnings", "relaxedQuery", "_queryMeta"]
        );
        assert_eq!(
            listing.to_markdown("Keine Treffer."),
            "Gefundene Treffer gesamt: 3\nKeine exakten Treffer für „Photosyntese“ – gezeigt: „Photosynthese“\n⚠ w\n\nKeine Treffer."
        );
    }
}
