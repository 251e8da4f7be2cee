//! A topic word of the query as the collection ranking compares it with
//! the words of a title, a keyword or a description: by its folded form,
//! its Snowball stem, as a compound's first or last part, and — when
//! hyphenated — by its parts.

use super::forms::{
    MIN_HEAD, MIN_PART, by_ending, by_english_plural, by_ien, by_latin_neuter, clipped, ends_with_form, inflects,
    joined, same_base, same_closed_stem,
};
use crate::search::query::{
    LONG_WORD, Words, cardinal, char_len, fold, framing_words, german_stem, is_name_adjective_of, number_compound_of,
    ordinal, same_derivation, ung_noun_of,
};

/// How a topic word matches a word of a text (best first).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Fit {
    /// The same folded word.
    Exact,
    /// The same stem: another form or spelling.
    Stem,
    /// The last part of a compound ("Romantik" of "Spätromantik": a kind
    /// of it).
    Part,
    /// A three-part compound's short form of its first and last parts
    /// ("Audioformate" for "Audiodateiformate"): often the same thing,
    /// sometimes a broader one ("Zinsrechnung" for "Zinseszinsrechnung").
    Clipped,
    /// The first part of a compound ("Satz" of "Satzgruppe"); a word that
    /// merely starts with the topic word looks the same ("Schach|telhalme").
    Head,
    /// The topic word is a compound of a process head and the word is its
    /// first part ("Schatten" for "Schattenbildung"): what the compound
    /// is about, not the compound.
    Aspect,
}

/// One topic word, folded and stemmed; a hyphenated one also as its parts.
#[derive(Debug, Clone)]
pub(super) struct TopicWord {
    folded: String,
    stem: String,
    /// The stem of a Latin or Greek loanword's singular or plural
    /// ([`loan_stem`]) and whether its plural ends in `-en`, when the
    /// word ends like one.
    loan: Option<(String, bool)>,
    /// The number it names as an ordinal ([`ordinal`]: "fünften", "5").
    ordinal: Option<u32>,
    /// The number it names as a cardinal ([`cardinal`]: "zehn", "10").
    cardinal: Option<u32>,
    /// Written with a capital letter: a noun, or the start of a phrase.
    pub(super) capitalised: bool,
    /// Written in lower case where a verb stands, not where an adjective
    /// does before its noun ([`at`](Self::at)): its noun in "-ung" names it
    /// ([`ung_noun_of`]).
    pub(super) verb: bool,
    /// Its place among the words of the query, when it is one of them as
    /// written ([`at`](Self::at)).
    pub(super) at: Option<usize>,
    parts: Vec<TopicWord>,
    /// For a suspended first part ("Kosten-" of "Kosten- und
    /// Leistungsrechnung"), the folded compound that lends it its last
    /// part ([`suspended_before`](Self::suspended_before)).
    completed_by: Option<String>,
    /// The query's word the topic word was cut from, folded, when it is
    /// none of the query's words as typed: a compound with a material
    /// word for its last part ("Hypothesen" of "Hypothesentests"; see
    /// [`cut_from`](Self::cut_from)).
    typed: Option<String>,
    /// A closed compound's two halves at every place they could meet, the
    /// linking `s` left out too ("Kreislauf|system"): a text that names
    /// both names the compound.
    halves: Vec<(TopicWord, TopicWord)>,
}

/// A word with a suspended hyphen ("Trainings-") is completed by one of
/// this many words after it ("und Bewegungslehre", "oder Kleinschreibung").
const SUSPENDED_REACH: usize = 3;

/// A closed compound is split into halves of this many letters at least.
const MIN_HALF: usize = 4;

/// A loanword's plural replaces its Latin or Greek ending rather than
/// adding one, and the Snowball stem keeps the ending; the word without it
/// is the stem both numbers share.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Loan<'a> {
    stem: &'a str,
    /// The plural ends in `-en`, so the Snowball stem of the plural is the
    /// stem ("Evangelium" → "Evangelien", "Rhythmus" → "Rhythmen", "Thema"
    /// → "Themen"); not so for `-ikum`/`-ika` ("Praktikum" → "Praktika":
    /// "Praktiken" are another word's plural).
    plural_en: bool,
}

