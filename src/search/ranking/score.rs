//! The per-node quality score (§9.2) and the local text match (§7.1).

use super::text::{char_len, is_stopword, phrase, signal_terms, term_matches, tokens};
use crate::upstream::model::Node;

/// Licence keys that earn the open-licence bonus.
const OPEN_LICENCES: [&str; 4] = ["CC_0", "CC_BY", "CC_BY_SA", "PDM"];

/// §9.2 `computeRelevanceScore`: an integer text-match + metadata-quality
/// score, floored at 0. `q`, the title and the description are compared as
/// lower-cased phrases (whitespace collapsed, punctuation at word edges
/// dropped: "Photosynthese?" equals the title "Photosynthese"). `T` is the
/// query's [`signal_terms`](super::signal_terms); `match` is the TS-head rule
/// (terms of ≤ 3 chars must start at a word boundary, longer ones are
/// substrings).
///
/// | component | points |
/// |---|---|
/// | title contains `q` | +30, and +20 if title == `q`, else +10 if it starts with `q` |
/// | otherwise, per term of `T` in the title | +8, and +12 if \|T\| > 1 and all are |
/// | per term: exact keyword / inside a keyword | +10 (a hit) / +5; +10 if \|T\| > 1 and all hit |
/// | description contains `q` | +8, else +3 per term found |
/// | no term in the title nor in the keywords | −20 |
/// | real preview, educational context, discipline, LRT | +3, +2, +2, +1 |
/// | open licence (CC_0, CC_BY, CC_BY_SA, PDM) | +3 |
/// | description > 100 chars / > 30 chars | +2 / +1 |
/// | publisher, link (`ccm:wwwurl` or `content.url`) | +1, +1 |
///
/// Vocabulary values that are only a vocabulary root URI (ending in `/`)
/// do not count as "has an educational context" etc. (§3.3 drops them).
pub fn relevance_score(node: &Node, query: &str) -> i64 {
    let q = phrase(query);
    let terms = signal_terms(query);
    let title = phrase(node.display_title());
    let description = node.description();
    let desc = phrase(description);
    let keywords: Vec<String> = node
        .keywords()
        .iter()
        .map(|k| k.trim().to_lowercase())
        .collect();
    let all_kw = keywords.join(" ");

    let mut score = 0i64;

    // Title.
    if term_matches(&q, &title) {
        score += 30;
        if title == q {
            score += 20;
        } else if title.starts_with(&q) {
            score += 10;
        }
    } else {
        let found = terms.iter().filter(|t| term_matches(t, &title)).count() as i64;
        score += 8 * found;
        if terms.len() > 1 && found == terms.len() as i64 {
            score += 12;
        }
    }

    // Keywords.
    let mut kw_hits = 0usize;
    for term in &terms {
        if keywords.iter().any(|k| k == term) {
            score += 10;
            kw_hits += 1;
        } else if term_matches(term, &all_kw) {
            score += 5;
        }
    }
    if terms.len() > 1 && kw_hits == terms.len() {
        score += 10;
    }

    // Description.
    if term_matches(&q, &desc) {
        score += 8;
    } else {
        score += 3 * terms.iter().filter(|t| term_matches(t, &desc)).count() as i64;
    }

    // Off-topic penalty (vacuously true when T is empty, as in the reference).
    let in_title = terms.iter().any(|t| term_matches(t, &title));
    let in_kw = terms.iter().any(|t| term_matches(t, &all_kw));
    if !in_title && !in_kw {
        score -= 20;
    }

    score += metadata_quality(node, description);
    score.max(0)
}

/// The metadata-quality part of §9.2 (0–15).
fn metadata_quality(node: &Node, description: &str) -> i64 {
    let has_vocab = |key: &str| {
        node.prop(key)
            .iter()
            .any(|v| !v.trim().is_empty() && !v.trim().ends_with('/'))
    };
    let mut score = 0;
    if node.has_real_preview() {
        score += 3;
    }
    if has_vocab("ccm:educationalcontext") {
        score += 2;
    }
    if has_vocab("ccm:taxonid") {
        score += 2;
    }
    if has_vocab("ccm:oeh_lrt_aggregated") {
        score += 1;
    }
    if node
        .first("ccm:commonlicense_key")
        .is_some_and(|k| OPEN_LICENCES.contains(&k.trim()))
    {
        score += 3;
    }
    let desc_len = char_len(description.trim());
    if desc_len > 100 {
        score += 2;
    } else if desc_len > 30 {
        score += 1;
    }
    if node.first("ccm:oeh_publisher_combined").is_some() {
        score += 1;
    }
    if node.link().is_some() {
        score += 1;
    }
    score
}

