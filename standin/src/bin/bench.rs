//! Performance benchmark of the `wlo-mcp` server.
//!
//! Run: `scripts/bench.sh` (= `cargo build --release --workspace --bins &&
//! target/release/bench "$@"`), or `cargo run --release -p wlo-standin --bin
//! bench -- [--json] [--quick] [--latency-ms N] [--reps N] [--build] [--strict]`.
//!
//! Three kinds of process: the stand-in (`wlo-standin`, the upstream, every
//! answer after a fixed injected latency, no jitter), the server under test
//! (`wlo-mcp serve`, or the Vercel/Lambda binaries for the cold start) and
//! this load driver. Only the server is measured; every tool is driven over
//! HTTP with MCP JSON-RPC `tools/call` POSTs on a keep-alive connection, with
//! realistic arguments taken from the stand-in's ground truth (`wellKnown`).
//!
//! Per call (tool + arguments):
//! * wall time (median, p95) with the cache off (`WLO_CACHE_MAX_MB=0`), so
//!   every measured call starts with a fresh cache, and the ratio
//!   `median ÷ (latency × ideal sequential round trips)`;
//! * upstream requests and the observed sequential depth, from the
//!   stand-in's request log (cleared before, read after each call). Depth is
//!   the longest chain of requests in which each one started after the
//!   previous one had ended (longest path in the "starts after the end of"
//!   DAG, see `bench/stats.rs`);
//! * response bytes (the HTTP body of the JSON-RPC answer);
//! * server CPU per call with an instant upstream (latency 0): the sum of
//!   `sum_exec_runtime` over the server's threads (`/proc/PID/task/*/schedstat`,
//!   ns resolution) before and after each call; cross-checked against
//!   utime+stime of `/proc/PID/stat` over the whole phase;
//! * with the cache on: a repeated identical call — upstream requests and
//!   wall time of the repeat.
//!
//! Plus: cold start (process start → first answered `initialize`) of
//! `wlo-mcp serve`, the Vercel binary `mcp` (`VERCEL_DEV_PORT`) and the Lambda
//! binary (against a mock Runtime API); peak RSS (`VmHWM`) of `wlo-mcp serve`
//! under a burst of 200 concurrent mixed tool calls; `tools/list` throughput
//! with 32 connections; the size of the `tools/list` answer in tokens
//! (characters / 4). Targets are printed as PASS/FAIL; `--strict` makes any
//! FAIL the exit code 1.
//!
//! `--tail` runs only the tail-latency table instead (stragglers, hedged
//! reads off and on; see `bench/tail.rs`).

#[path = "../bench/http.rs"]
mod http;
#[path = "../bench/lambda_mock.rs"]
mod lambda_mock;
#[path = "../bench/procs.rs"]
mod procs;
#[path = "../bench/stats.rs"]
mod stats;
#[path = "../bench/tail.rs"]
mod tail;

use std::fmt::Write as _;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use serde::Serialize;
use serde_json::{Value, json};
use wlo_standin::{Corpus, LogEntry, NodeKind, Stats};

use procs::Proc;
use stats::{depth, median, percentile};

const PROTOCOL_VERSION: &str = "2025-06-18";
/// Per-call fan-out bound of the server (src/upstream/scope.rs); used for
/// the ideal round trips of topic pages mode C.
const SERVER_FAN_OUT: usize = 32;
const CALL_TIMEOUT: Duration = Duration::from_secs(30);

// Targets.
const TARGET_RATIO: f64 = 1.10;
const TARGET_COLD_MS: f64 = 10.0;
const TARGET_RSS_MIB: f64 = 40.0;
const TARGET_CPU_MS: f64 = 1.0;
const TARGET_CACHED_MS: f64 = 1.0;

// ---------------------------------------------------------------- options

#[derive(Debug, Clone, Default, Serialize)]
#[serde(rename_all = "camelCase")]
struct Opts {
    json: bool,
    quick: bool,
    latency_ms: u64,
    reps: usize,
    cpu_calls: usize,
    cache_repeats: usize,
    cold_runs: usize,
    burst: usize,
    throughput_conns: usize,
    throughput_secs: f64,
    build: bool,
    strict: bool,
    /// Extra environment for every server process (`--server-env K=V`).
    server_env: Vec<(String, String)>,
    /// Phases to run (`--only`): calls, cache, burst, cold.
    phases: Vec<String>,
    /// Also write the JSON document to this file (`--save-json PATH`).
    save_json: Option<String>,
    /// Run the tail-latency table instead (`--tail`, see `bench/tail.rs`).
    tail: bool,
    tail_calls: usize,
    tail_concurrency: usize,
}

const PHASES: &[&str] = &["calls", "cache", "burst", "cold"];

impl Opts {
    fn runs(&self, phase: &str) -> bool {
        self.phases.iter().any(|p| p == phase)
    }
}

const USAGE: &str =
    "usage: bench [--json] [--quick] [--latency-ms N] [--reps N] [--build] [--strict] [--server-env K=V]...
  --json          print the results as one JSON document on stdout (progress stays on stderr)
  --quick         fewer repetitions (CI smoke run, < 60 s)
  --latency-ms N  injected upstream latency of the stand-in [default: 100]
  --reps N        measured calls per tool call [default: 20, quick: 3]
  --build         run 'cargo build --release --workspace --bins' first (default: only when a binary is missing)
  --strict        exit with code 1 when any target FAILs
  --server-env K=V  extra environment variable for every server process (repeatable),
                  e.g. --server-env MALLOC_ARENA_MAX=2 to try an allocator setting
  --only LIST     run only these phases (comma list): calls (wall time, requests, depth,
                  bytes, CPU, tools/list), cache, burst, cold [default: all]
  --save-json PATH  also write the JSON document to PATH
  --tail          run only the tail-latency table: 5 % stragglers of +1000 ms and none,
                  hedged reads off and on (Markdown on stdout)
  --tail-calls N  measured calls per row of the tail table [default: 400]
  --tail-concurrency N  calls in flight at once in the tail table [default: 32]";

fn parse_opts() -> Result<Opts, String> {
    let mut json = false;
    let mut quick = false;
    let mut latency_ms = 100;
    let mut reps = None;
    let mut build = false;
    let mut strict = false;
    let mut server_env = Vec::new();
    let mut phases: Vec<String> = PHASES.iter().map(|p| p.to_string()).collect();
    let mut save_json = None;
    let mut tail = false;
    let mut tail_calls = 400;
    let mut tail_concurrency = 32;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let (key, inline) = match arg.split_once('=') {
            Some((k, v)) => (k.to_string(), Some(v.to_string())),
            None => (arg.clone(), None),
        };
        let number = |v: Option<String>, name: &str| -> Result<u64, String> {
            v.and_then(|v| v.parse().ok())
                .ok_or_else(|| format!("{name} needs a whole number"))
        };
        match key.as_str() {
            "--json" => json = true,
            "--quick" => quick = true,
            "--build" => build = true,
            "--strict" => strict = true,
            "--tail" => tail = true,
            "--tail-calls" => {
                tail_calls = number(inline.clone().or_else(|| args.next()), "--tail-calls")?.max(1) as usize
            }
            "--tail-concurrency" => {
                tail_concurrency = number(inline.clone().or_else(|| args.next()), "--tail-concurrency")?.max(1) as usize
            }
            "--latency-ms" => latency_ms = number(inline.clone().or_else(|| args.next()), "--latency-ms")?,
            "--reps" => reps = Some(number(inline.clone().or_else(|| args.next()), "--reps")?.max(1) as usize),
            "--server-env" => {
                let kv = if inline.is_some() { inline.clone() } else { args.next() };
                let (k, v) = kv
                    .as_deref()
                    .and_then(|kv| kv.split_once('='))
                    .ok_or("--server-env needs KEY=VALUE")?;
                server_env.push((k.to_string(), v.to_string()));
            }
            "--save-json" => {
                save_json = Some(
                    inline
                        .clone()
                        .or_else(|| args.next())
                        .ok_or("--save-json needs a path")?,
                )
            }
            "--only" => {
                let list = inline.clone().or_else(|| args.next()).unwrap_or_default();
                phases = list
                    .split(',')
                    .map(|p| p.trim().to_string())
                    .filter(|p| !p.is_empty())
                    .collect();
                if let Some(bad) = phases.iter().find(|p| !PHASES.contains(&p.as_str())) {
                    return Err(format!("unknown phase {bad:?} (known: {})", PHASES.join(", ")));
                }
            }
            "-h" | "--help" => return Err(String::new()),
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    let reps = reps.unwrap_or(if quick { 3 } else { 20 });
    Ok(Opts {
        json,
        quick,
        latency_ms,
        reps,
        cpu_calls: if quick { 10 } else { 50 },
        cache_repeats: if quick { 3 } else { 10 },
        cold_runs: if quick { 10 } else { 20 },
        burst: 200,
        throughput_conns: 32,
        throughput_secs: if quick { 1.0 } else { 3.0 },
        build,
        strict,
        server_env,
        phases,
        save_json,
        tail,
        tail_calls,
        tail_concurrency,
    })
}

// ---------------------------------------------------------------- binaries

struct Bins {
    server: PathBuf,
    standin: PathBuf,
    vercel: PathBuf,
    lambda: PathBuf,
}

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from("."))
}

