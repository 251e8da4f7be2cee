//! A collection's compendium text in `get_node_details`: the heading outline
//! always, then the main sections (each capped) or, with `textQuery`, the
//! best-matching passages and the query terms found nowhere.

use std::fmt::Write;

use serde::Serialize;

use crate::card::{one_line, truncate_marked};
use crate::search::compendium::{self, Outline};

/// Each section, the preamble and each passage is cut to this many characters.
pub const SECTION_CHARS: usize = 2000;
/// Passages shown for a `textQuery`.
pub const TOP_PASSAGES: usize = 8;
/// Bounds of one answer: the outline lists at most this many headings, the
/// overview at most this many sections.
const MAX_OUTLINE: usize = 60;
const MAX_SECTIONS: usize = 25;

#[derive(Serialize)]
struct OutlineEntry<'a> {
    level: usize,
    title: &'a str,
}

#[derive(Serialize)]
struct SectionView {
    title: String,
    text: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PassageView {
    heading_path: Vec<String>,
    text: String,
    score: f64,
}

/// The JSON `compendium` object, in documented key order.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CompendiumView<'a> {
    chars: usize,
    outline: Vec<OutlineEntry<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    preamble: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    sections: Option<Vec<SectionView>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    more_sections: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    text_query: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    passages: Option<Vec<PassageView>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    missing_terms: Option<Vec<String>>,
}

/// The text, split and selected once for either format.
pub struct Compendium<'a> {
    text: &'a str,
    outline: Outline,
    query: Option<&'a str>,
}

impl<'a> Compendium<'a> {
    pub fn new(text: &'a str, query: Option<&'a str>) -> Self {
        Compendium {
            text,
            outline: compendium::outline(text),
            query,
        }
    }

    pub fn json(&'a self) -> CompendiumView<'a> {
        let mut view = CompendiumView {
            chars: self.text.chars().count(),
            outline: self
                .outline
                .headings
                .iter()
                .take(MAX_OUTLINE)
                .map(|h| OutlineEntry {
                    level: h.level,
                    title: &h.title,
                })
                .collect(),
            preamble: None,
            sections: None,
            more_sections: None,
            text_query: self.query,
            passages: None,
            missing_terms: None,
        };
        match self.query {
            Some(query) => {
                let matches = compendium::best_passages(&self.outline, query, TOP_PASSAGES);
                view.missing_terms = Some(matches.missing_terms);
                view.passages = Some(
                    matches
                        .passages
                        .into_iter()
                        .map(|(p, score)| PassageView {
                            text: truncate_marked(&p.text, SECTION_CHARS),
                            heading_path: p.path,
                            score: (score * 1000.0).round() / 1000.0,
                        })
                        .collect(),
                );
            }
            None => {
                let (preamble, sections) = compendium::sections(&self.outline);
                view.preamble = Some(truncate_marked(&preamble, SECTION_CHARS));
                view.more_sections = (sections.len() > MAX_SECTIONS).then(|| sections.len() - MAX_SECTIONS);
                view.sections = Some(
                    sections
                        .into_iter()
                        .take(MAX_SECTIONS)
                        .map(|s| SectionView {
                            title: s.title,
                            text: truncate_marked(&s.text, SECTION_CHARS),
                        })
                        .collect(),
                );
            }
        }
        view
    }

    pub fn markdown(&self, out: &mut String) {
        let chars = self.text.chars().count();
        let _ = write!(out, "\n\n### Redaktioneller Text der Sammlung ({chars} Zeichen)");
        let headings = &self.outline.headings;
        if !headings.is_empty() {
            out.push_str("\nGliederung:");
            let top = headings.iter().map(|h| h.level).min().unwrap_or(1);
            for h in headings.iter().take(MAX_OUTLINE) {
                let _ = write!(out, "\n{}- {}", "  ".repeat(h.level - top), one_line(&h.title));
            }
            if headings.len() > MAX_OUTLINE {
                let _ = write!(out, "\n… und {} weitere Überschriften", headings.len() - MAX_OUTLINE);
            }
        }
        match self.query {
            Some(query) => {
                let matches = compendium::best_passages(&self.outline, query, TOP_PASSAGES);
                let _ = write!(out, "\n\nPassagen zu „{}“:", one_line(query));
                if matches.passages.is_empty() {
                    out.push_str("\n(keine passende Passage)");
                }
                for (i, (passage, score)) in matches.passages.iter().enumerate() {
                    let place = if passage.path.is_empty() {
                        "Einleitung".to_string()
                    } else {
                        passage.path.iter().map(|t| one_line(t)).collect::<Vec<_>>().join(" › ")
                    };
                    let _ = write!(
                        out,
                        "\n\n#### {}. {place} (Score {score:.2})\n{}",
                        i + 1,
                        truncate_marked(&passage.text, SECTION_CHARS)
                    );
                }
                if !matches.missing_terms.is_empty() {
                    let _ = write!(out, "\n\nNicht im Text: {}", matches.missing_terms.join(", "));
                }
            }
            None => {
                let (preamble, sections) = compendium::sections(&self.outline);
                if !preamble.is_empty() {
                    let _ = write!(
                        out,
                        "\n\n#### Einleitung\n{}",
                        truncate_marked(&preamble, SECTION_CHARS)
                    );
                }
                for section in sections.iter().take(MAX_SECTIONS) {
                    let _ = write!(
                        out,
                        "\n\n#### {}\n{}",
                        one_line(&section.title),
                        truncate_marked(&section.text, SECTION_CHARS)
                    );
                }
                if sections.len() > MAX_SECTIONS {
                    let _ = write!(
                        out,
                        "\n\n… und {} weitere Abschnitte (mit textQuery gezielt suchen)",
                        sections.len() - MAX_SECTIONS
                    );
                }
            }
        }
    }
}
