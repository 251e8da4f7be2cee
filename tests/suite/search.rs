//! The search tools through MCP over HTTP against the stand-in:
//! `search_wlo_content`, `search_wlo_collections`, `get_collection_contents`
//! and `search_wlo_all`.

use crate::common;

use std::collections::BTreeSet;
use std::time::Duration;

use common::*;
use serde_json::{Value, json};
use wlo_standin::Fault;

const CONTENT: &str = "search_wlo_content";
const COLLECTIONS: &str = "search_wlo_collections";
const CONTENTS: &str = "get_collection_contents";
const ALL: &str = "search_wlo_all";

const BIOLOGIE: &str = "http://w3id.org/openeduhub/vocabs/discipline/080";
const VIDEO: &str = "http://w3id.org/openeduhub/vocabs/new_lrt_aggregated/38774279-af36-4ec2-8e70-811d5a51a6a1";
const SEK1: &str = "http://w3id.org/openeduhub/vocabs/educationalContext/sekundarstufe_1";
const MISSING: &str = "00000000-0000-4000-8000-000000000000";

fn keys(v: &Value) -> Vec<String> {
    v.as_object().map(|o| o.keys().cloned().collect()).unwrap_or_default()
}

fn titles(doc: &Value) -> Vec<String> {
    doc["results"]
        .as_array()
        .map(|r| {
            r.iter()
                .map(|n| n["title"].as_str().unwrap_or_default().to_string())
                .collect()
        })
        .unwrap_or_default()
}

/// No result is a deleted placeholder.
fn assert_no_placeholders(h: &Harness, doc: &Value) {
    let placeholders = &h.standin.well_known().deleted_placeholders;
    for node in doc["results"].as_array().into_iter().flatten() {
        let text = format!("{} {}", node["title"], node["description"]).to_lowercase();
        assert!(
            !text.contains("element wurde gelöscht") && !text.contains("element was removed"),
            "{node}"
        );
        let id = node["nodeId"].as_str().unwrap_or_default();
        assert!(!placeholders.iter().any(|p| p == id), "placeholder {id} returned");
    }
}

async fn json_call(h: &Harness, tool: &str, mut args: Value) -> Value {
    args["outputFormat"] = json!("json");
    let r = h.call_tool(tool, args.clone()).await;
    assert!(!r.is_error, "{tool} {args}: {}", r.text);
    assert_eq!(r.blocks, 1, "one text block");
    r.json()
}

// ---------------------------------------------------------------------------
// search_wlo_content
// ---------------------------------------------------------------------------

#[tokio::test]
async fn content_json_document_and_key_order() {
    let h = Harness::start().await;
    let doc = json_call(&h, CONTENT, json!({"query": "Photosynthese"})).await;
    assert_eq!(keys(&doc), ["total", "count", "results", "_queryMeta"]);
    let results = doc["results"].as_array().unwrap();
    assert_eq!(results.len(), 8, "default maxResults");
    assert_eq!(doc["count"], json!(8));
    assert!(doc["total"].as_u64().unwrap() >= 8);
    assert_eq!(keys(&results[0])[0], "nodeId");
    assert!(
        titles(&doc).iter().all(|t| t.to_lowercase().contains("photosynthese")),
        "{:?}",
        titles(&doc)
    );
    assert_no_placeholders(&h, &doc);

    let meta = &doc["_queryMeta"];
    assert_eq!(
        keys(meta),
        [
            "toolName",
            "queryType",
            "searchTerm",
            "criteria",
            "pagination",
            "repositoryUrl",
            "searchUrl"
        ]
    );
    assert_eq!(meta["toolName"], CONTENT);
    assert_eq!(meta["searchTerm"], "Photosynthese");
    assert_eq!(
        meta["pagination"],
        json!({"maxItems": 8, "skipCount": 0, "totalResults": doc["total"]})
    );
    assert_eq!(meta["repositoryUrl"], json!(h.standin.base_url()));
    assert_eq!(
        meta["searchUrl"],
        json!(format!("{}/components/search?q=Photosynthese", h.standin.base_url()))
    );
}

#[tokio::test]
async fn content_markdown_has_count_line_and_cards_but_no_meta() {
    let h = Harness::start().await;
    let r = h
        .call_tool(CONTENT, json!({"query": "Bruchrechnung", "maxResults": 3}))
        .await;
    assert!(!r.is_error, "{}", r.text);
    assert!(r.structured.is_none());
    let first = r.text.lines().next().unwrap();
    assert!(first.starts_with("Gefundene Treffer gesamt: "), "{first}");
    assert_eq!(r.text.matches("\n## ").count(), 3, "{}", r.text);
    assert!(r.text.contains("\n\n## "), "cards are separated by a blank line");
    assert!(!r.text.contains("_queryMeta"));
    assert!(!r.text.contains("Element wurde gelöscht"));

    let r = h.call_tool(CONTENT, json!({"query": "Qwxyzzyvq Plmnbvc"})).await;
    assert!(!r.is_error, "no hits is not an error: {}", r.text);
    assert!(r.text.starts_with("Gefundene Treffer gesamt: 0"), "{}", r.text);
    assert!(r.text.contains("Keine Treffer für „Qwxyzzyvq Plmnbvc“."), "{}", r.text);
}

