//! `wlo-standin [--port N] [--seed N] [--corpus generated|wlo-2023] [--match substring|whole-word] [--latency-ms N] [--jitter-ms N] [--straggler-permille N] [--straggler-ms N]`
//!
//! `--corpus wlo-2023` serves WLO's real collection tree instead of the
//! generated corpus; `--match whole-word` makes the keyword searches match
//! whole words only (see the crate docs).

use wlo_standin::{CorpusKind, MatchMode, StandIn, StandInOptions};

fn usage() -> ! {
    eprintln!(
        "usage: wlo-standin [--port N] [--seed N] [--corpus generated|wlo-2023] [--match substring|whole-word] [--latency-ms N] [--jitter-ms N] [--straggler-permille N] [--straggler-ms N]"
    );
    std::process::exit(2)
}

fn parse_args() -> StandInOptions {
    let mut opts = StandInOptions::default();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let (key, inline) = match a.split_once('=') {
            Some((k, v)) => (k.to_string(), Some(v.to_string())),
            None => (a.clone(), None),
        };
        if key == "-h" || key == "--help" {
            usage();
        }
        let val = inline.or_else(|| args.next()).unwrap_or_else(|| usage());
        let num = |v: &str| v.parse::<u64>().unwrap_or_else(|_| usage());
        match key.as_str() {
            "--port" => opts.port = v_port(&val).unwrap_or_else(|| usage()),
            "--seed" => opts.seed = num(&val),
            "--corpus" => opts.corpus = CorpusKind::parse(&val).unwrap_or_else(|| usage()),
            "--match" => opts.match_mode = MatchMode::parse(&val).unwrap_or_else(|| usage()),
            "--latency-ms" => opts.latency_ms = num(&val),
            "--jitter-ms" => opts.jitter_ms = num(&val),
            "--straggler-permille" => opts.straggler_permille = num(&val).min(1000),
            "--straggler-ms" => opts.straggler_ms = num(&val),
            _ => usage(),
        }
    }
    opts
}

fn v_port(v: &str) -> Option<u16> {
    v.parse().ok()
}

#[tokio::main]
async fn main() {
    let opts = parse_args();
    let server = match StandIn::start(opts).await {
        Ok(s) => s,
        Err(e) => {
            eprintln!("wlo-standin: cannot start: {e}");
            std::process::exit(1);
        }
    };
    eprintln!("wlo-standin listening on {}", server.base_url());
    wait_for_signal().await;
    server.shutdown().await;
}

#[cfg(unix)]
async fn wait_for_signal() {
    use tokio::signal::unix::{SignalKind, signal};
    match signal(SignalKind::terminate()) {
        Ok(mut term) => {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = term.recv() => {}
            }
        }
        Err(_) => {
            let _ = tokio::signal::ctrl_c().await;
        }
    }
}

#[cfg(not(unix))]
async fn wait_for_signal() {
    let _ = tokio::signal::ctrl_c().await;
}
