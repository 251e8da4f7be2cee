//! The optional shared cache tier on a Redis-protocol store (`WLO_CACHE_URL`).
//!
//! Behind the in-process cache: a read the process does not hold is looked up
//! here before it goes to WLO, and a fresh successful answer is written here
//! before the tool answers. What is stored is the raw upstream body (after
//! gzip decoding), validated by the caller's parser, under the same
//! time-to-live as in process; the key is a SHA-256 of a format version, the
//! repository URL and the exact upstream request, so a store shared by
//! staging and production keeps them apart and holds no readable query.
//!
//! The store is never a reason to fail: every operation is bounded (a
//! connect timeout for the background connect, a per-operation bound once
//! connected, a few milliseconds for a write), an error or a timeout is a
//! miss, a body that does not parse is a miss, and after repeated failures a
//! circuit breaker stops asking for a while; a background probe closes it
//! again. Warnings are rate-limited and never name the password.

use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use redis::aio::{ConnectionManager, ConnectionManagerConfig};
use tokio::sync::watch;

use crate::config::SharedCacheConfig;

/// Part of every key: raise it when what is stored under a key changes.
pub const FORMAT_VERSION: u32 = 1;

/// Consecutive failed operations that open the breaker.
const FAILURES_TO_OPEN: u32 = 3;

/// At most one warning per this interval (the rest are counted).
const WARN_INTERVAL: Duration = Duration::from_secs(60);

/// See the module docs.
pub struct SharedTier {
    inner: Arc<Inner>,
}

struct Inner {
    settings: SharedCacheConfig,
    /// `scheme://host:port`: what logs may name.
    redacted: String,
    /// The password as written in the URL and decoded, to scrub from errors.
    passwords: Vec<String>,
    repository_url: String,
    /// Built on first use, inside the runtime (the client spawns a task).
    manager: OnceLock<Option<ConnectionManager>>,
    state: Mutex<State>,
    /// Bumped when a connect attempt ends, for the reads waiting on the first.
    attempts: watch::Sender<u64>,
}

struct State {
    phase: Phase,
    failures: u32,
    retry_at: Instant,
    last_warning: Option<Instant>,
    suppressed: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// Not asked yet.
    Cold,
    /// A connect runs; reads wait for the first one only (bounded).
    Connecting {
        first: bool,
    },
    Up,
    /// The breaker is open until `retry_at`.
    Down,
}

/// What a lookup found.
#[derive(Debug)]
pub enum Lookup {
    /// The stored body and its remaining time-to-live.
    Hit {
        body: Vec<u8>,
        ttl: Duration,
    },
    Miss,
}

/// The answer of [`SharedTier::health`].
#[derive(Debug, Clone)]
pub struct SharedHealth {
    pub ok: bool,
    pub latency_ms: u64,
}

impl SharedTier {
    pub fn new(settings: SharedCacheConfig, repository_url: &str) -> SharedTier {
        let (redacted, passwords) = redact(settings.url.expose());
        SharedTier {
            inner: Arc::new(Inner {
                settings,
                redacted,
                passwords,
                repository_url: repository_url.to_owned(),
                manager: OnceLock::new(),
                state: Mutex::new(State {
                    phase: Phase::Cold,
                    failures: 0,
                    retry_at: Instant::now(),
                    last_warning: None,
                    suppressed: 0,
                }),
                attempts: watch::channel(0).0,
            }),
        }
    }

    /// The store key of an upstream request (see the module docs).
    pub fn key(&self, request_key: &str) -> String {
        key_of(FORMAT_VERSION, &self.inner.repository_url, request_key)
    }

    /// Entries above this size are not shared.
    pub fn max_entry_bytes(&self) -> usize {
        self.inner.settings.max_entry_bytes
    }

