//! The rescue of a query the tree does not answer as typed: its compounds
//! split, its closed compounds opened, its typos corrected or its topic
//! words continued against the tree index's dictionary (wave 3 of the
//! collection search, see the parent module), and the checks that decide
//! whether a corrected query found what was misspelt.

use std::collections::BTreeSet;

use crate::search::query::{Dictionary, KEYWORD_TYPO_LETTERS, Query, char_len, edit_distance, fold, tokens};
use crate::search::ranking::{TreeRanking, lone_title_word};
use crate::upstream::Node;

/// The query rescued against the typo dictionary: its compounds split,
/// else its closed compounds written apart as the titles write them, else
/// its typos corrected, else its topic words continued; `None` when
/// nothing changes or nothing of the topic is left; with the later parts
/// of the split compounds (optional in the ranking). A word a title or
/// keyword of the first wave's `hits` holds is a real word: it is not
/// continued, and split only into known parts; it is corrected only when
/// no title holds it (keywords repeat users' typos). When none of that
/// changes the query, its hyphenated words of `unnamed` (folded: no text
/// of the tree names them whole) are written apart ([`hyphens_opened`]).
pub(super) fn rescue(query: &Query, dictionary: &Dictionary, hits: &[Node], unnamed: &[&str]) -> Option<Rescue> {
    // A hyphenated word the tree writes as one word is that word, no two
    // topics to split ("Netzwerk-Karte" is "Netzwerkkarten", no networks).
    if let Some(closed) = query.closed(dictionary) {
        let as_is = || Rescue::of(closed.clone(), false);
        return rescue(&closed, dictionary, hits, unnamed).or_else(|| Some(as_is()).filter(Rescue::keeps_a_topic));
    }
    // A hyphenated word no text names whole, kept as typed by the rest of
    // the rescue, is its pieces.
    split_or_corrected(query, dictionary, hits).or_else(|| {
        let (apart, heads) = hyphens_opened(query, unnamed)?;
        Some(Rescue {
            query: apart,
            optional: heads,
            corrected: false,
            keyword_heads: Vec::new(),
        })
        // Pieces that leave only a subject ask another question ("E-Sport"
        // is no page on sport).
        .filter(|r| !r.query.topic_words().is_empty())
    })
}

