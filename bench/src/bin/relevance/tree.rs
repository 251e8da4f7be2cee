//! The real-tree collection sets: `search_wlo_collections` (JSON,
//! `maxResults` 5) through the real server, against a stand-in serving WLO's
//! 2023 collection tree (`--corpus wlo-2023`), judged by the hand-graded sets
//! of `bench/data/tree-collections/` (format and metrics:
//! `wlo_bench::tree_sets`).
//!
//! Every query runs twice: with the stand-in's keyword search matching whole
//! words (the headline: how WLO's index matches is not documented, and the
//! search must not depend on a lenient one) and matching substrings
//! (informational). Requests and waves come from the stand-in's request log
//! (cache off, so every query starts cold).

use std::path::Path;
use std::time::Duration;

use serde_json::json;
use wlo_bench::tree_sets::{self, K, QueryScore, SetFile, TreeQuery};
use wlo_standin::{Control, Corpus, CorpusKind, MatchMode, StandIn, StandInOptions};

use crate::LATENCY_MS;
use crate::client::{call_json, spawn_server};
use crate::judge::mean;

/// The section's heading (the report splices by it).
const HEADING: &str = "## Real-tree collection search (`search_wlo_collections`)";

/// What one call answered.
struct Answer {
    ids: Vec<String>,
    titles: Vec<String>,
    /// `_queryMeta.queryType`, and the `relaxedQuery` if the answer has one.
    how: String,
    requests: usize,
    waves: usize,
}

struct Row {
    score: QueryScore,
    answer: Answer,
}

/// The rows of every set, in set order, for one match mode.
type Run = Vec<Vec<Row>>;

/// Runs the sets of `dir` in both match modes and returns the report
/// section; `Err` when the sets cannot be read or name ids the tree lacks,
/// or nothing starts.
pub(crate) async fn report(
    server_bin: Option<&Path>,
    dir: &Path,
    failures: &mut Vec<String>,
) -> Result<String, String> {
    let sets = tree_sets::load(dir)?;
    let options = StandInOptions {
        corpus: CorpusKind::Wlo2023,
        ..StandInOptions::default()
    };
    let standin = StandIn::start(options)
        .await
        .map_err(|e| format!("stand-in does not start: {e}"))?;
    let tree = standin.corpus();
    let mut warnings = Vec::new();
    for set in &sets {
        warnings.extend(tree_sets::check(set, tree)?);
    }
    for w in &warnings {
        eprintln!("warning: {w}");
    }
    let server = spawn_server(server_bin, &standin.base_url())?;
    let control = standin.control();
    control.set_latency(LATENCY_MS, 0);
    let mut runs = Vec::new();
    for mode in [MatchMode::WholeWord, MatchMode::Substring] {
        control.set_match_mode(mode);
        let mut run = Vec::new();
        for set in &sets {
            let mut rows = Vec::new();
            for q in &set.queries {
                let answer = ask(server.port, &control, q, mode, failures).await;
                rows.push(Row {
                    score: q.score(&answer.ids, tree),
                    answer,
                });
            }
            run.push(rows);
        }
        runs.push(run);
    }
    // The committed sets by their path in the repository, others as given.
    let source = if dir.ends_with("bench/data/tree-collections") {
        "`bench/data/tree-collections/`".to_string()
    } else {
        format!("`{}`", dir.display())
    };
    Ok(render(&sets, &source, tree, &runs[0], &runs[1], &warnings))
}