#[tokio::test]
async fn content_filters_as_labels_synonyms_and_uris() {
    let h = Harness::start().await;
    for (field, forms, uri, label_field, label) in [
        (
            "discipline",
            ["Biologie", "biology", BIOLOGIE],
            BIOLOGIE,
            "disciplines",
            "Biologie",
        ),
        (
            "learningResourceType",
            ["Video", "video", VIDEO],
            VIDEO,
            "learningResourceTypes",
            "Video",
        ),
        (
            "educationalContext",
            ["Sekundarstufe I", "sek i", SEK1],
            SEK1,
            "educationalContexts",
            "Sekundarstufe I",
        ),
    ] {
        let mut seen: Option<Vec<String>> = None;
        for form in forms {
            let doc = json_call(&h, CONTENT, json!({"query": "Photosynthese", field: form})).await;
            assert!(doc.get("unresolvedFilters").is_none(), "{form}: {doc}");
            let criteria = &doc["_queryMeta"]["criteria"];
            assert_eq!(criteria.as_array().unwrap().len(), 1, "{criteria}");
            assert_eq!(criteria[0]["values"], json!([uri]));
            assert_eq!(criteria[0]["label"], json!(form));
            assert!(
                doc["_queryMeta"]["searchUrl"]
                    .as_str()
                    .unwrap()
                    .contains("&filters=%7B%22ccm%3A")
            );
            let results = doc["results"].as_array().unwrap();
            assert!(!results.is_empty(), "{field}={form}");
            for node in results {
                let labels = node[label_field].as_array().unwrap();
                assert!(labels.iter().any(|l| l == label), "{field}={form}: {node}");
            }
            let these = result_ids(&doc);
            match &seen {
                None => seen = Some(these),
                Some(first) => assert_eq!(first, &these, "{field}: {form} gives other results"),
            }
        }
    }
}

#[tokio::test]
async fn unresolved_filters_are_dropped_and_reported() {
    let h = Harness::start().await;
    let plain = json_call(&h, CONTENT, json!({"query": "Photosynthese"})).await;
    let doc = json_call(
        &h,
        CONTENT,
        json!({"query": "Photosynthese", "discipline": "Physk", "userRole": "Qqqqqqqq"}),
    )
    .await;
    assert_eq!(
        keys(&doc),
        ["total", "count", "results", "unresolvedFilters", "_queryMeta"]
    );
    let unresolved = doc["unresolvedFilters"].as_array().unwrap();
    assert_eq!(unresolved.len(), 2);
    assert_eq!(keys(&unresolved[0]), ["field", "value", "suggestions"]);
    assert_eq!(unresolved[0]["field"], "discipline");
    assert_eq!(unresolved[0]["value"], "Physk");
    assert!(
        unresolved[0]["suggestions"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s == "Physik"),
        "{unresolved:?}"
    );
    assert_eq!(
        unresolved[1],
        json!({"field": "userRole", "value": "Qqqqqqqq", "suggestions": []})
    );
    assert_eq!(
        result_ids(&doc),
        result_ids(&plain),
        "a dropped filter must not change (or empty) the results"
    );
    assert_eq!(doc["_queryMeta"]["criteria"], json!([]));

    let r = h
        .call_tool(
            CONTENT,
            json!({"query": "Photosynthese", "discipline": "Physk", "userRole": "Qqqqqqqq"}),
        )
        .await;
    let lines: Vec<&str> = r.text.lines().collect();
    assert!(
        lines[1].starts_with("⚠ Filter \"Physk\" für discipline nicht erkannt und ignoriert. Meintest du: "),
        "{}",
        r.text
    );
    assert!(lines[1].ends_with('?') && lines[1].contains("Physik"), "{}", lines[1]);
    assert_eq!(
        lines[2],
        "⚠ Filter \"Qqqqqqqq\" für userRole nicht erkannt und ignoriert."
    );
    assert!(r.text.contains("\n## "), "results are still shown");
}

#[tokio::test]
async fn content_excluded_ids_and_follow_up_pages() {
    let h = Harness::start().await;
    let first = json_call(&h, CONTENT, json!({"query": "Bruchrechnung", "maxResults": 5})).await;
    let first_ids = result_ids(&first);
    assert_eq!(first_ids.len(), 5);
    let second = json_call(
        &h,
        CONTENT,
        json!({"query": "Bruchrechnung", "maxResults": 5, "excludeNodeIds": first_ids}),
    )
    .await;
    let second_ids = result_ids(&second);
    assert_eq!(second_ids.len(), 5, "a follow-up page is full");
    assert!(
        second_ids.iter().all(|id| !first_ids.contains(id)),
        "{first_ids:?} {second_ids:?}"
    );
    assert_eq!(first["total"], second["total"], "total stays the repository's count");
    assert_no_placeholders(&h, &second);
}

#[tokio::test]
async fn placeholders_are_never_returned() {
    let h = Harness::start().await;
    for query in [
        "Bruchrechnung",
        "Photosynthese",
        "Klimawandel",
        "Künstliche Intelligenz",
        "Französische Revolution",
        "Satz des Pythagoras",
        "Photosynthese Arbeitsblatt",
    ] {
        let doc = json_call(&h, CONTENT, json!({"query": query, "maxResults": 20})).await;
        assert!(!result_ids(&doc).is_empty(), "{query}");
        assert_no_placeholders(&h, &doc);
        let all = json_call(&h, ALL, json!({"query": query, "maxContent": 50})).await;
        for pot in ["content", "collections", "topicPages"] {
            assert_no_placeholders(&h, &all[pot]);
        }
    }
    let wk = h.standin.well_known();
    for collection in [&wk.photosynthese, &wk.bruchrechnung, &wk.kuenstliche_intelligenz] {
        let doc = json_call(&h, CONTENTS, json!({"nodeId": collection, "maxResults": 100})).await;
        assert_no_placeholders(&h, &doc);
        let doc = json_call(
            &h,
            CONTENTS,
            json!({"nodeId": collection, "maxResults": 100, "includeSubcollections": true}),
        )
        .await;
        assert_no_placeholders(&h, &doc);
    }
}

