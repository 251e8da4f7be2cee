//! `lookup_wlo_vocabulary`: the filter vocabularies, from the compiled-in tables.

use std::fmt::Write;

use std::sync::LazyLock;

use schemars::JsonSchema;
use serde::Deserialize;

use super::ToolResponse;
use super::params::{Choices, RequiredChoice, Text};
use crate::app::App;
use crate::vocab::{self, Vocabulary};

pub const NAME: &str = "lookup_wlo_vocabulary";
pub const TITLE: &str = "WLO-Vokabular nachschlagen";
pub const DESCRIPTION: &str = "List the values of a WLO filter vocabulary (labels, aliases, URIs): educationalContext (Bildungsstufe), discipline (Fach), userRole (Zielgruppe), lrt (Ressourcentyp: Arbeitsblatt, Video …), license (Lizenz), targetGroup (Themenseiten-Zielgruppe). Maps user wording to filter values. No repository call; `query` narrows the list.";

/// The arguments of `lookup_wlo_vocabulary`.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct Params {
    /// Which vocabulary to list.
    vocabulary: RequiredChoice<Vocabulary>,
    /// Only entries whose label, alias or URI contains this text.
    #[serde(default)]
    query: Text<200>,
}

impl Choices for Vocabulary {
    fn names() -> &'static [&'static str] {
        static NAMES: LazyLock<Vec<&'static str>> =
            LazyLock::new(|| Vocabulary::ALL.iter().map(|v| v.name()).collect());
        &NAMES
    }

    fn from_index(index: usize) -> Self {
        Vocabulary::ALL[index]
    }
}

pub(super) async fn call(_app: &App, params: Params) -> ToolResponse {
    render(params.vocabulary.0, params.query.0)
}

fn render(vocabulary: Vocabulary, query: Option<String>) -> ToolResponse {
    let needle = query.as_deref().map(vocab::fold);
    let entries: Vec<&vocab::Entry> = vocabulary
        .entries()
        .iter()
        .filter(|e| match &needle {
            None => true,
            Some(n) => {
                vocab::fold(&e.label).contains(n.as_str())
                    || vocab::fold(&e.uri).contains(n.as_str())
                    || e.aliases.iter().any(|a| vocab::fold(a).contains(n.as_str()))
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
    ToolResponse::text(out.trim_end().to_string())
}
