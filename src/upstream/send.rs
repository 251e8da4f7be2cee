//! Sending a read: the cache (and the shared tier behind it), the concurrency bounds, the timeout, the
//! connection retry and the hedged duplicates (see the module docs of
//! [`super`]), then reading the body within bounds ([`super::body`]) and
//! classifying the answer.

use std::sync::Arc;
use std::time::Duration;

use futures::StreamExt as _;
use futures::stream::FuturesUnordered;
use serde::de::DeserializeOwned;
use tokio::sync::SemaphorePermit;

use super::answers::ErrorBody;
use super::body::{self, Body, Limit};
use super::hedge::{self, Hedger};
use super::request::{CacheClass, Request};
use super::shared::{Lookup, SharedTier};
use super::{CallScope, EduSharing, UpstreamError};

impl EduSharing {
    /// Read and parse one answer, through the cache (see the module docs).
    /// The body is parsed once, here; a 2xx body that is not the JSON we
    /// expect is a [`UpstreamError::Malformed`] and is never cached.
    pub(super) async fn fetch_json<T>(&self, request: Request, class: CacheClass) -> Result<Arc<T>, UpstreamError>
    where
        T: DeserializeOwned + Send + Sync + 'static,
    {
        self.fetch_with(request, class, |body| parse_json(body)).await
    }

    /// [`Self::fetch_json`] with a custom parser (it may reject a body, too).
    pub(super) async fn fetch_with<T, P>(
        &self,
        request: Request,
        class: CacheClass,
        parse: P,
    ) -> Result<Arc<T>, UpstreamError>
    where
        T: Send + Sync + 'static,
        P: Fn(&[u8]) -> Result<T, UpstreamError>,
    {
        let ttl = match class {
            CacheClass::Tree => self.ttl_tree,
            CacheClass::Search => self.ttl_search,
            CacheClass::Never => Duration::ZERO,
        };
        let shared = self.shared.as_ref().filter(|_| !ttl.is_zero());
        let fetch = || async {
            if let Some(found) = self.read_shared(shared, &request, &parse).await {
                return Ok(found);
            }
            let body = self.send_uncached(&request).await?;
            let value = parse(&body)?;
            if let Some(tier) = shared {
                tier.store(&request.key, body.bytes.clone(), ttl).await;
            }
            Ok((value, body.len(), ttl))
        };
        let (result, outcome) = self.cache.get_or_fetch_ttl(&request.key, ttl, fetch).await;
        tracing::trace!(url = %request.url, ?outcome, "upstream read");
        if let (Err(error), Some(scope)) = (&result, CallScope::current()) {
            scope.record_failure(error);
        }
        result
    }

    /// A parsed answer from the shared tier and its remaining time-to-live;
    /// a body that does not parse (garbage) is a miss.
    async fn read_shared<T>(
        &self,
        shared: Option<&SharedTier>,
        request: &Request,
        parse: &impl Fn(&[u8]) -> Result<T, UpstreamError>,
    ) -> Option<(T, usize, Duration)> {
        let found = match shared?.get(&request.key).await {
            Lookup::Hit { body, ttl } => match parse(&body) {
                Ok(value) => Some((value, body.len(), ttl)),
                Err(error) => {
                    tracing::debug!(url = %request.url, %error, "unreadable shared cache entry, reading from WLO");
                    None
                }
            },
            Lookup::Miss => None,
        };
        if let Some(scope) = CallScope::current() {
            scope.count_shared(found.is_some());
        }
        found
    }

    /// A read that is cut at its [`Request::cut`] bound instead of failing
    /// (never cached): `parse` gets the body and whether it was cut.
    pub(super) async fn fetch_prefix<T, P>(&self, request: Request, parse: P) -> Result<T, UpstreamError>
    where
        P: FnOnce(&[u8], bool) -> Result<T, UpstreamError>,
    {
        let result = match self.send_uncached(&request).await {
            Ok(body) => parse(&body, body.cut),
            Err(error) => Err(error),
        };
        tracing::trace!(url = %request.url, "upstream read, cut at {:?} bytes", request.cut);
        if let (Err(error), Some(scope)) = (&result, CallScope::current()) {
            scope.record_failure(error);
        }
        result
    }

