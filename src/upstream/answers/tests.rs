use serde::de::DeserializeOwned;
use serde_json::json;

use super::*;
use crate::node::lenient::decode;

/// A fixture body from `tests/fixtures/edu-sharing/` (synthesised from the
/// repository's schema and its observed behaviour).
fn fixture<T: DeserializeOwned>(name: &str) -> T {
    let path = format!("{}/tests/fixtures/edu-sharing/{name}", env!("CARGO_MANIFEST_DIR"));
    decode(&std::fs::read(&path).expect("fixture")).expect(name)
}

fn list(text: &str) -> NodeList {
    decode(text.as_bytes()).expect("node list")
}

fn ids(list: &NodeList) -> Vec<&str> {
    list.nodes.iter().map(Node::id).collect()
}

const ID: &str = "00000000-0000-4000-a000-000000";

#[test]
fn search_answers() {
    let files: NodeList = fixture("search_ngsearch_files.json");
    assert_eq!(
        ids(&files),
        [format!("{ID}001001"), format!("{ID}001002"), format!("{ID}001003")]
    );
    assert_eq!((files.pagination.total, files.pagination.count), (287, 3));
    assert_eq!(
        files.nodes[0].link(),
        Some("https://video.example/bruchrechnung-einfuehrung")
    );
    assert_eq!(files.nodes[1].size, 183_422);
    assert!(files.nodes[2].is_deleted_placeholder());
    assert!(!files.nodes[0].is_deleted_placeholder());

    let facets: NodeList = fixture("search_ngsearch_facets.json");
    assert_eq!((facets.nodes.len(), facets.pagination.total), (1, 287));

    let collections: NodeList = fixture("search_collections_mds.json");
    let counts: Vec<_> = collections
        .nodes
        .iter()
        .map(|n| {
            n.collection
                .as_ref()
                .map(|c| (c.child_collections_count, c.child_references_count))
        })
        .collect();
    assert!(
        counts.iter().all(|c| matches!(c, Some((Some(_), Some(_))))),
        "{counts:?}"
    );
    assert!(collections.nodes.iter().all(Node::is_collection));

    let variants: NodeList = fixture("search_page_variant.json");
    assert_eq!(variants.nodes.len(), 2);
    assert!(variants.nodes.iter().all(Node::is_topic_page_technical));
}

#[test]
fn the_name_index_answers_under_collections() {
    let index: NodeList = fixture("collection_search_rest.json");
    assert_eq!(ids(&index), [format!("{ID}000111")]);
    assert_eq!(index.nodes[0].display_title(), "Bruchrechnung");
    let titles: TitleList = fixture("collection_search_rest.json");
    assert_eq!(titles.nodes[0].display_title(), "Bruchrechnung");
}

#[test]
fn children_and_parents() {
    let portals: NodeList = fixture("node_children_root_folders.json");
    let with_page: Vec<Option<&str>> = portals.nodes.iter().map(Node::page_config_ref).collect();
    assert_eq!(
        with_page,
        [None, Some(&*format!("{ID}000201")), Some(&*format!("{ID}000202"))]
    );
    let files: NodeList = fixture("node_children_files.json");
    assert_eq!((files.nodes.len(), files.pagination.total), (2, 37));
    let total: ListTotal = fixture("node_children_files.json");
    assert_eq!(total.pagination.total, 37);
    let config: NodeList = fixture("node_children_config_folder.json");
    assert!(config.nodes.iter().all(Node::is_topic_page_technical));

    let parents: NodeList = fixture("node_parents_collection.json");
    let titles: Vec<&str> = parents.nodes.iter().map(Node::display_title).collect();
    assert_eq!(titles, ["Bruchrechnung", "Mathematik", "Portale"], "self first");
}

#[test]
fn entry_text_and_error_bodies() {
    let entry: NodeEntry = fixture("node_metadata_content.json");
    assert_eq!(entry.node.expect("node").id(), format!("{ID}001002"));
    let text: NodeText = fixture("node_textcontent.json");
    assert!(text.into_text().expect("text").starts_with("Brüche kürzen."));
    let missing: ErrorBody = fixture("error_404_missing.json");
    assert_eq!(missing.message, "Node does not exist");
    let invalid: ErrorBody = fixture("error_400_validation.json");
    assert!(invalid.error.ends_with("DAOValidationException"));
}

