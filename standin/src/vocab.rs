//! Vocabulary tables: the server's `data/vocabs/` files, compiled in. Only
//! `uri` and `label` are needed here:
//! the stand-in emits the German labels as `*_DISPLAYNAME` companions.

use serde::Deserialize;
use std::collections::HashMap;
use std::sync::OnceLock;

#[derive(Debug, Deserialize)]
struct Entry {
    uri: String,
    label: String,
}

/// URI (or key) → German display label, per vocabulary.
pub struct Vocabs {
    pub discipline: HashMap<String, String>,
    pub educational_context: HashMap<String, String>,
    pub user_role: HashMap<String, String>,
    pub lrt: HashMap<String, String>,
    pub hochschul: HashMap<String, String>,
}

pub const DISCIPLINE: &str = "http://w3id.org/openeduhub/vocabs/discipline/";
pub const EDU_CONTEXT: &str = "http://w3id.org/openeduhub/vocabs/educationalContext/";
pub const USER_ROLE: &str = "http://w3id.org/openeduhub/vocabs/intendedEndUserRole/";
pub const LRT_AGG: &str = "http://w3id.org/openeduhub/vocabs/new_lrt_aggregated/";
pub const LRT: &str = "http://w3id.org/openeduhub/vocabs/new_lrt/";
pub const HOCHSCHUL: &str = "http://w3id.org/openeduhub/vocabs/hochschulfaechersystematik/";

fn load(json: &str) -> HashMap<String, String> {
    // The data is compiled in and checked by the unit tests below; a broken
    // file would be a build-time mistake, so an empty table is an acceptable
    // (and loudly test-detected) fallback instead of a panic.
    let entries: Vec<Entry> = serde_json::from_str(json).unwrap_or_default();
    entries.into_iter().map(|e| (e.uri, e.label)).collect()
}

pub fn vocabs() -> &'static Vocabs {
    static V: OnceLock<Vocabs> = OnceLock::new();
    // The server's own copies: the stand-in labels its corpus with exactly
    // the vocabularies the server resolves against.
    V.get_or_init(|| Vocabs {
        discipline: load(include_str!("../../data/vocabs/discipline.json")),
        educational_context: load(include_str!("../../data/vocabs/educationalContext.json")),
        user_role: load(include_str!("../../data/vocabs/userRole.json")),
        lrt: load(include_str!("../../data/vocabs/lrt.json")),
        hochschul: load(include_str!("../../data/vocabs/hochschulfaechersystematik.json")),
    })
}

impl Vocabs {
    /// Label of a discipline or Hochschul URI, falling back to the URI itself.
    pub fn discipline_label(&self, uri: &str) -> String {
        self.discipline
            .get(uri)
            .or_else(|| self.hochschul.get(uri))
            .cloned()
            .unwrap_or_else(|| uri.to_string())
    }
    pub fn context_label(&self, uri: &str) -> String {
        self.educational_context
            .get(uri)
            .cloned()
            .unwrap_or_else(|| uri.to_string())
    }
    pub fn role_label(&self, uri: &str) -> String {
        self.user_role.get(uri).cloned().unwrap_or_else(|| uri.to_string())
    }
    pub fn lrt_label(&self, uri: &str) -> String {
        self.lrt.get(uri).cloned().unwrap_or_else(|| uri.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_load() {
        let v = vocabs();
        assert_eq!(v.discipline.len(), 70);
        assert_eq!(v.educational_context.len(), 12);
        assert_eq!(v.user_role.len(), 7);
        assert_eq!(v.lrt.len(), 48);
        assert_eq!(v.hochschul.len(), 344);
        assert_eq!(v.discipline_label(&format!("{DISCIPLINE}380")), "Mathematik");
        assert_eq!(
            v.discipline_label(&format!("{HOCHSCHUL}n71")),
            "Studienbereich Informatik"
        );
        assert_eq!(
            v.context_label(&format!("{EDU_CONTEXT}sekundarstufe_1")),
            "Sekundarstufe I"
        );
    }
}
