//! The in-process response cache, shared by every request of a process.
//!
//! Keyed by the exact upstream request (method, URL, body). Bounded in bytes,
//! with a time-to-live per entry. Concurrent identical requests are coalesced:
//! the first caller fetches, the others wait for its outcome. Only successful
//! answers are stored; an error is handed to the waiting callers and forgotten.
//!
//! What is stored is the *parsed* answer behind an `Arc`, so a hit costs a
//! reference count, not a parse, and a body is parsed exactly once. Each entry
//! is charged the size of the body it was parsed from. Parsing is
//! deterministic, so cached and uncached tool output are byte-identical.

use std::any::Any;
use std::collections::{BTreeMap, HashMap};
use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::sync::watch;

use super::UpstreamError;

type Shared = Arc<dyn Any + Send + Sync>;
type Outcome = Option<Result<Shared, UpstreamError>>;

enum Slot {
    Ready {
        value: Shared,
        size: usize,
        expires: Instant,
        seq: u64,
    },
    Pending(watch::Receiver<Outcome>),
}

#[derive(Default)]
struct Inner {
    slots: HashMap<String, Slot>,
    /// Insertion order of ready entries, for eviction (oldest first).
    order: BTreeMap<u64, String>,
    bytes: usize,
    next_seq: u64,
    /// When a full cache may next look for expired entries.
    next_sweep: Option<Instant>,
}

/// How often a full cache sweeps out expired entries at most.
const SWEEP_INTERVAL: Duration = Duration::from_secs(1);

/// See the module docs.
pub struct Cache {
    max_bytes: usize,
    inner: Mutex<Inner>,
}

/// What the cache did for one lookup (for tests and logs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CacheOutcome {
    Hit,
    Coalesced,
    Fetched,
    Bypassed,
}

impl Cache {
    pub fn new(max_bytes: usize) -> Cache {
        Cache {
            max_bytes,
            inner: Mutex::new(Inner::default()),
        }
    }