    /// Look `request_key` up (bounded; a failing store is a miss).
    pub async fn get(&self, request_key: &str) -> Lookup {
        let Some(mut manager) = self.inner.ready().await else {
            return Lookup::Miss;
        };
        let key = self.key(request_key);
        let mut pipe = redis::pipe();
        pipe.get(&key).pttl(&key);
        let op = pipe.query_async::<(Option<Vec<u8>>, i64)>(&mut manager);
        match tokio::time::timeout(self.inner.settings.op_timeout, op).await {
            Ok(Ok((Some(body), pttl))) if pttl > 0 => {
                self.inner.succeeded();
                Lookup::Hit {
                    body,
                    ttl: Duration::from_millis(pttl as u64),
                }
            }
            // Absent, expired in between, or without a time-to-live (not ours).
            Ok(Ok(_)) => {
                self.inner.succeeded();
                Lookup::Miss
            }
            // Another type under our key is garbage: a miss, and the fresh
            // answer overwrites it.
            Ok(Err(e)) if is_garbage(&e) => Lookup::Miss,
            Ok(Err(e)) => {
                self.inner.failed("shared cache read failed", &e.to_string());
                Lookup::Miss
            }
            Err(_) => {
                self.inner.failed("shared cache read timed out", "timeout");
                Lookup::Miss
            }
        }
    }

    /// Store a fresh, validated body for `ttl`. Waits a few milliseconds at
    /// most (`write_wait`), since a serverless instance may be frozen right
    /// after it answers. The write runs in a task of its own, so giving up
    /// the wait never withdraws the command: it is on its way (or goes out
    /// when a frozen instance thaws).
    pub async fn store(&self, request_key: &str, body: bytes::Bytes, ttl: Duration) {
        let ttl_ms = ttl.as_millis() as u64;
        if body.len() > self.inner.settings.max_entry_bytes || ttl_ms == 0 {
            return;
        }
        let Some(mut manager) = self.inner.connected() else {
            return;
        };
        let mut cmd = redis::cmd("SET");
        cmd.arg(self.key(request_key)).arg(body.as_ref()).arg("PX").arg(ttl_ms);
        let inner = self.inner.clone();
        let write = tokio::spawn(async move {
            let bound = inner.settings.connect_timeout + inner.settings.op_timeout;
            match tokio::time::timeout(bound, cmd.query_async::<()>(&mut manager)).await {
                Ok(Ok(())) => {}
                // A full store (OOM with noeviction) refuses writes but still reads.
                Ok(Err(e)) if matches!(e.kind(), redis::ErrorKind::Server(_)) => {
                    inner.warn("shared cache refused a write", &e.to_string());
                }
                Ok(Err(e)) => inner.failed("shared cache write failed", &e.to_string()),
                Err(_) => inner.failed("shared cache write timed out", "timeout"),
            }
        });
        if tokio::time::timeout(self.inner.settings.write_wait, write)
            .await
            .is_err()
        {
            tracing::trace!("shared cache write not acknowledged within the wait");
        }
    }

    /// A bounded PING, whatever the breaker says (`wlo_health_check`).
    pub async fn health(&self) -> SharedHealth {
        let started = Instant::now();
        let ok = match self.inner.manager() {
            Some(mut manager) => {
                let bound = self.inner.settings.connect_timeout + self.inner.settings.op_timeout;
                let cmd = redis::cmd("PING");
                let ping = cmd.query_async::<String>(&mut manager);
                matches!(tokio::time::timeout(bound, ping).await, Ok(Ok(_)))
            }
            None => false,
        };
        SharedHealth {
            ok,
            latency_ms: started.elapsed().as_millis() as u64,
        }
    }
}

impl Inner {
    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn manager(&self) -> Option<ConnectionManager> {
        self.manager
            .get_or_init(|| {
                // rustls needs a process provider; ring is the only one compiled in.
                let _ = rustls::crypto::ring::default_provider().install_default();
                let config = ConnectionManagerConfig::new()
                    .set_connection_timeout(Some(self.settings.connect_timeout))
                    .set_number_of_retries(0);
                let built = redis::Client::open(self.settings.url.expose())
                    .and_then(|client| ConnectionManager::new_lazy_with_config(client, config));
                match built {
                    Ok(manager) => Some(manager),
                    Err(e) => {
                        self.warn("shared cache client could not be built", &e.to_string());
                        None
                    }
                }
            })
            .clone()
    }