#[tokio::test]
async fn zero_result_rescue_corrects_typos() {
    let h = Harness::start().await;
    let doc = json_call(&h, CONTENT, json!({"query": "Photosyntese"})).await;
    assert_eq!(keys(&doc), ["total", "count", "results", "relaxedQuery", "_queryMeta"]);
    assert_eq!(doc["relaxedQuery"], "Photosynthese");
    assert!(doc["total"].as_u64().unwrap() > 0);
    assert!(!result_ids(&doc).is_empty());
    assert!(
        titles(&doc).iter().all(|t| t.to_lowercase().contains("photosynthese")),
        "{:?}",
        titles(&doc)
    );
    assert_no_placeholders(&h, &doc);

    let r = h
        .call_tool(CONTENT, json!({"query": "Photosyntese", "maxResults": 2}))
        .await;
    let lines: Vec<&str> = r.text.lines().collect();
    assert!(lines[0].starts_with("Gefundene Treffer gesamt: "));
    assert_eq!(
        lines[1],
        "Keine exakten Treffer für „Photosyntese“ – gezeigt: „Photosynthese“"
    );
    assert_eq!(r.text.matches("\n## ").count(), 2);
}

#[tokio::test]
async fn zero_result_rescue_drops_framing_words_and_fixes_typos_inside_requests() {
    let h = Harness::start().await;
    // An inflected word ANDed with framing words: no exact hit.
    let doc = json_call(
        &h,
        CONTENT,
        json!({"query": "Unterrichtsmaterial zur Französischen Revolution"}),
    )
    .await;
    let relaxed = doc["relaxedQuery"].as_str().expect("relaxedQuery");
    assert!(relaxed.to_lowercase().contains("revolution"), "{relaxed}");
    assert!(
        titles(&doc).iter().any(|t| t.contains("Revolution")),
        "{:?}",
        titles(&doc)
    );

    // A typo inside a framed request.
    let doc = json_call(&h, CONTENT, json!({"query": "Ich suche Material zur Photosyntese"})).await;
    let relaxed = doc["relaxedQuery"].as_str().expect("relaxedQuery");
    assert!(relaxed.to_lowercase().contains("photosynthese"), "{relaxed}");
    assert!(!result_ids(&doc).is_empty());
    assert!(
        titles(&doc).iter().all(|t| t.to_lowercase().contains("photosynthese")),
        "{:?}",
        titles(&doc)
    );

    // A two-letter term counts when a synonym expands it.
    let doc = json_call(&h, CONTENT, json!({"query": "KI Xylophonkonzert"})).await;
    let relaxed = doc["relaxedQuery"].as_str().expect("relaxedQuery");
    assert!(
        relaxed.contains("ki") || relaxed.contains("künstliche intelligenz"),
        "{relaxed}"
    );
    assert!(!result_ids(&doc).is_empty());
}

#[tokio::test]
async fn all_variants_failing_is_an_error_never_zero_hits() {
    let h = Harness::start().await;
    h.standin.control().set_fault(Fault::Error500);
    for (tool, args) in [
        (CONTENT, json!({"query": "Photosynthese"})),
        (CONTENT, json!({"query": "Photosynthese", "outputFormat": "json"})),
        (ALL, json!({"query": "Photosynthese"})),
        (COLLECTIONS, json!({"query": "Bruchrechnung"})),
        (COLLECTIONS, json!({})),
        (CONTENTS, json!({"nodeId": h.standin.well_known().bruchrechnung})),
        (
            CONTENTS,
            json!({"nodeId": h.standin.well_known().bruchrechnung, "includeSubcollections": true}),
        ),
    ] {
        let r = h.call_tool(tool, args.clone()).await;
        assert!(r.is_error, "{tool} {args}: {}", r.text);
        assert!(
            r.text.contains("WLO hat mit einem Fehler geantwortet (HTTP 500"),
            "{tool}: {}",
            r.text
        );
        assert!(!r.text.contains("Gefundene Treffer"), "{tool}: {}", r.text);
    }
    h.standin.control().set_fault(Fault::Garbage);
    let r = h.call_tool(CONTENT, json!({"query": "Photosynthese"})).await;
    assert!(r.is_error && r.text.contains("unlesbare Antwort"), "{}", r.text);
}

