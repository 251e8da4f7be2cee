//! Node ids: every id that reaches an upstream URL path is a validated UUID.

use std::fmt;

use serde::Serialize;

/// A node id that may go into a URL: the 8-4-4-4-12 hex UUID shape,
/// lower-cased. Tool arguments decode into it, and the upstream reads of one
/// node take it, so an unchecked text never becomes a URL path segment.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct NodeId(String);

impl NodeId {
    /// Trim, strip a `workspace://SpacesStore/` prefix, lower-case, and
    /// accept only the UUID shape. Anything else (path traversal, query
    /// strings, names) is `None`.
    pub fn parse(raw: &str) -> Option<NodeId> {
        let trimmed = raw.trim();
        let bare = trimmed.strip_prefix("workspace://SpacesStore/").unwrap_or(trimmed);
        is_uuid(bare).then(|| NodeId(bare.to_ascii_lowercase()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::ops::Deref for NodeId {
    type Target = str;

    fn deref(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for NodeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<NodeId> for String {
    fn from(id: NodeId) -> String {
        id.0
    }
}

/// [`NodeId::parse`] as text.
pub fn normalize_node_id(raw: &str) -> Option<String> {
    NodeId::parse(raw).map(String::from)
}

/// The canonical 36-character UUID shape, case-insensitive.
pub fn is_uuid(s: &str) -> bool {
    let bytes = s.as_bytes();
    bytes.len() == 36
        && bytes.iter().enumerate().all(|(i, b)| match i {
            8 | 13 | 18 | 23 => *b == b'-',
            _ => b.is_ascii_hexdigit(),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_uuids_and_store_refs() {
        let id = "5E40E372-735C-4B17-BBF7-E827A5702B57";
        assert_eq!(normalize_node_id(id).unwrap(), id.to_ascii_lowercase());
        assert_eq!(
            NodeId::parse(&format!(" workspace://SpacesStore/{id} "))
                .unwrap()
                .as_str(),
            id.to_ascii_lowercase()
        );
    }

    #[test]
    fn rejects_everything_else() {
        for bad in [
            "",
            "Informatik",
            "../5e40e372-735c-4b17-bbf7-e827a5702b57",
            "5e40e372-735c-4b17-bbf7-e827a5702b5%2F",
            "5e40e372-735c-4b17-bbf7-e827a5702b57?x=1",
            "5e40e372-735c-4b17-bbf7-e827a5702b57/../x",
            "5e40e372 735c-4b17-bbf7-e827a5702b57",
            "5e40e372-735c-4b17-bbf7-e827a5702b5ä",
            &"a".repeat(10_000),
        ] {
            assert_eq!(NodeId::parse(bad), None, "{bad}");
        }
    }
}
