//! Hedged reads: a duplicate request for a read that is slower than usual.
//!
//! Why: a tool call waits for all of its upstream reads, so the slowest read
//! of a fan-out decides when the teacher gets an answer. When one request in
//! twenty takes a second longer than the rest, a call with 17 reads meets
//! such a straggler more often than not. Asking again after a short wait
//! and taking whichever answer comes first cuts that tail for a few percent
//! more requests.
//!
//! The rules ([`super::EduSharing`] applies them in its miss path, below the
//! cache, so a coalesced waiter gets the winner):
//! * **When.** Per endpoint class ([`HedgeClass`]: searches, node reads),
//!   [`FACTOR`] × the median of the class's last [`WINDOW`] answered
//!   requests, at least [`FLOOR`]: a margin over the typical latency, which
//!   sits between the normal band and the stragglers. A high percentile would
//!   not: it either lands among the stragglers (then hedging does nothing) or
//!   hedges a tenth of the normal requests. Until a class has
//!   [`MIN_SAMPLES`] answers (a cold process), the configured default delay
//!   (`WLO_HEDGE_DELAY_MS`) is used.
//! * **How many.** No answer after the delay: one duplicate. Still none
//!   after another delay: a second one. Never more than [`MAX_DUPLICATES`].
//! * **Who wins.** The first answer: a success, or an HTTP status (the
//!   repository's word is final, so a 500 is never retried behind the
//!   caller's back). The other requests are dropped, which closes their
//!   connections. A request that fails without an answer (timeout, broken
//!   connection) leaves the others running; the read fails when all have.
//! * **Budget** ([`Budget`]): a token bucket. Every first request earns a
//!   tenth of a token, a duplicate costs one. The bucket starts with
//!   [`BURST`] tokens (a cold process can hedge its first calls) and holds
//!   at most [`CAPACITY`], what 500 first requests earn: the sliding window.
//!   Over any run of N first requests there are at most N/10 + CAPACITY
//!   duplicates, so a repository that is slow everywhere gets about 10 %
//!   extra load, not 100 %. The room above the burst absorbs the stragglers
//!   of a wide wave (a 150-node tree walk meets eight), which all want their
//!   duplicate within the same few hundred milliseconds.
//! * **Bounds.** A duplicate is an ordinary request: it waits for a slot of
//!   the call's fan-out bound and of `WLO_MAX_CONCURRENCY`, gets
//!   min(`WLO_TIMEOUT_MS`, time left) and is not sent once the tool deadline
//!   is used up. A read that failed is never hedged.
//! * **Never hedged:** `/textContent`, where one request can start a
//!   text extraction of several seconds upstream.

use std::collections::VecDeque;
use std::sync::Mutex;
use std::time::Duration;

use super::UpstreamError;
use super::error::Oversize;

/// Delay = this × the class's recent median.
pub const FACTOR: f64 = 1.5;
/// The delay is never shorter than this.
pub const FLOOR: Duration = Duration::from_millis(50);
/// Answered requests per class the median is taken over.
pub const WINDOW: usize = 64;
/// Answers a class needs before its median replaces the default delay.
pub const MIN_SAMPLES: usize = 8;
/// Duplicates per read at most.
pub const MAX_DUPLICATES: u32 = 2;
/// Tokens the budget starts with.
pub const BURST: u32 = 10;
/// Tokens the budget holds at most.
pub const CAPACITY: u32 = 50;
/// First requests that earn one duplicate.
pub const EARN_PER_DUPLICATE: u32 = 10;

/// What kind of endpoint a read goes to: each kind has its own latency.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HedgeClass {
    /// The search queries (ngsearch, collections, page variants): POSTs.
    Search,
    /// Reads of one node (children, metadata, parents): GETs.
    Node,
    /// Never hedged: `/textContent`.
    Never,
}

impl HedgeClass {
    /// The class of a request, from its method and URL.
    pub fn of(is_post: bool, url: &str) -> HedgeClass {
        let path = url.split('?').next().unwrap_or(url);
        if path.ends_with("/textContent") {
            HedgeClass::Never
        } else if is_post {
            HedgeClass::Search
        } else {
            HedgeClass::Node
        }
    }
}