/// The release directory: next to this binary, else `<workspace>/target/release`.
fn release_dir() -> PathBuf {
    std::env::current_exe()
        .ok()
        .and_then(|p| p.parent().map(Path::to_path_buf))
        .filter(|d| d.join("wlo-mcp").exists() || d.ends_with("release"))
        .unwrap_or_else(|| {
            std::env::var_os("CARGO_TARGET_DIR")
                .map(PathBuf::from)
                .unwrap_or_else(|| workspace_root().join("target"))
                .join("release")
        })
}

fn find_bins(force_build: bool) -> Result<Bins, String> {
    let dir = release_dir();
    let bins = Bins {
        server: dir.join("wlo-mcp"),
        standin: dir.join("wlo-standin"),
        vercel: dir.join("mcp"),
        lambda: dir.join("lambda"),
    };
    let missing: Vec<String> = [&bins.server, &bins.standin, &bins.vercel, &bins.lambda]
        .iter()
        .filter(|p| !p.exists())
        .map(|p| p.display().to_string())
        .collect();
    if force_build || !missing.is_empty() {
        if !missing.is_empty() {
            progress(&format!("missing: {}", missing.join(", ")));
        }
        progress("building: cargo build --release --workspace --bins (this can take several minutes) …");
        let status = std::process::Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
            .args(["build", "--release", "--workspace", "--bins"])
            .current_dir(workspace_root())
            .status()
            .map_err(|e| format!("cannot run cargo: {e}"))?;
        if !status.success() {
            return Err(format!("cargo build failed ({status})"));
        }
        for p in [&bins.server, &bins.standin, &bins.vercel, &bins.lambda] {
            if !p.exists() {
                return Err(format!("{} still missing after the build", p.display()));
            }
        }
    }
    Ok(bins)
}

// ---------------------------------------------------------------- progress

static STEP: AtomicUsize = AtomicUsize::new(0);
static STEPS: AtomicUsize = AtomicUsize::new(0);

fn progress(msg: &str) {
    eprintln!("{msg}");
}

fn step(msg: &str) {
    let k = STEP.fetch_add(1, Ordering::Relaxed) + 1;
    eprintln!("[{k}/{}] {msg} …", STEPS.load(Ordering::Relaxed));
}

// ---------------------------------------------------------------- clients

/// An MCP client over one keep-alive HTTP connection.
struct Mcp {
    client: http::Client,
    path: String,
    id: u64,
}

/// One answered `tools/call`.
struct Call {
    wall: Duration,
    bytes: usize,
    is_error: bool,
    text: String,
}

impl Mcp {
    fn new(addr: SocketAddr, path: &str) -> Mcp {
        Mcp {
            client: http::Client::new(addr),
            path: path.to_string(),
            id: 0,
        }
    }

    async fn rpc(&mut self, method: &str, params: Value) -> Result<(Duration, http::Response), String> {
        self.id += 1;
        let body = json!({"jsonrpc": "2.0", "id": self.id, "method": method, "params": params}).to_string();
        let headers = [
            ("Content-Type", "application/json"),
            ("Accept", "application/json, text/event-stream"),
            ("MCP-Protocol-Version", PROTOCOL_VERSION),
        ];
        let started = Instant::now();
        let sent = self.client.send("POST", &self.path, &headers, body.as_bytes());
        let response = tokio::time::timeout(CALL_TIMEOUT, sent)
            .await
            .map_err(|_| format!("{method}: no answer within {CALL_TIMEOUT:?}"))?
            .map_err(|e| format!("{method}: {e}"))?;
        Ok((started.elapsed(), response))
    }

    async fn call(&mut self, tool: &str, args: &Value) -> Result<Call, String> {
        let (wall, response) = self.rpc("tools/call", json!({"name": tool, "arguments": args})).await?;
        if response.status != 200 {
            return Err(format!("HTTP {}: {}", response.status, clip(&response.text(), 200)));
        }
        let doc = rpc_document(&response)?;
        if let Some(error) = doc.get("error") {
            return Err(format!("JSON-RPC error: {}", clip(&error.to_string(), 200)));
        }
        let result = &doc["result"];
        let text = result["content"]
            .as_array()
            .and_then(|c| c.iter().find_map(|b| b["text"].as_str()))
            .unwrap_or_default()
            .to_string();
        Ok(Call {
            wall,
            bytes: response.body.len(),
            is_error: result["isError"].as_bool().unwrap_or(false),
            text,
        })
    }
}

/// The JSON-RPC document of a response (plain JSON or one SSE `data:` event).
fn rpc_document(response: &http::Response) -> Result<Value, String> {
    let text = response.text();
    let is_sse = response
        .header("content-type")
        .is_some_and(|t| t.starts_with("text/event-stream"));
    let json_text = if is_sse {
        text.lines()
            .filter_map(|l| l.strip_prefix("data:"))
            .map(str::trim)
            .find(|d| d.starts_with('{'))
            .unwrap_or_default()
            .to_string()
    } else {
        text
    };
    serde_json::from_str(&json_text).map_err(|e| format!("not JSON-RPC ({e}): {}", clip(&json_text, 200)))
}

fn clip(s: &str, n: usize) -> String {
    let mut out: String = s.chars().take(n).collect();
    if s.chars().count() > n {
        out.push('…');
    }
    out.replace('\n', " ")
}

/// The stand-in's control routes.
struct Ctl {
    client: http::Client,
}

impl Ctl {
    async fn get(&mut self, path: &str) -> Result<http::Response, String> {
        let r = self
            .client
            .get(path)
            .await
            .map_err(|e| format!("stand-in {path}: {e}"))?;
        if r.status != 200 {
            return Err(format!("stand-in {path}: HTTP {}", r.status));
        }
        Ok(r)
    }

    async fn post(&mut self, path: &str, body: Value) -> Result<(), String> {
        let r = self
            .client
            .post_json(path, body.to_string().as_bytes())
            .await
            .map_err(|e| format!("stand-in {path}: {e}"))?;
        if r.status != 200 {
            return Err(format!("stand-in {path}: HTTP {}: {}", r.status, r.text()));
        }
        Ok(())
    }

    async fn clear_log(&mut self) -> Result<(), String> {
        self.post("/_control/log/clear", json!({})).await
    }

    async fn log(&mut self) -> Result<Vec<LogEntry>, String> {
        let r = self.get("/_control/log").await?;
        serde_json::from_slice(&r.body).map_err(|e| format!("stand-in log: {e}"))
    }

    async fn stats(&mut self) -> Result<Stats, String> {
        let r = self.get("/_control/stats").await?;
        serde_json::from_slice(&r.body).map_err(|e| format!("stand-in stats: {e}"))
    }

    async fn set_latency(&mut self, ms: u64) -> Result<(), String> {
        self.post(
            "/_control/config",
            json!({"latencyMs": ms, "jitterMs": 0, "textDelayMs": 0, "fault": "none"}),
        )
        .await
    }

    async fn reset(&mut self) -> Result<(), String> {
        self.post("/_control/reset", json!({})).await
    }
}

// ---------------------------------------------------------------- processes

struct Server {
    proc: Proc,
    addr: SocketAddr,
    path: String,
}

fn start_standin(bins: &Bins, latency_ms: u64) -> Result<(Proc, SocketAddr, String), String> {
    let latency = latency_ms.to_string();
    let cmd = procs::command(
        &bins.standin,
        &["--port", "0", "--latency-ms", &latency, "--jitter-ms", "0"],
        &[],
    );
    let (proc, url) = procs::spawn_and_wait_for(cmd, "wlo-standin listening on ", Duration::from_secs(20))?;
    let (addr, _) = procs::split_url(&url)?;
    Ok((
        proc,
        addr,
        url.split_whitespace().next().unwrap_or_default().to_string(),
    ))
}

