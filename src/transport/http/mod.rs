//! The one stateless Streamable HTTP handler.
//!
//! Every front end (the local server, the Vercel function, the Lambda
//! function) passes each request to [`HttpHandler::handle`] and sends back
//! what it returns. Every request ends at rmcp's `StreamableHttpService`; in
//! front of it sit tower layers, one rule each, outermost first:
//!
//! - [`cors::headers`]: every response, errors included, carries
//!   `Access-Control-Allow-Origin: *` and exposes `Mcp-Session-Id`, so browser
//!   clients on any origin can read every answer.
//!
//! Rules 1–5 look at the headers only: a request they reject is answered
//! before a byte of its body is read, and its body is never buffered.
//!
//! 1. [`host::LoopbackHost`] (local loopback server only): a foreign `Host` →
//!    403, the DNS-rebinding protection a server on 127.0.0.1 needs.
//! 2. [`cors::Preflight`]: `OPTIONS` → 204 with the allowed methods and
//!    headers, so browsers go on to send the real request.
//! 3. [`auth::BearerToken`] (when `WLO_MCP_TOKEN` is set): no valid bearer
//!    token → 401 with `WWW-Authenticate`, and one `warn` log line (method,
//!    path, reason; never the header) so an operator sees failed access.
//! 4. [`method::PostOnly`]: any method but `POST` → 405 with `Allow`; the
//!    server is stateless, so there is no stream to `GET`, no session to `DELETE`.
//! 5. [`limits::HeaderSize`], [`limits::DeclaredSize`]: headers over 32 KiB →
//!    431, a declared `Content-Length` over 1 MiB → 413.
//! 6. [`limits::InFlight`]: at most `WLO_MAX_IN_FLIGHT` requests past the
//!    header rules at once; one more waits (its body unread) up to 5 s for a
//!    place, else → 503 with `Retry-After`. This bounds what a flood can
//!    make the process buffer.
//! 7. [`limits::ReadBody`]: the body is read, stopping one byte past 1 MiB
//!    (→ 413, chunked bodies too); one that does not arrive within the
//!    request budget → 408, so a stalled client (slowloris) cannot hold a
//!    request open; a malformed one → 400.
//! - [`recover::Recover`]: a panic while answering → 500, an answer later
//!   than the request budget → 504; each is a JSON-RPC error for that request
//!   only.
//! 8. [`jsonrpc::ShapeLayer`]: not JSON → 400/-32700, a batch, non-JSON-RPC
//!    JSON or more than 20 000 JSON values → 400/-32600, as JSON-RPC errors
//!    clients can parse.
//! 9. [`protocol_version::Supported`]: an unsupported `MCP-Protocol-Version`
//!    → 400/-32022 with `data.requested` and `data.supported`, for the
//!    request's id: rmcp's own answer over stdio, as revision 2026-07-28 asks.
//! 10. [`forward::ForwardLayer`]: notifications and client responses → 202 (a
//!     stateless server has nothing to do with them); requests go to rmcp with
//!     normalised headers and no session id, and rmcp's plain-text errors come
//!     back as JSON-RPC.
//!
//! An answer given before the request body was read to its end says
//! `Connection: close` ([`keep_alive`]). Every 4xx except 405 carries a
//! JSON-RPC error body. No session is ever
//! minted. Each rule is a plain value: the pure checks run in tower-http's
//! `ValidateRequestHeader` (see [`guard`]), the rest are small own layers.

pub mod auth;
pub mod cors;
pub mod forward;
pub mod host;
pub mod jsonrpc;
pub mod keep_alive;
pub mod limits;
pub mod method;
pub mod protocol_version;
pub mod recover;

use std::convert::Infallible;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use bytes::{Buf, Bytes};
use http::{Request, Response, StatusCode, header};
use http_body::Body;
use http_body_util::combinators::UnsyncBoxBody;
use http_body_util::{BodyExt, Full};
use serde_json::{Value, json};
use tower::layer::layer_fn;
use tower::util::BoxCloneSyncService;
use tower::{BoxError, Service, ServiceBuilder};
use tower_http::validate_request::ValidateRequestHeaderLayer;

use crate::app::App;

pub use limits::{MAX_BODY_BYTES, MAX_HEADER_BYTES};

/// The request budget is the tool deadline plus this margin (room for rmcp
/// and the network around a tool call). It bounds the body read and, as a
/// backstop, the answer: the tool deadline ends a tool call first.
const BUDGET_MARGIN: Duration = Duration::from_secs(2);

/// Per-front-end choices.
#[derive(Debug, Clone, Default)]
pub struct HttpOptions {
    /// Reject `Host` headers other than loopback names (the local server on loopback).
    pub loopback_host_check: bool,
}

/// The response every front end sends: a complete body.
pub type HttpResponse = Response<Full<Bytes>>;

