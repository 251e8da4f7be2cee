//! The shared cache tier (`WLO_CACHE_URL`) against a real `redis-server`:
//! several `wlo-mcp serve` processes share answers through it, keys are
//! separated by repository URL and hide the request, time-to-live is kept on
//! promotion, and the store is never a reason to fail (down at start, killed
//! mid-run, restarted, wrong password, garbage values, slow, over TLS).
//! Each test skips with a visible message when `redis-server` is missing
//! (fails instead with `WLO_REQUIRE_REDIS=1`, as in CI).

mod common;

use std::time::{Duration, Instant};

use common::store::{LoggedServer, RedisServer, TestCa, available, free_port, keys};
use common::{StandIn, StandInOptions, ToolResult};
use serde_json::{Value, json};

async fn standin() -> StandIn {
    StandIn::start(StandInOptions::default())
        .await
        .expect("stand-in starts")
}

/// A real store and a stand-in for one test; `None` (after the visible skip
/// line) when redis-server is not installed.
async fn store_and_standin(test: &str) -> Option<(RedisServer, StandIn)> {
    if !available(test) {
        return None;
    }
    Some((RedisServer::start(), standin().await))
}

/// A server's environment: the stand-in, the store, in-process cache off
/// (every read shows whether the shared tier answered), hedging off.
fn env(repository: &str, store: &str, extra: &[(&str, &str)]) -> Vec<(String, String)> {
    let mut vars: Vec<(String, String)> = vec![
        ("WLO_REPOSITORY_URL".into(), repository.into()),
        ("WLO_CACHE_URL".into(), store.into()),
        ("WLO_CACHE_MAX_MB".into(), "0".into()),
        ("WLO_TIMEOUT_MS".into(), "3000".into()),
        ("WLO_TOOL_DEADLINE_MS".into(), "4000".into()),
        ("WLO_HEDGE".into(), "0".into()),
        ("WLO_CACHE_SHARED_COOLDOWN_MS".into(), "200".into()),
        // Generous bounds: a debug build on a busy CI machine must not turn
        // hits into misses. The slow-store test sets the default bound.
        ("WLO_CACHE_SHARED_CONNECT_MS".into(), "5000".into()),
        ("WLO_CACHE_SHARED_TIMEOUT_MS".into(), "2000".into()),
        ("WLO_CACHE_SHARED_WRITE_MS".into(), "1000".into()),
    ];
    for (k, v) in extra {
        vars.retain(|(key, _)| key != k);
        vars.push((k.to_string(), v.to_string()));
    }
    vars
}

fn spawn(vars: &[(String, String)]) -> LoggedServer {
    LoggedServer::spawn(vars, "wlo_mcp=debug")
}

fn requests(standin: &StandIn) -> u64 {
    standin.control().stats().total_requests
}

/// The calls every test makes: a search, the portals, a tree.
fn calls() -> Vec<(&'static str, Value)> {
    vec![
        ("search_wlo_content", json!({"query": "Photosynthese"})),
        ("get_subject_portals", json!({})),
        ("search_wlo_collections", json!({"query": "Bruchrechnung"})),
    ]
}

async fn call_all(server: &LoggedServer) -> Vec<ToolResult> {
    let mut results = Vec::new();
    for (tool, args) in calls() {
        let r = server.call_tool(tool, args).await;
        assert!(!r.is_error, "{tool}: {}", r.text);
        results.push(r);
    }
    results
}

fn texts(results: &[ToolResult]) -> Vec<String> {
    results.iter().map(|r| r.text.clone()).collect()
}

