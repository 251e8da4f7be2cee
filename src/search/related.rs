//! Related material ("more like this one"): materials on the same topic as a
//! seed material, within its subject and educational level.
//!
//! Round trips (sequential waves of parallel reads):
//!
//! 1. The seed's metadata (E6, all properties).
//! 2. One parallel wave, both parts planned from the seed alone:
//!    * the seed's topic ([`RelatedPlan`]: the keyword its title names,
//!      else its title without framing words) through the ranking pipeline
//!      ([`expand_query`] variants and one `seed:` variant with all of the
//!      seed's topic keywords, each with the constraints appended, then
//!      [`fuse_all`]);
//!    * the fill: every material of the seed's disciplines and levels
//!      (`ccm:taxonid`, `ccm:educationalcontext`; no search word).
//!
//! The constraints are the seed's discipline URIs and its level URIs (one
//! criterion each, any value matches; root URIs ending in `/` dropped, an
//! empty list skipped), plus the caller's filters. The topic hits that reach
//! the quality floor come first; when they are fewer than `max_results`,
//! the rest is filled with the topic hits below the floor and the fill
//! read, most of the seed's topic keywords shared first, then the
//! relevance score, then the node id. Sending the fill read with the topic
//! search costs one request that a full page does not need, and saves a
//! third round trip whenever the page is short.
//!
//! Never listed: the seed itself, its original and its references (a
//! reference carries `originalId`; see [`Node::original`]), deleted
//! placeholders, and a second node standing for the same original.
//!
//! The topic search is not rescued (the seed's terms come from the
//! repository itself, so there is no typo to correct).

use std::collections::BTreeSet;
use std::sync::Arc;

use super::pool::Wave;
use super::query::{Query, Variant, expand_query, is_framing_word, is_stopword};
use super::ranking::{fuse_all, rank_fill, related_keywords};
use crate::app::App;
use crate::ids::NodeId;
use crate::upstream::{Criterion, Node, PartialFailure, Props, UpstreamError};

/// Weight of the `seed:` variant (all the seed's topic keywords).
pub const WEIGHT_SEED_KEYWORDS: f64 = 0.8;
/// At most this many of the seed's keywords are searched.
pub const MAX_SEED_KEYWORDS: usize = 6;
/// Extra candidates per read, for the seed and its references.
const EXCLUDE_MARGIN: u32 = 5;

/// One related-content request.
#[derive(Debug, Clone, Copy)]
pub struct RelatedSearch<'a> {
    /// The seed material.
    pub node_id: &'a NodeId,
    /// The caller's filter criteria (they narrow both reads).
    pub filters: &'a [Criterion],
    pub max_results: usize,
}

/// Why there is no answer.
#[derive(Debug, Clone, PartialEq)]
pub enum RelatedError {
    /// Reading the seed failed (404: no such node; 403: not public).
    Seed(UpstreamError),
    /// The seed is a collection or folder, not a material.
    NotAMaterial { title: String },
    /// Every read of the second wave failed.
    Search(UpstreamError),
}

/// A partial failure the answer should mention.
#[derive(Debug, Clone, PartialEq)]
pub enum RelatedWarning {
    /// Some (not all) topic variants failed.
    TopicPartlyFailed(PartialFailure),
    /// The whole topic search failed; only the fill is shown.
    TopicFailed(UpstreamError),
    /// The fill read failed while the page is short.
    FillFailed(UpstreamError),
}

/// What the seed says about its topic; pure data, planned before any search.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RelatedPlan {
    /// The topic phrase searched and scored against (`None`: the seed has no
    /// topic terms).
    pub topic: Option<String>,
    /// The seed's topic keywords (no subject, material type or grade).
    pub keywords: Vec<String>,
    /// Discipline and level criteria of the seed (each only when non-empty).
    pub constraints: Vec<Criterion>,
    /// The seed's id and its original's id.
    pub exclude: Vec<String>,
}

impl RelatedPlan {
    /// Plan from the seed's metadata.
    pub fn of(seed: &Node) -> RelatedPlan {
        let mut keywords = related_keywords(std::slice::from_ref(seed));
        keywords.truncate(MAX_SEED_KEYWORDS);
        let topic = topic_phrase(seed.display_title(), &keywords);
        let mut constraints = Vec::new();
        for property in ["ccm:taxonid", "ccm:educationalcontext"] {
            let values = vocabulary_values(seed.prop(property));
            if !values.is_empty() {
                constraints.push(Criterion::new(property, values));
            }
        }
        let mut exclude = vec![seed.id().to_string()];
        if seed.original() != seed.id() {
            exclude.push(seed.original().to_string());
        }
        RelatedPlan {
            topic,
            keywords,
            constraints,
            exclude,
        }
    }

