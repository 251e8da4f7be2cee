//! Where materials are listed: collection references, usages (E9) and the
//! collections' editorial compendium texts.
//!
//! Added to the generated corpus afterwards, from a random stream of its
//! own, so every node generated before keeps its id and its content.
//!
//! The model (as in edu-sharing):
//! * An **original** (`ccm:io`) carries `ccm:original` = its own id and no
//!   `originalId`. In the stand-in most originals are filed directly in a
//!   topic collection, which counts as listing them there.
//! * A **reference** is a copy of an original filed into a collection:
//!   aspect `ccm:collection_io_reference`, DTO `originalId`, `ccm:original`
//!   = the original, `virtual:primaryparent_nodeid` = the collection. The
//!   search index does not return references (ngsearch finds originals).
//! * **Usages** (`GET /usage/v1/usages/node/{id}/collections`): for an
//!   original, every collection that lists it (its primary parent if that is
//!   a collection, then the collections holding a reference to it, then the
//!   non-`ACTIVE` proposals), in creation order of the collections; for a
//!   reference or a collection `[]`; for an unknown id a 500.

use serde::{Deserialize, Serialize};

use crate::compendia;
use crate::corpus::{Corpus, NodeKind, NodeRecord};
use crate::rng::SplitMix64;

/// The ids tests need (part of [`crate::WellKnown`]).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ListingIds {
    /// A collection ("Krisenjahr 1923", below "Weimarer Republik") whose file
    /// children are all references.
    pub reference_collection: String,
    /// A reference in that collection, and its original.
    pub reference: String,
    pub referenced_original: String,
    /// A collection with a non-`ACTIVE` usage (a proposal) of
    /// `referenced_original`.
    pub proposal_collection: String,
    /// An original in no collection (its primary parent is a workspace folder).
    pub unlisted_original: String,
    /// Compendium texts: Markdown with one H1, H2/H3 sections, short
    /// table-row paragraphs and a fenced code block containing `#`
    /// ("Klimawandel"); plain text without headings ("Bruchrechnung");
    /// longer than 65 000 characters ("Französische Revolution").
    pub compendium_structured: String,
    pub compendium_plain: String,
    pub compendium_long: String,
}

/// A usage of a material in a collection that is not `ACTIVE`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UsageProposal {
    pub original_id: String,
    pub collection_id: String,
    /// e.g. `PROPOSAL_PENDING`.
    pub usage_type: String,
}

/// The usage type of a collection that lists a material.
pub const ACTIVE: &str = "ACTIVE";

/// Add the references, the proposals, the unlisted original and the
/// compendium texts to a freshly generated corpus.
pub(crate) fn extend(corpus: &mut Corpus) {
    let mut rng = SplitMix64::new(corpus.seed ^ 0x0007_157E_D005_A6E5_u64);
    let wk = corpus.well_known.clone();
    let mut ids = ListingIds::default();

    // The reference collection below "Weimarer Republik".
    let weimar = wk.weimarer_republik.clone();
    let collection = new_collection(corpus, &mut rng, &weimar);
    ids.reference_collection = collection.clone();
    let originals: Vec<String> = first_originals(corpus, &weimar, 3)
        .into_iter()
        .chain(first_originals(corpus, &wk.franzoesische_revolution, 2))
        .collect();
    for (k, original) in originals.iter().enumerate() {
        let id = fresh_id(corpus, &mut rng);
        if let Some(reference) = reference_record(corpus, original, &collection, id) {
            if k == 0 {
                ids.reference = reference.id.clone();
                ids.referenced_original = original.clone();
            }
            corpus.nodes.push(reference);
        }
    }
    corpus.usage_proposals.push(UsageProposal {
        original_id: ids.referenced_original.clone(),
        collection_id: wk.franzoesische_revolution.clone(),
        usage_type: "PROPOSAL_PENDING".into(),
    });
    ids.proposal_collection = wk.franzoesische_revolution.clone();

    ids.unlisted_original = unlisted_original(corpus, &mut rng);

    ids.compendium_plain = wk.bruchrechnung.clone();
    ids.compendium_structured = wk.klimawandel.clone();
    ids.compendium_long = wk.franzoesische_revolution.clone();
    set_compendium(corpus, &wk.klimawandel, compendia::structured());
    let long = compendia::long(&mut rng);
    set_compendium(corpus, &wk.franzoesische_revolution, long);

    corpus.well_known.listings = ids;
    corpus.rebuild_index();
}

