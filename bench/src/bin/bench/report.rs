//! What a run found: one row per call, the phase summaries, and the verdict.

use serde::Serialize;
use serde_json::Value;
use wlo_bench::procs;
use wlo_bench::stats::{median, percentile};

use crate::cli::Opts;
use crate::markdown::{f1, f2, f3, range};
use crate::{TARGET_CPU_MS, TARGET_RATIO};

#[derive(Debug, Clone, Serialize, Default)]
#[serde(rename_all = "camelCase")]
pub(crate) struct CaseResult {
    pub(crate) tool: String,
    pub(crate) label: String,
    pub(crate) arguments: Value,
    pub(crate) ideal_round_trips: u32,
    /// "ok", "n/a" (tool not available yet) or "error".
    pub(crate) status: String,
    pub(crate) note: Option<String>,
    pub(crate) wall_ms: Vec<f64>,
    pub(crate) median_ms: Option<f64>,
    pub(crate) p95_ms: Option<f64>,
    /// median ÷ (latency × ideal); None for ideal 0.
    pub(crate) ratio: Option<f64>,
    pub(crate) ratio_p95: Option<f64>,
    pub(crate) ratio_pass: Option<bool>,
    pub(crate) upstream_requests: Vec<usize>,
    pub(crate) depth: Vec<usize>,
    pub(crate) routes: Option<Value>,
    pub(crate) response_bytes: Option<usize>,
    pub(crate) cpu_ms: Vec<f64>,
    pub(crate) cpu_median_ms: Option<f64>,
    pub(crate) cpu_p95_ms: Option<f64>,
    /// Whether this row's median alone is within the target (informative: the
    /// target is the median over all measured calls, see [`CpuSummary`]).
    pub(crate) cpu_pass: Option<bool>,
    /// Share of the row's CPU spent in the kernel (stime ÷ utime+stime over its
    /// measured calls); only when they added up to at least [`MIN_SHARE_TICKS`].
    pub(crate) cpu_kernel_share: Option<f64>,
    pub(crate) cached_requests: Option<usize>,
    pub(crate) cached_ms: Vec<f64>,
    pub(crate) cached_median_ms: Option<f64>,
    /// Server CPU of each cached repeat (the server's time: nothing is awaited).
    pub(crate) cached_cpu_ms: Vec<f64>,
    pub(crate) cached_cpu_median_ms: Option<f64>,
    pub(crate) cached_pass: Option<bool>,
}

