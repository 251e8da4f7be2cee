//! The data of the MCP Apps views (docs/ui.md), carried in a result's
//! `_meta` under [`META_KEY`] so that the view can draw cards in markdown
//! mode too, without a token of model context.
//!
//! The shapes mirror the JSON documents of the same tools (same keys, fewer
//! fields), so the view reads `structuredContent` and this data alike. A card
//! keeps only what the view shows: title, publisher, labels, authors,
//! licence, the attribution line („Namensnennung kopieren"), links, preview.

use serde::Serialize;
use serde_json::{Value, json};

use crate::card::{FormattedNode, NodeType};

/// The `_meta` key of the view data (namespaced, per the MCP `_meta` rules).
pub const META_KEY: &str = "wirlernenonline.de/view";

/// One card as the view shows it (the keys of [`FormattedNode`]).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ViewCard<'a> {
    node_id: &'a str,
    title: &'a str,
    disciplines: &'a [String],
    educational_contexts: &'a [String],
    learning_resource_types: &'a [String],
    authors: &'a [String],
    license: &'a str,
    attribution: &'a str,
    publisher: &'a str,
    url: &'a str,
    preview_url: &'a str,
    topic_page_url: &'a str,
    node_type: NodeType,
    preview_is_icon: bool,
}

impl<'a> ViewCard<'a> {
    pub fn of(card: &'a FormattedNode) -> ViewCard<'a> {
        ViewCard {
            node_id: &card.node_id,
            title: &card.title,
            disciplines: &card.disciplines,
            educational_contexts: &card.educational_contexts,
            learning_resource_types: &card.learning_resource_types,
            authors: &card.authors,
            license: &card.license,
            attribution: &card.attribution,
            publisher: &card.publisher,
            url: &card.url,
            preview_url: &card.preview_url,
            topic_page_url: &card.topic_page_url,
            node_type: card.node_type,
            preview_is_icon: card.preview_is_icon,
        }
    }

    pub fn list(cards: &'a [FormattedNode]) -> Vec<ViewCard<'a>> {
        cards.iter().map(ViewCard::of).collect()
    }
}

/// Where a page of a list starts and how long it is (`_queryMeta.pagination`).
#[derive(Debug, Clone, Copy)]
pub struct Page {
    pub max_items: u64,
    pub skip_count: u64,
}

/// A list answer: `{total, results, _queryMeta: {toolName, pagination}}`,
/// the keys of the list document that the view reads (it pages with them).
pub fn list(tool: &str, total: u64, results: &[FormattedNode], page: Page) -> Value {
    json!({
        "total": total,
        "results": ViewCard::list(results),
        "_queryMeta": {"toolName": tool, "pagination": {
            "maxItems": page.max_items,
            "skipCount": page.skip_count,
            "totalResults": total,
        }},
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_card_keeps_only_what_the_view_shows() {
        let card = FormattedNode {
            node_id: "n".into(),
            title: "Brüche".into(),
            description: "long text the view does not show".into(),
            keywords: vec!["k".into()],
            preview_url: "https://repo.example/preview?nodeId=n".into(),
            ..FormattedNode::default()
        };
        let value = json!(ViewCard::of(&card));
        let keys: Vec<&str> = value.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(
            keys,
            [
                "nodeId",
                "title",
                "disciplines",
                "educationalContexts",
                "learningResourceTypes",
                "authors",
                "license",
                "attribution",
                "publisher",
                "url",
                "previewUrl",
                "topicPageUrl",
                "nodeType",
                "previewIsIcon"
            ]
        );
        let full = json!(card);
        for key in keys {
            assert_eq!(value[key], full[key], "{key} differs from the JSON card");
        }
        let doc = list(
            "t",
            9,
            std::slice::from_ref(&card),
            Page {
                max_items: 1,
                skip_count: 2,
            },
        );
        assert_eq!(doc["_queryMeta"]["pagination"]["skipCount"], 2);
        assert_eq!(doc["results"][0]["title"], "Brüche");
    }
}