/// Does this outcome end a hedged read? A success, an HTTP status and an
/// answer over the cap (a duplicate would be as large) do;
/// a failure without an answer leaves the other requests running.
pub fn is_answer<T>(result: &Result<T, UpstreamError>) -> bool {
    matches!(
        result,
        Ok(_)
            | Err(UpstreamError::NotFound
                | UpstreamError::Forbidden
                | UpstreamError::Status { .. }
                | UpstreamError::Oversized(Oversize::Answer { .. }))
    )
}

/// The recent latencies of one endpoint class.
#[derive(Debug, Default)]
pub struct Estimator {
    samples: Mutex<VecDeque<Duration>>,
}

impl Estimator {
    /// Remember how long one answered request took.
    pub fn record(&self, elapsed: Duration) {
        let mut samples = self.samples.lock().unwrap_or_else(|e| e.into_inner());
        if samples.len() == WINDOW {
            samples.pop_front();
        }
        samples.push_back(elapsed);
    }

    /// The median of the window, once it holds [`MIN_SAMPLES`].
    pub fn median(&self) -> Option<Duration> {
        let mut sorted: Vec<Duration> = self
            .samples
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
            .copied()
            .collect();
        if sorted.len() < MIN_SAMPLES {
            return None;
        }
        sorted.sort();
        Some(sorted[sorted.len() / 2])
    }

    /// How long a read of this class waits before a duplicate.
    pub fn delay(&self, default: Duration) -> Duration {
        match self.median() {
            Some(median) => median.mul_f64(FACTOR).max(FLOOR),
            None => default,
        }
    }
}

/// The duplicate budget: a token bucket filled by first requests
/// (counted in tenths of a token, so it needs no floating point).
#[derive(Debug)]
pub struct Budget {
    tenths: Mutex<u32>,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget {
            tenths: Mutex::new(BURST * EARN_PER_DUPLICATE),
        }
    }
}

impl Budget {
    /// One first request was sent: earn a tenth of a duplicate.
    pub fn earn(&self) {
        let mut tenths = self.tenths.lock().unwrap_or_else(|e| e.into_inner());
        *tenths = (*tenths + 1).min(CAPACITY * EARN_PER_DUPLICATE);
    }

    /// Take one duplicate's token, if the bucket has it.
    pub fn try_spend(&self) -> bool {
        let mut tenths = self.tenths.lock().unwrap_or_else(|e| e.into_inner());
        if *tenths >= EARN_PER_DUPLICATE {
            *tenths -= EARN_PER_DUPLICATE;
            true
        } else {
            false
        }
    }
}

/// The process's hedging state: one estimator per class and the budget.
#[derive(Debug)]
pub struct Hedger {
    default_delay: Duration,
    search: Estimator,
    node: Estimator,
    pub budget: Budget,
}

impl Hedger {
    pub fn new(default_delay: Duration) -> Hedger {
        Hedger {
            default_delay,
            search: Estimator::default(),
            node: Estimator::default(),
            budget: Budget::default(),
        }
    }

    fn estimator(&self, class: HedgeClass) -> Option<&Estimator> {
        match class {
            HedgeClass::Search => Some(&self.search),
            HedgeClass::Node => Some(&self.node),
            HedgeClass::Never => None,
        }
    }

    /// The hedge delay of a read of `class` (`None`: never hedged).
    pub fn delay(&self, class: HedgeClass) -> Option<Duration> {
        self.estimator(class).map(|e| e.delay(self.default_delay))
    }

