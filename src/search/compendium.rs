//! Compendium texts of collections (`ccm:oeh_collection_compendium_text`, one
//! Markdown string written by the editors): the heading outline, the main
//! sections, and the passages that best match a query.
//!
//! - Headings are ATX headings (`#` … `######` followed by a space), never
//!   lines inside fenced code blocks (a `# comment` in a script is no heading).
//! - The **main level** is the shallowest heading level used at least twice:
//!   the one H1 title of a typical text is not it, its H2 sections are.
//! - **Passages** are runs of paragraphs within one heading, joined until
//!   they reach [`MIN_PASSAGE_CHARS`] (so a table written as one short
//!   paragraph per row is one passage); a shorter rest joins the run before
//!   it. They are ranked with BM25 ([`bm25`]) over heading path plus text.
//!
//! Pure text code: the tools layer reads the text (one E6) and words the answer.

use super::query::is_stopword;

/// A passage is at least this long unless its heading's whole text is shorter.
pub const MIN_PASSAGE_CHARS: usize = 200;
/// BM25 term-frequency saturation.
pub const K1: f64 = 1.2;
/// BM25 length normalisation.
pub const B: f64 = 0.75;

/// One ATX heading.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Heading {
    /// 1 (`#`) to 6 (`######`).
    pub level: usize,
    pub title: String,
}

/// A text split at its headings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outline {
    pub headings: Vec<Heading>,
    /// The text before the first heading.
    pub preamble: String,
    /// `bodies[i]`: the text between heading `i` and the next heading.
    pub bodies: Vec<String>,
}

/// A main section: its heading and everything up to the next heading of
/// the main level or above (sub-headings included as Markdown lines).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    pub title: String,
    pub text: String,
}

/// A run of paragraphs under one heading.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Passage {
    /// Heading titles from the top down to the passage's own heading (empty
    /// in the preamble).
    pub path: Vec<String>,
    pub text: String,
}

/// The passages that best match a query.
#[derive(Debug, Clone, PartialEq)]
pub struct Matches {
    /// Best first (ties: earlier in the text first), each with its score.
    pub passages: Vec<(Passage, f64)>,
    /// Query terms that occur in no passage, in query order.
    pub missing_terms: Vec<String>,
}

/// `Some((level, title))` when `line` is an ATX heading.
fn atx_heading(line: &str) -> Option<(usize, String)> {
    let indent = line.len() - line.trim_start_matches(' ').len();
    if indent > 3 {
        return None;
    }
    let rest = &line[indent..];
    let level = rest.len() - rest.trim_start_matches('#').len();
    if !(1..=6).contains(&level) {
        return None;
    }
    let after = &rest[level..];
    if !(after.is_empty() || after.starts_with([' ', '\t'])) {
        return None;
    }
    // An optional closing sequence of `#` after a space.
    let mut title = after.trim();
    let closing = title.trim_end_matches('#');
    if closing.is_empty() || closing.ends_with([' ', '\t']) {
        title = closing.trim_end();
    }
    Some((level, title.to_string()))
}

/// The opening or closing marker of a fenced code block (```` ``` ```` or `~~~`).
fn fence_marker(line: &str) -> Option<char> {
    let trimmed = line.trim_start();
    if line.len() - trimmed.len() > 3 {
        return None;
    }
    ["```", "~~~"]
        .iter()
        .find(|marker| trimmed.starts_with(**marker))
        .and_then(|marker| marker.chars().next())
}

/// Split a Markdown text at its ATX headings (ignoring fenced code).
pub fn outline(text: &str) -> Outline {
    let mut headings = Vec::new();
    let mut preamble = String::new();
    let mut bodies: Vec<String> = Vec::new();
    let mut fence: Option<char> = None;
    for line in text.lines() {
        let marker = fence_marker(line);
        let heading = if fence.is_none() { atx_heading(line) } else { None };
        match (fence, marker) {
            (None, Some(m)) => fence = Some(m),
            (Some(open), Some(m)) if open == m => fence = None,
            _ => {}
        }
        if let Some((level, title)) = heading {
            headings.push(Heading { level, title });
            bodies.push(String::new());
            continue;
        }
        let body = bodies.last_mut().unwrap_or(&mut preamble);
        body.push_str(line);
        body.push('\n');
    }
    Outline {
        headings,
        preamble: preamble.trim().to_string(),
        bodies: bodies.into_iter().map(|b| b.trim().to_string()).collect(),
    }
}

