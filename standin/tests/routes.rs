//! Route and quirk tests against a running in-process stand-in.

mod common;
use common::*;
use serde_json::{Value, json};
use wlo_standin::{Corpus, NodeKind, StandIn, StandInOptions};

async fn start() -> StandIn {
    StandIn::start(StandInOptions::default()).await.expect("start stand-in")
}

const DP: &str = "propertyFilter=cclom:title&propertyFilter=ccm:taxonid&propertyFilter=ccm:taxonid_DISPLAYNAME";

#[tokio::test]
async fn root_metadata_and_node_shape() {
    let s = start().await;
    let r = get(s.port(), &node(ROOT, "metadata", "?propertyFilter=-all-")).await;
    assert_eq!(r.status, 200);
    assert_eq!(r.header("content-type"), Some("application/json"));
    let v = r.json();
    let n = &v["node"];
    assert_eq!(
        n["ref"],
        json!({"repo": "-home-", "id": ROOT, "archived": false, "isHomeRepo": true})
    );
    assert_eq!(n["properties"]["cclom:title"][0], "Portale");
    assert_eq!(n["type"], "ccm:map");
    assert!(
        n.get("collection").is_none(),
        "metadata must not carry a collection object"
    );
    assert_eq!(n["properties"]["sys:node-uuid"][0], ROOT);
    assert!(n["properties"]["virtual:primaryparent_nodeid"][0].is_string());
    // Every property is an array of strings.
    for (_, vals) in n["properties"].as_object().unwrap() {
        assert!(vals.as_array().unwrap().iter().all(Value::is_string));
    }
}

#[tokio::test]
async fn property_filter_quirks() {
    let s = start().await;
    let id = &s.well_known().cc_with_version;
    // Repeated → exactly those keys; DISPLAYNAME only when listed.
    let v = get(
        s.port(),
        &node(id, "metadata", "?propertyFilter=cclom:title&propertyFilter=ccm:taxonid"),
    )
    .await
    .json();
    let props = v["node"]["properties"].as_object().unwrap();
    let keys: Vec<&str> = props.keys().map(String::as_str).collect();
    assert_eq!(keys, ["cclom:title", "ccm:taxonid"]);
    let v = get(s.port(), &node(id, "metadata", &format!("?{DP}"))).await.json();
    assert!(v["node"]["properties"]["ccm:taxonid_DISPLAYNAME"].is_array());
    // Comma-joined single value → empty properties.
    let v = get(
        s.port(),
        &node(id, "metadata", "?propertyFilter=cclom:title,ccm:taxonid"),
    )
    .await
    .json();
    assert_eq!(v["node"]["properties"], json!({}));
    // Percent-encoded colon works the same.
    let v = get(s.port(), &node(id, "metadata", "?propertyFilter=cclom%3Atitle"))
        .await
        .json();
    assert!(v["node"]["properties"]["cclom:title"].is_array());
    // -all- → everything, including DISPLAYNAMEs.
    let v = get(s.port(), &node(id, "metadata", "?propertyFilter=-all-"))
        .await
        .json();
    let all = v["node"]["properties"].as_object().unwrap();
    assert!(all.len() > 20, "only {} properties", all.len());
    assert!(all.contains_key("ccm:taxonid_DISPLAYNAME"));
    assert_eq!(all["ccm:commonlicense_cc_version"][0], "4.0");
    // No filter → empty map, but top-level fields are always there.
    let v = get(s.port(), &node(id, "metadata", "")).await.json();
    let n = &v["node"];
    assert_eq!(n["properties"], json!({}));
    for f in [
        "preview",
        "content",
        "mimetype",
        "size",
        "downloadUrl",
        "isPublic",
        "ref",
        "type",
        "isDirectory",
        "name",
        "title",
        "aspects",
        "parent",
    ] {
        assert!(n.get(f).is_some(), "missing top-level field {f}");
    }
    assert!(n["size"].is_string(), "size must be a string: {}", n["size"]);
    assert!(n["size"].as_str().unwrap().parse::<u64>().is_ok());
    assert!(
        n["downloadUrl"]
            .as_str()
            .unwrap()
            .starts_with(&format!("{}/eduservlet/download?nodeId=", s.base_url()))
    );
    assert_eq!(n["preview"]["url"], format!("{}/preview?nodeId={id}", s.base_url()));
    assert_eq!(n["preview"]["isIcon"], false);
}

