//! Reusing what teachers find (#36): authors on every card, a ready
//! attribution line with the deed link, no editor's personal data in any
//! answer, and the licence filter.

use std::sync::Arc;

use serde_json::{Value, json};
use wlo_standin::recorded::{EDITOR_MAIL, EDITOR_NAME};
use wlo_standin::{Corpus, StandIn, StandInOptions};

use crate::common::optik::{OPTIK, reference};
use crate::common::{Harness, card};

#[tokio::test]
async fn the_optik_cards_name_their_authors_and_how_to_attribute() {
    let (h, _) = Harness::start_optik(&[]).await;
    let r = h
        .call_tool(
            "get_collection_contents",
            json!({"nodeId": OPTIK, "maxResults": 50, "outputFormat": "json"}),
        )
        .await;
    let doc = r.json();
    let authors = |prefix: &str| card(&doc, &reference(prefix))["authors"].clone();
    assert_eq!(authors("c1c5f25d"), json!(["Alexander Ubrig"]));
    assert_eq!(authors("11e4a379"), json!(["Dieter Welz"]));
    assert_eq!(
        authors("e99949a2"),
        json!(["Deutsches Zentrum für Luft- und Raumfahrt e. V. (DLR)"])
    );
    assert_eq!(authors("ac9f3f6f"), json!(["Universaldenker"]));
    assert_eq!(authors("756ec0fa"), json!([]), "an imprint URL is no name");
    let named = doc["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| !c["authors"].as_array().unwrap().is_empty())
        .count();
    assert_eq!(named, 5, "five records name their authors, a sixth only an imprint URL");

    // CC BY-NC-SA 3.0: its 3.0 deed.
    let geogebra = card(&doc, &reference("f1f89a13"));
    assert_eq!(
        geogebra["licenseUrl"],
        "https://creativecommons.org/licenses/by-nc-sa/3.0/deed.de"
    );
    assert_eq!(
        geogebra["attribution"],
        "„Optik“, Lizenz: CC BY-NC-SA 3.0 (https://creativecommons.org/licenses/by-nc-sa/3.0/deed.de), https://www.geogebra.org/m/PzBHcpNG, via WirLernenOnline"
    );
    // CC BY 4.0 with an author.
    assert_eq!(
        card(&doc, &reference("ac9f3f6f"))["attribution"],
        "„Kurs Grundlagen der Optik“ von Universaldenker, Lizenz: CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/deed.de), https://de.universaldenker.org/kurse/1113, via WirLernenOnline"
    );
    // CC0: its own deed, naming not required.
    let cc0 = card(&doc, &reference("f3ae3d5b"));
    assert_eq!(
        cc0["licenseUrl"],
        "https://creativecommons.org/publicdomain/zero/1.0/deed.de"
    );
    assert!(
        cc0["attribution"]
            .as_str()
            .unwrap()
            .ends_with("Namensnennung nicht verpflichtend, aber gute Praxis.")
    );
    // COPYRIGHT_FREE and CUSTOM: no line, no link.
    for prefix in ["e99949a2", "11e4a379", "93330f20"] {
        let c = card(&doc, &reference(prefix));
        assert_eq!((&c["attribution"], &c["licenseUrl"]), (&json!(""), &json!("")), "{c}");
    }

    let md = h
        .call_tool("get_node_details", json!({"nodeId": reference("e99949a2")}))
        .await;
    assert!(
        md.text
            .contains("\nUrheber: Deutsches Zentrum für Luft- und Raumfahrt e. V. (DLR)\n"),
        "{}",
        md.text
    );
    assert!(md.text.contains("\nNutzung: es gelten die Bedingungen des Anbieters\n"));
    assert!(!md.text.contains("Namensnennung:"));
    let md = h
        .call_tool("get_node_details", json!({"nodeId": reference("c1c5f25d")}))
        .await;
    assert!(md.text.contains("\nUrheber: Alexander Ubrig\nLizenz: CC BY 4.0\nNamensnennung: „Wiederholung der Inhalte mithilfe von Quizfragen“ von Alexander Ubrig, Lizenz: CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/deed.de), "), "{}", md.text);
}

/// The generated corpus with two materials relicensed: CC BY 3.0 and
/// CC BY-SA without a version.
async fn relicensed() -> (Harness, String, String) {
    let mut corpus = Corpus::generate(wlo_standin::DEFAULT_SEED);
    let wk = corpus.well_known.clone();
    let mut set = |id: &str, key: &str, version: Option<&str>| {
        let node = corpus.nodes.iter_mut().find(|n| n.id == id).unwrap();
        node.license_key = Some(key.into());
        node.properties.insert("ccm:commonlicense_key".into(), vec![key.into()]);
        node.properties.remove("ccm:commonlicense_cc_version");
        if let Some(version) = version {
            node.properties
                .insert("ccm:commonlicense_cc_version".into(), vec![version.into()]);
        }
    };
    set(&wk.cc_with_version, "CC_BY", Some("3.0"));
    set(&wk.cc_without_version, "CC_BY_SA", None);
    let standin = StandIn::start_with_corpus(StandInOptions::default(), Arc::new(corpus))
        .await
        .unwrap();
    (
        Harness::start_with_standin(standin, &[]),
        wk.cc_with_version,
        wk.cc_without_version,
    )
}

#[tokio::test]
async fn a_stated_version_links_its_deed_and_no_version_links_none() {
    let (h, by_3, by_sa) = relicensed().await;
    let details = |id: String| {
        let h = &h;
        async move {
            h.call_tool("get_node_details", json!({"nodeId": id, "outputFormat": "json"}))
                .await
                .json()
        }
    };
    let doc = details(by_3).await;
    assert_eq!(doc["license"], "CC BY 3.0");
    assert_eq!(doc["licenseUrl"], "https://creativecommons.org/licenses/by/3.0/deed.de");
    let line = doc["attribution"].as_str().unwrap();
    assert!(
        line.contains("Lizenz: CC BY 3.0 (https://creativecommons.org/licenses/by/3.0/deed.de), "),
        "{line}"
    );
    assert!(
        line.starts_with(&format!("„{}“ von ", doc["title"].as_str().unwrap())),
        "{line}"
    );
    assert!(line.ends_with(", via WirLernenOnline"));

    let doc = details(by_sa).await;
    assert_eq!(doc["license"], "CC BY-SA");
    assert_eq!(doc["licenseUrl"], "");
    let line = doc["attribution"].as_str().unwrap();
    assert!(line.contains("Lizenz: CC BY-SA, "), "{line}");
    assert!(!line.contains("creativecommons.org"), "no invented version: {line}");
}

/// Every answer a client can get about the recorded nodes, as raw JSON-RPC text.
async fn every_answer(h: &Harness, ids: &wlo_standin::RecordedIds) -> Vec<String> {
    let mut calls: Vec<(&str, Value)> = Vec::new();
    for format in ["markdown", "json"] {
        for filter in ["files", "both"] {
            calls.push((
                "get_collection_contents",
                json!({"nodeId": OPTIK, "contentFilter": filter, "maxResults": 50, "includeStats": true, "outputFormat": format}),
            ));
        }
        calls.push((
            "get_collection_contents",
            json!({"nodeId": OPTIK, "query": "Optik", "outputFormat": format}),
        ));
        for query in ["Optik", "Stationsarbeit zur Optik", "Lochkamera"] {
            calls.push((
                "search_wlo_content",
                json!({"query": query, "includeFacets": true, "maxResults": 20, "outputFormat": format}),
            ));
            calls.push(("search_wlo_all", json!({"query": query, "outputFormat": format})));
        }
        calls.push((
            "browse_collection_tree",
            json!({"nodeId": OPTIK, "includeCounts": true, "outputFormat": format}),
        ));
        for id in ids
            .references
            .iter()
            .chain(&ids.originals)
            .chain(&ids.sub_collections)
            .chain([&ids.collection])
        {
            calls.push((
                "get_node_details",
                json!({"nodeId": id, "includeRaw": true, "includeParents": true, "includeCollections": true,
                       "includeTextContent": true, "outputFormat": format}),
            ));
        }
        for id in ids.originals.iter().take(3) {
            calls.push(("get_related_content", json!({"nodeId": id, "outputFormat": format})));
        }
    }
    let all: Vec<&String> = ids.references.iter().chain(&ids.originals).collect();
    calls.push(("get_nodes_details", json!({"nodeIds": all[..32].to_vec()})));
    calls.push(("search", json!({"query": "Optik"})));
    for id in ids.originals.iter().chain(&ids.references) {
        calls.push(("fetch", json!({"id": id})));
    }
    let mut answers = Vec::new();
    for (tool, arguments) in calls {
        let response = h
            .server
            .rpc("tools/call", json!({"name": tool, "arguments": arguments}))
            .await;
        assert!(response["result"]["isError"] != true, "{tool} {arguments}: {response}");
        answers.push(response.to_string());
    }
    answers
}

#[tokio::test]
async fn no_editor_name_or_mail_reaches_any_answer() {
    let (h, ids) = Harness::start_optik(&[]).await;
    // The repository does send them (a full read carries the editor fields) …
    let url = format!(
        "{}/rest/node/v1/nodes/-home-/{}/metadata?propertyFilter=-all-",
        h.standin.base_url(),
        ids.references[0]
    );
    let client = crate::common::loopback_client().build().unwrap();
    let raw = client.get(&url).send().await.unwrap().text().await.unwrap();
    assert!(raw.contains(EDITOR_NAME) && raw.contains(EDITOR_MAIL), "{raw}");
    // … and no answer of any tool, in either format, with views on, passes them on.
    let answers = every_answer(&h, &ids).await;
    assert!(answers.len() > 100, "{}", answers.len());
    for answer in &answers {
        for secret in [EDITOR_NAME, EDITOR_MAIL, "Redaktionsmuster", "redaktion.example"] {
            assert!(!answer.contains(secret), "{secret} in {answer}");
        }
    }
    // The answers did show the records (the check above looked at something).
    assert!(answers.iter().any(|a| a.contains("Alexander Ubrig")));
    assert!(answers.iter().any(|a| a.contains("Stationsarbeit zur Optik")));
}

const OPEN: [&str; 4] = ["CC_0", "PDM", "CC_BY", "CC_BY_SA"];

/// The licence key the stand-in holds for a result.
fn key_of(h: &Harness, id: &str) -> String {
    h.standin
        .corpus()
        .get(id)
        .and_then(|n| n.license_key.clone())
        .unwrap_or_default()
}

/// The licence keys of the stand-in's own answer to a content search with one licence family.
async fn repository_hits(h: &Harness, query: &str, family: &str) -> Vec<String> {
    let criteria = json!([
        {"property": "ngsearchword", "values": [query]},
        {"property": "ccm:commonlicense_key", "values": [family]}
    ]);
    let answer = h.repository_search(criteria, 100).await;
    answer["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| {
            n["properties"]["ccm:commonlicense_key"][0]
                .as_str()
                .unwrap_or_default()
                .to_string()
        })
        .collect()
}

