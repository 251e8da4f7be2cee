//! The AWS Lambda function (`[[bin]] name = "lambda"`, function URL, payload
//! format 2.0). `lambda_http::run` polls the Runtime API; the app is built
//! once per cold start. See docs/deploy.md and template.yaml.
//!
//! Started outside Lambda (no Runtime API variables), it says so in one line
//! and exits with code 2 instead of panicking in the runtime's set-up.

use std::convert::Infallible;
use std::process::ExitCode;

use wlo_mcp::transport::serverless;

/// What the Lambda runtime crate reads at start (and panics without).
const LAMBDA_VARIABLES: &[&str] = &[
    "AWS_LAMBDA_RUNTIME_API",
    "AWS_LAMBDA_FUNCTION_NAME",
    "AWS_LAMBDA_FUNCTION_MEMORY_SIZE",
    "AWS_LAMBDA_FUNCTION_VERSION",
];

fn main() -> ExitCode {
    let missing: Vec<&str> = LAMBDA_VARIABLES
        .iter()
        .copied()
        .filter(|name| std::env::var(name).ok().is_none_or(|v| v.trim().is_empty()))
        .collect();
    let memory_ok = std::env::var("AWS_LAMBDA_FUNCTION_MEMORY_SIZE").is_ok_and(|v| v.trim().parse::<i32>().is_ok());
    if !missing.is_empty() || !memory_ok {
        let why = if missing.is_empty() {
            "AWS_LAMBDA_FUNCTION_MEMORY_SIZE is not a number".to_string()
        } else {
            format!("{} not set", missing.join(", "))
        };
        eprintln!(
            "error: this is the AWS Lambda function and must run inside AWS Lambda (or under `cargo lambda watch`); {why}. For a local server use `wlo-mcp serve`."
        );
        return ExitCode::from(2);
    }
    serverless::init_lambda_logging();
    // One request at a time per instance: one thread, no cross-thread wake-ups.
    let runtime = match tokio::runtime::Builder::new_current_thread().enable_all().build() {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("error: cannot start the async runtime: {error}");
            return ExitCode::FAILURE;
        }
    };
    let result = runtime.block_on(async {
        let cold = serverless::cold_start();
        lambda_http::run(lambda_http::service_fn(move |request| async move {
            Ok::<_, Infallible>(serverless::lambda_answer(cold, request).await)
        }))
        .await
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            tracing::error!(%error, "the Lambda runtime stopped");
            ExitCode::FAILURE
        }
    }
}
