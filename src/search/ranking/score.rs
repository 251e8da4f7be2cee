//! The per-node quality score and the local text match.

use crate::search::query::{Query, QueryModel, Words, char_len, is_stopword, term_matches, tokens};
use crate::upstream::Node;

/// Licence keys that earn the open-licence bonus.
const OPEN_LICENCES: [&str; 4] = ["CC_0", "CC_BY", "CC_BY_SA", "PDM"];
/// The node belongs to a subject the query names ("Mathe", "Bio").
pub const SUBJECT_BONUS: i64 = 10;
/// The node's title or keywords show the material type the query asks for
/// ("Arbeitsblätter", "Erklärvideo"): a weak bonus, below one title term.
pub const MATERIAL_BONUS: i64 = 5;

/// The relevance score of one node: an integer text-match + metadata-quality
/// score, floored at 0.
///
/// The query is analysed first (`QueryModel`):
/// * `q` is the *topic phrase*: the query without request framing
///   ("Ich suche Arbeitsblätter zur Bruchrechnung für Klasse 6" →
///   "bruchrechnung"), or the whole query when nothing is framing; its
///   synonym substitutions count as `q` too ("KI" → "künstliche intelligenz").
/// * `T` are the [`signal_terms`](crate::search::query::signal_terms) (no stopwords, no
///   framing words), each with its synonyms.
/// * Matching is folded (ä = a, ß = ss) and by Snowball German stem
///   (`stem::german_stem`: "Arbeitsblätter" = "Arbeitsblatt",
///   "quadratischen" = "quadratische"). A form of ≤ 3 characters ("ki",
///   "bio", "geo") must be a whole word; a longer one may sit inside a word
///   (the first word of a phrase may end a compound, later ones start a word).
///
/// | component | points |
/// |---|---|
/// | title contains `q` | +30, and +20 if title == `q`, else +10 if it starts with `q` |
/// | otherwise, per term of `T` in the title | +8, and +12 if \|T\| > 1 and all are |
/// | per term: exact keyword / inside a keyword | +10 (a hit) / +5; +10 if \|T\| > 1 and all hit (a keyword equal to `q` is a hit for every term) |
/// | description contains `q` | +8, else +3 per term found |
/// | the node's discipline is one the query names exactly ([`SUBJECT_BONUS`]) | +10 |
/// | title or keywords show the material type asked for ([`MATERIAL_BONUS`]) | +5 |
/// | no term in the title nor in the keywords, and no named subject | −20 |
/// | real preview, educational context, discipline, LRT | +3, +2, +2, +1 |
/// | open licence (CC_0, CC_BY, CC_BY_SA, PDM) | +3 |
/// | description > 100 chars / > 30 chars | +2 / +1 |
/// | publisher, link (`ccm:wwwurl` or `content.url`) | +1, +1 |
///
/// Vocabulary values that are only a vocabulary root URI (ending in `/`)
/// do not count as "has an educational context" etc. (they carry no value).
pub fn relevance_score(node: &Node, query: &Query) -> i64 {
    score_node(query.model(), node)
}

/// [`relevance_score`] by the query's model.
pub(crate) fn score_node(model: &QueryModel, node: &Node) -> i64 {
    score_detail(model, node).0
}

/// [`score_node`] and whether the node is on the query's topic: a term or
/// the phrase in its title or keywords (the nodes that escape the
/// off-topic penalty by their text, not by a named subject).
pub(crate) fn score_detail(model: &QueryModel, node: &Node) -> (i64, bool) {
    let terms = &model.terms;
    let title = Words::of(node.display_title());
    let description = node.description();
    let desc = Words::of(description);
    let keywords: Vec<Words> = node.keywords().iter().map(|k| Words::of(k)).collect();

    let mut score = 0i64;

    // Title.
    let phrase_in_title = model.phrases.iter().any(|p| p.matches(&title));
    let terms_in_title = terms.iter().filter(|t| t.matches(&title)).count() as i64;
    if phrase_in_title {
        score += 30;
        if model.phrases.iter().any(|p| p.equals(&title)) {
            score += 20;
        } else if model.phrases.iter().any(|p| p.starts(&title)) {
            score += 10;
        }
    } else {
        score += 8 * terms_in_title;
        if terms.len() > 1 && terms_in_title == terms.len() as i64 {
            score += 12;
        }
    }

    // Keywords.
    let phrase_is_keyword = terms.len() > 1 && model.phrases.iter().any(|p| keywords.iter().any(|k| p.equals(k)));
    let mut kw_hits = 0usize;
    let mut in_kw = phrase_is_keyword;
    for term in terms {
        if phrase_is_keyword || keywords.iter().any(|k| term.equals(k)) {
            score += 10;
            kw_hits += 1;
            in_kw = true;
        } else if keywords.iter().any(|k| term.matches(k)) {
            score += 5;
            in_kw = true;
        }
    }
    if terms.len() > 1 && kw_hits == terms.len() {
        score += 10;
    }

    // Description.
    if model.phrases.iter().any(|p| p.matches(&desc)) {
        score += 8;
    } else {
        score += 3 * terms.iter().filter(|t| t.matches(&desc)).count() as i64;
    }

    // Subject and material type.
    let subject = model.names_subject_of(node);
    if subject {
        score += SUBJECT_BONUS;
    }
    if model.material_shown(&title, &keywords) {
        score += MATERIAL_BONUS;
    }

    // Off-topic penalty (vacuously true when T is empty, as in the reference).
    let in_title = phrase_in_title || terms_in_title > 0;
    if !in_title && !in_kw && !subject {
        score -= 20;
    }

    score += metadata_quality(node, description);
    (score.max(0), in_title || in_kw)
}

