//! A node's text as the repository sends it: HTML entities (`Ph&auml;nomen`)
//! decoded once, where the lenient decoding reads the node, so that ranking,
//! cards and JSON all see "Phänomen".
//!
//! Only text a person reads is decoded ([`is_text_property`], and a node's
//! `title`, `name` and collection description); URLs, ids, vocabulary URIs
//! and configurations never are. The entity table is `html_escape`'s. A
//! decoded entity may name a character that must not reach an answer raw
//! (`&#8238;`, a right-to-left override): such a character is dropped, a
//! decoded line break becomes a space. Characters the repository sent as
//! they are stay untouched (a description keeps its line breaks).

use std::borrow::Cow;

/// Text properties besides every `…_DISPLAYNAME`.
const TEXT_PROPERTIES: &[&str] = &[
    "cclom:title",
    "cm:title",
    "cm:name",
    "cm:description",
    "cclom:general_description",
    "cclom:general_keyword",
    "ccm:collectionshorttitle",
    "ccm:oeh_publisher_combined",
    "ccm:author_freetext",
    "ccm:lifecyclecontributer_authorFN",
];

/// The longest entity looked at: `&` + name or number + `;`
/// (`&CounterClockwiseContourIntegral;` is the longest name).
const MAX_ENTITY: usize = 34;

/// Is `key` a property whose values are text a person reads?
pub fn is_text_property(key: &str) -> bool {
    key.ends_with("_DISPLAYNAME") || TEXT_PROPERTIES.contains(&key)
}

/// `text` with its HTML entities decoded (see the module docs); borrowed
/// when it has none.
pub fn decode_entities(text: &str) -> Cow<'_, str> {
    if !text.contains('&') {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut decoded_any = false;
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        let tail = &rest[at..];
        let name_end = tail[1..]
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '#'))
            .map_or(tail.len(), |i| i + 1);
        let entity =
            (name_end > 1 && name_end < MAX_ENTITY && tail[name_end..].starts_with(';')).then(|| &tail[..=name_end]);
        match entity.map(|entity| (entity, html_escape::decode_html_entities(entity))) {
            Some((entity, Cow::Owned(decoded))) => {
                decoded_any = true;
                push_decoded(&mut out, &decoded);
                rest = &tail[entity.len()..];
            }
            Some((entity, Cow::Borrowed(_))) => {
                out.push_str(entity);
                rest = &tail[entity.len()..];
            }
            None => {
                out.push('&');
                rest = &tail[1..];
            }
        }
    }
    out.push_str(rest);
    if decoded_any {
        Cow::Owned(out)
    } else {
        Cow::Borrowed(text)
    }
}

/// [`decode_entities`] of an owned string, reusing it when nothing changes.
pub fn decode_owned(text: String) -> String {
    match decode_entities(&text) {
        Cow::Borrowed(_) => text,
        Cow::Owned(decoded) => decoded,
    }
}

/// What one entity decoded to: a line break or other white space as a
/// space, a hidden control character not at all.
fn push_decoded(out: &mut String, decoded: &str) {
    for c in decoded.chars() {
        if c.is_whitespace() {
            out.push(' ');
        } else if !is_hidden_control(c) {
            out.push(c);
        }
    }
}

/// Characters that must not reach an error text, a log line or (through a
/// decoded entity) an answer raw: control characters (C0, DEL, C1), line and
/// paragraph separators, bidirectional marks, overrides and isolates (they
/// reorder the text around them), and zero-width characters (they hide
/// text).
pub fn is_hidden_control(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{061C}'
                | '\u{200B}'..='\u{200F}'
                | '\u{2028}'..='\u{202E}'
                | '\u{2060}'..='\u{2064}'
                | '\u{2066}'..='\u{2069}'
                | '\u{FEFF}'
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entities_decode_once() {
        assert_eq!(decode_entities("Ph&auml;nomen"), "Phänomen");
        assert_eq!(
            decode_entities("Tom &amp; Jerry &#252;ber &#x2013; x"),
            "Tom & Jerry über – x"
        );
        assert_eq!(decode_entities("&amp;auml;"), "&auml;", "decoded once, not twice");
        assert_eq!(decode_entities("&quot;Optik&quot;"), "\"Optik\"");
    }

    #[test]
    fn text_without_entities_stays_borrowed_and_as_is() {
        for text in [
            "Optik",
            "A & B",
            "a&b",
            "Q&A;",
            "&;",
            "&unknownname;",
            "x &# y",
            "Zeile 1\nZeile 2",
        ] {
            assert!(
                matches!(decode_entities(text), Cow::Borrowed(t) if t == text),
                "{text:?}"
            );
        }
    }

    #[test]
    fn what_an_entity_brings_in_is_neutralised() {
        assert_eq!(decode_entities("a&#8238;b"), "ab", "right-to-left override");
        assert_eq!(decode_entities("a&#x200B;b&#xFEFF;c&#x2066;d"), "abcd");
        assert_eq!(decode_entities("Zeile&#10;zwei&NewLine;drei"), "Zeile zwei drei");
        // Only what an entity brought in: a raw line break stays.
        assert_eq!(decode_entities("a\nb &amp; c"), "a\nb & c");
    }

    #[test]
    fn only_text_properties() {
        for key in [
            "cclom:title",
            "cclom:general_keyword",
            "ccm:taxonid_DISPLAYNAME",
            "ccm:author_freetext",
        ] {
            assert!(is_text_property(key), "{key}");
        }
        for key in [
            "ccm:wwwurl",
            "sys:node-uuid",
            "ccm:taxonid",
            "ccm:page_variant_config",
            "ccm:commonlicense_key",
        ] {
            assert!(!is_text_property(key), "{key}");
        }
    }
}
