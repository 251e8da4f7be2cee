//! Hardening against hostile input: ids that must never reach an upstream
//! URL, string, array and number limits, and repository data that must stay
//! data in every listing. Runs on loopback against the in-process stand-in
//! and the real `wlo-mcp` binary.

use crate::common;

use common::*;
use serde_json::{Value, json};

// ---- helpers ---------------------------------------------------------------

/// Ids that must never reach an upstream URL.
fn hostile_ids() -> Vec<Value> {
    let id = ROOT;
    vec![
        json!(format!("../{id}")),
        json!(format!("{id}/../../etc/passwd")),
        json!("../../../../etc/passwd"),
        json!(format!("{}%2F{}", &id[..18], &id[21..])),
        json!(format!("..%2F..%2F{id}")),
        json!(format!("%35{}", &id[1..])),
        json!(format!("{id}?x=1")),
        json!(format!("{id}#x")),
        json!(format!("{id}&maxItems=100000")),
        json!(format!("{id}/children")),
        json!("5e40e372 735c-4b17-bbf7-e827a5702b57"),
        json!("5e40e372-735c\t4b17-bbf7-e827a5702b57"),
        json!(format!("{id}\n{id}")),
        json!("a".repeat(100_000)),
        json!(format!("{id}{}", "0".repeat(100_000))),
        json!("5e40e372-735c-4b17-bbf7-e827a5702b5ä"),
        json!("５e40e372-735c-4b17-bbf7-e827a5702b57"),
        json!("5e40e372\u{2010}735c-4b17-bbf7-e827a5702b57"),
        json!("5e40e372-735c-4b17-bbf7-e827a5702b5\u{0}"),
        json!("-home-"),
        json!("workspace://SpacesStore/../etc/passwd"),
        json!(format!("workspace://OtherStore/{id}")),
        json!(format!("http://evil.example/{id}")),
        json!("Informatik"),
        json!(42),
        json!(4.2e40),
        json!(true),
        json!([id]),
        json!({"id": id}),
    ]
}

// ---- input: ids --------------------------------------------------------------

#[tokio::test]
async fn hostile_ids_are_rejected_by_name_and_never_requested() {
    let h = Harness::start().await;
    let cases = [
        ("get_node_details", "nodeId", json!({})),
        ("browse_collection_tree", "nodeId", json!({})),
        ("get_collection_contents", "nodeId", json!({})),
        ("search_wlo_topic_pages", "collectionId", json!({})),
        (
            "search_wlo_collections",
            "parentNodeId",
            json!({"query": "Bruchrechnung"}),
        ),
    ];
    let mut calls = Vec::new();
    let hr = &h;
    for (tool, key, base) in &cases {
        for bad in hostile_ids() {
            let mut args = base.clone();
            args[*key] = bad.clone();
            let h = hr;
            calls.push(async move {
                let r = h.call_tool(tool, args).await;
                (tool, key, bad, r)
            });
        }
    }
    for (tool, key, bad, r) in futures::future::join_all(calls).await {
        let shown: String = bad.to_string().chars().take(80).collect();
        assert!(r.is_error, "{tool} {key}={shown}: {}", r.text);
        assert!(
            r.text.contains(key),
            "{tool} {key}={shown}: the error names the argument: {}",
            r.text
        );
        assert!(
            r.text.chars().count() < 600,
            "{tool}: the error does not echo a huge value"
        );
        assert_eq!(r.blocks, 1);
    }
    assert_eq!(
        h.standin.control().stats().total_requests,
        0,
        "no hostile id reached the repository"
    );

    // Store refs, upper case and surrounding whitespace are the same id.
    let wk = h.standin.well_known().clone();
    for variant in [
        wk.bruchrechnung.to_uppercase(),
        format!("workspace://SpacesStore/{}", wk.bruchrechnung),
        format!("  {}\n", wk.bruchrechnung),
    ] {
        let r = h
            .call_tool("get_node_details", json!({"nodeId": variant, "outputFormat": "json"}))
            .await;
        assert!(!r.is_error, "{variant}: {}", r.text);
        assert_eq!(r.json()["nodeId"], wk.bruchrechnung);
    }
}

