//! Foundation tools and the repository layer over MCP/HTTP against the stand-in:
//! lookup_wlo_vocabulary, wlo_health_check, get_node_details, get_nodes_details,
//! every FormattedNode rule, the failure policy under each fault mode and the
//! response cache (hit, expiry, per-kind lifetime, coalescing, errors, off).

use crate::common;

use common::*;
use serde_json::{Value, json};
use wlo_standin::Fault;

fn record<'a>(h: &'a Harness, id: &str) -> &'a wlo_standin::NodeRecord {
    h.standin.corpus().get(id).unwrap_or_else(|| panic!("{id} in corpus"))
}

async fn details(h: &Harness, id: &str, extra: Value) -> Value {
    let mut args = json!({"nodeId": id, "outputFormat": "json"});
    for (k, v) in extra.as_object().unwrap() {
        args[k] = v.clone();
    }
    let r = h.call_tool("get_node_details", args).await;
    assert!(!r.is_error, "{}", r.text);
    assert_eq!(r.blocks, 1);
    r.json()
}

// ---- lookup_wlo_vocabulary -------------------------------------------------

#[tokio::test]
async fn vocabulary_lists_entries_with_aliases_and_uris() {
    let h = Harness::start().await;
    let r = h
        .call_tool("lookup_wlo_vocabulary", json!({"vocabulary": "discipline"}))
        .await;
    assert!(!r.is_error);
    assert!(r.text.contains("- **Mathematik** | Aliases: "), "{}", r.text);
    assert!(
        r.text
            .contains("  URI: http://w3id.org/openeduhub/vocabs/discipline/380")
    );
    let r = h
        .call_tool("lookup_wlo_vocabulary", json!({"vocabulary": "targetGroup"}))
        .await;
    assert!(r.text.contains("Lehrkräfte"));
    let r = h
        .call_tool(
            "lookup_wlo_vocabulary",
            json!({"vocabulary": "educationalContext", "query": "sek"}),
        )
        .await;
    assert!(
        r.text.contains("Sekundarstufe I") && !r.text.contains("Primarstufe"),
        "{}",
        r.text
    );
    assert_eq!(
        h.standin.control().stats().total_requests,
        0,
        "vocabulary needs no upstream call"
    );
}

#[tokio::test]
async fn vocabulary_rejects_unknown_names() {
    let h = Harness::start().await;
    for args in [json!({"vocabulary": "colors"}), json!({}), json!({"vocabulary": 5})] {
        let r = h.call_tool("lookup_wlo_vocabulary", args).await;
        assert!(r.is_error);
        for name in [
            "educationalContext",
            "discipline",
            "userRole",
            "lrt",
            "license",
            "targetGroup",
        ] {
            assert!(r.text.contains(name), "{}", r.text);
        }
    }
}

// ---- wlo_health_check ------------------------------------------------------

#[tokio::test]
async fn health_check_reports_the_root() {
    let h = Harness::start().await;
    let r = h.call_tool("wlo_health_check", json!({"environment": "prod"})).await;
    assert!(!r.is_error, "{}", r.text);
    let doc = r.json();
    let keys: Vec<&str> = doc.as_object().unwrap().keys().map(|k| k.as_str()).collect();
    assert_eq!(
        keys,
        [
            "ok",
            "repositoryUrl",
            "baseUrl",
            "rootNodeId",
            "rootResolved",
            "latencyMs",
            "checkedAt"
        ]
    );
    assert_eq!(doc["ok"], true);
    assert_eq!(doc["rootResolved"], "Portale");
    assert_eq!(doc["repositoryUrl"], h.standin.base_url());
    assert_eq!(doc["baseUrl"], format!("{}/rest", h.standin.base_url()));
    assert!(doc["checkedAt"].as_str().unwrap().ends_with('Z'));
    // Never cached: a second call asks again.
    h.call_tool("wlo_health_check", json!({})).await;
    assert_eq!(h.standin.control().stats().route("metadata"), 2);
}

#[tokio::test]
async fn health_check_never_cached_even_with_cache_on() {
    let h = Harness::start_with(&[("WLO_CACHE_MAX_MB", "16")]).await;
    h.call_tool("wlo_health_check", json!({})).await;
    h.call_tool("wlo_health_check", json!({})).await;
    assert_eq!(h.standin.control().stats().route("metadata"), 2);
}

