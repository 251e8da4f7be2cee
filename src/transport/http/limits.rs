//! Size, time and concurrency bounds on what clients send, so neither one
//! request nor a flood of them can take unbounded memory or hold the handler
//! open.
//!
//! Everything that can be judged from the headers is judged before a byte of
//! the body is read ([`HeaderSize`], [`DeclaredSize`], and the Host, token and
//! method rules in front of them); a rejected request's body is never read.
//! Only then does [`ReadBody`] read the body, stopping one byte past
//! [`MAX_BODY_BYTES`], for chunked bodies too. [`in_flight`] bounds how many
//! requests are past the header rules at once. tower-http's body limit
//! answers in plain text and its timeout with an empty body, where clients
//! expect JSON-RPC errors.

use std::convert::Infallible;
use std::task::{Context, Poll};
use std::time::Duration;

use bytes::{Bytes, BytesMut};
use futures::future::BoxFuture;
use http::{HeaderMap, HeaderValue, Request, StatusCode, header};
use http_body::Body;
use http_body_util::BodyExt;
use tower::{BoxError, Service, ServiceExt};
use tower_http::validate_request::ValidateRequest;

use super::{HttpResponse, rpc_error};

/// Largest accepted request body.
pub const MAX_BODY_BYTES: usize = 1024 * 1024;
/// Largest accepted sum of header names and values.
pub const MAX_HEADER_BYTES: usize = 32 * 1024;
/// What a 503 asks the client to wait, in seconds.
const RETRY_AFTER_SECONDS: &str = "1";

/// Headers over [`MAX_HEADER_BYTES`] (names and values) → 431/-32600.
#[derive(Debug, Clone, Copy)]
pub struct HeaderSize;

impl<B> ValidateRequest<B> for HeaderSize {
    type ResponseBody = http_body_util::Full<Bytes>;

    fn validate(&mut self, request: &mut Request<B>) -> Result<(), HttpResponse> {
        let size: usize = request.headers().iter().map(|(k, v)| k.as_str().len() + v.len()).sum();
        if size <= MAX_HEADER_BYTES {
            return Ok(());
        }
        Err(rpc_error(
            StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            -32600,
            "Request headers too large",
        ))
    }
}

/// A declared `Content-Length` over [`MAX_BODY_BYTES`] → 413/-32600, before
/// the body is read (the client may see the answer before it sends the body).
#[derive(Debug, Clone, Copy)]
pub struct DeclaredSize;

impl<B> ValidateRequest<B> for DeclaredSize {
    type ResponseBody = http_body_util::Full<Bytes>;

    fn validate(&mut self, request: &mut Request<B>) -> Result<(), HttpResponse> {
        match declared_length(request.headers()) {
            Some(length) if length > MAX_BODY_BYTES as u64 => Err(too_large()),
            _ => Ok(()),
        }
    }
}

fn too_large() -> HttpResponse {
    rpc_error(
        StatusCode::PAYLOAD_TOO_LARGE,
        -32600,
        "Request body larger than 1 MiB",
    )
}

/// The declared `Content-Length`, if any and readable (hyper has already
/// refused a malformed one on the local server).
fn declared_length(headers: &HeaderMap) -> Option<u64> {
    headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok())
}

/// The process-wide bound on requests past the header rules: at most `max`
/// at once (tower's concurrency limit), one more is answered at once
/// (tower's load shedding) with an error that [`overloaded_on_error`] turns
/// into the answer.
pub fn in_flight(max: usize) -> (tower::load_shed::LoadShedLayer, tower::limit::ConcurrencyLimitLayer) {
    (
        tower::load_shed::LoadShedLayer::new(),
        tower::limit::ConcurrencyLimitLayer::new(max),
    )
}

/// The answer of the in-flight bound's load shedding (the only error the
/// stack behind it can produce): 503/-32603 with `Retry-After`.
pub fn overloaded_on_error(result: Result<HttpResponse, BoxError>) -> HttpResponse {
    result.unwrap_or_else(|_| overloaded())
}

fn overloaded() -> HttpResponse {
    let mut response = rpc_error(
        StatusCode::SERVICE_UNAVAILABLE,
        -32603,
        "Server busy: too many requests in flight, retry shortly",
    );
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static(RETRY_AFTER_SECONDS));
    response
}

/// Reads the body into [`Bytes`], stopping one byte past [`MAX_BODY_BYTES`]
/// (→ 413/-32600, the rest is never read), at most for `budget` (→
/// 408/-32600, so a stalled client cannot hold a request open). A body that
/// breaks off or is malformed (e.g. an over-long chunk extension) → 400/-32600
/// naming the cause.
#[derive(Debug, Clone)]
pub struct ReadBody<S> {
    inner: S,
    budget: Duration,
}

impl<S> ReadBody<S> {
    pub fn new(inner: S, budget: Duration) -> ReadBody<S> {
        ReadBody { inner, budget }
    }
}

impl<S, B> Service<Request<B>> for ReadBody<S>
where
    S: Service<Request<Bytes>, Response = HttpResponse, Error = Infallible> + Clone + Send + 'static,
    S::Future: Send,
    B: Body + Send + 'static,
    B::Data: Send,
    B::Error: Into<BoxError>,
{
    type Response = HttpResponse;
    type Error = Infallible;
    type Future = BoxFuture<'static, Result<HttpResponse, Infallible>>;

    fn poll_ready(&mut self, _cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, request: Request<B>) -> Self::Future {
        let inner = self.inner.clone();
        let budget = self.budget;
        Box::pin(async move {
            let (parts, body) = request.into_parts();
            let declared = declared_length(&parts.headers);
            let bytes = match tokio::time::timeout(budget, read_capped(body, declared)).await {
                Ok(Ok(bytes)) => bytes,
                Ok(Err(Unreadable::TooLarge)) => return Ok(too_large()),
                Ok(Err(Unreadable::Broken(error))) => {
                    let message = format!(
                        "Bad Request: the request body could not be read ({})",
                        crate::format::echo(&error.to_string(), 120)
                    );
                    return Ok(rpc_error(StatusCode::BAD_REQUEST, -32600, &message));
                }
                Err(_) => {
                    return Ok(rpc_error(
                        StatusCode::REQUEST_TIMEOUT,
                        -32600,
                        "Request body not received in time",
                    ));
                }
            };
            inner.oneshot(Request::from_parts(parts, bytes)).await
        })
    }
}

/// Why [`read_capped`] gave up.
enum Unreadable {
    TooLarge,
    Broken(BoxError),
}

/// The body, or [`Unreadable::TooLarge`] as soon as it passes
/// [`MAX_BODY_BYTES`]. One buffer, sized by the declared length when there
/// is one (already checked to be within the limit).
async fn read_capped<B>(body: B, declared: Option<u64>) -> Result<Bytes, Unreadable>
where
    B: Body,
    B::Error: Into<BoxError>,
{
    let capacity = declared.unwrap_or(0).min(MAX_BODY_BYTES as u64) as usize;
    let mut buffer = BytesMut::with_capacity(capacity);
    let body = std::pin::pin!(body);
    let mut body = body;
    while let Some(frame) = body.frame().await {
        let frame = frame.map_err(|e| Unreadable::Broken(e.into()))?;
        if let Ok(mut data) = frame.into_data() {
            use bytes::Buf;
            if buffer.len() + data.remaining() > MAX_BODY_BYTES {
                return Err(Unreadable::TooLarge);
            }
            while data.has_remaining() {
                let chunk = data.chunk();
                buffer.extend_from_slice(chunk);
                let n = chunk.len();
                data.advance(n);
            }
        }
    }
    Ok(buffer.freeze())
}