impl CaseResult {
    pub(crate) fn ok(&self) -> bool {
        self.status == "ok"
    }
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ColdStart {
    pub(crate) binary: String,
    pub(crate) runs_ms: Vec<f64>,
    pub(crate) median_ms: Option<f64>,
    pub(crate) min_ms: Option<f64>,
    pub(crate) max_ms: Option<f64>,
    /// Median peak RSS (VmHWM) right after the initialize.
    pub(crate) rss_initialize_mib: Option<f64>,
    /// Median peak RSS after the two `wlo_health_check` calls that follow it.
    pub(crate) rss_tool_mib: Option<f64>,
    /// Median wall time of the first tool call after the initialize.
    pub(crate) first_call_ms: Option<f64>,
    /// Median wall time of the second, warm one.
    pub(crate) warm_call_ms: Option<f64>,
    /// Median of first minus warm call, per run: what the first call pays
    /// for work the start left to it.
    pub(crate) first_call_extra_ms: Option<f64>,
    /// Median of cold start plus first call, per run: what a user of a
    /// function that starts cold waits for.
    pub(crate) cold_and_first_call_ms: Option<f64>,
    /// `first_call_extra_ms` within its target (binaries with a cold-start target).
    pub(crate) first_call_pass: Option<bool>,
    pub(crate) target_ms: Option<f64>,
    pub(crate) pass: Option<bool>,
    pub(crate) error: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Burst {
    pub(crate) config: String,
    pub(crate) calls: usize,
    pub(crate) ok: usize,
    pub(crate) failed: usize,
    pub(crate) first_error: Option<String>,
    pub(crate) wall_ms: f64,
    pub(crate) slowest_call_ms: f64,
    pub(crate) idle_rss_mib: Option<f64>,
    pub(crate) peak_rss_mib: Option<f64>,
    pub(crate) upstream_requests: u64,
    pub(crate) upstream_peak_concurrency: u64,
    pub(crate) pass: Option<bool>,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Throughput {
    pub(crate) connections: usize,
    pub(crate) seconds: f64,
    pub(crate) requests: usize,
    pub(crate) failed: usize,
    pub(crate) requests_per_second: f64,
    pub(crate) mean_latency_ms: f64,
    pub(crate) server_cpu_cores: Option<f64>,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ToolsList {
    pub(crate) tools: usize,
    pub(crate) bytes: usize,
    pub(crate) chars: usize,
    pub(crate) tokens_estimate: usize,
}

/// The CPU target, "server CPU per tool call ≤ 1 ms median": the median over
/// every measured call of every row (each row contributes the same number of
/// calls), next to the median of the row medians and the rows that stay
/// above 1 ms on their own.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct CpuSummary {
    pub(crate) calls: usize,
    pub(crate) median_ms: f64,
    pub(crate) p95_ms: f64,
    pub(crate) pass: bool,
    pub(crate) median_of_row_medians_ms: f64,
    pub(crate) rows: usize,
    pub(crate) rows_within: usize,
    /// Share of the whole phase's CPU spent in the kernel (stime).
    pub(crate) kernel_share: Option<f64>,
}

#[derive(Debug, Clone, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Report {
    pub(crate) date: String,
    pub(crate) machine: String,
    pub(crate) cpus: usize,
    /// `/proc/loadavg` (1-minute value) at the start and at the end: other
    /// work on the machine makes every number worse.
    pub(crate) load_start: Option<f64>,
    pub(crate) load_end: Option<f64>,
    pub(crate) options: Opts,
    pub(crate) command: String,
    pub(crate) server_binary: String,
    pub(crate) calls: Vec<CaseResult>,
    pub(crate) cpu_phase_cross_check: Option<String>,
    pub(crate) cpu: Option<CpuSummary>,
    pub(crate) cold_start: Vec<ColdStart>,
    pub(crate) burst: Vec<Burst>,
    pub(crate) oversized: Vec<crate::oversized::OversizedBurst>,
    pub(crate) throughput: Option<Throughput>,
    pub(crate) tools_list: Option<ToolsList>,
    pub(crate) failures: Vec<String>,
    /// Informative: rows whose own CPU median is above the target.
    pub(crate) notes: Vec<String>,
    pub(crate) errors: Vec<String>,
    pub(crate) duration_s: f64,
}

/// Rows whose ticks add up to fewer than this get no kernel share: a clock
/// tick is 10 ms, too coarse for a handful of light calls.
pub(crate) const MIN_SHARE_TICKS: u64 = 20;

pub(crate) fn kernel_share(ticks: procs::CpuTicks) -> Option<f64> {
    (ticks.total() >= MIN_SHARE_TICKS).then(|| ticks.system as f64 / ticks.total() as f64)
}

/// The CPU target over all measured calls (see [`CpuSummary`]).
pub(crate) fn cpu_summary(results: &[CaseResult], kernel_share: Option<f64>) -> Option<CpuSummary> {
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

pub(crate) fn percent(share: Option<f64>) -> String {
    share.map_or("—".into(), |s| format!("{:.0} %", s * 100.0))
}

pub(crate) fn collect_failures(r: &mut Report) {
    let mut failures = Vec::new();
    let mut notes = Vec::new();
    if let Some(cpu) = r.cpu.as_ref().filter(|c| !c.pass) {
        notes.push(format!(
            "server CPU per tool call: median over all {} measured calls {:.3} ms > {TARGET_CPU_MS} ms (reported, not a target)",
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
                "{}: cached repeat made {} upstream requests",
                c.label,
                c.cached_requests.unwrap_or(0),
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
        if c.first_call_pass == Some(false) {
            failures.push(format!(
                "first call {}: {} ms slower than a warm call",
                c.binary,
                f1(c.first_call_extra_ms)
            ));
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
    failures.extend(crate::oversized::failures(r));
    r.failures = failures;
    r.notes = notes;
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
    fn cpu_above_its_reference_is_a_note_never_a_failure() {
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
        assert!(report.failures.is_empty(), "{:?}", report.failures);
        assert!(
            report.notes[0].starts_with("server CPU per tool call: median over all 10 measured calls"),
            "{:?}",
            report.notes
        );
        assert!(report.notes[0].ends_with("(reported, not a target)"));
    }
}