/// One `search_wlo_collections` call, retried twice on a failure.
async fn ask(port: u16, control: &Control, q: &TreeQuery, mode: MatchMode, failures: &mut Vec<String>) -> Answer {
    let arguments = json!({"query": q.query, "maxResults": K, "outputFormat": "json"});
    let mut attempt = 0;
    loop {
        attempt += 1;
        control.clear_log();
        match call_json(port, "search_wlo_collections", arguments.clone()).await {
            Ok(doc) => {
                let log = control.request_log();
                let results = doc["results"].as_array().cloned().unwrap_or_default();
                let field = |key: &str| -> Vec<String> {
                    results
                        .iter()
                        .map(|n| n[key].as_str().unwrap_or_default().to_string())
                        .collect()
                };
                let mut how = doc["_queryMeta"]["queryType"].as_str().unwrap_or_default().to_string();
                if let Some(relaxed) = doc["relaxedQuery"].as_str() {
                    how.push_str(&format!("; relaxedQuery „{relaxed}“"));
                }
                return Answer {
                    ids: field("nodeId"),
                    titles: field("title"),
                    how,
                    requests: log.len(),
                    waves: wlo_standin::sequential_waves(&log),
                };
            }
            Err(e) if attempt < 3 => {
                eprintln!("retrying „{}“: {e}", q.query);
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            Err(e) => {
                failures.push(format!("search_wlo_collections „{}“ ({}): {e}", q.query, mode.name()));
                return Answer {
                    ids: Vec::new(),
                    titles: Vec::new(),
                    how: "failed".into(),
                    requests: 0,
                    waves: 0,
                };
            }
        }
    }
}

/// Summary figures of one set in one mode.
struct Figures {
    n: usize,
    success_at_3: f64,
    mrr: f64,
    ndcg: f64,
    empty: usize,
    /// Off-subject collections in the top 3, and the queries with any.
    off_subject: usize,
    off_subject_queries: usize,
    requests: f64,
    waves: f64,
    max_waves: usize,
}

fn figures(rows: &[Row]) -> Figures {
    Figures {
        n: rows.len(),
        success_at_3: mean(rows.iter().map(|r| f64::from(u8::from(r.score.success_at_3)))),
        mrr: mean(rows.iter().map(|r| r.score.reciprocal_rank)),
        ndcg: mean(rows.iter().map(|r| r.score.ndcg)),
        empty: rows.iter().filter(|r| r.score.count == 0).count(),
        off_subject: rows.iter().map(|r| r.score.off_subject_top3).sum(),
        off_subject_queries: rows.iter().filter(|r| r.score.off_subject_top3 > 0).count(),
        requests: mean(rows.iter().map(|r| r.answer.requests as f64)),
        waves: mean(rows.iter().map(|r| r.answer.waves as f64)),
        max_waves: rows.iter().map(|r| r.answer.waves).max().unwrap_or(0),
    }
}

fn is_negative(set: &SetFile) -> bool {
    set.queries.iter().all(TreeQuery::is_negative)
}

fn summary_table(sets: &[SetFile], run: &Run, out: &mut String) {
    out.push_str("| set | queries | success@3 | MRR | nDCG@5 | empty answers | off-subject in top 3 (collections / queries) | requests / query | waves / query (max) |\n");
    out.push_str("|---|---:|---:|---:|---:|---:|---|---:|---|\n");
    for (set, rows) in sets.iter().zip(run) {
        let f = figures(rows);
        let graded = |v: f64| {
            if is_negative(set) {
                "—".to_string()
            } else {
                format!("{v:.3}")
            }
        };
        out.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} of {} | {} / {} | {:.2} | {:.2} ({}) |\n",
            set.set,
            f.n,
            graded(f.success_at_3),
            graded(f.mrr),
            graded(f.ndcg),
            f.empty,
            f.n,
            f.off_subject,
            f.off_subject_queries,
            f.requests,
            f.waves,
            f.max_waves
        ));
    }
}

fn targets(sets: &[SetFile], run: &Run, out: &mut String) {
    let met = |ok: bool| if ok { "met" } else { "**missed**" };
    let positive: Vec<&Row> = sets
        .iter()
        .zip(run)
        .filter(|(set, _)| !is_negative(set))
        .flat_map(|(_, rows)| rows)
        .collect();
    let mut lines = Vec::new();
    let held_out: Vec<(&str, Figures)> = sets
        .iter()
        .zip(run)
        .filter(|(set, _)| set.set.starts_with("held-out"))
        .map(|(set, rows)| (set.set.as_str(), figures(rows)))
        .collect();
    if held_out.is_empty() {
        lines.push("held-out success@3 and MRR — no held-out set".to_string());
    }
    for (name, h) in held_out {
        lines.push(format!("{name} success@3 ≥ 0.90 — {}", met(h.success_at_3 >= 0.90)));
        lines.push(format!("{name} MRR ≥ 0.80 — {}", met(h.mrr >= 0.80)));
    }
    lines.push(format!(
        "no empty answer where the tree has the topic — {}",
        met(positive.iter().all(|r| r.score.count > 0))
    ));
    lines.push(format!(
        "no off-subject collection in the top 3 — {}",
        met(positive.iter().all(|r| r.score.off_subject_top3 == 0))
    ));
    let negative: Vec<&Row> = sets
        .iter()
        .zip(run)
        .filter(|(set, _)| is_negative(set))
        .flat_map(|(_, rows)| rows)
        .collect();
    if !negative.is_empty() {
        lines.push(format!(
            "every negative query answers empty — {}",
            met(negative.iter().all(|r| r.score.count == 0))
        ));
    }
    out.push_str(&format!("Targets (whole words): {}.\n\n", lines.join("; ")));
}