/// §7.1 `nodeMatchesText`: does any query term (≥ 2 chars, not a stopword)
/// occur in the node's name, titles or description? Terms of ≤ 3 chars must
/// start at a word boundary; longer ones match as substrings. A query without
/// such terms matches nothing.
pub fn node_matches_text(node: &Node, query: &str) -> bool {
    let haystack = [
        node.name.as_str(),
        node.first("cm:name").unwrap_or(""),
        node.title.as_str(),
        node.first("cclom:title").unwrap_or(""),
        node.first("cm:title").unwrap_or(""),
        node.description(),
    ]
    .join("\n")
    .to_lowercase();
    tokens(query)
        .map(str::to_lowercase)
        .filter(|t| char_len(t) >= 2 && !is_stopword(t))
        .any(|t| term_matches(&t, &haystack))
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{node, raw};
    use super::*;
    use serde_json::json;

    const LONG: &str = "Dieser Text ist mit Absicht lang genug, damit er die Grenze von \
                        einhundert Zeichen sicher überschreitet. Ende.";

    fn score(title: &str, props: serde_json::Value, q: &str) -> i64 {
        relevance_score(&node("n1", title, props), q)
    }

    #[test]
    fn title_exact_prefix_contains() {
        // +30 (contains) +20 (equal); no keywords, no description, no metadata.
        assert_eq!(score("Photosynthese", json!({}), "Photosynthese"), 50);
        // +30 +10 (starts with).
        assert_eq!(
            score("Photosynthese bei Pflanzen", json!({}), "photosynthese"),
            40
        );
        // +30 only.
        assert_eq!(score("Die Photosynthese", json!({}), "Photosynthese"), 30);
        // Punctuation at word edges does not spoil the phrase match: 30 + 20.
        assert_eq!(score("Photosynthese", json!({}), "Photosynthese?"), 50);
        assert_eq!(
            score(
                "Bruchrechnung: Grundlagen",
                json!({}),
                "Bruchrechnung Grundlagen"
            ),
            50
        );
    }

    #[test]
    fn title_per_term_and_all_terms_bonus() {
        // q "photosynthese pflanzen" is not in the title; both terms are:
        // 8 + 8 + 12 (all terms).
        assert_eq!(
            score(
                "Pflanzen und Photosynthese",
                json!({}),
                "Photosynthese Pflanzen"
            ),
            28
        );
        // One of two terms: 8, no bonus.
        assert_eq!(
            score("Pflanzen im Garten", json!({}), "Photosynthese Pflanzen"),
            8
        );
    }

    #[test]
    fn short_terms_must_start_a_word() {
        // "ki" inside "Skifahren" is no match: 0 − 20 → floored at 0.
        assert_eq!(score("Skifahren", json!({}), "KI"), 0);
        // At a word start: +30 +10 (prefix).
        assert_eq!(score("KI in der Schule", json!({}), "KI"), 40);
    }

    #[test]
    fn keyword_exact_partial_and_all_hits() {
        // Exact keyword: +10 (|T| = 1, no all-hits bonus); title misses but the
        // keyword hit avoids the penalty.
        assert_eq!(
            score(
                "Zellbiologie",
                json!({"cclom:general_keyword": ["Photosynthese", "Biologie"]}),
                "Photosynthese"
            ),
            10
        );
        // Inside a keyword: +5.
        assert_eq!(
            score(
                "Zellbiologie",
                json!({"cclom:general_keyword": ["Photosynthesereaktion"]}),
                "Photosynthese"
            ),
            5
        );
        // Both terms exact: 10 + 10 + 10 (all hit).
        assert_eq!(
            score(
                "Zellbiologie",
                json!({"cclom:general_keyword": ["photosynthese", "Pflanzen"]}),
                "Photosynthese Pflanzen"
            ),
            30
        );
    }

    #[test]
    fn description_phrase_and_terms() {
        // Keyword +10, description contains the query +8 (26 chars: no length bonus).
        assert_eq!(
            score(
                "Blatt",
                json!({"cclom:general_keyword": ["Photosynthese"],
                       "cclom:general_description": ["Die Photosynthese im Blatt"]}),
                "Photosynthese"
            ),
            18
        );
        // Title per-term 8 (chlorophyll); description per-term 3 + 3 (29 chars).
        assert_eq!(
            score(
                "Chlorophyll",
                json!({"cclom:general_description": ["Photosynthese und Chlorophyll"]}),
                "Photosynthese Chlorophyll"
            ),
            14
        );
    }

    #[test]
    fn off_topic_penalty() {
        // Description +8, metadata 15, but nothing in title/keywords: −20 → 3.
        let desc = format!("Photosynthese. {LONG}");
        let n = raw(json!({
            "ref": {"id": "p"},
            "preview": {"url": "https://x/p.png", "isIcon": false},
            "properties": {
                "cclom:title": ["Mitose"],
                "cclom:general_description": [desc],
                "ccm:educationalcontext": ["http://w3id.org/openeduhub/vocabs/educationalContext/sekundarstufe_1"],
                "ccm:taxonid": ["http://w3id.org/openeduhub/vocabs/discipline/080"],
                "ccm:oeh_lrt_aggregated": ["http://w3id.org/openeduhub/vocabs/new_lrt_aggregated/x"],
                "ccm:commonlicense_key": ["CC_BY_SA"],
                "ccm:oeh_publisher_combined": ["Verlag"],
                "ccm:wwwurl": ["https://example.org"]
            }
        }));
        assert_eq!(relevance_score(&n, "Photosynthese"), 8 + 15 - 20);
        // Without the description match the score would go negative: floored.
        assert_eq!(relevance_score(&n, "Zellkern"), 0);
    }

    #[test]
    fn metadata_quality_one_by_one() {
        let base = || node("m", "Photosynthese", json!({}));
        let q = "Photosynthese";
        assert_eq!(relevance_score(&base(), q), 50);
        let with = |key: &str, value: serde_json::Value| {
            let mut n = base();
            let values = match value {
                serde_json::Value::Array(a) => a
                    .into_iter()
                    .map(|v| v.as_str().unwrap().to_string())
                    .collect(),
                v => vec![v.as_str().unwrap().to_string()],
            };
            n.properties.insert(key.into(), values);
            relevance_score(&n, q) - 50
        };
        assert_eq!(
            with(
                "ccm:educationalcontext",
                json!("http://w3id.org/openeduhub/vocabs/educationalContext/grundschule")
            ),
            2
        );
        assert_eq!(
            with(
                "ccm:educationalcontext",
                json!("http://w3id.org/openeduhub/vocabs/educationalContext/")
            ),
            0,
            "vocab root"
        );
        assert_eq!(
            with(
                "ccm:taxonid",
                json!("http://w3id.org/openeduhub/vocabs/discipline/380")
            ),
            2
        );
        assert_eq!(
            with(
                "ccm:oeh_lrt_aggregated",
                json!("http://w3id.org/openeduhub/vocabs/new_lrt_aggregated/abc")
            ),
            1
        );
        assert_eq!(with("ccm:commonlicense_key", json!("CC_0")), 3);
        assert_eq!(with("ccm:commonlicense_key", json!("PDM")), 3);
        assert_eq!(with("ccm:commonlicense_key", json!("CC_BY_ND")), 0);
        assert_eq!(with("ccm:oeh_publisher_combined", json!("Serlo")), 1);
        assert_eq!(with("ccm:wwwurl", json!("https://example.org")), 1);
        // Description length (no query term inside): 31 chars → +1, > 100 → +2.
        assert_eq!(with("cclom:general_description", json!("a".repeat(30))), 0);
        assert_eq!(with("cclom:general_description", json!("a".repeat(31))), 1);
        assert_eq!(with("cclom:general_description", json!("a".repeat(100))), 1);
        assert_eq!(
            with("cclom:general_description", json!("ä".repeat(101))),
            2,
            "chars, not bytes"
        );

        let preview = |is_icon: bool| {
            raw(
                json!({"ref": {"id": "m"}, "preview": {"url": "https://x/p.png", "isIcon": is_icon},
                       "properties": {"cclom:title": ["Photosynthese"]}}),
            )
        };
        assert_eq!(relevance_score(&preview(false), q), 53);
        assert_eq!(relevance_score(&preview(true), q), 50);
        let content_url = raw(
            json!({"ref": {"id": "m"}, "content": {"url": "https://x/c"},
                                     "properties": {"cclom:title": ["Photosynthese"]}}),
        );
        assert_eq!(relevance_score(&content_url, q), 51);
    }

    #[test]
    fn text_match_uses_word_start_for_short_terms() {
        let ski = node("a", "Skifahren im Winter", json!({}));
        assert!(
            !node_matches_text(&ski, "KI"),
            "\"ki\" only occurs inside \"Skifahren\""
        );
        assert!(
            node_matches_text(&ski, "fahren"),
            "longer terms match as substrings"
        );
        assert!(node_matches_text(&ski, "KI Winter"), "any term suffices");
        assert!(!node_matches_text(&ski, "im"), "stopwords are no terms");
        assert!(!node_matches_text(&ski, ""));

        let kinder = node(
            "b",
            "Lesen",
            json!({"cclom:general_description": ["Kinder lernen lesen"]}),
        );
        assert!(
            node_matches_text(&kinder, "KI"),
            "a word start suffices (Kinder)"
        );

        // name, cm:title and the collection description are searched too.
        let named = raw(json!({"ref": {"id": "c"}, "name": "ki-grundlagen",
                               "properties": {"cm:title": ["Roboter"]},
                               "collection": {"description": "Sammlung zu Algorithmen"}}));
        assert!(node_matches_text(&named, "KI"));
        assert!(node_matches_text(&named, "roboter"));
        assert!(node_matches_text(&named, "Algorithmen"));
        assert!(!node_matches_text(&named, "Photosynthese"));
    }
}