/// The shallowest heading level used at least twice.
pub fn main_level(headings: &[Heading]) -> Option<usize> {
    (1..=6).find(|level| headings.iter().filter(|h| h.level == *level).count() >= 2)
}

/// The preamble (the text before the first main section, including what
/// stands under a title heading above the main level) and the main sections.
/// Without a main level the whole text is the preamble.
pub fn sections(outline: &Outline) -> (String, Vec<Section>) {
    let Some(main) = main_level(&outline.headings) else {
        let mut all = outline.preamble.clone();
        for (heading, body) in outline.headings.iter().zip(&outline.bodies) {
            push_block(&mut all, &heading_line(heading));
            push_block(&mut all, body);
        }
        return (all, Vec::new());
    };
    let mut preamble = outline.preamble.clone();
    let mut sections: Vec<Section> = Vec::new();
    for (heading, body) in outline.headings.iter().zip(&outline.bodies) {
        let opens_section = heading.level == main || (heading.level < main && !sections.is_empty());
        if opens_section {
            sections.push(Section {
                title: heading.title.clone(),
                text: body.clone(),
            });
        } else if let Some(section) = sections.last_mut() {
            push_block(&mut section.text, &heading_line(heading));
            push_block(&mut section.text, body);
        } else {
            push_block(&mut preamble, body);
        }
    }
    (preamble, sections)
}

fn heading_line(heading: &Heading) -> String {
    format!("{} {}", "#".repeat(heading.level), heading.title)
}

fn push_block(out: &mut String, block: &str) {
    if block.is_empty() {
        return;
    }
    if !out.is_empty() {
        out.push_str("\n\n");
    }
    out.push_str(block);
}

/// Paragraphs of a body: split at blank lines outside fenced code.
fn paragraphs(body: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut fence: Option<char> = None;
    for line in body.lines() {
        match (fence, fence_marker(line)) {
            (None, Some(m)) => fence = Some(m),
            (Some(open), Some(m)) if open == m => fence = None,
            _ => {}
        }
        if line.trim().is_empty() && fence.is_none() {
            if !current.trim().is_empty() {
                out.push(current.trim().to_string());
            }
            current.clear();
            continue;
        }
        current.push_str(line);
        current.push('\n');
    }
    if !current.trim().is_empty() {
        out.push(current.trim().to_string());
    }
    out
}

/// Runs of paragraphs of at least [`MIN_PASSAGE_CHARS`] within one body.
fn runs(body: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut current = String::new();
    for paragraph in paragraphs(body) {
        push_block(&mut current, &paragraph);
        if current.chars().count() >= MIN_PASSAGE_CHARS {
            out.push(std::mem::take(&mut current));
        }
    }
    if !current.is_empty() {
        match out.last_mut() {
            Some(last) => push_block(last, &current),
            None => out.push(current),
        }
    }
    out
}

/// Every passage of the text, in text order.
pub fn passages(outline: &Outline) -> Vec<Passage> {
    let mut out: Vec<Passage> = runs(&outline.preamble)
        .into_iter()
        .map(|text| Passage { path: Vec::new(), text })
        .collect();
    // The titles of the open headings, one per level.
    let mut open: Vec<&Heading> = Vec::new();
    for (heading, body) in outline.headings.iter().zip(&outline.bodies) {
        open.retain(|h| h.level < heading.level);
        open.push(heading);
        let path: Vec<String> = open.iter().map(|h| h.title.clone()).collect();
        for text in runs(body) {
            out.push(Passage {
                path: path.clone(),
                text,
            });
        }
    }
    out
}

/// Lower-cased words of at least two characters, without stopwords.
pub fn tokens(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.chars().count() >= 2)
        .map(str::to_lowercase)
        .filter(|w| !is_stopword(w))
        .collect()
}

