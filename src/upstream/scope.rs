//! The per-tool-call scope: deadline, fan-out bound and request counters.
//!
//! Tool code never passes these around: the dispatcher runs each tool call
//! inside [`CallScope::run`], and the upstream client reads the scope from a
//! task-local. Parallel reads inside one call use `join_all` (not `spawn`), so
//! they all see the same scope.

use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use tokio::sync::Semaphore;

/// Requests one tool call may have in flight at once.
pub const PER_CALL_FAN_OUT: usize = 32;

tokio::task_local! {
    static CURRENT: Arc<CallScope>;
}

/// Limits and counters of one tool call.
#[derive(Debug)]
pub struct CallScope {
    deadline: Instant,
    fan_out: Semaphore,
    requests: AtomicU32,
    duplicates: AtomicU32,
    duplicate_wins: AtomicU32,
}

impl CallScope {
    pub fn new(budget: Duration) -> Arc<CallScope> {
        Arc::new(CallScope {
            deadline: Instant::now() + budget,
            fan_out: Semaphore::new(PER_CALL_FAN_OUT),
            requests: AtomicU32::new(0),
            duplicates: AtomicU32::new(0),
            duplicate_wins: AtomicU32::new(0),
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

    /// Hedging duplicates sent (included in [`Self::requests`]).
    pub fn duplicates(&self) -> u32 {
        self.duplicates.load(Ordering::Relaxed)
    }

    /// Reads a duplicate answered first.
    pub fn duplicate_wins(&self) -> u32 {
        self.duplicate_wins.load(Ordering::Relaxed)
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
