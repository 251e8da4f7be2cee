//! Transports: one stateless HTTP handler (local server, Vercel, Lambda) and stdio.

pub mod http;
pub mod local;
pub mod serverless;
pub mod stdio;

/// Logs to stderr (stdout may carry the protocol), filter from `RUST_LOG`
/// (default: `info` for this crate, `warn` for rmcp's per-request lines).
/// Safe to call twice.
pub fn init_stderr_logging() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info,rmcp=warn"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(false)
        .try_init();
}
