//! `FormattedNode`: the one output shape every tool shares, and its markdown card.
//!
//! The rules (repository-layer contract):
//! - JSON keys in a fixed order; empty values are `""`, `[]`, `false` or `0`,
//!   never null. `fileSize` is a number (the repository sends a string).
//! - Vocabulary fields are labels, never URIs (display path of [`vocab`]).
//! - Licence: `CC BY-SA` plus the version only when the node states one.
//! - Only `http`/`https` URLs are emitted; anything else becomes `""`.
//! - Repository text is neutralised for markdown: one line per field, so a
//!   title with a newline and "## " cannot open a new card.

use serde::Serialize;
use serde_json::{Map, Value};

use crate::attribution::{Reuse, Work, attribution_line};
use crate::node::Node;
use crate::urls;
use crate::vocab::{self, Vocabulary};

/// See the module docs. Field order is the JSON key order.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FormattedNode {
    pub node_id: String,
    pub title: String,
    pub description: String,
    pub keywords: Vec<String>,
    pub disciplines: Vec<String>,
    pub educational_contexts: Vec<String>,
    pub user_roles: Vec<String>,
    pub learning_resource_types: Vec<String>,
    /// The authors (never the repository's editors; see `Node::authors`).
    pub authors: Vec<String>,
    pub license: String,
    /// The licence's deed, `""` when none can be linked (see [`crate::attribution`]).
    pub license_url: String,
    /// The ready attribution line, `""` when the provider's terms apply.
    pub attribution: String,
    pub publisher: String,
    pub url: String,
    pub preview_url: String,
    pub topic_page_url: String,
    pub node_type: NodeType,
    pub download_url: String,
    pub content_url: String,
    pub preview_is_icon: bool,
    pub mime_type: String,
    pub file_size: u64,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum NodeType {
    #[default]
    Content,
    Collection,
}

impl NodeType {
    pub fn german(self) -> &'static str {
        match self {
            NodeType::Content => "Inhalt",
            NodeType::Collection => "Sammlung",
        }
    }
}

/// The value when it is an absolute http(s) URL, else `""` (no `javascript:`, `data:` …).
pub fn safe_url(value: &str) -> String {
    let value = value.trim();
    let lower = value.get(..8).unwrap_or(value).to_ascii_lowercase();
    let ok = (lower.starts_with("https://") || lower.starts_with("http://"))
        && !value.chars().any(|c| c.is_whitespace() || c.is_control());
    if ok { value.to_string() } else { String::new() }
}

/// Labels of a vocabulary property (display path).
pub fn labels(node: &Node, vocabulary: Vocabulary, property: &str) -> Vec<String> {
    let uris = node.prop(property);
    let names = node.prop(&format!("{property}_DISPLAYNAME"));
    vocab::display_labels(vocabulary, uris, names)
}

/// The user-role property, with the rarely set `oeh_` variant as fallback.
pub fn user_role_property(node: &Node) -> &'static str {
    if node.prop("ccm:educationalintendedenduserrole").is_empty()
        && !node.prop("ccm:oeh_intended_end_user_role").is_empty()
    {
        "ccm:oeh_intended_end_user_role"
    } else {
        "ccm:educationalintendedenduserrole"
    }
}

