//! Words of one meaning that word formation writes apart, where the
//! Snowball stem does not bring them together: a verb in "-ieren" and the
//! nouns made from it ("addieren" / "Addition", "subtrahieren" /
//! "Subtraktion", "modellieren" / "Modellierung", "Gamifizierung" /
//! "Gamifikation"), a noun and the adjective made from it ("Trigonometrie"
//! / "trigonometrisch", "Extremismus" / "extremistisch", "Salier" /
//! "salisch"), and an ordinal number written as a word or in digits
//! ("fünften" / "5.", "Zweiter" / "2."). All are rules of German, not
//! lists of any repository's words. Every word here is folded
//! ([`fold`](super::fold)).

use super::text::{ADJECTIVE_ENDINGS, char_len};

/// The endings of a verb in "-ieren" after its "-ier-": infinitive,
/// persons, past participle and its adjective endings. Not the present
/// participle: it says how something is ("ein motivierender Einstieg"),
/// not what is done.
const VERB_ENDINGS: &[&str] = &["en", "e", "st", "t", "te", "ten", "ter", "tes", "tem"];

/// A verb's root is this long at least ("add|ieren").
const MIN_ROOT: usize = 3;

/// The root of a verb in "-ieren" in any of its forms ("subtrahierst" →
/// "subtrah"), or `None` for another word.
fn verb_root(word: &str) -> Option<&str> {
    let at = word.rfind("ier")?;
    let root = &word[..at];
    (VERB_ENDINGS.contains(&&word[at + 3..]) && char_len(root) >= MIN_ROOT && root.chars().all(char::is_alphabetic))
        .then_some(root)
}

/// The noun is made from the verb of `root`: "-ierung" ("modell|ierung"),
/// "-ation" ("interpret|ation", "polymeris|ation"), "-ition" ("add|ition"),
/// "-ikation" for "-izieren" ("multiplik|ation"), "-ktion" for a root that
/// ends in a vowel or in h, z or g ("konstru|ktion", "subtra|ktion",
/// "redu|ktion", "rea|ktion"), "-sion" for one in d ("divi|sion"), "-ion"
/// after a root in t ("selekt|ion"), or the noun whole for a verb made
/// from it ("funktion|ieren"). The plural in "-en" too. "Passion" is no
/// noun of "passieren", nor "Region" of "regieren".
fn nominalises(root: &str, noun: &str) -> bool {
    let noun = match noun.strip_suffix("en") {
        Some(singular) if singular.ends_with("ion") || singular.ends_with("ung") => singular,
        _ => noun,
    };
    let ktion = |base: &str| {
        root == base
            || root
                .strip_prefix(base)
                .is_some_and(|rest| matches!(rest, "h" | "z" | "g"))
    };
    (noun.ends_with("ion") && noun == root)
        || noun.strip_suffix("ierung") == Some(root)
        || noun.strip_suffix("ation") == Some(root)
        || noun.strip_suffix("ition") == Some(root)
        || noun
            .strip_suffix("ikation")
            .is_some_and(|base| root.strip_suffix("iz") == Some(base))
        || noun.strip_suffix("ktion").is_some_and(ktion)
        || noun
            .strip_suffix("sion")
            .is_some_and(|base| root.strip_suffix('d') == Some(base))
        || noun
            .strip_suffix("ion")
            .is_some_and(|base| base == root && root.ends_with('t'))
}

/// The root of a noun in "-ierung" ("gamifizierung" → "gamifiz"), or `None`.
fn ierung_root(word: &str) -> Option<&str> {
    let root = word.strip_suffix("ierungen").or_else(|| word.strip_suffix("ierung"))?;
    (char_len(root) >= MIN_ROOT && root.chars().all(char::is_alphabetic)).then_some(root)
}

/// The root of a noun in "-ismus", of its adjective in "-istisch" or of
/// its follower in "-ist", in any of their forms ("extremistische" →
/// "extrem", "Hinduismus" → "hindu", "Empiristen" → "empir"), or `None`.
fn ismus_root(word: &str) -> Option<&str> {
    let root = (word.strip_suffix("ismus").or_else(|| word.strip_suffix("ismen")))
        .or_else(|| adjective_bases(word).find_map(|base| base.strip_suffix("istisch")))
        .or_else(|| {
            ["isten", "istinnen", "istin", "ist"]
                .iter()
                .find_map(|end| word.strip_suffix(end))
        })?;
    (char_len(root) >= MIN_ROOT && root.chars().all(char::is_alphabetic)).then_some(root)
}

