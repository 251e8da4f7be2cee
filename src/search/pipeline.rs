//! The content search pipeline (`search_wlo_content`, the content pot of
//! `search_wlo_all`): expansion → one parallel wave → fusion, with a
//! zero-result rescue and a same-subject fill for short pages.
//!
//! Round trips (sequential waves of parallel reads):
//!
//! 1. Every variant of [`expand_query`] as one ngsearch, all at once, each
//!    with the filter criteria appended. One failed variant is a warning; all
//!    failed is an error (a broken repository is never reported as "0 hits").
//!    `total` is the `full:` variant's `pagination.total` (if it failed: the
//!    maximum over the variants that answered).
//! 2. Only when nothing came back: the typo dictionary's sources — the
//!    root's sub-collections and all collection titles (both cacheable) —
//!    build a [`Dictionary`](super::query::Dictionary) together with the vocabulary labels and the
//!    synonym keys, which proposes a corrected query — or, for a compound
//!    the repository lacks as one word, the query with that word split into
//!    words it has, by stem ([`split_compounds`](super::query::split_compounds): "Gedichtanalyse" → "Gedichte");
//!    a compound recognised only by a generic head ("Mengenlehreaufgaben")
//!    stops here with an empty answer and a warning (the topic guard).
//! 3. [`rescue_variants`] (the corrected query, the topic without framing
//!    words, single terms — and those of the corrected query too, so a typo
//!    inside a framed request is rescued) as one more parallel wave, fused and scored with
//!    the corrected query when there is one, else with the original. The
//!    answer says what was searched instead (`relaxedQuery`).
//!
//! **Fill.** When the fused hits are fewer than `maxResults` and the search
//! has a clear subject (a discipline the query names exactly, or the one a
//! strict majority of the hits carry), the page is filled after the hits
//! with material of that subject, closest topics first
//! ([`rank_fill`]): hits of the subject that fell below the quality floor,
//! and — only when the wave returned fewer usable hits than `maxResults`
//! altogether — one more parallel wave of [`fill_variants`] (the hits' topic
//! keywords within the subject; the subject as a whole), with the filters.
//!
//! A plain search that fills its page therefore costs one round trip; a
//! narrow topic with fewer hits than asked for costs two; the rescue three
//! (four when the rescued page is short too).
//!
//! **Facets** (on request): one more ngsearch in the first wave counts the
//! hits of the query's topic (the query without request words, else the
//! query as typed) with the filters ([`count_facets`]). When the rescue
//! found something, the relaxed query is counted instead, in the wave of the
//! fill (a round trip of its own when there is no fill).

use super::SearchWarning;
use super::facets::{Facets, count_facets};
use super::pool::index::tree_index;
use super::pool::{Visibility, Wave};
use super::query::{
    MAX_RESCUE_VARIANTS, Query, Variant, WEIGHT_CORRECTED, expand_query, rescue_variants, topic_beside_heads,
};
use super::ranking::{
    Fusion, fill_subject, fill_variants, fuse_all, keep_topic_subjects, of_subject, rank_fill, related_keywords,
};
use crate::app::App;
use crate::upstream::{Criterion, Node, UpstreamError};

/// Extra candidates per variant at most, to make up for excluded ids.
const MAX_EXCLUDE_EXTRA: usize = 200;

/// One content search.
#[derive(Debug, Clone, Copy)]
pub struct ContentSearch<'a> {
    pub query: &'a Query,
    /// Filter criteria, appended to every variant.
    pub filters: &'a [Criterion],
    pub max_results: usize,
    /// Node ids never to return.
    pub exclude: &'a [String],
    /// Also count the hits per type, discipline, level and publisher.
    pub facets: bool,
}

/// What a content search found.
#[derive(Debug, Clone, Default)]
pub struct ContentOutcome {
    /// The repository's hit count (see the module docs).
    pub total: u64,
    /// Ranked, without placeholders and excluded ids, at most `max_results`.
    pub nodes: Vec<Node>,
    /// Partial failures.
    pub warnings: Vec<SearchWarning>,
    /// What was searched instead, after a zero-result rescue.
    pub relaxed_query: Option<String>,
    /// How many of `nodes`, at the end, are the same-subject fill rather than
    /// hits of the query (see the module docs); 0 for a full page of hits.
    pub filled: usize,
    /// The labels of the variants that were sent (for logs).
    pub variants: Vec<String>,
    /// The facet counts, when asked for (see the module docs).
    pub facets: Option<Result<Facets, UpstreamError>>,
}

