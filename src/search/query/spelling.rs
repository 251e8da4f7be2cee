//! Spelling variants as general rules, applied to the query and to the
//! repository's text alike: German writes many words two ways, and a search
//! that compares them letter by letter misses half of them.
//!
//! * `ph` is `f` ("Geographie" / "Geografie", "Photosynthese" /
//!   "Fotosynthese"), `th` is `t` ("Thron" / "Tron");
//! * `c` before e, i, y is `z`, otherwise `k` ("Calcium" / "Kalzium",
//!   "Zyklus" / "Cyclus"); `ch`, `ck` and `sch` are left alone;
//! * `ae`, `oe`, `ue` are `ä`, `ö`, `ü` ("Saeugetiere" / "Säugetiere"), which
//!   the folding turns into a, o, u — except where the `u` or `e` belongs to
//!   a diphthong or to `qu` ("Feuer", "Bauer", "neue", "Quelle");
//! * `-ntial`, `-ntiell` are `-nzial`, `-nziell` (the reform's spelling of
//!   words of a stem in "-enz": "Potential" / "Potenzial",
//!   "Differentialrechnung" / "Differenzialrechnung");
//! * a word's first `Äth` is `Eth` (the older names of chemistry:
//!   "Äthanol" / "Ethanol", "Äther" / "Ether");
//! * the accents of French, Spanish and Italian are dropped ("Régime" /
//!   "Regime", "Español" / "Espanol").
//!
//! [`fold`] is the one folding every comparison of words uses: lower case,
//! umlauts and ß folded (`vocab::fold`), then these rules. A word and its
//! other spelling fold to the same key, so their Snowball stems agree too.
//! What goes upstream is always a surface word; [`alternate_spellings`]
//! gives the other spellings of a query word for a repository that matches
//! whole words as written.

/// Lower case, umlauts and ß folded, and the spelling rules of the module
/// docs applied: the key two spellings of one word share.
pub(crate) fn fold(s: &str) -> String {
    respell(&crate::vocab::fold(&eth_for_aeth(s)))
}

/// A word's first "Äth" as "Eth" (before the umlauts are folded, which
/// would make it "ath"); other text as it is.
fn eth_for_aeth(s: &str) -> std::borrow::Cow<'_, str> {
    let lower = s.to_lowercase();
    if !lower.contains("äth") && !lower.contains("aeth") {
        return std::borrow::Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len());
    let mut word_start = true;
    let mut rest = s;
    while let Some(c) = rest.chars().next() {
        // "Äth" or "Aeth": the umlaut as one letter (two bytes) or two.
        let start = rest.get(..4).map(str::to_lowercase);
        if word_start && matches!(start.as_deref(), Some("äth" | "aeth")) {
            out.push(if c.is_uppercase() { 'E' } else { 'e' });
            rest = &rest[start.map_or(0, |l| l.len() - 2)..];
            word_start = false;
            continue;
        }
        word_start = !c.is_alphanumeric();
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    std::borrow::Cow::Owned(out)
}

/// The spelling rules on an already folded (lower-case) text.
fn respell(folded: &str) -> String {
    let chars: Vec<char> = folded.chars().map(without_accent).collect();
    let mut out = String::with_capacity(folded.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        let prev = i.checked_sub(1).map(|p| chars[p]);
        match (c, next) {
            ('p', Some('h')) => {
                out.push('f');
                i += 2;
                continue;
            }
            ('t', Some('h')) => {
                out.push('t');
                i += 2;
                continue;
            }
            ('c', Some('h' | 'k')) => out.push('c'),
            ('c', Some('e' | 'i' | 'y')) => out.push('z'),
            ('c', _) => out.push('k'),
            ('t', Some('i')) if prev == Some('n') && is_tial(&chars[i + 2..]) => out.push('z'),
            ('a' | 'o', Some('e')) if !prev.is_some_and(is_vowel) => {
                out.push(c);
                i += 2;
                continue;
            }
            ('u', Some('e')) if !prev.is_some_and(|p| is_vowel(p) || p == 'q') => {
                out.push('u');
                i += 2;
                continue;
            }
            // A thousands separator: "100.000" is "100000".
            ('.', _) if is_thousands_separator(&chars, i) => {}
            _ => out.push(c),
        }
        i += 1;
    }
    out
}