#[tokio::test]
async fn open_returns_only_open_licences_in_the_same_wave() {
    let h = Harness::start().await;
    let query = "Bruchrechnung";
    // The repository's prefix match: CC_BY also sends CC BY-NC and CC BY-ND material.
    let by_family = repository_hits(&h, query, "CC_BY").await;
    assert!(
        by_family.iter().any(|k| !OPEN.contains(&k.as_str())),
        "the case under test: {by_family:?}"
    );
    let control = h.standin.control();
    control.set_latency(40, 0);
    let mut runs = Vec::new();
    for license in [None, Some("open")] {
        control.clear_log();
        let mut args = json!({"query": query, "maxResults": 3, "outputFormat": "json"});
        if let Some(license) = license {
            args["license"] = json!(license);
        }
        let r = h.call_tool("search_wlo_content", args).await;
        assert!(!r.is_error, "{}", r.text);
        runs.push((r.json(), control.request_log()));
    }
    let (_, plain_log) = &runs[0];
    let (open, open_log) = &runs[1];
    let ids = crate::common::result_ids(open);
    assert_eq!(ids.len(), 3, "{open}");
    for id in &ids {
        assert!(OPEN.contains(&key_of(&h, id).as_str()), "{id}: {}", key_of(&h, id));
    }
    // One request per family (CC_0, PDM, CC_BY) for each variant, all in one wave.
    let searches = |log: &[wlo_standin::LogEntry]| log.iter().filter(|e| e.route == "ngsearch").count();
    assert_eq!(searches(open_log), 3 * searches(plain_log), "{open_log:?}");
    assert_eq!(wlo_standin::sequential_waves(open_log), 1, "{open_log:?}");
    assert_eq!(wlo_standin::sequential_waves(plain_log), 1);
    assert_eq!(
        open["_queryMeta"]["criteria"],
        json!([{"property": "ccm:commonlicense_key", "values": OPEN, "label": "open"}])
    );
    assert!(open["total"].as_u64().unwrap() >= 3);
}