#[tokio::test]
async fn health_check_fails_clearly_in_every_fault_mode() {
    let h = Harness::start_with(&[("WLO_TIMEOUT_MS", "800"), ("WLO_TOOL_DEADLINE_MS", "1500")]).await;
    for (fault, phrase) in [
        (Fault::Down, "nicht erreichbar"),
        (Fault::Slow, "Zeitüberschreitung"),
        (Fault::Error500, "HTTP 500"),
        (Fault::Garbage, "unlesbare Antwort"),
    ] {
        h.standin.control().set_fault(fault);
        let started = std::time::Instant::now();
        let r = h.call_tool("wlo_health_check", json!({})).await;
        assert!(
            started.elapsed() < std::time::Duration::from_millis(3000),
            "{fault:?} too slow"
        );
        assert!(r.is_error, "{fault:?}");
        let doc = r.json();
        assert_eq!(doc["ok"], false);
        assert!(
            doc["error"].as_str().unwrap().contains(phrase),
            "{fault:?}: {}",
            doc["error"]
        );
    }
    // Recovery without a restart.
    h.standin.control().set_fault(Fault::None);
    let r = h.call_tool("wlo_health_check", json!({})).await;
    assert!(!r.is_error);
}

#[tokio::test]
async fn health_check_with_unknown_root() {
    let h = Harness::start_with(&[("WLO_ROOT_COLLECTION_ID", "00000000-0000-4000-a000-000000000000")]).await;
    let r = h.call_tool("wlo_health_check", json!({})).await;
    assert!(r.is_error);
    assert!(r.json()["error"].as_str().unwrap().contains("WLO_ROOT_COLLECTION_ID"));
}

// ---- get_node_details: FormattedNode rules ---------------------------------

#[tokio::test]
async fn formatted_node_shape_and_labels() {
    let h = Harness::start().await;
    let wk = h.standin.well_known().clone();
    let doc = details(&h, &wk.cc_with_version, json!({})).await;
    let keys: Vec<&str> = doc.as_object().unwrap().keys().map(|k| k.as_str()).collect();
    assert_eq!(
        &keys[..23],
        [
            "nodeId",
            "title",
            "description",
            "keywords",
            "disciplines",
            "educationalContexts",
            "userRoles",
            "learningResourceTypes",
            "authors",
            "license",
            "licenseUrl",
            "attribution",
            "publisher",
            "url",
            "previewUrl",
            "topicPageUrl",
            "nodeType",
            "downloadUrl",
            "contentUrl",
            "previewIsIcon",
            "mimeType",
            "fileSize",
            "renderUrl"
        ]
    );
    assert!(doc.as_object().unwrap().values().all(|v| !v.is_null()));
    let rec = record(&h, &wk.cc_with_version);
    assert_eq!(doc["nodeId"], rec.id);
    assert_eq!(doc["title"], rec.title);
    assert_eq!(
        doc["fileSize"],
        json!(rec.size.unwrap()),
        "size string coerced to a number"
    );
    assert!(doc["downloadUrl"].as_str().unwrap().starts_with("http"));
    assert_eq!(
        doc["renderUrl"],
        format!("{}/components/render/{}", h.standin.base_url(), rec.id)
    );
    // Labels, never URIs.
    for key in [
        "disciplines",
        "educationalContexts",
        "userRoles",
        "learningResourceTypes",
    ] {
        for label in doc[key].as_array().unwrap() {
            assert!(!label.as_str().unwrap().contains("://"), "{key}: {label}");
        }
    }
    assert!(!doc["disciplines"].as_array().unwrap().is_empty());
    assert_eq!(doc["nodeType"], "content");
}

#[tokio::test]
async fn licence_labels_state_only_the_given_version() {
    let h = Harness::start().await;
    let wk = h.standin.well_known().clone();
    let with = details(&h, &wk.cc_with_version, json!({})).await;
    let version = record(&h, &wk.cc_with_version)
        .prop("ccm:commonlicense_cc_version")
        .unwrap()
        .to_string();
    assert!(
        with["license"].as_str().unwrap().starts_with("CC BY"),
        "{}",
        with["license"]
    );
    assert!(
        with["license"].as_str().unwrap().ends_with(&format!(" {version}")),
        "{}",
        with["license"]
    );
    let without = details(&h, &wk.cc_without_version, json!({})).await;
    let label = without["license"].as_str().unwrap();
    assert!(
        label.starts_with("CC") && !label.chars().any(|c| c.is_ascii_digit()),
        "{label}"
    );
    let unknown = details(&h, &wk.unknown_license, json!({})).await;
    assert_eq!(
        unknown["license"],
        record(&h, &wk.unknown_license).license_key.clone().unwrap()
    );
    let none = details(&h, &wk.no_license, json!({})).await;
    assert_eq!(none["license"], "");
    let non_cc = details(&h, &wk.non_cc_license, json!({})).await;
    let key = record(&h, &wk.non_cc_license).license_key.clone().unwrap();
    assert!(!non_cc["license"].as_str().unwrap().is_empty());
    assert_ne!(non_cc["license"], key, "a known key shows its label");
}

