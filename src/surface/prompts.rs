//! `prompts/list` and `prompts/get`: three German prompts, each one user
//! message telling the model which tools to call with which arguments.
//! Filter arguments are passed on as vocabulary labels when they resolve.

use std::fmt::Write;

use rmcp::ErrorData;
use rmcp::model::{GetPromptResult, JsonObject, Prompt, PromptArgument, PromptMessage, Role};
use serde_json::{Value, json};

use crate::vocab::{self, Vocabulary};

/// Find teaching material on a topic.
pub const PROMPT_MATERIAL: &str = "unterrichtsmaterial_finden";
/// Explore a subject portal.
pub const PROMPT_PORTAL: &str = "fachportal_erkunden";
/// Find a topic page.
pub const PROMPT_TOPIC_PAGE: &str = "themenseite_finden";

/// A prompt argument that completes from a vocabulary.
pub(super) fn vocabulary_argument(prompt: &str, argument: &str) -> Option<Vocabulary> {
    match (prompt, argument) {
        (PROMPT_MATERIAL | PROMPT_PORTAL, "fach") => Some(Vocabulary::Discipline),
        (PROMPT_MATERIAL | PROMPT_TOPIC_PAGE, "bildungsstufe") => Some(Vocabulary::EducationalContext),
        (PROMPT_MATERIAL, "materialart") => Some(Vocabulary::Lrt),
        (PROMPT_TOPIC_PAGE, "zielgruppe") => Some(Vocabulary::TargetGroup),
        _ => None,
    }
}

fn argument(name: &str, title: &str, description: &str, required: bool) -> PromptArgument {
    PromptArgument::new(name)
        .with_title(title)
        .with_description(description)
        .with_required(required)
}

/// `prompts/list`.
pub fn prompts() -> Vec<Prompt> {
    vec![
        Prompt::new(
            PROMPT_MATERIAL,
            Some("Offenes Unterrichtsmaterial (OER) zu einem Thema auf WirLernenOnline finden, optional nach Fach, Bildungsstufe und Materialart gefiltert."),
            Some(vec![
                argument("thema", "Thema", "Worum es gehen soll, z. B. \"Bruchrechnung\" oder \"Photosynthese\".", true),
                argument("fach", "Fach", "Schulfach, z. B. \"Mathematik\" (Vervollständigung verfügbar).", false),
                argument("bildungsstufe", "Bildungsstufe", "z. B. \"Sekundarstufe I\" (Vervollständigung verfügbar).", false),
                argument("materialart", "Materialart", "z. B. \"Arbeitsblatt\" oder \"Video\" (Vervollständigung verfügbar).", false),
            ]),
        )
        .with_title("Unterrichtsmaterial finden"),
        Prompt::new(
            PROMPT_PORTAL,
            Some("Ein WLO-Fachportal Schritt für Schritt erkunden: Portal wählen, Sammlungsbaum ansehen, Inhalte einer Sammlung zeigen."),
            Some(vec![argument(
                "fach",
                "Fach",
                "Fach des Portals, z. B. \"Biologie\"; leer: alle Fachportale zur Auswahl zeigen.",
                false,
            )]),
        )
        .with_title("Fachportal erkunden"),
        Prompt::new(
            PROMPT_TOPIC_PAGE,
            Some("Eine kuratierte WLO-Themenseite zu einem Thema finden, optional für eine Zielgruppe und Bildungsstufe."),
            Some(vec![
                argument("thema", "Thema", "Thema der Themenseite, z. B. \"Klimawandel\".", true),
                argument("zielgruppe", "Zielgruppe", "Lehrkräfte, Lernende oder Allgemein.", false),
                argument("bildungsstufe", "Bildungsstufe", "z. B. \"Primarstufe\".", false),
            ]),
        )
        .with_title("Themenseite finden"),
    ]
}

/// The trimmed, non-empty string value of a prompt argument.
fn text_argument(arguments: &JsonObject, name: &str) -> Option<String> {
    let value = match arguments.get(name)? {
        Value::String(s) => s.trim().to_string(),
        Value::Null => return None,
        other => other.to_string(),
    };
    (!value.is_empty()).then_some(value)
}

