//! Recorded WLO answers served beside the generated corpus: a collection
//! whose sub-collections and materials come from real `children` answers
//! (the project's fixtures of WLO's collection "Optik",
//! `tests/fixtures/edu-sharing/real-wlo/`), so that tests can run real
//! records through the tools.
//!
//! What a recording holds is served as recorded: ids, titles (a trailing
//! blank included), every property with its raw text (an HTML entity stays
//! an entity), `mimetype: null`. What the stand-in's model needs beside it
//! is added, as edu-sharing has it:
//! - each recorded material is a **reference** in the collection (DTO
//!   `originalId`, `ccm:original`, `virtual:primaryparent_nodeid`), and its
//!   **original**, with the same metadata, lies in a workspace folder
//!   outside the tree, where the search index finds it (references are not
//!   indexed);
//! - the editor fields of a full answer (`cm:creator`, `cm:modifier`,
//!   `ccm:metadatacontributer_creator…`), with the invented editor
//!   [`EDITOR_NAME`] / [`EDITOR_MAIL`]: the recordings were trimmed and have
//!   none, and a test must see them arrive and never leave.
//!
//! Nothing is added to a corpus unless a caller asks ([`Corpus::add_recorded`]).

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::Value;

use crate::corpus::{Corpus, NodeKind, NodeRecord};
use crate::rng::SplitMix64;

/// The invented editor every recorded node names in its editor fields.
pub const EDITOR_NAME: &str = "Erika Redaktionsmuster";
/// Her invented mail address.
pub const EDITOR_MAIL: &str = "e.redaktionsmuster@redaktion.example";

/// A recorded collection and where to hang it.
#[derive(Debug, Clone, Copy)]
pub struct RecordedCollection<'a> {
    /// The collection's real id (the recordings name it only in their URL).
    pub id: &'a str,
    pub title: &'a str,
    /// The node it hangs below (a portal of the corpus).
    pub parent: &'a str,
    /// `children/collections` answers (`{"collections": […]}`).
    pub sub_collections: &'a [&'a str],
    /// `children/references` answers (`{"references": […]}`), in page order.
    pub references: &'a [&'a str],
}

/// The ids a recorded collection added.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RecordedIds {
    pub collection: String,
    pub sub_collections: Vec<String>,
    /// The references, in the recorded order.
    pub references: Vec<String>,
    /// Their originals, index-aligned with `references`.
    pub originals: Vec<String>,
}

/// One recorded node, as much of it as the stand-in serves.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Recorded {
    #[serde(rename = "ref")]
    node_ref: RecordedRef,
    #[serde(default)]
    name: String,
    #[serde(default)]
    title: String,
    #[serde(default)]
    modified_at: String,
    #[serde(default)]
    properties: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    mimetype: Option<String>,
    #[serde(default)]
    original_id: Option<String>,
    #[serde(default)]
    is_public: Option<bool>,
}

#[derive(Debug, Deserialize)]
struct RecordedRef {
    id: String,
}

/// The nodes of one recorded answer under `key`.
fn nodes_of(answer: &str, key: &str) -> Result<Vec<Recorded>, String> {
    let value: Value = serde_json::from_str(answer).map_err(|e| format!("not JSON: {e}"))?;
    let list = value
        .get(key)
        .cloned()
        .ok_or_else(|| format!("no `{key}` in the answer"))?;
    serde_json::from_value(list).map_err(|e| format!("`{key}`: {e}"))
}