#[tokio::test]
async fn ngsearch_matching_and_ordering() {
    let s = start().await;
    let c = s.corpus();
    let r = post(
        s.port(),
        &ng(&format!("?contentType=FILES&maxItems=500&skipCount=0&{DP}")),
        &words_body("Bruchrechnung"),
    )
    .await;
    assert_eq!(r.status, 200);
    let v = r.json();
    assert_eq!(v["facets"], json!([]));
    let hits = ids(&v);
    assert!(hits.len() >= 20);
    assert_eq!(v["pagination"]["total"].as_u64().unwrap() as usize, hits.len());
    // A deleted placeholder ranks first.
    assert!(
        c.get(&hits[0]).unwrap().is_deleted_placeholder,
        "first hit {:?}",
        c.get(&hits[0]).unwrap().title
    );
    // Expected set and order from the ground truth.
    let score = |n: &wlo_standin::NodeRecord, w: &str| -> Option<usize> {
        let t = n.title.to_lowercase().matches(w).count();
        let k: usize = n.keywords.iter().map(|k| k.to_lowercase().matches(w).count()).sum();
        let d = n.description.to_lowercase().matches(w).count();
        (t + k + d > 0).then_some(3 * t + 2 * k + d)
    };
    let mut expected: Vec<(usize, &str)> = c
        .nodes
        .iter()
        .filter(|n| n.kind == NodeKind::Content)
        .filter_map(|n| score(n, "bruchrechnung").map(|s| (s, n.id.as_str())))
        .collect();
    expected.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(b.1)));
    assert_eq!(hits, expected.iter().map(|e| e.1.to_string()).collect::<Vec<_>>());
    // Only content nodes.
    assert!(hits.iter().all(|h| c.get(h).unwrap().kind == NodeKind::Content));

    // AND semantics: a word absent from the data empties the result.
    let v = post(
        s.port(),
        &ng("?maxItems=10"),
        &words_body("Bruchrechnung Unterrichtsstundexyz"),
    )
    .await
    .json();
    assert_eq!(v["pagination"]["total"], 0);
    let both = post(s.port(), &ng("?maxItems=100"), &words_body("bruchrechnung KLASSE"))
        .await
        .json();
    assert!(ids(&both).contains(&s.well_known().bruchrechnung_klasse_6));
    // "*" = all content nodes except collection references.
    let v = post(s.port(), &ng("?maxItems=1"), &words_body("*")).await.json();
    let n_content = c
        .nodes
        .iter()
        .filter(|n| n.kind == NodeKind::Content && n.original_id.is_none())
        .count();
    assert_eq!(v["pagination"]["total"].as_u64().unwrap() as usize, n_content);
    // Pagination.
    let p = post(s.port(), &ng("?maxItems=5&skipCount=5"), &words_body("Bruchrechnung"))
        .await
        .json();
    assert_eq!(ids(&p), hits[5..10].to_vec());
    assert_eq!(p["pagination"], json!({"total": hits.len(), "from": 5, "count": 5}));
    // Synonym-relevant material exists.
    let v = post(s.port(), &ng("?maxItems=100"), &words_body("KI")).await.json();
    assert!(ids(&v).contains(&s.well_known().ki_node));
}

#[tokio::test]
async fn ngsearch_filters() {
    let s = start().await;
    let c = s.corpus();
    let port = s.port();
    let body = |criteria: Value| json!({"criteria": criteria}).to_string();
    let bio = "http://w3id.org/openeduhub/vocabs/discipline/080";
    let v = post(
        port,
        &ng("?maxItems=500&propertyFilter=ccm:taxonid"),
        &body(json!([
            {"property": "ngsearchword", "values": ["Photosynthese"]},
            {"property": "ccm:taxonid", "values": [bio]}
        ])),
    )
    .await
    .json();
    assert!(!ids(&v).is_empty());
    for n in v["nodes"].as_array().unwrap() {
        assert!(n["properties"]["ccm:taxonid"].as_array().unwrap().contains(&json!(bio)));
    }
    let v = post(
        port,
        &ng("?maxItems=500"),
        &body(json!([
            {"property": "ngsearchword", "values": ["Photosynthese"]},
            {"property": "ccm:taxonid", "values": ["http://w3id.org/openeduhub/vocabs/discipline/380"]}
        ])),
    )
    .await
    .json();
    assert_eq!(v["pagination"]["total"], 0);
    // Title: all words in the title.
    let v = post(
        port,
        &ng("?maxItems=500"),
        &body(json!([{"property": "cclom:title", "values": ["photosynthese erklärt"]}])),
    )
    .await
    .json();
    assert!(ids(&v).contains(&s.well_known().cc_without_version));
    for id in ids(&v) {
        let t = c.get(&id).unwrap().title.to_lowercase();
        assert!(t.contains("photosynthese") && t.contains("erklärt"), "{t}");
    }
    // Keyword: exact (case-insensitive) keyword.
    let v = post(
        port,
        &ng("?maxItems=500"),
        &body(json!([{"property": "cclom:general_keyword", "values": ["klasse 6", "nichtda"]}])),
    )
    .await
    .json();
    assert!(ids(&v).contains(&s.well_known().bruchrechnung_klasse_6));
    for id in ids(&v) {
        assert!(
            c.get(&id)
                .unwrap()
                .keywords
                .iter()
                .any(|k| k.eq_ignore_ascii_case("Klasse 6"))
        );
    }
    // Publisher: case-insensitive substring.
    let v = post(
        port,
        &ng("?maxItems=500&propertyFilter=ccm:oeh_publisher_combined"),
        &body(json!([{"property": "ccm:oeh_publisher_combined", "values": ["daniel jung"]}])),
    )
    .await
    .json();
    assert!(!ids(&v).is_empty());
    for n in v["nodes"].as_array().unwrap() {
        assert_eq!(n["properties"]["ccm:oeh_publisher_combined"][0], "Mathe by Daniel Jung");
    }
    // No content search is scoped to a collection.
    let bruch = &s.well_known().bruchrechnung;
    let r = post(
        port,
        &ng("?maxItems=500"),
        &body(json!([{"property": "virtual:primaryparent_nodeid", "values": [bruch]}])),
    )
    .await;
    assert_eq!(r.status, 400);
    assert_error_shape(&r.json());
    // Licence family.
    let v = post(
        port,
        &ng("?maxItems=1000"),
        &body(json!([{"property": "ccm:commonlicense_key", "values": ["CC_BY"]}])),
    )
    .await
    .json();
    for id in ids(&v) {
        let k = c.get(&id).unwrap().license_key.clone().unwrap();
        assert!(k == "CC_BY" || k.starts_with("CC_BY_"), "{k}");
    }
    let r = post(
        port,
        &ng("?maxItems=10"),
        &body(json!([{"property": "ccm:commonlicense_key", "values": ["CC_BY", "CC_0"]}])),
    )
    .await;
    assert_eq!(r.status, 400);
}

