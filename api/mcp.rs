//! The Vercel function (`[[bin]] name = "mcp"`): `/mcp` is rewritten to
//! `/api/mcp` by vercel.json. `vercel_runtime::run` is the listener (on
//! `127.0.0.1:$VERCEL_DEV_PORT`, so running this binary locally is the dev
//! server); the app is built once per cold start. See docs/deploy.md.

use wlo_mcp::transport::serverless;

// One request at a time per instance: one thread, no cross-thread wake-ups.
#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), vercel_runtime::Error> {
    serverless::init_stderr_logging();
    let cold = serverless::cold_start();
    let service =
        vercel_runtime::service_fn(move |request: vercel_runtime::Request| serverless::vercel_response(cold, request));
    vercel_runtime::run(service).await
}
