//! Size and time bounds on what a client sends, so one request cannot take
//! unbounded memory or hold the handler open.
//!
//! The body is read first, by [`ReadBody`], because the rules behind it
//! work on complete bytes; its verdict on the size is kept for
//! [`BodySize`], which answers in rule order (after Host, token and method).
//! tower-http's body limit answers in plain text and its timeout with an
//! empty body, where clients expect JSON-RPC errors.

use std::convert::Infallible;
use std::task::{Context, Poll};
use std::time::Duration;

use bytes::Bytes;
use futures::future::BoxFuture;
use http::{HeaderMap, Method, Request, StatusCode, header};
use http_body::Body;
use http_body_util::{BodyExt, Limited};
use tower::{BoxError, Service, ServiceExt};
use tower_http::validate_request::ValidateRequest;

use super::{HttpResponse, rpc_error};

/// Largest accepted request body.
pub const MAX_BODY_BYTES: usize = 1024 * 1024;
/// Bodies up to this size are read (and dropped) before a 413 is sent, so
/// the client sees the 413 instead of a reset connection; larger ones are
/// not read at all.
const DRAIN_LIMIT: usize = 4 * MAX_BODY_BYTES;
/// Largest accepted sum of header names and values.
pub const MAX_HEADER_BYTES: usize = 32 * 1024;

/// Marks a request whose body was over [`MAX_BODY_BYTES`] (or could not be
/// read); its body is then empty.
#[derive(Debug, Clone, Copy)]
struct TooLarge;

/// Reads the body of a `POST` into [`Bytes`], at most for `budget`: a body
/// that has not arrived by then → 408/-32600.
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
            let (mut parts, body) = request.into_parts();
            let bytes = if parts.method != Method::POST {
                Some(Bytes::new())
            } else if declared_length(&parts.headers) > DRAIN_LIMIT as u64 {
                None
            } else {
                match tokio::time::timeout(budget, Limited::new(body, DRAIN_LIMIT).collect()).await {
                    Ok(collected) => collected
                        .ok()
                        .map(|c| c.to_bytes())
                        .filter(|b| b.len() <= MAX_BODY_BYTES),
                    Err(_) => {
                        return Ok(rpc_error(
                            StatusCode::REQUEST_TIMEOUT,
                            -32600,
                            "Request body not received in time",
                        ));
                    }
                }
            };
            if bytes.is_none() {
                parts.extensions.insert(TooLarge);
            }
            inner
                .oneshot(Request::from_parts(parts, bytes.unwrap_or_default()))
                .await
        })
    }
}

fn declared_length(headers: &HeaderMap) -> u64 {
    headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok())
        .unwrap_or(0)
}

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

/// A body over [`MAX_BODY_BYTES`], as [`ReadBody`] found it → 413/-32600.
#[derive(Debug, Clone, Copy)]
pub struct BodySize;

impl<B> ValidateRequest<B> for BodySize {
    type ResponseBody = http_body_util::Full<Bytes>;

    fn validate(&mut self, request: &mut Request<B>) -> Result<(), HttpResponse> {
        if request.extensions().get::<TooLarge>().is_none() {
            return Ok(());
        }
        Err(rpc_error(
            StatusCode::PAYLOAD_TOO_LARGE,
            -32600,
            "Request body larger than 1 MiB",
        ))
    }
}
