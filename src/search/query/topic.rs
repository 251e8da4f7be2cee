//! What a query is about: its topic words apart from the request framing
//! ("Arbeitsblätter … für Klasse 6"), the subjects it names, its "X und Y"
//! sides and its synonym forms. Expansion, the query model and the rescue
//! all read a query through these, so they live below all three.

use super::lexicon::{
    frames_before_framing, is_activity_verb, is_framing_word, is_grade_joiner, is_grade_noun, is_grade_token,
    is_stopword, synonym_table,
};
use super::text::{ADJECTIVE_ENDINGS, char_len, find_whole_word, tokens};
use crate::vocab::{self, Vocabulary};

/// The two topics of an "X und Y" request, as written: the runs of topic
/// words (no stopwords, framing words or named subjects) right before and
/// after the query's only "und" ("Notenwerte und Takt im Musikunterricht"
/// → "Notenwerte", "Takt"). `None` without exactly one "und" or with an
/// empty side. Whether "X und Y" is rather one topic ("Vulkane und
/// Erdbeben") only the repository can tell; the ranking checks that.
#[cfg(test)]
pub(crate) fn topic_sides(query: &str) -> Option<[String; 2]> {
    topic_sides_of(&split_topic(query), &query_disciplines(query))
}

/// The two topics of an "X und Y" query already split, with the subjects it
/// names, as [`topic_sides`] reads them: each side is the run of topic words
/// next to the "und". Content search asks the repository for each side.
pub(crate) fn topic_sides_of(split: &TopicSplit, named: &[NamedDiscipline]) -> Option<[String; 2]> {
    sides_of(split, named, false)
}

/// [`Query::sides`](super::Query::sides): [`topic_sides_of`], but the second
/// side runs on through stopwords to its last topic word ("Raumfahrt und
/// Leben auf der Raumstation" → "Raumfahrt", "Leben auf der Raumstation"),
/// so that a collection titled with a word of that phrase alone ("Sinn des
/// Lebens") does not count as titled with the side.
pub(crate) fn phrase_sides_of(split: &TopicSplit, named: &[NamedDiscipline]) -> Option<[String; 2]> {
    sides_of(split, named, true)
}

fn sides_of(split: &TopicSplit, named: &[NamedDiscipline], phrase: bool) -> Option<[String; 2]> {
    let toks = &split.tokens;
    let und: Vec<usize> = (0..toks.len()).filter(|i| toks[*i].0.to_lowercase() == "und").collect();
    let [at] = und.as_slice() else {
        return None;
    };
    let is_topic_word = |i: usize| {
        let (t, framing) = &toks[i];
        !framing && char_len(t) >= 2 && !is_stopword(t) && !named.iter().any(|d| d.span.contains(&i))
    };
    // An article or pronoun may stand between "und" and a side ("Barbara
    // und die Barbarazweige", "Amos und seine Sozialkritik").
    let left_end = (0..*at).rev().find(|i| !is_stopword(&toks[*i].0))? + 1;
    let left_start = (0..left_end).rev().take_while(|i| is_topic_word(*i)).last()?;
    let right_start = (at + 1..toks.len()).find(|i| !is_stopword(&toks[*i].0))?;
    let right_end = if phrase {
        (right_start..toks.len())
            .take_while(|i| is_topic_word(*i) || is_stopword(&toks[*i].0))
            .filter(|i| is_topic_word(*i))
            .last()?
    } else {
        (right_start..toks.len()).take_while(|i| is_topic_word(*i)).last()?
    };
    let join = |range: std::ops::Range<usize>| {
        toks[range]
            .iter()
            .map(|(t, _)| t.as_str())
            .collect::<Vec<_>>()
            .join(" ")
    };
    Some([join(left_start..left_end), join(right_start..right_end + 1)])
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
            let expanded = format!("{}{}{}", &lower[..range.start], expansion, &lower[range.end..]);
            if expanded != lower && !out.contains(&expanded) {
                out.push(expanded);
            }
        }
    }
    out
}

