//! Failures while answering stay with the one request: a panic → 500, an
//! answer later than the request budget → 504, each with a JSON-RPC error.
//!
//! The rules behind this layer and rmcp run in their own task, so a panic
//! ends that task only (the connection and other requests live on).
//! tower-http's timeout answers with an empty body, clients expect JSON-RPC.

use std::convert::Infallible;
use std::task::{Context, Poll};
use std::time::Duration;

use futures::future::BoxFuture;
use http::{Request, StatusCode};
use tower::{Service, ServiceExt};

use super::{HttpResponse, rpc_error};

/// See the module docs; `budget` bounds the answer.
#[derive(Debug, Clone)]
pub struct Recover<S> {
    inner: S,
    budget: Duration,
}

impl<S> Recover<S> {
    pub fn new(inner: S, budget: Duration) -> Recover<S> {
        Recover { inner, budget }
    }
}

impl<S, B> Service<Request<B>> for Recover<S>
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
        let task = tokio::spawn(self.inner.clone().oneshot(request));
        let budget = self.budget;
        Box::pin(async move {
            Ok(match tokio::time::timeout(budget, task).await {
                Ok(Ok(Ok(response))) => response,
                Ok(Ok(Err(never))) => match never {},
                Ok(Err(join_error)) => {
                    tracing::error!(error = %join_error, "request handler panicked");
                    rpc_error(
                        StatusCode::INTERNAL_SERVER_ERROR,
                        -32603,
                        "Internal error while answering this request",
                    )
                }
                Err(_) => rpc_error(StatusCode::GATEWAY_TIMEOUT, -32603, "The request took too long"),
            })
        })
    }
}
