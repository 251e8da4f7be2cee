//! "Himmelskunde": an editorial collection outside the portal tree, for the
//! limits of listing a collection and for publisher counts.
//!
//! * "Himmelskunde" holds only sub-collections (no files).
//! * "Sternbilder am Nachthimmel" below it holds 120 materials — more than
//!   one 100-item children page, so a local search in it is truncated.
//! * "Planeten und Monde" holds a few.
//!
//! The materials carry Astronomie (some also MINT), varied educational
//! contexts, resource types and publishers, one of them an empty publisher
//! value. Their words are chosen to match no query the tests and the
//! relevance benchmark judge, and their disciplines belong to no portal, so
//! every earlier search answer stays as it was.
//!
//! The block has its own random stream and clock: it changes nothing of the
//! rest of the corpus, whatever is generated before or after it.

use super::{Generator, NodeKind, PreviewRecord, slugify, v1};
use crate::corpus_data::MATERIALS;
use crate::rng::SplitMix64;
use crate::vocab::{self, DISCIPLINE, EDU_CONTEXT, LRT_AGG, USER_ROLE};

/// Salt of the block's random stream.
const SALT: u64 = 0x5EED_0005_C1E5;
/// Creation clock of the block: 2024-11-04T09:00:00Z.
const CLOCK: u64 = 1_730_710_800;

const ASTRONOMIE: &str = "46014";
const MINT: &str = "04003";

const CONSTELLATIONS: [&str; 40] = [
    "Orion",
    "Kassiopeia",
    "Leier",
    "Schwan",
    "Adler",
    "Drache",
    "Pegasus",
    "Andromeda",
    "Perseus",
    "Fuhrmann",
    "Zwillinge",
    "Stier",
    "Löwe",
    "Jungfrau",
    "Skorpion",
    "Schütze",
    "Steinbock",
    "Wassermann",
    "Fische",
    "Widder",
    "Krebs",
    "Waage",
    "Bärenhüter",
    "Herkules",
    "Kepheus",
    "Giraffe",
    "Luchs",
    "Einhorn",
    "Hase",
    "Taube",
    "Rabe",
    "Becher",
    "Wolf",
    "Delfin",
    "Pfeil",
    "Füchschen",
    "Eidechse",
    "Kranich",
    "Walfisch",
    "Eridanus",
];

/// `(title, description)` per constellation; `{}` is its name.
const ASPECTS: [(&str, &str); 3] = [
    (
        "Sternbild {}: Lage und hellste Sterne",
        "Wo das Sternbild {} am Nachthimmel steht und welche Sterne darin am hellsten leuchten.",
    ),
    (
        "Sternbild {}: Sage und Name",
        "Die Sage hinter dem Sternbild {} und woher sein Name stammt.",
    ),
    (
        "Sternbild {} beobachten",
        "Wann und wo man das Sternbild {} mit bloßem Auge findet.",
    ),
];

const PLANETS: [&str; 8] = [
    "Merkur", "Venus", "Mars", "Jupiter", "Saturn", "Uranus", "Neptun", "Erdmond",
];

/// Publishers in turn; the first material has an empty value.
const PUBLISHERS: [&str; 5] = [
    "",
    "Sternwarte Sonneberg",
    "Planetarium Hamburg",
    "Vereinigung der Sternfreunde",
    "Haus der Astronomie",
];

const CONTEXTS: [&str; 3] = ["sekundarstufe_1", "sekundarstufe_2", "grundschule"];

impl Generator {
    /// Add the block (see the module docs).
    pub(super) fn make_sky(&mut self) {
        let saved_rng = std::mem::replace(&mut self.rng, SplitMix64::new(self.seed ^ SALT));
        let saved_clock = std::mem::replace(&mut self.clock, CLOCK);

        let outside = self.new_id();
        let parent = self.sky_collection(
            &outside,
            1,
            "Himmelskunde",
            "Sammlung zur Himmelskunde: Sternbilder, Planeten und Monde.",
        );
        let stars = self.sky_collection(
            &parent,
            2,
            "Sternbilder am Nachthimmel",
            "Die Sternbilder des Nachthimmels: Lage, Sage und Beobachtung.",
        );
        let planets = self.sky_collection(
            &parent,
            2,
            "Planeten und Monde",
            "Steckbriefe der Planeten und des Erdmonds.",
        );
        let mut n = 0;
        for (title, description) in ASPECTS {
            for name in CONSTELLATIONS {
                let id = self.sky_material(
                    &stars,
                    n,
                    &title.replace("{}", name),
                    &description.replace("{}", name),
                    vec!["Sternbilder".to_string(), name.to_string()],
                );
                if n == 0 {
                    self.wk.empty_publisher = id;
                }
                n += 1;
            }
        }
        for name in PLANETS {
            self.sky_material(
                &planets,
                n,
                &format!("Steckbrief: {name}"),
                &format!("{name}: Umlaufbahn, Monde und Besonderheiten."),
                vec!["Planeten".to_string(), name.to_string()],
            );
            n += 1;
        }
        self.wk.folders_only_collection = parent;
        self.wk.large_collection = stars;

        self.rng = saved_rng;
        self.clock = saved_clock;
    }