/// The query split for the `topic:` variant.
#[derive(Debug, Clone, Default)]
pub(crate) struct TopicSplit {
    /// Lower-cased content terms (≥ 2 chars, no stopwords) that are not framing.
    pub topic: Vec<String>,
    /// The same terms as the user wrote them (for `cclom:general_keyword`).
    pub topic_original: Vec<String>,
    /// Lower-cased content terms, framing included.
    pub content: Vec<String>,
    /// Whether a content term was framing.
    pub removed: bool,
    /// Every token as written, with whether it is framing.
    pub tokens: Vec<(String, bool)>,
}

impl TopicSplit {
    /// The tokens that are not framing, as written, without stopwords at
    /// either edge (inner stopwords stay: "Satz des Pythagoras").
    pub(crate) fn kept_tokens(&self) -> Vec<&str> {
        let kept: Vec<&str> = self
            .tokens
            .iter()
            .filter(|(_, framing)| !framing)
            .map(|(t, _)| t.as_str())
            .collect();
        let edge = |t: &&str| is_stopword(t) || char_len(t) < 2;
        let start = kept.iter().position(|t| !edge(t)).unwrap_or(kept.len());
        let end = kept.iter().rposition(|t| !edge(t)).map_or(start, |e| e + 1);
        kept[start..end.max(start)].to_vec()
    }
}

/// A suspended first part joined to a framing word ("Vor- und Nachteile",
/// "Unterrichts- oder Arbeitsmaterial") is framing like that word.
fn suspends_framing(lower: &[String], i: usize) -> bool {
    lower[i].ends_with('-')
        && lower
            .get(i + 1)
            .is_some_and(|joiner| joiner == "und" || joiner == "oder")
        && lower.get(i + 2).is_some_and(|next| is_framing_word(next))
}

/// "rund um" / "rund ums", which says what a request is about ("Wortschatz
/// rund um die Urlaubsreise"), not that a thing is round: either word.
fn is_round_about(lower: &[String], i: usize) -> bool {
    let round_about =
        |at: usize| lower[at] == "rund" && lower.get(at + 1).is_some_and(|next| next == "um" || next == "ums");
    round_about(i) || i.checked_sub(1).is_some_and(round_about)
}