/// Run the pipeline (see the module docs). `Err` only when every variant of
/// the first wave failed; the error is the first variant's (`full:`).
pub async fn search_content(app: &App, search: ContentSearch<'_>) -> Result<ContentOutcome, UpstreamError> {
    let query = search.query;
    let size = pool_size(app, &search);
    let variants = expand_query(query);
    let facet_words = facet_words(&variants, query.text());
    let (wave, facets) = futures::join!(
        Wave::search(app, variants, search.filters, size),
        facets_if(app, &search, &facet_words)
    );
    if wave.all_failed() {
        return Err(wave.first_error().cloned().unwrap_or(UpstreamError::Timeout));
    }
    let mut outcome = ContentOutcome {
        total: total_of(&wave),
        variants: wave.labels().collect(),
        facets,
        ..ContentOutcome::default()
    };
    outcome
        .warnings
        .extend(wave.failure().map(SearchWarning::VariantsFailed));

    let hits = wave.hits();
    let fusion = fuse_all(query, &hits);
    if !fusion.ranked.is_empty() {
        let scoring = fusion.query.clone();
        (outcome.nodes, outcome.filled) = with_fill(app, &search, &scoring, fusion, size, &mut outcome.variants).await;
        return Ok(outcome);
    }

    // Zero-result rescue.
    let index = tree_index(app).await;
    let dictionary = &index.dictionary;
    // Compounds the repository lacks as one word, split into the words it
    // has; a misspelt word is corrected instead. After a split, the parts
    // are known and the rest of the query was not split, so nothing is
    // corrected (the correction would "fix" a part known only by an
    // inflection: "Konstruktion" → "construction").
    let split = query.split_compounds(dictionary);
    // The topic guard: a query whose recognised parts are all framing words
    // or compound heads ("Mengenlehre|aufgaben" without a known
    // "Mengenlehre") would fetch material by the generic word alone, of any
    // subject. Nothing on topic: an empty answer that says what was not
    // recognised.
    if let Some(split) = split.as_ref().filter(|s| !s.topic) {
        tracing::debug!(query = query.text(), unrecognised = ?split.unrecognised, "topic guard");
        outcome.warnings.push(SearchWarning::TopicNotRecognised {
            words: split.unrecognised.clone(),
        });
        return Ok(outcome);
    }
    let relaxed = match &split {
        Some(split) => Query::new(&split.query),
        None => query.clone(),
    };
    let correction = if split.is_some() {
        None
    } else {
        query.corrected(dictionary)
    };
    let mut rescue = rescue_wave(&relaxed, correction.as_ref());
    // The split query itself, when it is one word ("Gedichtanalyse" →
    // "Gedichte"): the single-term variant repeats it and is left out.
    if split.is_some() && rescue.is_empty() {
        rescue.push(Variant::words(
            format!("split:\"{}\"", relaxed.text()),
            WEIGHT_CORRECTED,
            relaxed.text(),
        ));
    }
    tracing::debug!(
        query = query.text(),
        correction = correction.as_ref().map(Query::text),
        variants = rescue.len(),
        "zero-result rescue"
    );
    if rescue.is_empty() {
        return Ok(outcome);
    }
    let wave = Wave::search(app, rescue, search.filters, size).await;
    outcome.variants.extend(wave.labels());
    if wave.all_failed() {
        outcome
            .warnings
            .extend(wave.first_error().cloned().map(SearchWarning::RelaxedSearchFailed));
        return Ok(outcome);
    }
    outcome
        .warnings
        .extend(wave.failure().map(SearchWarning::VariantsFailed));
    let scoring = correction.as_ref().unwrap_or(&relaxed);
    let hits = wave.hits();
    let mut fusion = fuse_all(scoring, &hits);
    if let Some(split) = &split {
        keep_topic_subjects(&mut fusion.ranked, &split.topics);
    }
    let scoring = fusion.query.clone();
    if fusion.ranked.is_empty() {
        // The rescue held a generic head back and the rest found nothing:
        // the topic is what is unknown (the guard's hint, as after a split).
        let topic = topic_beside_heads(&relaxed);
        if !topic.is_empty() && split.is_none() {
            outcome
                .warnings
                .push(SearchWarning::TopicNotRecognised { words: topic });
        }
        return Ok(outcome);
    }
    outcome.relaxed_query = relaxed_query(&wave, correction.as_ref().map(Query::text));
    outcome.total = wave.max_total();
    let relaxed = outcome
        .relaxed_query
        .clone()
        .unwrap_or_else(|| scoring.text().to_string());
    let (page, facets) = futures::join!(
        with_fill(app, &search, &scoring, fusion, size, &mut outcome.variants),
        facets_if(app, &search, &relaxed)
    );
    (outcome.nodes, outcome.filled) = page;
    outcome.facets = facets.or(outcome.facets);
    Ok(outcome)
}

