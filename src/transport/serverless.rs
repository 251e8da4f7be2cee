//! The serverless front ends: the Vercel function (`api/mcp.rs`) and the AWS
//! Lambda function (`src/bin/lambda.rs`).
//!
//! Both binaries are a few lines around this module:
//!
//! - [`cold_start`] builds the app (config, upstream client, tool router) and
//!   the stateless [`HttpHandler`] **once per process** and keeps it in a
//!   process-wide `OnceLock`. Every request then goes through the same handler
//!   the local `wlo-mcp serve` uses; nothing is rebuilt per request.
//! - A configuration error at cold start does not panic: it is logged once,
//!   and every request is answered with HTTP 500 and a JSON-RPC error that
//!   names the bad variable ([`config_error_response`]).
//! - Deployed requests carry public `Host` headers (`*.vercel.app`,
//!   `*.lambda-url.<region>.on.aws`), so the loopback Host check is off.
//! - [`lambda_response`] adapts a Lambda event (`lambda_http::Request`, parsed
//!   from the function-URL payload) to the handler and back; [`vercel_response`]
//!   does the same for `vercel_runtime`'s hyper request.

use std::sync::OnceLock;

use bytes::Bytes;
use http::{HeaderValue, Request, Response, StatusCode, header};
use http_body::Body;
use http_body_util::{BodyExt, Full};
use serde_json::json;

use crate::app::App;
use crate::config::{Config, ConfigError};
use crate::transport::http::{HttpHandler, HttpOptions, HttpResponse};

/// What a cold start produced: the ready handler, or the configuration error
/// every request is answered with.
pub type ColdStart = Result<HttpHandler, ConfigError>;

static COLD_START: OnceLock<ColdStart> = OnceLock::new();

/// The process-wide handler, built from the environment on first use.
pub fn cold_start() -> &'static ColdStart {
    COLD_START.get_or_init(|| build(Config::from_env()))
}

/// Build the handler for a serverless front end (no loopback Host check), or
/// log the configuration error once and keep it.
pub fn build(config: Result<Config, ConfigError>) -> ColdStart {
    match config.and_then(crate::tools::check_tool_filter) {
        Ok(config) => {
            for warning in &config.warnings {
                tracing::warn!("{warning}");
            }
            let repository = config.repository_url.clone();
            let handler = HttpHandler::new(
                App::new(config),
                HttpOptions {
                    loopback_host_check: false,
                },
            );
            tracing::info!(%repository, "wlo-mcp ready");
            Ok(handler)
        }
        Err(error) => {
            tracing::error!(
                variable = error.variable,
                "configuration error: {error}; every request is answered with HTTP 500 until it is fixed"
            );
            Err(error)
        }
    }
}

/// Answer one request with the cold-start result.
pub async fn answer<B>(cold: &ColdStart, request: Request<B>) -> HttpResponse
where
    B: Body + Send + 'static,
    B::Data: Send,
    B::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
{
    match cold {
        Ok(handler) => handler.handle(request).await,
        Err(error) => config_error_response(error),
    }
}

/// HTTP 500 with a JSON-RPC error naming the bad variable (and CORS headers,
/// so browser clients can read it).
pub fn config_error_response(error: &ConfigError) -> HttpResponse {
    let body = json!({
        "jsonrpc": "2.0",
        "id": null,
        "error": {
            "code": -32603,
            "message": format!("Server misconfigured: {error}. Fix the environment variable {} and redeploy.", error.variable),
            "data": {"variable": error.variable},
        },
    });
    let mut response = Response::new(Full::new(Bytes::from(body.to_string())));
    *response.status_mut() = StatusCode::INTERNAL_SERVER_ERROR;
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, HeaderValue::from_static("*"));
    headers.insert(
        header::ACCESS_CONTROL_EXPOSE_HEADERS,
        HeaderValue::from_static("Mcp-Session-Id"),
    );
    response
}

// ---------------------------------------------------------------- AWS Lambda

/// Lambda: one function-URL event through the handler, back as a Lambda response.
pub async fn lambda_response(
    handler: &HttpHandler,
    request: lambda_http::Request,
) -> lambda_http::Response<lambda_http::Body> {
    into_lambda(handler.handle(request).await).await
}

/// Lambda entry used by the binary: [`lambda_response`], or the configuration error.
pub async fn lambda_answer(
    cold: &ColdStart,
    request: lambda_http::Request,
) -> lambda_http::Response<lambda_http::Body> {
    match cold {
        Ok(handler) => lambda_response(handler, request).await,
        Err(error) => into_lambda(config_error_response(error)).await,
    }
}

/// Convert a complete response into a Lambda one: JSON and text bodies stay
/// text, anything else is binary (base64 in the payload), no body is empty.
pub async fn into_lambda(response: HttpResponse) -> lambda_http::Response<lambda_http::Body> {
    let (parts, body) = response.into_parts();
    let bytes = match body.collect().await {
        Ok(collected) => collected.to_bytes(),
        Err(never) => match never {},
    };
    let textual = parts
        .headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|t| t.starts_with("application/json") || t.starts_with("text/"));
    let body = if bytes.is_empty() {
        lambda_http::Body::Empty
    } else if textual {
        match String::from_utf8(bytes.to_vec()) {
            Ok(text) => lambda_http::Body::Text(text),
            Err(error) => lambda_http::Body::Binary(error.into_bytes()),
        }
    } else {
        lambda_http::Body::Binary(bytes.to_vec())
    };
    Response::from_parts(parts, body)
}

// -------------------------------------------------------------------- Vercel

/// Vercel: one request from `vercel_runtime::run` through the handler.
pub async fn vercel_response(
    cold: &ColdStart,
    request: vercel_runtime::Request,
) -> vercel_runtime::Response<vercel_runtime::ResponseBody> {
    answer(cold, request).await.map(vercel_runtime::ResponseBody::from)
}

pub use crate::transport::{init_lambda_logging, init_stderr_logging};

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn config_error_is_a_json_rpc_500() {
        let error = ConfigError {
            variable: "WLO_REPOSITORY_URL",
            message: "'a b' contains whitespace".into(),
        };
        let response = into_lambda(config_error_response(&error)).await;
        assert_eq!(response.status(), 500);
        assert_eq!(response.headers()["access-control-allow-origin"], "*");
        let lambda_http::Body::Text(text) = response.body() else {
            panic!("text body expected")
        };
        let body: serde_json::Value = serde_json::from_str(text).unwrap();
        assert_eq!(body["error"]["code"], -32603);
        assert_eq!(body["error"]["data"]["variable"], "WLO_REPOSITORY_URL");
        assert!(
            body["error"]["message"]
                .as_str()
                .unwrap()
                .contains("WLO_REPOSITORY_URL")
        );
    }

    #[tokio::test]
    async fn lambda_bodies() {
        let empty = Response::builder().status(202).body(Full::new(Bytes::new())).unwrap();
        assert!(matches!(into_lambda(empty).await.body(), lambda_http::Body::Empty));
        let binary = Response::builder()
            .header("content-type", "application/octet-stream")
            .body(Full::new(Bytes::from_static(&[0, 159, 146, 150])))
            .unwrap();
        assert!(matches!(into_lambda(binary).await.body(), lambda_http::Body::Binary(_)));
        let text = Response::builder()
            .header("content-type", "text/event-stream")
            .body(Full::new(Bytes::from_static(b"data: {}\n\n")))
            .unwrap();
        assert!(matches!(into_lambda(text).await.body(), lambda_http::Body::Text(_)));
    }
}
