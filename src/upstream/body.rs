//! Reading an answer body within bounds.
//!
//! A body is read chunk by chunk and counted after gzip decoding (reqwest
//! decodes). Two bounds keep one instance alive against a repository that
//! answers hundreds of megabytes (a stored full text, a proxy's error page,
//! a gzip bomb, a wrong `WLO_REPOSITORY_URL`):
//!
//! - the per-read cap (`WLO_MAX_RESPONSE_MB`): a body above it stops the read
//!   ([`Limit::Refuse`]: a failure) or is cut there ([`Limit::Cut`]: the
//!   stored texts, which the tools show only the beginning of);
//! - the process-wide [`Budget`] (`WLO_BODY_BUDGET_MB`) of body bytes
//!   buffered at once: a read that finds it used up fails at once instead of
//!   waiting (reads that each hold part of it and wait for more would all
//!   run into their timeouts).
//!
//! Dropping the response before its end closes the connection, so the rest
//! of an oversized body is never transferred.

use std::sync::Arc;

use bytes::Bytes;
use tokio::sync::Semaphore;

use super::error::{Oversize, UpstreamError};

/// How far one body is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Limit {
    /// A body above this many bytes is [`UpstreamError::Oversized`].
    Refuse(usize),
    /// A body is read up to this many bytes and cut there.
    Cut(usize),
}

impl Limit {
    fn bytes(self) -> usize {
        match self {
            Limit::Refuse(n) | Limit::Cut(n) => n,
        }
    }
}

/// The process-wide budget of body bytes buffered at once.
pub(super) struct Budget {
    bytes: usize,
    free: Arc<Semaphore>,
}

impl Budget {
    pub(super) fn new(bytes: usize) -> Budget {
        Budget {
            bytes,
            free: Arc::new(Semaphore::new(bytes.min(Semaphore::MAX_PERMITS))),
        }
    }

    /// Bytes of the budget not held by a body right now.
    #[cfg(test)]
    fn available(&self) -> usize {
        self.free.available_permits()
    }
}

/// The part of the budget one body holds; given back when the body is dropped.
struct Charge {
    free: Arc<Semaphore>,
    held: usize,
    budget: usize,
}

impl Charge {
    fn take(&mut self, bytes: usize) -> Result<(), UpstreamError> {
        let over = || UpstreamError::Oversized(Oversize::Budget { bytes: self.budget });
        let n = u32::try_from(bytes).map_err(|_| over())?;
        let permit = self.free.try_acquire_many(n).map_err(|_| over())?;
        permit.forget();
        self.held += bytes;
        Ok(())
    }

    fn give_back(&mut self, bytes: usize) {
        self.held -= bytes;
        self.free.add_permits(bytes);
    }
}

impl Drop for Charge {
    fn drop(&mut self) {
        self.free.add_permits(self.held);
    }
}

/// A body that was read, holding its share of the [`Budget`] until dropped
/// (after it was parsed). Reads as its bytes.
pub(super) struct Body {
    pub(super) bytes: Bytes,
    /// The read stopped at a [`Limit::Cut`] before the end of the body.
    pub(super) cut: bool,
    _charge: Charge,
}

impl std::ops::Deref for Body {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        &self.bytes
    }
}

/// Before the first chunk: room for a body of unknown length.
const FIRST_CAPACITY: usize = 16 * 1024;

