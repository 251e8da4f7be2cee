//! Command line of `bench`, and the options a run works with.

use clap::Parser;
use serde::Serialize;

/// The benchmark's phases, in the order they run (`--only`).
pub(crate) const PHASES: &[&str] = &["calls", "cache", "burst", "oversized", "cold"];

/// Performance benchmark of the wlo-mcp server (see docs/performance.md).
#[derive(Debug, Parser)]
#[command(name = "bench")]
pub(crate) struct Cli {
    /// Print the results as one JSON document on stdout (progress stays on stderr).
    #[arg(long)]
    json: bool,
    /// Fewer repetitions (CI smoke run, < 60 s).
    #[arg(long)]
    quick: bool,
    /// Injected upstream latency of the stand-in.
    #[arg(long, value_name = "N", default_value_t = 100)]
    latency_ms: u64,
    /// Measured calls per tool call [default: 20, with --quick: 3].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    reps: Option<u64>,
    /// Run `cargo build --release --workspace --bins` first (default: only when a binary is missing).
    #[arg(long)]
    build: bool,
    /// Exit with code 1 when any target FAILs.
    #[arg(long)]
    strict: bool,
    /// Extra environment variable for every server process (repeatable), e.g.
    /// `--server-env MALLOC_ARENA_MAX=2` to try an allocator setting.
    #[arg(long, value_name = "K=V", value_parser = key_value)]
    server_env: Vec<(String, String)>,
    /// Run only these phases (comma list): calls (wall time, requests, depth, bytes, CPU,
    /// tools/list), cache, burst, oversized, cold [default: all].
    #[arg(long, value_name = "LIST", value_delimiter = ',', value_parser = clap::builder::PossibleValuesParser::new(PHASES))]
    only: Vec<String>,
    /// Also write the JSON document to PATH.
    #[arg(long, value_name = "PATH")]
    save_json: Option<String>,
    /// Run only the tail-latency table: 5 % stragglers of +1000 ms and none, hedged reads off
    /// and on (Markdown on stdout).
    #[arg(long)]
    tail: bool,
    /// Measured calls per row of the tail table.
    #[arg(long, value_name = "N", default_value_t = 400, value_parser = clap::value_parser!(u64).range(1..))]
    tail_calls: u64,
    /// Run only the fleet table: 8 instances, in-process cache only vs. a shared tier on a
    /// local redis-server (needs `redis-server`; Markdown on stdout).
    #[arg(long)]
    fleet: bool,
    /// Calls in flight at once in the tail table.
    #[arg(long, value_name = "N", default_value_t = 32, value_parser = clap::value_parser!(u64).range(1..))]
    tail_concurrency: u64,
    /// Run only the ingress flood table: peak RSS of the server under many large POSTs at once,
    /// with and without a token (Markdown on stdout; see `flood.rs`).
    #[arg(long)]
    flood: bool,
    /// Requests sent at once per row of the flood table.
    #[arg(long, value_name = "N", default_value_t = 200, value_parser = clap::value_parser!(u64).range(1..))]
    flood_requests: u64,
}

fn key_value(arg: &str) -> Result<(String, String), String> {
    arg.split_once('=')
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .ok_or_else(|| "needs KEY=VALUE".to_string())
}

/// What one run does: the command line with the repetitions `--quick` implies.
#[derive(Debug, Clone, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Opts {
    pub(crate) json: bool,
    pub(crate) quick: bool,
    pub(crate) latency_ms: u64,
    pub(crate) reps: usize,
    pub(crate) cpu_calls: usize,
    pub(crate) cache_repeats: usize,
    pub(crate) cold_runs: usize,
    pub(crate) burst: usize,
    pub(crate) throughput_conns: usize,
    pub(crate) throughput_secs: f64,
    pub(crate) build: bool,
    pub(crate) strict: bool,
    /// Extra environment for every server process (`--server-env K=V`).
    pub(crate) server_env: Vec<(String, String)>,
    /// Phases to run (`--only`): calls, cache, burst, cold.
    pub(crate) phases: Vec<String>,
    /// Also write the JSON document to this file (`--save-json PATH`).
    pub(crate) save_json: Option<String>,
    /// Run the tail-latency table instead (`--tail`, see `tail.rs`).
    pub(crate) tail: bool,
    pub(crate) tail_calls: usize,
    pub(crate) tail_concurrency: usize,
    /// Run the fleet table instead (`--fleet`, see `fleet.rs`).
    pub(crate) fleet: bool,
    /// Run the ingress flood table instead (`--flood`, see `flood.rs`).
    pub(crate) flood: bool,
    pub(crate) flood_requests: usize,
}

impl Opts {
    pub(crate) fn runs(&self, phase: &str) -> bool {
        self.phases.iter().any(|p| p == phase)
    }
}

impl From<Cli> for Opts {
    fn from(cli: Cli) -> Opts {
        let quick = cli.quick;
        let phases = if cli.only.is_empty() {
            PHASES.iter().map(|p| p.to_string()).collect()
        } else {
            cli.only
        };
        Opts {
            json: cli.json,
            quick,
            latency_ms: cli.latency_ms,
            reps: cli.reps.map_or(if quick { 3 } else { 20 }, |n| n as usize),
            cpu_calls: if quick { 10 } else { 50 },
            cache_repeats: if quick { 3 } else { 10 },
            cold_runs: if quick { 10 } else { 20 },
            burst: 200,
            throughput_conns: 32,
            throughput_secs: if quick { 1.0 } else { 3.0 },
            build: cli.build,
            strict: cli.strict,
            server_env: cli.server_env,
            phases,
            save_json: cli.save_json,
            tail: cli.tail,
            tail_calls: cli.tail_calls as usize,
            tail_concurrency: cli.tail_concurrency as usize,
            fleet: cli.fleet,
            flood: cli.flood,
            flood_requests: cli.flood_requests as usize,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opts(args: &[&str]) -> Result<Opts, clap::Error> {
        Cli::try_parse_from(std::iter::once("bench").chain(args.iter().copied())).map(Opts::from)
    }

    #[test]
    fn defaults_quick_and_lists() {
        let o = opts(&[]).unwrap();
        assert_eq!((o.reps, o.cpu_calls, o.cold_runs, o.latency_ms), (20, 50, 20, 100));
        assert_eq!(o.phases, PHASES);
        let o = opts(&["--quick", "--only", "burst,cold", "--server-env", "A=b=c", "--reps=5"]).unwrap();
        assert_eq!((o.reps, o.cpu_calls, o.cold_runs), (5, 10, 10));
        assert_eq!(o.phases, ["burst", "cold"]);
        assert_eq!(o.server_env, [("A".to_string(), "b=c".to_string())]);
        assert!(opts(&["--only", "nope"]).is_err());
        assert!(opts(&["--server-env", "novalue"]).is_err());
        assert!(opts(&["--reps", "0"]).is_err());
    }
}