/// The halves of a closed compound (see [`TopicWord::halves`]), each of
/// at least [`MIN_HALF`] letters; none for a shorter word or one that is
/// not all letters.
fn halves_of(word: &str) -> Vec<(TopicWord, TopicWord)> {
    let chars: Vec<char> = word.chars().collect();
    if chars.len() < 2 * MIN_HALF || !chars.iter().all(|c| c.is_alphabetic()) {
        return Vec::new();
    }
    let mut out = Vec::new();
    // A first part that dropped its "e" ("Erd|aufbau", "Schul|buch"): the
    // word with it.
    let short: String = chars[..MIN_HALF - 1].iter().collect();
    out.push((
        TopicWord::plain(&format!("{short}e")),
        TopicWord::plain(&capitalised(&chars[MIN_HALF - 1..].iter().collect::<String>())),
    ));
    for at in MIN_HALF..=chars.len() - MIN_HALF {
        let first: String = chars[..at].iter().collect();
        let last: String = chars[at..].iter().collect();
        let last = capitalised(&last);
        out.push((TopicWord::plain(&first), TopicWord::plain(&last)));
        if let Some(stripped) = first.strip_suffix('s').filter(|f| char_len(f) >= MIN_HALF) {
            out.push((TopicWord::plain(stripped), TopicWord::plain(&last)));
        }
    }
    out
}

/// The word with a capital first letter (a compound's last half is a noun).
fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// Heads that make a compound a process or an aspect of its first part
/// ("Schatten|bildung", "Vulkan|ausbruch", "Nieren|funktion"): such a
/// compound is about its first part, so a text that names that part
/// names the compound, as a part of it. General German nouns of what
/// happens to a thing, not words of any tree.
const PROCESS_HEADS: &[&str] = &[
    "abbau",
    "aufbau",
    "ausbreitung",
    "ausbruch",
    "beteiligung",
    "bildung",
    "entstehung",
    "entwicklung",
    "formulierung",
    "funktion",
    "gewinnung",
    "herstellung",
    "kritik",
    "nutzung",
    "prozess",
    "veranderung",
    "verlauf",
    "wandel",
    "wirkung",
];

/// Heads that make a compound the name of a field of study ("Instrumenten|kunde").
pub(super) const STUDY_HEADS: &[&str] = &["kunde", "lehre"];

/// Suffixes that derive a noun of a group, a state, a field or a place
/// from another noun ([`TopicWord::derived_as`]).
const DERIVING_SUFFIXES: &[&str] = &["tum", "ie", "ei", "schaft"];

/// The loanword stem of a folded word that ends in `-um`, `-us` or `-a`
/// (see [`Loan`]); `None` for another ending or a rest shorter than four
/// letters.
pub(super) fn loan_stem(folded: &str) -> Option<Loan<'_>> {
    let (stem, ending) = ["um", "us", "a"]
        .iter()
        .find_map(|ending| folded.strip_suffix(ending).map(|stem| (stem, *ending)))?;
    let ika = stem.ends_with("ik") && ending != "us";
    (char_len(stem) >= 4).then_some(Loan { stem, plural_en: !ika })
}

impl TopicWord {
    /// The word with its hyphenated parts, or a closed compound's halves.
    pub(super) fn of(word: &str) -> TopicWord {
        let pieces: Vec<&str> = word.split('-').filter(|p| !p.is_empty()).collect();
        let plain = TopicWord::plain(word);
        match pieces.len() {
            1 => TopicWord {
                halves: halves_of(word),
                ..plain
            },
            0 => plain,
            _ => TopicWord {
                parts: pieces.into_iter().map(TopicWord::of).collect(),
                ..plain
            },
        }
    }