impl Corpus {
    /// Add a recorded collection (see the module docs) and rebuild the index.
    pub fn add_recorded(&mut self, recorded: &RecordedCollection) -> Result<RecordedIds, String> {
        let parent = self
            .get(recorded.parent)
            .cloned()
            .ok_or_else(|| format!("no parent {}", recorded.parent))?;
        let mut ids = RecordedIds {
            collection: recorded.id.to_string(),
            ..RecordedIds::default()
        };
        let mut collection = blank(recorded.id, NodeKind::Collection, &parent);
        collection.set_collection_title(recorded.title);
        collection.topic = Some(recorded.title.to_string());
        collection.topic_path = parent
            .topic_path
            .iter()
            .cloned()
            .chain([recorded.title.into()])
            .collect();
        for key in ["ccm:taxonid", "ccm:taxonid_DISPLAYNAME"] {
            if let Some(values) = parent.properties.get(key) {
                collection.properties.insert(key.into(), values.clone());
            }
        }
        self.nodes.push(collection.clone());

        for answer in recorded.sub_collections {
            for node in nodes_of(answer, "collections")? {
                let record = from_recorded(node, NodeKind::Collection, &collection, None);
                ids.sub_collections.push(record.id.clone());
                self.nodes.push(record);
            }
        }
        let mut rng = SplitMix64::new(self.seed ^ 0x0EC0_2DED);
        let folder = rng.uuid();
        for answer in recorded.references {
            for node in nodes_of(answer, "references")? {
                let original_id = node
                    .original_id
                    .clone()
                    .ok_or_else(|| format!("reference {} without originalId", node.node_ref.id))?;
                let reference = from_recorded(node, NodeKind::Content, &collection, Some(&original_id));
                let mut original = reference.clone();
                original.id = original_id.clone();
                original.original_id = None;
                original.parent_id = Some(folder.clone());
                original.depth = 1;
                original.portal_id = None;
                original.topic = None;
                original.topic_path = Vec::new();
                original
                    .properties
                    .insert("sys:node-uuid".into(), vec![original_id.clone()]);
                original
                    .properties
                    .insert("virtual:primaryparent_nodeid".into(), vec![folder.clone()]);
                ids.references.push(reference.id.clone());
                ids.originals.push(original_id);
                self.nodes.push(reference);
                self.nodes.push(original);
            }
        }
        self.rebuild_index();
        Ok(ids)
    }
}

/// A recorded node as a record below `parent`; `original` makes it a reference.
fn from_recorded(node: Recorded, kind: NodeKind, parent: &NodeRecord, original: Option<&str>) -> NodeRecord {
    let mut record = blank(&node.node_ref.id, kind, parent);
    let first = |key: &str| node.properties.get(key).and_then(|v| v.first()).cloned();
    record.title = node.title.clone();
    record.name = node.name.clone();
    record.description = first("cclom:general_description")
        .or_else(|| first("cm:description"))
        .unwrap_or_default();
    record.keywords = node
        .properties
        .get("cclom:general_keyword")
        .cloned()
        .unwrap_or_default();
    record.license_key = first("ccm:commonlicense_key");
    record.is_public = node.is_public.unwrap_or(true);
    if kind == NodeKind::Content {
        record.mimetype = node.mimetype.clone();
        record.mediatype = "link".into();
        record.has_content_url = true;
        record.topic = parent.topic.clone();
        record.topic_path = parent.topic_path.clone();
    }
    if !node.modified_at.is_empty() {
        record.created_at = node.modified_at.clone();
        record.modified_at = node.modified_at.clone();
    }
    let uuid = record.properties.remove("sys:node-uuid");
    let primary_parent = record.properties.remove("virtual:primaryparent_nodeid");
    record.properties.extend(node.properties);
    record.properties.extend(uuid.map(|v| ("sys:node-uuid".to_string(), v)));
    record
        .properties
        .extend(primary_parent.map(|v| ("virtual:primaryparent_nodeid".to_string(), v)));
    if let Some(original) = original {
        record.original_id = Some(original.to_string());
        record
            .properties
            .insert("ccm:original".into(), vec![original.to_string()]);
    }
    let editor = |value: &str| vec![value.to_string()];
    let vcard = format!("BEGIN:VCARD\nVERSION:3.0\nFN:{EDITOR_NAME}\nEMAIL:{EDITOR_MAIL}\nEND:VCARD");
    for (key, value) in [
        ("cm:creator", editor(EDITOR_MAIL)),
        ("cm:modifier", editor(EDITOR_MAIL)),
        ("ccm:metadatacontributer_creator", editor(&vcard)),
        ("ccm:metadatacontributer_creatorFN", editor(EDITOR_NAME)),
        ("ccm:metadatacontributer_provider", editor(&vcard)),
    ] {
        record.properties.insert(key.into(), value);
    }
    record
}

