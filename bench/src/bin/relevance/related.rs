//! The related-material set: `get_related_content` judged against the
//! corpus's ground truth ("related" = another material of the seed's topic
//! collection; the seeds are chosen by rule in `wlo_standin::judged`).
//!
//! Precision@5 = related materials among the first five answers / 5. The
//! main set holds only seeds with at least five eligible related materials,
//! so 1.0 is reachable on every seed; the sample set (every tenth material)
//! is reported beside the best any answer could reach on it.

use serde_json::json;
use wlo_standin::judged::{RelatedCase, related_main_set, related_sample_set};
use wlo_standin::{Control, Corpus};

use crate::client::call_json;
use crate::judge::mean;

const K: usize = 5;

/// The figures of one seed set.
pub(crate) struct SetFigures {
    pub(crate) name: &'static str,
    pub(crate) seeds: usize,
    pub(crate) precision: f64,
    pub(crate) best_possible: f64,
    pub(crate) empty: usize,
    pub(crate) requests: f64,
    pub(crate) waves: f64,
    pub(crate) max_waves: usize,
    pub(crate) failures: Vec<String>,
}

/// Runs both seed sets against the server on `port`.
pub(crate) async fn measure(port: u16, corpus: &Corpus, control: &Control) -> Vec<SetFigures> {
    let mut sets = Vec::new();
    for (name, cases) in [
        ("main", related_main_set(corpus)),
        ("sample", related_sample_set(corpus)),
    ] {
        sets.push(measure_set(name, &cases, port, control).await);
    }
    sets
}

async fn measure_set(name: &'static str, cases: &[RelatedCase], port: u16, control: &Control) -> SetFigures {
    let mut precisions = Vec::new();
    let mut requests = Vec::new();
    let mut waves = Vec::new();
    let mut failures = Vec::new();
    let mut empty = 0;
    for case in cases {
        control.clear_log();
        let hits = match related(port, &case.seed).await {
            Ok(ids) => ids,
            Err(e) => {
                failures.push(format!("{} „{}“: {e}", case.seed, case.seed_title));
                Vec::new()
            }
        };
        let log = control.request_log();
        if hits.is_empty() {
            empty += 1;
        }
        let related = hits.iter().take(K).filter(|id| case.is_related(id)).count();
        precisions.push(related as f64 / K as f64);
        requests.push(log.len());
        waves.push(wlo_standin::sequential_waves(&log));
    }
    SetFigures {
        name,
        seeds: cases.len(),
        precision: mean(precisions.iter().copied()),
        best_possible: mean(cases.iter().map(|c| c.ideal(K) as f64 / K as f64)),
        empty,
        requests: mean(requests.iter().map(|r| *r as f64)),
        waves: mean(waves.iter().map(|w| *w as f64)),
        max_waves: waves.iter().copied().max().unwrap_or(0),
        failures,
    }
}

/// `get_related_content` (JSON, five results) over MCP: the result ids in order.
async fn related(port: u16, seed: &str) -> Result<Vec<String>, String> {
    let arguments = json!({"nodeId": seed, "maxResults": K, "outputFormat": "json"});
    let doc = call_json(port, "get_related_content", arguments).await?;
    Ok(doc["results"]
        .as_array()
        .map(|r| {
            r.iter()
                .filter_map(|n| n["nodeId"].as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default())
}

/// The report section.
pub(crate) fn report(sets: &[SetFigures]) -> String {
    let mut out = String::from("\n## Related material (`get_related_content`)\n\n");
    out.push_str(
        "Seeds chosen by rule from the ground truth (`standin/src/judged.rs`, written before any tuning): \
         the **main** set is every readable material whose topic collection holds at least five other \
         materials sharing its discipline and level (the constraints the tool puts on every answer); the \
         **sample** set is every tenth material, whatever its collection. Related = another material of \
         the seed's topic collection. `get_related_content` (JSON, `maxResults` 5) over MCP/HTTP.\n\n",
    );
    out.push_str(
        "| set | seeds | precision@5 | best possible | empty answers | requests / call | waves / call (max) |\n",
    );
    out.push_str("|---|---:|---:|---:|---:|---:|---|\n");
    for s in sets {
        out.push_str(&format!(
            "| {} | {} | {:.3} | {:.3} | {} | {:.2} | {:.2} ({}) |\n",
            s.name, s.seeds, s.precision, s.best_possible, s.empty, s.requests, s.waves, s.max_waves
        ));
    }
    if let Some(main) = sets.iter().find(|s| s.name == "main") {
        let met = if main.precision >= 0.8 { "met" } else { "**missed**" };
        out.push_str(&format!("\nTarget: precision@5 ≥ 0.8 on the main set — {met}.\n"));
    }
    let failures: Vec<&String> = sets.iter().flat_map(|s| &s.failures).collect();
    if !failures.is_empty() {
        out.push_str("\nFailed calls:\n\n");
        for f in failures {
            out.push_str(&format!("* {f}\n"));
        }
    }
    out
}
