//! The zero-result rescue wave: relaxed variants for one more parallel round
//! when every variant of [`expand_query`](super::expand_query) came back empty.

use super::Query;
use super::expand::{NGSEARCHWORD, Variant, finish};
use super::lexicon::synonyms_of;
use super::stem::is_generic_head;
use super::text::{char_len, normalize_space};
use super::topic::TopicSplit;

/// At most this many rescue variants (= parallel ngsearch calls).
pub const MAX_RESCUE_VARIANTS: usize = 6;
pub const WEIGHT_CORRECTED: f64 = 0.9;
pub const WEIGHT_RESCUE_TOPIC: f64 = 0.8;
pub const WEIGHT_TERM: f64 = 0.5;

/// Relaxed variants for a query whose variants all returned nothing. Because
/// ngsearch ANDs every word, one unknown word (a typo, a framing word, a word
/// the data lacks) empties the result; these variants drop words instead:
///
/// * `corrected:"…"` 0.9 — the typo-corrected query, when `correction` is
///   given and differs from the query (see [`Dictionary`](super::Dictionary));
/// * `topic:"…"` 0.8 — the query without framing words ([`topic_query`](super::topic_query));
/// * `term:"…"` 0.5 — each topic term alone (the content terms when the query
///   is all framing): terms of ≥ 3 chars, and 2-letter terms that are synonym
///   keys ("ki"); a generic compound head ("berechnung") only when every
///   term is one;
/// * `syn:"…"` 0.5 — for a term that is a synonym key, its first expansion
///   ("ki" → "künstliche intelligenz").
///
/// A variant that only repeats the original query is left out. De-duplicated
/// by criteria, sorted by weight (stable), at most [`MAX_RESCUE_VARIANTS`].
/// A blank query has nothing to rescue: empty.
pub fn rescue_variants(query: &Query, correction: Option<&Query>) -> Vec<Variant> {
    if query.is_blank() {
        return Vec::new();
    }
    let original = normalize_space(&query.text().to_lowercase());
    let mut variants = Vec::new();

    if let Some(corrected) = correction.map(Query::text).filter(|c| !c.is_empty()) {
        variants.push(Variant::words(
            format!("corrected:\"{corrected}\""),
            WEIGHT_CORRECTED,
            corrected,
        ));
    }

    let split = query.split();
    if split.removed && !split.topic.is_empty() {
        let topic = split.topic.join(" ");
        variants.push(Variant::words(
            format!("topic:\"{topic}\""),
            WEIGHT_RESCUE_TOPIC,
            &topic,
        ));
    }

    for term in searched_alone(split) {
        let expansions = synonyms_of(term);
        if char_len(term) >= 3 || !expansions.is_empty() {
            variants.push(Variant::words(format!("term:\"{term}\""), WEIGHT_TERM, term));
        }
        if let Some(expansion) = expansions.first() {
            variants.push(Variant::words(format!("syn:\"{expansion}\""), WEIGHT_TERM, expansion));
        }
    }

    variants.retain(|v| !repeats_query(v, &original));
    finish(variants, MAX_RESCUE_VARIANTS)
}

/// The terms the rescue may search one by one: the topic terms, else (an
/// all-framing query) the content terms.
fn singles(split: &TopicSplit) -> &[String] {
    if split.topic.is_empty() {
        &split.content
    } else {
        &split.topic
    }
}

/// The terms the rescue searches one by one. A generic head ("Berechnung",
/// "Analyse", "Arten") alone would fetch material of any subject by that
/// word (the topic guard): it is searched alone only when the query has no
/// other word to search.
fn searched_alone(split: &TopicSplit) -> impl Iterator<Item = &String> {
    let singles = singles(split);
    let heads_only = singles.iter().all(|t| is_generic_head(t));
    singles.iter().filter(move |t| heads_only || !is_generic_head(t))
}

/// When the rescue held a generic head back, the words it searched instead,
/// as the query wrote them: if they find nothing, this topic is what the
/// repository does not know, and the answer says so. Empty when no head was
/// held back.
pub fn topic_beside_heads(query: &Query) -> Vec<String> {
    let split = query.split();
    let searched: Vec<&String> = searched_alone(split).collect();
    if searched.len() == singles(split).len() {
        return Vec::new();
    }
    let as_written = |term: &String| {
        query
            .text()
            .split_whitespace()
            .find(|word| word.to_lowercase() == *term)
            .map_or_else(|| term.clone(), str::to_string)
    };
    searched.into_iter().map(as_written).collect()
}