/// A proxy in front of the stand-in that fails every search whose criteria
/// contain `cclom:title` (the `title:` variant) with HTTP 500.
async fn failing_title_proxy(upstream_port: u16) -> (String, tokio::task::JoinHandle<()>) {
    use http_body_util::{BodyExt, Full};
    use hyper::body::{Bytes, Incoming};
    use hyper::{Request, Response, StatusCode};

    async fn answer(client: reqwest::Client, upstream_port: u16, request: Request<Incoming>) -> Response<Full<Bytes>> {
        let (parts, body) = request.into_parts();
        let body = body.collect().await.map(|b| b.to_bytes()).unwrap_or_default();
        let (status, text) = if String::from_utf8_lossy(&body).contains("\"property\":\"cclom:title\"") {
            let error =
                r#"{"error":"org.edu_sharing.restservices.DAOException","message":"simulated","stacktraceArray":[]}"#;
            (StatusCode::INTERNAL_SERVER_ERROR, error.to_string())
        } else {
            let path = parts.uri.path_and_query().map(|p| p.as_str()).unwrap_or("/");
            let forwarded = client
                .request(parts.method, format!("http://127.0.0.1:{upstream_port}{path}"))
                .header("content-type", "application/json")
                .header("accept", "application/json")
                .body(body)
                .send()
                .await;
            match forwarded {
                Ok(response) => (response.status(), response.text().await.unwrap_or_default()),
                Err(e) => (StatusCode::BAD_GATEWAY, e.to_string()),
            }
        };
        let mut response = Response::new(Full::new(Bytes::from(text)));
        *response.status_mut() = status;
        response
    }

    let client = loopback_client().build().unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let task = tokio::spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            let client = client.clone();
            let service = hyper::service::service_fn(move |request| {
                let client = client.clone();
                async move { Ok::<_, std::convert::Infallible>(answer(client, upstream_port, request).await) }
            });
            tokio::spawn(
                hyper::server::conn::http1::Builder::new()
                    .serve_connection(hyper_util::rt::TokioIo::new(stream), service),
            );
        }
    });
    (format!("http://127.0.0.1:{port}/edu-sharing"), task)
}

#[tokio::test]
async fn one_variant_failing_is_a_warning() {
    let standin = StandIn::start(StandInOptions::default()).await.unwrap();
    let (proxy, task) = failing_title_proxy(standin.port()).await;
    let server = Server::spawn(
        &["serve", "--port", "0"],
        &env(&[
            ("WLO_REPOSITORY_URL", &proxy),
            ("WLO_CACHE_MAX_MB", "0"),
            ("WLO_TIMEOUT_MS", "3000"),
        ]),
    );
    let r = server
        .call_tool(CONTENT, json!({"query": "Photosynthese", "outputFormat": "json"}))
        .await;
    assert!(!r.is_error, "{}", r.text);
    let doc = r.json();
    assert_eq!(keys(&doc), ["total", "count", "results", "warnings", "_queryMeta"]);
    assert!(!result_ids(&doc).is_empty());
    let warning = doc["warnings"][0].as_str().unwrap();
    assert!(
        warning.starts_with("1 von 3 Suchvarianten ist fehlgeschlagen"),
        "{warning}"
    );
    assert!(doc["total"].as_u64().unwrap() > 0, "total comes from the full variant");

    let r = server.call_tool(CONTENT, json!({"query": "Photosynthese"})).await;
    assert!(!r.is_error);
    assert!(
        r.text
            .lines()
            .nth(1)
            .unwrap()
            .starts_with("⚠ 1 von 3 Suchvarianten ist fehlgeschlagen"),
        "{}",
        r.text
    );

    let r = server.call_tool(ALL, json!({"query": "Photosynthese"})).await;
    let doc = r.json();
    assert_eq!(
        keys(&doc),
        ["query", "content", "collections", "topicPages", "warnings"]
    );
    task.abort();
}

#[tokio::test]
async fn plain_content_search_is_one_parallel_wave_and_the_rescue_three() {
    let h = Harness::start().await;
    let control = h.standin.control();
    control.set_latency(150, 0);
    control.clear_log();
    let doc = json_call(&h, CONTENT, json!({"query": "Photosynthese"})).await;
    assert!(!result_ids(&doc).is_empty());
    let log = control.request_log();
    assert_eq!(log.len(), 3, "{log:?}");
    assert!(log.iter().all(|e| e.route == "ngsearch"), "{log:?}");
    assert_eq!(wlo_standin::sequential_waves(&log), 1, "{log:?}");

    control.clear_log();
    let doc = json_call(&h, CONTENT, json!({"query": "Photosyntese"})).await;
    assert_eq!(doc["relaxedQuery"], "Photosynthese");
    let log = control.request_log();
    assert_eq!(wlo_standin::sequential_waves(&log), 3, "{log:?}");
}

#[tokio::test]
async fn bad_arguments_are_named() {
    let h = Harness::start().await;
    let r = h.call_tool(CONTENT, json!({})).await;
    assert!(r.is_error && r.text.contains("query"), "{}", r.text);
    let r = h.call_tool(CONTENT, json!({"query": "x".repeat(201)})).await;
    assert!(r.is_error && r.text.contains("200"), "{}", r.text);
    let doc = json_call(&h, CONTENT, json!({"query": "Bruchrechnung", "maxResults": 500})).await;
    assert_eq!(doc["count"], json!(20), "maxResults is clamped to 20");
    let r = h.call_tool(COLLECTIONS, json!({"parentNodeId": "../etc"})).await;
    assert!(r.is_error && r.text.contains("parentNodeId"), "{}", r.text);
    let r = h.call_tool(CONTENTS, json!({"nodeId": "Bruchrechnung"})).await;
    assert!(r.is_error && r.text.contains("nodeId"), "{}", r.text);
    let r = h.call_tool(ALL, json!({"query": "Bruch", "include": ["videos"]})).await;
    assert!(r.is_error && r.text.contains("include"), "{}", r.text);
}

// ---------------------------------------------------------------------------
// Determinism
// ---------------------------------------------------------------------------

