use serde_json::json;

use super::*;
use crate::node::lenient::decode;

fn node(value: serde_json::Value) -> Node {
    decode(value.to_string().as_bytes()).expect("node")
}

/// A fixture body from `tests/fixtures/edu-sharing/` (synthesised from the
/// repository's schema and its observed behaviour).
fn fixture_node(name: &str) -> Node {
    let path = format!("{}/tests/fixtures/edu-sharing/{name}", env!("CARGO_MANIFEST_DIR"));
    let body = std::fs::read(&path).expect("fixture");
    #[derive(Deserialize)]
    struct Entry {
        node: Node,
    }
    decode::<Entry>(&body).expect("metadata body").node
}

#[test]
fn a_metadata_body_decodes_whole() {
    let n = fixture_node("node_metadata_content.json");
    assert_eq!(n.id(), "00000000-0000-4000-a000-000000001002");
    assert_eq!(n.node_type, "ccm:io");
    assert!(!n.is_collection());
    assert_eq!(n.display_title(), "Arbeitsblatt Brüche kürzen");
    assert_eq!(n.description(), "Übungen zum Kürzen von Brüchen mit Lösungen.");
    assert_eq!(n.keywords(), ["Brüche", "kürzen"]);
    assert_eq!(n.size, 183_422, "size arrives as a string");
    assert_eq!(n.mimetype, "application/pdf");
    assert_eq!(n.is_public, Some(true));
    assert!(n.has_real_preview());
    assert_eq!(
        n.download_url.as_deref(),
        Some("https://repo.example/edu-sharing/eduservlet/download?nodeId=00000000-0000-4000-a000-000000001002")
    );
    assert_eq!(
        n.link(),
        Some("https://repo.example/edu-sharing/components/render/00000000-0000-4000-a000-000000001002"),
        "no ccm:wwwurl: the content URL"
    );
    assert_eq!(n.prop("ccm:taxonid_DISPLAYNAME"), ["Mathematik", "Schulfächer"]);
    assert_eq!(n.properties.len(), 21);
    assert_eq!(n.primary_parent(), Some("00000000-0000-4000-a000-000000009002"));
    assert!(n.collection.is_none());
    assert!(!n.is_deleted_placeholder() && !n.is_topic_page_technical());
}

#[test]
fn technical_and_root_folders_from_fixtures() {
    let folder = fixture_node("node_metadata_config_folder.json");
    assert!(folder.is_collection() && folder.is_topic_page_technical());
    let root = fixture_node("node_metadata_root.json");
    assert_eq!(root.display_title(), "Portale");
    assert!(root.is_collection() && !root.is_topic_page_technical());
    assert!(root.collection.is_none(), "a metadata read has no collection object");
}

#[test]
fn topic_page_technical_nodes() {
    let cases = [
        (json!({"name": "PAGE_CONFIG_abc"}), true),
        (json!({"properties": {"cm:name": ["page_variant_x"]}}), true),
        (json!({"name": "x", "properties": {"ccm:page_config": ["{}"]}}), true),
        (
            json!({"name": " page_variant_1", "properties": {"cclom:title": ["Physik verstehen"]}}),
            true,
        ),
        (
            json!({"name": "v", "properties": {"ccm:page_variant_config": ["{}"]}}),
            true,
        ),
        (json!({"name": "x", "properties": {"ccm:page_config": [" "]}}), false),
        (json!({"name": "PAGE"}), false),
        (
            json!({"name": "Algebra", "properties": {"cm:name": ["Algebra"]}}),
            false,
        ),
    ];
    for (body, technical) in cases {
        assert_eq!(node(body.clone()).is_topic_page_technical(), technical, "{body}");
        // A names-only read (a listing read just to be counted) decides alike.
        let names: Titled = decode(body.to_string().as_bytes()).unwrap();
        assert_eq!(names.is_topic_page_technical(), technical, "{body}");
    }
}

#[test]
fn a_names_only_read_titles_like_a_full_node() {
    let bodies = [
        json!({"properties": {"cclom:title": ["  "], "cm:title": ["Titel"]}, "name": "n", "title": "t"}),
        json!({"properties": {"cm:name": ["datei.pdf"]}, "ref": {"id": "x"}, "preview": {"url": "u"}}),
        json!({"name": " ", "title": "Nur title", "collection": {"childReferencesCount": 3}}),
        json!({"properties": "junk", "name": ["not", "a", "string"]}),
        json!({"properties": {"sys:node-uuid": ["u-1"]}}),
    ];
    for body in bodies {
        let full = node(body.clone());
        let names: Titled = decode(body.to_string().as_bytes()).unwrap();
        assert_eq!(names.display_title(), full.display_title(), "{body}");
        assert_eq!(names.id(), full.id(), "{body}");
    }
}