/// The rescue of `query`'s words (see [`rescue`]): its compounds split,
/// else opened, corrected or continued.
fn split_or_corrected(query: &Query, dictionary: &Dictionary, hits: &[Node]) -> Option<Rescue> {
    let held: BTreeSet<String> = hits
        .iter()
        .flat_map(|n| std::iter::once(n.display_title()).chain(n.keywords().iter().map(String::as_str)))
        .flat_map(tokens)
        .map(fold)
        .collect();
    let held = |word: &str| held.contains(&fold(word));
    // A word only the keywords hold may still be a typo the titles write
    // right: editors' keywords repeat users' typos ("Industrialiserung").
    let titled: BTreeSet<String> = hits.iter().flat_map(|n| tokens(n.display_title())).map(fold).collect();
    let titled = |word: &str| titled.contains(&fold(word));
    match query.split_compounds_except(dictionary, held) {
        // Nothing but framing or the general last part of a compound was
        // recognised ("Mengen|lehre"): no topic to search.
        Some(split) if !split.topic || split.head_only => None,
        // A part not recognised may be what the compound is ("Vogel|grippe"
        // is no bird): its known parts are another topic, unless they are
        // specific ("Trinkwasser|aufbereitung", "SQL-Abfragen"). It may
        // also be a slip, corrected ("Wärungen" → "Währung").
        Some(split) if !split.unrecognised.is_empty() && !split.specific => query
            .corrected_except(dictionary, titled)
            .map(|q| Rescue::of(q, true))
            .filter(Rescue::keeps_a_topic),
        // A split that leaves only a subject ("E-Sport" → "E und Sport") is
        // another question, not this one. The nouns left whole may be
        // misspelt ("elektrochemische Spanungsreihe"); a word in lower
        // case beside them is mostly another form of a known one
        // ("chinesischen"), no typo.
        Some(split) => {
            let parts = Query::new(&split.query);
            let small = |word: &str| word.chars().next().is_some_and(char::is_lowercase);
            let rescued = parts
                .corrected_except(dictionary, |word| titled(word) || small(word))
                .unwrap_or(parts);
            // The part not recognised may be misspelt ("N-Deklinaton").
            let unrecognised = |word: &str| split.unrecognised.iter().any(|part| fold(part) == fold(word));
            let misspelt = || {
                (query.corrected_except(dictionary, |word| titled(word) || !unrecognised(word)))
                    .map(|q| Rescue::of(q, true))
                    .filter(Rescue::keeps_a_topic)
            };
            // A piece not recognised of a hyphenated word, corrected to the
            // word the tree writes as typed, is that word, no topic to drop
            // ("Säure-Base-Titraton" is no question on acids and bases).
            if let Some(fixed) = misspelt().filter(|fixed| writes_fixed_hyphenated(query, &fixed.query, dictionary)) {
                return Some(fixed);
            }
            Some(Rescue {
                query: rescued,
                optional: split.trailing,
                corrected: false,
                keyword_heads: split.keyword_heads,
            })
            .filter(|r| !r.query.topic_words().is_empty())
            .or_else(misspelt)
        }
        // A corrected subject is the question ("Interkulturele Bildung").
        None => (query.opened(dictionary, held).map(|q| Rescue::of(q, false)))
            .or_else(|| query.corrected_except(dictionary, titled).map(|q| Rescue::of(q, true)))
            .or_else(|| query.continued_except(dictionary, held).map(|q| Rescue::of(q, false)))
            .filter(Rescue::keeps_a_topic),
    }
}

/// The correction `fixed` of `query` changed a hyphenated word, and the
/// dictionary's phrases write the corrected word's pieces in a row.
fn writes_fixed_hyphenated(query: &Query, fixed: &Query, dictionary: &Dictionary) -> bool {
    let typed: BTreeSet<String> = tokens(query.text()).map(fold).collect();
    tokens(fixed.text())
        .filter(|word| word.contains('-') && !typed.contains(&fold(word)))
        .any(|word| dictionary.writes_in_a_row(&word.split('-').filter(|p| !p.is_empty()).collect::<Vec<_>>()))
}

/// The query with each hyphenated word of `unnamed` (folded) written as
/// its pieces apart, with the last pieces of those words, or `None` when it
/// has none: a compound no text names whole joins words the tree names on
/// their own ("Gasbrenner-Führerschein" → "Gasbrenner Führerschein",
/// "UML-Modellierung" → "UML Modellierung"). Its last piece is the
/// general word it is a kind of, as for a closed compound: optional, when
/// a piece before it has three letters or more. A suspended first part
/// ("Mathe-") stays.
pub(super) fn hyphens_opened(query: &Query, unnamed: &[&str]) -> Option<(Query, Vec<String>)> {
    let mut heads = Vec::new();
    let mut changed = false;
    let words: Vec<String> = (query.text().split_whitespace())
        .map(|w| {
            let core = w.trim_matches(|c: char| !c.is_alphanumeric() && c != '-');
            let pieces: Vec<&str> = core.split('-').filter(|p| !p.is_empty()).collect();
            let opens = !core.starts_with('-') && !core.ends_with('-') && pieces.len() >= 2;
            if !opens || !unnamed.contains(&fold(core).as_str()) {
                return w.to_string();
            }
            changed = true;
            if let Some((last, before)) = pieces.split_last()
                && before.iter().any(|p| char_len(p) >= 3)
            {
                heads.push(last.to_string());
            }
            w.replacen(core, &pieces.join(" "), 1)
        })
        .collect();
    changed.then(|| (Query::new(&words.join(" ")), heads))
}

