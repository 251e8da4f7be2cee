//! Transports: one stateless HTTP handler (local server, Vercel, Lambda) and stdio.

pub mod http;
pub mod local;
pub mod serverless;
pub mod stdio;

/// Logs to stderr (stdout may carry the protocol), filter from `RUST_LOG`
/// (default: `info` for this crate, `warn` for rmcp's per-request lines).
/// Colour only when stderr is a terminal: piped into a file, journald,
/// CloudWatch or Vercel's log view, escape codes would show as garbage.
/// The set-up of `wlo-mcp` and the Vercel function; safe to call twice.
pub fn init_stderr_logging() {
    init_logging(default_filter(), LogStyle::Local);
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
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal());
    let _ = match style {
        LogStyle::Local => builder.try_init(),
        LogStyle::Lambda => builder.without_time().with_target(false).try_init(),
        LogStyle::LambdaJson => builder.without_time().with_target(false).json().try_init(),
    };
}
