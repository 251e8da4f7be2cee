//! Whether the tree answers a question in part: by a collection's place
//! in it, by a specific part of the question, by one of two topics asked
//! for, and whether a topic word is one the whole tree lacks (the
//! collection search's empty answer).

use super::TreeRanking;
use super::words::{Fit, TopicWord};
use crate::search::query::{QUESTION_ADVERBS, Words, char_len, is_stopword, is_year, same_derivation, tokens};
use crate::upstream::Node;

impl TreeRanking<'_> {
    /// The node's title names some required topic words closely and the
    /// titles of its ancestors name the rest: its place in the tree names
    /// the topic ("Standardmodell" below "Teilchenphysik" for
    /// "Standard-Modell der Teilchenphysik", "Gerade/Gerade" below
    /// "Lagebeziehungen"). False for a topic of one word.
    pub(crate) fn names_by_path(&self, title: &Words, ancestors: &[&Words]) -> bool {
        let close = |w: &TopicWord, t: &Words| w.best_fit(t).is_some_and(|f| f < Fit::Head || w.heads_closely());
        let required: Vec<&TopicWord> = (self.words.iter().enumerate())
            .filter(|(i, _)| self.optional & !self.aspects & (1 << (*i).min(63)) == 0)
            .map(|(_, w)| w)
            .collect();
        let (own, rest): (Vec<&TopicWord>, Vec<&TopicWord>) = required.iter().partition(|w| close(w, title));
        required.len() >= 2
            && !own.is_empty()
            && !rest.is_empty()
            && rest.iter().all(|w| ancestors.iter().any(|a| close(w, a)))
    }

    /// The node's title is the last part of a compound of the topic and
    /// an ancestor's title names its first part, as a word or the start
    /// of one: its place in the tree names the compound ("Ausdehnung"
    /// below "Wärmelehre" for "Wärmeausdehnung", "Beschleuniger" below
    /// "Teilchenphysik" for "Teilchenbeschleuniger"). Every other
    /// required topic word is named by the title or an ancestor.
    pub(crate) fn places_compound(&self, title: &Words, ancestors: &[&Words]) -> bool {
        let close = |w: &TopicWord, t: &Words| w.best_fit(t).is_some_and(|f| f < Fit::Head || w.heads_closely());
        let by_word = |w: &TopicWord, t: &Words| w.best_fit(t).is_some_and(|f| f <= Fit::Stem);
        let split = |w: &TopicWord| {
            w.halves()
                .iter()
                .any(|(first, last)| by_word(last, title) && ancestors.iter().any(|a| first.best_fit(a).is_some()))
        };
        let required: Vec<&TopicWord> = (self.words.iter().enumerate())
            .filter(|(i, _)| self.optional & !self.aspects & (1 << (*i).min(63)) == 0)
            .map(|(_, w)| w)
            .collect();
        let unnamed: Vec<&TopicWord> = (required.iter().copied())
            .filter(|w| !close(w, title) && !ancestors.iter().any(|a| close(w, a)))
            .collect();
        !unnamed.is_empty() && unnamed.iter().all(|w| split(w))
    }

    /// A word of the title is a required topic word in another part of
    /// speech ([`same_derivation`]): the page of the noun an adjective or
    /// a participle of the query is made from ("Syrien" for "syrischer
    /// Bürgerkrieg", "Individualisierung" for "individualisierte
    /// Gesellschaft"). The walk reads such collections beside those that
    /// name every word; the ranking decides between them. Not for a verb
    /// at the end of an infinitive phrase: it says what is done with the
    /// topic ("Flohmarkt … organisieren" is no page on "Organisation").
    pub(crate) fn titles_a_derived_word(&self, title: &Words) -> bool {
        (self.words.iter().enumerate())
            .filter(|(i, w)| self.optional & (1 << (*i).min(63)) == 0 && !self.is_trailing_infinitive(w))
            .any(|(_, w)| title.iter().any(|(word, _)| same_derivation(w.folded(), word)))
    }

    /// A word in lower case ending like an infinitive ("-en", "-ern",
    /// "-eln") after a capitalised topic word: a German infinitive phrase
    /// puts its verb last ("Werbeplakate entwerfen", "Ordner anlegen").
    fn is_trailing_infinitive(&self, w: &TopicWord) -> bool {
        let first_noun = self.words.iter().filter(|w| w.capitalised).filter_map(|w| w.at).min();
        !w.capitalised
            && w.letters() >= 5
            && ["en", "ern", "eln"].iter().any(|end| w.folded().ends_with(end))
            && first_noun.is_some_and(|noun| w.at.is_some_and(|at| at > noun))
    }

    /// Whether the topic words of `mask` (bits) are only the verb that ends
    /// the query's infinitive phrase, its last word
    /// ([`is_trailing_infinitive`](Self::is_trailing_infinitive)): such a
    /// text names what is done with the topic, not the topic ("Europa
    /// erkunden" for "Berufsfeldern erkunden"). An adjective after the
    /// noun is not last ("Herrschaft der salischen Kaiser").
    pub(super) fn names_only_its_verb(&self, mask: u64) -> bool {
        let last = tokens(self.query.text()).count().checked_sub(1);
        let closing = |w: &TopicWord| w.at.is_some() && w.at == last && self.is_trailing_infinitive(w);
        let mut named = (self.words.iter().enumerate()).filter(|(i, _)| mask & (1 << (*i).min(63)) != 0);
        mask != 0 && named.all(|(_, w)| closing(w))
    }

    /// A collection among the first `n` ranked is titled with a long,
    /// specific topic word alone ([`TopicWord::is_specific`]), in some form ("Theaterkritik" for "Theaterkritik
    /// schreiben nach dem Theaterbesuch"), or has it alone as a keyword
    /// ("Papierchromatographie"): it is a specific part of the question,
    /// even when another topic word is one the tree lacks. So is a name in
    /// the genitive before its noun, however short: the noun is the name's
    /// ("Platon" for "Platons Ideenlehre"). In a question, a word in
    /// lower case where a verb or a predicate stands says what it asks of
    /// its topic, and is no part of it ("gefährlich" in "Wie gefährlich
    /// ist Tollwut?").
    pub(crate) fn titles_a_long_word(&self, ranked: &[Node], n: usize) -> bool {
        let asks_of = self.is_question() && self.words.iter().any(|w| w.capitalised);
        let names = |text: &str| {
            let words = Words::of(text);
            (self.words.iter()).any(|w| {
                let specific = w.is_specific() && !(w.verb && asks_of);
                (specific || self.is_genitive_name(w)) && w.best_fit(&words).is_some_and(|f| f <= Fit::Stem)
            })
        };
        ranked.iter().take(n).any(|node| {
            lone_title_word(node).is_some() && names(node.display_title())
                || node.keywords().iter().any(|k| lone_word(k).is_some() && names(k))
        })
    }

    /// A capitalised word in `-s` right before a capitalised word: a name
    /// in the genitive that owns the noun after it ("Platons Ideenlehre",
    /// "Kants Ethik").
    fn is_genitive_name(&self, w: &TopicWord) -> bool {
        let before_a_noun = |at: usize| (self.words.iter()).any(|n| n.capitalised && n.at == Some(at + 1));
        w.capitalised && w.folded().ends_with('s') && !w.folded().ends_with("ss") && w.at.is_some_and(before_a_noun)
    }

    /// The query asks for two topics ("Ringen und Raufen") and a
    /// collection among the first `n` ranked is titled with one of them
    /// ([`Sides::titled_by`]): it answers half the question, even when the
    /// other half is a word the tree lacks.
    pub(crate) fn titles_a_side(&self, ranked: &[Node], n: usize) -> bool {
        let sides = self.sides();
        ranked
            .iter()
            .take(n)
            .any(|node| sides.titled_by(&Words::of(node.display_title())))
    }

    /// The query is a heading before a colon and its details ("Handball
    /// Klasse 6: Prellen und Passen"), and a collection among the first `n`
    /// ranked is titled with the heading's topic words, those alone: the
    /// page the details belong to, even when a detail is a word the tree
    /// lacks. A heading that names a kind of material ("Projektidee:
    /// Katapulte bauen") names no page.
    pub(crate) fn titles_the_heading(&self, ranked: &[Node], n: usize) -> bool {
        let Some((heading, _)) = self.query.text().split_once(':') else {
            return false;
        };
        let before = tokens(heading).count();
        let words: Vec<&TopicWord> = (self.words.iter())
            .filter(|w| w.at.is_some_and(|at| at < before))
            .collect();
        if words.is_empty() || words.len() == self.words.len() || words.iter().any(|w| w.ends_in_framing()) {
            return false;
        }
        ranked.iter().take(n).any(|node| {
            let title = Words::of(node.display_title());
            let content = (tokens(node.display_title()))
                .filter(|t| char_len(t) >= 2 && !is_stopword(t))
                .count();
            content == words.len() && words.iter().all(|w| w.best_fit(&title).is_some_and(|f| f <= Fit::Stem))
        })
    }

    /// The two topics of an "X und Y" query, as topic words; none for
    /// another query. A suspended first part is the compound it shares
    /// its last part with ("Kosten-" of "Kosten- und Leistungsrechnung").
    pub(crate) fn sides(&self) -> Sides {
        let query_tokens: Vec<String> = tokens(self.query.text()).map(str::to_string).collect();
        let sides = (self.query.sides().into_iter().flatten())
            .map(|side| {
                (tokens(&side))
                    .map(|w| TopicWord::of(w).suspended_before(&query_tokens))
                    .collect::<Vec<_>>()
            })
            .filter(|words| words.iter().any(|w| w.letters() >= 5))
            .collect();
        Sides(sides)
    }

    /// Some required topic word is named by none of `texts` (each node's
    /// title, keywords and description) in any form, spelling or as any
    /// part of a compound; false without texts. A year is no such word: it
    /// dates a topic the tree may name without it ("Kriegsalltag
    /// 1914–1918" is "Alltag im Krieg").
    pub(crate) fn has_unnamed_word(&self, texts: &[Vec<Words>]) -> bool {
        !self.unnamed_words(texts).is_empty()
    }

    /// The required topic words none of `texts` names (see
    /// [`has_unnamed_word`](Self::has_unnamed_word)), as folded; empty
    /// without texts.
    pub(crate) fn unnamed_words(&self, texts: &[Vec<Words>]) -> Vec<&str> {
        if texts.is_empty() {
            return Vec::new();
        }
        (self.words.iter().enumerate())
            .filter(|(i, w)| {
                let required = self.optional & (1 << (*i).min(63)) == 0;
                required && !is_year(w.folded()) && !named_in(w, texts)
            })
            .map(|(_, w)| w.folded())
            .collect()
    }

    /// Every word of the title beside stopwords is a topic word of the
    /// question in some form, and the title uses two topic words or a
    /// specific one ([`TopicWord::is_specific`]): the question holds the
    /// whole title, so the collection answers a part of it ("Eine neue
    /// Lernkultur" for "Erste Schritte zur neuen Lernkultur in der Schule").
    /// A number counts for no topic word, nor does the word after it in
    /// the question, and a title with a number needs two others: a period
    /// or a quantity is a frame of the question, no part of its topic
    /// ("19. Jahrhundert" or "Jahrhunderte" for "Auswanderung nach Amerika
    /// im 19. Jahrhundert").
    pub(crate) fn holds_title(&self, title: &str) -> bool {
        let is_number = |word: &str| word.chars().all(|c| c.is_ascii_digit() || c == '.');
        let typed: Vec<&str> = tokens(self.query.text()).collect();
        let counted = |w: &TopicWord| {
            (w.at.and_then(|at| at.checked_sub(1)))
                .is_none_or(|before| !typed.get(before).is_some_and(|t| is_number(t)))
        };
        let mut used = 0u64;
        let mut specific = false;
        let mut numbered = false;
        for word in tokens(title).filter(|word| !is_stopword(word)) {
            let alone = Words::of(word);
            let fits = |w: &TopicWord| w.best_fit(&alone).is_some_and(|f| f <= Fit::Stem);
            let Some((i, w)) = self.words.iter().enumerate().find(|(_, w)| fits(w)) else {
                return false;
            };
            if is_number(word) || !counted(w) {
                numbered = true;
                continue;
            }
            used |= 1 << i.min(63);
            specific |= w.is_specific();
        }
        used.count_ones() >= 2 || specific && !numbered
    }

    /// A collection among the first `n` ranked has a title the question
    /// holds whole ([`holds_title`](Self::holds_title)): it answers the
    /// part of the question it names, even when another topic word is one
    /// the tree lacks ("Häusliche Gewalt" for "Anzeichen häuslicher
    /// Gewalt").
    pub(crate) fn holds_a_title(&self, ranked: &[Node], n: usize) -> bool {
        ranked.iter().take(n).any(|node| self.holds_title(node.display_title()))
    }

    /// The query's verbs that say what is asked, not which topic: a
    /// collection on its nouns answers it. The verb that ends an infinitive
    /// phrase ([`is_trailing_infinitive`](Self::is_trailing_infinitive))
    /// when no text of `texts` names it, and the verbs of a question
    /// ([`is_question_verb`](Self::is_question_verb)), named or not ("Wie
    /// entstehen Kriege?"), unless a collection is titled with the noun
    /// made from it: then that is the topic ("Korrosion" for "Wie
    /// korrodiert Eisen?").
    pub(crate) fn framing_verbs(&self, texts: &[Vec<Words>]) -> Vec<String> {
        // Read the whole tree only for a word shaped like a verb.
        let named = |w: &TopicWord| named_in(w, texts);
        let titles_its_noun = |w: &TopicWord| {
            (texts.iter().filter_map(|node| node.first()))
                .any(|title| title.iter().any(|(word, _)| same_derivation(w.folded(), word)))
        };
        (self.query.topic_words().iter().zip(&self.words))
            .filter(|(_, w)| {
                self.is_question_verb(w) && !titles_its_noun(w)
                    || self.is_trailing_infinitive(w) && !texts.is_empty() && !named(w)
            })
            .map(|(typed, _)| typed.clone())
            .collect()
    }

    /// The adjectives no text of `texts` names, written in lower case right
    /// before a noun that one names ("gleichschenkliges Dreieck", "eine
    /// verkettete Liste"): they narrow the noun to a kind of it, and the
    /// noun's collection holds its kinds. Not an adjective in `-isch`: made
    /// from a people's or a place's name, it names another topic ("die
    /// koptischen Christen", "das chinesische Neujahrsfest"). So does a
    /// word in lower case before such an adjective, named or not: it says
    /// how ("gleichmäßig beschleunigte Bewegung").
    pub(crate) fn narrowing_adjectives(&self, texts: &[Vec<Words>]) -> Vec<String> {
        let named = |w: &TopicWord| named_in(w, texts);
        let names_a_noun_at = |at: usize| (self.words.iter()).any(|n| n.capitalised && n.at == Some(at) && named(n));
        let adjective_at = |at: usize| {
            (self.words.iter()).any(|a| {
                !a.capitalised && a.at == Some(at) && is_inflected_adjective(a.folded()) && names_a_noun_at(at + 1)
            })
        };
        (self.query.topic_words().iter().zip(&self.words))
            .filter(|(_, w)| {
                let narrows =
                    |at: usize| is_inflected_adjective(w.folded()) && names_a_noun_at(at + 1) || adjective_at(at + 1);
                !w.capitalised && w.at.is_some_and(narrows) && !named(w)
            })
            .map(|(typed, _)| typed.clone())
            .collect()
    }

    /// The first word of the question and its place among the query's
    /// words, in lower case: after a heading of one or two words and a
    /// colon ("Biologie: Wie vermehren sich Viren?"), else the query's
    /// first word.
    fn opener(&self) -> (usize, String) {
        let text = self.query.text();
        let heading = (text.split_once(':'))
            .map(|(heading, _)| tokens(heading).count())
            .filter(|words| (1..=2).contains(words))
            .unwrap_or(0);
        let opener = tokens(text).nth(heading).map(str::to_lowercase).unwrap_or_default();
        (heading, opener)
    }

    /// The query is a question: it ends in a question mark or opens with
    /// a question word ("Wie gefährlich ist Tollwut").
    fn is_question(&self) -> bool {
        let (_, opener) = self.opener();
        let opener = opener.as_str();
        self.query.text().trim_end().ends_with('?')
            || [QUESTION_WORDS, QUESTION_ADVERBS, CAUSE_WORDS, WHICH]
                .iter()
                .any(|words| words.contains(&opener))
    }

    /// A word in lower case, shaped like a verb, where a question that
    /// opens with a question word puts its verbs: right after that word
    /// ("Wie entstehen Kriege …", "Was hilft Kindern …"), or after the
    /// first noun when the word asks which ("Welche Gattungen findet man
    /// …"); and last, after a noun ("… wie kann Frieden gesichert
    /// werden?", "… die zu Hause Gewalt erleben?"). Not the verb after
    /// "Warum": a question for a cause asks about what its verb names
    /// ("Warum schnarchen manche Menschen?"). An adverb or adjective stays
    /// a topic word ("… nachhaltig nutzen?", "Welche Stoffe sind brennbar?").
    fn is_question_verb(&self, w: &TopicWord) -> bool {
        let (opener_at, opener) = self.opener();
        let first_noun = (self.words.iter().filter(|w| w.capitalised))
            .filter_map(|w| w.at)
            .filter(|at| *at > opener_at)
            .min();
        let after_noun = |at: usize| first_noun.is_some_and(|noun| at > noun);
        let small_after_noun = (self.words.iter())
            .filter(|w| !w.capitalised)
            .filter_map(|w| w.at)
            .filter(|at| after_noun(*at))
            .min();
        let last = self.words.iter().filter_map(|w| w.at).max();
        let (asks_how, asks_which) = (
            QUESTION_WORDS.contains(&opener.as_str()) || QUESTION_ADVERBS.contains(&opener.as_str()),
            WHICH.contains(&opener.as_str()),
        );
        let finite = |at: usize| match asks_how {
            true => at == opener_at + 1,
            false => asks_which && Some(at) == small_after_noun,
        };
        // The present and, in "-te", the past ("Wie festigte die NSDAP …").
        let verb_shaped = ["en", "ern", "eln", "t", "te"]
            .iter()
            .any(|end| w.folded().ends_with(end));
        let opens_a_question = asks_how || asks_which || CAUSE_WORDS.contains(&opener.as_str());
        opens_a_question
            && !w.capitalised
            && verb_shaped
            && w.at.is_some_and(|at| finite(at) || Some(at) == last && after_noun(at))
    }
}

