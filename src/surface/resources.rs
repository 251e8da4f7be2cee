//! `resources/list`, `resources/templates/list` and `resources/read`: the
//! vocabularies (JSON `{vocabulary, entries:[{uri,label,aliases}]}`, from the
//! compiled-in tables) and the subject portals, read from WLO through
//! [`crate::navigation::portals`] when the resource is read.

use rmcp::ErrorData;
use rmcp::model::{ReadResourceResult, Resource, ResourceContents, ResourceTemplate};
use serde_json::{Value, json};

use crate::app::App;
use crate::navigation::NavError;
use crate::navigation::portals::{self, PortalsQuery};
use crate::tools::{self, messages};
use crate::upstream::UpstreamError;
use crate::vocab::Vocabulary;

/// URI prefix of the vocabulary resources.
pub const VOCABULARY_PREFIX: &str = "wlo://vocabulary/";
/// The resource template of the vocabularies.
pub const VOCABULARY_TEMPLATE: &str = "wlo://vocabulary/{vocabulary}";
/// The subject portals resource.
pub const PORTALS_URI: &str = "wlo://portals";
/// MIME type of every resource.
pub const JSON_MIME: &str = "application/json";

/// The URI of a vocabulary resource.
pub fn vocabulary_uri(vocabulary: Vocabulary) -> String {
    format!("{VOCABULARY_PREFIX}{}", vocabulary.name())
}

/// `resources/list`: the six vocabularies, the portals, then the views
/// (unless `WLO_UI=0`). No network.
pub fn resources(app: &App) -> Vec<Resource> {
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
    out.extend(super::ui::resources(app));
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
    if let Some(contents) = super::ui::read(app, uri) {
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

/// The portals document: the subject portals of [`portals::subject_portals`]
/// (no filter, no counts: one listing of the root), German alphabetical order.
async fn portals_document(app: &App) -> Result<Value, ErrorData> {
    // A resource read has no tool call around it; it runs the way one does.
    let query = PortalsQuery::default();
    let (outcome, _scope) = tools::run_scoped(app, PORTALS_URI, || portals::subject_portals(app, &query)).await;
    let listing = match outcome {
        Ok(Ok(listing)) => listing,
        Ok(Err(error)) => {
            // The resource names what failed upstream, not the root collection.
            let error = match error {
                NavError::NotFound(_) => UpstreamError::NotFound,
                NavError::Upstream(error) => error,
            };
            tracing::warn!(resource = PORTALS_URI, error = %error, "resource read failed");
            return Err(ErrorData::internal_error(messages::portals_failed(&error), None));
        }
        Err(message) => return Err(ErrorData::internal_error(message, None)),
    };
    let portals: Vec<Value> = listing
        .portals
        .iter()
        .map(|portal| {
            let card = app.card(&portal.node);
            json!({
                "nodeId": card.node_id,
                "title": card.title,
                "description": card.description,
                "url": card.url,
                "topicPageUrl": card.topic_page_url,
            })
        })
        .collect();
    let root = &app.config.root_collection_id;
    Ok(json!({"rootNodeId": root, "total": portals.len(), "portals": portals}))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vocabulary_uris_round_trip() {
        for v in Vocabulary::ALL {
            assert_eq!(vocabulary_of_uri(&vocabulary_uri(v)), Some(v));
        }
        assert_eq!(vocabulary_of_uri("wlo://vocabulary/nope"), None);
        assert_eq!(vocabulary_of_uri("wlo://portals"), None);
    }
}