/// The metadata-quality part of the score (0–15).
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

/// Does any query term (≥ 2 chars, not a stopword)
/// occur in the node's name, titles or description? Terms of ≤ 3 chars must
/// start at a word boundary; longer ones match as substrings. A query without
/// such terms matches nothing. To test many nodes, build a [`TextFilter`] once.
pub fn node_matches_text(node: &Node, query: &str) -> bool {
    TextFilter::new(query).matches(node)
}

/// [`node_matches_text`] with the query's terms prepared once: tree walks
/// test hundreds of nodes against one query.
#[derive(Debug, Clone)]
pub struct TextFilter {
    terms: Vec<String>,
}

impl TextFilter {
    pub fn new(query: &str) -> TextFilter {
        let terms = tokens(query)
            .map(str::to_lowercase)
            .filter(|t| char_len(t) >= 2 && !is_stopword(t))
            .collect();
        TextFilter { terms }
    }

    /// The query has no term to match (only stopwords or single letters).
    pub fn is_empty(&self) -> bool {
        self.terms.is_empty()
    }

    pub fn matches(&self, node: &Node) -> bool {
        if self.terms.is_empty() {
            return false;
        }
        let haystack = lowercase_joined(
            &[
                node.name.as_str(),
                node.first("cm:name").unwrap_or(""),
                node.title.as_str(),
                node.first("cclom:title").unwrap_or(""),
                node.first("cm:title").unwrap_or(""),
                node.description(),
            ],
            '\n',
        );
        self.terms.iter().any(|t| term_matches(t, &haystack))
    }
}