    async fn send_uncached(&self, request: &Request) -> Result<Body, UpstreamError> {
        let scope = CallScope::current();
        let scope = scope.as_deref();
        let permits = self.permits(scope).await?;
        let Some(hedger) = &self.hedger else {
            return self.send_one(request, scope, permits).await;
        };
        hedger.budget.earn();
        match hedger.delay(request.hedge) {
            Some(delay) => self.send_hedged(request, scope, hedger, delay, permits).await,
            None => self.send_one(request, scope, permits).await,
        }
    }

    /// A slot of the call's fan-out bound and one of the process bound.
    async fn permits<'a>(&'a self, scope: Option<&'a CallScope>) -> Result<Permits<'a>, UpstreamError> {
        let call = match scope {
            Some(s) => Some(
                s.fan_out()
                    .acquire()
                    .await
                    .map_err(|_| UpstreamError::DeadlineExceeded)?,
            ),
            None => None,
        };
        let process = self
            .process_limit
            .acquire()
            .await
            .map_err(|_| UpstreamError::DeadlineExceeded)?;
        Ok(Permits {
            _call: call,
            _process: process,
        })
    }

    /// One request (plus its connection retry), holding its slots until done.
    async fn send_one(
        &self,
        request: &Request,
        scope: Option<&CallScope>,
        _permits: Permits<'_>,
    ) -> Result<Body, UpstreamError> {
        // One retry, only for a connection that failed before any response
        // (typically a pooled socket that went stale while a function was frozen).
        let mut attempt = 0;
        loop {
            attempt += 1;
            let timeout = match scope {
                Some(s) => self.timeout.min(s.remaining()),
                None => self.timeout,
            };
            if timeout < Duration::from_millis(1) {
                return Err(UpstreamError::DeadlineExceeded);
            }
            if let Some(s) = scope {
                s.count_request();
            }
            let started = std::time::Instant::now();
            let result = self.attempt(request, timeout).await;
            if let Some(hedger) = &self.hedger
                && hedge::is_answer(&result)
            {
                hedger.record(request.hedge, started.elapsed());
            }
            match result {
                Err(UpstreamError::Unreachable(e)) if attempt == 1 => {
                    tracing::debug!(error = %e, "retrying upstream read after a connection error");
                    continue;
                }
                other => return other,
            }
        }
    }