#[tokio::test]
async fn a_wide_open_search_and_its_facets() {
    let h = Harness::start().await;
    let r = h
        .call_tool(
            "search_wlo_content",
            json!({"query": "Mathematik", "license": "open", "maxResults": 20, "includeFacets": true, "outputFormat": "json"}),
        )
        .await;
    let doc = r.json();
    let ids = crate::common::result_ids(&doc);
    assert!(ids.len() >= 10, "{doc}");
    let keys: Vec<String> = ids.iter().map(|id| key_of(&h, id)).collect();
    assert!(keys.iter().all(|k| OPEN.contains(&k.as_str())), "{keys:?}");
    assert!(
        doc["facets"]["disciplines"].as_array().is_some_and(|d| !d.is_empty()),
        "{doc}"
    );
    assert!(doc.get("warnings").is_none(), "{doc}");

    // Labels and keys, one family: exactly that licence.
    for (license, wanted) in [("CC BY-SA", "CC_BY_SA"), ("CC_BY", "CC_BY"), ("cc by-nc", "CC_BY_NC")] {
        let r = h
            .call_tool(
                "search_wlo_content",
                json!({"query": "Mathematik", "license": license, "maxResults": 10, "outputFormat": "json"}),
            )
            .await;
        let doc = r.json();
        let ids = crate::common::result_ids(&doc);
        assert!(!ids.is_empty(), "{license}: {doc}");
        assert!(ids.iter().all(|id| key_of(&h, id) == wanted), "{license}: {ids:?}");
    }
    // "cc": any Creative Commons licence.
    let doc = h
        .call_tool(
            "search_wlo_content",
            json!({"query": "Mathematik", "license": "cc", "maxResults": 20, "outputFormat": "json"}),
        )
        .await
        .json();
    for id in crate::common::result_ids(&doc) {
        assert!(key_of(&h, &id).starts_with("CC_"), "{id}");
    }
}