    /// How the topic word fits one word of a text (`small`: written in
    /// lower case among capitalised words, so no noun: no loanword's
    /// plural, "kommen" is no "Komma").
    fn fit(&self, word: &str, stem: &str, small: bool) -> Option<Fit> {
        let head = |w: &str| {
            char_len(&self.stem) >= MIN_HEAD
                && w.strip_prefix(self.stem.as_str())
                    .is_some_and(|rest| char_len(rest) >= MIN_HEAD)
        };
        let number = |w: &str| w.chars().all(|c| c.is_ascii_digit());
        if word == self.folded || joined(word) == joined(&self.folded) {
            Some(Fit::Exact)
        } else if number(word) && number(&self.folded) {
            // Another number, however many digits they share ("10000" is
            // no "100000").
            None
        } else if ((stem == self.stem || word == self.stem || stem == self.folded)
            && (inflects(&self.folded, word) || char_len(stem) >= MIN_PART))
            || (!small && self.same_loanword(word, stem))
            || by_ending(&self.folded, word)
            || by_ending(word, &self.folded)
            || same_base(&self.folded, word)
            || by_ien(&self.folded, word)
            || by_ien(word, &self.folded)
            || by_english_plural(&self.folded, word)
            || by_english_plural(word, &self.folded)
            || by_latin_neuter(&self.folded, word)
            || by_latin_neuter(word, &self.folded)
            || is_name_adjective_of(&self.folded, word)
            || is_name_adjective_of(word, &self.folded)
            || self.studied_in(word)
            || self.derived_as(word)
            || self.completed_as(word)
            || self.typed_as(word)
            || self.ordinal.is_some() && self.ordinal == ordinal(word)
            || self.cardinal.is_some() && self.cardinal == cardinal(word)
            || same_derivation(&self.folded, word)
            || self.verb && ung_noun_of(&self.folded, word)
            || number_compound_of(&self.folded, word)
            || number_compound_of(word, &self.folded)
            || same_closed_stem(&self.folded, word)
        {
            Some(Fit::Stem)
        } else if (char_len(&self.folded) >= MIN_PART && ends_with_form(word, &self.folded))
            || self.in_hyphenated(word, small)
        {
            Some(Fit::Part)
        } else if clipped(&self.folded, word) {
            Some(Fit::Clipped)
        } else if head(word) {
            Some(Fit::Head)
        } else {
            None
        }
    }

    /// A piece of a hyphenated word of the text is the topic word, in
    /// some form ("Zen" and "Buddhismus" of "Zen-Buddhismus"): the hyphen
    /// marks the parts of a compound, however short.
    fn in_hyphenated(&self, word: &str, small: bool) -> bool {
        word.trim_matches('-').contains('-')
            && word.split('-').filter(|piece| !piece.is_empty()).any(|piece| {
                self.fit(piece, &german_stem(piece), small)
                    .is_some_and(|f| f <= Fit::Stem)
            })
    }

    /// The word is derived from the topic word by a suffix that makes a
    /// noun of a group, a state or a field ("Rittertum" of "Ritter",
    /// "Isomerie" of "Isomere", "Fischerei" of "Fischer"): the topic's
    /// own page, as another form of its word. The topic word has
    /// [`MIN_PART`] letters or more; a suffix follows the word as written,
    /// not its stem ("ökologische" is no "Ökologie").
    fn derived_as(&self, word: &str) -> bool {
        let without_e = self.folded.strip_suffix('e').unwrap_or(&self.folded);
        char_len(&self.folded) >= MIN_PART
            && [self.folded.as_str(), without_e]
                .into_iter()
                .filter(|base| char_len(base) >= MIN_PART)
                .filter_map(|base| word.strip_prefix(base))
                .any(|suffix| DERIVING_SUFFIXES.contains(&suffix))
    }

    /// The word is the study of the topic word: the word and a head that
    /// makes a compound the name of a field ("Instrumentenkunde" for
    /// "Instrumente", "Farbenlehre" for "Farben"), with or without a
    /// linking letter.
    fn studied_in(&self, word: &str) -> bool {
        [self.folded.as_str(), self.stem.as_str()]
            .into_iter()
            .filter(|base| char_len(base) >= MIN_HEAD)
            .filter_map(|base| word.strip_prefix(base))
            .any(|rest| {
                STUDY_HEADS.iter().any(|head| {
                    rest.strip_suffix(head)
                        .is_some_and(|link| ["", "s", "n", "e", "en", "es"].contains(&link))
                })
            })
    }

