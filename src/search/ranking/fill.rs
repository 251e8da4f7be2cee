//! The same-subject fill: when a content search finds fewer results than
//! asked for, the rest of the page is filled with material of the subject
//! the search is about, closest topics first — after every real hit.
//!
//! Why: a narrow topic ("Zellatmung", "Simple Past") may have only one or two
//! materials; an agent that asked for eight is better served by material
//! from the neighbouring topics of the same subject (Stoffwechsel, Grammar)
//! than by a short list or by off-subject material. The fill never outranks
//! a real hit, never crosses a requested filter (the caller appends the
//! filters), and never guesses a subject: it is the discipline the query
//! names exactly ("Bio", "Erdkunde"), or the one a strict majority of the
//! results carry.
//!
//! Where the candidates come from (see `search::pipeline`):
//! * the hits of the search itself that fell below the quality floor but
//!   belong to the subject (no extra request);
//! * only when the search returned fewer hits than asked for altogether:
//!   one more parallel wave of [`fill_variants`] — the results' topic
//!   keywords within the subject, and the subject as a whole.

use std::collections::BTreeSet;

use super::fuse::Ranked;
use super::score::score_node;
use crate::search::query::{NGSEARCHWORD, Query, Variant, fold, german_stem, is_framing_word, is_grade_token, tokens};
use crate::upstream::Criterion;
use crate::upstream::Node;
use crate::vocab::Vocabulary;

/// School disciplines (`ccm:taxonid`); the vocabulary root itself is none.
pub const DISCIPLINE_PREFIX: &str = "http://w3id.org/openeduhub/vocabs/discipline/";
/// At most this many topic keywords go into the `related:` fill variant.
pub const MAX_RELATED_KEYWORDS: usize = 10;
/// Labels only: the fill is not fused, it is ordered by [`rank_fill`].
pub const WEIGHT_FILL_RELATED: f64 = 0.5;
pub const WEIGHT_FILL_SUBJECT: f64 = 0.4;

/// The subject to fill with: the one discipline the query names exactly,
/// else — when `results_reached_floor` (the results are real matches, not
/// the floor's keep-everything fallback) — the school discipline a strict
/// majority of the results carry. `None` when there is no clear subject.
pub fn fill_subject(query: &Query, results: &[Node], results_reached_floor: bool) -> Option<String> {
    let named: Vec<&str> = query.discipline_uris().collect();
    if let [one] = named.as_slice() {
        return Some(one.to_string());
    }
    if !named.is_empty() || !results_reached_floor || results.is_empty() {
        return None;
    }
    let mut counts: Vec<(&str, usize)> = Vec::new();
    for node in results {
        for uri in school_disciplines(node) {
            match counts.iter_mut().find(|(u, _)| *u == uri) {
                Some((_, n)) => *n += 1,
                None => counts.push((uri, 1)),
            }
        }
    }
    // The first-seen discipline wins a tie, but a tie is never a majority.
    let (uri, n) = counts
        .into_iter()
        .fold(None::<(&str, usize)>, |best, (u, n)| match best {
            Some((_, m)) if m >= n => best,
            _ => Some((u, n)),
        })?;
    (2 * n > results.len()).then(|| uri.to_string())
}

/// The topic guard in the rerank of a split compound: a hit of a subject in
/// which no hit names a topic part as a word (by stem) is dropped — "Kreis"
/// (Mathematik) also hits "Stromkreise" (Physik) and "Herz und Kreislauf"
/// (Biologie) in a substring search. When no hit names a topic part, the
/// list is left as it is.
pub fn keep_topic_subjects(ranked: &mut Vec<Ranked<'_>>, topics: &[String]) {
    let stems: Vec<String> = topics.iter().map(|t| german_stem(t)).collect();
    let names_topic = |node: &Node| {
        std::iter::once(node.display_title())
            .chain(node.keywords().iter().map(String::as_str))
            .flat_map(|text| text.split(|c: char| !c.is_alphanumeric()))
            .any(|word| !word.is_empty() && stems.contains(&german_stem(word)))
    };
    let subjects: Vec<String> = ranked
        .iter()
        .filter(|r| names_topic(r.node))
        .flat_map(|r| school_disciplines(r.node).map(str::to_string))
        .collect();
    if subjects.is_empty() {
        return;
    }
    ranked.retain(|r| school_disciplines(r.node).any(|d| subjects.iter().any(|s| s == d)));
}