/// The endings an adjective takes before a noun; the stem before them
/// has four letters or more ("traurige", "verzweigter", "gleichschenkliges")
/// and is no name's adjective.
fn is_inflected_adjective(folded: &str) -> bool {
    ["e", "en", "er", "es", "em"].iter().any(|end| {
        folded
            .strip_suffix(end)
            .is_some_and(|stem| char_len(stem) >= 4 && !stem.ends_with("isch"))
    })
}

/// Some text of `texts` (each node's title, keywords and description)
/// names the topic word, in any form or as any part of a compound; or a
/// text names a suspended first part as a word of its own
/// ([`TopicWord::suspended_part`]). Not by a verb's noun in "-ung" alone:
/// a tree that uses "Forschung" need not have a page on what "Jugend
/// forscht" names.
fn named_in(w: &TopicWord, texts: &[Vec<Words>]) -> bool {
    let w = &w.as_written();
    texts.iter().any(|node| node.iter().any(|t| w.best_fit(t).is_some()))
        || (w.suspended_part()).is_some_and(|part| {
            texts
                .iter()
                .any(|node| node.iter().any(|t| part.best_fit(t).is_some_and(|f| f <= Fit::Stem)))
        })
}

/// The words beside the question's adverbs ([`QUESTION_ADVERBS`]) that
/// open a question and are followed by its verb.
const QUESTION_WORDS: &[&str] = &["wie", "was", "wo", "wann", "wer"];