    /// The word alone: no hyphenated parts, no halves.
    fn plain(word: &str) -> TopicWord {
        let folded = fold(word);
        TopicWord {
            loan: loan_stem(&folded).map(|l| (l.stem.to_string(), l.plural_en)),
            ordinal: ordinal(&folded),
            cardinal: cardinal(&folded),
            capitalised: word.chars().next().is_some_and(char::is_uppercase),
            verb: false,
            at: None,
            folded,
            stem: german_stem(word),
            parts: Vec::new(),
            halves: Vec::new(),
            completed_by: None,
            typed: None,
        }
    }

    /// The topic word, when it is a suspended first part among the query's
    /// words (`tokens`), with the compound after it that lends it its last
    /// part ("Kosten-" in "Kosten- und Leistungsrechnung" is
    /// "Kostenrechnung"); other suspended words may stand between.
    pub(super) fn suspended_before(mut self, tokens: &[String]) -> TopicWord {
        if self.folded.ends_with('-') {
            let after = tokens.iter().map(|t| fold(t)).skip_while(|t| *t != self.folded).skip(1);
            self.completed_by = after
                .take(SUSPENDED_REACH)
                .find(|t| !t.ends_with('-') && char_len(t) > MIN_HEAD && t.chars().all(char::is_alphabetic));
        }
        self
    }

    /// The word is the suspended topic word completed by the last part of
    /// the compound after it ("Kostenrechnung" for "Kosten-" before
    /// "Leistungsrechnung").
    fn completed_as(&self, word: &str) -> bool {
        let (Some(first), Some(next)) = (self.folded.strip_suffix('-'), self.completed_by.as_deref()) else {
            return false;
        };
        !first.is_empty()
            && word
                .strip_prefix(first)
                .is_some_and(|rest| char_len(rest) >= MIN_HEAD && ends_with_form(next, rest))
    }

    /// The topic word, when no word of the query (`tokens`) is it as
    /// typed, with the query's word it starts: the compound the query
    /// analysis cut it from ("Hypothesen" of "Hypothesentests", whose
    /// last part asks for a kind of material).
    pub(super) fn cut_from(mut self, tokens: &[String]) -> TopicWord {
        if self.at.is_none() {
            self.typed = (tokens.iter().map(|t| fold(t))).find(|t| {
                t.strip_prefix(self.folded.as_str())
                    .is_some_and(|rest| char_len(rest) >= 3)
            });
        }
        self
    }

    /// The word is the query's word the topic word was cut from, in some
    /// form: the text names the compound the teacher typed
    /// ("Hypothesentests" for "Hypothesentests"), not only its first part.
    fn typed_as(&self, word: &str) -> bool {
        self.typed
            .as_deref()
            .is_some_and(|typed| word == typed || by_ending(typed, word) || by_ending(word, typed))
    }

    /// The topic word with its place among the query's words (`tokens`).
    pub(super) fn at(mut self, tokens: &[String]) -> TopicWord {
        self.at = tokens.iter().position(|t| fold(t) == self.folded);
        // A word in lower case between an article, a preposition or the
        // start and a noun is an adjective ("mit ungleichen Nennern");
        // elsewhere a verb ("Klänge erzeugen", "Wie verändert die …").
        let capital = |at: usize| tokens.get(at).is_some_and(|t| t.starts_with(char::is_uppercase));
        self.verb = self.at.is_some_and(|at| {
            let before_a_noun = capital(at + 1) && !(at > 0 && capital(at - 1));
            !self.capitalised && !before_a_noun
        });
        self
    }

    /// The word without its verb's noun in "-ung" ([`ung_noun_of`]): as
    /// the query writes it, in its forms and compounds.
    pub(super) fn as_written(&self) -> TopicWord {
        TopicWord {
            verb: false,
            ..self.clone()
        }
    }

    /// A closed compound's halves at every place they could meet (none for
    /// a short or hyphenated word).
    pub(super) fn halves(&self) -> &[(TopicWord, TopicWord)] {
        &self.halves
    }

    /// The word folded (lower case, umlauts and spellings folded).
    pub(super) fn folded(&self) -> &str {
        &self.folded
    }

    /// The word's Snowball stem, folded.
    pub(super) fn stem(&self) -> &str {
        &self.stem
    }

    /// Its length in letters, folded.
    pub(super) fn letters(&self) -> usize {
        char_len(&self.folded)
    }