/// The base of an adjective without its ending ("trigonometrische" →
/// "trigonometrisch"): each base that an ending leaves.
fn adjective_bases(word: &str) -> impl Iterator<Item = &str> {
    ADJECTIVE_ENDINGS
        .iter()
        .filter_map(move |ending| word.strip_suffix(ending))
}

/// The folded `adjective` in "-isch" is made from the folded learned
/// `noun` in "-ie" (or its plural "-ien"): "trigonometrisch" of
/// "Trigonometrie", "demokratisch" of "Demokratie". Not "-logisch": such
/// an adjective says how a thing is done, not which science it is
/// ("ökologische Landwirtschaft" is no page on "Ökologie"). Other
/// adjectives ("konjunkturell", "traditionell") stay apart from their
/// nouns: beside a noun, they name a kind of it ("traditionelle Musik"),
/// rarely the page of their own noun.
fn adjective_of(adjective: &str, noun: &str) -> bool {
    const MIN_NOUN: usize = 5;
    let noun = noun.strip_suffix('n').filter(|n| n.ends_with("ie")).unwrap_or(noun);
    let Some(stem) = noun.strip_suffix("ie").filter(|_| char_len(noun) >= MIN_NOUN) else {
        return false;
    };
    !stem.ends_with("log") && adjective_bases(adjective).any(|base| base.strip_suffix("isch") == Some(stem))
}

/// The folded `adjective` in "-isch" names the people or the country of
/// the folded `noun`, whose "-er", "-ier", "-en" or "-ien" it drops:
/// "salische" of "Salier", "staufisch" of "Staufer", "ottonische" of
/// "Ottonen", "römisch" of "Römer", "syrischer" of "Syrien".
fn people_adjective_of(adjective: &str, noun: &str) -> bool {
    const MIN_STEM: usize = 3;
    adjective_bases(adjective)
        .filter_map(|base| base.strip_suffix("isch"))
        .filter(|stem| char_len(stem) >= MIN_STEM)
        .any(|stem| {
            noun.strip_prefix(stem)
                .is_some_and(|people| matches!(people, "er" | "ier" | "en" | "ien"))
        })
}

/// Strong verbs and the nouns their changed vowel makes, folded
/// ("gehen" / "Gang", "fließen" / "Fluss"): a rule of German word
/// formation. Verbs whose noun drifted from them in most compounds
/// ("ziehen" / "Zug": "Auszug", "stehen" / "Stand": "Zustand", "geben"
/// / "Gabe": "Aufgabe") are left out.
const ABLAUT_NOUNS: &[(&str, &str)] = &[
    ("brechen", "bruch"),
    ("fliegen", "flug"),
    ("fliessen", "fluss"),
    ("gehen", "gang"),
    ("greifen", "griff"),
    ("schiessen", "schuss"),
    ("schliessen", "schluss"),
    ("schneiden", "schnitt"),
    ("schreiten", "schritt"),
    ("springen", "sprung"),
    ("werfen", "wurf"),
];

/// A verb's prefix before a strong verb is this long at least ("um|gehen").
const MIN_VERB_PREFIX: usize = 2;

/// The folded `verb` with a prefix is a strong verb of [`ABLAUT_NOUNS`],
/// as an infinitive or with "zu" ("umgehen", "umzugehen"), and the
/// folded `noun` (in the singular or a plural in "-e", "-en") is its noun
/// with the same prefix ("Umgang", "Abschluss"). Without a prefix the
/// noun is mostly another word ("Gang", "Zug").
fn ablaut_noun_of(verb: &str, noun: &str) -> bool {
    let noun = noun
        .strip_suffix("en")
        .or_else(|| noun.strip_suffix('e'))
        .unwrap_or(noun);
    ABLAUT_NOUNS.iter().any(|(infinitive, made)| {
        verb.strip_suffix(infinitive).is_some_and(|prefix| {
            let prefix = prefix
                .strip_suffix("zu")
                .filter(|p| char_len(p) >= MIN_VERB_PREFIX)
                .unwrap_or(prefix);
            char_len(prefix) >= MIN_VERB_PREFIX && noun.strip_prefix(prefix) == Some(made)
        })
    })
}

/// A verb's root before "-ung" is this long at least ("bild|ung",
/// "führ|ung"): "Lösung" of "lösen" is mostly a chemist's solution.
const MIN_UNG_ROOT: usize = 4;

