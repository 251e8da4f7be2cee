//! `search` and `fetch`, the tool pair ChatGPT connectors and deep research
//! require: their shapes, the text sources of `fetch` and its quirks (slow
//! first extraction, "no text yet", 403, 404, a failing repository, the cap),
//! and a deployment that offers only these two (`MCP_TOOL_ALLOW`).

use crate::common;

use std::sync::Arc;
use std::time::{Duration, Instant};

use common::*;
use serde_json::{Value, json};
use wlo_standin::{Corpus, DEFAULT_SEED, Fault};

const CUT_MARK: &str = "\n\n[…gekürzt]";

/// The one JSON document of a successful answer, checked against the convention:
/// one text item, the same object in `structuredContent`.
fn document(r: &ToolResult) -> Value {
    assert!(!r.is_error, "{}", r.text);
    assert_eq!(r.blocks, 1, "{}", r.text);
    assert!(r.structured.is_some(), "no structuredContent: {}", r.text);
    r.json()
}

fn keys(value: &Value) -> Vec<&str> {
    value.as_object().unwrap().keys().map(String::as_str).collect()
}

/// What `fetch` must answer for a node, from the `search_wlo_all` card rules.
fn expected_url(card: &Value, repository: &str) -> String {
    for key in ["topicPageUrl", "url", "contentUrl"] {
        if let Some(url) = card[key].as_str().filter(|u| !u.is_empty()) {
            return url.to_string();
        }
    }
    format!("{repository}/components/render/{}", card["nodeId"].as_str().unwrap())
}

#[tokio::test]
async fn search_answers_the_combined_pots_in_order_with_urls() {
    let h = Harness::start().await;
    let repository = h.standin.base_url();
    for query in ["Photosynthese", "Optik"] {
        let doc = document(&h.call_tool("search", json!({"query": query})).await);
        assert_eq!(keys(&doc), ["results"]);
        let results = doc["results"].as_array().unwrap();

        let all = document(
            &h.call_tool(
                "search_wlo_all",
                json!({"query": query, "maxContent": 10, "maxCollections": 5, "outputFormat": "json"}),
            )
            .await,
        );
        let cards: Vec<&Value> = ["content", "collections", "topicPages"]
            .iter()
            .flat_map(|pot| all[pot]["results"].as_array().unwrap())
            .collect();
        assert!(all["content"]["results"].as_array().unwrap().len() == 10, "{query}");
        assert!(!all["topicPages"]["results"].as_array().unwrap().is_empty(), "{query}");
        assert_eq!(results.len(), cards.len(), "{query}");
        for (hit, card) in results.iter().zip(cards) {
            assert_eq!(keys(hit), ["id", "title", "url"], "{hit}");
            assert_eq!(hit["id"], card["nodeId"]);
            assert_eq!(hit["title"], card["title"]);
            assert_eq!(hit["url"], expected_url(card, &repository), "{hit}");
        }
        // All three URL rules occur.
        let urls: Vec<&str> = results.iter().map(|r| r["url"].as_str().unwrap()).collect();
        assert!(urls.iter().any(|u| u.contains("/components/topic-pages?collectionId=")));
        assert!(urls.iter().any(|u| u.contains("/components/render/")));
        assert!(urls.iter().any(|u| !u.starts_with(&repository)));
    }
}

#[tokio::test]
async fn search_without_hits_is_an_empty_list_and_bad_queries_are_errors() {
    let h = Harness::start().await;
    let doc = document(&h.call_tool("search", json!({"query": "Qwzxyvbnm Plörrkst"})).await);
    assert_eq!(doc, json!({"results": []}));

    let before = h.standin.control().stats().total_requests;
    for args in [json!({}), json!({"query": "  "}), json!({"query": "x".repeat(201)})] {
        let r = h.call_tool("search", args.clone()).await;
        assert!(r.is_error && r.text.contains("query"), "{args}: {}", r.text);
    }
    assert_eq!(h.standin.control().stats().total_requests, before);

    h.standin.control().set_fault(Fault::Down);
    let r = h.call_tool("search", json!({"query": "Photosynthese"})).await;
    assert!(r.is_error && r.text.contains("nicht erreichbar"), "{}", r.text);
}