/// The character at `at` stands between a digit and a group of exactly
/// three digits that ends the number ("100.000", "1 000").
fn is_thousands_separator(chars: &[char], at: usize) -> bool {
    let digit = |i: usize| chars.get(i).is_some_and(char::is_ascii_digit);
    at > 0 && digit(at - 1) && (1..=3).all(|k| digit(at + k)) && !digit(at + 4)
}

/// A number written with spaces between its groups of thousands ("100
/// 000", "1 000 000") written with dots, as one word ("100.000"): a
/// teacher types either, a title writes the dots.
pub(crate) fn join_thousands(text: &str) -> std::borrow::Cow<'_, str> {
    let chars: Vec<char> = text.chars().collect();
    let leads = |at: usize| {
        // The digits before `at` are a group of one to three, or follow a
        // separator of such a number.
        let start = (0..at).rev().take_while(|i| chars[*i].is_ascii_digit()).count();
        (1..=3).contains(&start) && (at - start == 0 || !chars[at - start - 1].is_alphanumeric())
            || start == 3 && at >= 4 && chars[at - 4] == '.'
    };
    let joins: Vec<usize> = (0..chars.len())
        .filter(|&i| chars[i] == ' ' && leads(i) && is_thousands_separator(&chars, i))
        .collect();
    if joins.is_empty() {
        return std::borrow::Cow::Borrowed(text);
    }
    let joined = (chars.iter().enumerate())
        .map(|(i, c)| if joins.contains(&i) { '.' } else { *c })
        .collect();
    std::borrow::Cow::Owned(joined)
}

/// What follows the "ti" of "-ntial"/"-ntiell": "al" or "ell".
fn is_tial(after_ti: &[char]) -> bool {
    after_ti.starts_with(&['a', 'l']) || after_ti.starts_with(&['e', 'l', 'l'])
}

/// A letter of French, Spanish or Italian without its accent ("Régime" is
/// typed "Regime"); German umlauts are folded before.
fn without_accent(c: char) -> char {
    match c {
        'à' | 'á' | 'â' | 'ã' | 'å' => 'a',
        'è' | 'é' | 'ê' | 'ë' => 'e',
        'ì' | 'í' | 'î' | 'ï' => 'i',
        'ò' | 'ó' | 'ô' | 'õ' => 'o',
        'ù' | 'ú' | 'û' => 'u',
        'ç' => 'c',
        'ñ' => 'n',
        c => c,
    }
}

fn is_vowel(c: char) -> bool {
    matches!(c, 'a' | 'e' | 'i' | 'o' | 'u' | 'y')
}

/// The other spellings of one query word that a repository matching whole
/// words as written may hold (at most two, each different from the word),
/// one rule at a time: the umlauts as digraphs or the digraphs as umlauts,
/// `ph` as `f` or `f` as `ph` (inside a word, between vowels), `c` as
/// `z`/`k`, and `ß` as `ss` (not `k` or `z` as `c`: which of them a `c`
/// would be no rule tells, "Kopf" is no "Copf"). Only spellings that fold to
/// the word's own key count. Case follows the word's first letter.
pub(crate) fn alternate_spellings(word: &str) -> Vec<String> {
    let lower = word.to_lowercase();
    if lower.chars().count() < 4 || !lower.chars().all(char::is_alphabetic) {
        return Vec::new();
    }
    let mut candidates: Vec<String> = Vec::new();
    if lower.contains(['ä', 'ö', 'ü']) {
        candidates.push(lower.replace('ä', "ae").replace('ö', "oe").replace('ü', "ue"));
    } else {
        candidates.push(replace_ue(&lower.replace("ae", "ä").replace("oe", "ö")));
    }
    if lower.contains("ph") {
        candidates.push(lower.replace("ph", "f"));
    } else {
        candidates.extend(f_as_ph(&lower));
    }
    candidates.push(c_as_z_or_k(&lower));
    candidates.push(lower.replace('ß', "ss"));
    candidates.push(swap_tial_zial(&lower));
    if let Some(rest) = lower.strip_prefix("äth") {
        candidates.push(format!("eth{rest}"));
    }
    let mut out: Vec<String> = Vec::new();
    for candidate in candidates {
        // Only another spelling of the same word (the folding agrees), and
        // never the word itself.
        if candidate != lower && fold(&candidate) == fold(&lower) && !out.contains(&candidate) && out.len() < 2 {
            out.push(candidate);
        }
    }
    out.into_iter().map(|s| with_case_of(word, &s)).collect()
}

