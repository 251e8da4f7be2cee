//! One tool call, run the same way from MCP and from the command line: inside
//! its [`CallScope`] (deadline, fan-out bound, request counter), with a panic
//! guard, the failure policy and one log line. A timeout or a panic becomes a
//! German `isError` result for that call only.

use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::time::Instant;

use futures::FutureExt;

use super::messages::{self, German};
use super::{Args, ToolEntry, ToolResponse};
use crate::app::App;
use crate::upstream::CallScope;

/// Run `work` as every tool call runs: inside its own [`CallScope`] (the tool
/// deadline, the fan-out bound, the request counters), behind a panic guard,
/// and cut at the deadline. A panic or the deadline is a German sentence.
/// Tools and resource reads both go through here.
pub async fn run_scoped<T, F>(app: &App, name: &str, work: impl FnOnce() -> F) -> (Result<T, String>, Arc<CallScope>)
where
    F: Future<Output = T>,
{
    let scope = CallScope::new(app.config.tool_deadline);
    // `work` is invoked inside the guarded future, so a panic while building
    // the future is caught as well as one while running it.
    let call = AssertUnwindSafe(async { scope.run(work()).await }).catch_unwind();
    let outcome = match tokio::time::timeout(app.config.tool_deadline, call).await {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(panic)) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            tracing::error!(tool = name, panic = %what, "tool panicked");
            Err(messages::internal_error())
        }
        Err(_) => Err(messages::deadline_exceeded(app.config.tool_deadline)),
    };
    (outcome, scope)
}

/// Run one tool call: [`run_scoped`], then the failure policy and the log line.
pub async fn run_tool(app: &Arc<App>, name: &str, entry: &ToolEntry, args: Args) -> ToolResponse {
    let started = Instant::now();
    let (outcome, scope) = run_scoped(app, name, || (entry.call)(app, args)).await;
    let response = outcome.unwrap_or_else(ToolResponse::error);
    // The failure policy: an answer without results that rests on a failed
    // read says so, instead of telling the model that WLO has nothing.
    let response = match scope.first_failure() {
        Some(failure) if response.is_empty_answer() => {
            tracing::debug!(tool = name, error = %failure, "empty answer after a failed read");
            ToolResponse::error(failure.german())
        }
        _ => response,
    };
    tracing::info!(
        tool = name,
        duration_ms = started.elapsed().as_millis() as u64,
        upstream_requests = scope.requests(),
        hedge_duplicates = scope.duplicates(),
        hedge_wins = scope.duplicate_wins(),
        shared_hits = scope.shared_hits(),
        shared_misses = scope.shared_misses(),
        outcome = if response.is_error { "error" } else { "ok" },
        "tool call"
    );
    response
}