    /// A number written as a word ("vier", "zwanzig"): it counts the
    /// things the other words name.
    pub(super) fn is_number_word(&self) -> bool {
        self.cardinal.is_some() && self.folded.chars().all(char::is_alphabetic)
    }

    /// The word has [`LONG_WORD`] letters or more and does not end in a
    /// framing word: a specific topic, mostly a compound ("Theaterkritik";
    /// "Projektideen" are a kind of material).
    pub(super) fn is_specific(&self) -> bool {
        char_len(&self.folded) >= LONG_WORD && !self.ends_in_framing()
    }

    /// The word ends in a framing word: a kind of material or lesson
    /// ("Projektidee", "Stundenentwurf").
    pub(super) fn ends_in_framing(&self) -> bool {
        framing_words().any(|f| char_len(f) >= MIN_HEAD && self.folded.ends_with(&fold(f)))
    }

    /// A topic word this long at the start of a longer word is that word
    /// ("Energieerhaltung" in "Energieerhaltungssatz"); a short one is
    /// mostly the start of another word ("Schach" in "Schachtelhalme").
    pub(super) fn heads_closely(&self) -> bool {
        char_len(&self.folded) >= LONG_WORD
    }

    /// The word is this loanword in its other number ("Praktika" for
    /// "Praktikum", "Evangelien" for "Evangelium", and back).
    fn same_loanword(&self, word: &str, stem: &str) -> bool {
        let other = loan_stem(word);
        match &self.loan {
            Some((loan, plural_en)) => {
                (*plural_en && loan == stem) || other.is_some_and(|o| o.stem == loan && o.plural_en == *plural_en)
            }
            None => other.is_some_and(|o| o.plural_en && o.stem == self.stem),
        }
    }

    /// The best fit with any word of the text; a hyphenated word also fits
    /// when the text has each of its parts ("If-Clauses" in "conditional
    /// clauses if").
    pub(super) fn best_fit(&self, text: &Words) -> Option<Fit> {
        let whole = self
            .may_fit_a_word(text)
            .then(|| {
                text.iter()
                    .enumerate()
                    .filter_map(|(i, (w, s))| self.fit(w, s, text.is_small(i)))
                    .chain(self.by_suspended_hyphen(text))
                    .chain(self.by_leading_hyphen(text))
                    .min()
            })
            .flatten();
        if whole.is_some() {
            return whole;
        }
        if self.parts.is_empty() {
            return self.by_halves(text);
        }
        let parts: Option<Vec<Fit>> = self.parts.iter().map(|p| p.best_fit(text)).collect();
        parts.map(|fits| fits.into_iter().max().unwrap_or(Fit::Part).max(Fit::Stem))
    }

    /// Whether any word of `text` may fit: every fit puts the first three
    /// letters of the folded topic word or of its stem into a word (as its
    /// start, or where a compound's last part starts), a suspended
    /// hyphen needs a hyphen; an ordinal or a cardinal may meet its
    /// digits or its word, and so may digits before a hyphen
    /// ([`number_compound_of`]). A text without them is passed over unread:
    /// the tree index asks this of every text of every collection, and
    /// of a closed compound's halves at every place they could meet.
    fn may_fit_a_word(&self, text: &Words) -> bool {
        let start = |s: &str| s.char_indices().nth(3).map_or(s.len(), |(i, _)| i);
        let folded = text.folded();
        let unhyphened = joined(&self.folded);
        folded.contains(&self.folded[..start(&self.folded)])
            || folded.contains(&self.stem[..start(&self.stem)])
            || folded.contains(&unhyphened[..start(&unhyphened)])
            || folded.contains('-')
            || self.ordinal.is_some()
            || self.cardinal.is_some()
            || (self.folded.split_once('-')).is_some_and(|(digits, _)| digits.chars().all(|c| c.is_ascii_digit()))
    }