#[test]
fn tolerant_node_parsing() {
    let n = node(json!({
        "ref": {"id": "abc"},
        "type": "ccm:io",
        "size": "1234",
        "properties": {"cclom:title": ["Titel"], "x": "scalar", "n": [1, null]},
        "preview": "not an object",
        "isPublic": "yes"
    }));
    assert_eq!(n.id(), "abc");
    assert_eq!(n.size, 1234);
    assert_eq!(n.display_title(), "Titel");
    assert_eq!(n.prop("x"), ["scalar"]);
    assert_eq!(n.prop("n"), ["1"]);
    assert!(n.preview.is_none());
    assert_eq!(n.is_public, None);
}

#[test]
fn wrong_typed_node_fields_default() {
    let n = node(json!({
        "ref": "abc", "type": 7, "isDirectory": "true", "name": ["n"], "title": {"t": 1},
        "aspects": ["a", 1], "properties": {"cclom:title": ["T"]}, "preview": 3,
        "content": "c", "downloadUrl": false, "mimetype": null, "size": true,
        "isPublic": "yes", "collection": 5
    }));
    assert_eq!(n.node_ref.id, "");
    assert_eq!(n.node_type, "");
    assert!(!n.is_directory);
    assert_eq!((n.name.as_str(), n.title.as_str(), n.mimetype.as_str()), ("", "", ""));
    assert!(n.aspects.is_empty(), "one odd element voids the array");
    assert_eq!(n.prop("cclom:title"), ["T"], "fields after odd ones still decode");
    assert!(n.preview.is_none() && n.content.is_none() && n.download_url.is_none());
    assert_eq!(n.size, 0);
    assert_eq!(n.is_public, None);
    assert!(n.collection.is_none());
}

#[test]
fn wrong_typed_nested_fields_default() {
    let n = node(json!({
        "ref": {"id": 5},
        "preview": {"url": 1, "isIcon": "no"},
        "content": {"url": ["x"]},
        "collection": {"description": 2, "childCollectionsCount": -1, "childReferencesCount": 1.5}
    }));
    assert_eq!(n.node_ref.id, "");
    let preview = n.preview.expect("an object is a preview");
    assert_eq!((preview.url.as_str(), preview.is_icon), ("", false));
    assert_eq!(n.content.expect("content").url, None);
    let c = n.collection.expect("collection");
    assert_eq!(
        (c.description, c.child_collections_count, c.child_references_count),
        (None, None, None)
    );

    let n = node(json!({
        "ref": {"id": "r"}, "preview": {"url": "u", "isIcon": false}, "content": {"url": "c"},
        "collection": {"description": "d", "childCollectionsCount": 3, "childReferencesCount": 4},
        "isPublic": true, "downloadUrl": "dl", "isDirectory": true, "aspects": ["a", "b"]
    }));
    assert_eq!(n.id(), "r");
    assert!(n.has_real_preview() && n.is_collection());
    assert_eq!(n.link(), Some("c"));
    assert_eq!(n.description(), "d");
    let c = n.collection.unwrap();
    assert_eq!(
        (c.child_collections_count, c.child_references_count),
        (Some(3), Some(4))
    );
    assert_eq!((n.is_public, n.download_url.as_deref()), (Some(true), Some("dl")));
    assert_eq!(n.aspects, ["a", "b"]);
}

#[test]
fn size_forms() {
    for (size, want) in [
        (json!("1234"), 1234),
        (json!(" 77 "), 77),
        (json!(88), 88),
        (json!("x"), 0),
        (json!("-5"), 0),
        (json!(-5), 0),
        (json!(1.5), 0),
        (json!(null), 0),
        (json!([1]), 0),
        (json!({"v": 1}), 0),
    ] {
        assert_eq!(node(json!({"size": size})).size, want, "size {size}");
    }
}