#[tokio::test]
async fn fetch_answers_the_stored_full_text_with_labels() {
    let h = Harness::start().await;
    let wk = h.standin.well_known().clone();
    let corpus = h.standin.corpus();
    let doc = document(&h.call_tool("fetch", json!({"id": wk.text_content})).await);
    assert_eq!(keys(&doc), ["id", "title", "text", "url", "metadata"]);
    let stored = corpus.get(&wk.text_content).unwrap().text_content.clone().unwrap();
    assert!(stored.trim().chars().count() >= 200);
    assert_eq!(doc["text"], stored.trim());
    assert_eq!(doc["id"], wk.text_content);

    let card = document(
        &h.call_tool(
            "get_node_details",
            json!({"nodeId": wk.text_content, "outputFormat": "json"}),
        )
        .await,
    );
    assert_eq!(doc["title"], card["title"]);
    assert_eq!(doc["url"], expected_url(&card, &h.standin.base_url()));
    let metadata = &doc["metadata"];
    assert_eq!(
        keys(metadata),
        [
            "disciplines",
            "educationalContexts",
            "learningResourceTypes",
            "license",
            "publisher",
            "nodeType",
            "textSource"
        ]
    );
    for key in [
        "disciplines",
        "educationalContexts",
        "learningResourceTypes",
        "license",
        "publisher",
        "nodeType",
    ] {
        assert_eq!(metadata[key], card[key], "{key}");
    }
    assert_eq!(metadata["textSource"], "fulltext");
    assert_eq!(metadata["nodeType"], "content");
    assert!(!metadata["disciplines"].as_array().unwrap().is_empty());
    assert!(!metadata["license"].as_str().unwrap().is_empty());
    // Labels, never vocabulary URIs.
    assert!(!metadata.to_string().contains("w3id.org"), "{metadata}");
}

#[tokio::test]
async fn fetch_falls_back_to_the_description_and_takes_a_short_text() {
    let h = Harness::start().await;
    let wk = h.standin.well_known().clone();
    let corpus = h.standin.corpus();

    // No stored text (`{"text": null}`) and no URL: the description.
    let bare = corpus.get(&wk.no_text_no_url).unwrap();
    let doc = document(&h.call_tool("fetch", json!({"id": wk.no_text_no_url})).await);
    assert_eq!(doc["metadata"]["textSource"], "description");
    assert_eq!(doc["text"], bare.description.trim());
    assert!(!bare.description.trim().is_empty());
    assert!(doc["url"].as_str().unwrap().starts_with("http"));

    // A short stored text beside a link is still the stored text.
    let short = corpus.get(&wk.short_text_with_url).unwrap();
    let doc = document(&h.call_tool("fetch", json!({"id": wk.short_text_with_url})).await);
    assert_eq!(doc["metadata"]["textSource"], "fulltext");
    assert_eq!(doc["text"], short.text_content.as_deref().unwrap().trim());
    assert_eq!(doc["url"], short.prop("ccm:wwwurl").unwrap());

    // A text that is forbidden (403 on the text only): the description.
    let forbidden = corpus.get(&wk.text_content_forbidden).unwrap();
    let doc = document(&h.call_tool("fetch", json!({"id": wk.text_content_forbidden})).await);
    assert_eq!(doc["metadata"]["textSource"], "description");
    assert_eq!(doc["text"], forbidden.description.trim());
}