/// A record of `kind` below `parent`, before the recording fills it
/// (no preview: the recordings have none).
fn blank(id: &str, kind: NodeKind, parent: &NodeRecord) -> NodeRecord {
    let mut record = NodeRecord::bare(id.to_string(), kind, Some(&parent.id), parent.depth + 1, 0, 0);
    for key in ["cm:created", "cm:modified"] {
        record.properties.remove(key);
    }
    record.portal_id = parent.portal_id.clone().or_else(|| Some(parent.id.clone()));
    record.subject = parent.subject.clone().or_else(|| Some(parent.title.clone()));
    record.subject_uri = parent.subject_uri.clone();
    record.preview = None;
    record.created_at = parent.created_at.clone();
    record.modified_at = parent.modified_at.clone();
    record
}

#[cfg(test)]
mod tests {
    use super::*;

    const COLLECTIONS: &str = r#"{"collections": [{"ref": {"id": "c0000000-0000-4000-8000-000000000001"},
        "type": "ccm:map", "name": "Farben", "title": "Farben", "mimetype": "application/x-directory",
        "properties": {"cm:title": ["Farben"], "cm:description": ["Wie Farben entstehen."]}}]}"#;
    const REFERENCES: &str = r#"{"references": [{"ref": {"id": "r0000000-0000-4000-8000-000000000001"},
        "type": "ccm:io", "name": "x", "title": "Titel ", "mimetype": null, "isPublic": true,
        "originalId": "o0000000-0000-4000-8000-000000000001", "modifiedAt": "2026-09-17T19:23:03.772Z",
        "properties": {"cclom:title": ["Titel "], "cclom:general_keyword": ["Ph&auml;nomen"],
        "ccm:commonlicense_key": ["CC_BY"]}}], "pagination": {"total": 1, "from": 0, "count": 1}}"#;

    #[test]
    fn a_recorded_collection_is_served_as_recorded() {
        let mut corpus = Corpus::generate(crate::DEFAULT_SEED);
        let portal = corpus.portals()[0].id.clone();
        let before = corpus.nodes.len();
        let ids = corpus
            .add_recorded(&RecordedCollection {
                id: "9e7ae956-e9df-430f-bace-f3db4b910013",
                title: "Optik",
                parent: &portal,
                sub_collections: &[COLLECTIONS],
                references: &[REFERENCES],
            })
            .unwrap();
        assert_eq!(corpus.nodes.len(), before + 4);
        let children: Vec<&str> = corpus.children(&ids.collection).iter().map(|n| n.id.as_str()).collect();
        assert_eq!(children, [ids.sub_collections[0].as_str(), ids.references[0].as_str()]);
        let reference = corpus.get(&ids.references[0]).unwrap();
        assert_eq!(reference.title, "Titel ");
        assert_eq!(reference.mimetype, None);
        assert_eq!(reference.original_id.as_deref(), Some(ids.originals[0].as_str()));
        assert_eq!(reference.keywords, ["Ph&auml;nomen"], "served raw, as WLO sends it");
        assert_eq!(reference.prop("cm:creator"), Some(EDITOR_MAIL));
        let original = corpus.get(&ids.originals[0]).unwrap();
        assert!(original.original_id.is_none() && corpus.get(original.parent_id.as_deref().unwrap()).is_none());
        assert_eq!(original.license_key.as_deref(), Some("CC_BY"));
        assert_eq!(
            corpus.get(&ids.sub_collections[0]).unwrap().description,
            "Wie Farben entstehen."
        );
        assert!(
            corpus
                .add_recorded(&RecordedCollection {
                    id: "x",
                    title: "x",
                    parent: "no-such-node",
                    sub_collections: &[],
                    references: &[],
                })
                .is_err()
        );
    }
}