/// The words that open a question for a cause.
const CAUSE_WORDS: &[&str] = &["warum", "wieso", "weshalb", "weswegen"];

/// The words that open a question about which of a kind, followed by the
/// kind and then the verb.
const WHICH: &[&str] = &["welche", "welcher", "welches", "welchen", "welchem"];

/// The one word of the node's title beside stopwords ("Badminton", "Die
/// Theaterkritik"); `None` for a title of more words.
pub(crate) fn lone_title_word(node: &Node) -> Option<&str> {
    lone_word(node.display_title())
}

/// The one word of a text beside stopwords.
fn lone_word(text: &str) -> Option<&str> {
    let mut words = tokens(text).filter(|t| !is_stopword(&t.to_lowercase()));
    match (words.next(), words.next()) {
        (Some(word), None) => Some(word),
        _ => None,
    }
}

/// The two topics of an "X und Y" query ([`TreeRanking::sides`]).
pub(crate) struct Sides(Vec<Vec<TopicWord>>);

impl Sides {
    /// The title names one of the topics, each of its words in some form
    /// ("Ringen und Kämpfen" for "Ringen und Raufen", "Jesu Tod und
    /// Auferstehung" for "Auferstehung Jesu", "Kostenrechnung" for
    /// "Kosten- und Leistungsrechnung"); a topic of five letters or more.
    pub(crate) fn titled_by(&self, title: &Words) -> bool {
        (self.0.iter()).any(|side| side.iter().all(|w| w.best_fit(title).is_some_and(|f| f <= Fit::Stem)))
    }
}