#[tokio::test]
async fn identical_calls_give_identical_text() {
    let h = Harness::start().await;
    let wk = h.standin.well_known().clone();
    let calls = [
        (CONTENT, json!({"query": "Bruchrechnung", "discipline": "Mathe"})),
        (CONTENT, json!({"query": "Bruchrechnung", "outputFormat": "json"})),
        (CONTENT, json!({"query": "Photosyntese", "outputFormat": "json"})),
        (COLLECTIONS, json!({"query": "Geometrie"})),
        (COLLECTIONS, json!({"query": "Fachportal", "outputFormat": "json"})),
        (
            CONTENTS,
            json!({"nodeId": wk.bruchrechnung, "includeSubcollections": true, "query": "Brüche"}),
        ),
        (ALL, json!({"query": "Photosynthese"})),
        (ALL, json!({"query": "Mathematik", "outputFormat": "markdown"})),
    ];
    for (tool, args) in calls {
        let a = h.call_tool(tool, args.clone()).await;
        let b = h.call_tool(tool, args.clone()).await;
        assert!(!a.is_error, "{tool} {args}: {}", a.text);
        assert_eq!(a.text, b.text, "{tool} {args}");
    }
    // A second server against the same repository answers byte-identically.
    let other = Server::spawn(
        &["serve", "--port", "0"],
        &env(&[("WLO_REPOSITORY_URL", &h.standin.base_url()), ("WLO_CACHE_MAX_MB", "0")]),
    );
    let a = h.call_tool(ALL, json!({"query": "Klimawandel"})).await;
    let b = other.call_tool(ALL, json!({"query": "Klimawandel"})).await;
    assert_eq!(a.text, b.text);
}

// ---------------------------------------------------------------------------
// search_wlo_collections
// ---------------------------------------------------------------------------

#[tokio::test]
async fn collections_keyword_search_ranks_the_exact_collection_first() {
    let h = Harness::start().await;
    let wk = h.standin.well_known();
    let doc = json_call(&h, COLLECTIONS, json!({"query": "Bruchrechnung"})).await;
    assert_eq!(keys(&doc), ["total", "count", "results", "_queryMeta"]);
    assert_eq!(doc["_queryMeta"]["queryType"], "keyword_collections");
    assert_eq!(doc["_queryMeta"]["toolName"], COLLECTIONS);
    assert_eq!(result_ids(&doc)[0], wk.bruchrechnung);
    assert_eq!(doc["count"], json!(5), "default maxResults");
    assert!(doc["total"].as_u64().unwrap() >= 5);
    assert!(
        doc["results"]
            .as_array()
            .unwrap()
            .iter()
            .all(|n| n["nodeType"] == "collection")
    );

    let next = json_call(
        &h,
        COLLECTIONS,
        json!({"query": "Bruchrechnung", "excludeNodeIds": result_ids(&doc)}),
    )
    .await;
    assert!(result_ids(&next).iter().all(|id| !result_ids(&doc).contains(id)));
    assert!(!result_ids(&next).is_empty());
}

#[tokio::test]
async fn collections_join_the_portals_and_walk_below_a_parent() {
    let h = Harness::start().await;
    // Only the portals say "Fachportal", and the keyword search never
    // returns portals: the portal listing read beside it answers.
    let doc = json_call(&h, COLLECTIONS, json!({"query": "Fachportal", "maxResults": 20})).await;
    assert_eq!(doc["_queryMeta"]["queryType"], "keyword_collections");
    assert_eq!(doc["count"], json!(14));
    let portals: BTreeSet<String> = h.standin.corpus().portals().iter().map(|p| p.id.clone()).collect();
    assert_eq!(result_ids(&doc).into_iter().collect::<BTreeSet<_>>(), portals);

    // A subtree search skips the keyword stage and finds level-2 collections.
    let wk = h.standin.well_known();
    let doc = json_call(
        &h,
        COLLECTIONS,
        json!({"query": "Brüche kürzen", "parentNodeId": wk.big_portal}),
    )
    .await;
    assert_eq!(doc["_queryMeta"]["queryType"], "tree_traversal");
    assert_eq!(titles(&doc)[0], "Brüche kürzen");
}

#[tokio::test]
async fn collections_empty_query_lists_the_level_and_filters_locally() {
    let h = Harness::start().await;
    let wk = h.standin.well_known();
    let doc = json_call(&h, COLLECTIONS, json!({"maxResults": 20})).await;
    assert_eq!(doc["_queryMeta"]["queryType"], "collection_children");
    assert_eq!(doc["total"], json!(14));
    let portal_order: Vec<String> = h.standin.corpus().portals().iter().map(|p| p.id.clone()).collect();
    assert_eq!(result_ids(&doc), portal_order, "repository order");

    // Below a collection with a topic page: its config folder never shows.
    let doc = json_call(
        &h,
        COLLECTIONS,
        json!({"parentNodeId": wk.bruchrechnung, "maxResults": 20}),
    )
    .await;
    assert_eq!(doc["count"], json!(11), "{:?}", titles(&doc));
    assert!(
        titles(&doc).iter().all(|t| !t.starts_with("PAGE_")),
        "{:?}",
        titles(&doc)
    );

    // Filters by label and synonym, applied to the collections found.
    let doc = json_call(&h, COLLECTIONS, json!({"discipline": "bio", "maxResults": 20})).await;
    assert_eq!(titles(&doc), ["Biologie"]);
    let doc = json_call(
        &h,
        COLLECTIONS,
        json!({"educationalContext": "Grundschule", "maxResults": 20}),
    )
    .await;
    assert_eq!(titles(&doc), ["Mathematik", "Deutsch", "Englisch", "Musik"]);
    let doc = json_call(
        &h,
        COLLECTIONS,
        json!({"query": "Bruchrechnung", "discipline": "Biologie"}),
    )
    .await;
    assert_eq!(doc["count"], json!(0));
    let doc = json_call(
        &h,
        COLLECTIONS,
        json!({"query": "Bruchrechnung", "discipline": "Physk"}),
    )
    .await;
    assert_eq!(doc["unresolvedFilters"][0]["field"], "discipline");
    assert_eq!(result_ids(&doc)[0], wk.bruchrechnung);

    let r = h.call_tool(COLLECTIONS, json!({"query": "Qwxyzzyvq"})).await;
    assert!(!r.is_error);
    assert!(
        r.text.contains("Keine Sammlungen gefunden für „Qwxyzzyvq“."),
        "{}",
        r.text
    );
}

