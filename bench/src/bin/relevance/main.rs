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
//! The real-tree collection sets judge `search_wlo_collections` on WLO's real
//! 2023 collection tree, against sets graded by hand (`tree.rs`).
//!
//! `--sets content|related|tree` (comma-separated) runs only those parts
//! (`--sets tree` runs every judged query twice at 100 ms per upstream request: 105 minutes on
//! two cores for 196 sets). Output: a markdown report on stdout,
//! committed as `docs/relevance.md` with a hand-written analysis appended;
//! `--doc docs/relevance.md` splices it into that file instead, replacing the
//! sections it generated and keeping the rest (`wlo_bench::report_doc`).

mod client;
mod content;
mod judge;
mod queries;
mod related;
mod tree;

use std::path::PathBuf;

use clap::{Parser, ValueEnum};

use wlo_standin::{StandIn, StandInOptions};

use client::spawn_server;

/// Ranks judged per content query.
const K: usize = 8;

/// Stand-in latency per request while measuring, so that the requests of
/// one parallel wave overlap and the waves are told apart reliably.
const LATENCY_MS: u64 = 100;

/// The parts of the benchmark.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Part {
    /// The six `search_wlo_content` sets on the generated corpus.
    Content,
    /// `get_related_content` on the generated corpus.
    Related,
    /// `search_wlo_collections` on WLO's real collection tree.
    Tree,
}

/// Relevance benchmark: `search_wlo_content` and `get_related_content` judged against the
/// stand-in corpus's ground truth, `search_wlo_collections` against hand-graded sets on WLO's
/// real collection tree (Markdown on stdout; see docs/relevance.md).
#[derive(Parser)]
#[command(name = "relevance")]
struct Cli {
    /// The server binary [default: target/release/wlo-mcp of this workspace].
    #[arg(long, value_name = "PATH", env = "WLO_MCP_BIN")]
    server_bin: Option<PathBuf>,
    /// The parts to run, comma-separated.
    #[arg(long, value_enum, value_delimiter = ',', default_value = "content,related,tree")]
    sets: Vec<Part>,
    /// The real-tree judged sets (heldout*.json, tuning.json, negative*.json).
    #[arg(long, value_name = "DIR", default_value = concat!(env!("CARGO_MANIFEST_DIR"), "/data/tree-collections"))]
    tree_sets: PathBuf,
    /// Splice the report into this Markdown file instead of printing it: its sections with the
    /// report's headings are replaced, new ones go before "## Analysis", the rest stays.
    #[arg(long, value_name = "FILE")]
    doc: Option<PathBuf>,
}

fn fail(message: &str) -> ! {
    eprintln!("error: {message}");
    std::process::exit(1)
}

#[tokio::main]
async fn main() {
    let cli = Cli::parse();
    let runs = |part: Part| cli.sets.contains(&part);
    let mut out = String::new();
    let mut failures = Vec::new();
    if runs(Part::Content) || runs(Part::Related) {
        let standin = StandIn::start(StandInOptions::default())
            .await
            .unwrap_or_else(|e| fail(&format!("stand-in does not start: {e}")));
        let server = spawn_server(cli.server_bin.as_deref(), &standin.base_url()).unwrap_or_else(|e| fail(&e));
        let control = standin.control();
        control.set_latency(LATENCY_MS, 0);
        if runs(Part::Content) {
            out.push_str(&content::report(server.port, &standin, &mut failures).await);
        }
        if runs(Part::Related) {
            out.push_str(&related::report(
                &related::measure(server.port, standin.corpus(), &control).await,
            ));
        }
    }
    if runs(Part::Tree) {
        match tree::report(cli.server_bin.as_deref(), &cli.tree_sets, &mut failures).await {
            Ok(section) => out.push_str(&section),
            Err(e) => fail(&e),
        }
    }
    if !failures.is_empty() {
        out.push_str("\n## Failures\n\n");
        for f in &failures {
            eprintln!("failed: {f}");
            out.push_str(&format!("* {f}\n"));
        }
    }
    match &cli.doc {
        None => print!("{out}"),
        Some(path) => {
            let doc = std::fs::read_to_string(path).unwrap_or_else(|e| fail(&format!("{}: {e}", path.display())));
            let spliced = wlo_bench::report_doc::splice(&doc, out.trim_start(), "## Analysis");
            std::fs::write(path, spliced).unwrap_or_else(|e| fail(&format!("{}: {e}", path.display())));
            eprintln!("updated {}", path.display());
        }
    }
}