#[tokio::test]
async fn labels_fallbacks_roots_and_hochschul() {
    let h = Harness::start().await;
    let wk = h.standin.well_known().clone();
    let hs = details(&h, &wk.hochschul_disciplines, json!({"includeRaw": true})).await;
    let disciplines: Vec<String> = serde_json::from_value(hs["disciplines"].clone()).unwrap();
    assert!(
        disciplines.contains(&"Studienbereich Informatik".to_string()),
        "{disciplines:?}"
    );
    assert!(
        hs["raw"]["disciplines"]
            .as_array()
            .unwrap()
            .iter()
            .any(|u| u.as_str().unwrap().ends_with("/n71"))
    );
    // Vocabulary-root URIs and their vocabulary title are dropped.
    let roots = details(&h, &wk.vocab_root_uris, json!({})).await;
    assert!(!roots.to_string().contains("Schulfächer"), "{roots}");
    for key in ["disciplines", "educationalContexts"] {
        assert!(
            roots[key]
                .as_array()
                .unwrap()
                .iter()
                .all(|l| !l.as_str().unwrap().ends_with('/'))
        );
    }
    // Without _DISPLAYNAME the local tables give the same kind of labels.
    let local = details(&h, &wk.no_displayname, json!({"includeRaw": true})).await;
    assert!(!local["disciplines"].as_array().unwrap().is_empty());
    assert!(
        local["disciplines"]
            .as_array()
            .unwrap()
            .iter()
            .all(|l| !l.as_str().unwrap().contains("://"))
    );
    assert_eq!(
        local["raw"]["disciplines"].as_array().unwrap().len(),
        local["disciplines"].as_array().unwrap().len()
    );
}

#[tokio::test]
async fn urls_are_http_only_and_markdown_is_neutralised() {
    let h = Harness::start().await;
    let wk = h.standin.well_known().clone();
    let js = details(&h, &wk.javascript_url, json!({})).await;
    assert!(!js.to_string().contains("javascript:"), "{js}");
    let content_only = details(&h, &wk.content_url_only, json!({})).await;
    assert_eq!(content_only["url"], content_only["contentUrl"]);
    assert!(content_only["url"].as_str().unwrap().starts_with("http"));
    let icon = details(&h, &wk.icon_preview, json!({})).await;
    assert_eq!(icon["previewIsIcon"], true);

    let r = h
        .call_tool("get_node_details", json!({"nodeId": wk.hostile_title}))
        .await;
    assert!(!r.is_error);
    assert_eq!(r.text.lines().filter(|l| l.starts_with("## ")).count(), 1, "{}", r.text);
    assert!(r.text.lines().next().unwrap().starts_with("## "));
    assert_eq!(r.text.lines().filter(|l| l.starts_with("nodeId: ")).count(), 1);
}

#[tokio::test]
async fn markdown_card_fields() {
    let h = Harness::start().await;
    let wk = h.standin.well_known().clone();
    let r = h
        .call_tool("get_node_details", json!({"nodeId": wk.cc_with_version}))
        .await;
    let rec = record(&h, &wk.cc_with_version);
    assert!(
        r.text.starts_with(&format!("## {}\nnodeId: {}\n", rec.title, rec.id)),
        "{}",
        r.text
    );
    for label in ["Beschreibung: ", "Fach: ", "Lizenz: CC BY", "WLO-URL: ", "Typ: Inhalt"] {
        assert!(r.text.contains(label), "{label} missing:\n{}", r.text);
    }
    assert!(r.structured.is_none());
}

#[tokio::test]
async fn collections_get_topic_page_urls() {
    let h = Harness::start().await;
    let wk = h.standin.well_known().clone();
    let portal = details(&h, &wk.portal_with_topic_page, json!({})).await;
    assert_eq!(portal["nodeType"], "collection");
    assert_eq!(
        portal["topicPageUrl"],
        format!(
            "{}/components/topic-pages?collectionId={}",
            h.standin.base_url(),
            wk.portal_with_topic_page
        )
    );
    let plain = details(&h, &wk.portal_without_topic_page, json!({})).await;
    assert_eq!(plain["topicPageUrl"], "");
}