    /// The connection when it is up; no waiting (the write path).
    fn connected(&self) -> Option<ConnectionManager> {
        (self.lock().phase == Phase::Up).then(|| self.manager()).flatten()
    }

    /// The connection for a read: up, or after waiting (bounded) for the
    /// process's first connect; `None` while the breaker is open or a later
    /// reconnect runs in the background.
    async fn ready(self: &Arc<Self>) -> Option<ConnectionManager> {
        let manager = self.manager()?;
        let mut attempts = {
            let mut state = self.lock();
            match state.phase {
                Phase::Up => return Some(manager),
                Phase::Connecting { first: false } => return None,
                Phase::Down if Instant::now() < state.retry_at => return None,
                Phase::Down => {
                    state.phase = Phase::Connecting { first: false };
                    self.spawn_connect(manager, false);
                    return None;
                }
                Phase::Cold => {
                    state.phase = Phase::Connecting { first: true };
                    let attempts = self.attempts.subscribe();
                    self.spawn_connect(manager.clone(), true);
                    attempts
                }
                Phase::Connecting { first: true } => self.attempts.subscribe(),
            }
        };
        let _ = tokio::time::timeout(self.settings.connect_timeout, attempts.changed()).await;
        (self.lock().phase == Phase::Up).then_some(manager)
    }

    /// Connect (or probe after the breaker opened) in a task of its own, so a
    /// read that stops waiting does not stop the connect.
    fn spawn_connect(self: &Arc<Self>, mut manager: ConnectionManager, first: bool) {
        let inner = self.clone();
        tokio::spawn(async move {
            let deadline = Instant::now() + inner.settings.connect_timeout + inner.settings.op_timeout;
            // A probe's first PING may meet the failed connection of before,
            // which makes the manager reconnect; the second meets the new one.
            let tries = if first { 1 } else { 2 };
            let mut outcome = Err("timeout".to_string());
            for _ in 0..tries {
                let left = deadline.saturating_duration_since(Instant::now());
                let cmd = redis::cmd("PING");
                let ping = cmd.query_async::<String>(&mut manager);
                outcome = match tokio::time::timeout(left, ping).await {
                    Ok(Ok(_)) => Ok(()),
                    Ok(Err(e)) => Err(e.to_string()),
                    Err(_) => Err("timeout".to_string()),
                };
                if outcome.is_ok() {
                    break;
                }
            }
            let error = {
                let mut state = inner.lock();
                match outcome {
                    Ok(()) => {
                        state.phase = Phase::Up;
                        state.failures = 0;
                        None
                    }
                    Err(error) => {
                        state.phase = Phase::Down;
                        state.retry_at = Instant::now() + inner.settings.cooldown;
                        Some(error)
                    }
                }
            };
            match error {
                None => tracing::debug!(store = %inner.redacted, "shared cache connected"),
                Some(error) => inner.warn("shared cache unavailable, reading from WLO", &error),
            }
            inner.attempts.send_modify(|n| *n += 1);
        });
    }

    fn succeeded(&self) {
        self.lock().failures = 0;
    }

    fn failed(&self, what: &str, error: &str) {
        let opened = {
            let mut state = self.lock();
            state.failures += 1;
            let open = state.failures >= FAILURES_TO_OPEN && state.phase == Phase::Up;
            if open {
                state.phase = Phase::Down;
                state.retry_at = Instant::now() + self.settings.cooldown;
            }
            open
        };
        if opened {
            self.warn(&format!("{what}; not asking the shared cache for a while"), error);
        } else {
            tracing::debug!(store = %self.redacted, error = %self.scrub(error), "{what}");
        }
    }

