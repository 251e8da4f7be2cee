//! The MCP Apps views (docs/ui.md) over MCP HTTP against the stand-in: the
//! tools' `_meta.ui`, the view resources, the view data in result `_meta`,
//! and `WLO_UI=0`. The view itself is tested in a browser by
//! `ui/test/browser.mjs` (a `.ci/run` step).

use crate::common;

use common::*;
use serde_json::{Value, json};

const META_KEY: &str = "wirlernenonline.de/view";
const VIEW_TOOLS: [(&str, &str); 5] = [
    ("search_wlo_all", "ui://wlo/cards"),
    ("search_wlo_content", "ui://wlo/cards"),
    ("get_topic_page_content", "ui://wlo/topic-page"),
    ("get_collection_contents", "ui://wlo/cards"),
    ("get_related_content", "ui://wlo/cards"),
];
/// The fields of a view card (a subset of the JSON card).
const CARD_KEYS: [&str; 14] = [
    "nodeId",
    "title",
    "disciplines",
    "educationalContexts",
    "learningResourceTypes",
    "authors",
    "license",
    "attribution",
    "publisher",
    "url",
    "previewUrl",
    "topicPageUrl",
    "nodeType",
    "previewIsIcon",
];

/// Two servers in front of one stand-in (so that URLs agree): views on and off.
async fn on_and_off(extra: &[(&str, &str)]) -> (StandIn, Server, Server) {
    let standin = StandIn::start(StandInOptions::default())
        .await
        .expect("stand-in starts");
    let spawn = |ui: &str| {
        let mut vars = env(&[
            ("WLO_CACHE_MAX_MB", "0"),
            ("WLO_TIMEOUT_MS", "3000"),
            ("WLO_TOOL_DEADLINE_MS", "4000"),
            ("WLO_HEDGE", "0"),
            ("WLO_UI", ui),
        ]);
        vars.push(("WLO_REPOSITORY_URL".into(), standin.base_url()));
        vars.extend(env(extra));
        Server::spawn(&["serve", "--port", "0"], &vars)
    };
    let on = spawn("1");
    let off = spawn("0");
    (standin, on, off)
}

fn origin(url: &str) -> String {
    let (scheme, rest) = url.split_once("://").unwrap();
    format!("{scheme}://{}", rest.split('/').next().unwrap())
}

/// Every tool, in both output formats where it has two, plus errors.
fn calls(standin: &StandIn) -> Vec<(&'static str, Value)> {
    let wk = standin.well_known();
    let mut calls = vec![
        ("search_wlo_all", json!({"query": "Bruchrechnung"})),
        ("search_wlo_content", json!({"query": "Bruchrechnung", "maxResults": 3})),
        ("search_wlo_content", json!({"query": "zzzqqq"})),
        ("search_wlo_collections", json!({"query": "Bruchrechnung"})),
        ("search_wlo_topic_pages", json!({"query": "Mathematik"})),
        (
            "get_topic_page_content",
            json!({"collectionId": wk.two_variant_collection}),
        ),
        (
            "get_topic_page_content",
            json!({"collectionId": wk.portal_without_topic_page}),
        ),
        ("get_subject_portals", json!({})),
        ("browse_collection_tree", json!({"nodeId": wk.portal_with_topic_page})),
        (
            "get_collection_contents",
            json!({"nodeId": wk.bruchrechnung, "maxResults": 3, "skipCount": 1}),
        ),
        (
            "get_collection_contents",
            json!({"nodeId": "00000000-0000-4000-8000-000000000000"}),
        ),
        ("get_node_details", json!({"nodeId": wk.photosynthese})),
        (
            "get_related_content",
            json!({"nodeId": wk.photosynthese, "maxResults": 3}),
        ),
        ("lookup_wlo_vocabulary", json!({"vocabulary": "discipline"})),
    ];
    let json_mode: Vec<(&str, Value)> = calls
        .iter()
        .filter(|(name, _)| *name != "lookup_wlo_vocabulary")
        .map(|(name, args)| {
            let mut args = args.clone();
            args["outputFormat"] = json!("json");
            (*name, args)
        })
        .collect();
    calls.extend(json_mode);
    calls.push((
        "search_wlo_all",
        json!({"query": "Bruchrechnung", "outputFormat": "markdown"}),
    ));
    calls.push(("get_nodes_details", json!({"nodeIds": [wk.photosynthese]})));
    calls.push(("search", json!({"query": "Bruchrechnung"})));
    calls.push(("fetch", json!({"id": wk.photosynthese})));
    calls.push(("get_related_content", json!({"nodeId": "not-a-uuid"})));
    calls
}