#[test]
fn properties_forms() {
    let n = node(json!({"properties": {
        "list": ["a", 1, -2, 1.5, true, null, ["nested"], {"o": 1}, "b"],
        "scalar": "s", "num": 42, "bool": false, "null": null, "obj": {"k": "v"}, "empty": []
    }}));
    assert_eq!(n.prop("list"), ["a", "1", "-2", "1.5", "true", "b"]);
    assert_eq!(n.prop("scalar"), ["s"]);
    assert_eq!(n.prop("num"), ["42"]);
    assert_eq!(n.prop("bool"), ["false"]);
    // null and object values keep the key with no values.
    for key in ["null", "obj", "empty"] {
        assert_eq!(n.properties.get(key), Some(&Vec::new()), "{key}");
    }
    for bad in [json!("p"), json!(["a"]), json!(3), json!(null)] {
        assert!(node(json!({"properties": bad})).properties.is_empty());
    }
    // A repeated property key keeps its last value, as JSON readers do.
    let n: Node = decode(br#"{"properties": {"k": ["1"], "k": ["2"]}}"#).unwrap();
    assert_eq!(n.prop("k"), ["2"]);
}

#[test]
fn node_accessors_after_parse() {
    let n = node(json!({
        "properties": {
            "sys:node-uuid": ["uuid-1"], "cm:name": ["file.pdf"],
            "ccm:page_config_ref": ["workspace://SpacesStore/cfg-1"],
            "virtual:primaryparent_nodeid": ["workspace://SpacesStore/p-1"],
            "cclom:general_keyword": ["k1", "k2"], "ccm:wwwurl": ["https://x"]
        },
        "type": "ccm:map"
    }));
    assert_eq!(n.id(), "uuid-1");
    assert_eq!(n.display_title(), "file.pdf");
    assert_eq!(n.page_config_ref(), Some("cfg-1"));
    assert_eq!(n.primary_parent(), Some("p-1"));
    assert_eq!(n.keywords(), ["k1", "k2"]);
    assert_eq!(n.link(), Some("https://x"));
    assert!(n.is_collection());
}

#[test]
fn store_refs_are_stripped() {
    assert_eq!(strip_store_ref("workspace://SpacesStore/abc-1"), "abc-1");
    assert_eq!(strip_store_ref(" abc-1 "), "abc-1");
}

#[test]
fn placeholders_are_detected() {
    let mut node = Node::default();
    assert!(node.is_deleted_placeholder());
    let mut set = |key: &str, value: &str| {
        node.properties.insert(key.into(), vec![value.into()]);
        node.is_deleted_placeholder()
    };
    assert!(set("cclom:title", "Element wurde gelöscht"));
    assert!(!set("cclom:title", "Bruch"));
    // Any case, and in the description too.
    assert!(set("cclom:title", "ELEMENT WURDE GELÖSCHT"));
    assert!(!set("cclom:title", "Bruch"));
    assert!(set("cclom:general_description", "Dieses Element was removed."));
    assert!(!set("cclom:general_description", "Das Element wird erklärt."));
}

/// The 16 recorded Optik materials (`tests/fixtures/edu-sharing/real-wlo/`),
/// decoded as the upstream client decodes a listing.
fn optik_materials() -> Vec<Node> {
    #[derive(Deserialize)]
    struct Page {
        #[serde(deserialize_with = "lenient::list")]
        references: Vec<Node>,
    }
    ["optik-references-page1.json", "optik-references-page2.json"]
        .iter()
        .flat_map(|name| {
            let path = format!(
                "{}/tests/fixtures/edu-sharing/real-wlo/{name}",
                env!("CARGO_MANIFEST_DIR")
            );
            decode::<Page>(&std::fs::read(path).expect("fixture"))
                .expect("page")
                .references
        })
        .collect()
}

fn optik(id_prefix: &str) -> Node {
    optik_materials()
        .into_iter()
        .find(|n| n.id().starts_with(id_prefix))
        .expect("recorded material")
}

#[test]
fn recorded_entities_are_decoded_where_the_node_is_read() {
    let materials = optik_materials();
    assert_eq!(materials.len(), 16);
    let n = optik("fab5617f");
    assert!(n.keywords().iter().any(|k| k == "Phänomen"), "{:?}", n.keywords());
    assert!(
        materials
            .iter()
            .flat_map(|n| n.keywords())
            .all(|k| !k.contains("&auml;"))
    );
    // URLs and ids are never decoded.
    let n = node(json!({
        "ref": {"id": "a&amp;b"},
        "title": "Tom &amp; Jerry",
        "properties": {
            "cclom:title": ["Ph&auml;nomen &#8238;rechts"],
            "ccm:wwwurl": ["https://x.example/?a=1&amp;b=2"],
            "ccm:taxonid": ["http://w3id.org/x?&amp;"],
            "ccm:taxonid_DISPLAYNAME": ["Deutsch &amp; Kunst"]
        },
        "collection": {"description": "Linsen &lt;und&gt; Spiegel"}
    }));
    assert_eq!(n.display_title(), "Phänomen rechts");
    assert_eq!(n.title, "Tom & Jerry");
    assert_eq!(n.link(), Some("https://x.example/?a=1&amp;b=2"));
    assert_eq!(n.id(), "a&amp;b");
    assert_eq!(n.prop("ccm:taxonid"), ["http://w3id.org/x?&amp;"]);
    assert_eq!(n.prop("ccm:taxonid_DISPLAYNAME"), ["Deutsch & Kunst"]);
    assert_eq!(
        n.collection.unwrap().description.as_deref(),
        Some("Linsen <und> Spiegel")
    );
}

#[test]
fn recorded_types_fall_back_to_the_fine_vocabulary() {
    let materials = optik_materials();
    assert!(materials.iter().all(|n| n.prop(resource_types::AGGREGATED).is_empty()));
    let video = optik("93330f20");
    let types = video.learning_resource_types();
    assert_eq!(types.property, resource_types::FINE);
    assert_eq!(
        types.labels(),
        ["Video (Material)", "Erklärvideo und gefilmtes Experiment"]
    );
    let uri = |label: &str| {
        crate::vocab::Vocabulary::Lrt
            .entries()
            .iter()
            .find(|e| e.label == label)
            .unwrap()
            .uri
            .clone()
    };
    assert!(video.has_learning_resource_type(&uri("Video")));
    assert!(!video.has_learning_resource_type(&uri("Arbeitsblatt")));
    let simulation = optik("45cb1a2d");
    assert!(
        simulation.has_learning_resource_type(&uri("Interaktives Medium")),
        "alias simulation"
    );
    // "Material" alone is no "Projekt-Material".
    assert!(!optik("454327ba").has_learning_resource_type(&uri("Projekt-Material")));
    // Aggregated types win and compare by URI.
    let aggregated = node(json!({"properties": {
        "ccm:oeh_lrt_aggregated": [uri("Arbeitsblatt")],
        "ccm:oeh_lrt_DISPLAYNAME": ["Video"]
    }}));
    assert!(aggregated.has_learning_resource_type(&uri("Arbeitsblatt")));
    assert!(!aggregated.has_learning_resource_type(&uri("Video")));
    assert_eq!(aggregated.learning_resource_types().labels(), ["Arbeitsblatt"]);
    // Fine URIs without names are no labels (never a URI on a card).
    let bare = node(json!({"properties": {"ccm:oeh_lrt": ["http://w3id.org/openeduhub/vocabs/new_lrt/x"]}}));
    assert!(bare.learning_resource_types().labels().is_empty());
}

#[test]
fn recorded_authors() {
    let authors = |prefix: &str| optik(prefix).authors();
    assert_eq!(authors("c1c5f25d"), ["Alexander Ubrig"]);
    assert_eq!(authors("11e4a379"), ["Dieter Welz"], "the name wins over the free text");
    assert_eq!(
        authors("e99949a2"),
        ["Deutsches Zentrum für Luft- und Raumfahrt e. V. (DLR)"]
    );
    assert_eq!(authors("ac9f3f6f"), ["Universaldenker"]);
    assert!(authors("756ec0fa").is_empty(), "an imprint URL is no name");
    assert!(authors("f1f89a13").is_empty());
    let n = node(json!({"properties": {
        "ccm:lifecyclecontributer_authorFN": [" Anna  Beispiel [#]Bert Muster", "anna beispiel", ""],
        "ccm:author_freetext": ["Nicht gelesen"],
        "ccm:metadatacontributer_creatorFN": ["Redakteurin"],
        "cm:creator": ["redakteurin"]
    }}));
    assert_eq!(n.authors(), ["Anna Beispiel", "Bert Muster"]);
    let free = node(json!({"properties": {"ccm:author_freetext": ["www.example.org[#]Carla Quelle"]}}));
    assert_eq!(free.authors(), ["Carla Quelle"]);
}

#[test]
fn recorded_quirks_decode() {
    let materials = optik_materials();
    let nulls = materials.iter().filter(|n| n.mimetype.is_empty()).count();
    assert_eq!(nulls, 8, "mimetype: null is an empty mimetype");
    assert_eq!(optik("ac9f3f6f").display_title(), "Kurs Grundlagen der Optik ");
    let same: Vec<&str> = materials
        .iter()
        .filter(|n| n.display_title() == "Stationsarbeit zur Optik")
        .map(|n| n.id())
        .collect();
    assert_eq!(same.len(), 3);
    assert!(materials.iter().all(|n| n.is_reference()));
}