/// A filter value as the tools should receive it: the vocabulary label when the
/// input resolves, else the input as given (with a note for the model).
struct FilterValue {
    value: String,
    known: bool,
}

fn filter_value(vocabulary: Vocabulary, input: &str) -> FilterValue {
    let label = vocab::resolve(vocabulary, input).and_then(|uri| {
        vocabulary
            .entries()
            .iter()
            .find(|e| e.uri == uri)
            .map(|e| e.label.clone())
    });
    match label {
        Some(value) => FilterValue { value, known: true },
        None => FilterValue {
            value: input.to_string(),
            known: false,
        },
    }
}

/// The target-group slug the topic-page tool expects (`teacher`, `learner`, `general`).
fn target_group_value(input: &str) -> Option<String> {
    vocab::resolve(Vocabulary::TargetGroup, input)
        .filter(|slug| Vocabulary::TargetGroup.entries().iter().any(|e| &e.uri == slug))
}

/// A JSON string literal for the message text.
fn quoted(value: &str) -> String {
    Value::String(value.to_string()).to_string()
}

/// `prompts/get`. Unknown prompt or missing required argument → invalid params.
pub fn get_prompt(name: &str, arguments: Option<JsonObject>) -> Result<GetPromptResult, ErrorData> {
    let arguments = arguments.unwrap_or_default();
    let required = |key: &str| {
        text_argument(&arguments, key).ok_or_else(|| {
            ErrorData::invalid_params(
                format!("Missing required argument: {key}"),
                Some(json!({"prompt": name, "argument": key})),
            )
        })
    };
    let (description, text) = match name {
        PROMPT_MATERIAL => {
            let topic = required("thema")?;
            let filters = [
                ("fach", "discipline", Vocabulary::Discipline),
                ("bildungsstufe", "educationalContext", Vocabulary::EducationalContext),
                ("materialart", "learningResourceType", Vocabulary::Lrt),
            ];
            let given: Vec<(&str, FilterValue)> = filters
                .iter()
                .filter_map(|(arg, param, v)| {
                    text_argument(&arguments, arg).map(|input| (*param, filter_value(*v, &input)))
                })
                .collect();
            (
                format!("Unterrichtsmaterial zu „{topic}“ finden"),
                material_text(&topic, &given),
            )
        }
        PROMPT_PORTAL => {
            let subject = text_argument(&arguments, "fach").map(|s| filter_value(Vocabulary::Discipline, &s));
            let description = match &subject {
                Some(s) => format!("Fachportal „{}“ erkunden", s.value),
                None => "Fachportale erkunden".to_string(),
            };
            (description, portal_text(subject.as_ref()))
        }
        PROMPT_TOPIC_PAGE => {
            let topic = required("thema")?;
            let group = text_argument(&arguments, "zielgruppe");
            let level =
                text_argument(&arguments, "bildungsstufe").map(|s| filter_value(Vocabulary::EducationalContext, &s));
            (
                format!("Themenseite zu „{topic}“ finden"),
                topic_page_text(&topic, group.as_deref(), level.as_ref()),
            )
        }
        _ => {
            return Err(ErrorData::invalid_params(
                format!("Unknown prompt: {name}"),
                Some(json!({"prompt": name})),
            ));
        }
    };
    Ok(GetPromptResult::new(vec![PromptMessage::new_text(Role::User, text)]).with_description(description))
}