#[tokio::test]
async fn ngsearch_errors_and_facets() {
    let s = start().await;
    let port = s.port();
    let r = post(
        port,
        &ng("?maxItems=10"),
        &json!({"criteria": [
            {"property": "ngsearchword", "values": ["Bruchrechnung"]},
            {"property": "virtual:parent_recursive", "values": [ROOT]}
        ]})
        .to_string(),
    )
    .await;
    assert_eq!(r.status, 400);
    assert_error_shape(&r.json());
    let r = post(port, &ng("?maxItems=10&skipCount=10001"), &words_body("*")).await;
    assert_eq!(r.status, 500);
    assert_error_shape(&r.json());
    assert_eq!(
        post(port, &ng("?maxItems=10&skipCount=10000"), &words_body("*"))
            .await
            .status,
        200
    );
    for ct in ["FOLDERS", "COLLECTIONS"] {
        let v = post(
            port,
            &ng(&format!("?contentType={ct}&maxItems=10")),
            &words_body("Mathematik"),
        )
        .await
        .json();
        assert_eq!(v["pagination"]["total"], 0, "{ct}");
    }
    let r = post(port, &ng("?maxItems=10"), "{not json").await;
    assert_eq!(r.status, 400);
    assert_error_shape(&r.json());
    let r = post(port, &ng("?maxItems=abc"), &words_body("x")).await;
    assert_eq!(r.status, 400);
    let r = post(port, &ng("?maxItems=-1"), &words_body("x")).await;
    assert_eq!(r.status, 400);
    let r = post(
        port,
        &ng("?maxItems=1"),
        &json!({"criteria": [{"property": 5}]}).to_string(),
    )
    .await;
    assert_eq!(r.status, 400);
    let r = get(port, &ng("?maxItems=1")).await;
    assert_eq!(r.status, 405);
    assert_error_shape(&r.json());
}

/// POST an ngsearch with `facets` and optional extra body keys.
async fn facet_search(port: u16, criteria: Value, facets: Value, extra: Value) -> Value {
    let mut request = json!({"criteria": criteria, "facets": facets});
    for (key, value) in extra.as_object().into_iter().flatten() {
        request[key] = value.clone();
    }
    post(port, &ng("?maxItems=1&propertyFilter=-all-"), &request.to_string())
        .await
        .json()
}

