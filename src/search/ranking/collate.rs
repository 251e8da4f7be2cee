//! German title order (§9.6 `sortByTitle`) without ICU: DIN 5007-1 folding.

use crate::upstream::model::Node;

/// The German collation key of a title (DIN 5007-1, "dictionary" order):
/// `(folded, lower)` where `lower` is the trimmed, lower-cased title and
/// `folded` additionally maps ä→a, ö→o, ü→u, ß→ss (and other Latin accents
/// to their base letter: é→e, ç→c, æ→ae, …). Compare the tuples: the folded
/// form decides, the unfolded one breaks ties ("Muller" < "Müller").
pub fn collation_key(title: &str) -> (String, String) {
    let lower = title.trim().to_lowercase();
    let mut folded = String::with_capacity(lower.len());
    for c in lower.chars() {
        match fold(c) {
            Fold::One(f) => folded.push(f),
            Fold::Two(f, g) => {
                folded.push(f);
                folded.push(g);
            }
        }
    }
    (folded, lower)
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
        let (folded, lower) = collation_key(n.display_title());
        (folded, lower, n.id().to_string())
    });
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

    #[test]
    fn equal_titles_break_ties_by_id_and_case_is_ignored() {
        assert_eq!(
            sorted(&[("b", "Mathematik"), ("c", "algebra"), ("a", "mathematik")]),
            ["c:algebra", "a:mathematik", "b:Mathematik"]
        );
    }
}