    fn sky_collection(&mut self, parent: &str, depth: u32, title: &str, description: &str) -> String {
        let v = vocab::vocabs();
        let id = self.new_id();
        let mut r = self.base_record(id.clone(), NodeKind::Collection, Some(parent), depth);
        let disc = format!("{DISCIPLINE}{ASTRONOMIE}");
        r.set_collection_title(title);
        r.description = description.to_string();
        r.keywords = vec![title.to_string()];
        r.subject = Some("Astronomie".to_string());
        r.subject_uri = Some(disc.clone());
        r.topic = Some(title.to_string());
        r.topic_path = vec![title.to_string()];
        let p = &mut r.properties;
        p.insert("cclom:general_description".into(), v1(description));
        p.insert("cclom:general_keyword".into(), v1(title));
        p.insert("ccm:taxonid_DISPLAYNAME".into(), v1(v.discipline_label(&disc)));
        p.insert("ccm:taxonid".into(), v1(disc));
        p.insert("ccm:collectiontype".into(), v1("EDITORIAL"));
        self.push(r);
        id
    }

    /// Material number `n` of the block, filed in `collection`.
    fn sky_material(
        &mut self,
        collection: &str,
        n: usize,
        title: &str,
        description: &str,
        keywords: Vec<String>,
    ) -> String {
        let v = vocab::vocabs();
        let topic = self.nodes[self.idx(collection)].title.clone();
        let id = self.new_id();
        let mut r = self.base_record(id.clone(), NodeKind::Content, Some(collection), 3);
        let slug = slugify(title);
        r.title = title.to_string();
        r.name = slug.clone();
        r.description = description.to_string();
        r.keywords = keywords.clone();
        r.subject = Some("Astronomie".to_string());
        r.subject_uri = Some(format!("{DISCIPLINE}{ASTRONOMIE}"));
        r.topic = Some(topic.clone());
        r.topic_path = vec!["Himmelskunde".to_string(), topic];
        r.mimetype = Some("text/html".to_string());
        r.mediatype = "link".to_string();
        r.has_content_url = true;
        r.preview = Some(PreviewRecord {
            is_icon: false,
            is_generated: true,
            mimetype: "image/jpeg".into(),
            width: 400,
            height: 225,
        });

        let mut disciplines = vec![format!("{DISCIPLINE}{ASTRONOMIE}")];
        if n % 4 == 3 {
            disciplines.push(format!("{DISCIPLINE}{MINT}"));
        }
        let mut contexts = vec![format!("{EDU_CONTEXT}{}", CONTEXTS[n % 3])];
        if n.is_multiple_of(5) {
            contexts.push(format!("{EDU_CONTEXT}{}", CONTEXTS[(n + 1) % 3]));
        }
        let role = format!("{USER_ROLE}{}", if n.is_multiple_of(2) { "learner" } else { "teacher" });
        let material = &MATERIALS[n % 4];
        r.material_type = Some(material.word.to_string());
        let lrt = format!("{LRT_AGG}{}", material.lrt);
        let license = if self.rng.chance(50) { "CC_BY_SA" } else { "CC_0" };
        r.license_key = Some(license.to_string());
        r.educational_contexts = contexts.clone();

        let p = &mut r.properties;
        p.insert("cclom:title".into(), v1(title));
        p.insert("cm:name".into(), v1(slug.clone()));
        p.insert("cclom:general_description".into(), v1(description));
        p.insert("cclom:general_keyword".into(), keywords);
        p.insert("cclom:general_language".into(), v1("de"));
        p.insert("ccm:original".into(), v1(id.clone()));
        p.insert(
            "ccm:taxonid_DISPLAYNAME".into(),
            disciplines.iter().map(|u| v.discipline_label(u)).collect(),
        );
        p.insert("ccm:taxonid".into(), disciplines);
        p.insert(
            "ccm:educationalcontext_DISPLAYNAME".into(),
            contexts.iter().map(|u| v.context_label(u)).collect(),
        );
        p.insert("ccm:educationalcontext".into(), contexts);
        p.insert(
            "ccm:educationalintendedenduserrole_DISPLAYNAME".into(),
            v1(v.role_label(&role)),
        );
        p.insert("ccm:educationalintendedenduserrole".into(), v1(role));
        p.insert("ccm:oeh_lrt_aggregated_DISPLAYNAME".into(), v1(v.lrt_label(&lrt)));
        p.insert("ccm:oeh_lrt_aggregated".into(), v1(lrt));
        p.insert("ccm:commonlicense_key".into(), v1(license));
        p.insert(
            "ccm:oeh_publisher_combined".into(),
            v1(PUBLISHERS[n % PUBLISHERS.len()]),
        );
        p.insert("ccm:wwwurl".into(), v1(format!("https://sterne.example/{slug}")));
        self.push(r);
        id
    }
}
