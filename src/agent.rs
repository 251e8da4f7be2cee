//! Resources, prompts and argument completion: the parts of the MCP surface
//! besides the tools that help an agent get started.
//!
//! - **Resources**: the six vocabularies as `wlo://vocabulary/<name>` (JSON
//!   `{vocabulary, entries:[{uri,label,aliases}]}`, from the compiled-in
//!   tables) and the subject portals as `wlo://portals` (the one resource that
//!   reads upstream, and only when it is read), plus the template
//!   `wlo://vocabulary/{vocabulary}`.
//! - **Prompts** (German): `unterrichtsmaterial_finden`, `fachportal_erkunden`
//!   and `themenseite_finden`. Each returns one user message telling the model
//!   which tools to call with which arguments.
//! - **Completion**: the prompts' subject, level, material-type and audience
//!   arguments complete from the vocabularies ([`vocab::complete`]: prefix-,
//!   word- and alias-aware, umlaut-folded, in vocabulary order), the template
//!   variable from the vocabulary names. Anything unknown completes to nothing.
//!
//! Listing, prompts and completion never touch the network.

use std::fmt::Write;
use std::sync::Arc;

use rmcp::ErrorData;
use rmcp::model::{
    CompleteRequestParams, CompletionInfo, GetPromptResult, JsonObject, Prompt, PromptArgument, PromptMessage,
    ReadResourceResult, Reference, Resource, ResourceContents, ResourceTemplate, Role,
};
use serde_json::{Value, json};

use crate::app::App;
use crate::search::ranking::sort_by_title;
use crate::upstream::{CallScope, ChildFilter, Node, Props};
use crate::vocab::{self, Vocabulary};

/// URI prefix of the vocabulary resources.
pub const VOCABULARY_PREFIX: &str = "wlo://vocabulary/";
/// The resource template of the vocabularies.
pub const VOCABULARY_TEMPLATE: &str = "wlo://vocabulary/{vocabulary}";
/// The subject portals resource.
pub const PORTALS_URI: &str = "wlo://portals";
/// MIME type of every resource.
pub const JSON_MIME: &str = "application/json";
/// At most this many completion values per answer (MCP limit).
pub const MAX_COMPLETIONS: usize = CompletionInfo::MAX_VALUES;
/// At most this many portals are read from the root.
const MAX_PORTALS: u32 = 100;

// ---------------------------------------------------------------------------------------------
// Resources
// ---------------------------------------------------------------------------------------------

/// The URI of a vocabulary resource.
pub fn vocabulary_uri(vocabulary: Vocabulary) -> String {
    format!("{VOCABULARY_PREFIX}{}", vocabulary.name())
}

/// `resources/list`: the six vocabularies, then the portals. No network.
pub fn resources() -> Vec<Resource> {
    let mut out: Vec<Resource> = Vocabulary::ALL
        .into_iter()
        .map(|v| {
            Resource::new(vocabulary_uri(v), format!("vocabulary-{}", v.name()))
                .with_title(format!("WLO-Vokabular: {}", v.german_name()))
                .with_description(format!(
                    "Values of the WLO vocabulary '{}' ({}): uri, German label, aliases. Filter arguments accept the label, an alias or the uri.",
                    v.name(),
                    v.german_name()
                ))
                .with_mime_type(JSON_MIME)
                .with_size(vocabulary_text(v).len() as u64)
        })
        .collect();
    out.push(
        Resource::new(PORTALS_URI, "subject-portals")
            .with_title("WLO-Fachportale")
            .with_description(
                "The WLO subject portals (Fachportale) with nodeId and title, German alphabetical order; read live from WLO. Pass a nodeId to browse_collection_tree.",
            )
            .with_mime_type(JSON_MIME),
    );
    out
}