/// The node's school disciplines (not the vocabulary root, not the
/// Hochschulfächersystematik).
pub(super) fn school_disciplines(node: &Node) -> impl Iterator<Item = &str> {
    let mut seen: Vec<&str> = Vec::new();
    node.prop("ccm:taxonid")
        .iter()
        .map(|u| u.trim())
        .filter(|u| u.len() > DISCIPLINE_PREFIX.len() && u.starts_with(DISCIPLINE_PREFIX))
        .filter(move |u| {
            let new = !seen.contains(u);
            seen.push(u);
            new
        })
}

/// The topic keywords of the results, in first-seen order, de-duplicated
/// (folded), at most [`MAX_RELATED_KEYWORDS`]: keywords that name neither a
/// subject (an exact discipline label or alias: "Biologie"), nor a material
/// type or a grade (a request-framing word such as "Arbeitsblatt" or
/// "Klasse 6", or an exact learning-resource-type label or alias such as
/// "Quiz" or "Artikel").
pub fn related_keywords(results: &[Node]) -> Vec<String> {
    let mut seen: BTreeSet<String> = BTreeSet::new();
    let mut out: Vec<String> = Vec::new();
    for keyword in results.iter().flat_map(|n| n.keywords()) {
        let keyword = keyword.trim();
        let folded = fold(keyword);
        if keyword.is_empty()
            || seen.contains(&folded)
            || names_vocabulary_value(keyword)
            || tokens(keyword).any(|t| is_framing_word(t) || is_grade_token(&t.to_lowercase()))
        {
            continue;
        }
        seen.insert(folded);
        out.push(keyword.to_string());
        if out.len() == MAX_RELATED_KEYWORDS {
            break;
        }
    }
    out
}

/// An exact label or alias of the discipline or learning-resource-type
/// vocabulary.
fn names_vocabulary_value(keyword: &str) -> bool {
    let lower = keyword.to_lowercase();
    [Vocabulary::Discipline, Vocabulary::Lrt]
        .into_iter()
        .flat_map(|v| v.entries())
        .any(|e| e.label.to_lowercase() == lower || e.aliases.iter().any(|a| a.to_lowercase() == lower))
}

/// The fill wave: `related:` (any of the results' topic keywords, within the
/// subject) and `subject:` (anything of the subject, `ngsearchword *`). The
/// caller appends the filter criteria.
pub fn fill_variants(subject: &str, related: &[String]) -> Vec<Variant> {
    let taxon = Criterion::one("ccm:taxonid", subject);
    let code = subject.rsplit('/').next().unwrap_or(subject);
    let mut out = Vec::with_capacity(2);
    if !related.is_empty() {
        out.push(Variant {
            label: format!("related:{code}:{}", related.join(",")),
            weight: WEIGHT_FILL_RELATED,
            criteria: vec![Criterion::new("cclom:general_keyword", related.to_vec()), taxon.clone()],
        });
    }
    out.push(Variant {
        label: format!("subject:{code}"),
        weight: WEIGHT_FILL_SUBJECT,
        criteria: vec![taxon, Criterion::one(NGSEARCHWORD, "*")],
    });
    out
}

/// Whether the node belongs to the school discipline `subject`.
pub fn of_subject(node: &Node, subject: &str) -> bool {
    school_disciplines(node).any(|d| d == subject)
}