#[tokio::test]
async fn fetch_answers_a_collections_compendium_text() {
    let mut corpus = Corpus::generate(DEFAULT_SEED);
    let id = corpus.well_known.klimawandel.clone();
    let compendium = "# Klimawandel\n\n## Fachwissen\n\nDer Treibhauseffekt …\n\n## Kompetenzen\n\nSek I: …";
    let index = corpus.index_of(&id).unwrap();
    corpus.nodes[index].properties.insert(
        "ccm:oeh_collection_compendium_text".into(),
        vec![format!("  {compendium}\n")],
    );
    let corpus = Corpus::from_json(&corpus.to_json()).unwrap();
    let standin = StandIn::start_with_corpus(StandInOptions::default(), Arc::new(corpus))
        .await
        .unwrap();
    let server = Server::spawn(
        &["serve", "--port", "0"],
        &env(&[("WLO_REPOSITORY_URL", &standin.base_url()), ("WLO_CACHE_MAX_MB", "0")]),
    );
    let doc = document(&server.call_tool("fetch", json!({"id": id})).await);
    assert_eq!(doc["text"], compendium);
    assert_eq!(doc["title"], "Klimawandel");
    assert_eq!(doc["metadata"]["textSource"], "compendium");
    assert_eq!(doc["metadata"]["nodeType"], "collection");

    // A collection without one answers its description.
    let geometry = standin.well_known().geometrie.clone();
    let record = standin.corpus().get(&geometry).unwrap();
    assert!(record.prop("ccm:oeh_collection_compendium_text").is_none());
    let doc = document(&server.call_tool("fetch", json!({"id": geometry})).await);
    assert_eq!(doc["metadata"]["textSource"], "description");
    assert_eq!(doc["text"], record.description.trim());
}

/// The repository's "no text yet" is not remembered: with the cache on, the
/// next call reads the text again and gets it.
#[tokio::test]
async fn fetch_never_caches_no_text_yet() {
    let h = Harness::start_with(&[("WLO_CACHE_MAX_MB", "16")]).await;
    let wk = h.standin.well_known().clone();
    let record = h.standin.corpus().get(&wk.pending_text).unwrap().clone();

    let first = document(&h.call_tool("fetch", json!({"id": wk.pending_text})).await);
    assert_eq!(first["metadata"]["textSource"], "description");
    assert_eq!(first["text"], record.description.trim());

    let second = document(&h.call_tool("fetch", json!({"id": wk.pending_text})).await);
    assert_eq!(second["metadata"]["textSource"], "fulltext");
    assert_eq!(second["text"], record.text_content.as_deref().unwrap().trim());
    let stats = h.standin.control().stats();
    assert_eq!(stats.route("textContent"), 2);
    assert_eq!(stats.route("metadata"), 1, "the metadata read is cached");
}

/// A first extraction slower than the deadline allows: the description,
/// within the deadline; once extracted, the text.
#[tokio::test]
async fn a_slow_first_extraction_answers_the_description_in_time() {
    let h = Harness::start_with(&[("WLO_TIMEOUT_MS", "8000"), ("WLO_TOOL_DEADLINE_MS", "4000")]).await;
    let wk = h.standin.well_known().clone();
    let record = h.standin.corpus().get(&wk.text_content).unwrap().clone();
    h.standin.control().set_extraction_delay(30_000);

    let started = Instant::now();
    let r = h.call_tool("fetch", json!({"id": wk.text_content})).await;
    let elapsed = started.elapsed();
    let doc = document(&r);
    assert_eq!(doc["metadata"]["textSource"], "description");
    assert_eq!(doc["text"], record.description.trim());
    // Not an error, so within the tool deadline (the run_tool guard would
    // have answered a timeout); and far from the 30 s extraction.
    assert!(elapsed < Duration::from_secs(15), "{elapsed:?}");
    // The text read waited for what the deadline left, minus the reserve.
    assert!(elapsed >= Duration::from_millis(2500), "{elapsed:?}");

    let doc = document(&h.call_tool("fetch", json!({"id": wk.text_content})).await);
    assert_eq!(doc["metadata"]["textSource"], "fulltext");
    assert_eq!(doc["text"], record.text_content.as_deref().unwrap().trim());
}

#[tokio::test]
async fn fetch_misses_and_failures_are_errors() {
    let h = Harness::start().await;
    let wk = h.standin.well_known().clone();

    let r = h.call_tool("fetch", json!({"id": wk.forbidden_node})).await;
    assert!(r.is_error, "{}", r.text);
    assert!(r.text.contains("nicht öffentlich"), "{}", r.text);

    let unknown = "00000000-1111-4222-8333-444444444444";
    let r = h.call_tool("fetch", json!({"id": unknown})).await;
    assert!(r.is_error, "{}", r.text);
    assert_eq!(r.text, format!("Node {unknown} nicht gefunden."));

    // Not an id: refused before any URL is built.
    let before = h.standin.control().stats().total_requests;
    for args in [
        json!({}),
        json!({"id": "../../admin"}),
        json!({"id": 42}),
        json!({"id": "abc"}),
    ] {
        let r = h.call_tool("fetch", args.clone()).await;
        assert!(r.is_error && r.text.contains("id"), "{args}: {}", r.text);
    }
    assert_eq!(h.standin.control().stats().total_requests, before);

    for (fault, phrase) in [(Fault::Down, "nicht erreichbar"), (Fault::Error500, "HTTP 500")] {
        h.standin.control().set_fault(fault);
        let r = h.call_tool("fetch", json!({"id": wk.text_content})).await;
        assert!(r.is_error && r.text.contains(phrase), "{fault:?}: {}", r.text);
    }
}