#[tokio::test]
async fn views_change_no_answer_only_add_meta() {
    let (standin, on, off) = on_and_off(&[]).await;
    let mut with_cards = 0;
    for (name, args) in calls(&standin) {
        let a = on.rpc("tools/call", json!({"name": name, "arguments": args})).await["result"].clone();
        let b = off.rpc("tools/call", json!({"name": name, "arguments": args})).await["result"].clone();
        let at = format!("{name} {args}");
        // Byte-identical model context, views on or off.
        assert_eq!(a["content"].to_string(), b["content"].to_string(), "{at}");
        assert_eq!(
            a["structuredContent"].to_string(),
            b["structuredContent"].to_string(),
            "{at}"
        );
        assert_eq!(a["isError"], b["isError"], "{at}");
        assert!(b.get("_meta").is_none(), "WLO_UI=0 adds no result _meta: {at}");
        let has_view = VIEW_TOOLS.iter().any(|(tool, _)| *tool == name);
        if !has_view || a["isError"] == json!(true) {
            assert!(a.get("_meta").is_none(), "{at}: {}", a["_meta"]);
            continue;
        }
        let view = &a["_meta"][META_KEY];
        assert_eq!(view["relatedOffered"], json!(true), "{at}");
        if a.get("structuredContent").is_some() {
            // JSON mode: the cards are in structuredContent; _meta holds only the flag.
            assert_eq!(view, &json!({"relatedOffered": true}), "{at}");
            continue;
        }
        // Markdown mode: the cards the view shows, those of the JSON answer, trimmed.
        let mut json_args = args.clone();
        json_args["outputFormat"] = json!("json");
        let doc = on.call_tool(name, json_args).await.json();
        let pairs: Vec<(&Value, &Value)> = match name {
            "search_wlo_all" => ["content", "collections", "topicPages"]
                .iter()
                .map(|pot| (&view[pot]["results"], &doc[pot]["results"]))
                .collect(),
            "get_topic_page_content" => {
                let lanes = view["lanes"].as_array().unwrap();
                assert_eq!(lanes.len(), doc["lanes"].as_array().unwrap().len(), "{at}");
                for (lane, full) in lanes.iter().zip(doc["lanes"].as_array().unwrap()) {
                    assert_eq!(lane["heading"], full["heading"], "{at}");
                    assert_eq!(lane["hasMore"], full["hasMore"], "{at}");
                }
                assert_eq!(view["variant"], doc["variant"], "{at}");
                assert_eq!(view["collection"], doc["collection"], "{at}");
                lanes
                    .iter()
                    .zip(doc["lanes"].as_array().unwrap())
                    .map(|(lane, full)| (&lane["cards"], &full["cards"]))
                    .collect()
            }
            _ => vec![(&view["results"], &doc["results"])],
        };
        for (cards, full) in pairs {
            let (cards, full) = (cards.as_array().unwrap(), full.as_array().unwrap());
            assert_eq!(cards.len(), full.len(), "{at}");
            for (card, full) in cards.iter().zip(full) {
                let keys: Vec<&str> = card.as_object().unwrap().keys().map(String::as_str).collect();
                assert_eq!(keys, CARD_KEYS, "{at}");
                for key in CARD_KEYS {
                    assert_eq!(card[key], full[key], "{at}: {key}");
                }
                with_cards += 1;
            }
        }
        if matches!(name, "search_wlo_content" | "get_collection_contents") {
            assert_eq!(view["_queryMeta"]["toolName"], name, "{at}");
            assert_eq!(
                view["_queryMeta"]["pagination"]["skipCount"], doc["_queryMeta"]["pagination"]["skipCount"],
                "{at}"
            );
            assert_eq!(view["total"], doc["total"], "{at}");
        }
    }
    assert!(with_cards > 20, "only {with_cards} cards compared");
}