impl Corpus {
    /// File a reference to `original_id` into `collection_id` (tests build
    /// corpora with many usages this way). Returns the reference's id, or
    /// `None` when either node is missing or of the wrong kind.
    pub fn add_reference(&mut self, original_id: &str, collection_id: &str) -> Option<String> {
        let mut rng = SplitMix64::new(self.seed ^ ((self.nodes.len() as u64) << 24) ^ 0xADD_2EF);
        let id = fresh_id(self, &mut rng);
        let reference = reference_record(self, original_id, collection_id, id)?;
        let id = reference.id.clone();
        self.nodes.push(reference);
        self.rebuild_index();
        Some(id)
    }

    /// The E9 answer: `(usage type, collection)` of every collection that
    /// lists the node, or `None` for an unknown id (edu-sharing answers 500).
    pub fn usages(&self, id: &str) -> Option<Vec<(&str, &NodeRecord)>> {
        let node = self.get(id).filter(|n| !n.index_only)?;
        if node.kind != NodeKind::Content || node.original_id.is_some() {
            return Some(Vec::new());
        }
        let mut listed: Vec<(usize, &str)> = Vec::new();
        if let Some(parent) = node.parent_id.as_deref().and_then(|p| self.index_of(p))
            && self.nodes[parent].kind.is_collection()
        {
            listed.push((parent, ACTIVE));
        }
        for n in &self.nodes {
            if n.original_id.as_deref() == Some(id)
                && let Some(parent) = n.parent_id.as_deref().and_then(|p| self.index_of(p))
            {
                listed.push((parent, ACTIVE));
            }
        }
        for p in self.usage_proposals.iter().filter(|p| p.original_id == id) {
            if let Some(i) = self.index_of(&p.collection_id) {
                listed.push((i, p.usage_type.as_str()));
            }
        }
        listed.sort_by_key(|(i, _)| *i);
        listed.dedup_by_key(|(i, _)| *i);
        Some(listed.into_iter().map(|(i, kind)| (kind, &self.nodes[i])).collect())
    }
}

fn fresh_id(corpus: &Corpus, rng: &mut SplitMix64) -> String {
    loop {
        let id = rng.uuid();
        if corpus.get(&id).is_none() && !corpus.nodes.iter().any(|n| n.id == id) {
            return id;
        }
    }
}

/// The first `n` originals filed in a collection (creation order).
fn first_originals(corpus: &Corpus, collection: &str, n: usize) -> Vec<String> {
    corpus
        .nodes
        .iter()
        .filter(|c| c.parent_id.as_deref() == Some(collection))
        .filter(|c| c.kind == NodeKind::Content && c.original_id.is_none() && c.is_public && !c.index_only)
        .filter(|c| !c.is_deleted_placeholder)
        .take(n)
        .map(|c| c.id.clone())
        .collect()
}

/// A reference: the original's metadata, its own id, filed in `collection`.
/// References carry no ground-truth topic: search never returns them.
fn reference_record(corpus: &Corpus, original_id: &str, collection_id: &str, id: String) -> Option<NodeRecord> {
    let original = corpus.nodes.iter().find(|n| n.id == original_id)?;
    let collection = corpus.nodes.iter().find(|n| n.id == collection_id)?;
    if original.kind != NodeKind::Content || original.original_id.is_some() || !collection.kind.is_collection() {
        return None;
    }
    let mut r = original.clone();
    r.id = id.clone();
    r.parent_id = Some(collection_id.to_string());
    r.depth = collection.depth + 1;
    r.original_id = Some(original_id.to_string());
    r.topic = None;
    r.topic_path = Vec::new();
    r.subject = None;
    r.portal_id = collection.portal_id.clone();
    r.properties.insert("sys:node-uuid".into(), vec![id]);
    r.properties
        .insert("virtual:primaryparent_nodeid".into(), vec![collection_id.to_string()]);
    r.properties
        .insert("ccm:original".into(), vec![original_id.to_string()]);
    Some(r)
}