impl FormattedNode {
    /// Format a repository node; `repository_url` builds the topic-page link.
    pub fn from_node(node: &Node, repository_url: &str) -> FormattedNode {
        let node_id = node.id().to_string();
        let key = node.first("ccm:commonlicense_key");
        let version = node.first("ccm:commonlicense_cc_version");
        let license = key.map(|key| vocab::license_label(key, version)).unwrap_or_default();
        let reuse = Reuse::of(key.unwrap_or(""));
        let preview = node.preview.as_ref();
        let topic_page_url = match (node.is_collection(), node.page_config_ref()) {
            (true, Some(_)) => urls::topic_page(repository_url, &node_id),
            _ => String::new(),
        };
        let mut card = FormattedNode {
            title: node.display_title().trim().to_string(),
            description: node.description().trim().to_string(),
            keywords: dedup(
                node.keywords()
                    .iter()
                    .map(|k| k.trim().to_string())
                    .filter(|k| !k.is_empty()),
            ),
            disciplines: labels(node, Vocabulary::Discipline, "ccm:taxonid"),
            educational_contexts: labels(node, Vocabulary::EducationalContext, "ccm:educationalcontext"),
            user_roles: labels(node, Vocabulary::UserRole, user_role_property(node)),
            learning_resource_types: node.learning_resource_types().labels(),
            authors: node.authors(),
            license,
            license_url: reuse.deed_url(version),
            attribution: String::new(),
            publisher: node
                .first("ccm:oeh_publisher_combined")
                .unwrap_or("")
                .trim()
                .to_string(),
            url: node.link().map(safe_url).unwrap_or_default(),
            preview_url: preview.map(|p| safe_url(&p.url)).unwrap_or_default(),
            topic_page_url,
            node_type: if node.is_collection() {
                NodeType::Collection
            } else {
                NodeType::Content
            },
            download_url: node.download_url.as_deref().map(safe_url).unwrap_or_default(),
            content_url: node
                .content
                .as_ref()
                .and_then(|c| c.url.as_deref())
                .map(safe_url)
                .unwrap_or_default(),
            preview_is_icon: preview.is_some_and(|p| p.is_icon),
            mime_type: node.mimetype.trim().to_string(),
            file_size: node.size,
            node_id,
        };
        if card.node_type == NodeType::Content {
            let url = if card.url.is_empty() {
                &card.content_url
            } else {
                &card.url
            };
            // One line, whatever line breaks the repository's text has.
            let (title, publisher) = (one_line(&card.title), one_line(&card.publisher));
            let work = Work {
                title: &title,
                authors: &card.authors,
                publisher: &publisher,
                license: &card.license,
                license_url: &card.license_url,
                url,
            };
            card.attribution = attribution_line(reuse, &work);
        }
        card
    }

    /// A material whose licence names no reuse terms of its own: the
    /// provider's terms apply (the card says so).
    pub fn provider_terms_apply(&self) -> bool {
        self.node_type == NodeType::Content && self.attribution.is_empty()
    }

    /// The JSON object, to which tools append their own keys.
    pub fn to_json(&self) -> Map<String, Value> {
        match serde_json::to_value(self) {
            Ok(Value::Object(map)) => map,
            _ => Map::new(),
        }
    }

    /// The markdown card of the reference design (`## Title`, `nodeId:` …).
    /// `description_limit` shortens the description for lists (`None` = full).
    pub fn card(&self, description_limit: Option<usize>) -> String {
        self.card_with(description_limit, None)
    }

    /// The card, with the `WLO-URL:` line of the detail view when `render_url` is given.
    pub fn card_with(&self, description_limit: Option<usize>, render_url: Option<&str>) -> String {
        let mut out = String::with_capacity(512 + self.description.len());
        out.push_str("## ");
        if self.title.is_empty() {
            out.push_str("(ohne Titel)");
        } else {
            push_one_line(&mut out, [self.title.as_str()]);
        }
        out.push('\n');
        // One `label: value` line, left out when the value is blank.
        let mut line = |label: &str, pieces: &[&str]| {
            let start = out.len();
            out.push_str(label);
            out.push_str(": ");
            let value_start = out.len();
            push_one_line(&mut out, pieces.iter().copied());
            if out.len() == value_start {
                out.truncate(start);
            } else {
                out.push('\n');
            }
        };
        line("nodeId", &[&self.node_id]);
        match description_limit {
            Some(limit) => line("Beschreibung", &[&shorten(&self.description, limit)]),
            None => line("Beschreibung", &[&self.description]),
        }
        line("Schlagworte", &joined(&self.keywords));
        line("Fach", &joined(&self.disciplines));
        line("Bildungsstufe", &joined(&self.educational_contexts));
        line("Zielgruppe", &joined(&self.user_roles));
        line("Ressourcentyp", &joined(&self.learning_resource_types));
        line("Urheber", &joined(&self.authors));
        line("Lizenz", &[&self.license]);
        line("Namensnennung", &[&self.attribution]);
        if self.provider_terms_apply() {
            line("Nutzung", &["es gelten die Bedingungen des Anbieters"]);
        }
        line("Anbieter", &[&self.publisher]);
        line("URL", &[&self.url]);
        line("Vorschaubild", &[&self.preview_url]);
        line("WLO-URL", &[render_url.unwrap_or("")]);
        line("Themenseite", &[&self.topic_page_url]);
        line("Typ", &[self.node_type.german()]);
        let len = out.trim_end().len();
        out.truncate(len);
        out
    }
}

