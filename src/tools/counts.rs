//! Label counts in markdown: the facets of `search_wlo_content` and the
//! statistics of `get_collection_contents`.

use crate::search::facets::{Facets, LabelCount};

/// Labels shown per line; the rest are summed up as "… und N weitere".
const SHOWN: usize = 10;

/// `- Fach: Mathematik (12), Biologie (3), … und 4 weitere` (`–` when empty).
pub fn count_line(name: &str, counts: &[LabelCount]) -> String {
    if counts.is_empty() {
        return format!("- {name}: –");
    }
    let shown: Vec<String> = counts
        .iter()
        .take(SHOWN)
        .map(|c| format!("{} ({})", crate::card::one_line(&c.label), c.count))
        .collect();
    let mut line = format!("- {name}: {}", shown.join(", "));
    if counts.len() > SHOWN {
        line.push_str(&format!(" … und {} weitere", counts.len() - SHOWN));
    }
    line
}

/// The facet section of a content search.
pub fn facets_markdown(facets: &Facets) -> String {
    let words = facets.words.trim();
    let head = if words.is_empty() || words == "*" {
        "Verteilung aller passenden Materialien:".to_string()
    } else {
        format!("Verteilung der Treffer für {}:", super::result_list::quoted(words))
    };
    [
        head,
        count_line("Ressourcentyp", &facets.learning_resource_types),
        count_line("Fach", &facets.disciplines),
        count_line("Bildungsstufe", &facets.educational_contexts),
        count_line("Anbieter", &facets.publishers),
    ]
    .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(label: &str, count: u64) -> LabelCount {
        LabelCount {
            label: label.into(),
            count,
        }
    }

    #[test]
    fn lines_cap_and_mark_empty() {
        assert_eq!(count_line("Fach", &[]), "- Fach: –");
        let many: Vec<LabelCount> = (0..12).map(|i| count(&format!("L{i}"), 20 - i)).collect();
        let line = count_line("Anbieter", &many);
        assert!(line.starts_with("- Anbieter: L0 (20), L1 (19)"), "{line}");
        assert!(line.ends_with("L9 (11) … und 2 weitere"), "{line}");
        let facets = Facets {
            words: "*".into(),
            disciplines: vec![count("Mathe\nmatik", 3)],
            ..Facets::default()
        };
        assert_eq!(
            facets_markdown(&facets),
            "Verteilung aller passenden Materialien:\n- Ressourcentyp: –\n- Fach: Mathe matik (3)\n- Bildungsstufe: –\n- Anbieter: –"
        );
    }
}