/// Read `response`'s body within `limit` and the `budget`.
pub(super) async fn read(
    mut response: reqwest::Response,
    limit: Limit,
    budget: &Budget,
    classify: fn(reqwest::Error) -> UpstreamError,
) -> Result<Body, UpstreamError> {
    let max = limit.bytes();
    let oversized = || UpstreamError::Oversized(Oversize::Answer { bytes: max });
    let length = response
        .content_length()
        .map(|n| usize::try_from(n).unwrap_or(usize::MAX));
    if let (Limit::Refuse(_), Some(length)) = (limit, length)
        && length > max
    {
        // Refused before reading: dropping the response closes the connection.
        return Err(oversized());
    }
    let mut charge = Charge {
        free: Arc::clone(&budget.free),
        held: 0,
        budget: budget.bytes,
    };
    // The usual small answer arrives as one chunk and is kept without a copy.
    let mut first: Option<Bytes> = None;
    let mut buf: Vec<u8> = Vec::new();
    let mut len = 0;
    let mut cut = false;
    while let Some(mut chunk) = response.chunk().await.map_err(classify)? {
        if chunk.is_empty() {
            continue;
        }
        let room = max - len;
        if chunk.len() > room {
            if let Limit::Refuse(_) = limit {
                return Err(oversized());
            }
            cut = true;
            if room == 0 {
                break;
            }
            chunk.truncate(room);
        }
        match first.take() {
            None if buf.capacity() == 0 => {
                charge.take(chunk.len())?;
                first = Some(chunk.clone());
            }
            Some(earlier) => {
                // A second chunk: from now on the body is gathered in `buf`,
                // sized by the announced length when there is one.
                let want = length.unwrap_or(FIRST_CAPACITY).clamp(len + chunk.len(), max);
                charge.take(want)?;
                buf.reserve_exact(want);
                buf.extend_from_slice(&earlier);
                buf.extend_from_slice(&chunk);
                drop(earlier);
                charge.give_back(len);
            }
            None => {
                if len + chunk.len() > buf.capacity() {
                    let grown = (buf.capacity() * 2).max(len + chunk.len()).min(max);
                    charge.take(grown - buf.capacity())?;
                    buf.reserve_exact(grown - len);
                }
                buf.extend_from_slice(&chunk);
            }
        }
        len += chunk.len();
        if cut {
            break;
        }
    }
    let bytes = match first {
        Some(only) => only,
        None => Bytes::from(buf),
    };
    Ok(Body {
        bytes,
        cut,
        _charge: charge,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use wlo_standin::{Fault, StandIn, StandInOptions};

    const MB: usize = 1 << 20;

    async fn read_with(standin: &StandIn, limit: Limit, budget: &Budget) -> Result<Body, UpstreamError> {
        let url = format!(
            "{}/rest/node/v1/nodes/-home-/{}/metadata",
            standin.base_url(),
            standin.well_known().photosynthese
        );
        let _ = rustls::crypto::ring::default_provider().install_default();
        // Plain HTTP to loopback: no roots to load.
        let client = reqwest::Client::builder().tls_certs_only([]).build().unwrap();
        let response = client.get(url).send().await.unwrap();
        read(response, limit, budget, |e| UpstreamError::Unreachable(e.to_string())).await
    }

    #[tokio::test]
    async fn bodies_are_read_within_the_cap_and_the_budget() {
        let standin = StandIn::start(StandInOptions::default()).await.unwrap();
        let ctl = standin.control();
        let budget = Budget::new(8 * MB);
        let too_large = Some(UpstreamError::Oversized(Oversize::Answer { bytes: MB }));

        // A real answer: whole, one chunk or more, the budget given back when dropped.
        let body = read_with(&standin, Limit::Refuse(MB), &budget).await.unwrap();
        assert!(!body.cut && body.starts_with(b"{") && body.ends_with(b"}"));
        assert!(budget.available() < 8 * MB);
        drop(body);
        assert_eq!(budget.available(), 8 * MB);

        // With a Content-Length over the cap: refused before reading (a
        // budget of one byte would have failed the first chunk).
        ctl.set_fault(Fault::Oversized);
        let tiny = Budget::new(1);
        assert_eq!(read_with(&standin, Limit::Refuse(MB), &tiny).await.err(), too_large);

        // Without a length, and a gzip bomb (counted after decoding): the read stops at the cap.
        for fault in [Fault::OversizedStream, Fault::GzipBomb] {
            ctl.set_fault(fault);
            let result = read_with(&standin, Limit::Refuse(MB), &budget).await;
            assert_eq!(result.err(), too_large, "{fault:?}");
            assert_eq!(budget.available(), 8 * MB, "{fault:?}");

            // Cut instead: exactly the first bytes.
            let body = read_with(&standin, Limit::Cut(100_000), &budget).await.unwrap();
            assert!(body.cut && body.len() == 100_000, "{fault:?}");
            assert!(body.starts_with(br#"{"text":"Dieser"#), "{fault:?}");
            assert!(budget.available() <= 8 * MB - 100_000);
            drop(body);
            assert_eq!(budget.available(), 8 * MB);
        }

        // A budget smaller than the body: the read fails at once and gives back what it held.
        let small = Budget::new(64 * 1024);
        let result = read_with(&standin, Limit::Refuse(MB), &small).await;
        assert_eq!(
            result.err(),
            Some(UpstreamError::Oversized(Oversize::Budget { bytes: 64 * 1024 }))
        );
        assert_eq!(small.available(), 64 * 1024);
    }
}