/// The environment of a server process: the stand-in, `--server-env`, extras.
fn server_env<'a>(base_url: &str, opts: &'a Opts, extra: &[(&'a str, String)]) -> Vec<(&'a str, String)> {
    let mut env = vec![("WLO_REPOSITORY_URL", base_url.to_string())];
    env.extend(opts.server_env.iter().map(|(k, v)| (k.as_str(), v.clone())));
    env.extend(extra.iter().cloned());
    env
}

fn start_server(bins: &Bins, base_url: &str, opts: &Opts, cache_mb: Option<u64>) -> Result<Server, String> {
    let extra: Vec<(&str, String)> = cache_mb
        .map(|mb| ("WLO_CACHE_MAX_MB", mb.to_string()))
        .into_iter()
        .collect();
    let env = server_env(base_url, opts, &extra);
    let cmd = procs::command(&bins.server, &["serve", "--port", "0"], &env);
    let (proc, url) = procs::spawn_and_wait_for(cmd, "wlo-mcp listening on ", Duration::from_secs(20))?;
    let (addr, path) = procs::split_url(&url)?;
    Ok(Server { proc, addr, path })
}

// ---------------------------------------------------------------- cases

#[derive(Debug, Clone)]
struct Case {
    tool: &'static str,
    label: String,
    args: Value,
    /// Ideal sequential upstream round trips.
    ideal: u32,
    /// Not part of the cache repeat check (the health check must really ask).
    skip_cache: bool,
}

fn case(tool: &'static str, label: &str, args: Value, ideal: u32) -> Case {
    Case {
        tool,
        label: label.to_string(),
        args,
        ideal,
        skip_cache: false,
    }
}

/// Browse depth 2 with counts under the per-call fan-out bound.
struct Depth2 {
    /// Level-2 nodes shown (each needs a count read).
    level2: usize,
    /// Fewest sequential waves: the listing, then the level-1 folder listings
    /// and count reads, then the level-2 count reads, each wave cut into
    /// sub-waves of [`SERVER_FAN_OUT`]. With ≤ 16 level-1 and ≤ 32 level-2
    /// nodes this is the 3; wider trees need more, exactly like the
    /// issue's own rule for topic pages mode C (1 + 2 × waves).
    waves: u32,
}

/// [`Depth2`] for `portal`, from the corpus and the server's bounds
/// (`src/navigation/tree.rs`: 10 children per parent, 150 nodes in all).
fn depth2_waves(c: &Corpus, portal: &str) -> Depth2 {
    const MAX_CHILDREN_PER_PARENT: usize = 10;
    const MAX_NODES: usize = 150;
    let children = |id: &str| {
        c.nodes
            .iter()
            .filter(|n| n.parent_id.as_deref() == Some(id) && matches!(n.kind, NodeKind::Collection))
            .map(|n| n.id.as_str())
            .collect::<Vec<_>>()
    };
    let level1 = children(portal);
    let level2: usize = level1
        .iter()
        .map(|id| children(id).len().min(MAX_CHILDREN_PER_PARENT))
        .sum::<usize>()
        .min(MAX_NODES.saturating_sub(level1.len()));
    let waves = 1 + (2 * level1.len()).div_ceil(SERVER_FAN_OUT).max(1) + level2.div_ceil(SERVER_FAN_OUT).max(1);
    Depth2 {
        level2,
        waves: waves as u32,
    }
}

/// A query the keyword collection search misses (its words are ANDed) but a
/// collection three levels down (portal → topic → this) has in its title,
/// with no text match on the two levels above: forces the full tree walk.
fn tree_fallback_query(c: &Corpus) -> String {
    let big = &c.well_known.big_portal;
    let upper: String = c
        .nodes
        .iter()
        .filter(|n| matches!(n.kind, NodeKind::Root | NodeKind::Portal | NodeKind::Collection) && n.depth <= 2)
        .map(|n| format!("{} {} {}\n", n.title, n.name, n.description).to_lowercase())
        .collect();
    c.nodes
        .iter()
        .filter(|n| n.kind == NodeKind::Collection && n.depth == 3 && n.portal_id.as_deref() == Some(big.as_str()))
        .map(|n| n.title.trim())
        .find(|t| !t.contains(' ') && t.chars().count() >= 5 && !upper.contains(&t.to_lowercase()))
        .map(|t| format!("{t} für die Grundschule"))
        .unwrap_or_else(|| "Symmetrie für die Grundschule".into())
}

fn build_cases(c: &Corpus) -> Vec<Case> {
    let w = &c.well_known;
    let usable = |n: &&wlo_standin::NodeRecord| {
        n.kind == NodeKind::Content && n.is_public && !n.index_only && !n.is_deleted_placeholder
    };
    let mut ten: Vec<String> = c
        .nodes
        .iter()
        .filter(usable)
        .filter(|n| n.parent_id.as_deref() == Some(w.bruchrechnung.as_str()))
        .map(|n| n.id.clone())
        .take(10)
        .collect();
    if ten.len() < 10 {
        ten.extend(
            c.nodes
                .iter()
                .filter(usable)
                .map(|n| n.id.clone())
                .filter(|id| !ten.contains(id))
                .take(10 - ten.len())
                .collect::<Vec<_>>(),
        );
    }
    let config_folders = c.nodes.iter().filter(|n| n.kind == NodeKind::ConfigFolder).count();
    let big_depth2 = depth2_waves(c, &w.big_portal);
    let mode_c_waves = config_folders.div_ceil(SERVER_FAN_OUT).max(1) as u32;
    let tree_query = tree_fallback_query(c);
    let mut cases = vec![
        case(
            "search_wlo_content",
            "search_wlo_content \"Photosynthese\"",
            json!({"query": "Photosynthese"}),
            1,
        ),
        case(
            "search_wlo_content",
            "search_wlo_content typo rescue \"Photosyntese\"",
            json!({"query": "Photosyntese"}),
            3,
        ),
        case(
            "search_wlo_collections",
            "search_wlo_collections keyword \"Bruchrechnung\"",
            json!({"query": "Bruchrechnung"}),
            1,
        ),
        case(
            "search_wlo_collections",
            &format!("search_wlo_collections tree fallback \"{tree_query}\""),
            json!({"query": tree_query}),
            3,
        ),
        case(
            "search_wlo_all",
            "search_wlo_all \"Klimawandel\"",
            json!({"query": "Klimawandel"}),
            1,
        ),
        case(
            "search_wlo_topic_pages",
            "search_wlo_topic_pages A (collectionId)",
            json!({"collectionId": w.two_variant_collection}),
            2,
        ),
        case(
            "search_wlo_topic_pages",
            "search_wlo_topic_pages B \"Bruchrechnung\"",
            json!({"query": "Bruchrechnung"}),
            3,
        ),
        case(
            "search_wlo_topic_pages",
            &format!("search_wlo_topic_pages C (all, {config_folders} config folders)"),
            json!({}),
            1 + 2 * mode_c_waves,
        ),
        case("get_subject_portals", "get_subject_portals", json!({}), 1),
        case(
            "get_subject_portals",
            "get_subject_portals with counts",
            json!({"includeContentCounts": true}),
            2,
        ),
        case(
            "browse_collection_tree",
            "browse_collection_tree depth 1 + counts (Mathematik)",
            json!({"nodeId": w.big_portal, "depth": 1, "includeContentCounts": true}),
            2,
        ),
        case(
            "browse_collection_tree",
            "browse_collection_tree depth 2 + counts (Informatik)",
            json!({"nodeId": w.portal_without_topic_page, "depth": 2, "includeContentCounts": true}),
            3,
        ),
        case(
            "browse_collection_tree",
            &format!(
                "browse_collection_tree depth 2 + counts (Mathematik, 150 nodes: {} count reads below level 1)",
                big_depth2.level2
            ),
            json!({"nodeId": w.big_portal, "depth": 2, "includeContentCounts": true}),
            big_depth2.waves,
        ),
        case(
            "get_collection_contents",
            "get_collection_contents (Bruchrechnung)",
            json!({"nodeId": w.bruchrechnung}),
            1,
        ),
        case(
            "get_node_details",
            "get_node_details",
            json!({"nodeId": w.file_with_download}),
            1,
        ),
        case(
            "get_node_details",
            "get_node_details + parents + text",
            json!({"nodeId": w.text_content, "includeParents": true, "includeTextContent": true}),
            1,
        ),
        case(
            "get_nodes_details",
            &format!("get_nodes_details ({} ids)", ten.len()),
            json!({"nodeIds": ten}),
            1,
        ),
        case("wlo_health_check", "wlo_health_check", json!({}), 1),
        case(
            "lookup_wlo_vocabulary",
            "lookup_wlo_vocabulary discipline",
            json!({"vocabulary": "discipline"}),
            0,
        ),
    ];
    for c in &mut cases {
        // The health check must really ask; textContent is never cached and a
        // content node's /parents is a 500, an error, never cached (issue rules).
        c.skip_cache = c.tool == "wlo_health_check" || c.args.get("includeTextContent") == Some(&json!(true));
    }
    cases
}

// ---------------------------------------------------------------- results

#[derive(Debug, Clone, Serialize, Default)]
#[serde(rename_all = "camelCase")]
struct CaseResult {
    tool: String,
    label: String,
    arguments: Value,
    ideal_round_trips: u32,
    /// "ok", "n/a" (tool not available yet) or "error".
    status: String,
    note: Option<String>,
    wall_ms: Vec<f64>,
    median_ms: Option<f64>,
    p95_ms: Option<f64>,
    /// median ÷ (latency × ideal); None for ideal 0.
    ratio: Option<f64>,
    ratio_p95: Option<f64>,
    ratio_pass: Option<bool>,
    upstream_requests: Vec<usize>,
    depth: Vec<usize>,
    routes: Option<Value>,
    response_bytes: Option<usize>,
    cpu_ms: Vec<f64>,
    cpu_median_ms: Option<f64>,
    cpu_p95_ms: Option<f64>,
    /// Whether this row's median alone is within the target (informative: the
    /// target is the median over all measured calls, see [`CpuSummary`]).
    cpu_pass: Option<bool>,
    /// Share of the row's CPU spent in the kernel (stime ÷ utime+stime over its
    /// measured calls); only when they added up to at least [`MIN_SHARE_TICKS`].
    cpu_kernel_share: Option<f64>,
    cached_requests: Option<usize>,
    cached_ms: Vec<f64>,
    cached_median_ms: Option<f64>,
    /// Server CPU of each cached repeat (the server's time: nothing is awaited).
    cached_cpu_ms: Vec<f64>,
    cached_cpu_median_ms: Option<f64>,
    cached_pass: Option<bool>,
}

impl CaseResult {
    fn ok(&self) -> bool {
        self.status == "ok"
    }
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
struct ColdStart {
    binary: String,
    runs_ms: Vec<f64>,
    median_ms: Option<f64>,
    min_ms: Option<f64>,
    max_ms: Option<f64>,
    target_ms: Option<f64>,
    pass: Option<bool>,
    error: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
struct Burst {
    config: String,
    calls: usize,
    ok: usize,
    failed: usize,
    first_error: Option<String>,
    wall_ms: f64,
    slowest_call_ms: f64,
    idle_rss_mib: Option<f64>,
    peak_rss_mib: Option<f64>,
    upstream_requests: u64,
    upstream_peak_concurrency: u64,
    pass: Option<bool>,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
struct Throughput {
    connections: usize,
    seconds: f64,
    requests: usize,
    failed: usize,
    requests_per_second: f64,
    mean_latency_ms: f64,
    server_cpu_cores: Option<f64>,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
struct ToolsList {
    tools: usize,
    bytes: usize,
    chars: usize,
    tokens_estimate: usize,
}

/// The CPU target, "server CPU per tool call ≤ 1 ms median": the median over
/// every measured call of every row (each row contributes the same number of
/// calls), next to the median of the row medians and the rows that stay
/// above 1 ms on their own.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
struct CpuSummary {
    calls: usize,
    median_ms: f64,
    p95_ms: f64,
    pass: bool,
    median_of_row_medians_ms: f64,
    rows: usize,
    rows_within: usize,
    /// Share of the whole phase's CPU spent in the kernel (stime).
    kernel_share: Option<f64>,
}

#[derive(Debug, Clone, Default, Serialize)]
#[serde(rename_all = "camelCase")]
struct Report {
    date: String,
    machine: String,
    cpus: usize,
    /// `/proc/loadavg` (1-minute value) at the start and at the end: other
    /// work on the machine makes every number worse.
    load_start: Option<f64>,
    load_end: Option<f64>,
    options: Opts,
    command: String,
    server_binary: String,
    calls: Vec<CaseResult>,
    cpu_phase_cross_check: Option<String>,
    cpu: Option<CpuSummary>,
    cold_start: Vec<ColdStart>,
    burst: Vec<Burst>,
    throughput: Option<Throughput>,
    tools_list: Option<ToolsList>,
    failures: Vec<String>,
    /// Informative: rows whose own CPU median is above the target.
    notes: Vec<String>,
    errors: Vec<String>,
    duration_s: f64,
}

// ---------------------------------------------------------------- phases

fn classify(call: &Call) -> Option<(String, String)> {
    if !call.is_error {
        return None;
    }
    let lower = call.text.to_lowercase();
    if lower.contains("noch nicht verfügbar") || lower.contains("not yet") || lower.contains("noch nicht implementiert")
    {
        Some((
            "n/a".into(),
            format!("tool not available yet: {}", clip(&call.text, 120)),
        ))
    } else {
        Some(("error".into(), format!("isError: {}", clip(&call.text, 160))))
    }
}

/// Phase 1: wall time, requests, depth, bytes (cache off, latency on).
async fn phase_latency(server: &Server, ctl: &mut Ctl, cases: &[Case], opts: &Opts) -> Result<Vec<CaseResult>, String> {
    let mut mcp = Mcp::new(server.addr, &server.path);
    let mut out = Vec::new();
    for case in cases {
        step(&format!("latency  {}", case.label));
        let mut r = CaseResult {
            tool: case.tool.into(),
            label: case.label.clone(),
            arguments: case.args.clone(),
            ideal_round_trips: case.ideal,
            status: "ok".into(),
            ..CaseResult::default()
        };
        // One unmeasured call: availability check, and it opens the server's
        // upstream connections so no measured call pays for a TCP handshake.
        match mcp.call(case.tool, &case.args).await {
            Err(e) => {
                r.status = "error".into();
                r.note = Some(e);
                out.push(r);
                continue;
            }
            Ok(call) => {
                if let Some((status, note)) = classify(&call) {
                    r.status = status;
                    r.note = Some(note);
                    out.push(r);
                    continue;
                }
                r.response_bytes = Some(call.bytes);
            }
        }
        for _ in 0..opts.reps {
            ctl.clear_log().await?;
            let call = match mcp.call(case.tool, &case.args).await {
                Ok(call) => call,
                Err(e) => {
                    r.status = "error".into();
                    r.note = Some(e);
                    break;
                }
            };
            if let Some((status, note)) = classify(&call) {
                r.status = status;
                r.note = Some(note);
                break;
            }
            let log = ctl.log().await?;
            r.wall_ms.push(ms(call.wall));
            r.upstream_requests.push(log.len());
            r.depth.push(depth(&log));
            r.response_bytes = Some(call.bytes);
            let mut routes = serde_json::Map::new();
            for e in &log {
                let n = routes.get(&e.route).and_then(Value::as_u64).unwrap_or(0);
                routes.insert(e.route.clone(), json!(n + 1));
            }
            r.routes = Some(Value::Object(routes));
        }
        r.median_ms = median(&r.wall_ms);
        r.p95_ms = percentile(&r.wall_ms, 95.0);
        if case.ideal > 0 && r.ok() {
            let ideal_ms = (opts.latency_ms * case.ideal as u64) as f64;
            if ideal_ms > 0.0 {
                r.ratio = r.median_ms.map(|m| m / ideal_ms);
                r.ratio_p95 = r.p95_ms.map(|m| m / ideal_ms);
                r.ratio_pass = r.ratio.map(|x| x <= TARGET_RATIO);
            }
        }
        out.push(r);
    }
    Ok(out)
}

/// Phase 2: server CPU per call with an instant upstream (cache off).
async fn phase_cpu(
    server: &Server,
    ctl: &mut Ctl,
    cases: &[Case],
    results: &mut [CaseResult],
    opts: &Opts,
) -> Result<(Option<String>, Option<CpuSummary>), String> {
    ctl.set_latency(0).await?;
    let pid = server.proc.pid();
    let mut mcp = Mcp::new(server.addr, &server.path);
    let ticks_before = procs::cpu_ticks(pid);
    let ns_before = procs::cpu_ns(pid);
    let mut calls = 0usize;
    for (case, r) in cases.iter().zip(results.iter_mut()) {
        step(&format!("cpu      {}", case.label));
        if !r.ok() {
            continue;
        }
        // Warm-up (connections, lazily initialised tables).
        for _ in 0..2 {
            mcp.call(case.tool, &case.args).await?;
        }
        let row_ticks = procs::cpu_ticks(pid);
        for _ in 0..opts.cpu_calls {
            let before = procs::cpu_ns(pid).ok_or("cannot read /proc/PID/task/*/schedstat")?;
            mcp.call(case.tool, &case.args).await?;
            // Let the worker that answered finish (logging, drops) and park.
            tokio::time::sleep(Duration::from_millis(2)).await;
            let after = procs::cpu_ns(pid).ok_or("cannot read /proc/PID/task/*/schedstat")?;
            r.cpu_ms.push(after.saturating_sub(before) as f64 / 1e6);
            calls += 1;
        }
        r.cpu_median_ms = median(&r.cpu_ms);
        r.cpu_p95_ms = percentile(&r.cpu_ms, 95.0);
        r.cpu_pass = r.cpu_median_ms.map(|m| m <= TARGET_CPU_MS);
        r.cpu_kernel_share = match (row_ticks, procs::cpu_ticks(pid)) {
            (Some(a), Some(b)) => kernel_share(b.since(a)),
            _ => None,
        };
    }
    ctl.set_latency(opts.latency_ms).await?;
    let ticks = match (ticks_before, procs::cpu_ticks(pid)) {
        (Some(a), Some(b)) => Some(b.since(a)),
        _ => None,
    };
    let check = match (ticks, ns_before, procs::cpu_ns(pid)) {
        (Some(ticks), Some(n0), Some(n1)) if calls > 0 => {
            let tick_ms = 1000.0 / procs::clk_tck() as f64;
            Some(format!(
                "whole CPU phase ({calls} measured + warm-up calls): utime+stime {:.0} ms = {:.3} ms per measured call \
                 (kernel {}); schedstat {:.0} ms = {:.3} ms per measured call",
                ticks.total() as f64 * tick_ms,
                ticks.total() as f64 * tick_ms / calls as f64,
                percent(kernel_share(ticks)),
                (n1 - n0) as f64 / 1e6,
                (n1 - n0) as f64 / 1e6 / calls as f64,
            ))
        }
        _ => None,
    };
    Ok((check, cpu_summary(results, ticks.and_then(kernel_share))))
}

/// Rows whose ticks add up to fewer than this get no kernel share: a clock
/// tick is 10 ms, too coarse for a handful of light calls.
const MIN_SHARE_TICKS: u64 = 20;

fn kernel_share(ticks: procs::CpuTicks) -> Option<f64> {
    (ticks.total() >= MIN_SHARE_TICKS).then(|| ticks.system as f64 / ticks.total() as f64)
}

/// The CPU target over all measured calls (see [`CpuSummary`]).
fn cpu_summary(results: &[CaseResult], kernel_share: Option<f64>) -> Option<CpuSummary> {
    let all: Vec<f64> = results.iter().flat_map(|r| r.cpu_ms.iter().copied()).collect();
    let row_medians: Vec<f64> = results.iter().filter_map(|r| r.cpu_median_ms).collect();
    let median_ms = median(&all)?;
    Some(CpuSummary {
        calls: all.len(),
        median_ms,
        p95_ms: percentile(&all, 95.0)?,
        pass: median_ms <= TARGET_CPU_MS,
        median_of_row_medians_ms: median(&row_medians)?,
        rows: row_medians.len(),
        rows_within: row_medians.iter().filter(|m| **m <= TARGET_CPU_MS).count(),
        kernel_share,
    })
}

fn percent(share: Option<f64>) -> String {
    share.map_or("—".into(), |s| format!("{:.0} %", s * 100.0))
}

/// Phase 3: with the cache on, a repeated identical call.
async fn phase_cache(
    server: &Server,
    ctl: &mut Ctl,
    cases: &[Case],
    results: &mut [CaseResult],
    opts: &Opts,
) -> Result<(), String> {
    let mut mcp = Mcp::new(server.addr, &server.path);
    let pid = server.proc.pid();
    for (case, r) in cases.iter().zip(results.iter_mut()) {
        step(&format!("cache    {}", case.label));
        if !r.ok() || case.skip_cache {
            continue;
        }
        mcp.call(case.tool, &case.args).await?;
        let mut max_requests = 0;
        for _ in 0..opts.cache_repeats {
            ctl.clear_log().await?;
            let before = procs::cpu_ns(pid).ok_or("cannot read /proc/PID/task/*/schedstat")?;
            let call = mcp.call(case.tool, &case.args).await?;
            // As in the CPU phase: let the worker finish and park.
            tokio::time::sleep(Duration::from_millis(2)).await;
            let after = procs::cpu_ns(pid).ok_or("cannot read /proc/PID/task/*/schedstat")?;
            let log = ctl.log().await?;
            max_requests = max_requests.max(log.len());
            r.cached_ms.push(ms(call.wall));
            r.cached_cpu_ms.push(after.saturating_sub(before) as f64 / 1e6);
        }
        r.cached_requests = Some(max_requests);
        r.cached_median_ms = median(&r.cached_ms);
        r.cached_cpu_median_ms = median(&r.cached_cpu_ms);
        r.cached_pass = r
            .cached_cpu_median_ms
            .map(|m| max_requests == 0 && m < TARGET_CACHED_MS);
    }
    Ok(())
}

/// Phase 4: peak RSS of a fresh server under a burst of concurrent calls.
async fn phase_burst(
    bins: &Bins,
    base_url: &str,
    ctl: &mut Ctl,
    cases: &[Case],
    opts: &Opts,
    cache_mb: Option<u64>,
) -> Result<Burst, String> {
    let server = start_server(bins, base_url, opts, cache_mb)?;
    let pid = server.proc.pid();
    ctl.reset().await?;
    ctl.set_latency(opts.latency_ms).await?;
    // Let the fresh process settle before reading its idle size.
    tokio::time::sleep(Duration::from_millis(100)).await;
    let idle = procs::status_kb(pid, "VmRSS");
    let barrier = Arc::new(tokio::sync::Barrier::new(opts.burst + 1));
    let mut tasks = Vec::new();
    for i in 0..opts.burst {
        let case = cases[i % cases.len()].clone();
        let barrier = barrier.clone();
        let (addr, path) = (server.addr, server.path.clone());
        tasks.push(tokio::spawn(async move {
            let mut mcp = Mcp::new(addr, &path);
            let warmed = mcp.client.warm().await;
            barrier.wait().await;
            warmed.map_err(|e| e.to_string())?;
            let call = mcp.call(case.tool, &case.args).await?;
            match classify(&call) {
                Some((_, note)) => Err(note),
                None => Ok(ms(call.wall)),
            }
        }));
    }
    barrier.wait().await;
    let started = Instant::now();
    let mut ok = 0;
    let mut failed = 0;
    let mut first_error = None;
    let mut slowest: f64 = 0.0;
    for t in tasks {
        match t.await {
            Ok(Ok(wall)) => {
                ok += 1;
                slowest = slowest.max(wall);
            }
            Ok(Err(e)) => {
                failed += 1;
                first_error.get_or_insert(e);
            }
            Err(e) => {
                failed += 1;
                first_error.get_or_insert(e.to_string());
            }
        }
    }
    let wall = ms(started.elapsed());
    let peak = procs::status_kb(pid, "VmHWM");
    let stats = ctl.stats().await?;
    let peak_mib = peak.map(|kb| kb as f64 / 1024.0);
    Ok(Burst {
        config: match cache_mb {
            Some(0) => "cache off (WLO_CACHE_MAX_MB=0)".into(),
            Some(mb) => format!("cache {mb} MiB"),
            None => "default config (cache 16 MiB)".into(),
        },
        calls: opts.burst,
        ok,
        failed,
        first_error,
        wall_ms: wall,
        slowest_call_ms: slowest,
        idle_rss_mib: idle.map(|kb| kb as f64 / 1024.0),
        peak_rss_mib: peak_mib,
        upstream_requests: stats.total_requests,
        upstream_peak_concurrency: stats.peak_concurrency,
        pass: peak_mib.map(|m| m <= TARGET_RSS_MIB),
    })
}

async fn tools_list_size(server: &Server) -> Result<ToolsList, String> {
    let mut mcp = Mcp::new(server.addr, &server.path);
    let (_, response) = mcp.rpc("tools/list", json!({})).await?;
    let doc = rpc_document(&response)?;
    let tools = doc["result"]["tools"].as_array().map_or(0, Vec::len);
    if tools == 0 {
        return Err(format!("tools/list without tools: {}", clip(&response.text(), 200)));
    }
    let chars = response.text().chars().count();
    Ok(ToolsList {
        tools,
        bytes: response.body.len(),
        chars,
        tokens_estimate: chars / 4,
    })
}

async fn phase_throughput(server: &Server, opts: &Opts) -> Result<Throughput, String> {
    let pid = server.proc.pid();
    let duration = Duration::from_secs_f64(opts.throughput_secs);
    let barrier = Arc::new(tokio::sync::Barrier::new(opts.throughput_conns + 1));
    let mut tasks = Vec::new();
    for _ in 0..opts.throughput_conns {
        let barrier = barrier.clone();
        let (addr, path) = (server.addr, server.path.clone());
        tasks.push(tokio::spawn(async move {
            let mut mcp = Mcp::new(addr, &path);
            let _ = mcp.rpc("tools/list", json!({})).await;
            barrier.wait().await;
            let start = Instant::now();
            let (mut ok, mut failed, mut busy) = (0usize, 0usize, Duration::ZERO);
            while start.elapsed() < duration {
                match mcp.rpc("tools/list", json!({})).await {
                    Ok((wall, r)) if r.status == 200 => {
                        ok += 1;
                        busy += wall;
                    }
                    _ => failed += 1,
                }
            }
            (ok, failed, busy)
        }));
    }
    barrier.wait().await;
    let t0 = procs::cpu_ticks(pid);
    let started = Instant::now();
    let (mut ok, mut failed, mut busy) = (0, 0, Duration::ZERO);
    for t in tasks {
        let (o, f, b) = t.await.map_err(|e| e.to_string())?;
        ok += o;
        failed += f;
        busy += b;
    }
    let secs = started.elapsed().as_secs_f64();
    let cores = match (t0, procs::cpu_ticks(pid)) {
        (Some(a), Some(b)) => Some(b.since(a).total() as f64 / procs::clk_tck() as f64 / secs),
        _ => None,
    };
    Ok(Throughput {
        connections: opts.throughput_conns,
        seconds: secs,
        requests: ok,
        failed,
        requests_per_second: ok as f64 / secs,
        mean_latency_ms: if ok > 0 { ms(busy) / ok as f64 } else { 0.0 },
        server_cpu_cores: cores,
    })
}

fn initialize_body() -> String {
    json!({
        "jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": PROTOCOL_VERSION, "capabilities": {}, "clientInfo": {"name": "wlo-bench", "version": "1.0"}}
    })
    .to_string()
}

/// Process start → first answered `initialize` of an HTTP listener on `port`
/// (blocking; the connect attempts are spaced by 50 µs).
fn cold_start_http(mut cmd: std::process::Command, port: u16, path: &str) -> Result<Duration, String> {
    let body = initialize_body();
    let within = Duration::from_secs(10);
    cmd.stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null());
    let started = Instant::now();
    let child = cmd.spawn().map_err(|e| format!("cannot start: {e}"))?;
    let mut proc = Proc { child };
    let mut stream = loop {
        match std::net::TcpStream::connect(("127.0.0.1", port)) {
            Ok(s) => break s,
            Err(e) => {
                if started.elapsed() > within {
                    return Err(format!("no listener on port {port} within {within:?}: {e}"));
                }
                if let Ok(Some(status)) = proc.child.try_wait() {
                    return Err(format!("exited with {status} before listening"));
                }
                std::thread::sleep(Duration::from_micros(50));
            }
        }
    };
    let host = format!("127.0.0.1:{port}");
    let headers = [
        ("Content-Type", "application/json"),
        ("Accept", "application/json, text/event-stream"),
    ];
    let response = http::send_blocking(&mut stream, &host, "POST", path, &headers, body.as_bytes(), within)
        .map_err(|e| format!("initialize: {e}"))?;
    let elapsed = started.elapsed();
    let text = response.text();
    if response.status != 200 || !text.contains("\"result\"") {
        return Err(format!(
            "initialize answered HTTP {}: {}",
            response.status,
            clip(&text, 200)
        ));
    }
    Ok(elapsed)
}

async fn phase_cold_start(bins: &Bins, base_url: &str, opts: &Opts) -> Vec<ColdStart> {
    let mut out = Vec::new();
    let env = server_env(base_url, opts, &[]);
    let kinds: [(&str, &Path, Option<f64>); 3] = [
        ("wlo-mcp serve", &bins.server, Some(TARGET_COLD_MS)),
        ("mcp (Vercel, VERCEL_DEV_PORT)", &bins.vercel, Some(TARGET_COLD_MS)),
        ("lambda (mock Runtime API)", &bins.lambda, None),
    ];
    for (name, bin, target) in kinds {
        step(&format!("cold start {name} ×{}", opts.cold_runs));
        let mut runs = Vec::new();
        let mut error = None;
        for _ in 0..opts.cold_runs {
            let result = match name {
                n if n.starts_with("wlo-mcp") => {
                    let port = procs::free_port();
                    let cmd = procs::command(bin, &["serve", "--port", &port.to_string()], &env);
                    tokio::task::spawn_blocking(move || cold_start_http(cmd, port, "/mcp"))
                        .await
                        .unwrap_or_else(|e| Err(e.to_string()))
                }
                n if n.starts_with("mcp") => {
                    let port = procs::free_port();
                    let mut env = env.clone();
                    env.push(("VERCEL_DEV_PORT", port.to_string()));
                    let cmd = procs::command(bin, &[], &env);
                    tokio::task::spawn_blocking(move || cold_start_http(cmd, port, "/mcp"))
                        .await
                        .unwrap_or_else(|e| Err(e.to_string()))
                }
                _ => {
                    let cmd = procs::command(bin, &[], &env);
                    lambda_mock::cold_start(cmd, &initialize_body(), Duration::from_secs(10)).await
                }
            };
            match result {
                Ok(d) => runs.push(ms(d)),
                Err(e) => {
                    error = Some(e);
                    break;
                }
            }
        }
        let median_ms = median(&runs);
        out.push(ColdStart {
            binary: name.into(),
            min_ms: runs.iter().copied().reduce(f64::min),
            max_ms: runs.iter().copied().reduce(f64::max),
            median_ms,
            runs_ms: runs,
            target_ms: target,
            pass: match (target, median_ms, &error) {
                (Some(t), Some(m), None) => Some(m <= t),
                (Some(_), _, Some(_)) => Some(false),
                _ => None,
            },
            error,
        });
    }
    out
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

// ---------------------------------------------------------------- report

fn utc_now() -> String {
    utc(SystemTime::now())
}

fn utc(t: SystemTime) -> String {
    let secs = t.duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
    let (days, rem) = ((secs / 86_400) as i64, secs % 86_400);
    let (y, m, d) = wlo_standin::corpus::civil_date(days);
    format!("{y:04}-{m:02}-{d:02} {:02}:{:02} UTC", rem / 3600, rem % 3600 / 60)
}

fn verdict(pass: Option<bool>) -> &'static str {
    match pass {
        Some(true) => "PASS",
        Some(false) => "FAIL",
        None => "—",
    }
}

fn f1(v: Option<f64>) -> String {
    v.map_or("—".into(), |v| format!("{v:.1}"))
}

fn f2(v: Option<f64>) -> String {
    v.map_or("—".into(), |v| format!("{v:.2}"))
}

fn f3(v: Option<f64>) -> String {
    v.map_or("—".into(), |v| format!("{v:.3}"))
}

fn range(v: &[usize]) -> String {
    match (v.iter().min(), v.iter().max()) {
        (Some(a), Some(b)) if a == b => a.to_string(),
        (Some(a), Some(b)) => format!("{a}–{b}"),
        _ => "—".into(),
    }
}

fn markdown(r: &Report) -> String {
    let o = &r.options;
    let mut s = String::new();
    let _ = writeln!(s, "# wlo-mcp performance benchmark\n");
    let _ = writeln!(
        s,
        "{} · {} · {} CPUs (load average {} at the start, {} at the end) · stand-in latency {} ms (jitter 0) · {} measured calls per row{} · `{}`\n",
        r.date,
        r.machine,
        r.cpus,
        f2(r.load_start),
        f2(r.load_end),
        o.latency_ms,
        o.reps,
        if o.quick { " (--quick)" } else { "" },
        r.command
    );
    let _ = writeln!(s, "Server: `{}`.\n", r.server_binary);
    if !o.server_env.is_empty() {
        let env: Vec<String> = o.server_env.iter().map(|(k, v)| format!("`{k}={v}`")).collect();
        let _ = writeln!(s, "Extra server environment: {}.\n", env.join(", "));
    }
    let _ = writeln!(
        s,
        "## Tool calls\n\nWall time over HTTP, cache off (`WLO_CACHE_MAX_MB=0`: a fresh cache for every call); \
         ratio = median ÷ ({} ms × ideal round trips), target ≤ {TARGET_RATIO:.2}. Requests and depth come from the \
         stand-in's request log (depth = longest chain of requests each starting after the previous one ended). \
         CPU = server CPU per call with an instant upstream (latency 0, cache off); the target, median ≤ {TARGET_CPU_MS} ms, \
         is taken over all measured calls (below the table), the row column is informative. \
         Cached = the same call repeated with the cache on (16 MiB): upstream requests, wall time at the driver \
         (including its loopback round trip: an upper bound) and server CPU of the repeat; target 0 requests and \
         < {TARGET_CACHED_MS} ms server time (a cached answer awaits nothing, so its server time is its CPU time).\n",
        o.latency_ms
    );
    let _ = writeln!(
        s,
        "| call | ideal RT | median ms | p95 ms | ratio | ≤ {TARGET_RATIO:.2} | upstream req | depth | bytes | CPU ms median / p95 | row ≤ 1 ms | cached: req / wall ms / server CPU ms | 0 req, < 1 ms |"
    );
    let _ = writeln!(
        s,
        "|---|---:|---:|---:|---:|:---:|---:|---:|---:|---:|:---:|---:|:---:|"
    );
    for c in &r.calls {
        if !c.ok() {
            let _ = writeln!(
                s,
                "| {} | {} | {} | | | {} | | | | | | | |",
                c.label,
                c.ideal_round_trips,
                c.note.as_deref().unwrap_or(""),
                c.status.to_uppercase()
            );
            continue;
        }
        let ratio = if c.ideal_round_trips == 0 {
            "server time only".into()
        } else {
            f2(c.ratio)
        };
        let cached = match (c.cached_requests, c.cached_median_ms, c.cached_cpu_median_ms) {
            (Some(n), Some(m), Some(cpu)) => format!("{n} / {m:.2} / {cpu:.2}"),
            _ if c.label.contains("+ text") => "— (textContent and a 500 are never cached)".into(),
            _ => "— (always asks)".into(),
        };
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} / {} | {} | {} | {} |",
            c.label,
            c.ideal_round_trips,
            f1(c.median_ms),
            f1(c.p95_ms),
            ratio,
            verdict(c.ratio_pass),
            range(&c.upstream_requests),
            range(&c.depth),
            c.response_bytes.map_or("—".into(), |b| b.to_string()),
            f3(c.cpu_median_ms),
            f3(c.cpu_p95_ms),
            verdict(c.cpu_pass),
            cached,
            verdict(c.cached_pass),
        );
    }
    if let Some(cpu) = &r.cpu {
        let _ = writeln!(
            s,
            "\n**Server CPU per tool call (target: median ≤ {TARGET_CPU_MS} ms): median over all {} measured calls \
             {:.3} ms (p95 {:.3}) — {}.** Median of the row medians {:.3} ms; {} of {} rows ≤ {TARGET_CPU_MS} ms on their own \
             (column \"row ≤ 1 ms\"; the rows above are listed under Verdict with their upstream requests).",
            cpu.calls,
            cpu.median_ms,
            cpu.p95_ms,
            verdict(Some(cpu.pass)),
            cpu.median_of_row_medians_ms,
            cpu.rows_within,
            cpu.rows,
        );
    }
    if let Some(check) = &r.cpu_phase_cross_check {
        let _ = writeln!(s, "\nCPU cross-check: {check}.");
    }
    if r.calls.iter().any(|c| c.routes.is_some()) {
        let _ = writeln!(s, "\nUpstream requests of one call by route (last measured call):\n");
        let _ = writeln!(s, "| call | requests by route |");
        let _ = writeln!(s, "|---|---|");
        for c in r.calls.iter().filter(|c| c.routes.is_some()) {
            let routes = c
                .routes
                .as_ref()
                .and_then(Value::as_object)
                .map(|m| {
                    let mut routes: Vec<(&String, u64)> = m.iter().map(|(k, v)| (k, v.as_u64().unwrap_or(0))).collect();
                    routes.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(b.0)));
                    routes
                        .iter()
                        .map(|(k, v)| format!("{k} {v}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                })
                .unwrap_or_default();
            let _ = writeln!(
                s,
                "| {} | {} |",
                c.label,
                if routes.is_empty() { "none".into() } else { routes }
            );
        }
    }
    if !r.cold_start.is_empty() {
        let _ = writeln!(
            s,
            "\n## Cold start (process start → first answered `initialize`, median of {} runs)\n",
            o.cold_runs
        );
        let _ = writeln!(s, "| binary | median ms | min ms | max ms | target | verdict |");
        let _ = writeln!(s, "|---|---:|---:|---:|---:|:---:|");
    }
    for c in &r.cold_start {
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} | {}{} |",
            c.binary,
            f1(c.median_ms),
            f1(c.min_ms),
            f1(c.max_ms),
            c.target_ms.map_or("— (report only)".into(), |t| format!("≤ {t} ms")),
            verdict(c.pass),
            c.error
                .as_deref()
                .map(|e| format!(" ({})", clip(e, 120)))
                .unwrap_or_default()
        );
    }
    if !r.burst.is_empty() {
        let _ = writeln!(
            s,
            "\n## Peak RSS of `wlo-mcp serve` under a burst of {} concurrent mixed tool calls (latency {} ms)\n\n\
             The calls cycle through the rows of the tool table; every call has its own connection, all are sent at once.\n",
            o.burst, o.latency_ms
        );
        let _ = writeln!(
            s,
            "| config | ok / failed | burst wall ms | slowest call ms | upstream req | upstream peak in flight | idle RSS MiB | peak RSS (VmHWM) MiB | ≤ {TARGET_RSS_MIB} MiB |"
        );
        let _ = writeln!(s, "|---|---:|---:|---:|---:|---:|---:|---:|:---:|");
    }
    for b in &r.burst {
        let _ = writeln!(
            s,
            "| {} | {} / {}{} | {:.0} | {:.0} | {} | {} | {} | {} | {} |",
            b.config,
            b.ok,
            b.failed,
            b.first_error
                .as_deref()
                .map(|e| format!(" ({})", clip(e, 80)))
                .unwrap_or_default(),
            b.wall_ms,
            b.slowest_call_ms,
            b.upstream_requests,
            b.upstream_peak_concurrency,
            f1(b.idle_rss_mib),
            f1(b.peak_rss_mib),
            verdict(b.pass)
        );
    }
    if let Some(t) = &r.throughput {
        let _ = writeln!(
            s,
            "\n## `tools/list` throughput\n\n{:.0} requests/s with {} keep-alive connections for {:.1} s ({} requests, {} failed, mean latency {:.2} ms); \
             server CPU {} cores. Load driver and server share the machine's {} CPUs.",
            t.requests_per_second,
            t.connections,
            t.seconds,
            t.requests,
            t.failed,
            t.mean_latency_ms,
            f2(t.server_cpu_cores),
            r.cpus
        );
    }
    if let Some(t) = &r.tools_list {
        let _ = writeln!(
            s,
            "\n## `tools/list` size\n\n{} tools, {} bytes, {} characters ≈ **{} tokens** (characters / 4).",
            t.tools, t.bytes, t.chars, t.tokens_estimate
        );
    }
    finish_markdown(s, r)
}

fn finish_markdown(mut s: String, r: &Report) -> String {
    let _ = writeln!(s, "\n## Verdict\n");
    if r.failures.is_empty() && r.errors.is_empty() {
        let _ = writeln!(s, "All targets PASS.");
    }
    for f in &r.failures {
        let _ = writeln!(s, "- FAIL: {f}");
    }
    for e in &r.errors {
        let _ = writeln!(s, "- ERROR: {e}");
    }
    if !r.notes.is_empty() {
        let _ = writeln!(
            s,
            "\nRows above {TARGET_CPU_MS} ms of CPU on their own (informative, not a target):\n"
        );
        for n in &r.notes {
            let _ = writeln!(s, "- {n}");
        }
    }
    let _ = writeln!(s, "\nBenchmark run time {:.0} s.", r.duration_s);
    s
}

fn collect_failures(r: &mut Report) {
    let mut failures = Vec::new();
    let mut notes = Vec::new();
    if let Some(cpu) = r.cpu.as_ref().filter(|c| !c.pass) {
        failures.push(format!(
            "server CPU per tool call: median over all {} measured calls {:.3} ms > {TARGET_CPU_MS} ms",
            cpu.calls, cpu.median_ms
        ));
    }
    for c in &r.calls {
        if c.ratio_pass == Some(false) {
            failures.push(format!(
                "{}: ratio {} > {TARGET_RATIO:.2} (median {} ms, depth {}, ideal {})",
                c.label,
                f2(c.ratio),
                f1(c.median_ms),
                range(&c.depth),
                c.ideal_round_trips
            ));
        }
        if c.cpu_pass == Some(false) {
            let requests = c.upstream_requests.iter().max().copied().unwrap_or(0);
            // Per request only where the reads dominate; a search's CPU goes
            // to parsing and ranking its few large answers.
            let per_request = match (c.cpu_median_ms, requests) {
                (Some(ms), n) if n >= 10 => format!(" = {:.0} µs per request", ms * 1000.0 / n as f64),
                _ => String::new(),
            };
            let kernel = c
                .cpu_kernel_share
                .map(|share| format!(", {} of it in the kernel", percent(Some(share))))
                .unwrap_or_default();
            notes.push(format!(
                "{}: CPU median {} ms with {requests} upstream requests{per_request}{kernel}",
                c.label,
                f3(c.cpu_median_ms),
            ));
        }
        if c.cached_pass == Some(false) {
            failures.push(format!(
                "{}: cached repeat made {} upstream requests, {} ms server CPU",
                c.label,
                c.cached_requests.unwrap_or(0),
                f2(c.cached_cpu_median_ms)
            ));
        }
        if c.status == "error" {
            r.errors
                .push(format!("{}: {}", c.label, c.note.as_deref().unwrap_or("")));
        }
    }
    for c in &r.cold_start {
        if c.pass == Some(false) {
            failures.push(format!("cold start {}: median {} ms", c.binary, f1(c.median_ms)));
        }
        if let Some(e) = &c.error {
            r.errors.push(format!("cold start {}: {e}", c.binary));
        }
    }
    for b in &r.burst {
        if b.pass == Some(false) {
            failures.push(format!("peak RSS ({}): {} MiB", b.config, f1(b.peak_rss_mib)));
        }
        if b.failed > 0 {
            r.errors.push(format!(
                "burst ({}): {} of {} calls failed: {}",
                b.config,
                b.failed,
                b.calls,
                b.first_error.as_deref().unwrap_or("")
            ));
        }
    }
    r.failures = failures;
    r.notes = notes;
}

// ---------------------------------------------------------------- main

async fn run(opts: Opts) -> Result<Report, String> {
    let started = Instant::now();
    let bins = find_bins(opts.build)?;
    progress(&format!(
        "binaries: {}",
        bins.server.parent().unwrap_or(Path::new(".")).display()
    ));

    let (_standin, standin_addr, base_url) = start_standin(&bins, opts.latency_ms)?;
    let mut ctl = Ctl {
        client: http::Client::new(standin_addr),
    };
    let truth = ctl.get("/_control/ground-truth").await?;
    let corpus = Corpus::from_json(&String::from_utf8_lossy(&truth.body)).map_err(|e| format!("ground truth: {e}"))?;
    let cases = build_cases(&corpus);
    let steps = [
        ("calls", cases.len() * 2 + 2),
        ("cache", cases.len()),
        ("burst", 2),
        ("cold", 3),
    ];
    STEPS.store(
        steps.iter().filter(|(p, _)| opts.runs(p)).map(|(_, n)| n).sum(),
        Ordering::Relaxed,
    );

    let mut report = Report {
        date: utc_now(),
        machine: procs::cpu_model(),
        cpus: procs::cpus(),
        load_start: procs::loadavg(),
        load_end: None,
        options: opts.clone(),
        command: std::iter::once("scripts/bench.sh".to_string())
            .chain(std::env::args().skip(1))
            .collect::<Vec<_>>()
            .join(" "),
        server_binary: format!(
            "{} (built {})",
            bins.server
                .strip_prefix(workspace_root())
                .unwrap_or(&bins.server)
                .display(),
            std::fs::metadata(&bins.server)
                .and_then(|m| m.modified())
                .map(utc)
                .unwrap_or_else(|_| "?".into())
        ),
        calls: Vec::new(),
        cpu_phase_cross_check: None,
        cpu: None,
        cold_start: Vec::new(),
        burst: Vec::new(),
        throughput: None,
        tools_list: None,
        failures: Vec::new(),
        notes: Vec::new(),
        errors: Vec::new(),
        duration_s: 0.0,
    };

    // Without the calls phase every case counts as available.
    report.calls = cases
        .iter()
        .map(|c| CaseResult {
            tool: c.tool.into(),
            label: c.label.clone(),
            arguments: c.args.clone(),
            ideal_round_trips: c.ideal,
            status: "ok".into(),
            ..CaseResult::default()
        })
        .collect();

    // Cache off: latency, CPU, tools/list.
    if opts.runs("calls") {
        let server = start_server(&bins, &base_url, &opts, Some(0))?;
        ctl.reset().await?;
        ctl.set_latency(opts.latency_ms).await?;
        let mut calls = phase_latency(&server, &mut ctl, &cases, &opts).await?;
        (report.cpu_phase_cross_check, report.cpu) = phase_cpu(&server, &mut ctl, &cases, &mut calls, &opts).await?;
        report.calls = calls;
        step("tools/list size");
        match tools_list_size(&server).await {
            Ok(t) => report.tools_list = Some(t),
            Err(e) => report.errors.push(format!("tools/list: {e}")),
        }
        step(&format!(
            "tools/list throughput ({} connections, {:.0} s)",
            opts.throughput_conns, opts.throughput_secs
        ));
        match phase_throughput(&server, &opts).await {
            Ok(t) => report.throughput = Some(t),
            Err(e) => report.errors.push(format!("throughput: {e}")),
        }
    }

    // Cache on: repeated identical calls.
    if opts.runs("cache") {
        let server = start_server(&bins, &base_url, &opts, Some(16))?;
        ctl.reset().await?;
        ctl.set_latency(opts.latency_ms).await?;
        phase_cache(&server, &mut ctl, &cases, &mut report.calls, &opts).await?;
    }

    // Burst: peak RSS, default config and cache off.
    for cache in [None, Some(0)] {
        if !opts.runs("burst") {
            break;
        }
        step(&format!(
            "burst of {} concurrent calls, {}",
            opts.burst,
            if cache.is_none() { "default config" } else { "cache off" }
        ));
        // Only the calls that answered (a tool that is not available yet would fail the burst).
        let available: Vec<Case> = cases
            .iter()
            .zip(&report.calls)
            .filter(|(_, r)| r.ok())
            .map(|(c, _)| c.clone())
            .collect();
        if available.is_empty() {
            report.errors.push("burst: no tool call is available".into());
            break;
        }
        match phase_burst(&bins, &base_url, &mut ctl, &available, &opts, cache).await {
            Ok(b) => report.burst.push(b),
            Err(e) => report.errors.push(format!("burst: {e}")),
        }
    }

    if opts.runs("cold") {
        report.cold_start = phase_cold_start(&bins, &base_url, &opts).await;
    }
    report.duration_s = started.elapsed().as_secs_f64();
    report.load_end = procs::loadavg();
    collect_failures(&mut report);
    Ok(report)
}

fn main() -> ExitCode {
    let opts = match parse_opts() {
        Ok(o) => o,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("error: {e}");
            }
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("error: cannot start the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    if opts.tail {
        return match runtime.block_on(tail::run(opts)) {
            Ok(report) => {
                print!("{report}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::FAILURE
            }
        };
    }
    let json_out = opts.json;
    let strict = opts.strict;
    let save_json = opts.save_json.clone();
    match runtime.block_on(run(opts)) {
        Ok(report) => {
            if let Some(path) = &save_json
                && let Err(e) = std::fs::write(path, serde_json::to_string_pretty(&report).unwrap_or_default())
            {
                eprintln!("error: cannot write {path}: {e}");
            }
            if json_out {
                println!("{}", serde_json::to_string_pretty(&report).unwrap_or_default());
            } else {
                print!("{}", markdown(&report));
            }
            eprintln!(
                "done in {:.0} s: {} target(s) FAIL, {} error(s)",
                report.duration_s,
                report.failures.len(),
                report.errors.len()
            );
            if !report.errors.is_empty() || (strict && !report.failures.is_empty()) {
                ExitCode::FAILURE
            } else {
                ExitCode::SUCCESS
            }
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(label: &str, cpu_ms: &[f64], requests: usize) -> CaseResult {
        CaseResult {
            label: label.into(),
            status: "ok".into(),
            cpu_ms: cpu_ms.to_vec(),
            cpu_median_ms: median(cpu_ms),
            cpu_pass: median(cpu_ms).map(|m| m <= TARGET_CPU_MS),
            upstream_requests: vec![requests],
            ..CaseResult::default()
        }
    }

    #[test]
    fn the_cpu_target_is_the_median_over_all_calls() {
        let rows = [
            row("light", &[0.2, 0.25, 0.3], 1),
            row("medium", &[0.4, 0.5, 0.6], 2),
            row("heavy", &[5.0, 6.0, 7.0], 167),
        ];
        let cpu = cpu_summary(&rows, None).unwrap();
        assert_eq!((cpu.calls, cpu.median_ms, cpu.pass), (9, 0.5, true));
        assert_eq!((cpu.rows, cpu.rows_within), (3, 2));

        let rows = [
            row("a", &[2.0, 2.0], 3),
            row("b", &[0.5, 0.5], 1),
            row("c", &[3.0, 3.0], 5),
        ];
        let cpu = cpu_summary(&rows, None).unwrap();
        assert!(!cpu.pass, "median {} ms", cpu.median_ms);
        assert!(cpu_summary(&[], None).is_none());
    }

    #[test]
    fn a_heavy_row_is_a_note_and_a_failed_target_a_failure() {
        let mut report = Report {
            calls: vec![row("light", &[0.2, 0.3], 1), row("heavy", &[6.0, 7.0], 167)],
            ..Report::default()
        };
        report.calls.push(row("light 2", &[0.1, 0.2], 1));
        report.cpu = cpu_summary(&report.calls, None);
        collect_failures(&mut report);
        assert!(report.failures.is_empty(), "{:?}", report.failures);
        assert_eq!(report.notes.len(), 1);
        assert!(
            report.notes[0].starts_with("heavy: CPU median 6.500 ms with 167 upstream requests = 39 µs per request")
        );

        report.calls.push(row("heavy 2", &[4.0, 4.0], 20));
        report.calls.push(row("heavy 3", &[4.0, 4.0], 20));
        report.cpu = cpu_summary(&report.calls, None);
        collect_failures(&mut report);
        assert_eq!(report.failures.len(), 1, "{:?}", report.failures);
        assert!(report.failures[0].starts_with("server CPU per tool call: median over all 10 measured calls"));
    }
}