#[tokio::test]
async fn collection_search_takes_at_most_three_waves_and_rescues_a_typo() {
    let h = Harness::start().await;
    let control = h.standin.control();
    control.set_latency(150, 0);

    // Found at once: the keyword searches and the portal listing, one wave.
    control.clear_log();
    let doc = json_call(&h, COLLECTIONS, json!({"query": "Bruchrechnung"})).await;
    assert_eq!(result_ids(&doc)[0], h.standin.well_known().bruchrechnung);
    let log = control.request_log();
    assert_eq!(wlo_standin::sequential_waves(&log), 1, "{log:?}");
    assert!(log.iter().any(|e| e.route == "collections"), "{log:?}");
    assert!(log.iter().any(|e| e.route == "children"), "{log:?}");

    // A typo: nothing in wave 1; the walk and the typo dictionary in wave 2;
    // the corrected query's keyword searches in wave 3 (cold cache).
    control.clear_log();
    let doc = json_call(&h, COLLECTIONS, json!({"query": "Bruchrechnug"})).await;
    assert_eq!(doc["relaxedQuery"], "Bruchrechnung", "{doc}");
    assert_eq!(doc["_queryMeta"]["searchTerm"], "Bruchrechnung");
    assert_eq!(result_ids(&doc)[0], h.standin.well_known().bruchrechnung);
    let log = control.request_log();
    assert_eq!(wlo_standin::sequential_waves(&log), 3, "{log:?}");

    // Nothing anywhere: at most three waves, an empty answer with the hint.
    control.clear_log();
    let doc = json_call(&h, COLLECTIONS, json!({"query": "Qwxyzzyvq"})).await;
    assert_eq!(doc["count"], json!(0));
    assert!(
        doc["warnings"][0]
            .as_str()
            .unwrap()
            .starts_with("Keine Sammlung behandelt „Qwxyzzyvq“"),
        "{doc}"
    );
    let log = control.request_log();
    assert!(wlo_standin::sequential_waves(&log) <= 3, "{log:?}");
}

#[tokio::test]
async fn search_all_adds_no_wave_to_the_content_search() {
    let h = Harness::start().await;
    let control = h.standin.control();
    control.set_latency(150, 0);
    for query in ["Photosynthese", "Photosyntese", "Qwxyzzyvq"] {
        control.clear_log();
        json_call(&h, CONTENT, json!({"query": query})).await;
        let content = wlo_standin::sequential_waves(&control.request_log());
        control.clear_log();
        let doc = json_call(&h, ALL, json!({"query": query})).await;
        let log = control.request_log();
        let all = wlo_standin::sequential_waves(&log);
        // The collection search runs beside the content search; only a
        // relaxed query with no collection found costs one more keyword
        // search after it, as before.
        let relaxed = doc["relaxedQuery"].is_string();
        assert!(
            all <= content + usize::from(relaxed),
            "{query}: {all} > {content}: {log:?}"
        );
    }
}

#[tokio::test]
async fn collections_unknown_parent_is_an_error() {
    let h = Harness::start().await;
    let r = h.call_tool(COLLECTIONS, json!({"parentNodeId": MISSING})).await;
    assert!(r.is_error);
    assert_eq!(r.text, format!("Sammlung {MISSING} nicht gefunden."));
}

// ---------------------------------------------------------------------------
// get_collection_contents
// ---------------------------------------------------------------------------