    pub fn len(&self) -> usize {
        self.lock().order.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn bytes(&self) -> usize {
        self.lock().bytes
    }

    pub fn clear(&self) {
        *self.lock() = Inner::default();
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        // A poisoned lock only means another request panicked mid-update;
        // the map itself is still consistent enough to keep serving.
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Return the cached value for `key`, or run `fetch` (once for all
    /// concurrent callers) and cache a success for `ttl`. `fetch` answers the
    /// value and the number of bytes to charge for it.
    pub async fn get_or_fetch<T, F, Fut>(
        &self,
        key: &str,
        ttl: Duration,
        fetch: F,
    ) -> (Result<Arc<T>, UpstreamError>, CacheOutcome)
    where
        T: Any + Send + Sync,
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<(T, usize), UpstreamError>>,
    {
        let fetch = || async { fetch().await.map(|(value, size)| (value, size, ttl)) };
        self.get_or_fetch_ttl(key, ttl, fetch).await
    }

    /// [`Self::get_or_fetch`] where `fetch` also answers how long its value
    /// may live, at most `ttl` (an answer from the shared tier keeps its
    /// remaining time-to-live).
    pub async fn get_or_fetch_ttl<T, F, Fut>(
        &self,
        key: &str,
        ttl: Duration,
        fetch: F,
    ) -> (Result<Arc<T>, UpstreamError>, CacheOutcome)
    where
        T: Any + Send + Sync,
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<(T, usize, Duration), UpstreamError>>,
    {
        let fetch = || async {
            fetch()
                .await
                .map(|(value, size, left)| (Arc::new(value), size, left.min(ttl)))
        };
        if ttl.is_zero() || self.max_bytes == 0 {
            return (fetch().await.map(|(value, ..)| value), CacheOutcome::Bypassed);
        }
        enum Step {
            Wait(watch::Receiver<Outcome>),
            Lead(watch::Sender<Outcome>),
        }
        let step = {
            let mut inner = self.lock();
            let now = Instant::now();
            match inner.slots.get(key) {
                Some(Slot::Ready { value, expires, .. }) if *expires > now => {
                    // A key always names one kind of answer; a type mismatch
                    // would be a bug, answered by fetching afresh.
                    if let Ok(value) = value.clone().downcast::<T>() {
                        return (Ok(value), CacheOutcome::Hit);
                    }
                    remove(&mut inner, key);
                    let (tx, rx) = watch::channel(None);
                    inner.slots.insert(key.to_owned(), Slot::Pending(rx));
                    Step::Lead(tx)
                }
                Some(Slot::Pending(rx)) => Step::Wait(rx.clone()),
                other => {
                    if other.is_some() {
                        remove(&mut inner, key);
                    }
                    let (tx, rx) = watch::channel(None);
                    inner.slots.insert(key.to_owned(), Slot::Pending(rx));
                    Step::Lead(tx)
                }
            }
        };
        let sender = match step {
            Step::Lead(tx) => tx,
            Step::Wait(mut rx) => {
                // Boxed: waiting is rare, and its state would grow every read's future.
                let shared = Box::pin(rx.wait_for(|o| o.is_some()))
                    .await
                    .ok()
                    .and_then(|o| o.clone());
                let typed = shared.map(|outcome| outcome.map(|value| value.downcast::<T>()));
                return match typed {
                    Some(Ok(Ok(value))) => (Ok(value), CacheOutcome::Coalesced),
                    Some(Err(error)) => (Err(error), CacheOutcome::Coalesced),
                    // The leader was cancelled before it finished (or answered
                    // another type): fetch ourselves.
                    Some(Ok(Err(_))) | None => (fetch().await.map(|(value, ..)| value), CacheOutcome::Fetched),
                };
            }
        };

        // If this future is dropped mid-fetch, the guard clears the pending slot
        // so later callers do not wait on a leader that is gone.
        let mut guard = PendingGuard {
            cache: self,
            key: Some(key.to_owned()),
        };
        let result = fetch().await;
        let key = guard.key.take().unwrap_or_default();
        let shared: Result<Shared, UpstreamError> = match &result {
            Ok((value, ..)) => Ok(value.clone()),
            Err(error) => Err(error.clone()),
        };
        {
            let mut inner = self.lock();
            inner.slots.remove(&key);
            if let Ok((value, size, left)) = &result
                && !left.is_zero()
            {
                self.insert(&mut inner, key, value.clone(), *size, *left);
            }
        }
        let _ = sender.send(Some(shared));
        (result.map(|(value, ..)| value), CacheOutcome::Fetched)
    }

    fn insert(&self, inner: &mut Inner, key: String, value: Shared, size: usize, ttl: Duration) {
        let size = size + key.len();
        if size > self.max_bytes {
            return;
        }
        let now = Instant::now();
        // Drop expired entries first, then the oldest until the new one fits.
        // The sweep visits every entry, so a full cache runs it at most once
        // per second instead of on every insert (an expired entry in between
        // is never served: lookups check the expiry).
        let full = inner.bytes + size > self.max_bytes;
        if full && inner.next_sweep.is_none_or(|at| at <= now) {
            inner.next_sweep = Some(now + SWEEP_INTERVAL);
            let expired: Vec<String> = inner
                .slots
                .iter()
                .filter_map(|(k, s)| match s {
                    Slot::Ready { expires, .. } if *expires <= now => Some(k.clone()),
                    _ => None,
                })
                .collect();
            for k in expired {
                remove(inner, &k);
            }
        }
        while inner.bytes + size > self.max_bytes {
            let Some((_, oldest)) = inner.order.pop_first() else {
                break;
            };
            if let Some(Slot::Ready { size, .. }) = inner.slots.remove(&oldest) {
                inner.bytes -= size;
            }
        }
        let seq = inner.next_seq;
        inner.next_seq += 1;
        inner.order.insert(seq, key.clone());
        inner.bytes += size;
        inner.slots.insert(
            key,
            Slot::Ready {
                value,
                size,
                expires: now + ttl,
                seq,
            },
        );
    }
}

fn remove(inner: &mut Inner, key: &str) {
    if let Some(Slot::Ready { size, seq, .. }) = inner.slots.remove(key) {
        inner.order.remove(&seq);
        inner.bytes -= size;
    }
}

struct PendingGuard<'a> {
    cache: &'a Cache,
    key: Option<String>,
}

impl Drop for PendingGuard<'_> {
    fn drop(&mut self) {
        if let Some(key) = self.key.take() {
            let mut inner = self.cache.lock();
            if matches!(inner.slots.get(&key), Some(Slot::Pending(_))) {
                inner.slots.remove(&key);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bytes::Bytes;
    use std::sync::atomic::{AtomicU32, Ordering};

    const TTL: Duration = Duration::from_secs(60);

    async fn fetch_counting(calls: &AtomicU32, body: &'static str) -> Result<(Bytes, usize), UpstreamError> {
        calls.fetch_add(1, Ordering::SeqCst);
        tokio::time::sleep(Duration::from_millis(20)).await;
        Ok((Bytes::from_static(body.as_bytes()), body.len()))
    }

    #[tokio::test]
    async fn hit_after_fetch() {
        let cache = Cache::new(1 << 20);
        let calls = AtomicU32::new(0);
        let (a, o1) = cache.get_or_fetch("k", TTL, || fetch_counting(&calls, "x")).await;
        let (b, o2) = cache.get_or_fetch("k", TTL, || fetch_counting(&calls, "y")).await;
        let (a, b) = (a.unwrap(), b.unwrap());
        assert_eq!((&*a, &*b), (&Bytes::from("x"), &Bytes::from("x")));
        assert!(Arc::ptr_eq(&a, &b), "a hit hands out the stored value, not a copy");
        assert_eq!((o1, o2), (CacheOutcome::Fetched, CacheOutcome::Hit));
        assert_eq!(calls.load(Ordering::SeqCst), 1);
    }

    #[tokio::test]
    async fn concurrent_identical_requests_are_coalesced() {
        let cache = Cache::new(1 << 20);
        let calls = AtomicU32::new(0);
        let results =
            futures::future::join_all((0..10).map(|_| cache.get_or_fetch("k", TTL, || fetch_counting(&calls, "x"))))
                .await;
        assert_eq!(calls.load(Ordering::SeqCst), 1);
        assert!(results.iter().all(|(r, _)| **r.as_ref().unwrap() == "x"));
        assert_eq!(results.iter().filter(|(_, o)| *o == CacheOutcome::Coalesced).count(), 9);
    }

    #[tokio::test]
    async fn errors_are_not_cached() {
        let cache = Cache::new(1 << 20);
        let (r, _) = cache
            .get_or_fetch("k", TTL, || async { Err::<(Bytes, usize), _>(UpstreamError::Timeout) })
            .await;
        assert_eq!(r, Err(UpstreamError::Timeout));
        let calls = AtomicU32::new(0);
        let (r, o) = cache.get_or_fetch("k", TTL, || fetch_counting(&calls, "ok")).await;
        assert_eq!(*r.unwrap(), "ok");
        assert_eq!(o, CacheOutcome::Fetched);
        assert!(!cache.is_empty());
    }

    #[tokio::test]
    async fn entries_expire() {
        let cache = Cache::new(1 << 20);
        let calls = AtomicU32::new(0);
        let ttl = Duration::from_millis(30);
        let _ = cache.get_or_fetch("k", ttl, || fetch_counting(&calls, "x")).await;
        tokio::time::sleep(Duration::from_millis(50)).await;
        let (_, o) = cache.get_or_fetch("k", ttl, || fetch_counting(&calls, "x")).await;
        assert_eq!(o, CacheOutcome::Fetched);
        assert_eq!(calls.load(Ordering::SeqCst), 2);
    }

    #[tokio::test]
    async fn zero_disables() {
        let calls = AtomicU32::new(0);
        let cache = Cache::new(1 << 20);
        for _ in 0..2 {
            let (_, o) = cache
                .get_or_fetch("k", Duration::ZERO, || fetch_counting(&calls, "x"))
                .await;
            assert_eq!(o, CacheOutcome::Bypassed);
        }
        let cache = Cache::new(0);
        let (_, o) = cache.get_or_fetch("k", TTL, || fetch_counting(&calls, "x")).await;
        assert_eq!(o, CacheOutcome::Bypassed);
        assert_eq!(calls.load(Ordering::SeqCst), 3);
    }

    #[tokio::test]
    async fn bounded_in_bytes() {
        let cache = Cache::new(100);
        for i in 0..20 {
            let body = Bytes::from(vec![b'x'; 30]);
            let (stored, _) = cache
                .get_or_fetch(&format!("k{i}"), TTL, || async move { Ok((body, 30)) })
                .await;
            assert!(stored.is_ok());
            assert!(cache.bytes() <= 100);
        }
        assert!(cache.len() <= 3);
    }

    #[tokio::test]
    async fn a_full_cache_drops_expired_entries_before_live_ones() {
        let cache = Cache::new(100);
        let entry = |ttl: Duration, key: &'static str| {
            let cache = &cache;
            async move {
                let body = Bytes::from(vec![b'x'; 30]);
                let _ = cache.get_or_fetch(key, ttl, || async move { Ok((body, 30)) }).await;
            }
        };
        entry(TTL, "live").await;
        entry(Duration::from_millis(20), "old1").await;
        tokio::time::sleep(Duration::from_millis(40)).await;
        // Full now (3 × 34 bytes > 100): the expired entry goes, the live one stays.
        entry(TTL, "new1").await;
        assert_eq!(cache.len(), 2);
        let (_, outcome) = cache
            .get_or_fetch("live", TTL, || async { Ok((Bytes::new(), 0)) })
            .await;
        assert_eq!(outcome, CacheOutcome::Hit);
    }

    #[tokio::test]
    async fn a_fetch_may_shorten_the_time_to_live_but_never_extend_it() {
        let cache = Cache::new(1 << 20);
        let short = Duration::from_millis(30);
        let _ = cache
            .get_or_fetch_ttl("short", TTL, || async { Ok((Bytes::from("x"), 1, short)) })
            .await;
        let _ = cache
            .get_or_fetch_ttl("capped", short, || async { Ok((Bytes::from("x"), 1, TTL)) })
            .await;
        let (_, outcome) = cache
            .get_or_fetch("short", TTL, || async { Ok((Bytes::new(), 0)) })
            .await;
        assert_eq!(outcome, CacheOutcome::Hit);
        tokio::time::sleep(Duration::from_millis(50)).await;
        for key in ["short", "capped"] {
            let (_, outcome) = cache.get_or_fetch(key, TTL, || async { Ok((Bytes::new(), 0)) }).await;
            assert_eq!(outcome, CacheOutcome::Fetched, "{key}");
        }
    }

    #[tokio::test]
    async fn a_cancelled_leader_does_not_block_followers() {
        let cache = Cache::new(1 << 20);
        let leader = cache.get_or_fetch("k", TTL, || async {
            tokio::time::sleep(Duration::from_secs(60)).await;
            Ok((Bytes::new(), 0))
        });
        let _ = tokio::time::timeout(Duration::from_millis(10), leader).await;
        let (r, _) = cache
            .get_or_fetch("k", TTL, || async { Ok((Bytes::from("fresh"), 5)) })
            .await;
        assert_eq!(*r.unwrap(), "fresh");
    }
}
