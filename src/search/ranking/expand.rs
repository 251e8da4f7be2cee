//! Query expansion (§9.1): one user query → at most five weighted ngsearch
//! variants, plus the `topic:` extraction that drops request-framing words.

use super::text::{
    char_len, find_whole_word, is_framing_word, is_grade_joiner, is_grade_noun, is_grade_token,
    is_stopword, synonym_table, tokens,
};
use crate::upstream::model::Criterion;

/// At most this many variants (= parallel ngsearch calls) per query.
pub const MAX_VARIANTS: usize = 5;

/// Variant weights (§9.1); the rescue wave has its own (see `rescue`).
pub const WEIGHT_FULL: f64 = 1.0;
pub const WEIGHT_TITLE: f64 = 0.95;
pub const WEIGHT_TOPIC: f64 = 0.92;
pub const WEIGHT_KEYWORDS: f64 = 0.9;
pub const WEIGHT_NOSTOP: f64 = 0.85;
pub const WEIGHT_SYNONYM: f64 = 0.6;

/// The ngsearch free-text criterion (the repository ANDs its words).
pub const NGSEARCHWORD: &str = "ngsearchword";

/// One backend query: a label for `_queryMeta`/logs, an RRF weight and the
/// criteria to send (the caller appends the filter criteria).
#[derive(Debug, Clone, PartialEq)]
pub struct Variant {
    /// `full:"…"`, `title:"…"`, `topic:"…"`, `kw:a,b`, `nostop:"…"`, `syn:"…"`, `all`
    /// (rescue wave: `corrected:"…"`, `term:"…"`).
    pub label: String,
    pub weight: f64,
    pub criteria: Vec<Criterion>,
}

impl Variant {
    pub(crate) fn new(label: String, weight: f64, criterion: Criterion) -> Self {
        Self {
            label,
            weight,
            criteria: vec![criterion],
        }
    }

    pub(crate) fn words(label: String, weight: f64, words: &str) -> Self {
        Self::new(label, weight, Criterion::one(NGSEARCHWORD, words))
    }
}

/// Sort by weight descending (stable), drop variants whose criteria repeat an
/// earlier (heavier) one, keep at most `cap`.
pub(crate) fn finish(mut variants: Vec<Variant>, cap: usize) -> Vec<Variant> {
    variants.sort_by(|a, b| b.weight.total_cmp(&a.weight));
    let mut out: Vec<Variant> = Vec::with_capacity(cap);
    for v in variants {
        if out.len() == cap {
            break;
        }
        if !out.iter().any(|o| o.criteria == v.criteria) {
            out.push(v);
        }
    }
    out
}

/// Expand a query into at most [`MAX_VARIANTS`] variants, sorted by weight
/// (stable); `full:` (weight 1.0) always survives the cap.
///
/// * `full:"q"` 1.0 — `ngsearchword [q]`
/// * `title:"q"` 0.95 — `cclom:title [q]`
/// * `topic:"t"` 0.92 — the query without request-framing words ([`topic_query`])
/// * `kw:a,b` 0.9 — `cclom:general_keyword` with every term of ≥ 3 characters
/// * `nostop:"…"` 0.85 — the non-stopword terms, when a stopword was removed
/// * `syn:"…"` 0.6 — one per synonym substitution (whole words, first occurrence,
///   lower-cased query), duplicates collapsed
///
/// A blank query gives the single variant `all` (`ngsearchword ["*"]`).
/// Variants with identical criteria are collapsed (the heavier one is kept).
pub fn expand_query(query: &str) -> Vec<Variant> {
    let trimmed = query.trim();
    if trimmed.is_empty() {
        return vec![Variant::words("all".into(), 1.0, "*")];
    }
    let terms: Vec<&str> = tokens(trimmed).filter(|t| char_len(t) >= 2).collect();
    let significant: Vec<&str> = terms.iter().copied().filter(|t| char_len(t) >= 3).collect();
    let content: Vec<&str> = terms.iter().copied().filter(|t| !is_stopword(t)).collect();

    let mut variants = vec![
        Variant::words(format!("full:\"{trimmed}\""), WEIGHT_FULL, trimmed),
        Variant::new(
            format!("title:\"{trimmed}\""),
            WEIGHT_TITLE,
            Criterion::one("cclom:title", trimmed),
        ),
    ];
    if let Some(topic) = topic_query(trimmed) {
        variants.push(Variant::words(
            format!("topic:\"{topic}\""),
            WEIGHT_TOPIC,
            &topic,
        ));
    }
    if !significant.is_empty() {
        variants.push(Variant::new(
            format!("kw:{}", significant.join(",")),
            WEIGHT_KEYWORDS,
            Criterion::new(
                "cclom:general_keyword",
                significant.iter().map(|s| s.to_string()).collect(),
            ),
        ));
    }
    if !content.is_empty() && content.len() < terms.len() {
        let joined = content.join(" ");
        variants.push(Variant::words(
            format!("nostop:\"{joined}\""),
            WEIGHT_NOSTOP,
            &joined,
        ));
    }
    for expanded in synonym_expansions(trimmed) {
        variants.push(Variant::words(
            format!("syn:\"{expanded}\""),
            WEIGHT_SYNONYM,
            &expanded,
        ));
    }
    finish(variants, MAX_VARIANTS)
}