#[tokio::test]
async fn hostile_entries_in_node_ids_go_to_failed_and_the_rest_proceeds() {
    let h = Harness::start().await;
    let wk = h.standin.well_known().clone();
    let bad: Vec<String> = hostile_ids()
        .into_iter()
        .filter_map(|v| v.as_str().map(str::to_string))
        .collect();
    let mut list: Vec<Value> = bad.iter().map(|s| json!(s)).collect();
    list.insert(3, json!(wk.photosynthese));
    assert!(list.len() <= 50);
    let r = h.call_tool("get_nodes_details", json!({"nodeIds": list})).await;
    assert!(!r.is_error, "{}", r.text);
    let doc = r.json();
    assert_eq!(doc["resolved"], 1);
    assert_eq!(doc["results"][&wk.photosynthese]["nodeId"], wk.photosynthese);
    let failed = doc["failed"].as_array().unwrap();
    assert_eq!(failed.len(), bad.len(), "every malformed entry is reported: {failed:?}");
    for entry in failed {
        assert!(
            entry.as_str().unwrap().chars().count() <= 200,
            "failed entries are bounded"
        );
    }
    let stats = h.standin.control().stats();
    assert_eq!(stats.total_requests, 1, "only the valid id was requested: {stats:?}");
}

#[tokio::test]
async fn malformed_exclude_ids_are_ignored() {
    let h = Harness::start().await;
    let first = h
        .call_tool(
            "search_wlo_content",
            json!({"query": "Bruchrechnung", "outputFormat": "json"}),
        )
        .await;
    assert!(!first.is_error, "{}", first.text);
    let top = first.json()["results"][0]["nodeId"].as_str().unwrap().to_string();
    // Every hostile value, strings or not, is ignored; the valid id is used.
    let mut exclude: Vec<Value> = hostile_ids();
    exclude.push(Value::Null);
    exclude.push(json!(top.to_uppercase()));
    for (tool, args) in [
        ("search_wlo_content", json!({"query": "Bruchrechnung"})),
        ("search_wlo_all", json!({"query": "Bruchrechnung"})),
        ("search_wlo_collections", json!({"query": "Bruchrechnung"})),
        (
            "get_collection_contents",
            json!({"nodeId": h.standin.well_known().bruchrechnung}),
        ),
    ] {
        let mut args = args;
        args["excludeNodeIds"] = json!(exclude);
        args["outputFormat"] = json!("json");
        let r = h.call_tool(tool, args).await;
        assert!(!r.is_error, "{tool}: {}", r.text);
        if tool == "search_wlo_content" {
            assert!(!r.text.contains(&top), "the valid excluded id is left out");
        }
    }
}

// ---- input: limits -----------------------------------------------------------

#[tokio::test]
async fn string_and_array_limits() {
    let h = Harness::start().await;
    let long = "Bruchrechnung ".repeat(15); // 210 characters
    let huge = "x".repeat(100_000);
    let wk = h.standin.well_known().clone();
    let mut cases: Vec<(&str, Value, &str)> = Vec::new();
    for text in [&long, &huge] {
        cases.extend([
            ("search_wlo_content", json!({"query": text}), "query"),
            ("search_wlo_collections", json!({"query": text}), "query"),
            ("search_wlo_all", json!({"query": text}), "query"),
            ("search_wlo_topic_pages", json!({"query": text}), "query"),
            (
                "get_collection_contents",
                json!({"nodeId": wk.bruchrechnung, "query": text}),
                "query",
            ),
            (
                "lookup_wlo_vocabulary",
                json!({"vocabulary": "discipline", "query": text}),
                "query",
            ),
            (
                "search_wlo_content",
                json!({"query": "Bruch", "discipline": text}),
                "discipline",
            ),
            (
                "search_wlo_content",
                json!({"query": "Bruch", "educationalContext": text}),
                "educationalContext",
            ),
            (
                "search_wlo_content",
                json!({"query": "Bruch", "userRole": text}),
                "userRole",
            ),
            (
                "search_wlo_content",
                json!({"query": "Bruch", "learningResourceType": text}),
                "learningResourceType",
            ),
            (
                "search_wlo_collections",
                json!({"query": "Bruch", "discipline": text}),
                "discipline",
            ),
            (
                "search_wlo_all",
                json!({"query": "Bruch", "discipline": text}),
                "discipline",
            ),
            (
                "get_subject_portals",
                json!({"educationalContext": text}),
                "educationalContext",
            ),
            (
                "search_wlo_topic_pages",
                json!({"educationalContext": text}),
                "educationalContext",
            ),
            ("search_wlo_topic_pages", json!({"targetGroup": text}), "targetGroup"),
            ("search_wlo_topic_pages", json!({"sort": text}), "sort"),
            (
                "get_node_details",
                json!({"nodeId": wk.bruchrechnung, "outputFormat": text}),
                "outputFormat",
            ),
            (
                "get_collection_contents",
                json!({"nodeId": wk.bruchrechnung, "contentFilter": text}),
                "contentFilter",
            ),
            ("lookup_wlo_vocabulary", json!({"vocabulary": text}), "vocabulary"),
        ]);
    }
    let ids: Vec<String> = (0..51).map(|i| format!("00000000-0000-4000-a000-{i:012}")).collect();
    let many: Vec<String> = (0..501).map(|i| format!("00000000-0000-4000-a000-{i:012}")).collect();
    cases.extend([
        ("get_nodes_details", json!({"nodeIds": ids}), "nodeIds"),
        (
            "search_wlo_content",
            json!({"query": "Bruch", "excludeNodeIds": many}),
            "excludeNodeIds",
        ),
        (
            "search_wlo_all",
            json!({"query": "Bruch", "include": vec!["content"; 11]}),
            "include",
        ),
        (
            "search_wlo_all",
            json!({"query": "Bruch", "include": ["everything"]}),
            "include",
        ),
    ]);
    for (tool, args, key) in cases {
        let r = h.call_tool(tool, args).await;
        assert!(r.is_error, "{tool} {key}: {}", r.text);
        assert!(r.text.contains(key), "{tool}: the error names {key}: {}", r.text);
        assert!(
            r.text.chars().count() < 800,
            "{tool} {key}: the error does not echo the value"
        );
    }
    assert_eq!(
        h.standin.control().stats().total_requests,
        0,
        "rejected arguments make no request"
    );

    // 200 characters after trimming are fine.
    let exact = format!("   {}   ", "Bruchrechnung ".repeat(14) + "Teil");
    assert_eq!(exact.trim().chars().count(), 200);
    let r = h.call_tool("search_wlo_content", json!({"query": exact})).await;
    assert!(!r.is_error, "{}", r.text);
    let r = h.call_tool("get_nodes_details", json!({"nodeIds": ids[..50]})).await;
    assert!(!r.is_error, "50 ids are allowed: {}", r.text);
}

