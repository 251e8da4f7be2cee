//! Splicing a generated Markdown report into a document that also holds
//! hand-written sections (`docs/relevance.md`: the program's output, then
//! "## Analysis" by hand).
//!
//! A document is cut into sections at its level-2 headings (`## …`); the text
//! before the first heading is the preamble. Every section of the report
//! replaces the document's section with the same heading line (the preamble
//! replaces the preamble); a section the document lacks goes in before the
//! section headed `insert_before` (or at the end). Everything else, the
//! hand-written sections too, stays as it was.

/// One section: its heading line (`None` for the preamble) and its whole text,
/// heading included.
fn sections(text: &str) -> Vec<(Option<&str>, String)> {
    let mut out: Vec<(Option<&str>, String)> = Vec::new();
    for line in text.split_inclusive('\n') {
        let heading = line.trim_end();
        if heading.starts_with("## ") {
            out.push((Some(heading), String::new()));
        } else if out.is_empty() {
            out.push((None, String::new()));
        }
        if let Some((_, body)) = out.last_mut() {
            body.push_str(line);
        }
    }
    out
}

/// The document with the report's sections in place (see the module docs).
pub fn splice(doc: &str, report: &str, insert_before: &str) -> String {
    let mut parts = sections(doc);
    for (heading, body) in sections(report) {
        if let Some(part) = parts.iter_mut().find(|(h, _)| *h == heading) {
            part.1 = body;
            continue;
        }
        let at = match heading {
            None => 0,
            Some(_) => parts
                .iter()
                .position(|(h, _)| *h == Some(insert_before))
                .unwrap_or(parts.len()),
        };
        parts.insert(at, (heading, body));
    }
    // Every section but the last ends in a blank line, so the next heading
    // stays a heading.
    let last = parts.len().saturating_sub(1);
    let mut out = String::new();
    for (i, (_, body)) in parts.into_iter().enumerate() {
        out.push_str(&body);
        if i < last && !out.ends_with("\n\n") {
            out.push_str(if out.ends_with('\n') { "\n" } else { "\n\n" });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const DOC: &str = "# Title\n\nIntro.\n\n## Summary\n\nold\n\n## Related\n\nrel\n\n## Analysis\n\nBy hand.\n";

    #[test]
    fn a_section_is_replaced_in_place_and_the_rest_kept() {
        let out = splice(DOC, "## Summary\n\nnew\n\n", "## Analysis");
        assert_eq!(
            out,
            "# Title\n\nIntro.\n\n## Summary\n\nnew\n\n## Related\n\nrel\n\n## Analysis\n\nBy hand.\n"
        );
    }

    #[test]
    fn a_new_section_goes_before_the_analysis() {
        let out = splice(DOC, "## Tree\n\nt\n\n### held-out\n\nx\n", "## Analysis");
        assert_eq!(
            out,
            "# Title\n\nIntro.\n\n## Summary\n\nold\n\n## Related\n\nrel\n\n## Tree\n\nt\n\n### held-out\n\nx\n\n## Analysis\n\nBy hand.\n"
        );
        // Run again: replaced, not added twice.
        assert_eq!(splice(&out, "## Tree\n\nt\n\n### held-out\n\nx\n", "## Analysis"), out);
    }

    #[test]
    fn a_full_report_replaces_the_preamble_and_every_generated_section() {
        let out = splice(
            DOC,
            "# Title\n\nNew intro.\n\n## Summary\n\ns\n\n## Related\n\nr\n\n",
            "## Analysis",
        );
        assert_eq!(
            out,
            "# Title\n\nNew intro.\n\n## Summary\n\ns\n\n## Related\n\nr\n\n## Analysis\n\nBy hand.\n"
        );
        // Without the anchor, a new section is appended.
        assert_eq!(
            splice("## A\n\na\n", "## B\n\nb\n", "## Analysis"),
            "## A\n\na\n\n## B\n\nb\n"
        );
    }
}
