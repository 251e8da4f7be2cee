//! The per-tool-call scope: deadline, fan-out bound, request counters and
//! the repository failure that an empty answer must report.
//!
//! Tool code never passes these around: the dispatcher runs each tool call
//! inside [`CallScope::run`], and the upstream client reads the scope from a
//! task-local. Parallel reads inside one call are futures of the call's own
//! task (`join_all`, or [`in_parallel`] for a wave that can outgrow the
//! fan-out bound), never spawned tasks, so they all see the same scope.

use std::future::Future;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::sync::Semaphore;

use super::UpstreamError;

/// Requests one tool call may have in flight at once.
pub const PER_CALL_FAN_OUT: usize = 32;

/// Await the futures of `reads` in parallel, at most [`PER_CALL_FAN_OUT`]
/// at a time, and return their outputs in order (like `join_all`). The
/// call's semaphore bounds the requests either way; taking the next future
/// from the (lazy) iterator only when a slot is free keeps a wave of hundreds
/// of reads from holding hundreds of read futures and URLs while they wait.
pub async fn in_parallel<I>(reads: I) -> Vec<<I::Item as Future>::Output>
where
    I: IntoIterator,
    I::Item: Future,
{
    use futures::StreamExt;
    futures::stream::iter(reads).buffered(PER_CALL_FAN_OUT).collect().await
}

tokio::task_local! {
    static CURRENT: Arc<CallScope>;
}

/// Limits and counters of one tool call.
#[derive(Debug)]
pub struct CallScope {
    deadline: Instant,
    fan_out: Semaphore,
    requests: AtomicU32,
    /// Kept so that an answer without results can tell "nothing there" apart
    /// from "could not look" (the dispatcher's failure policy).
    first_failure: Mutex<Option<UpstreamError>>,
    duplicates: AtomicU32,
    duplicate_wins: AtomicU32,
    shared_hits: AtomicU32,
    shared_misses: AtomicU32,
}

impl CallScope {
    pub fn new(budget: Duration) -> Arc<CallScope> {
        Arc::new(CallScope {
            deadline: Instant::now() + budget,
            fan_out: Semaphore::new(PER_CALL_FAN_OUT),
            requests: AtomicU32::new(0),
            first_failure: Mutex::new(None),
            duplicates: AtomicU32::new(0),
            duplicate_wins: AtomicU32::new(0),
            shared_hits: AtomicU32::new(0),
            shared_misses: AtomicU32::new(0),
        })
    }

    /// Run `fut` with this scope as the current one.
    pub async fn run<F: Future>(self: &Arc<Self>, fut: F) -> F::Output {
        CURRENT.scope(self.clone(), fut).await
    }

    /// Upstream requests actually sent (cache hits do not count).
    pub fn requests(&self) -> u32 {
        self.requests.load(Ordering::Relaxed)
    }

    /// A read of this call that failed because of the repository
    /// (unreachable, timeout, error status, unreadable body). A missing or
    /// private node is not a repository failure and is not kept. When several
    /// reads failed differently, the same one is chosen whatever their order
    /// in time, so that the answer is deterministic.
    pub fn first_failure(&self) -> Option<UpstreamError> {
        self.first_failure.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    pub(crate) fn record_failure(&self, error: &UpstreamError) {
        if !error.is_repository_failure() {
            return;
        }
        let mut kept = self.first_failure.lock().unwrap_or_else(|e| e.into_inner());
        let replace = kept
            .as_ref()
            .is_none_or(|old| failure_order(error) < failure_order(old));
        if replace {
            *kept = Some(error.clone());
        }
    }

    /// Hedging duplicates sent (included in [`Self::requests`]).
    pub fn duplicates(&self) -> u32 {
        self.duplicates.load(Ordering::Relaxed)
    }

    /// Reads a duplicate answered first.
    pub fn duplicate_wins(&self) -> u32 {
        self.duplicate_wins.load(Ordering::Relaxed)
    }

    /// Reads answered by the shared cache tier.
    pub fn shared_hits(&self) -> u32 {
        self.shared_hits.load(Ordering::Relaxed)
    }

    /// Reads the shared cache tier did not answer (absent, or the store failing).
    pub fn shared_misses(&self) -> u32 {
        self.shared_misses.load(Ordering::Relaxed)
    }

    pub fn remaining(&self) -> Duration {
        self.deadline.saturating_duration_since(Instant::now())
    }

    /// The scope of the running tool call, if any.
    pub fn current() -> Option<Arc<CallScope>> {
        CURRENT.try_with(|s| s.clone()).ok()
    }

    pub(crate) fn count_request(&self) {
        self.requests.fetch_add(1, Ordering::Relaxed);
    }

    pub(crate) fn count_shared(&self, hit: bool) {
        let counter = if hit { &self.shared_hits } else { &self.shared_misses };
        counter.fetch_add(1, Ordering::Relaxed);
    }

    pub(crate) fn count_duplicate(&self) {
        self.duplicates.fetch_add(1, Ordering::Relaxed);
    }

    pub(crate) fn count_duplicate_win(&self) {
        self.duplicate_wins.fetch_add(1, Ordering::Relaxed);
    }

    pub(crate) fn fan_out(&self) -> &Semaphore {
        &self.fan_out
    }
}

/// Which of two failures the answer names: the repository being down first,
/// then slowness, then what it said.
fn failure_order(error: &UpstreamError) -> (u8, String) {
    let rank = match error {
        UpstreamError::Unreachable(_) => 0,
        UpstreamError::Timeout => 1,
        UpstreamError::DeadlineExceeded => 2,
        UpstreamError::Status { .. } => 3,
        UpstreamError::Oversized(_) => 4,
        UpstreamError::Malformed(_) => 5,
        UpstreamError::NotFound | UpstreamError::Forbidden => 6,
    };
    (rank, error.to_string())
}
