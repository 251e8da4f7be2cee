//! Navigation domain: subject portals, collection trees, topic pages.
//!
//! Pure domain code on top of [`crate::upstream`]: no MCP types. Parallel
//! reads of one wave use `futures::future::join_all` (never `spawn`), so the
//! per-call fan-out bound and deadline of the running tool call apply.
//!
//! Failure policy shared by the three tools: a read may degrade to "empty"
//! only on a 404, or when another read of the same call succeeded (then a
//! German warning says what is missing). When every read an answer rests on
//! fails, the domain function returns [`NavError::Upstream`], so a broken
//! repository is never reported as "0 hits".

pub mod portals;
pub mod topic_pages;
pub mod tree;

use crate::upstream::model::Titled;
use crate::upstream::{Node, UpstreamError};
use crate::vocab::{self, Vocabulary};

/// Why a navigation answer could not be produced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NavError {
    /// The named collection does not exist (404).
    NotFound(String),
    /// Every read the answer rests on failed.
    Upstream(UpstreamError),
}

impl NavError {
    /// One German sentence for the user.
    pub fn german(&self) -> String {
        match self {
            NavError::NotFound(id) => format!("Sammlung {id} nicht gefunden."),
            NavError::Upstream(error) => error.german(),
        }
    }
}

/// A vocabulary filter value that could not be resolved; it was dropped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnresolvedFilter {
    pub field: &'static str,
    pub value: String,
    pub suggestions: Vec<String>,
}

impl UnresolvedFilter {
    /// `Filter "<v>" für <field> nicht erkannt und ignoriert. Meintest du: a, b?`
    pub fn german(&self) -> String {
        let mut out = format!(
            "Filter \"{}\" für {} nicht erkannt und ignoriert.",
            self.value, self.field
        );
        if !self.suggestions.is_empty() {
            out.push_str(&format!(" Meintest du: {}?", self.suggestions.join(", ")));
        }
        out
    }
}

/// Resolve an `educationalContext` filter value (label, alias or URI).
/// `Ok(None)`: no filter given; `Err`: not resolvable (report and drop it).
pub fn resolve_educational_context(input: Option<&str>) -> Result<Option<String>, UnresolvedFilter> {
    let Some(value) = input.map(str::trim).filter(|v| !v.is_empty()) else {
        return Ok(None);
    };
    match vocab::resolve(Vocabulary::EducationalContext, value) {
        Some(uri) => Ok(Some(uri)),
        None => Err(UnresolvedFilter {
            field: "educationalContext",
            value: value.to_string(),
            suggestions: vocab::suggestions(Vocabulary::EducationalContext, value),
        }),
    }
}

/// Does a list of stored vocabulary values contain `uri`? (trimmed, case-insensitive)
pub(crate) fn contains_uri(values: &[String], uri: &str) -> bool {
    let uri = uri.trim();
    values.iter().any(|v| v.trim().eq_ignore_ascii_case(uri))
}

/// A listed child, full or names-only (a listing read just to be counted).
pub(crate) trait ListedChild {
    fn id(&self) -> &str;
    /// See [`Node::is_topic_page_technical`].
    fn is_technical(&self) -> bool;
}

impl ListedChild for Node {
    fn id(&self) -> &str {
        Node::id(self)
    }
    fn is_technical(&self) -> bool {
        self.is_topic_page_technical()
    }
}

impl ListedChild for Titled {
    fn id(&self) -> &str {
        Titled::id(self)
    }
    fn is_technical(&self) -> bool {
        self.is_topic_page_technical()
    }
}

/// The number of real sub-collections behind a folder listing: the
/// repository's `pagination.total` minus the technical children seen on the
/// page, minus the owner's active config folder (`ccm:page_config_ref`) when
/// it exists but was not on the page (it is a child of its collection).
pub(crate) fn real_child_total<N: ListedChild>(total: u64, page: &[N], owner_config_ref: Option<&str>) -> u64 {
    let technical: Vec<&str> = page.iter().filter(|n| n.is_technical()).map(|n| n.id()).collect();
    let mut real = total.saturating_sub(technical.len() as u64);
    if let Some(config) = owner_config_ref
        && !technical.contains(&config)
        && real > 0
    {
        real -= 1;
    }
    real
}

/// The first repository failure of a set of results, if any (404/403 are
/// "this node is missing", not a repository failure).
pub(crate) fn first_repository_failure<'a, T: 'a>(
    results: impl IntoIterator<Item = &'a Result<T, UpstreamError>>,
) -> Option<UpstreamError> {
    results
        .into_iter()
        .filter_map(|r| r.as_ref().err())
        .find(|e| e.is_repository_failure())
        .cloned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::ranking::sort_by_title;
    use serde_json::json;

    fn node(value: serde_json::Value) -> Node {
        serde_json::from_value(value).unwrap()
    }

    #[test]
    fn real_totals() {
        let cfg = node(json!({"ref": {"id": "c"}, "name": "PAGE_CONFIG_c"}));
        let a = node(json!({"ref": {"id": "a"}, "name": "A"}));
        assert_eq!(real_child_total(5, std::slice::from_ref(&a), None), 5);
        assert_eq!(real_child_total(5, std::slice::from_ref(&a), Some("c")), 4);
        assert_eq!(real_child_total(5, &[a, cfg], Some("c")), 4);
        assert_eq!(real_child_total::<Node>(0, &[], Some("c")), 0);
        let names: crate::upstream::TitleList = serde_json::from_value(json!({
            "nodes": [{"ref": {"id": "a"}, "name": "A"}, {"ref": {"id": "c"}, "name": "PAGE_CONFIG_c"}],
            "pagination": {"total": 5}
        }))
        .unwrap();
        assert_eq!(names.pagination.total, 5);
        assert_eq!(real_child_total(5, &names.nodes, Some("c")), 4);
        assert_eq!(real_child_total(5, &names.nodes[..1], Some("c")), 4);
        assert_eq!(real_child_total(5, &names.nodes[1..], None), 4);
    }

    #[test]
    fn unresolved_filter_line() {
        let f = UnresolvedFilter {
            field: "educationalContext",
            value: "Mondschule".into(),
            suggestions: vec!["a".into(), "b".into()],
        };
        assert_eq!(
            f.german(),
            "Filter \"Mondschule\" für educationalContext nicht erkannt und ignoriert. Meintest du: a, b?"
        );
        assert!(resolve_educational_context(Some("Sekundarstufe I")).unwrap().is_some());
        assert_eq!(resolve_educational_context(Some("  ")), Ok(None));
        assert!(resolve_educational_context(Some("xyzzyqq")).is_err());
    }

    #[test]
    fn umlaut_order() {
        let mut nodes = vec![
            node(json!({"ref": {"id": "1"}, "properties": {"cclom:title": ["Physik"]}})),
            node(json!({"ref": {"id": "2"}, "properties": {"cclom:title": ["Ökologie"]}})),
            node(json!({"ref": {"id": "3"}, "properties": {"cclom:title": ["Musik"]}})),
        ];
        sort_by_title(&mut nodes);
        let ids: Vec<&str> = nodes.iter().map(Node::id).collect();
        assert_eq!(ids, ["3", "2", "1"]);
    }
}