/// `text` is capped at `WLO_FETCH_MAX_CHARS`, cut at a space in the last
/// fifth of the window and marked.
#[tokio::test]
async fn fetch_caps_long_texts_at_a_space() {
    for (max, env) in [(100_000, vec![]), (1_000, vec![("WLO_FETCH_MAX_CHARS", "1000")])] {
        let h = Harness::start_with(&env).await;
        let wk = h.standin.well_known().clone();
        let stored = h
            .standin
            .corpus()
            .get(&wk.huge_text)
            .unwrap()
            .text_content
            .clone()
            .unwrap();
        let stored = stored.trim();
        assert!(stored.chars().count() > 100_000);

        let doc = document(&h.call_tool("fetch", json!({"id": wk.huge_text})).await);
        assert_eq!(doc["metadata"]["textSource"], "fulltext");
        let text = doc["text"].as_str().unwrap();
        let kept = text
            .strip_suffix(CUT_MARK)
            .unwrap_or_else(|| panic!("no cut mark: …{}", &text[text.len() - 40..]));
        let kept_chars = kept.chars().count();
        assert!(
            kept_chars <= max && kept_chars >= max * 4 / 5,
            "{max}: kept {kept_chars}"
        );
        assert!(stored.starts_with(kept), "{max}: not a prefix");
        let next = stored[kept.len()..].chars().next().unwrap();
        assert!(next.is_whitespace(), "{max}: cut before {next:?}, not at a space");
    }
}

#[tokio::test]
async fn an_allow_list_of_search_and_fetch_offers_only_them() {
    let h = Harness::start_with(&[("MCP_TOOL_ALLOW", "search,fetch")]).await;
    let r = h.server.rpc("tools/list", json!({})).await;
    let tools = r["result"]["tools"].as_array().unwrap();
    let names: Vec<&str> = tools.iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["search", "fetch"]);
    for (tool, argument) in tools.iter().zip(["query", "id"]) {
        let schema = &tool["inputSchema"];
        assert_eq!(keys(&schema["properties"]), [argument], "{tool}");
        assert_eq!(schema["properties"][argument]["type"], "string");
        assert_eq!(schema["required"], json!([argument]));
        assert_eq!(schema["additionalProperties"], false);
        let a = &tool["annotations"];
        assert_eq!((&a["readOnlyHint"], &a["openWorldHint"]), (&json!(true), &json!(true)));
    }
    let r = h
        .server
        .rpc(
            "tools/call",
            json!({"name": "search_wlo_all", "arguments": {"query": "Optik"}}),
        )
        .await;
    assert_eq!(r["error"]["message"], "Unknown tool: search_wlo_all");
    let doc = document(&h.call_tool("search", json!({"query": "Optik"})).await);
    let first = doc["results"][0]["id"].as_str().unwrap().to_string();
    let doc = document(&h.call_tool("fetch", json!({"id": first})).await);
    assert_eq!(doc["id"], first);
}

#[test]
fn an_unknown_name_in_the_allow_list_stops_the_start() {
    for command in [&["tools"][..], &["serve", "--port", "0"]] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_wlo-mcp"))
            .args(command)
            .env("MCP_TOOL_ALLOW", "serch,fetch")
            .env_remove("MCP_TOOL_DENY")
            .env("WLO_REPOSITORY_URL", "http://127.0.0.1:9/edu-sharing")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{command:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("invalid MCP_TOOL_ALLOW: unknown tool serch"), "{err}");
        assert!(err.contains("search_wlo_all") && err.contains("fetch"), "{err}");
    }
}