/// Every synonym substitution of the lower-cased query, in synonym-map order,
/// duplicates collapsed: for each key found as a whole word, its first
/// occurrence is replaced by each expansion.
pub(crate) fn synonym_expansions(query: &str) -> Vec<String> {
    let lower = query.trim().to_lowercase();
    let mut out: Vec<String> = Vec::new();
    for (key, expansions) in synonym_table() {
        let Some(range) = find_whole_word(&lower, key) else {
            continue;
        };
        for expansion in expansions.iter() {
            let expanded = format!(
                "{}{}{}",
                &lower[..range.start],
                expansion,
                &lower[range.end..]
            );
            if expanded != lower && !out.contains(&expanded) {
                out.push(expanded);
            }
        }
    }
    out
}

/// The query split for the `topic:` variant.
pub(crate) struct TopicSplit {
    /// Lower-cased content terms (≥ 2 chars, no stopwords) that are not framing.
    pub topic: Vec<String>,
    /// Lower-cased content terms, framing included.
    pub content: Vec<String>,
    /// Whether a content term was framing.
    pub removed: bool,
}

/// Split the query into topic terms and request framing. Framing = the §9.1
/// framing words, plus grade numbers next to a grade noun ("Klasse 6",
/// "6. Klasse", "Klasse 5 bis 6", "Sekundarstufe II").
pub(crate) fn split_topic(query: &str) -> TopicSplit {
    let toks: Vec<String> = tokens(query).map(str::to_lowercase).collect();
    let framing: Vec<bool> = (0..toks.len())
        .map(|i| {
            is_framing_word(&toks[i]) || (is_grade_token(&toks[i]) && near_grade_noun(&toks, i))
        })
        .collect();
    let mut split = TopicSplit {
        topic: Vec::new(),
        content: Vec::new(),
        removed: false,
    };
    for (tok, is_framing) in toks.iter().zip(framing) {
        if char_len(tok) < 2 || is_stopword(tok) {
            continue;
        }
        split.content.push(tok.clone());
        if is_framing {
            split.removed = true;
        } else {
            split.topic.push(tok.clone());
        }
    }
    split
}

/// Whether token `i` is connected to a grade noun through grade numbers and
/// joiners only ("klasse 5 bis 6": both 5 and 6 are).
fn near_grade_noun(toks: &[String], i: usize) -> bool {
    let passable = |t: &&String| is_grade_token(t) || is_grade_joiner(t);
    let left = toks[..i].iter().rev().find(|t| !passable(t));
    let right = toks[i + 1..].iter().find(|t| !passable(t));
    [left, right]
        .into_iter()
        .flatten()
        .any(|t| is_grade_noun(t))
}