fn grades(score: &QueryScore) -> String {
    if score.grades.is_empty() {
        "–".into()
    } else {
        score.grades.iter().map(u32::to_string).collect()
    }
}

/// Table-safe text.
fn cell(text: &str) -> String {
    text.trim().replace('|', "\\|")
}

fn render(sets: &[SetFile], source: &str, tree: &Corpus, whole: &Run, substring: &Run, warnings: &[String]) -> String {
    let counts = tree.counts();
    let sizes: Vec<String> = sets.iter().map(|s| format!("{} {}", s.queries.len(), s.set)).collect();
    let mut out = format!("\n{HEADING}\n\n");
    out.push_str(&format!(
        "Generated by `cargo run -p wlo-bench --bin relevance -- --sets tree` against the stand-in serving \
         WLO's real collection tree (`--corpus wlo-2023`: openeduhub's 2023 export, {} subject portals, \
         {} collections below them, no materials), `search_wlo_collections` (JSON, `maxResults` {K}) over \
         MCP/HTTP. Judged sets in {source}, graded by hand from the tree: {}.\n\n",
        counts.portals,
        counts.collections,
        sizes.join(", ")
    ));
    out.push_str("* **Grades**: 2 = the collection a teacher wants; 1 = its parent, a sibling on the topic, or the topic in another subject; 0 = any other collection.\n");
    out.push_str(&format!("* **success@3** = a grade-2 collection among the first three; **MRR** = 1/rank of the first grade-2 collection (0 when none is in the top {K}); **nDCG@{K}** with gain 2^g−1 against the ideal ranking of the query's own grades.\n"));
    out.push_str("* **Off-subject** (top 3): a grade-0 collection outside the portals of the query's grade-2 collections (and the subject it names); a grade-1 collection outside them only when the query names a subject. Negative queries: every collection outside the named subject, every collection when none is named.\n");
    out.push_str(&format!("* **Requests / waves** = upstream requests and sequential waves (round trips) per query, from the stand-in's request log (cache off, so every query starts cold; no hedged duplicates; {LATENCY_MS} ms stand-in latency).\n\n"));
    out.push_str("### Whole-word matching\n\nThe stand-in's keyword search matches whole words: no stemming, no substrings, no umlaut folding (`--match whole-word`).\n\n");
    summary_table(sets, whole, &mut out);
    out.push('\n');
    targets(sets, whole, &mut out);
    out.push_str("### Substring matching (informational)\n\nThe same queries with the stand-in's default keyword search, which finds a word inside longer ones (\"funktion\" in \"Funktionen\").\n\n");
    summary_table(sets, substring, &mut out);
    out.push_str("\n### Per query\n\nGrades of the top 5 in rank order (`–` = empty answer), whole words; top 3 and how the server answered (`_queryMeta.queryType`) with whole words; the last column: grades with substring matching.\n");
    for ((set, whole_rows), sub_rows) in sets.iter().zip(whole).zip(substring) {
        out.push_str(&format!("\n#### {}\n\n", set.set));
        if !set.note.is_empty() {
            out.push_str(&format!("{}\n\n", set.note.trim()));
        }
        out.push_str("| # | kind | query | subject | grades | top 3 | how | requests / waves | substring grades |\n");
        out.push_str("|---:|---|---|---|---|---|---|---|---|\n");
        for (i, ((q, w), s)) in set.queries.iter().zip(whole_rows).zip(sub_rows).enumerate() {
            let subject = q
                .subject
                .as_deref()
                .and_then(|id| tree.get(id))
                .map_or(String::new(), |p| cell(&p.title));
            let top3: Vec<String> = w.answer.titles.iter().take(3).map(|t| cell(t)).collect();
            out.push_str(&format!(
                "| {} | {} | {} | {} | {} | {} | {} | {} / {} | {} |\n",
                i + 1,
                cell(&q.kind),
                cell(&q.query),
                subject,
                grades(&w.score),
                top3.join(" · "),
                cell(&w.answer.how),
                w.answer.requests,
                w.answer.waves,
                grades(&s.score)
            ));
        }
    }
    if !warnings.is_empty() {
        out.push_str("\nSet warnings:\n\n");
        for w in warnings {
            out.push_str(&format!("* {w}\n"));
        }
    }
    out
}