/// Split the query into topic terms and request framing. Framing = the framing
/// words, grade numbers next to a grade noun ("Klasse 6",
/// "6. Klasse", "Klasse 5 bis 6", "Sekundarstufe II"), an activity verb
/// typed in lower case after another word ("Bewerbung schreiben"), a
/// manner adverb right before a framing word ("Inflation einfach erklärt"),
/// and the "rund" of "rund um".
pub(crate) fn split_topic(query: &str) -> TopicSplit {
    let original: Vec<&str> = tokens(query).collect();
    let toks: Vec<String> = original.iter().map(|t| t.to_lowercase()).collect();
    let framing: Vec<bool> = (0..toks.len())
        .map(|i| {
            is_framing_word(&toks[i])
                || (is_grade_token(&toks[i]) && near_grade_noun(&toks, i))
                || (i > 0 && is_activity_verb(original[i]))
                || (frames_before_framing(&toks[i]) && toks.get(i + 1).is_some_and(|next| is_framing_word(next)))
                || suspends_framing(&toks, i)
                || is_round_about(&toks, i)
        })
        .collect();
    let mut split = TopicSplit {
        topic: Vec::new(),
        topic_original: Vec::new(),
        content: Vec::new(),
        removed: false,
        tokens: original
            .iter()
            .zip(&framing)
            .map(|(t, f)| (t.to_string(), *f))
            .collect(),
    };
    for ((tok, orig), is_framing) in toks.iter().zip(&original).zip(framing) {
        if char_len(tok) < 2 || is_stopword(tok) {
            continue;
        }
        split.content.push(tok.clone());
        if is_framing {
            split.removed = true;
        } else {
            split.topic.push(tok.clone());
            split.topic_original.push(orig.to_string());
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
    [left, right].into_iter().flatten().any(|t| is_grade_noun(t))
}

/// The topic of a request: the query's content terms without request-framing
/// words ("Ich suche Arbeitsblätter zur Bruchrechnung für Klasse 6" →
/// "bruchrechnung"), lower-cased. `None` unless something was removed and
/// something is left.
///
/// Why: ngsearch ANDs every word, so one framing word absent from the data
/// empties the result ("Erklärvideo Photosynthese" 1 hit vs 211).
pub fn topic_query(query: &str) -> Option<String> {
    topic_query_of(&split_topic(query))
}

/// [`topic_query`] of a query already split.
pub(crate) fn topic_query_of(split: &TopicSplit) -> Option<String> {
    (split.removed && !split.topic.is_empty()).then(|| split.topic.join(" "))
}

/// The query without request framing (framing words, grade numbers next to a
/// grade noun) and without stopwords at its edges, in its original words and
/// lower-cased: "Quiz zum Satz des Pythagoras" → "satz des pythagoras",
/// "Ich suche Arbeitsblätter zur Bruchrechnung für Klasse 6" →
/// "bruchrechnung". `None` unless something framing was removed and
/// something is left.
#[cfg(test)]
pub(crate) fn topic_phrase(query: &str) -> Option<String> {
    topic_phrase_of(&split_topic(query))
}

/// [`Query::topic_phrase`](super::Query::topic_phrase) of a query already split.
pub(crate) fn topic_phrase_of(split: &TopicSplit) -> Option<String> {
    if !split.removed || split.topic.is_empty() {
        return None;
    }
    let kept = split.kept_tokens();
    Some(kept.join(" ").to_lowercase()).filter(|s| !s.is_empty())
}

/// A discipline named in the query.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct NamedDiscipline {
    pub uri: String,
    /// The vocabulary label ("Mathematik" for "Mathe").
    pub label: String,
    /// Token positions in [`tokens`] of the query.
    pub span: std::ops::Range<usize>,
}

/// The disciplines the query names exactly: runs of up to four query words
/// equal (case-insensitive) to a discipline label or alias of the local
/// vocabulary ("Mathe", "Bio", "Erdkunde", "Deutsch als Zweitsprache"),
/// and single words that name one as school names subjects (see
/// [`school_named_discipline`]). No fuzzy matching: "Biodiversität" names
/// no subject. Longest runs first, no overlaps; in query order.
pub(crate) fn query_disciplines(query: &str) -> Vec<NamedDiscipline> {
    let typed: Vec<&str> = tokens(query).collect();
    let toks: Vec<String> = typed.iter().map(|t| t.to_lowercase()).collect();
    let mut used = vec![false; toks.len()];
    let mut found: Vec<NamedDiscipline> = Vec::new();
    for len in (1..=4.min(toks.len())).rev() {
        for start in 0..=toks.len() - len {
            if used[start..start + len].iter().any(|u| *u) {
                continue;
            }
            let candidate = toks[start..start + len].join(" ");
            let entry = exact_discipline(&candidate)
                .or_else(|| inflected_discipline(&toks[start..start + len]))
                .or_else(|| (len == 1).then(|| school_named_discipline(typed[start])).flatten())
                .or_else(|| {
                    let lesson = toks.get(start + 1).is_some_and(|next| next == LESSONS);
                    (len == 1 && lesson).then(|| lesson_initials(typed[start])).flatten()
                })
                .or_else(|| (len == 1).then(|| linked_subject(&toks[start])).flatten())
                .or_else(|| combined_subject(&toks[start..start + len]));
            if let Some(entry) = entry {
                used[start..start + len].iter_mut().for_each(|u| *u = true);
                if !found.iter().any(|d| d.uri == entry.uri) {
                    found.push(NamedDiscipline {
                        uri: entry.uri.clone(),
                        label: entry.label.clone(),
                        span: start..start + len,
                    });
                }
            }
        }
    }
    found.sort_by_key(|d| d.span.start);
    found
}

/// The subjects `named` in `query` without those named before the lesson
/// of another ("Landwirtschaft im Erdkundeunterricht", "Theater im
/// Englischunterricht"): the lesson is the subject, the word before it a
/// topic taught there. A lesson is a subject before "Unterricht", or
/// joined with it, after "im", "in" or "für".
fn beside_the_lesson(query: &str, named: Vec<NamedDiscipline>) -> Vec<NamedDiscipline> {
    let toks: Vec<String> = tokens(query).map(str::to_lowercase).collect();
    let lesson = named.iter().find(|d| {
        let before = d.span.start.checked_sub(1).map(|i| toks[i].as_str());
        let taught = toks.get(d.span.end).is_some_and(|t| t == LESSONS)
            || d.span.len() == 1 && toks[d.span.start].ends_with(LESSONS);
        taught && before.is_some_and(|t| ["im", "in", "für"].contains(&t))
    });
    let Some(start) = lesson.map(|d| d.span.start) else {
        return named;
    };
    named.into_iter().filter(|d| d.span.start >= start).collect()
}

/// The subjects `named` in `query` that are no topic of another: without
/// those named before the lesson of another ([`beside_the_lesson`]), and
/// without those before another's genitive ("Geschichte der Physik",
/// "Didaktik der Mathematik"): the history of physics is a topic taught
/// in physics, not a second subject.
pub(crate) fn owning_subjects(query: &str, named: Vec<NamedDiscipline>) -> Vec<NamedDiscipline> {
    let named = beside_the_lesson(query, named);
    let toks: Vec<String> = tokens(query).map(str::to_lowercase).collect();
    let starts: Vec<usize> = named.iter().map(|d| d.span.start).collect();
    let of_another = |d: &NamedDiscipline| {
        toks.get(d.span.end).is_some_and(|t| t == "der" || t == "des") && starts.contains(&(d.span.end + 1))
    };
    named.into_iter().filter(|d| !of_another(d)).collect()
}

/// The discipline whose label or alias is exactly `lower` (the filter
/// resolver's step 4, never its fuzzy step 5).
fn exact_discipline(lower: &str) -> Option<&'static vocab::Entry> {
    Vocabulary::Discipline
        .entries()
        .iter()
        .find(|e| e.label.to_lowercase() == lower || e.aliases.iter().any(|a| a.to_lowercase() == lower))
}