#[tokio::test]
async fn the_list_tools_link_their_views_and_the_views_are_resources() {
    let (standin, on, off) = on_and_off(&[]).await;
    let tools = on.rpc("tools/list", json!({})).await;
    for tool in tools["result"]["tools"].as_array().unwrap() {
        let name = tool["name"].as_str().unwrap();
        let expected = VIEW_TOOLS
            .iter()
            .find(|(t, _)| *t == name)
            .map(|(_, uri)| json!({"ui": {"resourceUri": uri}}));
        assert_eq!(tool.get("_meta").cloned(), expected, "{name}");
    }
    let tools = off.rpc("tools/list", json!({})).await;
    for tool in tools["result"]["tools"].as_array().unwrap() {
        assert!(tool.get("_meta").is_none(), "WLO_UI=0: {}", tool["name"]);
    }

    let listed = on.rpc("resources/list", json!({})).await;
    let views: Vec<&Value> = listed["result"]["resources"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["uri"].as_str().unwrap().starts_with("ui://"))
        .collect();
    let uris: Vec<&str> = views.iter().map(|r| r["uri"].as_str().unwrap()).collect();
    assert_eq!(uris, ["ui://wlo/cards", "ui://wlo/topic-page"]);
    let preview_origin = origin(&standin.base_url());
    for view in views {
        let uri = view["uri"].as_str().unwrap();
        assert_eq!(view["mimeType"], "text/html;profile=mcp-app");
        let ui = json!({"csp": {"resourceDomains": [preview_origin]}, "prefersBorder": true});
        assert_eq!(view["_meta"]["ui"], ui, "{uri}");
        let read = on.rpc("resources/read", json!({"uri": uri})).await;
        let contents = &read["result"]["contents"][0];
        assert_eq!(contents["uri"], uri);
        assert_eq!(contents["mimeType"], "text/html;profile=mcp-app");
        assert_eq!(contents["_meta"]["ui"], ui, "{uri}");
        let html = contents["text"].as_str().unwrap();
        assert!(html.starts_with("<!doctype html>"), "{uri}");
        // No size: it would tie resources/list (and its golden) to every rebuild of the view.
        assert!(view.get("size").is_none(), "{uri}");
        // The previews of the cards come from the declared origin.
        let card = on
            .call_tool(
                "search_wlo_content",
                json!({"query": "Bruchrechnung", "outputFormat": "json"}),
            )
            .await
            .json();
        assert!(
            card["results"][0]["previewUrl"]
                .as_str()
                .unwrap()
                .starts_with(&preview_origin)
        );

        // WLO_UI=0: not listed, and reading one is "not found".
        let read = off.rpc("resources/read", json!({"uri": uri})).await;
        assert_eq!(read["error"]["code"], -32002, "{read}");
    }
    let listed = off.rpc("resources/list", json!({})).await;
    assert!(!listed.to_string().contains("ui://"));
}

#[tokio::test]
async fn denying_get_related_content_tells_the_view() {
    let (standin, on, _off) = on_and_off(&[("MCP_TOOL_DENY", "get_related_content")]).await;
    let wk = standin.well_known();
    for args in [
        json!({"nodeId": wk.bruchrechnung}),
        json!({"nodeId": wk.bruchrechnung, "outputFormat": "json"}),
    ] {
        let r = on
            .rpc(
                "tools/call",
                json!({"name": "get_collection_contents", "arguments": args}),
            )
            .await;
        assert_eq!(r["result"]["_meta"][META_KEY]["relatedOffered"], false, "{args}");
    }
}