fn material_text(topic: &str, filters: &[(&str, FilterValue)]) -> String {
    let mut call = format!("query={}", quoted(topic));
    for (param, value) in filters {
        let _ = write!(call, ", {param}={}", quoted(&value.value));
    }
    let mut text = format!(
        "Finde auf WirLernenOnline (WLO) offenes Unterrichtsmaterial (OER) zum Thema „{topic}“.\n\n\
         1. Rufe search_wlo_content auf mit {call}.\n"
    );
    for (param, value) in filters.iter().filter(|(_, v)| !v.known) {
        let _ = writeln!(
            text,
            "   Hinweis: „{}“ ist kein bekannter Wert für {param}; prüfe ihn mit lookup_wlo_vocabulary oder lass den Filter weg.",
            value.value
        );
    }
    text.push_str(
        "2. Gibt es zu wenige Treffer, wiederhole die Suche ohne learningResourceType bzw. mit einem allgemeineren Begriff, \
         oder nutze search_wlo_all (Materialien, Sammlungen und Themenseiten in einem Aufruf).\n\
         3. Stelle die besten Treffer als Liste dar: Titel, ein Satz Beschreibung, Materialart, Lizenz und Link. \
         Brauchst du Details zu mehreren Treffern, rufe einmal get_nodes_details mit allen nodeIds auf.\n\n\
         Alle Ergebnisse sind öffentliche OER-Metadaten von WLO; erfinde keine Materialien oder Links.",
    );
    text
}

fn portal_text(subject: Option<&FilterValue>) -> String {
    let first = match subject {
        Some(s) => format!(
            "1. Rufe get_subject_portals auf und suche das Fachportal „{}“ heraus (dessen nodeId). \
             Gibt es kein passendes Portal, nenne die vorhandenen Portale und frage nach.\n",
            s.value
        ),
        None => {
            "1. Rufe get_subject_portals auf und zeige die Fachportale zur Auswahl. Warte auf die Wahl des Nutzers.\n"
                .to_string()
        }
    };
    let mut text = String::from("Erkunde ein Fachportal auf WirLernenOnline (WLO).\n\n");
    text.push_str(&first);
    text.push_str(
        "2. Rufe browse_collection_tree mit nodeId=<nodeId des Portals>, depth=1 und includeContentCounts=true auf \
         und stelle die Sammlungen als übersichtliche Gliederung dar.\n\
         3. Wählt der Nutzer eine Sammlung, zeige ihre Inhalte mit get_collection_contents (nodeId der Sammlung); \
         für tiefere Ebenen wieder browse_collection_tree.\n\n\
         Alle Ergebnisse sind öffentliche OER-Metadaten von WLO.",
    );
    text
}

fn topic_page_text(topic: &str, group: Option<&str>, level: Option<&FilterValue>) -> String {
    let mut call = format!("query={}", quoted(topic));
    let mut notes = String::new();
    if let Some(group) = group {
        match target_group_value(group) {
            Some(slug) => {
                let _ = write!(call, ", targetGroup={}", quoted(&slug));
            }
            None => {
                let _ = writeln!(
                    notes,
                    "   Hinweis: „{group}“ ist keine bekannte Zielgruppe (teacher, learner, general); der Filter entfällt."
                );
            }
        }
    }
    if let Some(level) = level {
        let _ = write!(call, ", educationalContext={}", quoted(&level.value));
        if !level.known {
            let _ = writeln!(
                notes,
                "   Hinweis: „{}“ ist keine bekannte Bildungsstufe; prüfe sie mit lookup_wlo_vocabulary oder lass den Filter weg.",
                level.value
            );
        }
    }
    format!(
        "Finde auf WirLernenOnline (WLO) eine Themenseite zum Thema „{topic}“.\n\n\
         1. Rufe search_wlo_topic_pages auf mit {call}.\n{notes}\
         2. Findet sich keine Themenseite, suche passende Sammlungen mit search_wlo_collections (query={q}).\n\
         3. Nenne zu jedem Treffer Titel, Zielgruppe der Varianten und den Link zur Themenseite (topicPageUrl).\n\n\
         Alle Ergebnisse sind öffentliche OER-Metadaten von WLO.",
        q = quoted(topic)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prompts_require_their_arguments() {
        let error = get_prompt(PROMPT_MATERIAL, None).unwrap_err();
        assert_eq!(error.code.0, -32602);
        let mut args = JsonObject::new();
        args.insert("thema".into(), json!("Bruchrechnung"));
        args.insert("fach".into(), json!("Mathe"));
        let result = get_prompt(PROMPT_MATERIAL, Some(args)).unwrap();
        let text = serde_json::to_string(&result.messages).unwrap();
        assert!(text.contains("discipline=\\\"Mathematik\\\""), "{text}");
        assert!(get_prompt(PROMPT_PORTAL, None).is_ok());
    }
}