/// Order fill candidates — the same-subject fill of a content search, the
/// fill of related material: most of `keywords` shared (folded) first, then
/// the quality score for `query` (none for a blank query), then the node id.
/// Placeholders, id-less nodes, repeats and the `exclude`d ids are dropped.
/// The caller appends the fill after its hits.
pub fn rank_fill<'n>(
    query: &Query,
    keywords: &[String],
    exclude: &[&str],
    candidates: impl IntoIterator<Item = &'n Node>,
) -> Vec<&'n Node> {
    let wanted: BTreeSet<String> = keywords.iter().map(|k| fold(k.trim())).collect();
    let mut seen: BTreeSet<&str> = exclude.iter().copied().collect();
    let mut scored: Vec<(usize, i64, &Node)> = Vec::new();
    for node in candidates {
        if !node.is_listable() || !seen.insert(node.id()) {
            continue;
        }
        let shared = node
            .keywords()
            .iter()
            .filter(|k| wanted.contains(&fold(k.trim())))
            .count();
        let quality = if query.is_blank() {
            0
        } else {
            score_node(query.model(), node)
        };
        scored.push((shared, quality, node));
    }
    scored.sort_by(|(sa, qa, a), (sb, qb, b)| sb.cmp(sa).then_with(|| qb.cmp(qa)).then_with(|| a.id().cmp(b.id())));
    scored.into_iter().map(|(_, _, n)| n).collect()
}

#[cfg(test)]
mod tests {
    use super::super::test_support::node;
    use super::*;
    use serde_json::json;

    const BIO: &str = "http://w3id.org/openeduhub/vocabs/discipline/080";
    const MATHE: &str = "http://w3id.org/openeduhub/vocabs/discipline/380";

    fn material(id: &str, title: &str, taxon: &str, keywords: &[&str]) -> Node {
        node(
            id,
            title,
            json!({"ccm:taxonid": [taxon], "cclom:general_keyword": keywords}),
        )
    }