/// The discipline whose label of several words the words are with other
/// adjective endings before its last word: "im Darstellenden Spiel", "in
/// der Politischen Bildung", "in Bildender Kunst".
fn inflected_discipline(words: &[String]) -> Option<&'static vocab::Entry> {
    let base = |w: &str| {
        let stripped = ADJECTIVE_ENDINGS
            .iter()
            .find_map(|end| w.strip_suffix(end).filter(|b| char_len(b) >= 4));
        stripped.unwrap_or(w).to_string()
    };
    let fits = |name: &str| {
        let name: Vec<String> = name.split_whitespace().map(str::to_lowercase).collect();
        name.len() == words.len()
            && name.last() == words.last()
            && name.iter().zip(words).all(|(n, w)| n == w || base(n) == base(w))
    };
    (words.len() >= 2)
        .then(|| {
            (Vocabulary::Discipline.entries().iter()).find(|e| fits(&e.label) || e.aliases.iter().any(|a| fits(a)))
        })
        .flatten()
}

/// A subject's name with the linking "s" of a compound's first part, after
/// a dropped "e" too: what is left of "Geschicht|s|unterricht" or
/// "Religion|s|lehrer" when the framing word is split off. From six
/// letters on ("Sports" is an English word).
fn linked_subject(lower: &str) -> Option<&'static vocab::Entry> {
    let rest = lower.strip_suffix('s').filter(|r| char_len(r) >= 6)?;
    exact_discipline(rest).or_else(|| exact_discipline(&format!("{rest}e")))
}

/// A word after "Schul" names the subject as it is taught at school.
const SCHOOL_PREFIX: &str = "schul";
/// A subject's name before it names the subject ("Bio|unterricht").
const LESSONS: &str = "unterricht";
/// A subject's name before it names the subject's science, taught as the
/// subject ("Sport|wissenschaft").
const SCIENCE: &str = "wissenschaft";
const SCIENCES: &str = "wissenschaften";