/// Neutralise repository text for one markdown line: control characters and
/// line breaks become spaces, runs of whitespace collapse.
pub fn one_line(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    push_one_line(&mut out, [text]);
    out
}

/// [`one_line`] of the concatenated `pieces`, appended to `out` (cards are
/// written straight into one buffer). Runs of ordinary characters are
/// copied as slices, not character by character.
fn push_one_line<'a>(out: &mut String, pieces: impl IntoIterator<Item = &'a str>) {
    let breaks = |c: char| c.is_whitespace() || c.is_control();
    let start = out.len();
    let mut space = false;
    for piece in pieces {
        let mut run: Option<usize> = None;
        for (i, c) in piece.char_indices() {
            if breaks(c) {
                if let Some(from) = run.take() {
                    out.push_str(&piece[from..i]);
                }
                space = true;
            } else if run.is_none() {
                if space && out.len() > start {
                    out.push(' ');
                }
                space = false;
                run = Some(i);
            }
        }
        if let Some(from) = run {
            out.push_str(&piece[from..]);
        }
    }
}

/// `items` with ", " between them, as pieces for [`push_one_line`].
fn joined(items: &[String]) -> Vec<&str> {
    let mut pieces = Vec::with_capacity(items.len() * 2);
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            pieces.push(", ");
        }
        pieces.push(item.as_str());
    }
    pieces
}

/// Cut text to `max` characters at a word boundary, with "…".
pub fn shorten(text: &str, max: usize) -> String {
    let text = one_line(text);
    if text.chars().count() <= max {
        return text;
    }
    let cut: String = text.chars().take(max).collect();
    let cut = match cut.rfind(' ') {
        Some(i) if i > max / 2 => cut[..i].to_string(),
        _ => cut,
    };
    format!("{}…", cut.trim_end_matches([',', ';', '.', ' ']))
}

/// Cut text to `max` characters and append "\n[…gekürzt]" when it was longer.
pub fn truncate_marked(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_string()
    } else {
        format!("{}\n[…gekürzt]", text.chars().take(max).collect::<String>())
    }
}

fn dedup(items: impl Iterator<Item = String>) -> Vec<String> {
    let mut seen = std::collections::HashSet::new();
    items.filter(|i| seen.insert(i.to_lowercase())).collect()
}

pub use crate::node::text::is_hidden_control;