#[tokio::test]
async fn facets_follow_the_repository_quirks() {
    let s = start().await;
    let port = s.port();
    let c = s.corpus();
    let words = json!([{"property": "ngsearchword", "values": ["Photosynthese"]}]);
    let lrt = json!([{"property": "ccm:oeh_lrt_aggregated"}, {"property": "ccm:taxonid"}]);
    let min_count = json!({"facetLimit": 20, "facetMinCount": 1});

    // Object form with facetMinCount: real buckets of exact values (no
    // labels), counted over the whole hit set, not the one-node page.
    let v = facet_search(port, words.clone(), lrt.clone(), min_count.clone()).await;
    assert_eq!(v["nodes"].as_array().unwrap().len(), 1);
    let facets = v["facets"].as_array().unwrap();
    assert_eq!(facets.len(), 2);
    assert_eq!(facets[0]["property"], "ccm:oeh_lrt_aggregated");
    let buckets = facets[1]["values"].as_array().unwrap();
    assert_eq!(buckets[0]["value"], "http://w3id.org/openeduhub/vocabs/discipline/080");
    let total = v["pagination"]["total"].as_u64().unwrap();
    assert!(total > 1);
    assert_eq!(buckets[0]["count"].as_u64().unwrap(), total);
    let lrt_sum: u64 = facets[0]["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["count"].as_u64().unwrap())
        .sum();
    assert_eq!(lrt_sum, total, "one resource type per node");

    // Without facetMinCount: every facet, zero buckets.
    let v = facet_search(port, words.clone(), lrt.clone(), json!({"facetLimit": 20})).await;
    let facets = v["facets"].as_array().unwrap();
    assert_eq!(facets.len(), 2);
    assert!(facets.iter().all(|f| f["values"] == json!([])), "{v}");
    assert!(v["pagination"]["total"].as_u64().unwrap() > 1);

    // A bare string among the facets: no facets block at all.
    for bare in [
        json!(["ccm:taxonid"]),
        json!([{"property": "ccm:oeh_lrt_aggregated"}, "ccm:taxonid"]),
    ] {
        let v = facet_search(port, words.clone(), bare, min_count.clone()).await;
        assert!(v.get("facets").is_none(), "{v}");
        assert!(v["pagination"]["total"].as_u64().unwrap() > 1);
    }
    // No facets asked for: an empty list, as before.
    let v = post(port, &ng("?maxItems=1"), &words_body("Photosynthese"))
        .await
        .json();
    assert_eq!(v["facets"], json!([]));

    // Up to 5 × facetLimit buckets; the publisher facet counts exact values,
    // the empty one included.
    let publisher = json!([{"property": "ccm:oeh_publisher_combined"}]);
    let all = json!([{"property": "ngsearchword", "values": ["*"]}]);
    let v = facet_search(
        port,
        all.clone(),
        publisher.clone(),
        json!({"facetLimit": 1, "facetMinCount": 1}),
    )
    .await;
    assert_eq!(v["facets"][0]["values"].as_array().unwrap().len(), 5);
    let v = facet_search(
        port,
        all.clone(),
        publisher.clone(),
        json!({"facetLimit": 100, "facetMinCount": 1}),
    )
    .await;
    let buckets = v["facets"][0]["values"].as_array().unwrap();
    let count_of = |value: &str| {
        c.nodes
            .iter()
            .filter(|n| n.kind == NodeKind::Content && n.original_id.is_none())
            .filter(|n| {
                n.properties
                    .get("ccm:oeh_publisher_combined")
                    .is_some_and(|p| p.iter().any(|x| x == value))
            })
            .count() as u64
    };
    assert!(buckets.len() > 10, "{buckets:?}");
    for bucket in buckets {
        let value = bucket["value"].as_str().unwrap();
        assert_eq!(bucket["count"].as_u64().unwrap(), count_of(value), "{value}");
    }
    assert!(
        buckets.iter().any(|b| b["value"] == ""),
        "the empty publisher value is a bucket"
    );
    let counts: Vec<u64> = buckets.iter().map(|b| b["count"].as_u64().unwrap()).collect();
    assert!(counts.windows(2).all(|w| w[0] >= w[1]), "{counts:?}");
    // facetMinCount drops rare values.
    let v = facet_search(
        port,
        all.clone(),
        publisher.clone(),
        json!({"facetLimit": 100, "facetMinCount": 30}),
    )
    .await;
    let buckets = v["facets"][0]["values"].as_array().unwrap();
    assert!(buckets.iter().all(|b| b["count"].as_u64().unwrap() >= 30));
    assert!(!buckets.iter().any(|b| b["value"] == ""));

    // Criteria narrow the facets like the hits.
    let astronomie =
        json!([{"property": "ccm:taxonid", "values": ["http://w3id.org/openeduhub/vocabs/discipline/46014"]}]);
    let v = facet_search(port, astronomie, publisher, min_count.clone()).await;
    let total = v["pagination"]["total"].as_u64().unwrap();
    assert!(total > 100);
    let sum: u64 = v["facets"][0]["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["count"].as_u64().unwrap())
        .sum();
    assert_eq!(sum, total);

    // A property edu-sharing cannot facet on.
    let r = post(
        port,
        &ng("?maxItems=1"),
        &json!({"criteria": all, "facets": [{"property": "ccm:commonlicense_cc_version"}], "facetMinCount": 1})
            .to_string(),
    )
    .await;
    assert_eq!(r.status, 400);
}

#[tokio::test]
async fn collection_search_takes_only_words() {
    let s = start().await;
    let r = post(
        s.port(),
        &coll("?maxItems=5"),
        &json!({"criteria": [
            {"property": "ngsearchword", "values": ["Bruchrechnung"]},
            {"property": "ccm:taxonid", "values": ["http://w3id.org/openeduhub/vocabs/discipline/380"]}
        ]})
        .to_string(),
    )
    .await;
    assert_eq!(r.status, 400);
    assert_error_shape(&r.json());
    let v = post(s.port(), &coll("?maxItems=5"), &words_body("Bruchrechnung"))
        .await
        .json();
    assert!(v["pagination"]["total"].as_u64().unwrap() > 0);
}

#[tokio::test]
async fn collection_listing_limits() {
    let s = start().await;
    let c = s.corpus();
    let wk = s.well_known();
    // More than one 100-item page of files.
    let v = get(
        s.port(),
        &node(
            &wk.large_collection,
            "children",
            "?filter=files&maxItems=100&skipCount=0",
        ),
    )
    .await
    .json();
    assert!(v["pagination"]["total"].as_u64().unwrap() > 100);
    assert_eq!(v["nodes"].as_array().unwrap().len(), 100);
    // Only sub-collections.
    let v = get(
        s.port(),
        &node(&wk.folders_only_collection, "children", "?filter=files"),
    )
    .await
    .json();
    assert_eq!(v["pagination"]["total"], 0);
    let v = get(
        s.port(),
        &node(&wk.folders_only_collection, "children", "?filter=folders"),
    )
    .await
    .json();
    let folders = v["nodes"].as_array().unwrap();
    assert_eq!(folders.len(), 2);
    assert!(folders.iter().any(|f| f["ref"]["id"] == wk.large_collection.as_str()));
    // The empty publisher value is stored as one empty string.
    let rec = c.get(&wk.empty_publisher).unwrap();
    assert_eq!(rec.properties["ccm:oeh_publisher_combined"], vec![String::new()]);
}

#[tokio::test]
async fn collection_search_excludes_portals() {
    let s = start().await;
    let c = s.corpus();
    for q in ["Mathematik", "Biologie", "Informatik", "Ökologie", "Photosynthese", "*"] {
        let v = post(
            s.port(),
            &coll(&format!("?contentType=COLLECTIONS&maxItems=1000&skipCount=0&{DP}")),
            &words_body(q),
        )
        .await
        .json();
        assert!(v["pagination"]["total"].as_u64().unwrap() > 0, "{q}");
        for n in v["nodes"].as_array().unwrap() {
            let id = n["ref"]["id"].as_str().unwrap();
            let rec = c.get(id).unwrap();
            assert_eq!(rec.kind, NodeKind::Collection, "{q}: {}", rec.title);
            assert_ne!(rec.parent_id.as_deref(), Some(ROOT));
            let col = &n["collection"];
            assert_eq!(col["title"], rec.title.as_str());
            assert_eq!(col["fromUser"], false);
            let subs = c.children(id).iter().filter(|x| x.kind == NodeKind::Collection).count();
            let refs = c
                .children(id)
                .iter()
                .filter(|x| x.kind == NodeKind::Content && !x.index_only)
                .count();
            assert_eq!(col["childCollectionsCount"].as_u64().unwrap() as usize, subs);
            assert_eq!(col["childReferencesCount"].as_u64().unwrap() as usize, refs);
        }
    }
    // The topic collection itself ranks first for its own name.
    let v = post(s.port(), &coll("?maxItems=3"), &words_body("Bruchrechnung"))
        .await
        .json();
    assert_eq!(ids(&v)[0], s.well_known().bruchrechnung);
    // Config folders and variants never show up.
    let v = post(s.port(), &coll("?maxItems=1000"), &words_body("PAGE_VARIANT"))
        .await
        .json();
    assert_eq!(v["pagination"]["total"], 0);
}

#[tokio::test]
async fn page_variant_search() {
    let s = start().await;
    let c = s.corpus();
    let wk = s.well_known();
    let props = "propertyFilter=cclom:title&propertyFilter=virtual:primaryparent_nodeid&propertyFilter=ccm:page_variant_is_template";
    let body = |crit: Value| json!({"criteria": crit}).to_string();
    let v = post(
        s.port(),
        &pv(&format!("?contentType=ALL&maxItems=300&skipCount=0&{props}")),
        &body(json!([{"property": "ccm:page_variant_is_template", "values": ["false"]}])),
    )
    .await
    .json();
    let all_non_template: Vec<_> = c
        .nodes
        .iter()
        .filter(|n| n.kind == NodeKind::Variant && n.prop("ccm:page_variant_is_template") == Some("false"))
        .collect();
    assert_eq!(ids(&v).len(), all_non_template.len());
    for n in v["nodes"].as_array().unwrap() {
        let id = n["ref"]["id"].as_str().unwrap();
        let rec = c.get(id).unwrap();
        assert_eq!(rec.kind, NodeKind::Variant);
        let folder = n["properties"]["virtual:primaryparent_nodeid"][0].as_str().unwrap();
        assert_eq!(c.get(folder).unwrap().kind, NodeKind::ConfigFolder);
        assert!(n["name"].as_str().unwrap().starts_with("PAGE_VARIANT_"));
    }
    assert!(ids(&v).contains(&wk.teacher_variant));
    assert!(!ids(&v).contains(&wk.template_variant));
    let v = post(
        s.port(),
        &pv("?maxItems=300"),
        &body(json!([{"property": "ccm:page_variant_is_template", "values": ["true"]}])),
    )
    .await
    .json();
    assert!(ids(&v).contains(&wk.template_variant));
    // Scoped to a subtree.
    let v = post(
        s.port(),
        &pv("?maxItems=300"),
        &body(json!([
            {"property": "ccm:page_variant_is_template", "values": ["false"]},
            {"property": "virtual:parent_recursive", "values": [wk.portal_with_topic_page]}
        ])),
    )
    .await
    .json();
    let got = ids(&v);
    assert!(got.contains(&wk.teacher_variant) && got.contains(&wk.learner_variant));
    assert!(got.iter().all(|id| c.is_descendant_of(id, &wk.portal_with_topic_page)));
    let r = post(
        s.port(),
        &pv("?maxItems=300"),
        &body(json!([{"property": "virtual:parent_recursive", "values": [ROOT, wk.big_portal]}])),
    )
    .await;
    assert_eq!(r.status, 400);
    assert_error_shape(&r.json());
    let v = post(s.port(), &pv("?maxItems=300"), &words_body("Mathematik"))
        .await
        .json();
    assert_eq!(v["pagination"]["total"], 0);
}

#[tokio::test]
async fn children_listing() {
    let s = start().await;
    let c = s.corpus();
    let wk = s.well_known();
    let v = get(
        s.port(),
        &node(
            ROOT,
            "children",
            &format!("?filter=folders&maxItems=100&skipCount=0&{DP}&propertyFilter=ccm:page_config_ref"),
        ),
    )
    .await
    .json();
    let titles: Vec<String> = v["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["properties"]["cclom:title"][0].as_str().unwrap().to_string())
        .collect();
    assert!(titles.len() >= 10);
    assert_eq!(v["pagination"]["total"].as_u64().unwrap() as usize, titles.len());
    let mut sorted = titles.clone();
    sorted.sort();
    assert_ne!(titles, sorted, "repository order must not be alphabetical");
    assert!(titles.iter().any(|t| t.starts_with('Ö')));
    assert!(
        v["nodes"]
            .as_array()
            .unwrap()
            .iter()
            .any(|n| n["properties"]["ccm:page_config_ref"].is_array())
    );
    // The portal with a topic page lists its config folder among its folders.
    let v = get(
        s.port(),
        &node(
            &wk.portal_with_topic_page,
            "children",
            "?filter=folders&maxItems=100&propertyFilter=cm:name",
        ),
    )
    .await
    .json();
    let names: Vec<&str> = v["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["name"].as_str().unwrap())
        .collect();
    assert!(names.iter().any(|n| n.starts_with("PAGE_CONFIG_")));
    assert!(names.len() >= 12);
    // Big portal: > 150 level-2 nodes.
    let mut level2 = 0;
    for l1 in c.children(&wk.big_portal) {
        level2 += c
            .children(&l1.id)
            .iter()
            .filter(|n| n.kind != NodeKind::Content)
            .count();
    }
    assert!(level2 > 150, "{level2}");
    // files: pagination.total is the full count.
    let bruch = &wk.bruchrechnung;
    let v = get(
        s.port(),
        &node(bruch, "children", "?filter=files&maxItems=1&skipCount=0"),
    )
    .await
    .json();
    let files = c
        .children(bruch)
        .iter()
        .filter(|n| n.kind == NodeKind::Content && n.is_public && !n.index_only)
        .count();
    assert_eq!(v["pagination"]["total"].as_u64().unwrap() as usize, files);
    assert_eq!(v["pagination"]["count"], 1);
    assert!(files > 10);
    // No filter → folders and files.
    let v = get(s.port(), &node(bruch, "children", "?maxItems=500")).await.json();
    let kinds: Vec<bool> = v["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["type"] == "ccm:io")
        .collect();
    assert!(kinds.contains(&true) && kinds.contains(&false));
    assert!(kinds.windows(2).all(|w| !w[0] || w[1]), "folders first, then files");
    // Config folder children are the variants.
    let v = get(
        s.port(),
        &node(
            &wk.two_variant_config_folder,
            "children",
            "?filter=folders&maxItems=50&propertyFilter=ccm:page_variant_is_template",
        ),
    )
    .await
    .json();
    assert!(ids(&v).contains(&wk.teacher_variant) && ids(&v).contains(&wk.template_variant));
    // Unknown node → 404.
    let r = get(s.port(), &node("00000000-0000-4000-8000-000000000000", "children", "")).await;
    assert_eq!(r.status, 404);
    assert_error_shape(&r.json());
}

#[tokio::test]
async fn metadata_errors() {
    let s = start().await;
    let wk = s.well_known();
    let r = get(
        s.port(),
        &node(
            "00000000-0000-4000-8000-000000000000",
            "metadata",
            "?propertyFilter=-all-",
        ),
    )
    .await;
    assert_eq!(r.status, 404);
    assert_error_shape(&r.json());
    assert_eq!(r.json()["error"], "org.edu_sharing.restservices.DAOMissingException");
    let r = get(s.port(), &node(&wk.forbidden_node, "metadata", "?propertyFilter=-all-")).await;
    assert_eq!(r.status, 403);
    assert_error_shape(&r.json());
    assert_eq!(
        get(s.port(), &node(&wk.index_only_node, "metadata", "")).await.status,
        404
    );
    assert_eq!(
        get(s.port(), &node(&wk.dangling_variant_id, "metadata", ""))
            .await
            .status,
        404
    );
    // Config folders are readable.
    let v = get(
        s.port(),
        &node(
            &wk.active_config_folder,
            "metadata",
            "?propertyFilter=virtual:primaryparent_nodeid&propertyFilter=ccm:page_config",
        ),
    )
    .await
    .json();
    assert_eq!(
        v["node"]["properties"]["virtual:primaryparent_nodeid"][0],
        wk.two_config_collection.as_str()
    );
    let cfg: Value = serde_json::from_str(v["node"]["properties"]["ccm:page_config"][0].as_str().unwrap()).unwrap();
    assert!(
        cfg["variants"][0]
            .as_str()
            .unwrap()
            .starts_with("workspace://SpacesStore/")
    );
    // Forbidden node still shows up in search with isPublic:false.
    let v = post(s.port(), &ng("?maxItems=50"), &words_body("Genetik Klausur"))
        .await
        .json();
    let hit = v["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|n| n["ref"]["id"] == wk.forbidden_node.as_str())
        .cloned()
        .unwrap();
    assert_eq!(hit["isPublic"], false);
    // Index-only node is found by search.
    let v = post(s.port(), &ng("?maxItems=100"), &words_body("Photosynthese Archiv"))
        .await
        .json();
    assert!(ids(&v).contains(&wk.index_only_node));
    // Malformed id encoding and unknown routes → 400/404 ErrorResponse.
    let r = get(s.port(), &node("%zz", "metadata", "")).await;
    assert_eq!(r.status, 400);
    assert_error_shape(&r.json());
    let r = get(s.port(), "/edu-sharing/rest/nope").await;
    assert_eq!(r.status, 404);
    assert_error_shape(&r.json());
    let r = get(s.port(), &node(ROOT, "metadata", "?propertyFilter=%ff")).await;
    assert_eq!(r.status, 400);
}

#[tokio::test]
async fn parents_chain_and_500s() {
    let s = start().await;
    let wk = s.well_known();
    let v = get(s.port(), &node(&wk.bruchrechnung, "parents", "?propertyFilter=-all-"))
        .await
        .json();
    let titles: Vec<&str> = v["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["properties"]["cclom:title"][0].as_str().unwrap())
        .collect();
    assert_eq!(titles, ["Bruchrechnung", "Mathematik", "Portale"]);
    assert_eq!(v["pagination"]["total"], 3);
    assert!(v["scope"].is_string());
    // Content (`ccm:io`): 200 without a chain.
    let v = get(s.port(), &node(&wk.cc_with_version, "parents", "?propertyFilter=-all-"))
        .await
        .json();
    assert_eq!(v["nodes"], json!([]));
    assert_eq!(v["pagination"]["total"], 0);
    for id in [&wk.active_config_folder, &wk.teacher_variant] {
        let r = get(s.port(), &node(id, "parents", "?propertyFilter=-all-")).await;
        assert_eq!(r.status, 500, "{id}");
        let e = r.json();
        assert_error_shape(&e);
        assert!(e["error"].as_str().unwrap().contains("AccessDeniedException"));
    }
}

#[tokio::test]
async fn text_content() {
    let s = start().await;
    let wk = s.well_known();
    let v = get(s.port(), &node(&wk.text_content, "textContent", "")).await.json();
    assert!(v["text"].as_str().unwrap().len() > 50);
    assert_eq!(v["text"], v["content"]);
    let v = get(s.port(), &node(&wk.long_text, "textContent", "")).await.json();
    assert!(v["text"].as_str().unwrap().chars().count() > 5000);
    let r = get(s.port(), &node(&wk.text_content_forbidden, "textContent", "")).await;
    assert_eq!(r.status, 403);
    assert_error_shape(&r.json());
    assert_eq!(
        get(
            s.port(),
            &node("00000000-0000-4000-8000-000000000000", "textContent", "")
        )
        .await
        .status,
        404
    );
    let v = get(s.port(), &node(&wk.bruchrechnung, "textContent", "")).await.json();
    assert!(v["text"].is_null());
}

#[tokio::test]
async fn well_known_and_corpus_shape() {
    let c = Corpus::generate(wlo_standin::DEFAULT_SEED);
    let wk = &c.well_known;
    let wk_json = serde_json::to_value(wk).unwrap();
    for (k, v) in wk_json.as_object().unwrap() {
        if let Some(id) = v.as_str() {
            assert!(!id.is_empty(), "{k} empty");
            if k == "danglingVariantId" {
                assert!(c.get(id).is_none());
            } else {
                assert!(c.get(id).is_some(), "{k} not in corpus");
            }
        }
    }
    let counts = c.counts();
    assert!(counts.portals >= 10);
    assert!(counts.content >= 300, "{counts:?}");
    assert!(
        c.portals()
            .iter()
            .filter(|p| (12..=16).contains(&c.children(&p.id).len()))
            .count()
            >= 2
    );
    assert!(c.portals().iter().any(|p| p.educational_contexts.is_empty()));
    let g = |id: &str| c.get(id).unwrap();
    assert_eq!(g(&wk.cc_with_version).prop("ccm:commonlicense_cc_version"), Some("4.0"));
    assert!(
        g(&wk.cc_without_version)
            .prop("ccm:commonlicense_key")
            .unwrap()
            .starts_with("CC_")
    );
    assert!(g(&wk.cc_without_version).prop("ccm:commonlicense_cc_version").is_none());
    assert_eq!(g(&wk.unknown_license).prop("ccm:commonlicense_key"), Some("CUSTOM_XYZ"));
    assert!(g(&wk.no_license).prop("ccm:commonlicense_key").is_none());
    assert_eq!(g(&wk.non_cc_license).prop("ccm:commonlicense_key"), Some("PDM"));
    assert!(
        g(&wk.hochschul_disciplines).properties["ccm:taxonid_DISPLAYNAME"]
            .contains(&"Studienbereich Informatik".to_string())
    );
    assert!(
        g(&wk.vocab_root_uris).properties["ccm:taxonid"]
            .contains(&"http://w3id.org/openeduhub/vocabs/discipline/".to_string())
    );
    assert!(
        g(&wk.no_displayname)
            .properties
            .keys()
            .all(|k| !k.ends_with("_DISPLAYNAME"))
    );
    assert!(g(&wk.no_displayname).properties.contains_key("ccm:taxonid"));
    assert!(g(&wk.hostile_title).title.contains("\n## "));
    assert!(
        g(&wk.javascript_url)
            .prop("ccm:wwwurl")
            .unwrap()
            .starts_with("javascript:")
    );
    assert!(!g(&wk.content_url_only).properties.contains_key("ccm:wwwurl") && g(&wk.content_url_only).has_content_url);
    assert_eq!(g(&wk.deleted_placeholder).title, "Element wurde gelöscht");
    assert_eq!(g(&wk.deleted_placeholder_en).description, "Element was removed");
    assert!(!g(&wk.forbidden_node).is_public);
    // Topic pages.
    assert!(g(&wk.placeholder_title_variant).title.starts_with("PAGE_VARIANT_"));
    assert_eq!(
        g(&wk.template_variant).prop("ccm:page_variant_is_template"),
        Some("true")
    );
    assert_eq!(
        g(&wk.broken_config_variant).prop("ccm:page_variant_config"),
        Some("{not json")
    );
    assert!(
        g(&wk.uri_target_group_variant)
            .prop("ccm:page_variant_profiling_target_group")
            .unwrap()
            .starts_with("ccrep://")
    );
    let tp = c
        .topic_pages
        .iter()
        .find(|t| t.collection_id == wk.two_variant_collection)
        .unwrap();
    assert_eq!(tp.default_variant.as_deref(), Some(wk.teacher_variant.as_str()));
    assert_eq!(
        tp.page_config_variants,
        vec![wk.teacher_variant.clone(), wk.learner_variant.clone()]
    );
    let tp = c
        .topic_pages
        .iter()
        .find(|t| t.collection_id == wk.two_config_collection)
        .unwrap();
    assert_eq!(tp.stale_config_folder_ids, vec![wk.stale_config_folder.clone()]);
    assert_eq!(
        g(&wk.stale_variant).parent_id.as_deref(),
        Some(wk.stale_config_folder.as_str())
    );
    assert_eq!(
        g(&wk.two_config_collection).prop("ccm:page_config_ref"),
        Some(format!("workspace://SpacesStore/{}", wk.active_config_folder).as_str())
    );
    let tp = c
        .topic_pages
        .iter()
        .find(|t| t.collection_id == wk.dangling_collection)
        .unwrap();
    assert!(tp.page_config_variants.contains(&wk.dangling_variant_id));
    // Portals with topic pages exist, and config folders are named distinctly.
    assert!(
        c.portals()
            .iter()
            .filter(|p| p.properties.contains_key("ccm:page_config_ref"))
            .count()
            >= 3
    );
    assert!(
        c.nodes
            .iter()
            .filter(|n| n.kind == NodeKind::ConfigFolder)
            .all(|n| n.name.starts_with("PAGE_CONFIG_"))
    );
    // Ground truth round trip.
    let back = Corpus::from_json(&c.to_json()).unwrap();
    assert_eq!(back.to_json(), c.to_json());
    assert_eq!(back.children(ROOT).len(), c.children(ROOT).len());
}

fn usages_path(id: &str) -> String {
    format!("/edu-sharing/rest/usage/v1/usages/node/{id}/collections")
}

#[tokio::test]
async fn references_and_usages() {
    let s = start().await;
    let ids = s.well_known().listings.clone();
    // A reference: aspect, originalId, ccm:original → original, primary parent = collection.
    let v = get(s.port(), &node(&ids.reference, "metadata", "?propertyFilter=-all-"))
        .await
        .json();
    let n = &v["node"];
    assert_eq!(n["originalId"], ids.referenced_original.as_str());
    assert!(
        n["aspects"]
            .as_array()
            .unwrap()
            .contains(&json!("ccm:collection_io_reference"))
    );
    assert_eq!(n["properties"]["ccm:original"][0], ids.referenced_original.as_str());
    assert_eq!(
        n["properties"]["virtual:primaryparent_nodeid"][0],
        ids.reference_collection.as_str()
    );
    // The original: ccm:original is itself, no originalId.
    let v = get(
        s.port(),
        &node(&ids.referenced_original, "metadata", "?propertyFilter=-all-"),
    )
    .await
    .json();
    assert!(v["node"].get("originalId").is_none());
    assert_eq!(
        v["node"]["properties"]["ccm:original"][0],
        ids.referenced_original.as_str()
    );
    // The collection's file children are references.
    let v = get(s.port(), &node(&ids.reference_collection, "children", "?filter=files"))
        .await
        .json();
    let children = v["nodes"].as_array().unwrap();
    assert_eq!(children.len(), 5);
    assert!(children.iter().all(|c| c["originalId"].is_string()));

    // E9: a bare array; the original's includes a non-ACTIVE entry.
    let r = get(s.port(), &usages_path(&ids.referenced_original)).await;
    assert_eq!(r.status, 200);
    let list = r.json();
    let list = list.as_array().expect("a bare array");
    assert_eq!(list.len(), 3);
    let kinds: Vec<&str> = list
        .iter()
        .map(|u| u["collectionUsageType"].as_str().unwrap())
        .collect();
    assert_eq!(kinds.iter().filter(|k| **k == "ACTIVE").count(), 2, "{kinds:?}");
    assert!(list.iter().all(|u| u["collection"]["type"] == "ccm:map"));
    assert!(
        list.iter()
            .any(|u| u["collection"]["ref"]["id"] == ids.reference_collection.as_str())
    );
    for id in [&ids.reference, &ids.unlisted_original, &ids.reference_collection] {
        let r = get(s.port(), &usages_path(id)).await;
        assert_eq!((r.status, r.json()), (200, json!([])), "{id}");
    }
    let r = get(s.port(), &usages_path("00000000-0000-4000-8000-000000000000")).await;
    assert_eq!(r.status, 500);
    assert_error_shape(&r.json());
    assert_eq!(s.control().stats().route("usages"), 5);

    // References are not in the search index.
    let body = json!({"criteria": [{"property": "ngsearchword", "values": ["*"]}]}).to_string();
    let v = post(
        s.port(),
        "/edu-sharing/rest/search/v1/queries/-home-/mds_oeh/ngsearch?maxItems=10000",
        &body,
    )
    .await
    .json();
    let hits = v["nodes"].as_array().unwrap();
    assert!(hits.iter().all(|h| h.get("originalId").is_none()));
    assert!(hits.iter().any(|h| h["ref"]["id"] == ids.referenced_original.as_str()));
}

#[tokio::test]
async fn preview_images_are_pngs_outside_the_log() {
    let s = start().await;
    let id = &s.well_known().cc_with_version;
    let r = get(s.port(), &format!("/edu-sharing/preview?nodeId={id}")).await;
    assert_eq!(r.status, 200);
    assert_eq!(r.header("content-type"), Some("image/png"));
    assert_eq!(&r.body[..8], b"\x89PNG\r\n\x1a\n");
    assert_eq!(r.body, wlo_standin::preview::png(id));
    let other = get(s.port(), "/edu-sharing/preview?nodeId=other").await;
    assert_ne!(other.body, r.body);
    assert_eq!(get(s.port(), "/edu-sharing/preview").await.status, 404);
    assert_eq!(s.control().stats().total_requests, 0, "previews are not upstream reads");
}