#[tokio::test]
async fn details_options_parents_text_raw() {
    let h = Harness::start().await;
    let wk = h.standin.well_known().clone();
    let doc = details(
        &h,
        &wk.bruchrechnung,
        json!({"includeParents": true, "includeRaw": true}),
    )
    .await;
    let parents = doc["parents"].as_array().unwrap();
    assert!(!parents.is_empty());
    assert!(parents.iter().all(|p| p["nodeId"] != wk.bruchrechnung));
    assert_eq!(parents.last().unwrap()["nodeId"], ROOT);
    assert_eq!(parents.last().unwrap()["title"], "Portale");
    assert!(doc["raw"].is_object());
    assert!(doc.get("warnings").is_none());

    let text = details(&h, &wk.text_content, json!({"includeTextContent": true})).await;
    let expected = record(&h, &wk.text_content).text_content.clone().unwrap();
    assert!(
        text["textContent"]
            .as_str()
            .unwrap()
            .starts_with(&expected.chars().take(50).collect::<String>())
    );
    let long = details(&h, &wk.long_text, json!({"includeTextContent": true})).await;
    let long_text = long["textContent"].as_str().unwrap();
    assert!(long_text.ends_with("\n[…gekürzt]"));
    assert_eq!(long_text.chars().count(), 4000 + "\n[…gekürzt]".chars().count());
    let md = h
        .call_tool(
            "get_node_details",
            json!({"nodeId": wk.long_text, "includeTextContent": true}),
        )
        .await;
    assert!(md.text.contains("### Gespeicherter Volltext"));
    assert!(md.text.ends_with("[…gekürzt]"));
    let forbidden = details(&h, &wk.text_content_forbidden, json!({"includeTextContent": true})).await;
    assert_eq!(forbidden["textContent"], "");

    // Content nodes: /parents has no chain upstream; the answer stays useful and says why.
    let content = details(&h, &wk.cc_with_version, json!({"includeParents": true})).await;
    assert_eq!(content["parents"], json!([]));
    assert!(content["warnings"].as_array().is_some_and(|w| !w.is_empty()));
}

#[tokio::test]
async fn details_reads_go_out_together() {
    let h = Harness::start().await;
    h.standin.control().set_latency(150, 0);
    let wk = h.standin.well_known().clone();
    details(
        &h,
        &wk.bruchrechnung,
        json!({"includeParents": true, "includeTextContent": true}),
    )
    .await;
    let stats = h.standin.control().stats();
    assert_eq!(stats.total_requests, 3);
    // Three reads of 150 ms each, all in flight at once: one round trip, not three. The stand-in's
    // concurrency count shows it; how long that takes belongs in the benchmark, not in a test.
    assert!(stats.peak_concurrency >= 3, "peak {}", stats.peak_concurrency);
}

#[tokio::test]
async fn details_errors() {
    let h = Harness::start().await;
    let wk = h.standin.well_known().clone();
    let missing = "00000000-0000-4000-a000-00000000abcd";
    let r = h.call_tool("get_node_details", json!({"nodeId": missing})).await;
    assert!(r.is_error);
    assert_eq!(r.text, format!("Node {missing} nicht gefunden."));
    let r = h
        .call_tool("get_node_details", json!({"nodeId": wk.forbidden_node}))
        .await;
    assert!(r.is_error && r.text.contains("nicht öffentlich"), "{}", r.text);
    for bad in [
        json!("../../etc/passwd"),
        json!("Informatik"),
        json!(""),
        json!(42),
        json!(null),
    ] {
        let r = h.call_tool("get_node_details", json!({"nodeId": bad})).await;
        assert!(r.is_error && r.text.contains("nodeId"), "{bad}: {}", r.text);
    }
    assert_eq!(
        h.standin.control().stats().total_requests,
        2,
        "bad ids never reach the repository"
    );
    // Store refs and upper case are accepted.
    let r = h
        .call_tool(
            "get_node_details",
            json!({"nodeId": format!("workspace://SpacesStore/{}", wk.bruchrechnung.to_uppercase())}),
        )
        .await;
    assert!(!r.is_error, "{}", r.text);
}