/// The discipline one word names the way schools name subjects:
/// * "Schul" before a subject's name is that subject ("Schulsport",
///   "Schulmusik", "Schul-Mathe", "Schultheater" with the alias "Theater"
///   of Darstellendes Spiel); "Schulgarten" names none.
/// * A subject's name before "Unterricht" is that subject, however short
///   ("Biounterricht", "Geschichtsunterricht"), and so before
///   "Wissenschaft" ("Sportwissenschaft"; "Naturwissenschaft" names none).
/// * The initials of a label of several words, typed in capitals, are that
///   subject ("DS" for "Darstellendes Spiel", as "DaZ" and "AWT" are
///   written out among the aliases): two to four letters, the first and at
///   least one more upper-case, so that a word typed in lower case never
///   becomes a subject. Before "Unterricht", the initials of an alias of
///   one subject alone too ("PP-Unterricht").
fn school_named_discipline(typed: &str) -> Option<&'static vocab::Entry> {
    let lower = typed.to_lowercase();
    if let Some(rest) = lower.strip_prefix(SCHOOL_PREFIX) {
        let rest = rest.trim_start_matches('-');
        if char_len(rest) >= 3 {
            return exact_discipline(rest);
        }
    }
    // A short name before "Unterricht" ("Biounterricht", "Geounterricht"):
    // too short a part for the compound splitter. Before "Wissenschaft",
    // the subject's science ("Sportwissenschaft", "Musikwissenschaft"):
    // no page on science in general.
    let head = [LESSONS, SCIENCES, SCIENCE]
        .into_iter()
        .find(|head| lower.ends_with(head));
    if let Some(rest) = head.and_then(|head| lower.strip_suffix(head)) {
        let rest = rest.trim_end_matches('-');
        // With a linking "s", after a dropped "e" too ("Geschicht|s|unterricht").
        let unlinked = rest.strip_suffix('s');
        let candidates = [
            Some(rest.to_string()),
            unlinked.map(str::to_string),
            unlinked.map(|r| format!("{r}e")),
        ];
        if let Some(entry) = candidates.into_iter().flatten().find_map(|c| exact_discipline(&c)) {
            return Some(entry);
        }
        // The short name as typed (lower case may change a text's length).
        if head == Some(LESSONS)
            && let Some(entry) = typed.get(..rest.len()).and_then(lesson_initials)
        {
            return Some(entry);
        }
    }
    if !typed_as_initials(typed) {
        return None;
    }
    Vocabulary::Discipline
        .entries()
        .iter()
        .find(|e| initials(&e.label).is_some_and(|i| i == lower))
}

/// Before "Unterricht" the initials of an alias of one subject, typed in
/// capitals, are that subject ("PP-Unterricht", "PP Unterricht" for
/// "Praktische Philosophie"): alone they collide with other things ("PP",
/// polypropylene), as a lesson they do not.
fn lesson_initials(typed: &str) -> Option<&'static vocab::Entry> {
    if !typed_as_initials(typed) {
        return None;
    }
    let lower = typed.to_lowercase();
    let mut named = (Vocabulary::Discipline.entries().iter())
        .filter(|e| e.aliases.iter().any(|a| initials(a).is_some_and(|i| i == lower)));
    match (named.next(), named.next()) {
        (Some(entry), None) => Some(entry),
        _ => None,
    }
}

/// Two to four letters, the first and at least one more upper-case: the
/// way initials are typed ("DS", "DaZ"); a word typed in lower case never
/// is.
fn typed_as_initials(typed: &str) -> bool {
    let capitals = typed.chars().filter(|c| c.is_uppercase()).count();
    (2..=4).contains(&char_len(typed))
        && typed.chars().all(char::is_alphabetic)
        && typed.chars().next().is_some_and(char::is_uppercase)
        && capitals >= 2
}

/// Endings of a school subject's name ("Umwelt|kunde", "Wirtschafts|lehre").
const SUBJECT_ENDINGS: &[&str] = &["kunde", "lehre"];
/// The noun of a field named with an adjective ("Politische Bildung").
const FIELD_NOUNS: &[&str] = &["bildung", "erziehung"];

/// A subject named with a second field, as Austria and several states name
/// one subject: a subject's name, "und", and a word that ends like a
/// subject's name ("Biologie und Umweltkunde", "Geographie und
/// Wirtschaftskunde", "Geschichte und Sozialkunde") or an adjective and a
/// field ("Geschichte und Politische Bildung") are the first subject.
fn combined_subject(run: &[String]) -> Option<&'static vocab::Entry> {
    let second_field = match run {
        [_, und, second] if und == "und" => SUBJECT_ENDINGS
            .iter()
            .any(|ending| second.strip_suffix(ending).is_some_and(|rest| char_len(rest) >= 3)),
        [_, und, _, field] if und == "und" => FIELD_NOUNS.contains(&field.as_str()),
        _ => false,
    };
    second_field.then(|| exact_discipline(&run[0])).flatten()
}

