//! `lookup_wlo_vocabulary`: the filter vocabularies, from the compiled-in tables.

use std::fmt::Write;

use super::{Args, ToolResponse, ToolSpec, schema};
use crate::app::App;
use crate::vocab::{self, Vocabulary};

pub const NAME: &str = "lookup_wlo_vocabulary";

pub fn spec() -> ToolSpec {
    let names: Vec<&str> = Vocabulary::ALL.iter().map(|v| v.name()).collect();
    ToolSpec {
        name: NAME,
        title: "WLO-Vokabular nachschlagen",
        description: "List the values of a WLO filter vocabulary (labels, aliases, URIs): educationalContext (Bildungsstufe), discipline (Fach), userRole (Zielgruppe), lrt (Ressourcentyp: Arbeitsblatt, Video …), license (Lizenz), targetGroup (Themenseiten-Zielgruppe). Use it to map free user wording to a filter value before searching. No repository call. Optional `query` narrows the list.",
        input_schema: schema::object(
            vec![
                ("vocabulary", schema::string_enum("Which vocabulary to list.", &names)),
                (
                    "query",
                    schema::string_max("Only entries whose label, alias or URI contains this text.", 200),
                ),
            ],
            &["vocabulary"],
        ),
    }
}

pub async fn call(_app: &App, args: Args) -> ToolResponse {
    match render(&args) {
        Ok(response) => response,
        Err(error) => error.into(),
    }
}

fn render(args: &Args) -> Result<ToolResponse, super::ArgError> {
    let names: Vec<&'static str> = Vocabulary::ALL.iter().map(|v| v.name()).collect();
    let name = args.choice("vocabulary", &names)?.ok_or_else(|| {
        super::ArgError(format!(
            "Fehlender Pflichtparameter vocabulary. Erlaubt: {}.",
            names.join(", ")
        ))
    })?;
    let Some(vocabulary) = Vocabulary::parse(name) else {
        return Err(super::ArgError(format!(
            "Unbekanntes Vokabular. Erlaubt: {}.",
            names.join(", ")
        )));
    };
    let query = args.optional_text("query", 200)?;
    let needle = query.as_deref().map(fold);
    let entries: Vec<&vocab::Entry> = vocabulary
        .entries()
        .iter()
        .filter(|e| match &needle {
            None => true,
            Some(n) => {
                fold(&e.label).contains(n.as_str())
                    || fold(&e.uri).contains(n.as_str())
                    || e.aliases.iter().any(|a| fold(a).contains(n.as_str()))
            }
        })
        .collect();

    let mut out = String::new();
    let _ = write!(
        out,
        "# Vokabular {} ({}): {} Einträge",
        vocabulary.name(),
        vocabulary.german_name(),
        entries.len()
    );
    if let Some(q) = &query {
        let _ = write!(out, " für „{}“", q);
    }
    out.push('\n');
    if entries.is_empty() {
        let _ = writeln!(
            out,
            "Keine Einträge gefunden. Ohne `query` aufrufen, um alle Werte zu sehen."
        );
    }
    for entry in entries {
        if entry.aliases.is_empty() {
            let _ = writeln!(out, "- **{}**", entry.label);
        } else {
            let _ = writeln!(out, "- **{}** | Aliases: {}", entry.label, entry.aliases.join(", "));
        }
        let _ = writeln!(out, "  URI: {}", entry.uri);
    }
    Ok(ToolResponse::text(out.trim_end().to_string()))
}

fn fold(s: &str) -> String {
    s.to_lowercase()
        .replace('ä', "a")
        .replace('ö', "o")
        .replace('ü', "u")
        .replace('ß', "ss")
}