#[tokio::test]
async fn details_under_fault_modes() {
    let h = Harness::start_with(&[("WLO_TIMEOUT_MS", "700"), ("WLO_TOOL_DEADLINE_MS", "1500")]).await;
    let wk = h.standin.well_known().clone();
    for (fault, phrase) in [
        (Fault::Down, "nicht erreichbar"),
        (Fault::Slow, "Zeitüberschreitung"),
        (Fault::Error500, "HTTP 500"),
        (Fault::Garbage, "unlesbare"),
    ] {
        h.standin.control().set_fault(fault);
        let r = h
            .call_tool("get_node_details", json!({"nodeId": wk.bruchrechnung}))
            .await;
        assert!(r.is_error, "{fault:?}");
        assert!(r.text.contains(phrase), "{fault:?}: {}", r.text);
        assert!(
            !r.text.contains("nicht gefunden"),
            "a broken repository is not 'not found'"
        );
        let r = h
            .call_tool(
                "get_nodes_details",
                json!({"nodeIds": [wk.bruchrechnung, wk.photosynthese]}),
            )
            .await;
        assert!(r.is_error && r.text.contains(phrase), "{fault:?}: {}", r.text);
    }
    h.standin.control().set_fault(Fault::None);
    // Per-node faults: a secondary read failing leaves its part empty with a warning.
    h.standin.control().set_node_fault(&wk.text_content, 404);
    let r = h
        .call_tool("get_node_details", json!({"nodeId": wk.text_content}))
        .await;
    assert!(r.is_error && r.text.contains("nicht gefunden"));
}

// ---- get_nodes_details -----------------------------------------------------