/// A level-3 collection "Krisenjahr 1923" below `parent`.
fn new_collection(corpus: &mut Corpus, rng: &mut SplitMix64, parent: &str) -> String {
    let id = fresh_id(corpus, rng);
    let Some(template) = corpus.get(parent).cloned() else {
        return id;
    };
    let title = "Krisenjahr 1923";
    let description =
        "Redaktionelle Auswahl zum Krisenjahr 1923 (Teilgebiet von Weimarer Republik) im Fach Geschichte.";
    let mut r = template;
    r.id = id.clone();
    r.parent_id = Some(parent.to_string());
    r.depth += 1;
    r.title = title.into();
    r.name = title.into();
    r.description = description.into();
    r.keywords = vec![title.into(), "Weimarer Republik".into(), "Geschichte".into()];
    r.topic = Some(title.into());
    r.topic_path.push(title.into());
    r.created_at = "2024-03-11T10:15:00Z".into();
    r.modified_at = "2024-05-02T08:40:00Z".into();
    let p = &mut r.properties;
    p.remove("ccm:oeh_collection_compendium_text");
    p.remove("ccm:page_config_ref");
    p.insert("sys:node-uuid".into(), vec![id.clone()]);
    p.insert("virtual:primaryparent_nodeid".into(), vec![parent.to_string()]);
    p.insert("cm:created".into(), vec!["2024-03-11T10:15:00.000Z".into()]);
    p.insert("cm:modified".into(), vec!["2024-05-02T08:40:00.000Z".into()]);
    for key in ["cclom:title", "cm:title", "cm:name"] {
        p.insert(key.into(), vec![title.into()]);
    }
    p.insert("cclom:general_description".into(), vec![description.into()]);
    p.insert("cclom:general_keyword".into(), r.keywords.clone());
    corpus.nodes.push(r);
    id
}

/// An original whose primary parent is a workspace folder outside the
/// collections (most harvested material is in no collection).
fn unlisted_original(corpus: &mut Corpus, rng: &mut SplitMix64) -> String {
    let folder = fresh_id(corpus, rng);
    let id = fresh_id(corpus, rng);
    let Some(mut r) = corpus
        .nodes
        .iter()
        .find(|n| n.kind == NodeKind::Content && n.original_id.is_none() && !n.is_deleted_placeholder && n.is_public)
        .cloned()
    else {
        return id;
    };
    let title = "Bildrechte im Schulalltag – Leitfaden";
    let description = "Ein Leitfaden zu Bildrechten, Zitaten und freien Lizenzen für den Schulalltag.";
    let keywords = vec!["Bildrechte".to_string(), "Urheberrecht".into(), "Schulalltag".into()];
    r.id = id.clone();
    r.parent_id = Some(folder.clone());
    r.depth = 1;
    r.title = title.into();
    r.name = "bildrechte-im-schulalltag-leitfaden".into();
    r.description = description.into();
    r.keywords = keywords.clone();
    r.portal_id = None;
    r.subject = None;
    r.subject_uri = None;
    r.topic = None;
    r.topic_path = Vec::new();
    r.educational_contexts = Vec::new();
    r.material_type = Some("Leitfaden".into());
    r.license_key = Some("CC_BY".into());
    r.text_content = None;
    r.text_content_forbidden = false;
    r.has_download = false;
    r.has_content_url = true;
    r.mimetype = Some("text/html".into());
    r.mediatype = "link".into();
    r.size = None;
    r.created_at = "2024-06-03T09:30:00Z".into();
    r.modified_at = "2024-06-20T14:05:00Z".into();
    let mut p = std::collections::BTreeMap::new();
    let one = |s: &str| vec![s.to_string()];
    p.insert("sys:node-uuid".to_string(), one(&id));
    p.insert("virtual:primaryparent_nodeid".into(), one(&folder));
    p.insert("cm:created".into(), one("2024-06-03T09:30:00.000Z"));
    p.insert("cm:modified".into(), one("2024-06-20T14:05:00.000Z"));
    p.insert("cclom:title".into(), one(title));
    p.insert("cm:name".into(), one(&r.name));
    p.insert("cclom:general_description".into(), one(description));
    p.insert("cclom:general_keyword".into(), keywords);
    p.insert("cclom:general_language".into(), one("de"));
    p.insert("ccm:original".into(), one(&id));
    p.insert("ccm:commonlicense_key".into(), one("CC_BY"));
    p.insert(
        "ccm:wwwurl".into(),
        one("https://lernen.example.org/bildrechte-im-schulalltag"),
    );
    r.properties = p;
    corpus.nodes.push(r);
    id
}

