//! `fetch`: the document half of the `search`/`fetch` convention. One node
//! by id as `{"id","title","text","url","metadata"}`, where `text` is the
//! collection's editorial compendium, else the material's stored full text,
//! else its description.
//! The reads are `navigation::details::document`'s.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;

use super::ToolResponse;
use super::knowledge_search::citation_url;
use super::messages::{self, Kind, Withheld};
use super::params::NodeIdArg;
use crate::app::App;
use crate::card::NodeType;
use crate::navigation::details::{self, TextSource};

pub const NAME: &str = "fetch";
pub const TITLE: &str = "WLO-Text";
pub const DESCRIPTION: &str = "Text of one search result by id: editorial text, full text or description.";

/// Appended where the text was cut.
const CUT_MARK: &str = "\n\n[…gekürzt]";

/// The arguments of `fetch`.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct Params {
    /// nodeId from search.
    id: NodeIdArg,
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
    text_source: &'static str,
}

pub(super) async fn call(app: &App, params: Params) -> ToolResponse {
    let id = params.id.0;
    let document = match details::document(app, &id).await {
        Ok(document) => document,
        Err(error) => {
            return ToolResponse::error(messages::node_unavailable(
                Kind::Node,
                id.as_str(),
                Withheld::MetadataAndText,
                &error,
            ));
        }
    };
    let details::Document {
        node,
        text,
        source,
        cut,
    } = document;
    let card = app.card(&node);
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
            text_source: source_name(source),
        },
    };
    ToolResponse::json(json!(document))
}

/// `metadata.textSource`: where `text` came from.
fn source_name(source: TextSource) -> &'static str {
    match source {
        TextSource::Compendium => "compendium",
        TextSource::Fulltext => "fulltext",
        TextSource::Description => "description",
    }
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