    /// The topic phrase as a query (blank without a topic).
    pub fn topic_query(&self) -> Query {
        Query::new(self.topic.as_deref().unwrap_or_default())
    }

    /// The topic variants: the pipeline's expansion of the topic phrase
    /// (`topic`, [`topic_query`](Self::topic_query)) and, when the seed has
    /// keywords beyond it, one `seed:` variant with all of them (any
    /// matches). Empty without a topic.
    pub fn topic_variants(&self, topic: &Query) -> Vec<Variant> {
        if self.topic.is_none() {
            return Vec::new();
        }
        let mut variants = expand_query(topic);
        let topic = topic.text();
        let covered = |k: &String| k.to_lowercase() == topic.to_lowercase();
        if self.keywords.iter().any(|k| !covered(k)) {
            let variant = Variant {
                label: format!("seed:{}", self.keywords.join(",")),
                weight: WEIGHT_SEED_KEYWORDS,
                criteria: vec![Criterion::new("cclom:general_keyword", self.keywords.clone())],
            };
            if !variants.iter().any(|v| v.criteria == variant.criteria) {
                variants.push(variant);
            }
        }
        variants
    }

    /// Nothing to search with: no topic and no discipline or level.
    pub fn is_empty(&self) -> bool {
        self.topic.is_none() && self.constraints.is_empty()
    }
}

/// What a related-content request found.
#[derive(Debug, Clone)]
pub struct RelatedOutcome {
    pub seed: Arc<Node>,
    pub plan: RelatedPlan,
    /// Topic hits first, then the fill; at most `max_results`.
    pub nodes: Vec<Node>,
    /// How many of `nodes`, at the end, are the fill.
    pub filled: usize,
    pub warnings: Vec<RelatedWarning>,
    /// The labels of the reads of the second wave (for logs).
    pub variants: Vec<String>,
}

/// See the module docs.
pub async fn related_content(app: &App, search: RelatedSearch<'_>) -> Result<RelatedOutcome, RelatedError> {
    let seed = app
        .upstream
        .metadata(search.node_id, Props::All)
        .await
        .map_err(RelatedError::Seed)?;
    if seed.is_collection() {
        return Err(RelatedError::NotAMaterial {
            title: seed.display_title().to_string(),
        });
    }
    let plan = RelatedPlan::of(&seed);
    let mut outcome = RelatedOutcome {
        seed: seed.clone(),
        plan,
        nodes: Vec::new(),
        filled: 0,
        warnings: Vec::new(),
        variants: Vec::new(),
    };
    if outcome.plan.is_empty() || search.max_results == 0 {
        return Ok(outcome);
    }
    let plan = &outcome.plan;
    let size = (app.config.pool_size as usize).max(search.max_results) as u32 + EXCLUDE_MARGIN;
    let mut constraints = plan.constraints.clone();
    constraints.extend_from_slice(search.filters);
    let topic = plan.topic_query();
    let fill_variants = if plan.constraints.is_empty() {
        Vec::new()
    } else {
        vec![Variant {
            label: "fill:discipline+level".into(),
            weight: 0.0,
            criteria: Vec::new(),
        }]
    };
    let (wave, fill) = futures::join!(
        Wave::search(app, plan.topic_variants(&topic), &constraints, size),
        Wave::search(app, fill_variants, &constraints, size),
    );
    outcome.variants = wave.labels().chain(fill.labels()).collect();

    let topic_failed = !wave.variants().is_empty() && wave.all_failed();
    let fill_error = fill.first_error().cloned();
    if topic_failed && (fill.variants().is_empty() || fill_error.is_some()) {
        return Err(RelatedError::Search(
            wave.first_error().cloned().unwrap_or(UpstreamError::Timeout),
        ));
    }
    match wave.failure() {
        Some(failure) if topic_failed => outcome.warnings.push(RelatedWarning::TopicFailed(failure.error)),
        Some(failure) => outcome.warnings.push(RelatedWarning::TopicPartlyFailed(failure)),
        None => {}
    }

    let hits = wave.hits();
    let fusion = fuse_all(&topic, &hits);
    let mut listed = Listed::new(plan, &seed);
    for ranked in &fusion.ranked {
        if outcome.nodes.len() == search.max_results {
            break;
        }
        if listed.admit(ranked.node) {
            outcome.nodes.push(ranked.node.clone());
        }
    }
    if outcome.nodes.len() < search.max_results {
        if let Some(error) = fill_error {
            outcome.warnings.push(RelatedWarning::FillFailed(error));
        }
        let fill_hits = fill.hits();
        let fill_nodes = fill_hits.iter().flat_map(|hits| hits.nodes);
        let candidates = fusion.below_floor.iter().map(|r| r.node).chain(fill_nodes);
        let ranked = rank_fill(&topic, &plan.keywords, &[], candidates);
        for node in ranked {
            if outcome.nodes.len() == search.max_results {
                break;
            }
            if listed.admit(node) {
                outcome.nodes.push(node.clone());
                outcome.filled += 1;
            }
        }
    }
    tracing::debug!(
        seed = search.node_id.as_str(),
        topic = plan.topic.as_deref().unwrap_or(""),
        results = outcome.nodes.len(),
        filled = outcome.filled,
        "related content"
    );
    Ok(outcome)
}