#[tokio::test]
async fn numbers_are_clamped_or_rejected_by_name() {
    let h = Harness::start().await;
    let wk = h.standin.well_known().clone();
    let numeric: Vec<(&str, Value, &str)> = vec![
        ("search_wlo_content", json!({"query": "Bruchrechnung"}), "maxResults"),
        (
            "search_wlo_collections",
            json!({"query": "Bruchrechnung"}),
            "maxResults",
        ),
        (
            "get_collection_contents",
            json!({"nodeId": wk.bruchrechnung}),
            "maxResults",
        ),
        (
            "get_collection_contents",
            json!({"nodeId": wk.bruchrechnung}),
            "skipCount",
        ),
        ("search_wlo_all", json!({"query": "Bruchrechnung"}), "maxContent"),
        ("search_wlo_all", json!({"query": "Bruchrechnung"}), "maxCollections"),
        ("search_wlo_topic_pages", json!({}), "maxResults"),
        ("browse_collection_tree", json!({"nodeId": ROOT}), "depth"),
        ("browse_collection_tree", json!({"nodeId": ROOT}), "maxResults"),
    ];
    let booleans: Vec<(&str, Value, &str)> = vec![
        (
            "get_node_details",
            json!({"nodeId": wk.bruchrechnung}),
            "includeParents",
        ),
        ("get_subject_portals", json!({}), "includeContentCounts"),
        (
            "browse_collection_tree",
            json!({"nodeId": ROOT}),
            "includeContentCounts",
        ),
        ("search_wlo_topic_pages", json!({}), "mergeVariants"),
        (
            "get_collection_contents",
            json!({"nodeId": wk.bruchrechnung}),
            "includeSubcollections",
        ),
    ];
    // Wrong types: an error naming the field, and no request.
    for (tool, base, key) in numeric.iter() {
        for bad in [
            json!("abc"),
            json!(5.5),
            json!("5,5"),
            json!(true),
            json!([3]),
            json!({"n": 3}),
            json!(1e300),
        ] {
            let mut args = base.clone();
            args[*key] = bad.clone();
            let r = h.call_tool(tool, args).await;
            assert!(r.is_error && r.text.contains(key), "{tool} {key}={bad}: {}", r.text);
            assert!(
                r.text.contains(" bis "),
                "{tool} {key}: the range is stated: {}",
                r.text
            );
        }
    }
    for (tool, base, key) in booleans.iter() {
        let mut args = base.clone();
        args[*key] = json!("vielleicht");
        let r = h.call_tool(tool, args).await;
        assert!(r.is_error && r.text.contains(key), "{tool} {key}: {}", r.text);
    }
    assert_eq!(h.standin.control().stats().total_requests, 0);

    // Out of range: clamped into the documented range, never an error.
    let h = &h;
    let mut clamped = Vec::new();
    for (tool, base, key) in numeric.iter() {
        for value in [json!(10_000), json!(-5), json!("10000"), json!(1e9)] {
            let mut args = base.clone();
            args[*key] = value.clone();
            clamped.push(async move { (tool, key, value, h.call_tool(tool, args).await) });
        }
    }
    // A few at a time: this checks clamping, not load, and a dozen
    // maximum-size tool calls at once can outrun the short test deadline on
    // a busy two-core machine.
    use futures::StreamExt;
    let answers: Vec<_> = futures::stream::iter(clamped).buffered(3).collect().await;
    for (tool, key, value, r) in answers {
        assert!(!r.is_error, "{tool} {key}={value}: {}", r.text);
    }
    let r = h
        .call_tool(
            "search_wlo_content",
            json!({"query": "Bruchrechnung", "maxResults": 10_000, "outputFormat": "json"}),
        )
        .await;
    let doc = r.json();
    assert_eq!(
        doc["_queryMeta"]["pagination"]["maxItems"], 20,
        "maxResults clamped to 20"
    );
    assert!(doc["results"].as_array().unwrap().len() <= 20);
    let r = h
        .call_tool(
            "get_collection_contents",
            json!({"nodeId": ROOT, "contentFilter": "both", "maxResults": 10_000, "outputFormat": "json"}),
        )
        .await;
    assert!(r.json()["results"].as_array().unwrap().len() <= 100);
}

