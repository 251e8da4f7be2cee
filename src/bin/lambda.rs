//! The AWS Lambda function (`[[bin]] name = "lambda"`, function URL, payload
//! format 2.0). `lambda_http::run` polls the Runtime API; the app is built
//! once per cold start. See docs/deploy.md and template.yaml.

use std::convert::Infallible;

use wlo_mcp::transport::serverless;

// One request at a time per instance: one thread, no cross-thread wake-ups.
#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), lambda_http::Error> {
    lambda_http::tracing::init_default_subscriber_with_writer(std::io::stderr);
    let cold = serverless::cold_start();
    lambda_http::run(lambda_http::service_fn(move |request| async move {
        Ok::<_, Infallible>(serverless::lambda_answer(cold, request).await)
    }))
    .await
}