/// The request body the layers see: whatever body type the front end has,
/// boxed, so one service stack serves all of them.
pub type RequestBody = UnsyncBoxBody<Bytes, BoxError>;

/// A rule that answers the request itself when it does not hold, and
/// otherwise lets it pass unchanged.
pub fn guard<R>(rule: R) -> ValidateRequestHeaderLayer<R> {
    ValidateRequestHeaderLayer::custom(rule)
}

/// See the module docs. Cheap to clone.
#[derive(Clone)]
pub struct HttpHandler {
    app: Arc<App>,
    service: BoxCloneSyncService<Request<RequestBody>, HttpResponse, Infallible>,
}

impl HttpHandler {
    pub fn new(app: Arc<App>, options: HttpOptions) -> HttpHandler {
        let budget = app.config.tool_deadline + BUDGET_MARGIN;
        let token = app.config.access_token.clone();
        let max_in_flight = app.config.max_in_flight;
        let places = Arc::new(tokio::sync::Semaphore::new(max_in_flight));
        // Two stacks, each boxed: as one stack, the nested future types of
        // twelve layers (two of them optional, so the stack below each
        // appears twice) took the compiler 148 s to type-check.
        let reading = ServiceBuilder::new()
            .layer(layer_fn(move |inner| {
                limits::InFlight::new(inner, places.clone(), max_in_flight)
            })) // 6
            .layer(layer_fn(move |inner| limits::ReadBody::new(inner, budget))) // 7
            .layer(layer_fn(move |inner| recover::Recover::new(inner, budget)))
            .layer(jsonrpc::ShapeLayer) // 8
            .layer(guard(protocol_version::Supported)) // 9
            .layer(forward::ForwardLayer) // 10
            .service(forward::service(app.clone()));
        let service = ServiceBuilder::new()
            // Outermost first; the numbers are those of the module docs.
            .layer(cors::headers())
            .option_layer(options.loopback_host_check.then(|| guard(host::LoopbackHost))) // 1
            .layer(guard(cors::Preflight)) // 2
            .option_layer(token.map(|token| guard(auth::BearerToken::new(&token)))) // 3
            .layer(guard(method::PostOnly)) // 4
            .layer(guard(limits::HeaderSize)) // 5
            .layer(guard(limits::DeclaredSize)) // 5
            .service(BoxCloneSyncService::new(reading));
        HttpHandler {
            app,
            service: BoxCloneSyncService::new(service),
        }
    }

    pub fn app(&self) -> &Arc<App> {
        &self.app
    }

    /// Answer one HTTP request (see the module docs for the rules).
    pub async fn handle<B>(&self, request: Request<B>) -> HttpResponse
    where
        B: Body + Send + 'static,
        B::Data: Send,
        B::Error: Into<BoxError>,
    {
        let (parts, body) = request.into_parts();
        let body = body
            .map_frame(|frame| frame.map_data(|mut data| data.copy_to_bytes(data.remaining())))
            .map_err(Into::into)
            .boxed_unsync();
        let (body, ended) = keep_alive::Watched::new(body);
        let request = Request::from_parts(parts, body.boxed_unsync());
        // `poll_ready` and `call` by hand: holding tower's `Oneshot` across
        // the await trips a compiler limitation (higher-ranked lifetimes) in
        // the `Send` proof of the front ends' connection tasks.
        let mut service = self.service.clone();
        let Ok(()) = std::future::poll_fn(|cx| service.poll_ready(cx)).await;
        let Ok(mut response) = service.call(request).await;
        if !ended.load(Ordering::Relaxed) {
            keep_alive::close(&mut response);
        }
        response
    }
}

/// A JSON-RPC error response with `id: null`.
pub fn rpc_error(status: StatusCode, code: i64, message: &str) -> HttpResponse {
    rpc_error_for(&Value::Null, status, code, message)
}

/// A JSON-RPC error response answering the request `id`.
fn rpc_error_for(id: &Value, status: StatusCode, code: i64, message: &str) -> HttpResponse {
    error_response(id, status, json!({"code": code, "message": message}))
}

/// rmcp's `error` as the JSON-RPC error response answering the request `id`.
fn rpc_error_data(id: &Value, status: StatusCode, error: &rmcp::ErrorData) -> HttpResponse {
    error_response(id, status, serde_json::to_value(error).unwrap_or_default())
}

fn error_response(id: &Value, status: StatusCode, error: Value) -> HttpResponse {
    let body = json!({"jsonrpc": "2.0", "id": id, "error": error});
    Response::builder()
        .status(status)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Full::new(Bytes::from(body.to_string())))
        .unwrap_or_default()
}

/// A response with a status, optional headers and no body.
fn empty(status: StatusCode, headers: &[(header::HeaderName, &'static str)]) -> HttpResponse {
    let mut response = Response::builder().status(status);
    for (name, value) in headers {
        response = response.header(name, *value);
    }
    response.body(Full::new(Bytes::new())).unwrap_or_default()
}
