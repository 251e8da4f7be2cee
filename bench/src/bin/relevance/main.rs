//! Relevance benchmark: plain repository order vs. the `search_wlo_content`
//! pipeline, judged against the stand-in corpus's ground truth.
//!
//! Run: `cargo build --release && cargo run --release -p wlo-bench --bin relevance`
//!
//! It starts an in-process stand-in, spawns the real server
//! (`target/release/wlo-mcp serve --port 0`, or `--server-bin`/`$WLO_MCP_BIN`) against it
//! and, for every judged query, asks
//! * **plain**: one `ngsearch` with the raw query (plus the filter URIs)
//!   straight to the stand-in, top 8 in repository order;
//! * **pipeline**: `search_wlo_content` (JSON, maxResults 8) over MCP/HTTP.
//!
//! Judgments come from the generator's ground truth only (a node's topic
//! path, subject, material type and metadata), never from ranking features:
//! grade 2 = the right topic (or, for a subject query, the right subject),
//! 1 = the right subject; when the query asks for a material type ("Arbeits-
//! blätter", "Quiz", …) only that material keeps grade 2 and other material
//! on the topic gets 1; a node that violates a requested filter, and any
//! deleted placeholder, gets 0. nDCG@8 uses gain 2^g − 1 and the ideal
//! ranking over the whole corpus; MRR counts the first grade-2 hit.
//!
//! Three query sets (`queries.rs`), reported apart: the **original** set (written before
//! the first tuning), a **tuning** set (the sentences of issue #19 and more
//! of their kinds: German compounds, hyphenated compounds, two topics in one
//! sentence, material-type intents, grade words) and a **held-out** set of
//! the same kinds, written before the compound/intent work and never tuned
//! on. For every pipeline query the stand-in's request log gives the number
//! of upstream requests and of sequential waves (round trips).
//!
//! A fourth set judges `get_related_content` (precision@5; see `related.rs`).
//!
//! Output: a markdown report on stdout (committed as `docs/relevance.md`,
//! with a hand-written analysis appended).

mod client;
mod judge;
mod queries;
mod related;

use std::path::PathBuf;
use std::time::Duration;

use clap::Parser;

use wlo_standin::{StandIn, StandInOptions};

use client::{pipeline, plain, spawn_server};
use judge::{Scored, grade, grades_text, mean, score};
use queries::{FORMS_HELD_OUT, FORMS_TUNING, HELD_OUT, Judged, NEGATIVE, Set, TUNING};

/// Ranks judged per query.
const K: usize = 8;

/// One line of the per-query table.
struct Row {
    judged: Judged,
    plain_ndcg: f64,
    plain_grades: String,
    pipe_ndcg: f64,
    pipe_grades: String,
    relaxed: Option<String>,
    relevant: usize,
    on_topic: usize,
    pipe_count: usize,
    /// Upstream requests of the pipeline call.
    requests: usize,
    /// Sequential waves of those requests (round trips).
    waves: usize,
    /// Pipeline results (top 8) of grade 0: for the negative set, results
    /// of another subject.
    off_subject: usize,
}

/// Stand-in latency per request while measuring, so that the requests of
/// one parallel wave overlap and the waves are told apart reliably.
const LATENCY_MS: u64 = 100;

/// Summary figures of a group of rows.
struct Summary {
    n: usize,
    p_ndcg: f64,
    q_ndcg: f64,
    p_mrr: f64,
    q_mrr: f64,
    p_recall: f64,
    q_recall: f64,
    p_zero: usize,
    q_zero: usize,
    requests: f64,
    waves: f64,
    max_waves: usize,
}

fn summarize(idx: &[usize], rows: &[Row], plain: &[Scored], pipe: &[Scored]) -> Summary {
    Summary {
        n: idx.len(),
        p_ndcg: mean(idx.iter().map(|i| plain[*i].ndcg)),
        q_ndcg: mean(idx.iter().map(|i| pipe[*i].ndcg)),
        p_mrr: mean(idx.iter().map(|i| plain[*i].rr)),
        q_mrr: mean(idx.iter().map(|i| pipe[*i].rr)),
        p_recall: mean(idx.iter().map(|i| plain[*i].recall)),
        q_recall: mean(idx.iter().map(|i| pipe[*i].recall)),
        p_zero: idx.iter().filter(|i| plain[**i].count == 0).count(),
        q_zero: idx.iter().filter(|i| pipe[**i].count == 0).count(),
        requests: mean(idx.iter().map(|i| rows[*i].requests as f64)),
        waves: mean(idx.iter().map(|i| rows[*i].waves as f64)),
        max_waves: idx.iter().map(|i| rows[*i].waves).max().unwrap_or(0),
    }
}