/// The folded `noun` in "-ung" (or its plural in "-ungen") names what the
/// folded `verb` does: the verb is its root with the infinitive's "-en" or
/// "-n" ("verwenden" / "Verwendung", "verändern" / "Veränderung"), with
/// "-eln" or "-ern" for a root in l or r ("entwickeln" / "Entwicklung"),
/// or with the "-t" or "-et" of a person or a participle ("verwendet",
/// "zerlegt"). A rule of German word formation; the caller knows the word
/// stands where a verb does (an adjective in "-en" is no verb:
/// "gleichen", "Gleichung").
pub(crate) fn ung_noun_of(verb: &str, noun: &str) -> bool {
    let Some(root) = noun.strip_suffix("ungen").or_else(|| noun.strip_suffix("ung")) else {
        return false;
    };
    if char_len(root) < MIN_UNG_ROOT || !root.chars().all(char::is_alphabetic) {
        return false;
    }
    let rest = |form: &str| verb.strip_prefix(form);
    let ending = rest(root).is_some_and(|end| match end {
        "en" | "t" | "et" => true,
        "n" => root.ends_with("el") || root.ends_with("er"),
        _ => false,
    });
    // "Entwickl|ung" of "entwick|eln", "Wand|l|ung" of "wand|eln".
    let dropped_e = (root.strip_suffix('l').map(|base| (base, "eln")))
        .or_else(|| root.strip_suffix('r').map(|base| (base, "ern")))
        .is_some_and(|(base, end)| rest(base) == Some(end));
    ending || dropped_e
}

/// One of the two folded words is a verb in "-ieren" and the other the noun
/// made from it ([`nominalises`]), in either order; or both are nouns of one
/// such verb ("Gamifizierung" / "Gamifikation"); or one is a noun in
/// "-ismus" and the other its adjective in "-istisch" ("Extremismus" /
/// "extremistische"); or one is an adjective made from the other noun
/// ([`adjective_of`]), or the adjective of a people ([`people_adjective_of`]);
/// or one is a strong verb with a prefix and the other its noun
/// ([`ablaut_noun_of`]: "umgehen" / "Umgang").
pub(crate) fn same_derivation(a: &str, b: &str) -> bool {
    let one_way = |word: &str, noun: &str| {
        (verb_root(word).or_else(|| ierung_root(word))).is_some_and(|root| nominalises(root, noun))
    };
    one_way(a, b)
        || one_way(b, a)
        || ismus_root(a).is_some_and(|root| ismus_root(b) == Some(root))
        || adjective_of(a, b)
        || adjective_of(b, a)
        || people_adjective_of(a, b)
        || people_adjective_of(b, a)
        || ablaut_noun_of(a, b)
        || ablaut_noun_of(b, a)
}

/// The ordinal numbers as words, folded and without their ending.
const ORDINALS: &[(&str, u32)] = &[
    ("erst", 1),
    ("zweit", 2),
    ("dritt", 3),
    ("viert", 4),
    ("funft", 5),
    ("sechst", 6),
    ("siebt", 7),
    ("siebent", 7),
    ("acht", 8),
    ("neunt", 9),
    ("zehnt", 10),
    ("elft", 11),
    ("zwolft", 12),
    ("dreizehnt", 13),
    ("vierzehnt", 14),
    ("funfzehnt", 15),
    ("sechzehnt", 16),
    ("siebzehnt", 17),
    ("achtzehnt", 18),
    ("neunzehnt", 19),
    ("zwanzigst", 20),
    ("einundzwanzigst", 21),
];

/// The number a folded word names as an ordinal: digits ("5", the "5." of
/// "5. Hauptgruppe" trimmed) or an ordinal word with its ending ("fünften",
/// "Zweiter"). A word without an ending is no ordinal ("acht").
pub(crate) fn ordinal(word: &str) -> Option<u32> {
    if word.chars().all(|c| c.is_ascii_digit()) {
        return word.parse().ok().filter(|n| (1..=99).contains(n));
    }
    // An adjective's ending, not none ("fünft|en", "zweit|er").
    ADJECTIVE_ENDINGS
        .iter()
        .filter(|ending| !ending.is_empty())
        .filter_map(|ending| word.strip_suffix(ending))
        .find_map(ordinal_base)
}

/// The units as words, folded, as they start a compound number ("ein" of
/// "einundzwanzig", "einhundert"); alone, "ein" is the article.
const UNITS: &[(&str, u32)] = &[
    ("ein", 1),
    ("zwei", 2),
    ("drei", 3),
    ("vier", 4),
    ("funf", 5),
    ("sechs", 6),
    ("sieben", 7),
    ("acht", 8),
    ("neun", 9),
];

