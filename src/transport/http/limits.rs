//! Size, time and concurrency bounds on what clients send, so neither one
//! request nor a flood of them can take unbounded memory or hold the handler
//! open.
//!
//! Everything that can be judged from the headers is judged before a byte of
//! the body is read ([`HeaderSize`], [`DeclaredSize`], and the Host, token and
//! method rules in front of them); a rejected request's body is never read.
//! Only then does [`ReadBody`] read the body, stopping one byte past
//! [`MAX_BODY_BYTES`], for chunked bodies too. [`InFlight`] bounds how many
//! requests are past the header rules at once. tower-http's body limit
//! answers in plain text and its timeout with an empty body, where clients
//! expect JSON-RPC errors.

use std::convert::Infallible;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::task::{Context, Poll};
use std::time::Duration;

use bytes::{Bytes, BytesMut};
use futures::future::BoxFuture;
use http::{HeaderMap, HeaderValue, Request, StatusCode, header};
use http_body::Body;
use http_body_util::BodyExt;
use tokio::sync::Semaphore;
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
    rpc_error(StatusCode::PAYLOAD_TOO_LARGE, -32600, "Request body larger than 1 MiB")
}

/// The declared `Content-Length`, if any and readable (hyper has already
/// refused a malformed one on the local server).
fn declared_length(headers: &HeaderMap) -> Option<u64> {
    headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok())
}

/// How long a request may wait for a place among those in flight before
/// it is answered 503.
pub const IN_FLIGHT_WAIT: Duration = Duration::from_secs(5);

/// The process-wide bound on requests past the header rules: at most `max`
/// at once (reading their body, decoding it, waiting for a tool). One more
/// waits for a place, without its body being read, at most
/// [`IN_FLIGHT_WAIT`], and while fewer than `4 × max` others wait; otherwise
/// → 503/-32603 with `Retry-After`. Own code rather than tower's
/// concurrency limit and load shedding: those answer 503 at once, so a burst
/// just over the bound (200 tool calls from one agent fleet) would fail where
/// a short wait serves it.
#[derive(Clone)]
pub struct InFlight<S> {
    inner: S,
    places: Arc<Semaphore>,
    waiting: Arc<AtomicUsize>,
    max_waiting: usize,
}

impl<S> InFlight<S> {
    pub fn new(inner: S, places: Arc<Semaphore>, max: usize) -> InFlight<S> {
        InFlight {
            inner,
            places,
            waiting: Arc::new(AtomicUsize::new(0)),
            max_waiting: 4 * max,
        }
    }
}

impl<S, B> Service<Request<B>> for InFlight<S>
where
    S: Service<Request<B>, Response = HttpResponse, Error = Infallible> + Clone + Send + 'static,
    S::Future: Send,
    B: Send + 'static,
{
    type Response = HttpResponse;
    type Error = Infallible;
    type Future = BoxFuture<'static, Result<HttpResponse, Infallible>>;

    fn poll_ready(&mut self, _cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, request: Request<B>) -> Self::Future {
        let inner = self.inner.clone();
        let places = self.places.clone();
        let waiting = self.waiting.clone();
        let max_waiting = self.max_waiting;
        Box::pin(async move {
            let place = match places.clone().try_acquire_owned() {
                Ok(place) => place,
                Err(_) if waiting.fetch_add(1, Ordering::SeqCst) >= max_waiting => {
                    waiting.fetch_sub(1, Ordering::SeqCst);
                    return Ok(overloaded());
                }
                Err(_) => {
                    let place = tokio::time::timeout(IN_FLIGHT_WAIT, places.acquire_owned()).await;
                    waiting.fetch_sub(1, Ordering::SeqCst);
                    match place {
                        Ok(Ok(place)) => place,
                        _ => return Ok(overloaded()),
                    }
                }
            };
            let response = inner.oneshot(request).await;
            drop(place);
            response
        })
    }
}

/// 503/-32603 with `Retry-After`.
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
                        crate::card::echo(&error.to_string(), 120)
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
    let mut body = std::pin::pin!(body);
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