/// The lower-cased initials of a label of two or more words
/// ("Darstellendes Spiel" → "ds"); `None` for one word.
fn initials(label: &str) -> Option<String> {
    let words: Vec<&str> = label
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .collect();
    (words.len() >= 2).then(|| {
        words
            .iter()
            .filter_map(|w| w.chars().next())
            .flat_map(char::to_lowercase)
            .collect()
    })
}

/// Signal terms `T`: lower-cased tokens of at least 2 characters that
/// are neither stopwords nor request framing (framing words and the grade
/// numbers next to a grade noun, see [`topic_query`]),
/// de-duplicated in query order (a repeated word is one signal, not two).
/// A query that is all framing ("Arbeitsblatt", "Video") keeps its framing
/// words as terms: then they are what is searched for.
pub fn signal_terms(query: &str) -> Vec<String> {
    signal_terms_of(&split_topic(query))
}

/// [`signal_terms`] of a query already split.
pub(crate) fn signal_terms_of(split: &TopicSplit) -> Vec<String> {
    let terms = if split.topic.is_empty() {
        &split.content
    } else {
        &split.topic
    };
    let mut out: Vec<String> = Vec::new();
    for term in terms {
        if !out.contains(term) {
            out.push(term.clone());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signal_terms_drop_stopwords_short_tokens_and_punctuation() {
        // "Unterricht" is a request-framing word, not a signal term: as one,
        // "KI im Unterricht" would reward every title with "Unterricht" as
        // much as one with "KI".
        assert_eq!(signal_terms("KI im Unterricht?"), ["ki"]);
        assert_eq!(signal_terms("Künstliche Intelligenz?"), ["künstliche", "intelligenz"]);
        assert_eq!(signal_terms("a Bruch bruch"), ["bruch"]);
        assert!(signal_terms("  ").is_empty());
    }

    #[test]
    fn signal_terms_drop_framing_words_and_grades_unless_all_is_framing() {
        assert_eq!(
            signal_terms("Ich suche Arbeitsblätter zur Bruchrechnung für Klasse 6"),
            ["bruchrechnung"]
        );
        assert_eq!(signal_terms("Quiz zum Satz des Pythagoras"), ["satz", "pythagoras"]);
        // All framing: the framing words are what is searched for.
        assert_eq!(signal_terms("Arbeitsblatt Video"), ["arbeitsblatt", "video"]);
        // An activity verb in lower case after another word is framing; the
        // noun is a topic.
        assert_eq!(signal_terms("Bewerbung schreiben"), ["bewerbung"]);
        assert_eq!(signal_terms("Kreatives Schreiben"), ["kreatives", "schreiben"]);
        // A manner adverb before a framing word is framing; elsewhere a topic.
        assert_eq!(signal_terms("Inflation einfach erklärt"), ["inflation"]);
        assert_eq!(signal_terms("Einfache Maschinen"), ["einfache", "maschinen"]);
        assert_eq!(signal_terms("einfach"), ["einfach"]);
        // A question of how the teacher does it, and what a class weighs,
        // with a suspended first part, are framing.
        assert_eq!(
            signal_terms("Wie löse ich eine Steckbriefaufgabe?"),
            ["steckbriefaufgabe"]
        );
        assert_eq!(
            signal_terms("Vor- und Nachteile extensiver Landwirtschaft"),
            ["extensiver", "landwirtschaft"]
        );
        assert_eq!(signal_terms("Vor- und Frühgeschichte"), ["vor-", "frühgeschichte"]);
        // "rund um" says what a request is about; "rund" alone is a shape.
        assert_eq!(
            signal_terms("Wortschatz rund um die Urlaubsreise"),
            ["wortschatz", "urlaubsreise"]
        );
        assert_eq!(signal_terms("rund und eckig"), ["rund", "eckig"]);
    }
}
