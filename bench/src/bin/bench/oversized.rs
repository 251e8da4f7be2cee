//! Peak memory under oversized answers (`--only oversized`): a fresh
//! `wlo-mcp serve` with the default configuration, the stand-in answering
//! every read with 400 MB (with `Content-Length`, chunked, or a gzip bomb),
//! and a burst of concurrent calls. Every call must answer an error naming
//! the oversized answer; the process's peak RSS must stay under 64 MiB
//! (the function of `template.yaml` has 128 MB).

use std::fmt::Write as _;

use serde::Serialize;
use serde_json::json;
use wlo_bench::procs;

use crate::cases::Case;
use crate::cli::Opts;
use crate::client::{Ctl, clip};
use crate::markdown::{f1, verdict};
use crate::phases::{BurstTally, fire_burst};
use crate::report::Report;
use crate::servers::{Bins, start_server};
use crate::step;

pub(crate) const TARGET_OVERSIZED_RSS_MIB: f64 = 64.0;
/// The stand-in's faults, in the order of the table.
pub(crate) const FAULTS: [&str; 3] = ["oversized", "oversizedstream", "gzipbomb"];

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct OversizedBurst {
    pub(crate) fault: String,
    pub(crate) calls: usize,
    /// Calls answered with an error naming the oversized answer.
    pub(crate) named: usize,
    /// Any other outcome (a success, another error, no answer).
    pub(crate) other: usize,
    pub(crate) first_other: Option<String>,
    pub(crate) wall_ms: f64,
    pub(crate) slowest_call_ms: f64,
    pub(crate) upstream_requests: u64,
    /// Generated bodies the server stopped reading / read whole.
    pub(crate) bodies_cut: u64,
    pub(crate) bodies_whole: u64,
    pub(crate) idle_rss_mib: Option<f64>,
    pub(crate) peak_rss_mib: Option<f64>,
    pub(crate) pass: Option<bool>,
}

/// One burst per fault, each on a fresh server.
pub(crate) async fn phase_oversized(
    bins: &Bins,
    base_url: &str,
    ctl: &mut Ctl,
    cases: &[Case],
    opts: &Opts,
) -> Result<Vec<OversizedBurst>, String> {
    // Only calls that read upstream can meet an oversized answer (the
    // vocabulary lookup answers from the process alone).
    let cases: Vec<Case> = cases.iter().filter(|c| c.ideal > 0).cloned().collect();
    let cases = cases.as_slice();
    let mut rows = Vec::new();
    for fault in FAULTS {
        step(&format!(
            "burst of {} calls, every answer oversized ({fault})",
            opts.burst
        ));
        let server = start_server(bins, base_url, opts, None)?;
        let pid = server.proc.pid();
        ctl.reset().await?;
        ctl.set_latency(opts.latency_ms).await?;
        ctl.post("/_control/config", json!({ "fault": fault })).await?;
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        let idle = procs::status_kb(pid, "VmRSS");
        let tally = fire_burst(server.addr, &server.path, cases, opts.burst, |call| {
            match call.is_error && call.text.contains("übergroße Antwort") {
                true => Ok(()),
                false => Err(clip(&call.text, 120)),
            }
        })
        .await;
        let BurstTally {
            ok: named,
            failed: other,
            first_error: first_other,
            slowest_ms: slowest,
            wall_ms,
        } = tally;
        let peak = procs::status_kb(pid, "VmHWM").map(|kb| kb as f64 / 1024.0);
        let stats = ctl.stats().await?;
        rows.push(OversizedBurst {
            fault: fault.into(),
            calls: opts.burst,
            named,
            other,
            first_other,
            wall_ms,
            slowest_call_ms: slowest,
            upstream_requests: stats.total_requests,
            bodies_cut: stats.bodies_cut,
            bodies_whole: stats.bodies_whole,
            idle_rss_mib: idle.map(|kb| kb as f64 / 1024.0),
            peak_rss_mib: peak,
            pass: peak.map(|m| m <= TARGET_OVERSIZED_RSS_MIB && other == 0),
        });
    }
    ctl.post("/_control/config", json!({ "fault": "none" })).await?;
    Ok(rows)
}

/// The report's table.
pub(crate) fn markdown(r: &Report) -> String {
    let mut s = String::new();
    if r.oversized.is_empty() {
        return s;
    }
    let _ = writeln!(
        s,
        "\n## Peak RSS of `wlo-mcp serve` when every answer is oversized (burst of {} calls, latency {} ms)\n\n\
         Default configuration (`WLO_MAX_RESPONSE_MB=4`, `WLO_BODY_BUDGET_MB=12`); the stand-in answers every read with 400 MB.\n",
        r.options.burst, r.options.latency_ms
    );
    let _ = writeln!(
        s,
        "| fault | named / other | burst wall ms | slowest call ms | upstream req | bodies cut / whole | idle RSS MiB | peak RSS (VmHWM) MiB | ≤ {TARGET_OVERSIZED_RSS_MIB} MiB |"
    );
    let _ = writeln!(s, "|---|---:|---:|---:|---:|---:|---:|---:|:---:|");
    for b in &r.oversized {
        let _ = writeln!(
            s,
            "| {} | {} / {}{} | {:.0} | {:.0} | {} | {} / {} | {} | {} | {} |",
            b.fault,
            b.named,
            b.other,
            b.first_other
                .as_deref()
                .map(|e| format!(" ({})", clip(e, 80)))
                .unwrap_or_default(),
            b.wall_ms,
            b.slowest_call_ms,
            b.upstream_requests,
            b.bodies_cut,
            b.bodies_whole,
            f1(b.idle_rss_mib),
            f1(b.peak_rss_mib),
            verdict(b.pass)
        );
    }
    s
}

/// Failures for `--strict`.
pub(crate) fn failures(r: &Report) -> Vec<String> {
    r.oversized
        .iter()
        .filter(|b| b.pass == Some(false))
        .map(|b| {
            format!(
                "oversized ({}): peak RSS {} MiB, {} calls not named",
                b.fault,
                f1(b.peak_rss_mib),
                b.other
            )
        })
        .collect()
}