/// A collection among the first three of `ranked` is titled with a word
/// the correction of `query` made, alone ("Badminton" for "Badmington
/// Grundschläge"): the correction found what was misspelt.
pub(super) fn titles_a_correction(query: &Query, corrected: &Query, ranked: &[Node]) -> bool {
    let fixed = fixed_words(query, corrected);
    (ranked.iter().take(3)).any(|node| lone_title_word(node).is_some_and(|word| fixed.contains(&fold(word))))
}

/// A collection among the first three of `ranked` has a word in its title
/// that the rescue of `query` made of one of the `unknown` words (folded)
/// by one slip, one letter left out, added, changed or two swapped
/// ("Demokratie in Athen" for "Demokartie im alten Athen"), a long one
/// also as the first part of a compound; a word two slips away may be
/// another word ("Textarten" for "Taktarten"). For a
/// long word, a keyword will do, as the typo dictionary takes it
/// ([`KEYWORD_TYPO_LETTERS`]: "Eutrophierung" for "Eutrophirung von
/// Seen"); a short one a slip from a keyword is mostly another word.
pub(super) fn titles_a_fixed_slip(unknown: &[&str], query: &Query, rescued: &Query, ranked: &[Node]) -> bool {
    let slip_of = |word: &str, long: bool| {
        unknown
            .iter()
            .any(|typed| edit_distance(typed, word) <= 1 && (!long || typed.chars().count() >= KEYWORD_TYPO_LETTERS))
    };
    let fixed = fixed_words(query, rescued);
    let (titled, keyworded): (BTreeSet<&String>, BTreeSet<&String>) = (
        fixed.iter().filter(|w| slip_of(w, false)).collect(),
        fixed.iter().filter(|w| slip_of(w, true)).collect(),
    );
    // A long fixed word may be the first part of the word that holds it
    // ("Satelliten" of the keyword "Satellitenbilder").
    let holds = |fixed: &BTreeSet<&String>, word: &str| {
        let word = fold(word);
        (fixed.iter()).any(|w| **w == word || (char_len(w) >= KEYWORD_TYPO_LETTERS && word.starts_with(w.as_str())))
    };
    (ranked.iter().take(3)).any(|node| {
        tokens(node.display_title()).any(|word| holds(&titled, word))
            || (node.keywords().iter().flat_map(|k| tokens(k))).any(|word| holds(&keyworded, word))
    })
}

/// A collection among the first three of `ranked` names, in its title or
/// its keywords, a word the rescue of `query` made of one of the `unknown`
/// words by one slip, and names the question as typed besides ("Vierecke",
/// keyworded "Trapez" and "Flächeninhalt", for "Flächeninhalt Trapetz").
/// Unlike [`titles_a_fixed_slip`], a short word will do: the other word
/// named beside it says the slip was fixed to the topic asked for; a
/// collection that names the fixed word alone may name another word
/// ("Halogene" for "Haligen in der Nordsee").
pub(super) fn names_a_fixed_slip_beside(unknown: &[&str], query: &Query, rescued: &Query, ranked: &[Node]) -> bool {
    let fixed: BTreeSet<String> = (fixed_words(query, rescued).into_iter())
        .filter(|word| unknown.iter().any(|typed| edit_distance(typed, word) <= 1))
        .collect();
    let typed = TreeRanking::new(query);
    let names_fixed = |text: &str| tokens(text).any(|word| fixed.contains(&fold(word)));
    (ranked.iter().take(3)).any(|node| {
        (names_fixed(node.display_title()) || node.keywords().iter().any(|k| names_fixed(k))) && typed.matches(node)
    })
}

