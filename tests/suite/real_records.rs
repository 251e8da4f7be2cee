//! WLO's recorded collection "Optik" through the real tools (MCP over HTTP):
//! the stand-in serves the recorded answers (`tests/fixtures/edu-sharing/
//! real-wlo/`, `wlo_standin::recorded`), and every card must show them
//! right: entities decoded, learning-resource types from the fine
//! vocabulary when the record has no aggregated ones, titles trimmed,
//! `mimetype: null` as "", the non-CC licences labelled, and three
//! materials of the same title kept apart.

use serde_json::{Value, json};

use crate::common::optik::{OPTIK, reference};
use crate::common::{Harness, card};

#[tokio::test]
async fn the_collection_lists_every_recorded_material_rendered_right() {
    let (h, ids) = Harness::start_optik(&[]).await;
    let r = h
        .call_tool(
            "get_collection_contents",
            json!({"nodeId": OPTIK, "maxResults": 50, "outputFormat": "json"}),
        )
        .await;
    assert!(!r.is_error, "{}", r.text);
    let doc = r.json();
    assert_eq!(doc["total"], 16);
    let listed: Vec<&str> = doc["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["nodeId"].as_str().unwrap())
        .collect();
    assert_eq!(
        listed,
        ids.references.iter().map(String::as_str).collect::<Vec<_>>(),
        "recorded order"
    );

    // The entity is decoded; nothing of it is left anywhere in the answer.
    let phaenomen = card(&doc, &reference("fab5617f"));
    assert!(
        phaenomen["keywords"]
            .as_array()
            .unwrap()
            .iter()
            .any(|k| k == "Phänomen"),
        "{phaenomen}"
    );
    assert!(!r.text.contains("&auml;"), "an entity reached the answer");

    // No aggregated type on any record: the fine types show, as labels.
    for material in doc["results"].as_array().unwrap() {
        let types = material["learningResourceTypes"].as_array().unwrap();
        assert!(!types.is_empty(), "no Ressourcentyp: {material}");
        assert!(types.iter().all(|t| !t.as_str().unwrap().contains("://")), "{types:?}");
    }
    assert_eq!(
        card(&doc, &reference("93330f20"))["learningResourceTypes"],
        json!(["Video (Material)", "Erklärvideo und gefilmtes Experiment"])
    );

    // A trailing blank is trimmed; mimetype null is "".
    let course = card(&doc, &reference("ac9f3f6f"));
    assert_eq!(course["title"], "Kurs Grundlagen der Optik");
    assert_eq!(course["mimeType"], "");
    assert_eq!(card(&doc, &reference("f1f89a13"))["mimeType"], "text/plain");

    // Licences without a CC family keep their own labels.
    assert_eq!(card(&doc, &reference("11e4a379"))["license"], "Individuelle Lizenz");
    assert_eq!(
        card(&doc, &reference("e99949a2"))["license"],
        "Copyright, freier Zugang"
    );
    assert_eq!(card(&doc, &reference("f1f89a13"))["license"], "CC BY-NC-SA 3.0");
    assert_eq!(card(&doc, &reference("f3ae3d5b"))["license"], "CC 0");

    // Three materials of one title stay three cards with their own URLs.
    let same: Vec<&Value> = doc["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["title"] == "Stationsarbeit zur Optik")
        .collect();
    assert_eq!(same.len(), 3);
    let mut urls: Vec<&str> = same.iter().map(|c| c["url"].as_str().unwrap()).collect();
    urls.sort();
    urls.dedup();
    assert_eq!(urls.len(), 3, "{urls:?}");

    // Markdown: the same, in the card lines.
    let md = h
        .call_tool("get_collection_contents", json!({"nodeId": OPTIK, "maxResults": 50}))
        .await;
    assert!(md.text.contains("Schlagworte: Didaktik, Physik, Optik"), "{}", md.text);
    assert!(md.text.contains("Phänomen, Spielzeug"));
    assert!(md.text.contains("## Kurs Grundlagen der Optik\n"));
    assert!(
        md.text
            .contains("Ressourcentyp: Video (Material), Erklärvideo und gefilmtes Experiment")
    );
    assert_eq!(md.text.matches("## Stationsarbeit zur Optik\n").count(), 3);
    assert!(!md.text.contains("&auml;"));
}

#[tokio::test]
async fn node_details_and_search_show_the_same() {
    let (h, ids) = Harness::start_optik(&[]).await;
    let reference = reference("fab5617f");
    let r = h
        .call_tool(
            "get_node_details",
            json!({"nodeId": reference, "includeRaw": true, "outputFormat": "json"}),
        )
        .await;
    let doc = r.json();
    assert_eq!(doc["title"], "Phänomenbasierter Anfangsunterricht Optik");
    assert!(doc["keywords"].as_array().unwrap().iter().any(|k| k == "Phänomen"));
    assert_eq!(
        doc["learningResourceTypes"],
        json!([
            "Arbeitsblatt",
            "Experiment (Lehr- und Lernmaterial)",
            "Unterrichtseinheit und -sequenz",
            "Pädagogische Methode, Konzept"
        ])
    );
    let raw = doc["raw"]["learningResourceTypes"].as_array().unwrap();
    assert_eq!(raw.len(), 4);
    assert!(raw.iter().all(|u| u.as_str().unwrap().contains("/new_lrt/")), "{raw:?}");
    assert_eq!(doc["license"], "Copyright, freier Zugang");

    let md = h.call_tool("get_node_details", json!({"nodeId": reference})).await;
    assert!(
        md.text
            .contains("Ressourcentyp: Arbeitsblatt, Experiment (Lehr- und Lernmaterial)")
    );
    assert!(md.text.contains("Phänomen") && !md.text.contains("&auml;"));

    // Search finds the originals (references are not indexed) and shows the same card.
    let r = h
        .call_tool(
            "search_wlo_content",
            json!({"query": "Anfangsunterricht Optik", "outputFormat": "json"}),
        )
        .await;
    let doc = r.json();
    let original = &ids.originals[ids.references.iter().position(|id| *id == reference).unwrap()];
    let hit = card(&doc, original);
    assert!(hit["keywords"].as_array().unwrap().iter().any(|k| k == "Phänomen"));
    assert_eq!(hit["learningResourceTypes"][0], "Arbeitsblatt");
}

#[tokio::test]
async fn the_type_filter_of_a_listing_reads_the_fine_types() {
    let (h, ids) = Harness::start_optik(&[]).await;
    let r = h
        .call_tool(
            "get_collection_contents",
            json!({"nodeId": OPTIK, "learningResourceType": "Video", "outputFormat": "json"}),
        )
        .await;
    let doc = r.json();
    let video = reference("93330f20");
    assert_eq!(crate::common::result_ids(&doc), std::slice::from_ref(&video), "{doc}");
    assert!(ids.references.contains(&video));
}