/// `fields.join(separator).to_lowercase()` in one allocation: ASCII fields
/// (most of them) are lower-cased in place. The separator is not a letter,
/// so lower-casing field by field gives the same text.
fn lowercase_joined(fields: &[&str], separator: char) -> String {
    let mut out = String::with_capacity(fields.iter().map(|f| f.len() + 1).sum());
    for (i, field) in fields.iter().enumerate() {
        if i > 0 {
            out.push(separator);
        }
        if field.is_ascii() {
            let start = out.len();
            out.push_str(field);
            out[start..].make_ascii_lowercase();
        } else {
            out.push_str(&field.to_lowercase());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{node, raw};
    use super::*;

    fn relevance_score(node: &Node, query: &str) -> i64 {
        super::relevance_score(node, &Query::new(query))
    }
    use serde_json::json;

    const LONG: &str = "Dieser Text ist mit Absicht lang genug, damit er die Grenze von \
                        einhundert Zeichen sicher überschreitet. Ende.";

    fn score(title: &str, props: serde_json::Value, q: &str) -> i64 {
        relevance_score(&node("n1", title, props), q)
    }

    #[test]
    fn lowercase_joined_is_join_then_lowercase() {
        let fields = ["Bruchrechnung", "ÄRGER über ΟΔΟΣ", "", "MiXeD Case", "ΣΊΣΥΦΟΣ"];
        assert_eq!(lowercase_joined(&fields, '\n'), fields.join("\n").to_lowercase());
        assert_eq!(lowercase_joined(&fields, ' '), fields.join(" ").to_lowercase());
        assert_eq!(lowercase_joined(&[], ' '), "");
    }

    #[test]
    fn title_exact_prefix_contains() {
        // +30 (contains) +20 (equal); no keywords, no description, no metadata.
        assert_eq!(score("Photosynthese", json!({}), "Photosynthese"), 50);
        // +30 +10 (starts with).
        assert_eq!(score("Photosynthese bei Pflanzen", json!({}), "photosynthese"), 40);
        // +30 only.
        assert_eq!(score("Die Photosynthese", json!({}), "Photosynthese"), 30);
        // Punctuation at word edges does not spoil the phrase match: 30 + 20.
        assert_eq!(score("Photosynthese", json!({}), "Photosynthese?"), 50);
        assert_eq!(
            score("Bruchrechnung: Grundlagen", json!({}), "Bruchrechnung Grundlagen"),
            50
        );
    }

    #[test]
    fn title_per_term_and_all_terms_bonus() {
        // q "photosynthese pflanzen" is not in the title; both terms are:
        // 8 + 8 + 12 (all terms).
        assert_eq!(
            score("Pflanzen und Photosynthese", json!({}), "Photosynthese Pflanzen"),
            28
        );
        // One of two terms: 8, no bonus.
        assert_eq!(score("Pflanzen im Garten", json!({}), "Photosynthese Pflanzen"), 8);
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
                serde_json::Value::Array(a) => a.into_iter().map(|v| v.as_str().unwrap().to_string()).collect(),
                v => vec![v.as_str().unwrap().to_string()],
            };
            n.properties.insert(key.to_string(), values);
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
            with("ccm:taxonid", json!("http://w3id.org/openeduhub/vocabs/discipline/380")),
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
        let content_url = raw(json!({"ref": {"id": "m"}, "content": {"url": "https://x/c"},
                                     "properties": {"cclom:title": ["Photosynthese"]}}));
        assert_eq!(relevance_score(&content_url, q), 51);
    }

    #[test]
    fn framing_words_are_no_signal_terms() {
        // q = the topic phrase "bruchrechnung": +30 (in the title), +10
        // (exact keyword), +5 (the title shows the worksheet asked for).
        // "Arbeitsblätter", "Klasse" and "suche" earn nothing on their own.
        let q = "Ich suche Arbeitsblätter zur Bruchrechnung für Klasse 6";
        assert_eq!(
            score(
                "Arbeitsblatt: Bruchrechnung",
                json!({"cclom:general_keyword": ["Bruchrechnung"]}),
                q
            ),
            30 + 10 + MATERIAL_BONUS
        );
        // An off-topic worksheet: no term in title or keywords → 5 − 20 → 0.
        assert_eq!(
            score(
                "Arbeitsblatt: Vulkane",
                json!({"cclom:general_keyword": ["Arbeitsblatt", "Klasse 6"]}),
                q
            ),
            0
        );
        // Without the material in title/keywords: +30 +10 (prefix) only.
        assert_eq!(score("Bruchrechnung üben", json!({}), q), 40);
    }

    #[test]
    fn inflections_match_through_the_stem() {
        // "quadratischen Gleichungen" is the phrase of the title: +30, +10
        // prefix (no "Übung" in title or keywords: no material bonus).
        assert_eq!(
            score(
                "Quadratische Gleichungen lösen",
                json!({}),
                "Übungen zu quadratischen Gleichungen"
            ),
            30 + 10
        );
        // "Arbeitsblätter" = the keyword "Arbeitsblatt" (a query that is all
        // framing keeps it as its term): exact keyword +10, title +30 +20.
        assert_eq!(
            score(
                "Arbeitsblatt",
                json!({"cclom:general_keyword": ["Arbeitsblatt"]}),
                "Arbeitsblätter"
            ),
            30 + 20 + 10
        );
    }

    #[test]
    fn synonyms_count_and_short_forms_are_whole_words() {
        // "Bio": whole word only, so "Biodiversität" is no title match; the
        // synonym "biologie" is an exact keyword (+10) and in the description
        // (+8); the query names the subject Biologie and the node has it (+10).
        let bio = "http://w3id.org/openeduhub/vocabs/discipline/080";
        let eco = "http://w3id.org/openeduhub/vocabs/discipline/64018";
        assert_eq!(
            score(
                "Zellaufbau",
                json!({"cclom:general_keyword": ["Zellaufbau", "Biologie"],
                       "cclom:general_description": ["Fach: Biologie"],
                       "ccm:taxonid": [bio]}),
                "Bio"
            ),
            10 + 8 + SUBJECT_BONUS + 2
        );
        // Biodiversität: no match anywhere, other subject: −20 + 2 → 0.
        assert_eq!(
            score(
                "Biodiversität",
                json!({"cclom:general_keyword": ["Biodiversität"], "ccm:taxonid": [eco]}),
                "Bio"
            ),
            0
        );
        // "KI im Unterricht": the synonym phrase "künstliche intelligenz" is
        // `q` too: +30 +10 (prefix).
        assert_eq!(
            score("Künstliche Intelligenz verstehen", json!({}), "KI im Unterricht"),
            40
        );
    }

    #[test]
    fn a_named_subject_avoids_the_penalty() {
        // "Erdkunde" names Geografie: a geography node without the word still
        // scores +10 and is not penalised; a Geometrie node gets nothing.
        let geo = "http://w3id.org/openeduhub/vocabs/discipline/220";
        let math = "http://w3id.org/openeduhub/vocabs/discipline/380";
        assert_eq!(
            score("Plattentektonik", json!({"ccm:taxonid": [geo]}), "Erdkunde"),
            SUBJECT_BONUS + 2
        );
        assert_eq!(score("Geometrie", json!({"ccm:taxonid": [math]}), "Erdkunde"), 0);
    }

    #[test]
    fn text_match_uses_word_start_for_short_terms() {
        let ski = node("a", "Skifahren im Winter", json!({}));
        assert!(
            !node_matches_text(&ski, "KI"),
            "\"ki\" only occurs inside \"Skifahren\""
        );
        assert!(node_matches_text(&ski, "fahren"), "longer terms match as substrings");
        assert!(node_matches_text(&ski, "KI Winter"), "any term suffices");
        assert!(!node_matches_text(&ski, "im"), "stopwords are no terms");
        assert!(!node_matches_text(&ski, ""));

        let kinder = node(
            "b",
            "Lesen",
            json!({"cclom:general_description": ["Kinder lernen lesen"]}),
        );
        assert!(node_matches_text(&kinder, "KI"), "a word start suffices (Kinder)");

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