#[tokio::test]
async fn contents_pages_never_overlap() {
    let h = Harness::start().await;
    let wk = h.standin.well_known();
    for recursive in [false, true] {
        let mut seen: Vec<String> = Vec::new();
        let mut total = None;
        for page in 0..4 {
            let doc = json_call(
                &h,
                CONTENTS,
                json!({"nodeId": wk.bruchrechnung, "maxResults": 4, "skipCount": page * 4, "includeSubcollections": recursive}),
            )
            .await;
            assert_eq!(keys(&doc), ["total", "count", "results", "_queryMeta"]);
            assert_eq!(doc["_queryMeta"]["pagination"]["skipCount"], json!(page * 4));
            let page_ids = result_ids(&doc);
            assert!(page_ids.len() <= 4);
            assert!(
                page_ids.iter().all(|id| !seen.contains(id)),
                "recursive={recursive} page {page} overlaps"
            );
            assert!(
                doc["results"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .all(|n| n["nodeType"] == "content")
            );
            seen.extend(page_ids);
            if let Some(t) = &total {
                assert_eq!(t, &doc["total"]);
            }
            total = Some(doc["total"].clone());
        }
        assert!(seen.len() >= 12, "recursive={recursive}: {}", seen.len());
        if recursive {
            assert!(
                total.unwrap().as_u64().unwrap() > 16,
                "the recursive total sums the sub-collections"
            );
        }
    }
}

#[tokio::test]
async fn contents_excluded_ids_are_dropped_after_paging() {
    let h = Harness::start().await;
    let wk = h.standin.well_known();
    let page1 = json_call(&h, CONTENTS, json!({"nodeId": wk.bruchrechnung, "maxResults": 5})).await;
    let page2 = json_call(
        &h,
        CONTENTS,
        json!({"nodeId": wk.bruchrechnung, "maxResults": 5, "skipCount": 5}),
    )
    .await;
    let first = result_ids(&page1);
    let excluded = json_call(
        &h,
        CONTENTS,
        json!({"nodeId": wk.bruchrechnung, "maxResults": 5, "excludeNodeIds": [first[0]]}),
    )
    .await;
    assert_eq!(
        result_ids(&excluded),
        first[1..].to_vec(),
        "the page is short, not shifted"
    );
    assert!(result_ids(&excluded).iter().all(|id| !result_ids(&page2).contains(id)));
    assert_eq!(excluded["total"], page1["total"]);
}

#[tokio::test]
async fn contents_filters_query_and_unknown_collection() {
    let h = Harness::start().await;
    let wk = h.standin.well_known();
    let folders = json_call(
        &h,
        CONTENTS,
        json!({"nodeId": wk.bruchrechnung, "contentFilter": "folders", "maxResults": 50}),
    )
    .await;
    assert_eq!(folders["count"], json!(11));
    assert!(
        folders["results"]
            .as_array()
            .unwrap()
            .iter()
            .all(|n| n["nodeType"] == "collection")
    );
    assert!(titles(&folders).iter().all(|t| !t.starts_with("PAGE_")));
    let both = json_call(
        &h,
        CONTENTS,
        json!({"nodeId": wk.bruchrechnung, "contentFilter": "both", "maxResults": 100}),
    )
    .await;
    assert!(both["count"].as_u64().unwrap() > 11);

    let plain = json_call(&h, CONTENTS, json!({"nodeId": wk.bruchrechnung, "maxResults": 100})).await;
    let ranked = json_call(
        &h,
        CONTENTS,
        json!({"nodeId": wk.bruchrechnung, "maxResults": 10, "query": "Klasse 6"}),
    )
    .await;
    let all = result_ids(&plain);
    assert!(
        result_ids(&ranked).iter().all(|id| all.contains(id)),
        "a query keeps a part of the collection"
    );
    assert_eq!(ranked["_queryMeta"]["searchTerm"], "Klasse 6");

    let r = h.call_tool(CONTENTS, json!({"nodeId": MISSING})).await;
    assert!(r.is_error);
    assert_eq!(r.text, format!("Sammlung {MISSING} nicht gefunden."));
    let r = h
        .call_tool(CONTENTS, json!({"nodeId": MISSING, "includeSubcollections": true}))
        .await;
    assert!(r.is_error && r.text.contains("nicht gefunden"), "{}", r.text);

    let r = h
        .call_tool(CONTENTS, json!({"nodeId": wk.bruchrechnung, "maxResults": 2}))
        .await;
    assert!(r.text.starts_with("Gefundene Treffer gesamt: "), "{}", r.text);
    assert_eq!(r.text.matches("\n## ").count(), 2);
}

// ---------------------------------------------------------------------------
// search_wlo_all
// ---------------------------------------------------------------------------

#[tokio::test]
async fn search_all_fills_three_pots() {
    let h = Harness::start().await;
    let wk = h.standin.well_known();
    let r = h.call_tool(ALL, json!({"query": "Photosynthese"})).await;
    assert!(!r.is_error, "{}", r.text);
    let doc = r.json(); // JSON is the default
    assert_eq!(keys(&doc), ["query", "content", "collections", "topicPages"]);
    assert_eq!(doc["query"], "Photosynthese");
    for (pot, tool) in [
        ("content", "search_wlo_all:content"),
        ("collections", "search_wlo_all:collections"),
        ("topicPages", "search_wlo_all:topicPages"),
    ] {
        assert_eq!(keys(&doc[pot]), ["total", "count", "results", "_queryMeta"], "{pot}");
        assert_eq!(doc[pot]["_queryMeta"]["toolName"], tool);
        assert_eq!(
            doc[pot]["count"].as_u64().unwrap() as usize,
            result_ids(&doc[pot]).len()
        );
    }
    assert_eq!(doc["content"]["count"], json!(8));
    assert!(
        doc["content"]["total"].as_u64().unwrap() > 8,
        "content.total is the repository's count"
    );
    assert!(
        result_ids(&doc["topicPages"]).contains(&wk.photosynthese),
        "{}",
        doc["topicPages"]
    );
    assert!(
        doc["topicPages"]["results"]
            .as_array()
            .unwrap()
            .iter()
            .all(|n| n["topicPageUrl"] != "")
    );
    assert!(
        doc["collections"]["results"]
            .as_array()
            .unwrap()
            .iter()
            .all(|n| n["topicPageUrl"] == "")
    );
    assert_eq!(doc["collections"]["total"], doc["collections"]["count"]);

    // Subject portals with a topic page come from the root listing.
    let doc = json_call(&h, ALL, json!({"query": "Mathematik", "include": ["topicPages"]})).await;
    assert!(
        result_ids(&doc["topicPages"]).contains(&wk.portal_with_topic_page),
        "{}",
        doc["topicPages"]
    );
    assert_eq!(
        doc["content"],
        json!({"total": 0, "count": 0, "results": [], "_queryMeta": doc["content"]["_queryMeta"]})
    );
    assert_eq!(doc["collections"]["count"], json!(0));
}

#[tokio::test]
async fn search_all_filters_apply_to_content_only() {
    let h = Harness::start().await;
    let plain = json_call(&h, ALL, json!({"query": "Photosynthese"})).await;
    let doc = json_call(
        &h,
        ALL,
        json!({"query": "Photosynthese", "learningResourceType": "Video", "discipline": "Physk"}),
    )
    .await;
    assert_eq!(
        keys(&doc),
        ["query", "content", "collections", "topicPages", "unresolvedFilters"]
    );
    for node in doc["content"]["results"].as_array().unwrap() {
        assert!(
            node["learningResourceTypes"]
                .as_array()
                .unwrap()
                .iter()
                .any(|l| l == "Video"),
            "{node}"
        );
    }
    assert_eq!(doc["collections"], plain["collections"]);
    assert_eq!(doc["topicPages"], plain["topicPages"]);
    assert_eq!(doc["content"]["_queryMeta"]["criteria"][0]["values"], json!([VIDEO]));

    let excluded: Vec<String> = result_ids(&plain["content"])
        .into_iter()
        .chain(result_ids(&plain["topicPages"]))
        .collect();
    let next = json_call(&h, ALL, json!({"query": "Photosynthese", "excludeNodeIds": excluded})).await;
    for pot in ["content", "collections", "topicPages"] {
        assert!(result_ids(&next[pot]).iter().all(|id| !excluded.contains(id)), "{pot}");
    }

    let r = h
        .call_tool(ALL, json!({"query": "Photosynthese", "outputFormat": "markdown"}))
        .await;
    assert!(r.text.starts_with("Gefundene Treffer gesamt: "), "{}", r.text);
    assert!(r.text.contains("\n# Inhalte: 8 von "), "{}", r.text);
    assert!(r.text.contains("\n# Themenseiten: "), "{}", r.text);
    assert!(!r.text.contains("_queryMeta"));
}

#[tokio::test]
async fn search_all_rescues_typos_in_the_content_pot() {
    let h = Harness::start().await;
    let doc = json_call(&h, ALL, json!({"query": "Photosyntese", "include": ["content"]})).await;
    assert_eq!(
        keys(&doc),
        ["query", "content", "collections", "topicPages", "relaxedQuery"]
    );
    assert_eq!(doc["relaxedQuery"], "Photosynthese");
    assert!(!result_ids(&doc["content"]).is_empty());
    assert_eq!(doc["content"]["_queryMeta"]["searchTerm"], "Photosynthese");

    // The collection pots follow the relaxed query when the original finds none.
    let doc = json_call(&h, ALL, json!({"query": "Klimawandl"})).await;
    assert_eq!(doc["relaxedQuery"], "Klimawandel");
    assert!(
        result_ids(&doc["topicPages"]).contains(&h.standin.well_known().klimawandel),
        "{}",
        doc["topicPages"]
    );
    assert_eq!(doc["topicPages"]["_queryMeta"]["searchTerm"], "Klimawandel");
}

#[tokio::test]
async fn search_all_with_the_repository_down_is_an_error() {
    // A repository that is down for every read is an error, not three empty pots.
    let h = Harness::start_with(&[("WLO_TIMEOUT_MS", "500"), ("WLO_TOOL_DEADLINE_MS", "3000")]).await;
    h.standin.control().set_fault(Fault::Down);
    let started = std::time::Instant::now();
    let r = h.call_tool(ALL, json!({"query": "Photosynthese"})).await;
    assert!(r.is_error, "{}", r.text);
    assert!(started.elapsed() < Duration::from_secs(10));
}

/// Same-subject material that fills a short page is marked, never passed off as a hit.
#[tokio::test]
async fn filled_material_is_marked_as_related() {
    let h = Harness::start().await;
    let r = h
        .call_tool(
            "search_wlo_content",
            json!({"query": "Satz des Pythagoras", "maxResults": 10, "outputFormat": "json"}),
        )
        .await;
    assert!(!r.is_error, "{}", r.text);
    let doc = r.json();
    let results = doc["results"].as_array().unwrap();
    let related: Vec<bool> = results.iter().map(|r| r.get("related") == Some(&json!(true))).collect();
    let first_related = related.iter().position(|&x| x).expect("a short page is filled");
    assert!(first_related > 0, "direct hits come first");
    assert!(
        related[first_related..].iter().all(|&x| x),
        "related items only at the end"
    );
    for hit in &results[..first_related] {
        assert!(hit["title"].as_str().unwrap().contains("Pythagoras"), "{hit}");
    }
    let md = h
        .call_tool(
            "search_wlo_content",
            json!({"query": "Satz des Pythagoras", "maxResults": 10}),
        )
        .await;
    let line = md
        .text
        .find("Weitere Materialien aus demselben Fach")
        .expect("markdown says so");
    assert!(md.text[..line].contains("Pythagoras"));
}

/// A teacher's whole sentence matches nothing as one phrase while its topic
/// does: the answer must not say "0 found" above the hits it shows.
#[tokio::test]
async fn a_sentence_query_counts_the_hits_it_shows() {
    let h = Harness::start().await;
    for query in [
        "Arbeitsblätter zur Bruchrechnung für Klasse 6",
        "Ich suche ein Erklärvideo zur Photosynthese",
    ] {
        let doc = json_call(&h, "search_wlo_content", json!({"query": query, "maxResults": 4})).await;
        let shown = doc["results"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| r.get("related") != Some(&json!(true)))
            .count() as u64;
        assert!(shown > 0, "{query}: {doc}");
        let total = doc["total"].as_u64().unwrap();
        assert!(total >= shown, "{query}: total {total} below the {shown} hits shown");
    }
}