#[test]
fn a_count_answer_reads_only_the_total() {
    let total = |body: serde_json::Value| {
        decode::<ListTotal>(body.to_string().as_bytes())
            .unwrap()
            .pagination
            .total
    };
    let node = json!({"ref": {"id": "a"}, "properties": {"cm:name": ["a"]}});
    assert_eq!(
        total(json!({"nodes": [node], "pagination": {"total": 20, "count": 1}})),
        20
    );
    assert_eq!(total(json!({"pagination": {"total": 7}, "nodes": "junk"})), 7);
    assert_eq!(total(json!({"nodes": []})), 0);
}

#[test]
fn wrong_typed_list_and_body_fields_default() {
    let l = list(r#"{"nodes": [], "pagination": {"total": "9", "from": -1, "count": 2.0}}"#);
    assert_eq!((l.pagination.total, l.pagination.from, l.pagination.count), (0, 0, 0));
    let l = list(r#"{"nodes": {"a": 1}, "pagination": "p"}"#);
    assert!(l.nodes.is_empty());
    assert_eq!(l.pagination.total, 0);
    let l = list(r#"{"pagination": {"total": 30, "from": 5, "count": 25}}"#);
    assert_eq!((l.pagination.total, l.pagination.from, l.pagination.count), (30, 5, 25));

    let e: NodeEntry = decode(br#"{"node": "x"}"#).unwrap();
    assert!(e.node.is_none());
    let e: NodeEntry = decode(br#"{"node": {"ref": {"id": "i"}}}"#).unwrap();
    assert_eq!(e.node.unwrap().id(), "i");

    let t: NodeText = decode(br#"{"text": 1, "content": " ", "raw": "r"}"#).unwrap();
    assert_eq!(t.into_text().as_deref(), Some("r"));
    let t: NodeText = decode(br#"{"text": "t", "raw": ["r"]}"#).unwrap();
    assert_eq!(t.into_text().as_deref(), Some("t"));

    let e: ErrorBody = decode(br#"{"error": 500, "message": "m"}"#).unwrap();
    assert_eq!((e.error.as_str(), e.message.as_str()), ("", "m"));
}

#[test]
fn malformed_list_elements_are_skipped() {
    let l = list(
        r#"{"nodes": ["str", 1, null, true, {"ref": {"id": "a"}}, [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18], {"ref": {"id": "b"}, "size": "x"}],
            "pagination": {"total": 2, "from": 0, "count": 2}}"#,
    );
    assert_eq!(ids(&l), ["a", "b"]);
    assert_eq!(l.pagination.total, 2);
}

#[test]
fn an_object_its_struct_refuses_is_skipped_to_its_end() {
    // A repeated field voids the node (serde refuses it), and the nodes and
    // fields after it still decode.
    let l = list(
        r#"{"nodes": [{"ref": {"id": "a"}, "name": "x", "name": "y", "title": "t"}, {"ref": {"id": "b"}}],
            "pagination": {"total": 2}}"#,
    );
    assert_eq!(ids(&l), ["b"]);
    assert_eq!(l.pagination.total, 2);
    let e: NodeEntry = decode(br#"{"node": {"ref": {"id": "a"}, "ref": {"id": "b"}}}"#).unwrap();
    assert!(e.node.is_none());
    let l = list(r#"{"nodes": [{"preview": {"url": "u", "url": "v"}, "name": "n"}]}"#);
    assert!(l.nodes[0].preview.is_none());
    assert_eq!(l.nodes[0].name, "n");
    // serde reads a struct from an array by position: a short array is a
    // node of defaults, a longer one than the struct is none.
    let l = list(
        r#"{"nodes": [[{"id": "p"}, "ccm:io"], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18]]}"#,
    );
    assert_eq!(ids(&l), ["p"]);
    assert_eq!(l.nodes[0].node_type, "ccm:io");
}

#[test]
fn unknown_fields_are_ignored() {
    let l = list(
        r#"{"extra": {"deep": [1, {"x": null}]}, "nodes": [{"ref": {"id": "a", "repo": "local", "isHomeRepo": true},
            "owner": {"firstName": "x"}, "preview": {"url": "u", "isIcon": false, "width": 1, "data": null},
            "collection": {"color": "blue", "childCollectionsCount": 1}, "x": [[[]]]}],
            "facets": [], "pagination": {"total": 1, "from": 0, "count": 1, "x": "y"}}"#,
    );
    assert_eq!(ids(&l), ["a"]);
    assert!(l.nodes[0].has_real_preview());
    assert_eq!(l.nodes[0].collection.as_ref().unwrap().child_collections_count, Some(1));
    assert_eq!(l.pagination.count, 1);
}

#[test]
fn collections_and_parents_aliases() {
    for key in ["nodes", "collections", "parents"] {
        let l = list(&format!(
            r#"{{"{key}": [{{"ref": {{"id": "x"}}}}], "pagination": {{"total": 1}}}}"#
        ));
        assert_eq!(ids(&l), ["x"], "{key}");
    }
}

#[test]
fn a_body_that_is_not_json_fails_whole() {
    for text in [
        r#"{"nodes": [{"ref": }]}"#,
        r#"{"nodes": [1,]}"#,
        r#"{"nodes": ["#,
        r#"{"node": {"ref": }"#,
        r#"{"nodes": [{"ref": }"#,
        r#"{"pagination": {"total": 3}"#,
        r#"{"nodes": []} trailing"#,
        "<html>",
        "",
    ] {
        assert!(decode::<NodeList>(text.as_bytes()).is_err(), "{text}");
        assert!(decode::<NodeEntry>(text.as_bytes()).is_err(), "{text}");
        assert!(decode::<ListTotal>(text.as_bytes()).is_err(), "{text}");
    }
}

#[test]
fn listed_nodes_share_their_listing() {
    let listing = Arc::new(list(r#"{"nodes": [{"ref": {"id": "a"}}, {"ref": {"id": "b"}}]}"#));
    let listed: Vec<ListedNode> = ListedNode::all(&listing).collect();
    assert_eq!(listed.iter().map(|n| n.id()).collect::<Vec<_>>(), ["a", "b"]);
    assert_eq!(Arc::strong_count(&listing), 3);
}

#[test]
fn usage_answers_are_a_bare_array() {
    let body = json!([
        {"collectionUsageType": "ACTIVE", "collection": {"ref": {"id": "c1"}, "type": "ccm:map"}},
        "not a usage",
        {"collectionUsageType": "PROPOSAL_PENDING", "collection": {"ref": {"id": "c2"}}},
        {"collectionUsageType": 7, "collection": "x"}
    ]);
    let list: UsageList = decode(body.to_string().as_bytes()).expect("usages");
    let got: Vec<(&str, Option<&str>)> = list
        .usages
        .iter()
        .map(|u| (u.usage_type.as_str(), u.collection.as_ref().map(Node::id)))
        .collect();
    assert_eq!(
        got,
        [("ACTIVE", Some("c1")), ("PROPOSAL_PENDING", Some("c2")), ("", None)]
    );
    // Anything but an array is no answer (never "in no collection").
    assert!(decode::<UsageList>(br#"{"usages": []}"#).is_err());
    assert!(decode::<UsageList>(b"[]").unwrap().usages.is_empty());
}

#[test]
fn a_reference_names_its_original() {
    let reference: Node = decode(
        json!({"ref": {"id": "r"}, "originalId": "o", "properties": {"ccm:original": ["o"]}})
            .to_string()
            .as_bytes(),
    )
    .unwrap();
    assert_eq!(reference.original(), "o");
    let by_property: Node = decode(
        json!({"ref": {"id": "r"}, "properties": {"ccm:original": ["workspace://SpacesStore/o"]}})
            .to_string()
            .as_bytes(),
    )
    .unwrap();
    assert_eq!(by_property.original(), "o");
    let original: Node = decode(json!({"ref": {"id": "o"}}).to_string().as_bytes()).unwrap();
    assert_eq!(original.original(), "o");
}