/// True when the variant is the original free-text query again (it already failed).
fn repeats_query(variant: &Variant, original: &str) -> bool {
    matches!(variant.criteria.as_slice(), [c] if c.property == NGSEARCHWORD
        && c.values.len() == 1
        && normalize_space(&c.values[0].to_lowercase()) == original)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rescue_variants(query: &str, correction: Option<&str>) -> Vec<Variant> {
        super::rescue_variants(&Query::new(query), correction.map(Query::new).as_ref())
    }

    fn topic_beside_heads(query: &str) -> Vec<String> {
        super::topic_beside_heads(&Query::new(query))
    }

    fn shape(variants: &[Variant]) -> Vec<(String, f64, Vec<String>)> {
        variants
            .iter()
            .map(|v| {
                assert_eq!(v.criteria.len(), 1);
                assert_eq!(v.criteria[0].property, NGSEARCHWORD);
                (v.label.clone(), v.weight, v.criteria[0].values.clone())
            })
            .collect()
    }

    fn s(label: &str, weight: f64, words: &str) -> (String, f64, Vec<String>) {
        (label.to_string(), weight, vec![words.to_string()])
    }

    #[test]
    fn corrected_and_topic_first_and_duplicates_collapse() {
        let q = "Ich suche Arbeitsblätter zur Bruchrechnug für Klasse 6";
        let fixed = "Ich suche Arbeitsblätter zur Bruchrechnung für Klasse 6";
        assert_eq!(
            shape(&rescue_variants(q, Some(fixed))),
            [
                s(&format!("corrected:\"{fixed}\""), 0.9, fixed),
                // term:"bruchrechnug" has the same criteria as the topic: collapsed.
                s("topic:\"bruchrechnug\"", 0.8, "bruchrechnug"),
            ]
        );
    }

    #[test]
    fn single_terms_and_two_letter_synonym_keys() {
        assert_eq!(
            shape(&rescue_variants("KI Grundlagen 3D Vulkanologie", None)),
            [
                s("term:\"ki\"", 0.5, "ki"),
                s("syn:\"künstliche intelligenz\"", 0.5, "künstliche intelligenz"),
                s("term:\"grundlagen\"", 0.5, "grundlagen"),
                // "3d": two letters and no synonym key → skipped.
                s("term:\"vulkanologie\"", 0.5, "vulkanologie"),
            ]
        );
    }

    #[test]
    fn capped_at_six_by_weight() {
        let q = "Photosynthese Chlorophyll Mitose Zellkern Ribosom Vakuole";
        let v = rescue_variants(q, Some("Photosynthese Chlorophyll Mitose Zellkern Ribosom Vakuolen"));
        assert_eq!(v.len(), MAX_RESCUE_VARIANTS);
        assert_eq!(v[0].weight, 0.9);
        assert_eq!(
            v[1..].iter().map(|v| v.label.as_str()).collect::<Vec<_>>(),
            [
                "term:\"photosynthese\"",
                "term:\"chlorophyll\"",
                "term:\"mitose\"",
                "term:\"zellkern\"",
                "term:\"ribosom\""
            ]
        );
    }

    #[test]
    fn nothing_repeats_the_failed_query() {
        // The single term is the query itself; only the correction is new.
        assert_eq!(
            shape(&rescue_variants("Photosyntese", Some("Photosynthese"))),
            [s("corrected:\"Photosynthese\"", 0.9, "Photosynthese")]
        );
        assert!(rescue_variants("Photosyntese", None).is_empty());
        assert!(rescue_variants("Photosyntese", Some(" photosyntese ")).is_empty());
        // A lone synonym key still gets its expansion.
        assert_eq!(
            shape(&rescue_variants("Mathe", None)),
            [s("syn:\"mathematik\"", 0.5, "mathematik")]
        );
        assert!(rescue_variants("  ", Some("x")).is_empty());
    }

    #[test]
    fn a_generic_head_is_never_searched_alone_beside_another_word() {
        assert_eq!(
            shape(&rescue_variants("Sudoku Berechnung", None)),
            [s("term:\"sudoku\"", 0.5, "sudoku")]
        );
        assert_eq!(
            shape(&rescue_variants("Arten von Tennisschlägen", None)),
            [s("term:\"tennisschlägen\"", 0.5, "tennisschlägen")]
        );
        // Heads only: they are what the user asked for.
        assert_eq!(
            shape(&rescue_variants("Analyse Berechnung", None)),
            [
                s("term:\"analyse\"", 0.5, "analyse"),
                s("term:\"berechnung\"", 0.5, "berechnung")
            ]
        );
    }

    #[test]
    fn the_topic_beside_a_held_back_head_is_named() {
        assert_eq!(topic_beside_heads("Sudoku Berechnung"), ["Sudoku"]);
        assert_eq!(topic_beside_heads("mengenlehre Analyse"), ["mengenlehre"]);
        // Nothing held back: heads only, or no head at all.
        assert!(topic_beside_heads("Analyse Berechnung").is_empty());
        assert!(topic_beside_heads("Sudoku Rätsel").is_empty());
    }

    #[test]
    fn all_framing_query_falls_back_to_content_terms() {
        assert_eq!(
            shape(&rescue_variants("Arbeitsblatt Video", None)),
            [
                s("term:\"arbeitsblatt\"", 0.5, "arbeitsblatt"),
                s("term:\"video\"", 0.5, "video")
            ]
        );
    }
}