    /// One warning per [`WARN_INTERVAL`], never with the password.
    fn warn(&self, what: &str, error: &str) {
        let suppressed = {
            let mut state = self.lock();
            let now = Instant::now();
            if state.last_warning.is_some_and(|at| now < at + WARN_INTERVAL) {
                state.suppressed += 1;
                return;
            }
            state.last_warning = Some(now);
            std::mem::take(&mut state.suppressed)
        };
        tracing::warn!(store = %self.redacted, error = %self.scrub(error), suppressed, "{what}");
    }

    fn scrub(&self, text: &str) -> String {
        let mut text = text.to_owned();
        for password in self.passwords.iter().filter(|p| !p.is_empty()) {
            text = text.replace(password.as_str(), "***");
        }
        text
    }
}

/// `scheme://host:port` and the password (as written and decoded) of a store URL.
fn redact(raw: &str) -> (String, Vec<String>) {
    match url::Url::parse(raw) {
        Ok(url) => {
            let port = url.port().map(|p| format!(":{p}")).unwrap_or_default();
            let host = url.host_str().unwrap_or("");
            let mut passwords = Vec::new();
            if let Some(p) = url.password() {
                passwords.push(p.to_owned());
                let decoded = percent_decode(p);
                if decoded != p {
                    passwords.push(decoded);
                }
            }
            (format!("{}://{host}{port}", url.scheme()), passwords)
        }
        Err(_) => ("(unparsable URL)".into(), Vec::new()),
    }
}

fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match (
            bytes[i],
            bytes.get(i + 1).and_then(|&b| hex(b)),
            bytes.get(i + 2).and_then(|&b| hex(b)),
        ) {
            (b'%', Some(hi), Some(lo)) => {
                out.push((hi * 16 + lo) as u8);
                i += 3;
            }
            (b, _, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// A reply that says our key holds something else than a string.
fn is_garbage(error: &redis::RedisError) -> bool {
    error.code() == Some("WRONGTYPE")
        || matches!(
            error.kind(),
            redis::ErrorKind::UnexpectedReturnType | redis::ErrorKind::Parse
        )
}

fn key_of(format: u32, repository_url: &str, request_key: &str) -> String {
    let mut input = Vec::with_capacity(repository_url.len() + request_key.len() + 16);
    input.extend_from_slice(format!("wlo-mcp/{format}\n{repository_url}\n").as_bytes());
    input.extend_from_slice(request_key.as_bytes());
    let digest = ring::digest::digest(&ring::digest::SHA256, &input);
    let hex: String = digest.as_ref().iter().map(|b| format!("{b:02x}")).collect();
    format!("wlo-mcp:v{format}:{hex}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_separate_format_repository_and_request() {
        let base = key_of(1, "https://a/edu-sharing", "GET x");
        assert!(base.starts_with("wlo-mcp:v1:"));
        assert_eq!(base.len(), "wlo-mcp:v1:".len() + 64);
        assert_eq!(base, key_of(1, "https://a/edu-sharing", "GET x"));
        assert_ne!(base, key_of(2, "https://a/edu-sharing", "GET x"));
        assert_ne!(base, key_of(1, "https://b/edu-sharing", "GET x"));
        assert_ne!(base, key_of(1, "https://a/edu-sharing", "GET y"));
        // The separator keeps "repository + request" boundaries apart.
        assert_ne!(key_of(1, "https://a/x", "y"), key_of(1, "https://a/", "xy"));
    }

    #[test]
    fn keys_hide_the_query() {
        let key = key_of(
            1,
            "https://a",
            "POST https://a/rest/search {\"ngsearchword\":\"Bruchrechnung\"}",
        );
        assert!(!key.to_lowercase().contains("bruch"));
    }

    #[test]
    fn redaction_drops_user_and_password() {
        let (shown, passwords) = redact("rediss://default:s3cr%40t@eu1.upstash.io:6379/0");
        assert_eq!(shown, "rediss://eu1.upstash.io:6379");
        assert_eq!(passwords, ["s3cr%40t", "s3cr@t"]);
        let (shown, passwords) = redact("redis://127.0.0.1");
        assert_eq!(shown, "redis://127.0.0.1");
        assert!(passwords.is_empty());
    }
}