#[tokio::test]
async fn an_unknown_licence_is_reported_like_other_filters() {
    let h = Harness::start().await;
    let doc = h
        .call_tool(
            "search_wlo_content",
            json!({"query": "Bruchrechnung", "license": "frei verwendbar", "outputFormat": "json"}),
        )
        .await
        .json();
    assert_eq!(doc["unresolvedFilters"][0]["field"], "license", "{doc}");
    assert_eq!(doc["unresolvedFilters"][0]["value"], "frei verwendbar");
    assert!(!crate::common::result_ids(&doc).is_empty(), "dropped, not zero hits");
    let md = h
        .call_tool(
            "search_wlo_content",
            json!({"query": "Bruchrechnung", "license": "CC-XY"}),
        )
        .await;
    assert!(
        md.text
            .contains("⚠ Filter \"CC-XY\" für license nicht erkannt und ignoriert."),
        "{}",
        md.text
    );
}

#[tokio::test]
async fn collection_contents_and_the_combined_search_filter_too() {
    let (h, _) = Harness::start_optik(&[]).await;
    let listed = |license: &'static str| {
        let h = &h;
        async move {
            let doc = h
                .call_tool(
                    "get_collection_contents",
                    json!({"nodeId": OPTIK, "license": license, "maxResults": 50, "outputFormat": "json"}),
                )
                .await
                .json();
            let mut prefixes: Vec<String> = crate::common::result_ids(&doc)
                .iter()
                .map(|id| id[..8].to_string())
                .collect();
            prefixes.sort();
            prefixes
        }
    };
    assert_eq!(
        listed("open").await,
        [
            "30af1c0d", "3ecfebce", "454327ba", "ac9f3f6f", "c1c5f25d", "e4640668", "eb7de880", "f3ae3d5b"
        ]
    );
    assert_eq!(listed("CC BY-NC-SA").await, ["45cb1a2d", "b8f05049", "f1f89a13"]);

    let doc = h
        .call_tool(
            "search_wlo_all",
            json!({"query": "Optik", "license": "open", "maxContent": 20}),
        )
        .await
        .json();
    let content = doc["content"]["results"].as_array().unwrap();
    assert!(!content.is_empty(), "{doc}");
    for card in content {
        let key = key_of(&h, card["nodeId"].as_str().unwrap());
        assert!(OPEN.contains(&key.as_str()), "{card}");
    }
}