#[tokio::test]
async fn bulk_details() {
    let h = Harness::start().await;
    let wk = h.standin.well_known().clone();
    let missing = "00000000-0000-4000-a000-00000000abcd";
    let r = h
        .call_tool(
            "get_nodes_details",
            json!({"nodeIds": [
                wk.photosynthese.to_uppercase(),
                format!("workspace://SpacesStore/{}", wk.bruchrechnung),
                wk.photosynthese,
                "not-an-id",
                missing,
                wk.forbidden_node,
            ]}),
        )
        .await;
    assert!(!r.is_error, "{}", r.text);
    let doc = r.json();
    let keys: Vec<&str> = doc.as_object().unwrap().keys().map(|k| k.as_str()).collect();
    assert_eq!(&keys[..4], ["requested", "resolved", "failed", "results"]);
    assert_eq!(doc["requested"], 5);
    assert_eq!(doc["resolved"], 2);
    let ids: Vec<&str> = doc["results"].as_object().unwrap().keys().map(|k| k.as_str()).collect();
    assert_eq!(
        ids,
        [wk.photosynthese.as_str(), wk.bruchrechnung.as_str()],
        "request order"
    );
    let failed: Vec<&str> = doc["failed"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert!(failed.contains(&"not-an-id") && failed.contains(&missing) && failed.contains(&wk.forbidden_node.as_str()));
    assert_eq!(
        h.standin.control().stats().route("metadata"),
        4,
        "malformed ids are not requested"
    );
    assert_eq!(doc["results"][&wk.photosynthese]["nodeId"], wk.photosynthese);
}

#[tokio::test]
async fn bulk_details_argument_errors() {
    let h = Harness::start().await;
    for args in [
        json!({}),
        json!({"nodeIds": []}),
        json!({"nodeIds": 5}),
        json!({"nodeIds": vec!["x"; 51]}),
    ] {
        let r = h.call_tool("get_nodes_details", args.clone()).await;
        assert!(r.is_error && r.text.contains("nodeIds"), "{args}: {}", r.text);
    }
    // A non-string entry is reported in failed[]; the rest of the batch proceeds.
    let wk = h.standin.well_known().clone();
    let r = h
        .call_tool("get_nodes_details", json!({"nodeIds": [42, wk.bruchrechnung]}))
        .await;
    assert!(!r.is_error, "{}", r.text);
    let doc = r.json();
    assert_eq!(doc["failed"], json!(["42"]));
    assert_eq!(doc["resolved"], 1);
    // Only bad ids: not a repository failure, so not isError.
    let r = h.call_tool("get_nodes_details", json!({"nodeIds": ["../x"]})).await;
    assert!(!r.is_error);
    assert_eq!(r.json()["failed"], json!(["../x"]));
}

#[tokio::test]
async fn identical_calls_are_byte_identical_and_cached() {
    let h = Harness::start_with(&[("WLO_CACHE_MAX_MB", "16")]).await;
    let wk = h.standin.well_known().clone();
    let args = json!({"nodeId": wk.bruchrechnung, "includeParents": true, "outputFormat": "json"});
    let a = h.call_tool("get_node_details", args.clone()).await;
    let before = h.standin.control().stats().total_requests;
    let b = h.call_tool("get_node_details", args).await;
    assert_eq!(a.text, b.text);
    assert_eq!(
        h.standin.control().stats().total_requests,
        before,
        "second call served from cache"
    );
}

// ---- the response cache, seen from outside ----------------------------------
//
// The stand-in counts every upstream request, so these tests watch the cache
// through the public surface: MCP tool calls over HTTP.

#[tokio::test]
async fn concurrent_identical_calls_share_one_upstream_request() {
    let h = Harness::start_with(&[("WLO_CACHE_MAX_MB", "16")]).await;
    // Slow enough that every call arrives while the first read is in flight.
    h.standin.control().set_latency(400, 0);
    let wk = h.standin.well_known().clone();
    let args = json!({"nodeId": wk.bruchrechnung, "outputFormat": "json"});
    let calls = (0..6).map(|_| h.call_tool("get_node_details", args.clone()));
    let results = futures::future::join_all(calls).await;
    assert!(results.iter().all(|r| !r.is_error && r.text == results[0].text));
    assert_eq!(
        h.standin.control().stats().route("metadata"),
        1,
        "one read for six calls"
    );
}

#[tokio::test]
async fn upstream_errors_are_never_cached() {
    let h = Harness::start_with(&[("WLO_CACHE_MAX_MB", "16")]).await;
    let wk = h.standin.well_known().clone();
    let args = json!({"nodeId": wk.bruchrechnung});
    h.standin.control().set_fault(Fault::Error500);
    assert!(h.call_tool("get_node_details", args.clone()).await.is_error);
    h.standin.control().set_fault(Fault::None);
    let r = h.call_tool("get_node_details", args).await;
    assert!(!r.is_error, "the failure was not kept: {}", r.text);
    assert_eq!(h.standin.control().stats().route("metadata"), 2);
}

#[tokio::test]
async fn cached_reads_expire_after_their_time_to_live() {
    let h = Harness::start_with(&[("WLO_CACHE_MAX_MB", "16"), ("WLO_CACHE_TTL_TREE_S", "1")]).await;
    let wk = h.standin.well_known().clone();
    let args = json!({"nodeId": wk.bruchrechnung});
    let first = h.call_tool("get_node_details", args.clone()).await;
    let hit = h.call_tool("get_node_details", args.clone()).await;
    assert_eq!(
        h.standin.control().stats().route("metadata"),
        1,
        "the second call is a hit"
    );
    assert_eq!(first.text, hit.text, "a cached answer is byte-identical");
    tokio::time::sleep(std::time::Duration::from_millis(1200)).await;
    h.call_tool("get_node_details", args).await;
    assert_eq!(h.standin.control().stats().route("metadata"), 2, "expired after 1 s");
}

#[tokio::test]
async fn searches_and_tree_reads_have_their_own_time_to_live() {
    // Searches not cached (TTL 0), tree reads cached (default TTL).
    let h = Harness::start_with(&[("WLO_CACHE_MAX_MB", "16"), ("WLO_CACHE_TTL_SEARCH_S", "0")]).await;
    let wk = h.standin.well_known().clone();
    for _ in 0..2 {
        assert!(
            !h.call_tool("search_wlo_content", json!({"query": "Photosynthese"}))
                .await
                .is_error
        );
        assert!(
            !h.call_tool("get_node_details", json!({"nodeId": wk.bruchrechnung}))
                .await
                .is_error
        );
    }
    let stats = h.standin.control().stats();
    let searches = stats.route("ngsearch");
    assert!(
        searches >= 2 && searches % 2 == 0,
        "every search asks again: {searches}"
    );
    assert_eq!(stats.route("metadata"), 1);
}

#[tokio::test]
async fn zero_turns_the_cache_off() {
    let wk_args = |h: &Harness| json!({"nodeId": h.standin.well_known().bruchrechnung});
    for env in [
        [("WLO_CACHE_MAX_MB", "0"), ("WLO_CACHE_TTL_TREE_S", "300")],
        [("WLO_CACHE_MAX_MB", "16"), ("WLO_CACHE_TTL_TREE_S", "0")],
    ] {
        let h = Harness::start_with(&env).await;
        for _ in 0..2 {
            assert!(!h.call_tool("get_node_details", wk_args(&h)).await.is_error);
        }
        assert_eq!(h.standin.control().stats().route("metadata"), 2, "{env:?}");
    }
}