/// A compound's last parts the rescue split off and made optional
/// (`optional`) that are short and concrete ([`is_concrete_head`]) are
/// named by a collection among the first three of `ranked`; true without
/// such parts. A thing makes another topic of a compound's first part
/// ("Tier|spuren" is no page on animals, "Sonnen|brand" none on the sun);
/// an aspect does not ("Plakat|gestaltung", "Barock|literatur"). A part
/// that is the rescued query's first topic word is no last part
/// ("Welt|bevölkerungsentwicklung" keeps "Welt" optional).
pub(super) fn names_concrete_heads(rescued: &Query, optional: &[String], ranked: &[Node]) -> bool {
    let first = rescued.topic_words().first().map(|w| fold(w));
    let concrete: Vec<&str> = (optional.iter())
        .map(String::as_str)
        .filter(|head| is_concrete_head(head) && first.as_deref() != Some(fold(head).as_str()))
        .collect();
    let heads = Query::new(&concrete.join(" "));
    let heads = TreeRanking::new(&heads);
    concrete.is_empty() || ranked.iter().take(3).any(|n| heads.matches_closely(n))
}

/// One collection among the first three of `ranked` names every one of
/// `heads`; true without heads. A compound's first part that only
/// keywords know is the tree's word for its topic ("Chor|singen" →
/// "Mehrstimmiges Singen") only when the answer names the rest too.
pub(super) fn names_keyword_heads(heads: &[String], ranked: &[Node]) -> bool {
    let heads: Vec<Query> = heads.iter().map(|head| Query::new(head)).collect();
    let heads: Vec<TreeRanking<'_>> = heads.iter().map(TreeRanking::new).collect();
    heads.is_empty()
        || ranked
            .iter()
            .take(3)
            .any(|n| heads.iter().all(|head| head.matches_closely(n)))
}

/// A compound's last part that names a thing, not an aspect: shorter than
/// nine letters and without the ending of an abstract noun.
fn is_concrete_head(head: &str) -> bool {
    const ABSTRACT: &[&str] = &["ung", "heit", "keit", "ion", "tät", "ur", "ik", "ismus", "schaft"];
    let lower = head.to_lowercase();
    char_len(&lower) < 9 && !ABSTRACT.iter().any(|end| lower.ends_with(end))
}

/// The topic words of `rescued` that `query` does not have, folded.
fn fixed_words(query: &Query, rescued: &Query) -> BTreeSet<String> {
    let typed: BTreeSet<String> = query.topic_words().iter().map(|w| fold(w)).collect();
    (rescued.topic_words().iter())
        .map(|w| fold(w))
        .filter(|w| !typed.contains(w))
        .collect()
}

/// A query rescued against the typo dictionary ([`rescue`]).
pub(super) struct Rescue {
    pub(super) query: Query,
    /// The later parts of its split compounds (optional in the ranking).
    pub(super) optional: Vec<String>,
    /// Its typos were corrected, and nothing else changed.
    pub(super) corrected: bool,
    /// The later parts of its compounds split after a keyword's word
    /// ([`Split::keyword_heads`](crate::search::query::Split)): a first
    /// collection must name them ([`names_keyword_heads`]).
    pub(super) keyword_heads: Vec<String>,
}

impl Rescue {
    /// A rescue that only rewrote words: nothing split off, nothing made optional.
    fn of(query: Query, corrected: bool) -> Rescue {
        Rescue {
            query,
            optional: Vec::new(),
            corrected,
            keyword_heads: Vec::new(),
        }
    }

