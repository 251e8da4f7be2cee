//! Typed tool parameters over real HTTP: when several arguments are bad, the
//! first in the tool's field order (its schema's property order) is reported
//! (whatever the key order of the request), ranges that depend on another argument are stated as they
//! apply, and a bad argument never reaches WLO.

use crate::common;

use common::*;
use serde_json::{Value, json};

const ID: &str = "5e40e372-735c-4b17-bbf7-e827a5702b57";
const UUID_HINT: &str = "Erlaubt: eine nodeId (UUID wie 5e40e372-735c-4b17-bbf7-e827a5702b57).";

#[tokio::test]
async fn the_first_bad_argument_in_field_order_is_reported() {
    let h = Harness::start().await;
    let cases: Vec<(&str, Value, String)> = vec![
        // Declared order: query, the filters, maxResults, excludeNodeIds, outputFormat.
        (
            "search_wlo_content",
            json!({"outputFormat": "xml", "maxResults": "viele", "query": "Bruch"}),
            "Ungültiger Wert für maxResults: \"viele\". Erlaubt: eine ganze Zahl von 1 bis 20.".into(),
        ),
        (
            "search_wlo_content",
            json!({"maxResults": "viele", "discipline": ["Mathe"]}),
            "Fehlender Pflichtparameter query: Erlaubt ist ein nicht leerer Text mit höchstens 200 Zeichen.".into(),
        ),
        (
            "search_wlo_all",
            json!({"include": ["content", "bilder"], "maxContent": 3, "query": "Bruch"}),
            "Ungültiger Eintrag in include: \"bilder\". Erlaubt: content, collections, topicPages.".into(),
        ),
        // The collection search: the query before the filters.
        (
            "search_wlo_collections",
            json!({"query": ["Bruch"], "maxResults": "viele", "discipline": {"x": 1}}),
            "Ungültiger Wert für query: eine Liste. Erlaubt: Text mit höchstens 200 Zeichen.".into(),
        ),
        // Topic pages: targetGroup is declared before collectionId.
        (
            "search_wlo_topic_pages",
            json!({"targetGroup": "students", "collectionId": "nope"}),
            "Ungültiger Wert für targetGroup: \"students\". Erlaubt: teacher, learner, general.".into(),
        ),
        (
            "search_wlo_topic_pages",
            json!({"sort": "neu", "collectionId": "nope"}),
            format!("Ungültiger Wert für collectionId: \"nope\". {UUID_HINT}"),
        ),
        // Collection contents: nodeId, then what to list, then paging.
        (
            "get_collection_contents",
            json!({"maxResults": "viele", "contentFilter": "pdf", "nodeId": ID}),
            "Ungültiger Wert für contentFilter: \"pdf\". Erlaubt: files, folders, both.".into(),
        ),
        (
            "get_collection_contents",
            json!({"includeSubcollections": "vielleicht", "nodeId": "nope"}),
            format!("Ungültiger Wert für nodeId: \"nope\". {UUID_HINT}"),
        ),
        // The tree adds where nodeIds come from.
        (
            "browse_collection_tree",
            json!({"depth": "tief"}),
            "Fehlender Pflichtparameter nodeId: Erlaubt ist eine nodeId (UUID wie 5e40e372-735c-4b17-bbf7-e827a5702b57). Tipp: get_subject_portals liefert die nodeIds der Fachportale.".into(),
        ),
        (
            "get_nodes_details",
            json!({"nodeIds": ["  ", ""]}),
            "Fehlender Pflichtparameter nodeIds: Erlaubt ist eine Liste von 1 bis 50 nodeIds.".into(),
        ),
        (
            "lookup_wlo_vocabulary",
            json!({"query": {}, "vocabulary": " "}),
            "Fehlender Pflichtparameter vocabulary. Erlaubt: educationalContext, discipline, userRole, lrt, license, targetGroup.".into(),
        ),
    ];
    for (tool, arguments, expected) in cases {
        let r = h.call_tool(tool, arguments.clone()).await;
        assert!(r.is_error, "{tool} {arguments}: {}", r.text);
        assert_eq!(r.text, expected, "{tool} {arguments}");
    }
    assert_eq!(h.standin.control().stats().total_requests, 0);
}

#[tokio::test]
async fn skip_count_states_the_range_that_applies() {
    let h = Harness::start().await;
    for (extra, max) in [
        (json!({"includeSubcollections": true}), 400),
        (json!({"includeSubcollections": "TRUE", "contentFilter": "Files"}), 400),
        (
            json!({"includeSubcollections": true, "contentFilter": "folders"}),
            10_000,
        ),
        (json!({}), 10_000),
    ] {
        let mut arguments = json!({"nodeId": ID, "skipCount": "weit"});
        arguments
            .as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        let r = h.call_tool("get_collection_contents", arguments.clone()).await;
        assert_eq!(
            r.text,
            format!("Ungültiger Wert für skipCount: \"weit\". Erlaubt: eine ganze Zahl von 0 bis {max}."),
            "{arguments}"
        );
    }
    assert_eq!(h.standin.control().stats().total_requests, 0);
}
