//! Query expansion: one user query → at most five weighted ngsearch
//! variants, plus the `topic:` extraction that drops request-framing words.

use super::Query;
use super::lexicon::is_stopword;
use super::text::{char_len, tokens};
use super::topic::{TopicSplit, synonym_expansions, topic_sides_of};
use crate::upstream::Criterion;

/// At most this many variants (= parallel ngsearch calls) per query.
pub const MAX_VARIANTS: usize = 5;

/// Variant weights; the rescue wave has its own (see `rescue`).
pub const WEIGHT_FULL: f64 = 1.0;
pub const WEIGHT_TITLE: f64 = 0.95;
pub const WEIGHT_TOPIC: f64 = 0.92;
pub const WEIGHT_KEYWORDS: f64 = 0.9;
pub const WEIGHT_SUBJECT: f64 = 0.88;
pub const WEIGHT_NOSTOP: f64 = 0.85;
pub const WEIGHT_SYNONYM: f64 = 0.6;

/// The ngsearch free-text criterion (the repository ANDs its words).
pub const NGSEARCHWORD: &str = "ngsearchword";

/// One backend query: a label for `_queryMeta`/logs, an RRF weight and the
/// criteria to send (the caller appends the filter criteria).
#[derive(Debug, Clone, PartialEq)]
pub struct Variant {
    /// `full:"…"`, `title:"…"`, `topic:"…"`, `kw:a,b`, `subject:…`, `nostop:"…"`,
    /// `syn:"…"`, `all` (rescue wave: `corrected:"…"`, `term:"…"`; fill wave:
    /// `related:…`, `subject:…`).
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
/// * `topic:"t"` 0.92 — the query without request-framing words ([`topic_query`](super::topic_query))
/// * `kw:a,b` 0.9 — `cclom:general_keyword` (any of the values): the topic
///   phrase when it has several words ("Satz des Pythagoras" is one keyword),
///   then each topic term of ≥ 3 characters ("significant") as written. Stopwords and framing
///   words are left out: "Arbeitsblatt" or "Klasse" as a keyword pulls in
///   that kind of material from every subject. A query that is all framing
///   ("Arbeitsblatt") sends its words of ≥ 3 characters.
/// * `subject:<label>` 0.88 — when the query names exactly one discipline
///   (a label or alias of the vocabulary, exactly: "Mathe", "Bio",
///   "Erdkunde"): `ccm:taxonid [uri]` plus the other topic words as
///   `ngsearchword` (`*` when there are none).
/// * `nostop:"…"` 0.85 — the non-stopword terms, when a stopword was removed
///   and there is no `topic:` variant (with one, the stopword-free query is
///   the topic plus framing words, whose hits are a subset of the topic's).
/// * `syn:"…"` 0.6 — one per synonym substitution (whole words, first
///   occurrence, lower-cased) in the topic when there is one, else in the
///   query; duplicates collapsed
///
/// A blank query gives the single variant `all` (`ngsearchword ["*"]`).
/// Variants with identical criteria are collapsed (the heavier one is kept).
pub fn expand_query(query: &Query) -> Vec<Variant> {
    let trimmed = query.text();
    if query.is_blank() {
        return vec![Variant::words("all".into(), 1.0, "*")];
    }
    // `full:` and `title:` send the query as typed; the other variants work
    // on it with framing parts split off compounds ("Musikunterricht",
    // "Zellorganellen-Quiz").
    let planned = query.planned();
    let split = planned.split();
    let terms: Vec<&str> = tokens(planned.text()).filter(|t| char_len(t) >= 2).collect();
    let stopword_removed = terms.iter().any(|t| is_stopword(t));
    let sides = topic_sides_of(split, planned.disciplines());
    // With two topics the AND of both is a subset of each side's hits.
    let topic = (split.removed && !split.topic.is_empty() && sides.is_none()).then(|| split.topic.join(" "));

    let mut variants = vec![
        Variant::words(format!("full:\"{trimmed}\""), WEIGHT_FULL, trimmed),
        Variant::new(
            format!("title:\"{trimmed}\""),
            WEIGHT_TITLE,
            Criterion::one("cclom:title", trimmed),
        ),
    ];
    if let Some(topic) = &topic {
        variants.push(Variant::words(format!("topic:\"{topic}\""), WEIGHT_TOPIC, topic));
    }
    for side in sides.iter().flatten() {
        variants.push(Variant::words(format!("side:\"{side}\""), WEIGHT_TOPIC, side));
    }
    let mut keywords = keyword_values(split, &terms);
    for side in sides.iter().flatten() {
        if side.contains(' ') && !keywords.iter().any(|k| k.to_lowercase() == side.to_lowercase()) {
            keywords.insert(1.min(keywords.len()), side.clone());
        }
    }
    if !keywords.is_empty() {
        variants.push(Variant::new(
            format!("kw:{}", keywords.join(",")),
            WEIGHT_KEYWORDS,
            Criterion::new("cclom:general_keyword", keywords),
        ));
    }
    if let Some(subject) = subject_variant(&planned) {
        variants.push(subject);
    }
    if stopword_removed && topic.is_none() {
        let content: Vec<&str> = terms.iter().copied().filter(|t| !is_stopword(t)).collect();
        if !content.is_empty() {
            let joined = content.join(" ");
            variants.push(Variant::words(format!("nostop:\"{joined}\""), WEIGHT_NOSTOP, &joined));
        }
    }
    let synonym_base = if split.removed && !split.topic.is_empty() {
        split.kept_tokens().join(" ")
    } else {
        planned.text().to_string()
    };
    for expanded in synonym_expansions(&synonym_base) {
        variants.push(Variant::words(format!("syn:\"{expanded}\""), WEIGHT_SYNONYM, &expanded));
    }
    finish(variants, MAX_VARIANTS)
}

/// The `cclom:general_keyword` values of the `kw:` variant (see
/// [`expand_query`]), de-duplicated case-insensitively.
fn keyword_values(split: &TopicSplit, terms: &[&str]) -> Vec<String> {
    let mut values: Vec<String> = Vec::new();
    let mut push = |v: String| {
        if !values.iter().any(|x| x.to_lowercase() == v.to_lowercase()) {
            values.push(v);
        }
    };
    if split.topic_original.is_empty() {
        for t in terms {
            if char_len(t) >= 3 && !is_stopword(t) {
                push(t.to_string());
            }
        }
        return values;
    }
    let phrase = split.kept_tokens();
    if phrase.len() > 1 {
        push(phrase.join(" "));
    }
    for t in &split.topic_original {
        if char_len(t) >= 3 {
            push(t.clone());
        }
    }
    values
}

/// The `subject:` variant: the one discipline the query names, as a
/// `ccm:taxonid` criterion, with the remaining topic words (or `*`).
fn subject_variant(query: &Query) -> Option<Variant> {
    let [discipline] = query.disciplines() else {
        return None;
    };
    let rest: Vec<&str> = query
        .split()
        .tokens
        .iter()
        .enumerate()
        .filter(|(i, (t, framing))| !framing && !discipline.span.contains(i) && char_len(t) >= 2 && !is_stopword(t))
        .map(|(_, (t, _))| t.as_str())
        .collect();
    let words = if rest.is_empty() {
        "*".to_string()
    } else {
        rest.join(" ")
    };
    let label = if rest.is_empty() {
        format!("subject:{}", discipline.label)
    } else {
        format!("subject:{} \"{words}\"", discipline.label)
    };
    Some(Variant {
        label,
        weight: WEIGHT_SUBJECT,
        criteria: vec![
            Criterion::one("ccm:taxonid", discipline.uri.clone()),
            Criterion::one(NGSEARCHWORD, words),
        ],
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::query::topic::{topic_query, topic_sides};

    fn expand_query(query: &str) -> Vec<Variant> {
        super::expand_query(&Query::new(query))
    }

    fn plan_query(query: &str) -> String {
        Query::new(query).planned().text().to_string()
    }

    fn labels(variants: &[Variant]) -> Vec<(&str, f64)> {
        variants.iter().map(|v| (v.label.as_str(), v.weight)).collect()
    }

    fn words(v: &Variant) -> (&str, Vec<&str>) {
        assert_eq!(v.criteria.len(), 1);
        let c = &v.criteria[0];
        (c.property.as_str(), c.values.iter().map(String::as_str).collect())
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
        assert_eq!(words(&v[2]), ("cclom:general_keyword", vec!["Photosynthese"]));
    }

    #[test]
    fn framed_request_gets_topic_and_a_clean_kw() {
        // The keyword variant carries neither stopwords nor framing words
        // ("Ich,suche,Arbeitsblätter,zur,…,Klasse" would pull in worksheets
        // of every subject). `nostop:` would be the topic plus
        // framing words — a subset of the topic's hits — so it is left out.
        let q = "Ich suche Arbeitsblätter zur Bruchrechnung für Klasse 6";
        let v = expand_query(q);
        assert_eq!(
            labels(&v),
            [
                (format!("full:\"{q}\"").as_str(), 1.0),
                (format!("title:\"{q}\"").as_str(), 0.95),
                ("topic:\"bruchrechnung\"", 0.92),
                ("kw:Bruchrechnung", 0.9),
            ]
        );
        assert_eq!(words(&v[2]), ("ngsearchword", vec!["bruchrechnung"]));
        assert_eq!(words(&v[3]), ("cclom:general_keyword", vec!["Bruchrechnung"]));
    }

    #[test]
    fn nostop_without_framing_and_multi_word_keywords() {
        // No framing word: `nostop:` stays. The kw variant also sends the
        // whole phrase, inner stopword included, since keywords such as
        // "Satz des Pythagoras" are single values.
        let v = expand_query("Satz des Pythagoras");
        assert_eq!(
            labels(&v),
            [
                ("full:\"Satz des Pythagoras\"", 1.0),
                ("title:\"Satz des Pythagoras\"", 0.95),
                ("kw:Satz des Pythagoras,Satz,Pythagoras", 0.9),
                ("nostop:\"Satz Pythagoras\"", 0.85),
            ]
        );
        assert_eq!(words(&v[2]).1, ["Satz des Pythagoras", "Satz", "Pythagoras"]);
        // A framed one: the phrase loses the framing and its edge stopwords.
        let v = expand_query("Quiz zum Satz des Pythagoras");
        assert_eq!(
            labels(&v)[2..],
            [
                ("topic:\"satz pythagoras\"", 0.92),
                ("kw:Satz des Pythagoras,Satz,Pythagoras", 0.9),
            ]
        );
        // All framing: its words of ≥ 3 characters, as before.
        assert_eq!(labels(&expand_query("Arbeitsblatt"))[2], ("kw:Arbeitsblatt", 0.9));
    }

    #[test]
    fn mathe_gets_subject_and_synonym() {
        // "Mathe" names the discipline Mathematik exactly: a `subject:`
        // variant (taxonid + `*`) besides the synonym.
        let v = expand_query("Mathe");
        assert_eq!(
            labels(&v),
            [
                ("full:\"Mathe\"", 1.0),
                ("title:\"Mathe\"", 0.95),
                ("kw:Mathe", 0.9),
                ("subject:Mathematik", 0.88),
                ("syn:\"mathematik\"", 0.6)
            ]
        );
        assert_eq!(
            v[3].criteria,
            [
                Criterion::one("ccm:taxonid", "http://w3id.org/openeduhub/vocabs/discipline/380"),
                Criterion::one(NGSEARCHWORD, "*")
            ]
        );
        assert_eq!(words(&v[4]), ("ngsearchword", vec!["mathematik"]));
    }

    #[test]
    fn subject_variant_keeps_the_other_topic_words() {
        let v = expand_query("Bruchrechnung Mathe Arbeitsblatt");
        let subject = v.iter().find(|v| v.label.starts_with("subject:")).unwrap();
        assert_eq!(subject.label, "subject:Mathematik \"Bruchrechnung\"");
        assert_eq!(subject.criteria[1], Criterion::one(NGSEARCHWORD, "Bruchrechnung"));
        // Two subjects named, or a fuzzy one: no subject variant.
        for q in ["Mathe und Physik", "Biodiversität"] {
            assert!(expand_query(q).iter().all(|v| !v.label.starts_with("subject:")), "{q}");
        }
        // "Erdkunde": the subject variant pushes the noisy syn:"geo" off the cap.
        assert_eq!(
            labels(&expand_query("Erdkunde")),
            [
                ("full:\"Erdkunde\"", 1.0),
                ("title:\"Erdkunde\"", 0.95),
                ("kw:Erdkunde", 0.9),
                ("subject:Geografie", 0.88),
                ("syn:\"geographie\"", 0.6)
            ]
        );
    }

    #[test]
    fn ki_im_unterricht_keeps_its_synonyms() {
        // Candidates: full, title, topic "ki" ("Unterricht" is framing), and
        // the two synonym substitutions — made in the topic, not in the framed
        // query. No kw variant: "Unterricht" is framing and "KI" has fewer than
        // three letters. `nostop:` ("KI Unterricht" = topic + framing) is not
        // made. Both syn variants survive the cap.
        let v = expand_query("KI im Unterricht");
        assert_eq!(
            labels(&v),
            [
                ("full:\"KI im Unterricht\"", 1.0),
                ("title:\"KI im Unterricht\"", 0.95),
                ("topic:\"ki\"", 0.92),
                ("syn:\"künstliche intelligenz\"", 0.6),
                ("syn:\"artificial intelligence\"", 0.6),
            ]
        );
        assert_eq!(words(&v[3]), ("ngsearchword", vec!["künstliche intelligenz"]));
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
        // full, title, kw, nostop, syn×2 = 6 → the last syn falls off. (Two
        // subjects are named, so there is no subject variant.)
        let v = expand_query("Mathe und Physik");
        assert_eq!(v.len(), MAX_VARIANTS);
        assert_eq!(
            labels(&v),
            [
                ("full:\"Mathe und Physik\"", 1.0),
                ("title:\"Mathe und Physik\"", 0.95),
                ("kw:Mathe und Physik,Mathe,Physik", 0.9),
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
    fn two_topics_get_one_variant_each() {
        // "Musikunterricht" names the subject and framing: neither is a side.
        let v = expand_query("Notenwerte und Takt im Musikunterricht");
        assert_eq!(
            labels(&v),
            [
                ("full:\"Notenwerte und Takt im Musikunterricht\"", 1.0),
                ("title:\"Notenwerte und Takt im Musikunterricht\"", 0.95),
                ("side:\"Notenwerte\"", 0.92),
                ("side:\"Takt\"", 0.92),
                ("kw:Notenwerte und Takt im Musik,Notenwerte,Takt,Musik", 0.9),
            ]
        );
        // A side of several words is also one keyword value.
        let v = expand_query("Klimawandel und Erneuerbare Energien");
        let kw = v.iter().find(|v| v.label.starts_with("kw:")).unwrap();
        assert_eq!(
            words(kw).1,
            [
                "Klimawandel und Erneuerbare Energien",
                "Erneuerbare Energien",
                "Klimawandel",
                "Erneuerbare",
                "Energien"
            ]
        );
        assert_eq!(
            topic_sides("Materialien zum Thema Vulkane und Erdbeben"),
            Some(["Vulkane".to_string(), "Erdbeben".to_string()])
        );
        // An article or pronoun after "und" is no side.
        assert_eq!(
            topic_sides("Die heilige Barbara und die Barbarazweige"),
            Some(["heilige Barbara".to_string(), "Barbarazweige".to_string()])
        );
        for q in [
            "Mathe und Physik",
            "Photosynthese",
            "Vulkane und die",
            "Brüche und Dezimalzahlen und Prozente",
            "und Takt",
        ] {
            assert_eq!(topic_sides(q), None, "{q}");
        }
    }

    #[test]
    fn framing_parts_are_split_off_for_the_plan() {
        assert_eq!(plan_query("Zellorganellen-Quiz"), "Zellorganellen Quiz");
        assert_eq!(
            labels(&expand_query("Zellorganellen-Quiz"))[2],
            ("topic:\"zellorganellen\"", 0.92)
        );
        // Topic compounds wait for repository terms (rerank, rescue).
        assert_eq!(plan_query("Herz-Kreislauf-System"), "Herz-Kreislauf-System");
        assert_eq!(plan_query("Photosynthese"), "Photosynthese");
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
        assert_eq!(topic_query("Bruchrechnung Klasse 10").as_deref(), Some("bruchrechnung"));
        assert_eq!(topic_query("Chemie Sekundarstufe II").as_deref(), Some("chemie"));
        // Numbers away from a grade noun are topic ("Revolution 1789").
        assert_eq!(topic_query("Video Revolution 1789").as_deref(), Some("revolution 1789"));
        // Nothing removed / nothing left → None.
        assert_eq!(topic_query("Photosynthese"), None);
        assert_eq!(topic_query("Arbeitsblatt Video"), None);
        assert_eq!(topic_query(""), None);
    }
}