/// "-ntial"/"-ntiell" as "-nzial"/"-nziell" and back.
fn swap_tial_zial(lower: &str) -> String {
    let swapped = [("ntial", "nzial"), ("ntiell", "nziell")]
        .into_iter()
        .find_map(|(old, new)| {
            if lower.contains(old) {
                Some(lower.replace(old, new))
            } else {
                lower.contains(new).then(|| lower.replace(new, old))
            }
        });
    swapped.unwrap_or_else(|| lower.to_string())
}

/// `ue` → `ü` where the folding reads it as an umlaut.
fn replace_ue(word: &str) -> String {
    let chars: Vec<char> = word.chars().collect();
    let mut out = String::with_capacity(word.len());
    let mut i = 0;
    while i < chars.len() {
        let prev = i.checked_sub(1).map(|p| chars[p]);
        if chars[i] == 'u' && chars.get(i + 1) == Some(&'e') && !prev.is_some_and(|p| is_vowel(p) || p == 'q') {
            out.push('ü');
            i += 2;
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    out
}

/// `c` → `z` before e, i, y, else `k` (not in `ch`, `ck`).
fn c_as_z_or_k(lower: &str) -> String {
    let chars: Vec<char> = lower.chars().collect();
    let mut out = String::with_capacity(lower.len());
    for (i, &c) in chars.iter().enumerate() {
        match (c, chars.get(i + 1)) {
            ('c', Some('h' | 'k')) => out.push('c'),
            ('c', Some('e' | 'i' | 'y')) => out.push('z'),
            ('c', _) => out.push('k'),
            (c, _) => out.push(c),
        }
    }
    out
}

/// `f` → `ph` inside a word, between a vowel or `r` and a vowel
/// ("Geografie" → "Geographie", "Grafik" → "Graphik"); `None` when no `f`
/// qualifies. A word's first letter is left alone: far more native words
/// start with f ("Feuer", "Funktion") than loans with ph.
fn f_as_ph(lower: &str) -> Option<String> {
    let chars: Vec<char> = lower.chars().collect();
    let mut changed = false;
    let mut out = String::with_capacity(lower.len() + 2);
    for (i, &c) in chars.iter().enumerate() {
        let prev = i.checked_sub(1).map(|p| chars[p]);
        let qualifies =
            c == 'f' && prev.is_some_and(|p| is_vowel(p) || p == 'r') && chars.get(i + 1).is_some_and(|n| is_vowel(*n));
        if qualifies {
            out.push_str("ph");
            changed = true;
        } else {
            out.push(c);
        }
    }
    changed.then_some(out)
}

/// `text` in the capitalisation style of `word`: its first letter upper case
/// when `word` starts with one ("Gedichtanalyse" → "Gedicht"), else as it is.
pub(crate) fn with_case_of(word: &str, text: &str) -> String {
    if word.chars().next().is_some_and(char::is_uppercase) {
        let mut chars = text.chars();
        chars
            .next()
            .map(|c| c.to_uppercase().chain(chars).collect())
            .unwrap_or_default()
    } else {
        text.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_number_in_groups_of_thousands_is_one_number() {
        assert_eq!(fold("Zahlen bis 100.000"), "zahlen bis 100000");
        assert_eq!(fold("100000"), fold("100.000"));
        // Not a decimal, a date or an ordinal.
        assert_eq!(fold("3.14"), "3.14");
        assert_eq!(fold("20.07.1944"), "20.07.1944");
        assert_eq!(fold("19. Jahrhundert"), "19. jahrhundert");
        assert_eq!(join_thousands("Zahlenraum bis 100 000"), "Zahlenraum bis 100.000");
        assert_eq!(join_thousands("1 000 000 Euro"), "1.000.000 Euro");
        // A year before a number, a number of four digits.
        assert_eq!(join_thousands("1944 100"), "1944 100");
        assert_eq!(join_thousands("Zahlen bis 1000"), "Zahlen bis 1000");
    }

    #[test]
    fn two_spellings_fold_to_one_key() {
        for (a, b) in [
            ("Geographie", "Geografie"),
            ("Photosynthese", "Fotosynthese"),
            ("Calcium", "Kalzium"),
            ("Cyclus", "Zyklus"),
            ("Saeugetiere", "Säugetiere"),
            ("Oekologie", "Ökologie"),
            ("Ueberblick", "Überblick"),
            ("Thema", "Tema"),
            ("Potential", "Potenzial"),
            ("Differentialrechnung", "Differenzialrechnung"),
            ("potentielle", "potenzielle"),
            ("Äthanol", "Ethanol"),
            ("Ancien Régime", "Ancien Regime"),
            ("Français", "Francais"),
        ] {
            assert_eq!(fold(a), fold(b), "{a} / {b}");
        }
    }

    #[test]
    fn ch_ck_sch_diphthongs_and_qu_stay() {
        assert_eq!(fold("Chemie"), "chemie");
        assert_eq!(fold("Zucker"), "zucker");
        assert_eq!(fold("Schule"), "schule");
        assert_eq!(fold("Feuer"), "feuer");
        assert_eq!(fold("Bauer"), "bauer");
        assert_eq!(fold("neue"), "neue");
        assert_eq!(fold("Quelle"), "quelle");
        assert_eq!(fold("Straße"), "strasse");
        // Neither an "Initial" nor an "Äth" inside a word.
        assert_eq!(fold("Initiale"), "initiale");
        assert_eq!(fold("Räthsel"), "ratsel");
        assert_eq!(fold("Äthiopien"), fold("Ethiopien"));
        assert_eq!(fold("Aethiopien"), fold("Äthiopien"));
    }

    #[test]
    fn the_other_spellings_of_a_query_word() {
        assert_eq!(alternate_spellings("Geografie"), ["Geographie"]);
        assert_eq!(alternate_spellings("Geographie"), ["Geografie"]);
        assert_eq!(alternate_spellings("Photosynthese"), ["Fotosynthese"]);
        assert_eq!(alternate_spellings("Grafik"), ["Graphik"]);
        assert_eq!(alternate_spellings("Säugetiere"), ["Saeugetiere"]);
        assert_eq!(alternate_spellings("Saeugetiere"), ["Säugetiere"]);
        assert!(alternate_spellings("Kalzium").is_empty());
        assert_eq!(alternate_spellings("Straße"), ["Strasse"]);
        assert_eq!(alternate_spellings("Calcium"), ["Kalzium"]);
        assert_eq!(alternate_spellings("Potenzial"), ["Potential"]);
        assert_eq!(alternate_spellings("Differentialrechnung"), ["Differenzialrechnung"]);
        assert_eq!(alternate_spellings("Äthanol"), ["Aethanol", "Ethanol"]);
        // No other spelling: nothing to send.
        assert!(alternate_spellings("Bruchrechnung").is_empty());
        assert!(alternate_spellings("Feuer").is_empty());
        assert!(alternate_spellings("Kopf").is_empty(), "f at the end");
        assert!(alternate_spellings("Kraft").is_empty(), "ft");
        assert!(alternate_spellings("KI").is_empty(), "short");
    }
}