/// The numbers from ten to nineteen and the tens, folded.
const TEENS_AND_TENS: &[(&str, u32)] = &[
    ("zehn", 10),
    ("elf", 11),
    ("zwolf", 12),
    ("dreizehn", 13),
    ("vierzehn", 14),
    ("funfzehn", 15),
    ("sechzehn", 16),
    ("siebzehn", 17),
    ("achtzehn", 18),
    ("neunzehn", 19),
    ("zwanzig", 20),
    ("dreissig", 30),
    ("vierzig", 40),
    ("funfzig", 50),
    ("sechzig", 60),
    ("siebzig", 70),
    ("achtzig", 80),
    ("neunzig", 90),
];

/// The number a folded word names as a cardinal, written in digits ("10";
/// folding drops the dot of "10.000") or as a German number word, which
/// German writes as one word up to a million ("zehn", "einundzwanzig",
/// "zweihundert", "zehntausend"); `None` for another word, and for the
/// article "ein".
pub(crate) fn cardinal(word: &str) -> Option<u32> {
    if !word.is_empty() && word.chars().all(|c| c.is_ascii_digit()) {
        return word.parse().ok();
    }
    if word == "eins" {
        return Some(1);
    }
    below_a_million(word).filter(|_| word != "ein")
}

/// A number word below a million: its thousands before "tausend" (none
/// for one thousand), then a number below a thousand.
fn below_a_million(word: &str) -> Option<u32> {
    match word.split_once("tausend") {
        Some((thousands, rest)) => {
            let thousands = if thousands.is_empty() {
                1
            } else {
                below_a_thousand(thousands)?
            };
            let rest = if rest.is_empty() { 0 } else { below_a_thousand(rest)? };
            Some(thousands * 1000 + rest)
        }
        None => below_a_thousand(word),
    }
}

/// A number word below a thousand: its hundreds before "hundert" (none for
/// one hundred), then a number below a hundred.
fn below_a_thousand(word: &str) -> Option<u32> {
    match word.split_once("hundert") {
        Some((hundreds, rest)) => {
            let hundreds = if hundreds.is_empty() { 1 } else { unit(hundreds)? };
            let rest = if rest.is_empty() { 0 } else { below_a_hundred(rest)? };
            Some(hundreds * 100 + rest)
        }
        None => below_a_hundred(word),
    }
}

/// A number word below a hundred: a unit, a teen or a ten, or a unit
/// "und" a ten ("einundzwanzig").
fn below_a_hundred(word: &str) -> Option<u32> {
    let ten = |w: &str| TEENS_AND_TENS.iter().find(|(t, _)| *t == w).map(|(_, n)| *n);
    if word == "eins" {
        return Some(1);
    }
    unit(word).or_else(|| ten(word)).or_else(|| {
        let (units, tens) = word.split_once("und")?;
        Some(unit(units)? + ten(tens).filter(|n| *n >= 20)?)
    })
}

/// A unit as a word ("ein" to "neun").
fn unit(word: &str) -> Option<u32> {
    UNITS.iter().find(|(u, _)| *u == word).map(|(_, n)| *n)
}

/// The folded `hyphenated` word writes a number in digits before its
/// hyphen and the folded `closed` word the same number as a word before
/// the same rest, in any ending ("30-jähriger" / "Dreißigjähriger",
/// "100-jährige" / "Hundertjähriger"): German writes such a compound
/// either way.
pub(crate) fn number_compound_of(hyphenated: &str, closed: &str) -> bool {
    const MIN_REST: usize = 3;
    let Some((digits, rest)) = hyphenated.split_once('-') else {
        return false;
    };
    let Some(number) = cardinal(digits).filter(|_| digits.chars().all(|c| c.is_ascii_digit())) else {
        return false;
    };
    let rests: Vec<&str> = adjective_bases(rest).collect();
    closed.char_indices().skip(1).any(|(at, _)| {
        let (word, tail) = closed.split_at(at);
        cardinal(word) == Some(number)
            && adjective_bases(tail).any(|base| char_len(base) >= MIN_REST && rests.contains(&base))
    })
}

/// The number an ordinal word names without its ending ("fünft", "zwölft"
/// of "Zwölftklässler"), folded.
pub(crate) fn ordinal_base(base: &str) -> Option<u32> {
    ORDINALS.iter().find(|(w, _)| *w == base).map(|(_, n)| *n)
}

#[cfg(test)]
mod tests;
