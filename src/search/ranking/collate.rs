//! German title order without ICU: DIN 5007-1 folding.

use crate::upstream::Node;

/// The German collation key of a title (DIN 5007-1, "dictionary" order):
/// `(folded, lower)` where `lower` is the trimmed, lower-cased title and
/// `folded` additionally maps ä→a, ö→o, ü→u, ß→ss (and other Latin accents
/// to their base letter: é→e, ç→c, æ→ae, …). Compare the tuples: the folded
/// form decides, the unfolded one breaks ties ("Muller" < "Müller").
pub fn collation_key(title: &str) -> (String, String) {
    let lower = title.trim().to_lowercase();
    (lower.chars().flat_map(folded).collect(), lower)
}

/// `c` folded to its base letter(s): one character, or two for ß, æ and œ.
fn folded(c: char) -> impl Iterator<Item = char> {
    let (first, second) = match fold(c) {
        Fold::One(f) => (f, None),
        Fold::Two(f, g) => (f, Some(g)),
    };
    std::iter::once(first).chain(second)
}

enum Fold {
    One(char),
    Two(char, char),
}

fn fold(c: char) -> Fold {
    Fold::One(match c {
        'ä' | 'à' | 'á' | 'â' | 'ã' | 'å' | 'ā' | 'ă' | 'ą' => 'a',
        'ö' | 'ò' | 'ó' | 'ô' | 'õ' | 'ø' | 'ō' | 'ő' => 'o',
        'ü' | 'ù' | 'ú' | 'û' | 'ū' | 'ů' | 'ű' => 'u',
        'è' | 'é' | 'ê' | 'ë' | 'ē' | 'ė' | 'ę' | 'ě' => 'e',
        'ì' | 'í' | 'î' | 'ï' | 'ī' | 'į' | 'ı' => 'i',
        'ç' | 'ć' | 'č' => 'c',
        'ñ' | 'ń' | 'ň' => 'n',
        'ý' | 'ÿ' => 'y',
        'ś' | 'š' | 'ş' => 's',
        'ź' | 'ż' | 'ž' => 'z',
        'ł' => 'l',
        'ř' => 'r',
        'ď' => 'd',
        'ť' => 't',
        'ğ' => 'g',
        'ß' => return Fold::Two('s', 's'),
        'æ' => return Fold::Two('a', 'e'),
        'œ' => return Fold::Two('o', 'e'),
        other => other,
    })
}

/// Sort nodes by the German collation key of their display title, then by
/// node id (deterministic for equal titles). Sorts nodes or references.
pub fn sort_by_title<N: std::borrow::Borrow<Node>>(nodes: &mut [N]) {
    nodes.sort_by_cached_key(|n| {
        let n = n.borrow();
        sort_key(n.display_title(), n.id())
    });
}

/// `(folded, lower, id)` of [`collation_key`] in one string that sorts the
/// same way: a tree walk sorts hundreds of listed nodes per call, and one
/// allocation per node is a quarter of what the tuple costs.
///
/// Each part is written with `\0` escaped as `\0\u{1}` and ends with `\0\0`, so
/// a part that is a prefix of another sorts first, exactly as in the tuple.
fn sort_key(title: &str, id: &str) -> String {
    let title = title.trim();
    let mut key = String::with_capacity(2 * title.len() + id.len() + 6);
    if title.is_ascii() && !title.contains('\0') {
        // Folding changes no ASCII letter: both parts are the lower-cased title.
        for _ in 0..2 {
            let start = key.len();
            key.push_str(title);
            key[start..].make_ascii_lowercase();
            key.push_str("\0\0");
        }
    } else if title.contains('Σ') {
        // `str::to_lowercase` knows the word-final sigma; `char::to_lowercase` does not.
        push_title(&mut key, title.to_lowercase().chars());
    } else {
        push_title(&mut key, title.chars().flat_map(char::to_lowercase));
    }
    for c in id.chars() {
        push_escaped(&mut key, c);
    }
    key
}

/// The folded and the lower-cased title, each ending with `\0\0`.
fn push_title(key: &mut String, lower: impl Iterator<Item = char> + Clone) {
    for f in lower.clone().flat_map(folded) {
        push_escaped(key, f);
    }
    key.push_str("\0\0");
    for c in lower {
        push_escaped(key, c);
    }
    key.push_str("\0\0");
}

fn push_escaped(key: &mut String, c: char) {
    key.push(c);
    if c == '\0' {
        key.push('\u{1}');
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::node;
    use super::*;
    use serde_json::json;

    fn sorted(titles: &[(&str, &str)]) -> Vec<String> {
        let mut nodes: Vec<Node> = titles.iter().map(|(id, t)| node(id, t, json!({}))).collect();
        sort_by_title(&mut nodes);
        nodes
            .iter()
            .map(|n| format!("{}:{}", n.id(), n.display_title()))
            .collect()
    }

    #[test]
    fn keys_fold_umlauts_and_sharp_s() {
        assert_eq!(collation_key(" Ökologie "), ("okologie".into(), "ökologie".into()));
        assert_eq!(collation_key("Straße").0, "strasse");
        assert_eq!(collation_key("Café Æon").0, "cafe aeon");
    }

    #[test]
    fn umlauts_sort_with_their_base_letter() {
        assert_eq!(
            sorted(&[("1", "Physik"), ("2", "Ökologie"), ("3", "Musik")]),
            ["3:Musik", "2:Ökologie", "1:Physik"]
        );
        // Byte order would have put "Ökologie" after "Physik".
        assert!("ökologie" > "physik");
        assert_eq!(
            sorted(&[("1", "Müller"), ("2", "Muller"), ("3", "Mulch")]),
            ["3:Mulch", "2:Muller", "1:Müller"]
        );
    }

    proptest::proptest! {
        /// The one-string key sorts exactly as the `(folded, lower, id)` tuple,
        /// NUL characters, sigmas and prefixes included.
        #[test]
        fn one_string_key_sorts_as_the_tuple(
            a in "[aAäÄßΣσς\\x00\\x01 zZ]{0,6}|[aAzZ ]{0,6}",
            b in "[aAäÄßΣσς\\x00\\x01 zZ]{0,6}|[aAzZ ]{0,6}",
            ids in ("[a\\x00\\x01b]{0,3}", "[a\\x00\\x01b]{0,3}"),
        ) {
            let tuple = |t: &str, id: &str| {
                let (folded, lower) = collation_key(t);
                (folded, lower, id.to_string())
            };
            proptest::prop_assert_eq!(
                sort_key(&a, &ids.0).cmp(&sort_key(&b, &ids.1)),
                tuple(&a, &ids.0).cmp(&tuple(&b, &ids.1))
            );
        }
    }

    #[test]
    fn equal_titles_break_ties_by_id_and_case_is_ignored() {
        assert_eq!(
            sorted(&[("b", "Mathematik"), ("c", "algebra"), ("a", "mathematik")]),
            ["c:algebra", "a:mathematik", "b:Mathematik"]
        );
    }
}