/// The ids already on the page (by original), and the seed's.
struct Listed {
    originals: BTreeSet<String>,
}

impl Listed {
    fn new(plan: &RelatedPlan, seed: &Node) -> Listed {
        let mut originals: BTreeSet<String> = plan.exclude.iter().map(|id| id.to_lowercase()).collect();
        originals.insert(seed.original().to_lowercase());
        Listed { originals }
    }

    /// True (and remembered) for a node that may be listed: not the seed, not
    /// one of its references, not a placeholder, not a second node for an
    /// original already listed.
    fn admit(&mut self, node: &Node) -> bool {
        if !node.is_listable() {
            return false;
        }
        let id = node.id().to_lowercase();
        let original = node.original().to_lowercase();
        if self.originals.contains(&id) || self.originals.contains(&original) {
            return false;
        }
        self.originals.insert(id);
        self.originals.insert(original);
        true
    }
}

/// The topic phrase: the longest topic keyword the title names (the seed's
/// most specific topic), else the title without framing words and
/// stopwords, else the first keyword; `None` when there is nothing.
fn topic_phrase(title: &str, keywords: &[String]) -> Option<String> {
    let title_lower = title.to_lowercase();
    let named = keywords
        .iter()
        .filter(|k| title_lower.contains(&k.trim().to_lowercase()))
        .fold(None::<&String>, |best, k| match best {
            Some(b) if b.chars().count() >= k.chars().count() => Some(b),
            _ => Some(k),
        });
    if let Some(keyword) = named {
        return Some(keyword.trim().to_string());
    }
    let terms: Vec<&str> = title
        .split(|c: char| !c.is_alphanumeric() && c != '-')
        .filter(|t| is_topic_term(t))
        .collect();
    if !terms.is_empty() {
        return Some(terms.join(" "));
    }
    keywords.first().map(|k| k.trim().to_string())
}

/// A word of two or more characters that is no number, stopword or framing
/// word ("Arbeitsblatt", "Klasse", "Thema").
fn is_topic_term(word: &str) -> bool {
    word.chars().count() >= 2
        && !word.chars().all(|c| c.is_ascii_digit())
        && !is_stopword(word)
        && !is_framing_word(word)
}