fn set_compendium(corpus: &mut Corpus, collection: &str, text: String) {
    if let Some(n) = corpus.nodes.iter_mut().find(|n| n.id == collection) {
        n.properties
            .insert("ccm:oeh_collection_compendium_text".into(), vec![text]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::DEFAULT_SEED;

    #[test]
    fn references_usages_and_compendia() {
        for seed in [0, 7, DEFAULT_SEED] {
            let c = Corpus::generate(seed);
            let ids = &c.well_known.listings;
            let collection = c.get(&ids.reference_collection).expect("reference collection");
            assert!(collection.kind.is_collection());
            let children = c.children(&ids.reference_collection);
            assert_eq!(children.len(), 5, "seed {seed}");
            for r in &children {
                let original = r.original_id.as_deref().expect("a reference");
                assert_eq!(r.prop("ccm:original"), Some(original));
                assert_eq!(r.prop("virtual:primaryparent_nodeid"), Some(collection.id.as_str()));
                let o = c.get(original).expect("original");
                assert_eq!(o.prop("ccm:original"), Some(o.id.as_str()));
                assert!(o.original_id.is_none());
            }
            let usages = c.usages(&ids.referenced_original).unwrap();
            let kinds: Vec<&str> = usages.iter().map(|(k, _)| *k).collect();
            assert_eq!(kinds.len(), 3, "{kinds:?}");
            assert_eq!(kinds.iter().filter(|k| **k == ACTIVE).count(), 2);
            assert!(usages.iter().any(|(_, n)| n.id == ids.reference_collection));
            assert_eq!(c.usages(&ids.reference).unwrap().len(), 0);
            assert_eq!(c.usages(&ids.unlisted_original).unwrap().len(), 0);
            assert!(c.usages("00000000-0000-4000-8000-000000000000").is_none());
            let long = c.get(&ids.compendium_long).unwrap();
            assert!(long.prop("ccm:oeh_collection_compendium_text").unwrap().chars().count() > 65_000);
            assert!(
                c.get(&ids.compendium_structured)
                    .unwrap()
                    .prop("ccm:oeh_collection_compendium_text")
                    .is_some()
            );
        }
    }

    #[test]
    fn add_reference_is_deterministic() {
        let mut a = Corpus::generate(DEFAULT_SEED);
        let mut b = Corpus::generate(DEFAULT_SEED);
        let wk = a.well_known.clone();
        let ra = a.add_reference(&wk.listings.unlisted_original, &wk.geometrie);
        let rb = b.add_reference(&wk.listings.unlisted_original, &wk.geometrie);
        assert!(ra.is_some());
        assert_eq!(ra, rb);
        assert_eq!(a.usages(&wk.listings.unlisted_original).unwrap().len(), 1);
        assert!(a.add_reference(&wk.geometrie, &wk.bruchrechnung).is_none());
    }
}