/// The topic of a request: the query's content terms without request-framing
/// words ("Ich suche Arbeitsblätter zur Bruchrechnung für Klasse 6" →
/// "bruchrechnung"), lower-cased. `None` unless something was removed and
/// something is left.
///
/// Why: ngsearch ANDs every word, so one framing word absent from the data
/// empties the result ("Erklärvideo Photosynthese" 1 hit vs 211).
pub fn topic_query(query: &str) -> Option<String> {
    let split = split_topic(query);
    (split.removed && !split.topic.is_empty()).then(|| split.topic.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels(variants: &[Variant]) -> Vec<(&str, f64)> {
        variants
            .iter()
            .map(|v| (v.label.as_str(), v.weight))
            .collect()
    }

    fn words(v: &Variant) -> (&str, Vec<&str>) {
        assert_eq!(v.criteria.len(), 1);
        let c = &v.criteria[0];
        (
            c.property.as_str(),
            c.values.iter().map(String::as_str).collect(),
        )
    }

    #[test]
    fn photosynthese_gives_full_title_kw() {
        let v = expand_query("Photosynthese");
        assert_eq!(
            labels(&v),
            [
                ("full:\"Photosynthese\"", 1.0),
                ("title:\"Photosynthese\"", 0.95),
                ("kw:Photosynthese", 0.9)
            ]
        );
        assert_eq!(words(&v[0]), ("ngsearchword", vec!["Photosynthese"]));
        assert_eq!(words(&v[1]), ("cclom:title", vec!["Photosynthese"]));
        assert_eq!(
            words(&v[2]),
            ("cclom:general_keyword", vec!["Photosynthese"])
        );
    }

    #[test]
    fn framed_request_gets_topic_and_nostop() {
        let q = "Ich suche Arbeitsblätter zur Bruchrechnung für Klasse 6";
        let v = expand_query(q);
        assert_eq!(
            labels(&v),
            [
                (format!("full:\"{q}\"").as_str(), 1.0),
                (format!("title:\"{q}\"").as_str(), 0.95),
                ("topic:\"bruchrechnung\"", 0.92),
                (
                    "kw:Ich,suche,Arbeitsblätter,zur,Bruchrechnung,für,Klasse",
                    0.9
                ),
                ("nostop:\"suche Arbeitsblätter Bruchrechnung Klasse\"", 0.85),
            ]
        );
        assert_eq!(words(&v[2]), ("ngsearchword", vec!["bruchrechnung"]));
        assert_eq!(
            words(&v[4]),
            (
                "ngsearchword",
                vec!["suche Arbeitsblätter Bruchrechnung Klasse"]
            )
        );
        assert_eq!(
            words(&v[3]).1,
            [
                "Ich",
                "suche",
                "Arbeitsblätter",
                "zur",
                "Bruchrechnung",
                "für",
                "Klasse"
            ]
        );
    }

    #[test]
    fn mathe_gets_synonym() {
        let v = expand_query("Mathe");
        assert_eq!(
            labels(&v),
            [
                ("full:\"Mathe\"", 1.0),
                ("title:\"Mathe\"", 0.95),
                ("kw:Mathe", 0.9),
                ("syn:\"mathematik\"", 0.6)
            ]
        );
        assert_eq!(words(&v[3]), ("ngsearchword", vec!["mathematik"]));
    }

    #[test]
    fn ki_im_unterricht_hits_the_cap() {
        // 7 candidates: full, title, topic "ki" ("Unterricht" is framing), kw
        // (only "Unterricht" has ≥ 3 chars), nostop, and two syn variants; the
        // cap keeps the five heaviest, so both syn variants fall off.
        let v = expand_query("KI im Unterricht");
        assert_eq!(
            labels(&v),
            [
                ("full:\"KI im Unterricht\"", 1.0),
                ("title:\"KI im Unterricht\"", 0.95),
                ("topic:\"ki\"", 0.92),
                ("kw:Unterricht", 0.9),
                ("nostop:\"KI Unterricht\"", 0.85),
            ]
        );
        assert_eq!(
            synonym_expansions("KI im Unterricht"),
            [
                "künstliche intelligenz im unterricht",
                "artificial intelligence im unterricht"
            ]
        );
    }

    #[test]
    fn cap_keeps_the_five_heaviest_stably() {
        // full, title, kw, nostop, syn×2 = 6 → the last syn falls off.
        let v = expand_query("Mathe und Physik");
        assert_eq!(v.len(), MAX_VARIANTS);
        assert_eq!(
            labels(&v),
            [
                ("full:\"Mathe und Physik\"", 1.0),
                ("title:\"Mathe und Physik\"", 0.95),
                ("kw:Mathe,und,Physik", 0.9),
                ("nostop:\"Mathe Physik\"", 0.85),
                ("syn:\"mathematik und physik\"", 0.6),
            ]
        );
        assert_eq!(
            synonym_expansions("Mathe und Physik"),
            ["mathematik und physik", "mathe und physics"]
        );
    }

    #[test]
    fn blank_query_is_all() {
        for q in ["", "   "] {
            let v = expand_query(q);
            assert_eq!(labels(&v), [("all", 1.0)]);
            assert_eq!(words(&v[0]), ("ngsearchword", vec!["*"]));
        }
    }

    #[test]
    fn synonym_keys_match_whole_words_only() {
        assert!(
            synonym_expansions("Klimawandel")
                .iter()
                .all(|s| !s.contains("klimawandelwandel"))
        );
        assert_eq!(
            synonym_expansions("Klimawandel"),
            ["klima", "klimaschutz", "climate change"]
        );
        assert!(synonym_expansions("Kinder").is_empty());
        // multi-word key
        assert_eq!(
            synonym_expansions("Künstliche Intelligenz Grundlagen"),
            ["ki grundlagen"]
        );
    }

    #[test]
    fn topic_query_drops_framing_and_grades() {
        assert_eq!(
            topic_query("Ich suche Arbeitsblätter zur Bruchrechnung für Klasse 6").as_deref(),
            Some("bruchrechnung")
        );
        assert_eq!(
            topic_query("Erklärvideo Photosynthese").as_deref(),
            Some("photosynthese")
        );
        assert_eq!(
            topic_query("Unterrichtsstunde Französische Revolution").as_deref(),
            Some("französische revolution")
        );
        assert_eq!(topic_query("Brüche 6. Klasse").as_deref(), Some("brüche"));
        assert_eq!(
            topic_query("Bruchrechnung Klasse 10").as_deref(),
            Some("bruchrechnung")
        );
        assert_eq!(
            topic_query("Chemie Sekundarstufe II").as_deref(),
            Some("chemie")
        );
        // Numbers away from a grade noun are topic ("Revolution 1789").
        assert_eq!(
            topic_query("Video Revolution 1789").as_deref(),
            Some("revolution 1789")
        );
        // Nothing removed / nothing left → None.
        assert_eq!(topic_query("Photosynthese"), None);
        assert_eq!(topic_query("Arbeitsblatt Video"), None);
        assert_eq!(topic_query(""), None);
    }
}