/// The words the facets count: the `topic:` variant's (the query without
/// request words) when there is one, else the query.
fn facet_words(variants: &[Variant], query: &str) -> String {
    variants
        .iter()
        .find(|v| v.label.starts_with("topic:"))
        .and_then(|v| v.criteria.first())
        .and_then(|c| c.values.first())
        .map_or_else(|| query.to_string(), String::clone)
}

/// [`count_facets`] when the search asks for facets.
async fn facets_if(app: &App, search: &ContentSearch<'_>, words: &str) -> Option<Result<Facets, UpstreamError>> {
    if search.facets {
        Some(count_facets(app, words, search.filters).await)
    } else {
        None
    }
}

/// The fused results, cut to `max_results`; when they are fewer, the
/// same-subject fill after them (see [`fill_subject`], [`rank_fill`]).
/// Returns the page and how many of it are fill.
///
/// Fill candidates: the hits of the subject that fell below the quality
/// floor; and, **only if the wave returned fewer usable hits than
/// `max_results` altogether**, one more parallel wave of [`fill_variants`]
/// (with the filters). A page the wave could have filled therefore never
/// costs an extra round trip. A failed fill wave only leaves the page short
/// (logged, no warning: the hits themselves are complete).
async fn with_fill(
    app: &App,
    search: &ContentSearch<'_>,
    query: &Query,
    fusion: Fusion<'_>,
    size: u32,
    labels: &mut Vec<String>,
) -> (Vec<Node>, usize) {
    let max = search.max_results;
    let visible = Visibility::excluding(search.exclude);
    let mut nodes: Vec<Node> = visible
        .first(fusion.ranked.iter().map(|r| r.node), max)
        .into_iter()
        .cloned()
        .collect();
    if nodes.len() >= max {
        return (nodes, 0);
    }
    let Some(subject) = fill_subject(query, &nodes, fusion.floor_met) else {
        return (nodes, 0);
    };
    let usable_hits = visible
        .first(fusion.ranked.iter().chain(&fusion.below_floor).map(|r| r.node), max)
        .len();
    let mut candidates: Vec<Node> = fusion.below_floor.iter().map(|r| r.node.clone()).collect();
    if usable_hits < max {
        let wave = Wave::search(
            app,
            fill_variants(&subject, &related_keywords(&nodes)),
            search.filters,
            size,
        )
        .await;
        labels.extend(wave.labels());
        candidates.extend(wave.into_nodes());
    }
    let hits: Vec<&str> = nodes.iter().map(Node::id).collect();
    let in_subject = candidates.iter().filter(|n| of_subject(n, &subject));
    let ranked_fill = rank_fill(query, &related_keywords(&nodes), &hits, in_subject);
    let fill: Vec<Node> = visible
        .first(ranked_fill, max - nodes.len())
        .into_iter()
        .cloned()
        .collect();
    let filled = fill.len();
    tracing::debug!(query = query.text(), subject, filled, "same-subject fill");
    nodes.extend(fill);
    (nodes, filled)
}

/// The rescue variants: [`rescue_variants`] of the query with its correction,
/// plus — when there is a correction — the relaxed variants of the corrected
/// query itself (its topic and single terms), so that a typo inside a framed
/// request ("Ich suche Material zur Photosyntese") is rescued too. Duplicate
/// criteria collapse; sorted by weight (stable); at most
/// [`MAX_RESCUE_VARIANTS`].
fn rescue_wave(query: &Query, correction: Option<&Query>) -> Vec<Variant> {
    let mut variants = rescue_variants(query, correction);
    if let Some(corrected) = correction {
        for variant in rescue_variants(corrected, None) {
            if !variants.iter().any(|v| v.criteria == variant.criteria) {
                variants.push(variant);
            }
        }
    }
    variants.sort_by(|a, b| b.weight.total_cmp(&a.weight));
    variants.truncate(MAX_RESCUE_VARIANTS);
    variants
}

/// Candidates per variant: the configured pool (at least `max_results`),
/// plus the excluded ids (at most 200 more) so that a follow-up page still
/// has enough left.
fn pool_size(app: &App, search: &ContentSearch<'_>) -> u32 {
    let base = (app.config.pool_size as usize).max(search.max_results);
    (base + search.exclude.len().min(MAX_EXCLUDE_EXTRA)) as u32
}

/// `pagination.total` of the `full:` variant, else the maximum over the
/// answers. A whole teacher sentence as one phrase usually matches nothing
/// while its topic variants do: then the full variant's 0 would present the
/// hits below it as "0 found", so its total counts only when it found some.
fn total_of(wave: &Wave) -> u64 {
    let full = wave
        .answers()
        .find(|(v, _)| v.label.starts_with("full:") || v.label == "all")
        .and_then(|(_, r)| r.as_ref().ok())
        .filter(|list| list.pagination.total > 0);
    match full {
        Some(list) => list.pagination.total,
        None => wave.max_total(),
    }
}

