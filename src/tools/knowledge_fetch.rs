//! `fetch`: the document half of the `search`/`fetch` convention. One node
//! by id as `{"id","title","text","url","metadata"}`, where `text` is the
//! collection's editorial compendium, else the material's stored full text,
//! else its description.
//!
//! The metadata read and the full-text read go out together. The repository
//! extracts a text on its first read, which can take seconds, so the text
//! read gets only what is left of the tool deadline minus a reserve for
//! answering; a text that has not arrived by then is replaced by the
//! description, never turned into an error.

use std::time::Duration;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;

use super::ToolResponse;
use super::knowledge_search::citation_url;
use super::messages::German;
use super::params::NodeId;
use crate::app::App;
use crate::format::NodeType;
use crate::upstream::{CallScope, Props, UpstreamError};

pub const NAME: &str = "fetch";
pub const TITLE: &str = "WLO-Text";
pub const DESCRIPTION: &str = "Text of one search result by id: editorial text, full text or description.";

/// Time kept back from the text read to answer within the deadline: at most
/// this, and at most a quarter of the deadline.
const ANSWER_RESERVE: Duration = Duration::from_millis(1000);
/// Appended where the text was cut.
const CUT_MARK: &str = "\n\n[…gekürzt]";

/// The arguments of `fetch`.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct Params {
    /// nodeId from search.
    id: NodeId,
}

/// Where `text` came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
enum TextSource {
    Compendium,
    Fulltext,
    Description,
}

/// The answer, in documented key order.
#[derive(Serialize)]
struct Document<'a> {
    id: &'a str,
    title: &'a str,
    text: String,
    url: String,
    metadata: Metadata<'a>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Metadata<'a> {
    disciplines: &'a [String],
    educational_contexts: &'a [String],
    learning_resource_types: &'a [String],
    license: &'a str,
    publisher: &'a str,
    node_type: NodeType,
    text_source: TextSource,
}

pub(super) async fn call(app: &App, params: Params) -> ToolResponse {
    let id = params.id;
    let text_budget = CallScope::current().map_or(app.config.tool_deadline, |scope| scope.remaining());
    let text_budget = text_budget.saturating_sub(ANSWER_RESERVE.min(app.config.tool_deadline / 4));
    let text = async {
        // Past the budget the read is dropped: no answer, not a failure.
        let read = app.upstream.text_content(&id, app.config.fetch_max_chars);
        match tokio::time::timeout(text_budget, read).await {
            Ok(Ok(text)) => text,
            Ok(Err(_)) | Err(_) => None,
        }
    };
    let (metadata, text) = futures::join!(app.upstream.metadata(&id, Props::All), text);

    let node = match metadata {
        Ok(node) => node,
        Err(UpstreamError::NotFound) => return ToolResponse::error(format!("Node {id} nicht gefunden.")),
        Err(UpstreamError::Forbidden) => {
            return ToolResponse::error(format!(
                "Node {id} ist nicht öffentlich: WLO gibt Metadaten und Text ohne Anmeldung nicht heraus."
            ));
        }
        Err(error) => return ToolResponse::error(error.german()),
    };
    let compendium = node
        .first("ccm:oeh_collection_compendium_text")
        .filter(|text| node.is_collection() && !text.trim().is_empty());
    // `cut`: the read stopped inside a long stored text.
    let (text, source, cut) = match (compendium, text.filter(|t| !t.text.trim().is_empty())) {
        (Some(compendium), _) => (compendium.to_string(), TextSource::Compendium, false),
        (None, Some(full)) => (full.text, TextSource::Fulltext, full.cut),
        (None, None) => (node.description().to_string(), TextSource::Description, false),
    };
    let card = app.format(&node);
    let document = Document {
        id: id.as_str(),
        title: &card.title,
        text: cap(text.trim(), app.config.fetch_max_chars, cut),
        url: citation_url(app, &card),
        metadata: Metadata {
            disciplines: &card.disciplines,
            educational_contexts: &card.educational_contexts,
            learning_resource_types: &card.learning_resource_types,
            license: &card.license,
            publisher: &card.publisher,
            node_type: card.node_type,
            text_source: source,
        },
    };
    ToolResponse::json(json!(document))
}

/// `text` cut to at most `max` characters, at the last whitespace in the last
/// fifth of that window when there is one, then marked as cut. A text the
/// read already `cut` is marked, too.
fn cap(text: &str, max: usize, cut: bool) -> String {
    let Some((window_end, _)) = text.char_indices().nth(max) else {
        return match cut {
            true => format!("{text}{CUT_MARK}"),
            false => text.to_string(),
        };
    };
    let window = &text[..window_end];
    let fifth_start = window.char_indices().nth(max - max / 5).map_or(0, |(at, _)| at);
    let cut = window[fifth_start..]
        .rfind(char::is_whitespace)
        .map_or(window_end, |at| fifth_start + at);
    format!("{}{CUT_MARK}", text[..cut].trim_end())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_texts_are_unchanged() {
        assert_eq!(cap("kurz", 10, false), "kurz");
        assert_eq!(cap("genau zehn", 10, false), "genau zehn");
        assert_eq!(cap("", 10, false), "");
        // Cut by the read: marked even when short enough.
        assert_eq!(cap("Anfang", 10, true), format!("Anfang{CUT_MARK}"));
        assert_eq!(cap(&"x".repeat(30), 20, true), format!("{}{CUT_MARK}", "x".repeat(20)));
    }

    #[test]
    fn long_texts_are_cut_at_a_space_in_the_last_fifth() {
        // 20-char window; the last fifth is chars 16..20.
        let text = "aaaa bbbb cccc ddd eeee ffff";
        assert_eq!(cap(text, 20, false), format!("aaaa bbbb cccc ddd{CUT_MARK}"));
        // A space only before the last fifth: a hard cut at the window.
        let text = "aaaa bbbbbbbbbbbbbbbbbbbbbbbb";
        assert_eq!(cap(text, 20, false), format!("aaaa bbbbbbbbbbbbbbb{CUT_MARK}"));
        // No space at all.
        assert_eq!(cap(&"x".repeat(30), 20, false), format!("{}{CUT_MARK}", "x".repeat(20)));
    }

    #[test]
    fn the_cut_counts_characters_not_bytes() {
        let text = "ä".repeat(30);
        assert_eq!(cap(&text, 20, false), format!("{}{CUT_MARK}", "ä".repeat(20)));
        let text = format!("{} {}", "ö".repeat(17), "ü".repeat(10));
        assert_eq!(cap(&text, 20, false), format!("{}{CUT_MARK}", "ö".repeat(17)));
    }
}