    fn ids<'a>(nodes: &[&'a Node]) -> Vec<&'a str> {
        nodes.iter().map(|n| n.id()).collect()
    }

    fn fill_subject(query: &str, results: &[Node], results_reached_floor: bool) -> Option<String> {
        super::fill_subject(&Query::new(query), results, results_reached_floor)
    }

    #[test]
    fn the_subject_is_named_or_a_clear_majority() {
        let bio = material("a", "Zellatmung", BIO, &[]);
        let math = material("b", "Brüche", MATHE, &[]);
        assert_eq!(
            fill_subject("Zellatmung", std::slice::from_ref(&bio), true).as_deref(),
            Some(BIO)
        );
        assert_eq!(
            fill_subject("x", &[bio.clone(), bio.clone(), math.clone()], true).as_deref(),
            Some(BIO)
        );
        assert_eq!(
            fill_subject("x", &[bio.clone(), math.clone()], true),
            None,
            "a tie is no majority"
        );
        assert_eq!(
            fill_subject("x", std::slice::from_ref(&bio), false),
            None,
            "floor fallback"
        );
        assert_eq!(fill_subject("x", &[], true), None);
        // A named subject wins, even without results; two named ones are unclear.
        assert_eq!(
            fill_subject("Mathe", std::slice::from_ref(&bio), false).as_deref(),
            Some(MATHE)
        );
        assert_eq!(fill_subject("Mathe und Bio", &[bio], true), None);
        // The vocabulary root and the Hochschul systematics are no subject.
        let root = material("r", "x", DISCIPLINE_PREFIX, &[]);
        assert_eq!(fill_subject("x", &[root], true), None);
    }

    #[test]
    fn related_keywords_are_topics_only() {
        let results = [
            material(
                "a",
                "Zellatmung – Arbeitsblatt",
                BIO,
                &["Zellatmung", "Stoffwechsel", "Biologie", "Arbeitsblatt", "Klasse 7"],
            ),
            material(
                "b",
                "Quiz: Zellatmung",
                BIO,
                &["zellatmung", "Quiz", "Interaktive Übung", "Artikel", "Bio"],
            ),
        ];
        assert_eq!(related_keywords(&results), ["Zellatmung", "Stoffwechsel"]);
    }

    #[test]
    fn fill_variants_search_related_topics_then_the_subject() {
        let v = fill_variants(BIO, &["Zellatmung".into(), "Stoffwechsel".into()]);
        assert_eq!(v.len(), 2);
        assert_eq!(v[0].label, "related:080:Zellatmung,Stoffwechsel");
        assert_eq!(v[0].criteria[0].property, "cclom:general_keyword");
        assert_eq!(v[0].criteria[0].values, ["Zellatmung", "Stoffwechsel"]);
        assert_eq!(v[0].criteria[1].values, [BIO]);
        assert_eq!(v[1].label, "subject:080");
        assert_eq!(v[1].criteria[1].values, ["*"]);
        assert_eq!(fill_variants(BIO, &[]).len(), 1);
    }

    #[test]
    fn fill_prefers_shared_topics_and_stays_in_the_subject() {
        let results = [material(
            "hit",
            "Zellatmung",
            BIO,
            &["Zellatmung", "Stoffwechsel", "Biologie"],
        )];
        let candidates = [
            material("z", "Ökosystem Wald", BIO, &["Ökologie", "Biologie"]),
            material("y", "Gärung", BIO, &["Gärung", "Stoffwechsel", "Biologie"]),
            material("m", "Brüche", MATHE, &["Bruchrechnung", "Stoffwechsel"]),
            material("hit", "Zellatmung", BIO, &["Zellatmung"]),
            material("y", "Gärung", BIO, &["Gärung", "Stoffwechsel"]),
            node("gone", "Element wurde gelöscht", json!({"ccm:taxonid": [BIO]})),
            material("x", "Enzyme", BIO, &["Enzyme", "Stoffwechsel"]),
        ];
        let keywords = related_keywords(&results);
        let in_subject = candidates.iter().filter(|n| of_subject(n, BIO));
        let ranked = rank_fill(&Query::new("Zellatmung"), &keywords, &["hit"], in_subject);
        // y and x share "Stoffwechsel" (equal quality: id order); z shares nothing;
        // the math node, the result itself, the repeat and the placeholder are out.
        assert_eq!(ids(&ranked), ["x", "y", "z"]);
    }

    #[test]
    fn fill_prefers_shared_keywords_then_score_then_id() {
        // The fill of related material: the seed's keywords, no subject.
        let a = material("a", "Brüche addieren", MATHE, &["Brüche addieren", "Bruchrechnung"]);
        let b = material("b", "Geometrie", MATHE, &["Geometrie"]);
        let c = material("c", "Brüche kürzen üben", MATHE, &["Bruchrechnung"]);
        let keywords = vec!["Brüche kürzen".to_string(), "Bruchrechnung".to_string()];
        let ranked = rank_fill(&Query::new("Brüche kürzen"), &keywords, &[], [&b, &a, &c, &a]);
        assert_eq!(ids(&ranked), ["c", "a", "b"]);
    }

    #[test]
    fn the_topic_guard_keeps_the_subjects_that_name_the_topic() {
        let nodes = [
            material("a", "Kreis – Überblick", MATHE, &[]),
            material("b", "Herz und Kreislauf", BIO, &[]),
            material("c", "Arbeitsblatt", MATHE, &["Kreise"]),
        ];
        let ranked = |nodes: &[Node]| -> Vec<String> {
            let mut ranked: Vec<Ranked<'_>> = nodes
                .iter()
                .map(|n| Ranked {
                    node: n,
                    score: 0.0,
                    quality: 0,
                    appearances: 1,
                })
                .collect();
            keep_topic_subjects(&mut ranked, &["kreis".to_string()]);
            ranked.iter().map(|r| r.node.id().to_string()).collect()
        };
        assert_eq!(ranked(&nodes), ["a", "c"]);
        // Nothing names the topic as a word: unchanged.
        assert_eq!(ranked(&nodes[1..2]), ["b"]);
    }
}