    /// A compound written with a suspended hyphen, its last part left to
    /// a word that follows ("Trainings- und Bewegungslehre" names
    /// "Trainingslehre", "Groß- und Kleinschreibung" "Großschreibung"): as
    /// a word in another form.
    fn by_suspended_hyphen(&self, text: &Words) -> Option<Fit> {
        (0..text.len())
            .filter_map(|i| {
                let first = text
                    .word(i)
                    .0
                    .strip_suffix('-')
                    .filter(|f| !f.is_empty() && !f.ends_with('-'))?;
                let rest = self.folded.strip_prefix(first).filter(|r| char_len(r) >= MIN_HEAD)?;
                let later = (i + 1..text.len().min(i + 1 + SUSPENDED_REACH)).map(|j| text.word(j).0);
                // Other suspended words may stand between ("Trainings-,
                // Spiel- und Bewegungslehre").
                later
                    .filter(|w| !w.ends_with('-'))
                    .any(|w| ends_with_form(w, rest))
                    .then_some(Fit::Stem)
            })
            .next()
    }

    /// A compound written with a leading hyphen, its first part left to a
    /// word before ("Interrogativbegleiter und -pronomen" names
    /// "Interrogativpronomen", "Datentypen / -strukturen"
    /// "Datenstrukturen"): as a word in another form. The topic word ends
    /// in the hyphened word or a form of it, and what comes before starts
    /// the earlier word, with a part of [`MIN_HEAD`] letters or more left
    /// after it.
    fn by_leading_hyphen(&self, text: &Words) -> Option<Fit> {
        (1..text.len())
            .filter_map(|i| {
                let last =
                    text.word(i).0.strip_prefix('-').filter(|l| {
                        char_len(l) >= MIN_HEAD && !l.ends_with('-') && l.chars().all(char::is_alphabetic)
                    })?;
                let first = (self.folded.char_indices().skip(3))
                    .map(|(at, _)| self.folded.split_at(at))
                    .find(|(_, tail)| *tail == last || by_ending(last, tail) || by_ending(tail, last))?
                    .0;
                let earlier = (i.saturating_sub(SUSPENDED_REACH)..i).map(|j| text.word(j).0);
                earlier
                    .filter(|w| !w.starts_with('-') && !w.ends_with('-'))
                    .any(|w| w.strip_prefix(first).is_some_and(|rest| char_len(rest) >= MIN_HEAD))
                    .then_some(Fit::Stem)
            })
            .next()
    }

    /// A closed compound the text names by both its halves, each a word
    /// or the last part of one ("Blutkreislauf, Lymph- und Immunsystem" for
    /// "Kreislaufsystem"): as parts of compounds.
    /// A compound of a process head ([`PROCESS_HEADS`]: "Schatten|bildung")
    /// is named, more loosely, by its first part as a word in some form.
    fn by_halves(&self, text: &Words) -> Option<Fit> {
        let close = |w: &TopicWord| w.best_fit(text).is_some_and(|f| f <= Fit::Part);
        // The first part as a word, or as the movement or doctrine named
        // after it ("Vulkan" in "Vulkanismus" for "Vulkanausbruch").
        let by_word = |w: &TopicWord| {
            w.best_fit(text).is_some_and(|f| f <= Fit::Stem)
                || text.iter().any(|(word, _)| {
                    word.strip_prefix(w.folded.as_str())
                        .is_some_and(|rest| ["ismus", "ismen"].contains(&rest))
                })
        };
        if self.halves.iter().any(|(first, last)| close(first) && close(last)) {
            Some(Fit::Part)
        } else if (self.halves.iter()).any(|(first, last)| last.is_process_head() && by_word(first)) {
            Some(Fit::Aspect)
        } else {
            None
        }
    }

    /// A suspended first part ("Abenteuer-" of "Abenteuer- und
    /// Wagnissport") as a word of its own, when it has [`MIN_HEAD`] letters
    /// or more: a text that names it names the topic of the compound it
    /// stands for, more loosely.
    pub(super) fn suspended_part(&self) -> Option<TopicWord> {
        (self.folded.strip_suffix('-'))
            .filter(|part| char_len(part) >= MIN_HEAD && part.chars().all(char::is_alphabetic))
            .map(TopicWord::plain)
    }

    /// The word is a head that makes a compound a process or an aspect of
    /// its first part ([`PROCESS_HEADS`]).
    fn is_process_head(&self) -> bool {
        PROCESS_HEADS.contains(&self.folded.as_str()) || PROCESS_HEADS.contains(&self.stem.as_str())
    }
}