// ---- repository data is data ------------------------------------------------------

/// Markdown: the hostile title stays inside its own card heading, and no
/// `javascript:` URL is shown.
fn assert_neutral_markdown(what: &str, text: &str, hostile_id: &str) {
    let lines: Vec<&str> = text.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        if !line.contains("Systemhinweis") {
            continue;
        }
        let trimmed = line.trim_start();
        assert!(
            !trimmed.starts_with("Systemhinweis"),
            "{what}: the hostile title opens a line:\n{text}"
        );
        if trimmed.starts_with('#') {
            assert!(
                line.starts_with("## Bruchrechnung üben"),
                "{what}: a hostile heading:\n{text}"
            );
            assert_eq!(
                lines.get(i + 1).copied(),
                Some(format!("nodeId: {hostile_id}").as_str()),
                "{what}:\n{text}"
            );
        }
    }
    assert!(
        !text.contains("javascript:"),
        "{what}: a javascript: URL is shown:\n{text}"
    );
}

#[tokio::test]
async fn hostile_repository_data_stays_data_in_every_listing() {
    let h = Harness::start().await;
    let wk = h.standin.well_known().clone();
    let calls = [
        ("search_wlo_content", json!({"query": "Systemhinweis"})),
        (
            "search_wlo_content",
            json!({"query": "Bruchrechnung", "maxResults": 20}),
        ),
        (
            "search_wlo_content",
            json!({"query": "Bruchrechnung interaktiv", "maxResults": 20}),
        ),
        (
            "search_wlo_all",
            json!({"query": "Bruchrechnung", "maxContent": 50, "outputFormat": "markdown"}),
        ),
        (
            "get_collection_contents",
            json!({"nodeId": wk.bruchrechnung, "maxResults": 100}),
        ),
        ("get_node_details", json!({"nodeId": wk.hostile_title})),
        ("get_node_details", json!({"nodeId": wk.javascript_url})),
    ];
    let mut seen_hostile = false;
    let mut seen_js = false;
    for (tool, args) in &calls {
        let r = h.call_tool(tool, args.clone()).await;
        assert!(!r.is_error, "{tool}: {}", r.text);
        seen_hostile |= r.text.contains(&wk.hostile_title);
        seen_js |= r.text.contains(&wk.javascript_url);
        assert_neutral_markdown(&format!("{tool} {args}"), &r.text, &wk.hostile_title);
        // JSON answers: no javascript: anywhere, and URL fields are http(s) or empty.
        let mut json_args = args.clone();
        json_args["outputFormat"] = json!("json");
        let r = h.call_tool(tool, json_args).await;
        assert!(!r.text.contains("javascript:"), "{tool}: {}", r.text);
        let doc = r.json();
        check_urls(&doc);
    }
    assert!(seen_hostile && seen_js, "the searches found the hostile nodes");
    let r = h
        .call_tool(
            "get_nodes_details",
            json!({"nodeIds": [wk.hostile_title, wk.javascript_url]}),
        )
        .await;
    assert!(!r.text.contains("javascript:"));
    check_urls(&r.json());
}

/// Every `*Url` / `url` string field is empty or http(s).
fn check_urls(value: &Value) {
    match value {
        Value::Object(map) => {
            for (key, v) in map {
                if (key == "url" || key.ends_with("Url"))
                    && let Some(s) = v.as_str()
                {
                    assert!(
                        s.is_empty() || s.starts_with("http://") || s.starts_with("https://"),
                        "{key}: {s}"
                    );
                }
                check_urls(v);
            }
        }
        Value::Array(items) => items.iter().for_each(check_urls),
        _ => {}
    }
}