    /// [`Self::send_one`] with up to two duplicates (see [`hedge`]): the
    /// first answer wins, dropping the others cancels them.
    async fn send_hedged<'a>(
        &'a self,
        request: &'a Request,
        scope: Option<&'a CallScope>,
        hedger: &'a Hedger,
        delay: Duration,
        permits: Permits<'a>,
    ) -> Result<Body, UpstreamError> {
        // Most reads answer within the delay and set up nothing more.
        let mut first = Box::pin(self.send_tagged(request, scope, permits, false));
        if let Ok((_, result)) = tokio::time::timeout(delay, first.as_mut()).await {
            return result;
        }
        let mut in_flight = FuturesUnordered::new();
        in_flight.push(first);
        let mut duplicates = 0;
        // The first delay is over: the first duplicate goes as soon as it has its slots.
        let mut next_duplicate = Some(Box::pin(self.duplicate_slot(scope, hedger, Duration::ZERO)));
        loop {
            tokio::select! {
                Some((duplicate, result)) = in_flight.next() => {
                    if hedge::is_answer(&result) {
                        if duplicate && result.is_ok() && let Some(s) = scope {
                            s.count_duplicate_win();
                        }
                        return result;
                    }
                    // No answer from this one: wait for the others, if any.
                    if in_flight.is_empty() {
                        return result;
                    }
                }
                slot = async {
                    match next_duplicate.as_mut() {
                        Some(slot) => slot.await,
                        None => std::future::pending().await,
                    }
                } => {
                    next_duplicate = None;
                    let Some(permits) = slot else { continue };
                    if let Some(s) = scope {
                        s.count_duplicate();
                    }
                    tracing::debug!(url = %request.url, ?delay, "hedging a slow upstream read");
                    in_flight.push(Box::pin(self.send_tagged(request, scope, permits, true)));
                    duplicates += 1;
                    if duplicates < hedge::MAX_DUPLICATES {
                        next_duplicate = Some(Box::pin(self.duplicate_slot(scope, hedger, delay)));
                    }
                }
            }
        }
    }

    /// [`Self::send_one`], marked as a duplicate or not.
    async fn send_tagged<'a>(
        &'a self,
        request: &'a Request,
        scope: Option<&'a CallScope>,
        permits: Permits<'a>,
        duplicate: bool,
    ) -> (bool, Result<Body, UpstreamError>) {
        (duplicate, self.send_one(request, scope, permits).await)
    }

    /// Wait `delay`, then for slots like any read; `None` when the budget
    /// has no token or the tool deadline is used up.
    async fn duplicate_slot<'a>(
        &'a self,
        scope: Option<&'a CallScope>,
        hedger: &Hedger,
        delay: Duration,
    ) -> Option<Permits<'a>> {
        tokio::time::sleep(delay).await;
        let permits = self.permits(scope).await.ok()?;
        if scope.is_some_and(|s| s.remaining() < Duration::from_millis(1)) {
            return None;
        }
        hedger.budget.try_spend().then_some(permits)
    }

    async fn attempt(&self, request: &Request, timeout: Duration) -> Result<Body, UpstreamError> {
        let builder = match &request.body {
            None => self.http().get(&request.url),
            Some(body) => self
                .http()
                .post(&request.url)
                .header(reqwest::header::CONTENT_TYPE, "application/json")
                .body(body.clone()),
        };
        let response = builder
            .header(reqwest::header::ACCEPT, "application/json")
            .timeout(timeout)
            .send()
            .await
            .map_err(classify)?;
        let status = response.status();
        if status.is_success() {
            let limit = match request.cut {
                // The per-read cap wins over a larger cut.
                Some(cut) => Limit::Cut(cut.min(self.max_response)),
                None => Limit::Refuse(self.max_response),
            };
            // Parsed by the caller: a 2xx that is not JSON (a proxy's HTML page,
            // a truncated body) fails there and is never cached.
            return body::read(response, limit, &self.body_budget, classify).await;
        }
        // Only an error body's message is shown: its beginning is enough.
        let body = body::read(response, Limit::Cut(ERROR_BODY_BYTES), &self.body_budget, classify).await?;
        Err(match status.as_u16() {
            404 => UpstreamError::NotFound,
            401 | 403 => UpstreamError::Forbidden,
            code => {
                let message = serde_json::from_slice::<ErrorBody>(&body)
                    .map(|e| if e.message.is_empty() { e.error } else { e.message })
                    .unwrap_or_default();
                UpstreamError::Status { status: code, message }
            }
        })
    }
}

/// How much of an error answer (4xx/5xx) is read for its message.
const ERROR_BODY_BYTES: usize = 64 * 1024;

fn classify(error: reqwest::Error) -> UpstreamError {
    if error.is_timeout() {
        UpstreamError::Timeout
    } else if error.is_connect() || error.is_request() {
        UpstreamError::Unreachable(error.to_string())
    } else if error.is_decode() || error.is_body() {
        UpstreamError::Malformed(error.to_string())
    } else {
        UpstreamError::Unreachable(error.to_string())
    }
}

/// The slots one request holds while it is in flight.
struct Permits<'a> {
    _call: Option<SemaphorePermit<'a>>,
    _process: SemaphorePermit<'a>,
}

/// Parse an answer body (see [`crate::node::lenient::decode`]).
pub(super) fn parse_json<T: DeserializeOwned>(body: &[u8]) -> Result<T, UpstreamError> {
    crate::node::lenient::decode(body).map_err(|e| UpstreamError::Malformed(e.to_string()))
}