    /// Remember the latency of an answered request of `class`.
    pub fn record(&self, class: HedgeClass, elapsed: Duration) {
        if let Some(estimator) = self.estimator(class) {
            estimator.record(elapsed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: Duration = Duration::from_millis(1);

    #[test]
    fn classes_by_endpoint() {
        let base = "https://x/edu-sharing/rest";
        let text = format!("{base}/node/v1/nodes/-home-/abc/textContent");
        assert_eq!(HedgeClass::of(false, &text), HedgeClass::Never);
        assert_eq!(HedgeClass::of(true, &text), HedgeClass::Never);
        let meta = format!("{base}/node/v1/nodes/-home-/abc/metadata?propertyFilter=-all-");
        assert_eq!(HedgeClass::of(false, &meta), HedgeClass::Node);
        let search = format!("{base}/search/v1/queries/-home-/mds_oeh/ngsearch?maxItems=5");
        assert_eq!(HedgeClass::of(true, &search), HedgeClass::Search);
        // A node whose id merely contains the word is an ordinary node read.
        let odd = format!("{base}/node/v1/nodes/-home-/textContent/children?maxItems=1");
        assert_eq!(HedgeClass::of(false, &odd), HedgeClass::Node);
        assert_eq!(Hedger::new(MS).delay(HedgeClass::Never), None);
    }

    #[test]
    fn a_cold_estimator_uses_the_default_then_a_margin_over_the_median() {
        let e = Estimator::default();
        let default = 700 * MS;
        assert_eq!(e.delay(default), default);
        for _ in 0..MIN_SAMPLES - 1 {
            e.record(100 * MS);
        }
        assert_eq!(e.delay(default), default, "too few samples yet");
        e.record(100 * MS);
        assert_eq!(e.delay(default), 150 * MS);
        // Stragglers among the samples do not move the median.
        for _ in 0..3 {
            e.record(1100 * MS);
        }
        assert_eq!(e.delay(default), 150 * MS);
    }

    #[test]
    fn the_window_forgets_old_samples_and_the_floor_holds() {
        let e = Estimator::default();
        for _ in 0..WINDOW {
            e.record(1000 * MS);
        }
        assert_eq!(e.delay(MS), 1500 * MS);
        // A repository that became fast: after half a window the median follows.
        for _ in 0..WINDOW / 2 + 1 {
            e.record(2 * MS);
        }
        assert_eq!(e.delay(MS), FLOOR, "never below the floor");
    }

    #[test]
    fn classes_learn_separately() {
        let h = Hedger::new(900 * MS);
        for _ in 0..MIN_SAMPLES {
            h.record(HedgeClass::Search, 1000 * MS);
            h.record(HedgeClass::Never, 1 * MS);
        }
        assert_eq!(h.delay(HedgeClass::Search), Some(1500 * MS));
        assert_eq!(h.delay(HedgeClass::Node), Some(900 * MS));
    }

    #[test]
    fn the_budget_starts_with_a_burst_then_allows_a_tenth() {
        let b = Budget::default();
        let burst = (0..100).take_while(|_| b.try_spend()).count();
        assert_eq!(burst, BURST as usize, "a cold process may hedge its first calls");
        assert!(!b.try_spend());
        // An all-slow repository: every first request would like a duplicate.
        let mut duplicates = 0;
        for _ in 0..1000 {
            b.earn();
            if b.try_spend() {
                duplicates += 1;
            }
        }
        assert_eq!(duplicates, 100, "one duplicate per ten first requests");
    }

    #[test]
    fn the_budget_is_capped() {
        let b = Budget::default();
        for _ in 0..10_000 {
            b.earn();
        }
        let spent = (0..1000).take_while(|_| b.try_spend()).count();
        assert_eq!(spent, CAPACITY as usize, "a quiet hour does not save up a storm");
    }

    #[test]
    fn answers_end_a_read_failures_do_not() {
        assert!(is_answer(&Ok::<(), _>(())));
        assert!(is_answer::<()>(&Err(UpstreamError::NotFound)));
        assert!(is_answer::<()>(&Err(UpstreamError::Status {
            status: 500,
            message: String::new()
        })));
        assert!(is_answer::<()>(&Err(UpstreamError::Oversized(Oversize::Answer {
            bytes: 1
        }))));
        assert!(!is_answer::<()>(&Err(UpstreamError::Oversized(Oversize::Budget {
            bytes: 1
        }))));
        assert!(!is_answer::<()>(&Err(UpstreamError::Timeout)));
        assert!(!is_answer::<()>(&Err(UpstreamError::Unreachable("reset".into()))));
    }
}