/// Okapi BM25 of every document for the query terms:
/// Σ idf(t) · f·(k1+1) / (f + k1·(1 − b + b·|d|/avgdl)), with
/// idf(t) = ln(1 + (N − n(t) + 0.5) / (n(t) + 0.5)).
pub fn bm25(docs: &[Vec<String>], terms: &[String], k1: f64, b: f64) -> Vec<f64> {
    let n_docs = docs.len() as f64;
    if docs.is_empty() {
        return Vec::new();
    }
    let avgdl = docs.iter().map(Vec::len).sum::<usize>() as f64 / n_docs;
    let idf: Vec<f64> = terms
        .iter()
        .map(|t| {
            let n = docs.iter().filter(|d| d.contains(t)).count() as f64;
            (1.0 + (n_docs - n + 0.5) / (n + 0.5)).ln()
        })
        .collect();
    docs.iter()
        .map(|doc| {
            let len_norm = if avgdl > 0.0 { doc.len() as f64 / avgdl } else { 0.0 };
            terms
                .iter()
                .zip(&idf)
                .map(|(t, idf)| {
                    let f = doc.iter().filter(|w| *w == t).count() as f64;
                    idf * f * (k1 + 1.0) / (f + k1 * (1.0 - b + b * len_norm))
                })
                .sum()
        })
        .collect()
}