/// Relevance benchmark: plain repository order vs. `search_wlo_content`, judged
/// against the stand-in corpus's ground truth (Markdown on stdout; see docs/relevance.md).
#[derive(Parser)]
#[command(name = "relevance")]
struct Cli {
    /// The server binary [default: target/release/wlo-mcp of this workspace].
    #[arg(long, value_name = "PATH", env = "WLO_MCP_BIN")]
    server_bin: Option<PathBuf>,
}

#[tokio::main]
async fn main() {
    let cli = Cli::parse();
    let standin = match StandIn::start(StandInOptions::default()).await {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: stand-in does not start: {e}");
            std::process::exit(1);
        }
    };
    let server = match spawn_server(cli.server_bin.as_deref(), &standin.base_url()) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(1);
        }
    };
    let corpus = standin.corpus();
    let counts = corpus.counts();
    let control = standin.control();
    control.set_latency(LATENCY_MS, 0);

    let judged: Vec<Judged> = Set::ALL
        .iter()
        .flat_map(|set| set.queries().iter().map(move |j| Judged { set: *set, ..*j }))
        .collect();
    let mut rows = Vec::new();
    let mut plain_scores = Vec::new();
    let mut pipe_scores = Vec::new();
    let mut failures = Vec::new();
    for j in &judged {
        let p = plain(standin.port(), j).await.unwrap_or_else(|e| {
            failures.push(format!("plain „{}“: {e}", j.query));
            Vec::new()
        });
        let mut attempt = 0;
        let (ids, relaxed, log) = loop {
            attempt += 1;
            control.clear_log();
            match pipeline(server.port, j).await {
                Ok((ids, relaxed)) => break (ids, relaxed, control.request_log()),
                Err(e) if attempt < 3 => {
                    eprintln!("retrying „{}“: {e}", j.query);
                    tokio::time::sleep(Duration::from_millis(200)).await;
                }
                Err(e) => {
                    failures.push(format!("pipeline „{}“: {e}", j.query));
                    break (Vec::new(), None, Vec::new());
                }
            }
        };
        let sp = score(corpus, j, &p);
        let sq = score(corpus, j, &ids);
        let grades: Vec<u32> = corpus.nodes.iter().map(|n| grade(corpus, j, n)).collect();
        rows.push(Row {
            judged: *j,
            plain_ndcg: sp.ndcg,
            plain_grades: grades_text(&sp),
            pipe_ndcg: sq.ndcg,
            pipe_grades: grades_text(&sq),
            relaxed,
            relevant: grades.iter().filter(|g| **g > 0).count(),
            on_topic: grades.iter().filter(|g| **g == 2).count(),
            pipe_count: sq.count,
            requests: log.len(),
            waves: wlo_standin::sequential_waves(&log),
            off_subject: sq.grades.iter().filter(|g| **g == 0).count(),
        });
        plain_scores.push(sp);
        pipe_scores.push(sq);
    }

    let set_idx = |set: Set| -> Vec<usize> { (0..rows.len()).filter(|i| rows[*i].judged.set == set).collect() };
    let original = set_idx(Set::Original);
    let o = summarize(&original, &rows, &plain_scores, &pipe_scores);
    let n = o.n;

    let mut out = String::new();
    out.push_str("# Relevance benchmark: plain repository order vs. the search pipeline\n\n");
    out.push_str(&format!(
        "Generated by `cargo run -p wlo-bench --bin relevance` (the grades do not depend on the server's build mode) against the stand-in corpus \
         (seed {}, {} content nodes, {} collections, {} subject portals). Six sets of judged German queries \
         ({} original, {} tuning, {} held-out, {} word-form tuning, {} word-form held-out, {} negative); top {K} \
         per query. The original set's figures are the headline; the tuning and held-out sets (issue #19: \
         compounds, hyphens, two topics, material-type intents, grade words), the word-form sets (issue #24: \
         inflected and truncated compound parts, generic and intent heads) and the negative set (topics the \
         corpus does not have) are reported apart below.\n\n",
        corpus.seed,
        counts.content,
        counts.collections,
        counts.portals,
        n,
        TUNING.len(),
        HELD_OUT.len(),
        FORMS_TUNING.len(),
        FORMS_HELD_OUT.len(),
        NEGATIVE.len()
    ));
    out.push_str("* **plain** = one `ngsearch` with the raw query (and the filter URIs) sent straight to the repository, repository order.\n");
    out.push_str("* **pipeline** = `search_wlo_content` (JSON, `maxResults` 8): query expansion, parallel variants, rank fusion, zero-result rescue; filters given as labels/synonyms.\n");
    out.push_str("* **Grades** (ground truth of the corpus generator, written before any tuning): 2 = right topic (subject queries: right subject; material requests: right topic *and* the asked material type), 1 = right subject or right topic with another material, 0 = else, a violated filter or a deleted placeholder. nDCG@8 with gain 2^g−1 against the ideal ranking over the whole corpus; MRR = 1/rank of the first grade-2 hit. On-topic recall@8 (supplementary) = grade-2 hits in the top 8 / min(8, grade-2 nodes in the corpus).\n");
    out.push_str(&format!(
        "* **Requests / waves** = the pipeline's upstream requests and sequential waves (round trips) per query, from the stand-in's request log (cache off, no hedged duplicates, {LATENCY_MS} ms stand-in latency so that one wave's parallel requests overlap).\n\n"
    ));
    out.push_str(
        "## Summary\n\n| | nDCG@8 | MRR | on-topic recall@8 | queries without results |\n|---|---:|---:|---:|---:|\n",
    );
    out.push_str(&format!(
        "| plain repository order | {:.3} | {:.3} | {:.3} | {} of {n} |\n",
        o.p_ndcg, o.p_mrr, o.p_recall, o.p_zero
    ));
    out.push_str(&format!(
        "| pipeline (`search_wlo_content`) | {:.3} | {:.3} | {:.3} | {} of {n} |\n",
        o.q_ndcg, o.q_mrr, o.q_recall, o.q_zero
    ));
    out.push_str(&format!(
        "| difference | {:+.3} | {:+.3} | {:+.3} | {:+} |\n\n",
        o.q_ndcg - o.p_ndcg,
        o.q_mrr - o.p_mrr,
        o.q_recall - o.p_recall,
        o.q_zero as i64 - o.p_zero as i64
    ));
    let met = |ok: bool| if ok { "met" } else { "**missed**" };
    let no_zero = |idx: &[usize]| idx.iter().all(|i| rows[*i].pipe_count > 0 || rows[*i].relevant == 0);
    out.push_str(&format!(
        "Targets: nDCG@8 ≥ 0.90 — {}; at least 0.10 above plain order — {}; no empty answer where the corpus has relevant material — {}.\n\n",
        met(o.q_ndcg >= 0.90),
        met(o.q_ndcg - o.p_ndcg >= 0.10),
        met(no_zero(&original)),
    ));
    let kinds = |idx: &[usize], out: &mut String| {
        let mut seen: Vec<&str> = Vec::new();
        for i in idx {
            if !seen.contains(&rows[*i].judged.kind) {
                seen.push(rows[*i].judged.kind);
            }
        }
        for kind in seen {
            let k: Vec<usize> = idx.iter().copied().filter(|i| rows[*i].judged.kind == kind).collect();
            out.push_str(&format!(
                "* {kind} ({}): nDCG@8 plain {:.3} → pipeline {:.3}; MRR {:.3} → {:.3}\n",
                k.len(),
                mean(k.iter().map(|i| plain_scores[*i].ndcg)),
                mean(k.iter().map(|i| pipe_scores[*i].ndcg)),
                mean(k.iter().map(|i| plain_scores[*i].rr)),
                mean(k.iter().map(|i| pipe_scores[*i].rr)),
            ));
        }
    };
    kinds(&original, &mut out);

    out.push_str("\n## All sets\n\n");
    out.push_str("| set | queries | plain nDCG@8 | pipeline nDCG@8 | MRR | on-topic recall@8 | without results (plain → pipeline) | requests / query | waves / query (max) |\n");
    out.push_str("|---|---:|---:|---:|---:|---:|---|---:|---|\n");
    for set in Set::ALL.into_iter().filter(|s| *s != Set::Negative) {
        let s = summarize(&set_idx(set), &rows, &plain_scores, &pipe_scores);
        out.push_str(&format!(
            "| {} | {} | {:.3} | {:.3} | {:.3} | {:.3} | {} → {} | {:.2} | {:.2} ({}) |\n",
            set.name(),
            s.n,
            s.p_ndcg,
            s.q_ndcg,
            s.q_mrr,
            s.q_recall,
            s.p_zero,
            s.q_zero,
            s.requests,
            s.waves,
            s.max_waves
        ));
    }
    let held = set_idx(Set::HeldOut);
    let h = summarize(&held, &rows, &plain_scores, &pipe_scores);
    out.push_str(&format!(
        "\nHeld-out targets: nDCG@8 ≥ 0.90 — {}; no query without results — {}.\n\n",
        met(h.q_ndcg >= 0.90),
        met(h.q_zero == 0),
    ));
    let forms = set_idx(Set::FormsHeldOut);
    let f = summarize(&forms, &rows, &plain_scores, &pipe_scores);
    out.push_str(&format!(
        "Word-form held-out targets: nDCG@8 ≥ 0.92 — {}; no query without results — {}.\n\n",
        met(f.q_ndcg >= 0.92),
        met(f.q_zero == 0),
    ));
    let negative = set_idx(Set::Negative);
    let ng = summarize(&negative, &rows, &plain_scores, &pipe_scores);
    let off = |plain: bool| -> (usize, usize) {
        let per: Vec<usize> = negative
            .iter()
            .map(|i| {
                if plain {
                    plain_scores[*i].grades.iter().filter(|g| **g == 0).count()
                } else {
                    rows[*i].off_subject
                }
            })
            .collect();
        (per.iter().sum(), per.iter().filter(|n| **n > 0).count())
    };
    let (p_off, p_off_q) = off(true);
    let (q_off, q_off_q) = off(false);
    out.push_str("Negative set (topics the corpus does not have; judged: no result of another subject):\n\n");
    out.push_str("| | queries | off-subject results (top 8) | queries with an off-subject result | empty answers | requests / query | waves / query (max) |\n|---|---:|---:|---:|---:|---:|---|\n");
    out.push_str(&format!(
        "| plain repository order | {} | {p_off} | {p_off_q} | {} | | |\n",
        ng.n, ng.p_zero
    ));
    out.push_str(&format!(
        "| pipeline | {} | {q_off} | {q_off_q} | {} | {:.2} | {:.2} ({}) |\n\n",
        ng.n, ng.q_zero, ng.requests, ng.waves, ng.max_waves
    ));
    out.push_str(&format!(
        "Negative-set target: no off-subject result — {}.\n\n",
        met(q_off == 0)
    ));
    for set in [Set::Tuning, Set::HeldOut, Set::FormsTuning, Set::FormsHeldOut] {
        out.push_str(&format!("{}:\n\n", set.name()));
        kinds(&set_idx(set), &mut out);
        out.push('\n');
    }

    out.push_str("## Per query\n\nGrades are listed in rank order (`–` = no results); in the negative set 1 = the query's subject, 0 = another subject.\n");
    for set in Set::ALL {
        out.push_str(&format!("\n### {}\n\n", set.name()));
        out.push_str("| # | kind | query | filters | grade 2 / ≥ 1 in corpus | plain nDCG | plain grades | pipeline nDCG | pipeline grades | relaxedQuery | requests / waves |\n");
        out.push_str("|---:|---|---|---|---:|---:|---|---:|---|---|---|\n");
        for (i, row) in set_idx(set).into_iter().map(|i| &rows[i]).enumerate() {
            let j = &row.judged;
            let filters: Vec<String> = j.filters.iter().map(|f| format!("{}={}", f.param, f.label)).collect();
            out.push_str(&format!(
                "| {} | {} | {} | {} | {} / {} | {:.3} | {} | {:.3} | {} | {} | {} / {} |\n",
                i + 1,
                j.kind,
                j.query,
                filters.join(", "),
                row.on_topic,
                row.relevant,
                row.plain_ndcg,
                row.plain_grades,
                row.pipe_ndcg,
                row.pipe_grades,
                row.relaxed.as_deref().unwrap_or(""),
                row.requests,
                row.waves,
            ));
        }
    }
    out.push_str(&related::report(&related::measure(server.port, corpus, &control).await));
    if !failures.is_empty() {
        out.push_str("\n## Failures\n\n");
        for f in &failures {
            out.push_str(&format!("* {f}\n"));
        }
    }
    print!("{out}");
    drop(server);
}