/// What the rescue shows: the heaviest rescue variant that found something —
/// the corrected query as the user wrote it, or the search words of a
/// relaxed variant (the topic, a single term). The fused list is ranked
/// against the (corrected) query, so its top comes from that variant.
fn relaxed_query(wave: &Wave, correction: Option<&str>) -> Option<String> {
    let first = wave
        .answers()
        .find(|(_, r)| {
            r.as_ref()
                .is_ok_and(|l| l.nodes.iter().any(|n| !n.is_deleted_placeholder()))
        })
        .map(|(v, _)| v)?;
    if let (Some(correction), true) = (correction, first.label.starts_with("corrected:")) {
        return Some(correction.trim().to_string());
    }
    let words = first
        .criteria
        .iter()
        .flat_map(|c| c.values.iter())
        .cloned()
        .collect::<Vec<_>>()
        .join(" ");
    (!words.is_empty()).then_some(words)
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::upstream::{NodeList, Pagination};
    use serde_json::json;

    fn expand_query(query: &str) -> Vec<Variant> {
        super::expand_query(&Query::new(query))
    }

    fn rescue_variants(query: &str, correction: Option<&str>) -> Vec<Variant> {
        super::rescue_variants(&Query::new(query), correction.map(Query::new).as_ref())
    }

    fn rescue_wave(query: &str, correction: Option<&str>) -> Vec<Variant> {
        super::rescue_wave(&Query::new(query), correction.map(Query::new).as_ref())
    }

    fn node(id: &str, title: &str) -> Node {
        serde_json::from_value(json!({"ref": {"id": id}, "properties": {"cclom:title": [title]}})).unwrap()
    }

    fn list(nodes: Vec<Node>, total: u64) -> Arc<NodeList> {
        Arc::new(NodeList {
            nodes,
            pagination: Pagination {
                total,
                from: 0,
                count: 0,
            },
        })
    }

    #[test]
    fn total_prefers_the_full_variant() {
        let variants = expand_query("Photosynthese");
        let ok = |t| Ok(list(vec![], t));
        let wave = |results| Wave::answered(variants.clone(), results);
        assert_eq!(total_of(&wave(vec![ok(7), ok(30), ok(3)])), 7);
        assert_eq!(total_of(&wave(vec![Err(UpstreamError::Timeout), ok(30), ok(3)])), 30);
        // A full phrase that matches nothing does not hide its variants' hits.
        assert_eq!(total_of(&wave(vec![ok(0), ok(30), ok(3)])), 30);
    }

    #[test]
    fn a_typo_inside_a_framed_request_gets_the_corrected_topic() {
        let labels: Vec<String> = rescue_wave(
            "Ich suche Material zur Photosyntese",
            Some("Ich suche Material zur Photosynthese"),
        )
        .into_iter()
        .map(|v| v.label)
        .collect();
        assert!(labels.iter().any(|l| l == "topic:\"photosynthese\""), "{labels:?}");
        assert_eq!(labels[0], "corrected:\"Ich suche Material zur Photosynthese\"");
        assert!(labels.len() <= MAX_RESCUE_VARIANTS);
    }

    #[test]
    fn relaxed_query_names_what_found_something() {
        let rescue = rescue_variants("Photosyntese", Some("Photosynthese"));
        let results = vec![Ok(list(vec![node("a", "Photosynthese")], 1))];
        assert_eq!(
            relaxed_query(&Wave::answered(rescue, results), Some("Photosynthese")).as_deref(),
            Some("Photosynthese")
        );

        let rescue = rescue_variants("KI Vulkanologie", None);
        let labels: Vec<&str> = rescue.iter().map(|v| v.label.as_str()).collect();
        let results: Vec<Result<Arc<NodeList>, UpstreamError>> = labels
            .iter()
            .map(|l| {
                Ok(list(
                    if l.contains("vulkanologie") {
                        vec![]
                    } else {
                        vec![node("x", "KI")]
                    },
                    1,
                ))
            })
            .collect();
        let nothing: Vec<Result<Arc<NodeList>, UpstreamError>> = labels.iter().map(|_| Ok(list(vec![], 0))).collect();
        let relaxed = relaxed_query(&Wave::answered(rescue.clone(), results), None).unwrap();
        assert_eq!(relaxed, "ki");
        assert_eq!(relaxed_query(&Wave::answered(rescue, nothing), None), None);
    }
}