/// Vocabulary URIs without blanks, repeats and root URIs (ending in `/`).
fn vocabulary_values(values: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for value in values {
        let value = value.trim();
        if !value.is_empty() && !value.ends_with('/') && !out.iter().any(|v| v == value) {
            out.push(value.to_string());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const MATHE: &str = "http://w3id.org/openeduhub/vocabs/discipline/380";
    const SEK1: &str = "http://w3id.org/openeduhub/vocabs/educationalContext/sekundarstufe_1";

    fn node(value: serde_json::Value) -> Node {
        serde_json::from_value(value).unwrap()
    }

    fn material(id: &str, title: &str, keywords: &[&str]) -> Node {
        node(json!({
            "ref": {"id": id}, "type": "ccm:io",
            "properties": {
                "cclom:title": [title], "cclom:general_keyword": keywords,
                "ccm:original": [id],
                "ccm:taxonid": [MATHE, "http://w3id.org/openeduhub/vocabs/discipline/"],
                "ccm:educationalcontext": [SEK1, " ", SEK1]
            }
        }))
    }

    #[test]
    fn the_plan_takes_the_keyword_the_title_names_and_the_seed_vocabulary() {
        let seed = material(
            "s",
            "Arbeitsblatt: Brüche kürzen",
            &[
                "Brüche kürzen",
                "Bruchrechnung",
                "Mathematik",
                "Arbeitsblatt",
                "Klasse 6",
            ],
        );
        let plan = RelatedPlan::of(&seed);
        assert_eq!(plan.topic.as_deref(), Some("Brüche kürzen"));
        assert_eq!(plan.keywords, ["Brüche kürzen", "Bruchrechnung"]);
        assert_eq!(
            plan.constraints,
            [
                Criterion::one("ccm:taxonid", MATHE),
                Criterion::one("ccm:educationalcontext", SEK1)
            ]
        );
        assert_eq!(plan.exclude, ["s"]);
        let labels: Vec<String> = plan
            .topic_variants(&plan.topic_query())
            .into_iter()
            .map(|v| v.label)
            .collect();
        assert_eq!(labels[0], "full:\"Brüche kürzen\"");
        assert_eq!(labels.last().unwrap(), "seed:Brüche kürzen,Bruchrechnung");
    }

    #[test]
    fn without_a_named_keyword_the_title_is_the_topic() {
        assert_eq!(
            topic_phrase("Übungen zum Thema Extremwertprobleme", &[]).as_deref(),
            Some("Extremwertprobleme")
        );
        assert_eq!(
            topic_phrase("Arbeitsblatt", &["Analysis".into()]).as_deref(),
            Some("Analysis")
        );
        assert_eq!(topic_phrase("Arbeitsblatt", &[]), None);
        // The longest keyword the title names wins.
        assert_eq!(
            topic_phrase(
                "Satz des Pythagoras im Alltag",
                &["Pythagoras".into(), "Satz des Pythagoras".into()]
            )
            .as_deref(),
            Some("Satz des Pythagoras")
        );
    }

    #[test]
    fn a_topic_keyword_of_stopwords_is_still_the_topic() {
        let seed = material(
            "s",
            "das und dass interaktiv",
            &["das und dass", "Rechtschreibung", "Deutsch", "Interaktive Übung"],
        );
        let plan = RelatedPlan::of(&seed);
        assert_eq!(plan.topic.as_deref(), Some("das und dass"));
        assert_eq!(plan.keywords, ["das und dass", "Rechtschreibung"]);
    }

    #[test]
    fn a_seed_without_topic_or_vocabulary_plans_nothing() {
        let seed = node(json!({"ref": {"id": "s"}, "properties": {"cclom:title": ["Arbeitsblatt"]}}));
        let plan = RelatedPlan::of(&seed);
        assert!(plan.is_empty(), "{plan:?}");
        assert!(plan.topic_variants(&plan.topic_query()).is_empty());
    }

    #[test]
    fn references_and_placeholders_are_never_admitted() {
        let seed = material("s", "Brüche kürzen", &["Brüche kürzen"]);
        let plan = RelatedPlan::of(&seed);
        let mut listed = Listed::new(&plan, &seed);
        let reference = node(json!({"ref": {"id": "r"}, "originalId": "s", "properties": {"cclom:title": ["x"]}}));
        assert!(reference.is_reference());
        assert!(!listed.admit(&reference));
        assert!(!listed.admit(&seed));
        let gone = node(json!({"ref": {"id": "g"}, "properties": {"cclom:title": ["Element wurde gelöscht"]}}));
        assert!(!listed.admit(&gone));
        let other = material("o", "Brüche kürzen – Quiz", &[]);
        assert!(listed.admit(&other));
        // A reference to a listed original is a repeat.
        let other_ref = node(json!({"ref": {"id": "p"}, "originalId": "o", "properties": {"cclom:title": ["x"]}}));
        assert!(!listed.admit(&other_ref));
        // A reference seed excludes its original.
        let plan = RelatedPlan::of(&reference);
        assert_eq!(plan.exclude, ["r", "s"]);
    }
}