/// The `top` passages that best match `query`, and the query terms found nowhere.
pub fn best_passages(outline: &Outline, query: &str, top: usize) -> Matches {
    let mut terms: Vec<String> = Vec::new();
    for term in tokens(query) {
        if !terms.contains(&term) {
            terms.push(term);
        }
    }
    let all = passages(outline);
    let docs: Vec<Vec<String>> = all
        .iter()
        .map(|p| tokens(&format!("{} {}", p.path.join(" "), p.text)))
        .collect();
    let missing_terms = terms
        .iter()
        .filter(|t| !docs.iter().any(|d| d.contains(t)))
        .cloned()
        .collect();
    let scores = bm25(&docs, &terms, K1, B);
    let mut ranked: Vec<(usize, f64)> = scores.into_iter().enumerate().filter(|(_, s)| *s > 0.0).collect();
    ranked.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    ranked.truncate(top);
    Matches {
        passages: ranked.into_iter().map(|(i, score)| (all[i].clone(), score)).collect(),
        missing_terms,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn bm25_known_scores() {
        // N = 3, avgdl = 2. "kirsche": n = 1, idf = ln(1 + 2.5/1.5) = ln(8/3).
        // d3 (|d| = 3, f = 2): 2·2.2 / (2 + 1.2·(0.25 + 0.75·1.5)) = 4.4/3.65.
        let docs = vec![words("apfel birne"), words("apfel"), words("kirsche kirsche banane")];
        let scores = bm25(&docs, &words("kirsche"), K1, B);
        let expected = (8.0f64 / 3.0).ln() * 4.4 / 3.65;
        assert_eq!(scores[0], 0.0);
        assert_eq!(scores[1], 0.0);
        assert!((scores[2] - expected).abs() < 1e-12, "{scores:?}");
        assert!((scores[2] - 1.182_369_4).abs() < 1e-6, "{scores:?}");
        // "apfel": n = 2, idf = ln(1 + 1.5/2.5) = ln(1.6). The shorter
        // document scores higher: d2 (|d| = 1) 2.2/(1 + 1.2·0.625) = 2.2/1.75,
        // d1 (|d| = 2) 2.2/2.2 = 1.
        let scores = bm25(&docs, &words("apfel"), K1, B);
        assert!((scores[0] - 1.6f64.ln()).abs() < 1e-12);
        assert!((scores[1] - 1.6f64.ln() * 2.2 / 1.75).abs() < 1e-12);
        assert!(scores[1] > scores[0]);
        // Two terms add up; an unknown term adds nothing.
        let both = bm25(&docs, &words("apfel kirsche quitte"), K1, B);
        assert!((both[2] - expected).abs() < 1e-12);
        assert!((both[0] - 1.6f64.ln()).abs() < 1e-12);
        assert!(bm25(&[], &words("x"), K1, B).is_empty());
    }

    #[test]
    fn headings_ignore_code_and_non_headings() {
        let text = "Vorwort\n\n# Titel\nText\n## A ##\n```sh\n# kein Titel\n## auch nicht\n```\n#ohne Leerzeichen\n    # eingerückt\n### B\n~~~\n# nein\n~~~\n## C\n";
        let o = outline(text);
        let got: Vec<(usize, &str)> = o.headings.iter().map(|h| (h.level, h.title.as_str())).collect();
        assert_eq!(got, [(1, "Titel"), (2, "A"), (3, "B"), (2, "C")]);
        assert_eq!(o.preamble, "Vorwort");
        assert_eq!(o.bodies[0], "Text");
        assert!(o.bodies[1].contains("# kein Titel"));
        assert!(o.bodies[1].contains("#ohne Leerzeichen"));
        assert_eq!(main_level(&o.headings), Some(2));
    }

    #[test]
    fn main_level_is_the_shallowest_used_twice() {
        let h = |level| Heading {
            level,
            title: String::new(),
        };
        assert_eq!(main_level(&[h(1), h(2), h(3), h(3), h(2)]), Some(2));
        assert_eq!(main_level(&[h(1), h(3), h(3), h(2)]), Some(3));
        assert_eq!(main_level(&[h(1), h(1), h(2), h(2)]), Some(1));
        assert_eq!(main_level(&[h(1), h(2)]), None);
        assert_eq!(main_level(&[]), None);
    }

    #[test]
    fn sections_take_their_subsections_and_the_title_goes_to_the_preamble() {
        let o = outline("# T\nEinleitung\n## A\na\n### A1\na1\n## B\nb\n");
        let (preamble, sections) = sections(&o);
        assert_eq!(preamble, "Einleitung");
        assert_eq!(sections.len(), 2);
        assert_eq!(sections[0].title, "A");
        assert_eq!(sections[0].text, "a\n\n### A1\n\na1");
        assert_eq!(
            sections[1],
            Section {
                title: "B".into(),
                text: "b".into()
            }
        );
        // No main level: everything is the preamble.
        let (preamble, sections) = super::sections(&outline("Nur Text.\n\nZweiter Absatz."));
        assert_eq!(preamble, "Nur Text.\n\nZweiter Absatz.");
        assert!(sections.is_empty());
    }

    #[test]
    fn passages_join_short_paragraphs_within_one_heading() {
        let row = "| Land | 8 | Thema |";
        let long = "x".repeat(250);
        let text = format!("# T\n## A\n{row}\n\n{row}\n\n{long}\n\nkurz\n## B\nnur kurz\n### B1\n{long}");
        let p = passages(&outline(&text));
        let got: Vec<(Vec<&str>, usize)> = p
            .iter()
            .map(|p| (p.path.iter().map(String::as_str).collect(), p.text.chars().count()))
            .collect();
        // A: the two rows and the long paragraph make one run, "kurz" joins it.
        assert_eq!(got[0], (vec!["T", "A"], 2 * row.len() + 250 + 4 + 2 + 4));
        assert!(p[0].text.ends_with("\n\nkurz"));
        // B is shorter than a passage; B1 is its own passage (runs never cross a heading).
        assert_eq!(got[1], (vec!["T", "B"], "nur kurz".len()));
        assert_eq!(got[2], (vec!["T", "B", "B1"], 250));
        assert_eq!(p.len(), 3);
    }

    #[test]
    fn best_passages_rank_and_report_missing_terms() {
        let filler = "Allgemeine Hinweise zur Arbeit mit den Materialien der Sammlung im Unterricht. ".repeat(3);
        let text = format!(
            "# T\n## Lehrplan Bayern\n{filler}Bayern Bayern.\n## Lehrplan Sachsen\n{filler}Sachsen.\n## Methoden\n{filler}"
        );
        let m = best_passages(&outline(&text), "Bayern und Quanten Lehrplan", 8);
        assert_eq!(m.missing_terms, ["quanten"]);
        // "lehrplan" is in two headings, "bayern" only in one: Bayern first.
        assert_eq!(m.passages.len(), 2);
        assert_eq!(m.passages[0].0.path, ["T", "Lehrplan Bayern"]);
        assert_eq!(m.passages[1].0.path, ["T", "Lehrplan Sachsen"]);
        assert!(m.passages[0].1 > m.passages[1].1);
        let none = best_passages(&outline(&text), "der und", 8);
        assert!(none.passages.is_empty() && none.missing_terms.is_empty());
        assert_eq!(best_passages(&outline(&text), "Hinweise", 1).passages.len(), 1);
    }
}
