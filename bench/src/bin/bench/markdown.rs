//! The Markdown report.

use std::fmt::Write as _;
use std::time::{SystemTime, UNIX_EPOCH};

use serde_json::Value;

use crate::client::clip;
use crate::report::Report;
use crate::{TARGET_CPU_MS, TARGET_FIRST_CALL_EXTRA_MS, TARGET_RATIO, TARGET_RSS_MIB};

pub(crate) fn utc_now() -> String {
    utc(SystemTime::now())
}

pub(crate) fn utc(t: SystemTime) -> String {
    let secs = t.duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
    let (days, rem) = ((secs / 86_400) as i64, secs % 86_400);
    let (y, m, d) = wlo_standin::corpus::civil_date(days);
    format!("{y:04}-{m:02}-{d:02} {:02}:{:02} UTC", rem / 3600, rem % 3600 / 60)
}

/// For a figure compared with a reference only: within it or above.
fn within(ok: Option<bool>) -> &'static str {
    match ok {
        Some(true) => "yes",
        Some(false) => "no",
        None => "—",
    }
}

pub(crate) fn verdict(pass: Option<bool>) -> &'static str {
    match pass {
        Some(true) => "PASS",
        Some(false) => "FAIL",
        None => "—",
    }
}

pub(crate) fn f1(v: Option<f64>) -> String {
    v.map_or("—".into(), |v| format!("{v:.1}"))
}

pub(crate) fn f2(v: Option<f64>) -> String {
    v.map_or("—".into(), |v| format!("{v:.2}"))
}

pub(crate) fn f3(v: Option<f64>) -> String {
    v.map_or("—".into(), |v| format!("{v:.3}"))
}

pub(crate) fn range(v: &[usize]) -> String {
    match (v.iter().min(), v.iter().max()) {
        (Some(a), Some(b)) if a == b => a.to_string(),
        (Some(a), Some(b)) => format!("{a}–{b}"),
        _ => "—".into(),
    }
}

pub(crate) fn markdown(r: &Report) -> String {
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
         CPU = server CPU per call with an instant upstream (latency 0, cache off), reported against a reference of \
         {TARGET_CPU_MS} ms but not judged (a call waits 0.2–2.4 s for WLO). \
         Cached = the same call repeated with the cache on (16 MiB): upstream requests, wall time at the driver \
         (including its loopback round trip: an upper bound) and server CPU of the repeat; target 0 requests.\n",
        o.latency_ms
    );
    let _ = writeln!(
        s,
        "| call | ideal RT | median ms | p95 ms | ratio | ≤ {TARGET_RATIO:.2} | upstream req | depth | bytes | CPU ms median / p95 | row ≤ 1 ms | cached: req / wall ms / server CPU ms | 0 req |"
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
            within(c.cpu_pass),
            cached,
            verdict(c.cached_pass),
        );
    }
    if let Some(cpu) = &r.cpu {
        let _ = writeln!(
            s,
            "\n**Server CPU per tool call (reference, not a target: median ≤ {TARGET_CPU_MS} ms): median over all {} measured calls \
             {:.3} ms (p95 {:.3}) — {}.** Median of the row medians {:.3} ms; {} of {} rows ≤ {TARGET_CPU_MS} ms on their own \
             (column \"row ≤ 1 ms\"; the rows above are listed under Verdict with their upstream requests).",
            cpu.calls,
            cpu.median_ms,
            cpu.p95_ms,
            if cpu.pass { "within it" } else { "above it" },
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
            "\n## Cold start (process start → first answered `initialize`) and first call (median of {} runs)\n\n\
             First and warm call: two `wlo_health_check` calls after the initialize (each reads the repository, \
             latency {} ms); extra = first − warm, per run; total = cold start + first call, per run.\n",
            o.cold_runs, o.latency_ms
        );
        let _ = writeln!(
            s,
            "| binary | cold start median ms | min ms | max ms | first call ms | warm call ms | extra ms | cold start + first call ms | peak RSS after initialize, MiB | … after the calls | target | verdict |"
        );
        let _ = writeln!(s, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|:---:|");
    }
    for c in &r.cold_start {
        let target = match c.target_ms {
            Some(t) => format!("cold ≤ {t} ms, extra ≤ {TARGET_FIRST_CALL_EXTRA_MS} ms"),
            None => "— (report only)".into(),
        };
        let pass = match (c.pass, c.first_call_pass) {
            (Some(a), Some(b)) => Some(a && b),
            (a, b) => a.or(b),
        };
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {target} | {}{} |",
            c.binary,
            f1(c.median_ms),
            f1(c.min_ms),
            f1(c.max_ms),
            f1(c.first_call_ms),
            f1(c.warm_call_ms),
            f1(c.first_call_extra_ms),
            f1(c.cold_and_first_call_ms),
            f1(c.rss_initialize_mib),
            f1(c.rss_tool_mib),
            verdict(pass),
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
    s.push_str(&crate::oversized::markdown(r));
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

pub(crate) fn finish_markdown(mut s: String, r: &Report) -> String {
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
