//! The end of the road: rmcp's `StreamableHttpService`, stateless, answering
//! in plain JSON, with [`ForwardLayer`] in front adapting requests and
//! answers to what clients send and expect.

use std::convert::Infallible;
use std::sync::Arc;
use std::task::{Context, Poll};

use bytes::Bytes;
use futures::future::BoxFuture;
use http::{HeaderValue, Request, Response, StatusCode, header};
use http_body::Body;
use http_body_util::{BodyExt, Full};
use rmcp::transport::streamable_http_server::session::never::NeverSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use serde_json::Value;
use tower::{Layer, Service, ServiceExt};

use super::jsonrpc::{Kind, Message};
use super::limits::MAX_BODY_BYTES;
use super::{HttpResponse, empty, rpc_error_for};
use crate::app::App;
use crate::server::WloServer;

/// rmcp serving the app: no sessions, one JSON answer per request (no SSE
/// stream), Host checks left to [`super::host`].
pub fn service(app: Arc<App>) -> StreamableHttpService<WloServer, NeverSessionManager> {
    let server = WloServer::new(app);
    let config = StreamableHttpServerConfig::default()
        .with_legacy_session_mode(false)
        .with_json_response(true)
        .with_sse_keep_alive(None)
        .with_sse_retry(None)
        .with_max_request_body_bytes(MAX_BODY_BYTES)
        .disable_allowed_hosts();
    StreamableHttpService::new(move || Ok(server.clone()), Default::default(), config)
}

/// Notifications and client responses → 202 with no body: a stateless server
/// has nothing to do with them. A request goes to rmcp:
///
/// - with `Accept` and `Content-Type` set to what rmcp requires, so clients
///   that send `application/json` alone, `*/*` or nothing are served;
/// - without `Mcp-Session-Id` (in either direction): no session exists, and a
///   stale id from an earlier server must not be refused;
/// - on `initialize` without `MCP-Protocol-Version`: the body names the
///   version, a stale header must not contradict it.
///
/// An rmcp error that is not JSON-RPC (rmcp answers some in plain text) is
/// rewrapped as a JSON-RPC error for the request's id.
#[derive(Debug, Clone, Copy)]
pub struct ForwardLayer;

impl<S> Layer<S> for ForwardLayer {
    type Service = Forward<S>;

    fn layer(&self, inner: S) -> Forward<S> {
        Forward { inner }
    }
}

/// See [`ForwardLayer`].
#[derive(Debug, Clone)]
pub struct Forward<S> {
    inner: S,
}

impl<S, B> Service<Request<Message>> for Forward<S>
where
    S: Service<Request<Full<Bytes>>, Response = Response<B>, Error = Infallible> + Clone + Send + 'static,
    S::Future: Send,
    B: Body + Send + 'static,
    B::Data: Send,
{
    type Response = HttpResponse;
    type Error = Infallible;
    type Future = BoxFuture<'static, Result<HttpResponse, Infallible>>;

    fn poll_ready(&mut self, _cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, request: Request<Message>) -> Self::Future {
        let (mut parts, Message { bytes, kind }) = request.into_parts();
        let Kind::Request { id, initialize } = kind else {
            return Box::pin(std::future::ready(Ok(empty(StatusCode::ACCEPTED, &[]))));
        };
        let headers = &mut parts.headers;
        headers.insert(
            header::ACCEPT,
            HeaderValue::from_static("application/json, text/event-stream"),
        );
        headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
        headers.remove("mcp-session-id");
        if initialize {
            headers.remove("mcp-protocol-version");
        }
        let inner = self.inner.clone();
        Box::pin(async move {
            let Ok(response) = inner.oneshot(Request::from_parts(parts, Full::new(bytes))).await;
            let (mut parts, body) = response.into_parts();
            let bytes = body.collect().await.map(|c| c.to_bytes()).unwrap_or_default();
            parts.headers.remove("mcp-session-id");
            if parts.status.is_success() || is_json_rpc(&bytes) {
                return Ok(Response::from_parts(parts, Full::new(bytes)));
            }
            Ok(rewrap(parts.status, &bytes, &id))
        })
    }
}

fn is_json_rpc(bytes: &[u8]) -> bool {
    serde_json::from_slice::<Value>(bytes).is_ok_and(|v| v.get("jsonrpc").is_some())
}

/// A plain-text rmcp error as a JSON-RPC error: a client error becomes
/// 400/-32600, a server error keeps its status with -32603; the message is
/// rmcp's text, at most 300 characters.
fn rewrap(status: StatusCode, bytes: &[u8], id: &Value) -> HttpResponse {
    let reason = String::from_utf8_lossy(bytes)
        .trim()
        .chars()
        .take(300)
        .collect::<String>();
    let (status, code) = if status.is_client_error() {
        (StatusCode::BAD_REQUEST, -32600)
    } else {
        (status, -32603)
    };
    rpc_error_for(id, status, code, &reason)
}