/// Wait until `check` holds (the breaker's background probe), at most `limit`.
async fn eventually(limit: Duration, mut check: impl AsyncFnMut() -> bool) -> bool {
    let until = Instant::now() + limit;
    while Instant::now() < until {
        if check().await {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    false
}

#[tokio::test]
async fn a_second_process_is_answered_from_the_store() {
    let Some((store, wlo)) = store_and_standin("a_second_process_is_answered_from_the_store").await else {
        return;
    };
    let vars = env(&wlo.base_url(), &store.url(), &[]);
    let a = spawn(&vars);
    let first = call_all(&a).await;
    let asked = requests(&wlo);
    assert!(asked > 0);
    // (A may hit its own earlier writes: its in-process tier is off.)
    assert!(a.last_call_field("shared_misses").unwrap() > 0);

    // Another instance, empty in-process cache: every read comes from the store.
    let b = spawn(&vars);
    let second = call_all(&b).await;
    assert_eq!(
        texts(&first),
        texts(&second),
        "answers from the store are byte-identical"
    );
    assert_eq!(requests(&wlo), asked, "the second process never asked WLO");
    assert!(b.last_call_field("shared_hits").unwrap() > 0);
    assert_eq!(b.last_call_field("shared_misses"), Some(0));
    assert_eq!(b.last_call_field("upstream_requests"), Some(0));

    // Keys: format version, a SHA-256, nothing of the query readable; each
    // with the search or tree time-to-live.
    let mut admin = store.admin().await;
    let stored = keys(&mut admin).await;
    assert!(!stored.is_empty());
    for key in &stored {
        let hash = key.strip_prefix("wlo-mcp:v1:").unwrap_or_else(|| panic!("{key}"));
        assert!(hash.len() == 64 && hash.bytes().all(|b| b.is_ascii_hexdigit()), "{key}");
        let ttl: i64 = redis::cmd("PTTL").arg(key).query_async(&mut admin).await.unwrap();
        assert!(ttl > 0 && ttl <= 300_000, "{key}: {ttl}");
    }
}

#[tokio::test]
async fn promotion_keeps_the_remaining_time_to_live() {
    let Some((store, wlo)) = store_and_standin("promotion_keeps_the_remaining_time_to_live").await else {
        return;
    };
    // In-process cache on for B: a promoted entry must expire with the shared one.
    let ttl = [("WLO_CACHE_TTL_TREE_S", "3"), ("WLO_CACHE_TTL_SEARCH_S", "3")];
    let a = spawn(&env(&wlo.base_url(), &store.url(), &ttl));
    let b = spawn(&env(
        &wlo.base_url(),
        &store.url(),
        &[ttl[0], ttl[1], ("WLO_CACHE_MAX_MB", "16")],
    ));
    a.call_tool("get_subject_portals", json!({})).await;
    let asked = requests(&wlo);
    // When the shared entries expire, by the store's clock.
    let mut admin = store.admin().await;
    let mut longest = 0;
    for key in keys(&mut admin).await {
        let ttl: i64 = redis::cmd("PTTL").arg(&key).query_async(&mut admin).await.unwrap();
        assert!(ttl > 0 && ttl <= 3000, "{key}: {ttl}");
        longest = longest.max(ttl as u64);
    }
    let expires = Instant::now() + Duration::from_millis(longest);
    tokio::time::sleep((expires - Duration::from_millis(1500)).saturating_duration_since(Instant::now())).await;
    b.call_tool("get_subject_portals", json!({})).await;
    assert_eq!(requests(&wlo), asked, "B was answered from the store");
    assert!(b.last_call_field("shared_hits").unwrap() > 0);
    // Past the shared expiry: had B kept a full 3 s, it would still hold it.
    tokio::time::sleep((expires + Duration::from_millis(300)).saturating_duration_since(Instant::now())).await;
    b.call_tool("get_subject_portals", json!({})).await;
    assert!(
        requests(&wlo) > asked,
        "the promoted entry expired with the shared one: {}",
        b.log_text()
    );
    assert_eq!(
        b.last_call_field("shared_hits"),
        Some(0),
        "the shared entry expired too"
    );
}

#[tokio::test]
async fn repositories_never_see_each_others_entries() {
    let Some((store, wlo)) = store_and_standin("repositories_never_see_each_others_entries").await else {
        return;
    };
    let staging = wlo.base_url().replace("127.0.0.1", "localhost");
    let a = spawn(&env(&wlo.base_url(), &store.url(), &[]));
    let b = spawn(&env(&staging, &store.url(), &[]));
    call_all(&a).await;
    let mut admin = store.admin().await;
    let after_a = keys(&mut admin).await.len();
    let asked = requests(&wlo);
    call_all(&b).await;
    assert_eq!(
        requests(&wlo),
        2 * asked,
        "the other repository asked WLO for everything itself"
    );
    assert_eq!(
        keys(&mut admin).await.len(),
        2 * after_a,
        "same requests, separate keys"
    );
}

#[tokio::test]
async fn large_answers_are_not_shared() {
    let Some((store, wlo)) = store_and_standin("large_answers_are_not_shared").await else {
        return;
    };
    let a = spawn(&env(&wlo.base_url(), &store.url(), &[("WLO_CACHE_SHARED_MAX_KB", "2")]));
    call_all(&a).await;
    let mut admin = store.admin().await;
    let stored = keys(&mut admin).await;
    assert!(a.last_call_field("shared_misses").unwrap() > stored.len() as u64 / 3);
    for key in &stored {
        let len: u64 = redis::cmd("STRLEN").arg(key).query_async(&mut admin).await.unwrap();
        assert!(len <= 2048, "{key}: {len} bytes");
    }
    // The search answer is larger than 2 KB: a second process asks WLO for it.
    let b = spawn(&env(&wlo.base_url(), &store.url(), &[("WLO_CACHE_SHARED_MAX_KB", "2")]));
    let asked = requests(&wlo);
    b.server
        .call_tool("search_wlo_content", json!({"query": "Photosynthese"}))
        .await;
    assert!(requests(&wlo) > asked);
}

#[tokio::test]
async fn store_down_at_start_killed_mid_run_and_restarted() {
    if !available("store_down_at_start_killed_mid_run_and_restarted") {
        return;
    }
    let wlo = standin().await;
    let port = free_port();
    let url = format!("redis://127.0.0.1:{port}");
    let a = spawn(&env(&wlo.base_url(), &url, &[]));
    let expected = {
        let plain = LoggedServer::spawn(
            &env(&wlo.base_url(), &url, &[])
                .into_iter()
                .filter(|(k, _)| k != "WLO_CACHE_URL")
                .collect::<Vec<_>>(),
            "warn",
        );
        texts(&call_all(&plain).await)
    };

    // Down at start: answers as without a store.
    let started = Instant::now();
    assert_eq!(texts(&call_all(&a).await), expected);
    assert!(started.elapsed() < Duration::from_secs(3), "{:?}", started.elapsed());
    assert!(a.log_text().contains("shared cache unavailable"), "{}", a.log_text());

    // Started: after the breaker's cooldown the process writes to it.
    let mut store = RedisServer::start_on(port, None, None);
    let mut admin = store.admin().await;
    let used = eventually(Duration::from_secs(5), async || {
        call_all(&a).await;
        !keys(&mut admin).await.is_empty()
    })
    .await;
    assert!(used, "the process uses the store once it is up");

    // Killed mid-run: every call still answers, and answers the same.
    store.kill();
    for _ in 0..3 {
        assert_eq!(texts(&call_all(&a).await), expected);
    }

    // Restarted: used again.
    let _store = RedisServer::start_on(port, None, None);
    let mut admin = _store.admin().await;
    let used = eventually(Duration::from_secs(5), async || {
        call_all(&a).await;
        !keys(&mut admin).await.is_empty()
    })
    .await;
    assert!(used, "the process uses the restarted store");
}

#[tokio::test]
async fn a_wrong_password_is_a_miss_and_never_logged() {
    if !available("a_wrong_password_is_a_miss_and_never_logged") {
        return;
    }
    let store = RedisServer::with_password("right-Pa55word");
    let wlo = standin().await;
    let wrong = format!("redis://:wrong-Pa55word@127.0.0.1:{}", store.port);
    let a = spawn(&env(&wlo.base_url(), &wrong, &[]));
    let first = call_all(&a).await;
    let asked = requests(&wlo);
    call_all(&a).await;
    assert!(requests(&wlo) > asked, "nothing was shared");
    let mut admin = store.admin().await;
    assert!(keys(&mut admin).await.is_empty());
    let log = a.log_text();
    assert!(log.contains("shared cache unavailable"), "{log}");
    assert!(!log.contains("wrong-Pa55word"), "{log}");
    assert_eq!(
        log.matches("shared cache unavailable").count(),
        1,
        "one warning per interval: {log}"
    );

    // With the right password, at debug level, the store killed mid-run:
    // the password is in no line either.
    let mut store = store;
    let b = spawn(&env(&wlo.base_url(), &store.url(), &[]));
    assert_eq!(texts(&call_all(&b).await), texts(&first));
    store.kill();
    call_all(&b).await;
    let log = b.log_text();
    assert!(log.contains("127.0.0.1"), "the log names the store: {log}");
    assert!(!log.contains("right-Pa55word"), "{log}");
}

#[tokio::test]
async fn garbage_in_the_store_is_a_miss_and_overwritten() {
    let Some((store, wlo)) = store_and_standin("garbage_in_the_store_is_a_miss_and_overwritten").await else {
        return;
    };
    let vars = env(&wlo.base_url(), &store.url(), &[]);
    let a = spawn(&vars);
    let first = call_all(&a).await;
    let mut admin = store.admin().await;
    let stored = keys(&mut admin).await;
    for (i, key) in stored.iter().enumerate() {
        if i == 0 {
            // Another type under our key.
            let _: () = redis::cmd("DEL").arg(key).query_async(&mut admin).await.unwrap();
            let _: () = redis::cmd("RPUSH")
                .arg(key)
                .arg("x")
                .query_async(&mut admin)
                .await
                .unwrap();
            let _: () = redis::cmd("PEXPIRE")
                .arg(key)
                .arg(60_000)
                .query_async(&mut admin)
                .await
                .unwrap();
        } else {
            let garbage: &[u8] = if i % 2 == 0 {
                b"{\"nodes\": [tru"
            } else {
                b"\xff\xfe garbage"
            };
            let _: () = redis::cmd("SET")
                .arg(key)
                .arg(garbage)
                .arg("KEEPTTL")
                .query_async(&mut admin)
                .await
                .unwrap();
        }
    }
    let asked = requests(&wlo);
    let b = spawn(&vars);
    assert_eq!(
        texts(&call_all(&b).await),
        texts(&first),
        "garbage never reaches an answer"
    );
    assert!(requests(&wlo) > asked, "garbage entries were read from WLO");
    // The fresh answers replaced the garbage: a third process hits.
    let asked = requests(&wlo);
    let c = spawn(&vars);
    assert_eq!(texts(&call_all(&c).await), texts(&first));
    assert_eq!(requests(&wlo), asked);
}

#[tokio::test]
async fn a_slow_store_costs_at_most_its_bound() {
    let Some((store, wlo)) = store_and_standin("a_slow_store_costs_at_most_its_bound").await else {
        return;
    };
    let a = spawn(&env(
        &wlo.base_url(),
        &store.url(),
        &[
            ("WLO_CACHE_SHARED_TIMEOUT_MS", "50"),
            ("WLO_CACHE_SHARED_WRITE_MS", "5"),
        ],
    ));
    // Connected first (a slow store is one that answered before).
    a.call_tool("get_subject_portals", json!({})).await;
    let mut admin = store.admin().await;
    let _: () = redis::cmd("CLIENT")
        .arg("PAUSE")
        .arg(5000)
        .arg("ALL")
        .query_async(&mut admin)
        .await
        .unwrap();
    let started = Instant::now();
    let results = call_all(&a).await;
    let took = started.elapsed();
    assert!(results.iter().all(|r| !r.is_error));
    // Three calls, each with a few reads of 50 ms bound (the breaker opens
    // after three), well inside one tool deadline (4 s).
    assert!(took < Duration::from_millis(2000), "{took:?}");
    assert!(a.log_text().contains("not asking the shared cache"), "{}", a.log_text());
    let health = a.call_tool("wlo_health_check", json!({})).await;
    let doc: Value = serde_json::from_str(&health.text).unwrap();
    assert_eq!(doc["ok"], json!(true), "a slow store never fails the check: {doc}");
    assert_eq!(doc["sharedCache"]["ok"], json!(false), "{doc}");
}

#[tokio::test]
async fn health_check_reports_the_store_only_when_configured() {
    let Some((mut store, wlo)) = store_and_standin("health_check_reports_the_store_only_when_configured").await else {
        return;
    };
    let a = spawn(&env(&wlo.base_url(), &store.url(), &[]));
    let doc: Value = serde_json::from_str(&a.call_tool("wlo_health_check", json!({})).await.text).unwrap();
    let keys: Vec<&str> = doc.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        [
            "ok",
            "repositoryUrl",
            "baseUrl",
            "rootNodeId",
            "rootResolved",
            "latencyMs",
            "sharedCache",
            "checkedAt"
        ]
    );
    assert_eq!(doc["sharedCache"]["ok"], json!(true), "{doc}");
    assert!(doc["sharedCache"].get("error").is_none());
    store.kill();
    let doc: Value = serde_json::from_str(&a.call_tool("wlo_health_check", json!({})).await.text).unwrap();
    assert_eq!(doc["ok"], json!(true));
    assert_eq!(doc["sharedCache"]["ok"], json!(false));
    assert!(doc["sharedCache"]["error"].as_str().unwrap().contains("WLO_CACHE_URL"));
}

#[tokio::test]
async fn tls_with_a_test_ca() {
    if !available("tls_with_a_test_ca") {
        return;
    }
    let ca = TestCa::generate("shared-cache");
    let store = RedisServer::with_tls(&ca);
    let wlo = standin().await;
    // rustls-native-certs reads SSL_CERT_FILE: the test CA is the only root.
    let ca_file = ca.ca().to_string_lossy().into_owned();
    let vars = env(&wlo.base_url(), &store.url(), &[("SSL_CERT_FILE", ca_file.as_str())]);
    assert!(store.url().starts_with("rediss://"));
    let a = spawn(&vars);
    let first = call_all(&a).await;
    let asked = requests(&wlo);
    let b = spawn(&vars);
    assert_eq!(texts(&call_all(&b).await), texts(&first));
    assert_eq!(requests(&wlo), asked, "answered from the store over TLS");
    assert!(b.last_call_field("shared_hits").unwrap() > 0);

    // Without the CA the certificate is refused: a miss, never a failure.
    let untrusted = spawn(&env(&wlo.base_url(), &store.url(), &[]));
    assert_eq!(texts(&call_all(&untrusted).await), texts(&first));
    assert!(requests(&wlo) > asked);
    assert!(untrusted.log_text().contains("shared cache unavailable"));
    let _ = std::fs::remove_dir_all(&ca.dir);
}