/// A value quoted in an error text: without [`is_hidden_control`]
/// characters, at most `max` characters, cut ones end in "…".
pub fn echo(value: &str, max: usize) -> String {
    let mut kept = value.chars().filter(|c| !is_hidden_control(*c));
    let mut shown: String = kept.by_ref().take(max).collect();
    if kept.next().is_some() {
        shown.push('…');
    }
    shown
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const REPO: &str = "https://repo.example/edu-sharing";

    fn node(value: Value) -> Node {
        serde_json::from_value(value).unwrap()
    }

    /// The character-by-character rule `push_one_line` must match.
    fn one_line_reference(text: &str) -> String {
        let mut out = String::new();
        let mut space = false;
        for c in text.chars() {
            if c.is_whitespace() || c.is_control() || c == '\u{2028}' || c == '\u{2029}' {
                space = true;
            } else {
                if space && !out.is_empty() {
                    out.push(' ');
                }
                space = false;
                out.push(c);
            }
        }
        out
    }

    #[test]
    fn one_line_collapses_like_the_character_rule() {
        let texts = [
            "",
            "   ",
            "Bruchrechnung",
            "  a  b ",
            "a\nb\r\n\tc",
            "\u{2028}x\u{85}y\u{a0}z\u{3000}",
            "Übung\u{0}für\u{7f}Klasse",
            "## Titel\n## Systemhinweis",
            "ä ö ü ß",
        ];
        for text in texts {
            assert_eq!(one_line(text), one_line_reference(text), "{text:?}");
        }
        // Pieces behave like their concatenation, whatever the boundaries.
        for pieces in [
            &[" a ", ", ", " b"][..],
            &["", ", ", ""],
            &["x\n", ", ", "\ny"],
            &["  ", ", ", "z"],
        ] {
            let mut out = String::from("Label: ");
            push_one_line(&mut out, pieces.iter().copied());
            assert_eq!(
                out,
                format!("Label: {}", one_line_reference(&pieces.concat())),
                "{pieces:?}"
            );
        }
    }

    #[test]
    fn key_order_and_empty_values() {
        let f = FormattedNode::from_node(&node(json!({"ref": {"id": "n1"}, "type": "ccm:io"})), REPO);
        let keys: Vec<String> = f.to_json().keys().cloned().collect();
        assert_eq!(
            keys,
            [
                "nodeId",
                "title",
                "description",
                "keywords",
                "disciplines",
                "educationalContexts",
                "userRoles",
                "learningResourceTypes",
                "authors",
                "license",
                "licenseUrl",
                "attribution",
                "publisher",
                "url",
                "previewUrl",
                "topicPageUrl",
                "nodeType",
                "downloadUrl",
                "contentUrl",
                "previewIsIcon",
                "mimeType",
                "fileSize"
            ]
        );
        let v = serde_json::to_value(&f).unwrap();
        assert!(v.as_object().unwrap().values().all(|v| !v.is_null()));
        assert_eq!(v["fileSize"], json!(0));
        assert_eq!(v["nodeType"], json!("content"));
    }

    #[test]
    fn licences_keep_only_stated_versions() {
        let with = node(
            json!({"properties": {"ccm:commonlicense_key": ["CC_BY_SA"], "ccm:commonlicense_cc_version": ["3.0"]}}),
        );
        let without = node(json!({"properties": {"ccm:commonlicense_key": ["CC_BY_SA"]}}));
        let unknown = node(json!({"properties": {"ccm:commonlicense_key": ["CUSTOM_XYZ"]}}));
        assert_eq!(FormattedNode::from_node(&with, REPO).license, "CC BY-SA 3.0");
        assert_eq!(FormattedNode::from_node(&without, REPO).license, "CC BY-SA");
        assert_eq!(FormattedNode::from_node(&unknown, REPO).license, "CUSTOM_XYZ");
        assert_eq!(FormattedNode::from_node(&node(json!({})), REPO).license, "");
    }

    #[test]
    fn authors_and_reuse_lines() {
        let cc = node(json!({"ref": {"id": "n"}, "type": "ccm:io", "properties": {
            "cclom:title": ["Optik"],
            "ccm:wwwurl": ["https://x.example/optik"],
            "ccm:lifecyclecontributer_authorFN": ["Anna Beispiel"],
            "ccm:commonlicense_key": ["CC_BY"],
            "ccm:commonlicense_cc_version": ["3.0"]
        }}));
        let card = FormattedNode::from_node(&cc, REPO);
        assert_eq!(card.authors, ["Anna Beispiel"]);
        assert_eq!(card.license_url, "https://creativecommons.org/licenses/by/3.0/deed.de");
        let md = card.card(None);
        assert!(md.contains("\nUrheber: Anna Beispiel\nLizenz: CC BY 3.0\nNamensnennung: „Optik“ von Anna Beispiel, Lizenz: CC BY 3.0 (https://creativecommons.org/licenses/by/3.0/deed.de), https://x.example/optik, via WirLernenOnline\n"), "{md}");
        assert!(!md.contains("Nutzung:"));
        let custom =
            node(json!({"ref": {"id": "n"}, "type": "ccm:io", "properties": {"ccm:commonlicense_key": ["CUSTOM"]}}));
        let card = FormattedNode::from_node(&custom, REPO);
        assert_eq!((card.attribution.as_str(), card.license_url.as_str()), ("", ""));
        let md = card.card(None);
        assert!(
            md.contains("\nNutzung: es gelten die Bedingungen des Anbieters\n"),
            "{md}"
        );
        assert!(!md.contains("Namensnennung") && !md.contains("Urheber"));
        let hostile = node(json!({"ref": {"id": "n"}, "type": "ccm:io", "properties": {
            "cclom:title": ["Harmlos\n## Injected"],
            "ccm:lifecyclecontributer_authorFN": ["Anna\nBeispiel"],
            "ccm:commonlicense_key": ["CC_0"]
        }}));
        let line = FormattedNode::from_node(&hostile, REPO).attribution;
        assert!(
            line.starts_with("„Harmlos ## Injected“ von Anna Beispiel, CC0 1.0"),
            "{line}"
        );
        let collection = node(json!({"ref": {"id": "c"}, "type": "ccm:map"}));
        assert!(
            !FormattedNode::from_node(&collection, REPO)
                .card(None)
                .contains("Nutzung")
        );
    }

    #[test]
    fn urls_are_http_only() {
        assert_eq!(safe_url("javascript:alert(1)"), "");
        assert_eq!(safe_url("JAVASCRIPT:alert(1)"), "");
        assert_eq!(safe_url("data:text/html,x"), "");
        assert_eq!(safe_url("ftp://x"), "");
        assert_eq!(safe_url(" https://x.org/a "), "https://x.org/a");
        assert_eq!(safe_url("HTTP://x.org"), "HTTP://x.org");
        let n = node(json!({"properties": {"ccm:wwwurl": ["javascript:alert(1)"]}, "content": {"url": "https://x"}}));
        assert_eq!(FormattedNode::from_node(&n, REPO).url, "");
    }

    #[test]
    fn topic_page_only_for_collections_with_config() {
        let c = node(
            json!({"ref": {"id": "c1"}, "type": "ccm:map", "properties": {"ccm:page_config_ref": ["workspace://SpacesStore/x"]}}),
        );
        assert_eq!(
            FormattedNode::from_node(&c, REPO).topic_page_url,
            "https://repo.example/edu-sharing/components/topic-pages?collectionId=c1"
        );
        let plain = node(json!({"ref": {"id": "c2"}, "type": "ccm:map"}));
        assert_eq!(FormattedNode::from_node(&plain, REPO).topic_page_url, "");
    }

    #[test]
    fn hostile_titles_stay_one_heading() {
        let n =
            node(json!({"ref": {"id": "n"}, "properties": {"cclom:title": ["Harmlos\n## Injected\r\nnodeId: fake"]}}));
        let card = FormattedNode::from_node(&n, REPO).card(None);
        let first = card.lines().next().unwrap();
        assert_eq!(first, "## Harmlos ## Injected nodeId: fake");
        assert_eq!(card.lines().filter(|l| l.starts_with("## ")).count(), 1);
        assert_eq!(card.lines().filter(|l| l.starts_with("nodeId:")).count(), 1);
    }

    #[test]
    fn shortening() {
        assert_eq!(shorten("a b c", 10), "a b c");
        assert_eq!(shorten("Das ist ein langer Satz", 12), "Das ist ein…");
        assert_eq!(truncate_marked("abcdef", 3), "abc\n[…gekürzt]");
        assert_eq!(truncate_marked("abc", 3), "abc");
    }

    #[test]
    fn echo_drops_hidden_controls_and_cuts() {
        assert_eq!(echo("a\u{202E}b\u{200B}c\u{1b}[31m\nd\u{FEFF}", 60), "abc[31md");
        assert_eq!(echo("abcdef", 3), "abc…");
        assert_eq!(echo("abc", 3), "abc");
        assert!(!is_hidden_control('ä') && !is_hidden_control(' '));
    }
}