/// `resources/templates/list`: the vocabulary template.
pub fn resource_templates() -> Vec<ResourceTemplate> {
    let names: Vec<&str> = Vocabulary::ALL.iter().map(|v| v.name()).collect();
    vec![
        ResourceTemplate::new(VOCABULARY_TEMPLATE, "vocabulary")
            .with_title("WLO-Vokabular")
            .with_description(format!(
                "One WLO vocabulary as JSON; vocabulary is one of {}.",
                names.join(", ")
            ))
            .with_mime_type(JSON_MIME),
    ]
}

/// The JSON document of a vocabulary resource.
pub fn vocabulary_document(vocabulary: Vocabulary) -> Value {
    let entries: Vec<Value> = vocabulary
        .entries()
        .iter()
        .map(|e| json!({"uri": e.uri, "label": e.label, "aliases": e.aliases}))
        .collect();
    json!({"vocabulary": vocabulary.name(), "entries": entries})
}

fn vocabulary_text(vocabulary: Vocabulary) -> String {
    vocabulary_document(vocabulary).to_string()
}

/// The vocabulary a resource URI names (`wlo://vocabulary/<name>`, name case-insensitive).
pub fn vocabulary_of_uri(uri: &str) -> Option<Vocabulary> {
    let rest = uri.trim().strip_prefix(VOCABULARY_PREFIX)?;
    Vocabulary::parse(rest)
}

/// `resources/read`. Unknown URI → -32002 "Resource not found".
pub async fn read_resource(app: &App, uri: &str) -> Result<ReadResourceResult, ErrorData> {
    if let Some(vocabulary) = vocabulary_of_uri(uri) {
        let contents =
            ResourceContents::text(vocabulary_text(vocabulary), vocabulary_uri(vocabulary)).with_mime_type(JSON_MIME);
        return Ok(ReadResourceResult::new(vec![contents]));
    }
    if uri.trim() == PORTALS_URI {
        let document = portals_document(app).await?;
        let contents = ResourceContents::text(document.to_string(), PORTALS_URI).with_mime_type(JSON_MIME);
        return Ok(ReadResourceResult::new(vec![contents]));
    }
    Err(ErrorData::resource_not_found(
        "Resource not found",
        Some(json!({"uri": uri})),
    ))
}

/// The portals document: the root's sub-collections, German alphabetical order.
async fn portals_document(app: &App) -> Result<Value, ErrorData> {
    let root = app.config.root_collection_id.clone();
    let scope = CallScope::new(app.config.tool_deadline);
    let read = scope.run(
        app.upstream
            .children(&root, ChildFilter::Folders, MAX_PORTALS, 0, Props::Display),
    );
    let listing = match tokio::time::timeout(app.config.tool_deadline, read).await {
        Ok(Ok(listing)) => listing,
        Ok(Err(error)) => {
            tracing::warn!(resource = PORTALS_URI, error = %error, "resource read failed");
            return Err(ErrorData::internal_error(
                format!(
                    "Die Fachportale konnten nicht von WLO gelesen werden: {}",
                    error.german()
                ),
                None,
            ));
        }
        Err(_) => {
            return Err(ErrorData::internal_error(
                "Zeitüberschreitung beim Lesen der Fachportale von WLO.",
                None,
            ));
        }
    };
    let mut nodes: Vec<Node> = Arc::unwrap_or_clone(listing)
        .nodes
        .into_iter()
        .filter(|n| !n.id().is_empty() && !is_page_technical(n))
        .collect();
    sort_by_title(&mut nodes);
    let portals: Vec<Value> = nodes
        .iter()
        .map(|node| {
            let card = app.format(node);
            json!({
                "nodeId": card.node_id,
                "title": card.title,
                "description": card.description,
                "url": card.url,
                "topicPageUrl": card.topic_page_url,
            })
        })
        .collect();
    Ok(json!({"rootNodeId": root, "total": portals.len(), "portals": portals}))
}

