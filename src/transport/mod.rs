//! Transports: one stateless HTTP handler (local server, Vercel, Lambda) and stdio.

pub mod http;
pub mod linger;
pub mod local;
pub mod log;
pub mod serverless;
pub mod stdio;

/// Logs to stderr (stdout may carry the protocol), filter from `RUST_LOG`
/// (default: `info` for this crate, `warn` for rmcp's per-request lines).
/// Colour only when stderr is a terminal: piped into a file, journald,
/// CloudWatch or Vercel's log view, escape codes would show as garbage.
/// `WLO_LOG_FORMAT=json` gives one JSON object per line. Every line is clean
/// (see [`log`]). The set-up of `wlo-mcp` and the Vercel function; safe to
/// call twice.
pub fn init_stderr_logging() {
    let json = std::env::var("WLO_LOG_FORMAT").is_ok_and(|f| f.trim().eq_ignore_ascii_case("json"));
    init_logging(default_filter(), if json { LogStyle::Json } else { LogStyle::Local });
}

/// The Lambda function's logging: as [`init_stderr_logging`], but Lambda's
/// advanced logging controls win when set (`AWS_LAMBDA_LOG_LEVEL` over
/// `RUST_LOG`; `AWS_LAMBDA_LOG_FORMAT=JSON` gives one JSON object per line),
/// and no timestamps, which CloudWatch adds itself.
pub fn init_lambda_logging() {
    let level = std::env::var("AWS_LAMBDA_LOG_LEVEL")
        .ok()
        .and_then(|l| l.trim().parse::<tracing_subscriber::filter::LevelFilter>().ok());
    let filter = match level {
        Some(level) => tracing_subscriber::EnvFilter::new(level.to_string()),
        None => default_filter(),
    };
    let json = std::env::var("AWS_LAMBDA_LOG_FORMAT").is_ok_and(|f| f.trim().eq_ignore_ascii_case("json"));
    init_logging(filter, if json { LogStyle::LambdaJson } else { LogStyle::Lambda });
}

enum LogStyle {
    Local,
    Json,
    Lambda,
    LambdaJson,
}

fn default_filter() -> tracing_subscriber::EnvFilter {
    tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info,rmcp=warn"))
}

/// The one subscriber set-up behind every entry point.
fn init_logging(filter: tracing_subscriber::EnvFilter, style: LogStyle) {
    use std::io::IsTerminal;
    let ansi = std::io::stderr().is_terminal();
    let base = |filter| tracing_subscriber::fmt().with_env_filter(filter).with_ansi(ansi);
    let text = |filter| {
        base(filter)
            .with_writer(log::CleanWriter { json: false })
            .fmt_fields(log::text_fields())
    };
    let json = |filter| base(filter).with_writer(log::CleanWriter { json: true }).json();
    let _ = match style {
        LogStyle::Local => text(filter).try_init(),
        LogStyle::Json => json(filter).try_init(),
        LogStyle::Lambda => text(filter).without_time().with_target(false).try_init(),
        LogStyle::LambdaJson => json(filter).without_time().with_target(false).try_init(),
    };
}