    /// Something of the topic or a subject is left to search.
    fn keeps_a_topic(&self) -> bool {
        !self.query.topic_words().is_empty() || !self.query.subject_uris().is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::node;
    use super::*;
    use serde_json::json;

    #[test]
    fn a_misspelt_subject_is_corrected_to_it() {
        let dictionary = Dictionary::new(["Interkulturelle Bildung", "Bildung"]);
        let rescued = rescue(&Query::new("Interkulturele Bildung"), &dictionary, &[], &[]).unwrap();
        assert_eq!(rescued.query.text(), "Interkulturelle Bildung");
        assert!(
            rescued.query.topic_words().is_empty(),
            "the corrected query names a subject only"
        );
    }

    #[test]
    fn a_word_only_the_keywords_hold_is_still_corrected_to_a_title() {
        let with_keyword: Node = serde_json::from_value(json!({
            "ref": {"id": "d"}, "name": "Industrialisierung Deutschland",
            "properties": {"cclom:title": ["Industrialisierung Deutschland"], "cclom:general_keyword": ["Industrialiserung"]}
        }))
        .unwrap();
        let dictionary = Dictionary::new(["Industrialisierung"]);
        let rescued = rescue(&Query::new("Industrialiserung"), &dictionary, &[with_keyword], &[]).unwrap();
        assert_eq!(rescued.query.text(), "Industrialisierung");
        // A word a title holds is a real word.
        let titled = node("t", "Industrialiserung");
        assert!(rescue(&Query::new("Industrialiserung"), &dictionary, &[titled], &[]).is_none());
    }

    #[test]
    fn a_misspelt_noun_is_corrected_beside_another_word() {
        let dictionary = Dictionary::new(["Die Spannungsreihe der Metalle", "Die Elektrochemie"]);
        let rescued = rescue(&Query::new("elektrochemische Spanungsreihe"), &dictionary, &[], &[]).unwrap();
        assert!(
            rescued.query.text().contains("Spannungsreihe"),
            "{}",
            rescued.query.text()
        );
        let rescued = rescue(&Query::new("Spanungsreihe"), &dictionary, &[], &[]).unwrap();
        assert_eq!((rescued.query.text(), rescued.corrected), ("Spannungsreihe", true));
    }

    #[test]
    fn a_title_of_a_corrected_word_alone_is_what_was_misspelt() {
        let (typed, corrected) = (
            Query::new("Badmington Grundschläge"),
            Query::new("Badminton Grundschläge"),
        );
        let ranked = [node("a", "Schlagzeug"), node("b", "Badminton")];
        assert!(titles_a_correction(&typed, &corrected, &ranked));
        // A word the user typed right is no correction.
        assert!(!titles_a_correction(&corrected, &corrected, &ranked));
        // Among other words it is another topic.
        let ranked = [node("c", "Badminton und Federball")];
        assert!(!titles_a_correction(&typed, &corrected, &ranked));
    }

    #[test]
    fn a_word_the_split_does_not_recognise_may_be_a_slip() {
        // "Wechsel|kurse" leaves "Wechsel" unrecognised, and "Kurse" is no
        // specific topic: the slip in "Wärungen" is the question.
        let dictionary = Dictionary::new(["Währung", "Kurse"]);
        let rescued = rescue(&Query::new("Wärungen und Wechselkurse"), &dictionary, &[], &[]).unwrap();
        assert!(
            rescued.query.text().starts_with("Währung und"),
            "{}",
            rescued.query.text()
        );
    }

    #[test]
    fn a_misspelt_part_of_a_hyphenated_word_is_corrected() {
        let dictionary = Dictionary::new(["N-Deklination", "Deklination"]);
        let rescued = rescue(&Query::new("N-Deklinaton"), &dictionary, &[], &[]).unwrap();
        assert_eq!((rescued.query.text(), rescued.corrected), ("N-Deklination", true));
        // Beside known parts, the slip is corrected, not dropped.
        let dictionary = Dictionary::new(["Säure-Base-Titration - Ein analytisches Verfahren", "Säuren und Basen"]);
        let rescued = rescue(&Query::new("Säure-Base-Titraton auswerten"), &dictionary, &[], &[]).unwrap();
        let text = rescued.query.text();
        assert!(text.starts_with("Säure-Base-Titration") && rescued.corrected, "{text}");
    }

    #[test]
    fn a_hyphenated_word_no_text_names_whole_is_written_apart() {
        let query = Query::new("Chemie: Gasbrenner-Führerschein");
        let (apart, heads) = hyphens_opened(&query, &["gasbrenner-fuhrerschein"]).unwrap();
        assert_eq!(apart.text(), "Chemie: Gasbrenner Führerschein");
        assert_eq!(heads, ["Führerschein"]);
        // A word a text names whole stays, and so does a suspended part.
        assert!(hyphens_opened(&query, &[]).is_none());
        let suspended = Query::new("Mathe- oder Deutschunterricht");
        assert!(hyphens_opened(&suspended, &["mate-"]).is_none());
        // After a piece of one or two letters, the last piece is the topic.
        let (apart, heads) = hyphens_opened(&Query::new("E-Schrott"), &["e-schrott"]).unwrap();
        assert_eq!((apart.text(), heads.len()), ("E Schrott", 0));
    }

    #[test]
    fn pieces_that_leave_only_a_subject_are_no_rescue() {
        let dictionary = Dictionary::new(["Laborpraxis"]);
        assert!(rescue(&Query::new("E-Sport"), &dictionary, &[], &["e-sport"]).is_none());
    }

    #[test]
    fn the_rescue_writes_apart_a_hyphenated_word_no_text_names_whole() {
        // Neither piece is a title word: nothing splits, nothing is corrected.
        let dictionary = Dictionary::new(["Laborpraxis"]);
        let query = Query::new("Gasbrenner-Führerschein");
        let rescued = rescue(&query, &dictionary, &[], &["gasbrenner-fuhrerschein"]).unwrap();
        assert_eq!(rescued.query.text(), "Gasbrenner Führerschein");
        assert_eq!(
            (rescued.optional, rescued.corrected),
            (vec!["Führerschein".to_string()], false)
        );
        // A split of the word comes first.
        let dictionary = Dictionary::new(["Umgang mit dem Gasbrenner"]);
        let rescued = rescue(&query, &dictionary, &[], &["gasbrenner-fuhrerschein"]).unwrap();
        assert_eq!(rescued.query.text(), "Gasbrenner");
    }

    #[test]
    fn a_slip_fixed_to_a_title_word_is_found() {
        let (typed, rescued) = (
            Query::new("Demokartie im alten Athen"),
            Query::new("Demokratie im alten Athen"),
        );
        let ranked = [node("a", "Demokratie in Athen")];
        assert!(titles_a_fixed_slip(&["demokartie"], &typed, &rescued, &ranked));
        // A word two slips from the unknown one may be another word.
        let (typed, rescued) = (Query::new("Taktarten"), Query::new("Textarten"));
        let ranked = [node("b", "andere Textarten")];
        assert!(!titles_a_fixed_slip(&["taktarten"], &typed, &rescued, &ranked));
    }

    #[test]
    fn a_short_last_part_without_an_abstract_ending_names_a_thing() {
        for head in ["Spuren", "Brand", "Arbeiten", "Pyramide"] {
            assert!(is_concrete_head(head), "{head}");
        }
        for head in ["Gestaltung", "Sicherheit", "Literatur", "Inhaltsstoffe", "Politik"] {
            assert!(!is_concrete_head(head), "{head}");
        }
    }

    #[test]
    fn a_concrete_last_part_must_be_named() {
        let rescued = Query::new("Tier Spuren");
        let optional = ["Spuren".to_string()];
        assert!(!names_concrete_heads(&rescued, &optional, &[node("t", "Tiere")]));
        assert!(names_concrete_heads(
            &rescued,
            &optional,
            &[node("s", "Spuren im Schnee")]
        ));
        // An aspect need not be named.
        let rescued = Query::new("Plakat Gestaltung");
        let optional = ["Gestaltung".to_string()];
        assert!(names_concrete_heads(
            &rescued,
            &optional,
            &[node("p", "Plakat / Werbung")]
        ));
    }

    #[test]
    fn the_rest_of_a_compound_split_after_a_keyword_word_must_be_named_by_one_collection() {
        let heads = ["Freundschaften".to_string()];
        assert!(!names_keyword_heads(&heads, &[node("p", "Paulusbriefe")]));
        assert!(names_keyword_heads(
            &heads,
            &[node("p", "Paulusbriefe"), node("f", "Freundschaften im Netz")]
        ));
        // Every part by the same collection.
        let heads = ["Jugend".to_string(), "Spiele".to_string()];
        assert!(!names_keyword_heads(
            &heads,
            &[node("j", "Jugend im Wandel"), node("s", "Spiele im Sport")]
        ));
        assert!(names_keyword_heads(&heads, &[node("j", "Spiele der Jugend")]));
        assert!(names_keyword_heads(&[], &[]));
    }

    #[test]
    fn a_keyword_holds_the_fix_of_a_long_word_only() {
        let with_keyword = |keyword: &str| -> Node {
            serde_json::from_value(json!({
                "ref": {"id": "k"}, "name": "Verschmutzung",
                "properties": {"cclom:title": ["Verschmutzung"], "cclom:general_keyword": [keyword]}
            }))
            .unwrap()
        };
        let (typed, rescued) = (
            Query::new("Eutrophirung von Seen"),
            Query::new("Eutrophierung von Seen"),
        );
        let ranked = [with_keyword("Eutrophierung")];
        assert!(titles_a_fixed_slip(&["eutrofirung"], &typed, &rescued, &ranked));
        // A short word a slip from a keyword is mostly another word.
        let (typed, rescued) = (
            Query::new("Haligen in der Nordsee"),
            Query::new("Halogen in der Nordsee"),
        );
        let ranked = [with_keyword("Halogen")];
        assert!(!titles_a_fixed_slip(&["haligen"], &typed, &rescued, &ranked));
        // A long fix may be the first part of the keyword that holds it.
        let (typed, rescued) = (Query::new("Satelitenbilder"), Query::new("Satelliten Bilder"));
        let ranked = [with_keyword("Satellitenbilder")];
        assert!(titles_a_fixed_slip(&["sateliten"], &typed, &rescued, &ranked));
        let ranked = [with_keyword("Satellit")];
        assert!(!titles_a_fixed_slip(&["sateliten"], &typed, &rescued, &ranked));
    }

    #[test]
    fn a_fixed_short_slip_counts_beside_another_word_of_the_question() {
        let with_keywords = |title: &str, keywords: &[&str]| -> Node {
            serde_json::from_value(json!({
                "ref": {"id": title}, "name": title,
                "properties": {"cclom:title": [title], "cclom:general_keyword": keywords}
            }))
            .unwrap()
        };
        let (typed, rescued) = (Query::new("Flächeninhalt Trapetz"), Query::new("Flächeninhalt Trapez"));
        let ranked = [with_keywords("Vierecke", &["Flächeninhalt", "Trapez"])];
        assert!(names_a_fixed_slip_beside(&["trapetz"], &typed, &rescued, &ranked));
        // A word the rescue made of no slip of an unknown word is no fix.
        assert!(!names_a_fixed_slip_beside(&["quader"], &typed, &rescued, &ranked));
        // The fixed word alone, or another word alone, is not enough.
        let ranked = [
            with_keywords("Vierecke", &["Trapez"]),
            with_keywords("Flächen", &["Flächeninhalt"]),
        ];
        assert!(!names_a_fixed_slip_beside(&["trapetz"], &typed, &rescued, &ranked));
        let (typed, rescued) = (
            Query::new("Haligen in der Nordsee"),
            Query::new("Halogen in der Nordsee"),
        );
        let ranked = [with_keywords("Halogene", &["Halogen"])];
        assert!(!names_a_fixed_slip_beside(&["haligen"], &typed, &rescued, &ranked));
    }
}