/// Topic-page config folders and page variants are folders, but no portals.
fn is_page_technical(node: &Node) -> bool {
    let technical = |name: &str| {
        let upper = name.trim().to_ascii_uppercase();
        upper.starts_with("PAGE_CONFIG") || upper.starts_with("PAGE_VARIANT")
    };
    technical(&node.name)
        || node.first("cm:name").is_some_and(technical)
        || node.first("ccm:page_config").is_some()
        || node.first("ccm:page_variant_config").is_some()
}

// ---------------------------------------------------------------------------------------------
// Prompts
// ---------------------------------------------------------------------------------------------

/// Find teaching material on a topic.
pub const PROMPT_MATERIAL: &str = "unterrichtsmaterial_finden";
/// Explore a subject portal.
pub const PROMPT_PORTAL: &str = "fachportal_erkunden";
/// Find a topic page.
pub const PROMPT_TOPIC_PAGE: &str = "themenseite_finden";

/// A prompt argument that completes from a vocabulary.
fn vocabulary_argument(prompt: &str, argument: &str) -> Option<Vocabulary> {
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

// ---------------------------------------------------------------------------------------------
// Completion
// ---------------------------------------------------------------------------------------------

/// `completion/complete`. Unknown references or arguments complete to nothing.
pub fn complete(request: &CompleteRequestParams) -> CompletionInfo {
    let argument = &request.argument;
    match &request.r#ref {
        Reference::Prompt(prompt) => match vocabulary_argument(&prompt.name, &argument.name) {
            Some(vocabulary) => page(vocab::complete(vocabulary, &argument.value, usize::MAX)),
            None => page(Vec::new()),
        },
        Reference::Resource(resource) if resource.uri == VOCABULARY_TEMPLATE && argument.name == "vocabulary" => {
            let prefix = argument.value.trim().to_lowercase();
            page(
                Vocabulary::ALL
                    .iter()
                    .map(|v| v.name())
                    .filter(|name| name.to_lowercase().starts_with(&prefix))
                    .map(str::to_string)
                    .collect(),
            )
        }
        _ => page(Vec::new()),
    }
}

/// The first [`MAX_COMPLETIONS`] values with `total` and `hasMore`.
fn page(mut values: Vec<String>) -> CompletionInfo {
    let total = values.len();
    values.truncate(MAX_COMPLETIONS);
    let mut info = CompletionInfo::default();
    info.has_more = Some(total > values.len());
    info.total = Some(u32::try_from(total).unwrap_or(u32::MAX));
    info.values = values;
    info
}

#[cfg(test)]
mod tests {
    use super::*;

    fn prompt_ref(name: &str, argument: &str, value: &str) -> CompleteRequestParams {
        CompleteRequestParams::new(
            Reference::for_prompt(name),
            rmcp::model::ArgumentInfo::new(argument, value),
        )
    }

    #[test]
    fn vocabulary_uris_round_trip() {
        for v in Vocabulary::ALL {
            assert_eq!(vocabulary_of_uri(&vocabulary_uri(v)), Some(v));
        }
        assert_eq!(vocabulary_of_uri("wlo://vocabulary/nope"), None);
        assert_eq!(vocabulary_of_uri("wlo://portals"), None);
    }

    #[test]
    fn completion_pages_and_limits() {
        let all = complete(&prompt_ref(PROMPT_MATERIAL, "fach", ""));
        assert_eq!(all.values.len() as u32, all.total.unwrap().min(100));
        let sek = complete(&prompt_ref(PROMPT_MATERIAL, "bildungsstufe", "Sek"));
        assert_eq!(sek.values, vec!["Sekundarstufe I", "Sekundarstufe II"]);
        assert_eq!(sek.has_more, Some(false));
        let none = complete(&prompt_ref("nope", "fach", "Mat"));
        assert!(none.values.is_empty());
        assert_eq!(none.total, Some(0));
        let many = page((0..150).map(|i| i.to_string()).collect());
        assert_eq!(
            (many.values.len(), many.total, many.has_more),
            (100, Some(150), Some(true))
        );
    }

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
