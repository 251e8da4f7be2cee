//! Fault injection, latency, counters, the HTTP control API, determinism and
//! the binary.

mod common;
use common::*;
use serde_json::{Value, json};
use std::time::{Duration, Instant};
use wlo_standin::{Corpus, Fault, StandIn, StandInOptions};

async fn start() -> StandIn {
    StandIn::start(StandInOptions::default()).await.expect("start stand-in")
}

fn meta(id: &str) -> String {
    node(id, "metadata", "?propertyFilter=cclom:title")
}

#[tokio::test]
async fn fault_down_closes_connections_but_control_works() {
    let s = start().await;
    let ctl = s.control();
    // A keep-alive connection opened before the fault.
    let mut conn = tokio::net::TcpStream::connect(("127.0.0.1", s.port())).await.unwrap();
    assert_eq!(send_on(&mut conn, "GET", &meta(ROOT), None).await.unwrap().status, 200);
    ctl.set_fault(Fault::Down);
    assert!(request(s.port(), "GET", &meta(ROOT), None).await.is_err());
    assert!(
        request(s.port(), "POST", &ng("?maxItems=1"), Some(&words_body("*")))
            .await
            .is_err()
    );
    assert!(
        send_on(&mut conn, "GET", &meta(ROOT), None).await.is_err(),
        "keep-alive connection must be dropped too"
    );
    // Control routes still answer.
    let st = get(s.port(), "/_control/stats").await;
    assert_eq!(st.status, 200);
    assert_eq!(st.json()["totalRequests"], 4);
    let log = ctl.request_log();
    assert_eq!(log.iter().filter(|e| e.status == 0).count(), 3);
    ctl.set_fault(Fault::None);
    assert_eq!(get(s.port(), &meta(ROOT)).await.status, 200);
}

#[tokio::test]
async fn fault_error500_garbage_and_slow() {
    let s = start().await;
    let ctl = s.control();
    ctl.set_fault(Fault::Error500);
    let r = get(s.port(), &meta(ROOT)).await;
    assert_eq!(r.status, 500);
    assert_error_shape(&r.json());
    let r = post(s.port(), &ng("?maxItems=1"), &words_body("*")).await;
    assert_eq!(r.status, 500);

    ctl.set_fault(Fault::Garbage);
    let r = get(s.port(), &meta(ROOT)).await;
    assert_eq!(r.status, 200);
    assert_eq!(r.header("content-type"), Some("application/json"));
    assert!(serde_json::from_slice::<Value>(&r.body).is_err());

    ctl.set_fault(Fault::Slow);
    let t = Instant::now();
    assert!(
        with_timeout(300, request(s.port(), "GET", &meta(ROOT), None))
            .await
            .is_none()
    );
    assert!(t.elapsed() < Duration::from_secs(5));
    // A client that gives up cancels its held request.
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(ctl.stats().in_flight, 0);
    let port = s.port();
    let _held = tokio::spawn(async move { request(port, "GET", &meta(ROOT), None).await });
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(ctl.stats().in_flight, 1);
    // Control routes are not held.
    assert_eq!(
        with_timeout(2000, get(s.port(), "/_control/stats"))
            .await
            .map(|r| r.status),
        Some(200)
    );
    // Shutdown cancels held responses promptly.
    let t = Instant::now();
    assert!(with_timeout(5000, s.shutdown()).await.is_some());
    assert!(t.elapsed() < Duration::from_secs(5));
}

#[tokio::test]
async fn node_faults() {
    let s = start().await;
    let ctl = s.control();
    let wk = s.well_known().clone();
    ctl.set_node_fault(&wk.bruchrechnung, 404);
    ctl.set_node_fault(&wk.text_content, 403);
    let r = get(s.port(), &meta(&wk.bruchrechnung)).await;
    assert_eq!(r.status, 404);
    assert_error_shape(&r.json());
    assert_eq!(
        get(s.port(), &node(&wk.bruchrechnung, "children", "")).await.status,
        404
    );
    assert_eq!(
        get(s.port(), &node(&wk.text_content, "textContent", "")).await.status,
        403
    );
    assert_eq!(get(s.port(), &meta(ROOT)).await.status, 200);
    ctl.clear_node_faults();
    assert_eq!(get(s.port(), &meta(&wk.bruchrechnung)).await.status, 200);
    assert_eq!(
        get(s.port(), &node(&wk.text_content, "textContent", "")).await.status,
        200
    );
}

#[tokio::test]
async fn latency_and_text_delay() {
    let s = StandIn::start(StandInOptions {
        latency_ms: 120,
        ..Default::default()
    })
    .await
    .unwrap();
    let ctl = s.control();
    let t = Instant::now();
    get(s.port(), &meta(ROOT)).await;
    assert!(t.elapsed() >= Duration::from_millis(120));
    // Control routes never wait.
    let t = Instant::now();
    get(s.port(), "/_control/stats").await;
    assert!(t.elapsed() < Duration::from_millis(100));
    ctl.set_latency(0, 0);
    ctl.set_text_delay(150);
    let wk = s.well_known().clone();
    let t = Instant::now();
    get(s.port(), &meta(&wk.text_content)).await;
    assert!(t.elapsed() < Duration::from_millis(100));
    let t = Instant::now();
    get(s.port(), &node(&wk.text_content, "textContent", "")).await;
    assert!(t.elapsed() >= Duration::from_millis(150));
    // Jitter stays within bounds.
    ctl.set_text_delay(0);
    ctl.set_latency(10, 40);
    for _ in 0..5 {
        let t = Instant::now();
        get(s.port(), &meta(ROOT)).await;
        let e = t.elapsed();
        assert!(
            e >= Duration::from_millis(10) && e < Duration::from_millis(400),
            "{e:?}"
        );
    }
    // reset() restores the start-up latency.
    ctl.reset();
    assert_eq!(ctl.config().latency_ms, 120);
    assert_eq!(ctl.config().jitter_ms, 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn counters_peak_concurrency_and_log() {
    let s = StandIn::start(StandInOptions {
        latency_ms: 100,
        ..Default::default()
    })
    .await
    .unwrap();
    let ctl = s.control();
    let port = s.port();
    let wk = s.well_known().clone();
    let mut tasks = Vec::new();
    for i in 0..20 {
        let target = if i % 2 == 0 {
            meta(ROOT)
        } else {
            node(&wk.bruchrechnung, "children", "?filter=files")
        };
        tasks.push(tokio::spawn(async move { get(port, &target).await.status }));
    }
    for t in tasks {
        assert_eq!(t.await.unwrap(), 200);
    }
    post(port, &ng("?maxItems=1"), &words_body("*")).await;
    post(port, &coll("?maxItems=1"), &words_body("*")).await;
    post(port, &pv("?maxItems=1"), &json!({"criteria": []}).to_string()).await;
    get(port, &node(&wk.bruchrechnung, "parents", "")).await;
    get(port, &node(&wk.text_content, "textContent", "")).await;
    let st = ctl.stats();
    assert_eq!(st.total_requests, 25);
    assert_eq!(st.route("metadata"), 10);
    assert_eq!(st.route("children"), 10);
    for r in ["ngsearch", "collections", "page_variant", "parents", "textContent"] {
        assert_eq!(st.route(r), 1, "{r}");
    }
    assert!(st.peak_concurrency >= 10, "peak {}", st.peak_concurrency);
    assert_eq!(st.in_flight, 0);
    let log = ctl.request_log();
    assert_eq!(log.len(), 25);
    assert!(log.iter().all(|e| e.end_us >= e.start_us + 100_000 && e.status == 200));
    // Over HTTP as well.
    let v = get(port, "/_control/stats").await.json();
    assert_eq!(v["perRoute"]["metadata"], 10);
    assert_eq!(v["peakConcurrency"].as_u64().unwrap(), st.peak_concurrency);
    let v = get(port, "/_control/log").await.json();
    assert_eq!(v.as_array().unwrap().len(), 25);
    assert!(v[0]["route"].is_string() && v[0]["startUs"].is_u64() && v[0]["endUs"].is_u64());
    ctl.clear_log();
    assert!(ctl.request_log().is_empty());
    ctl.reset();
    let st = ctl.stats();
    assert_eq!(st.total_requests, 0);
    assert_eq!(st.peak_concurrency, 0);
}

#[tokio::test]
async fn http_control_api() {
    let s = start().await;
    let port = s.port();
    let wk = s.well_known().clone();
    let r = post(
        port,
        "/_control/config",
        &json!({"fault": "error500", "latencyMs": 5, "textDelayMs": 7, "nodeFaults": {wk.bruchrechnung.clone(): 403}})
            .to_string(),
    )
    .await;
    assert_eq!(r.status, 200);
    let v = r.json();
    assert_eq!(v["fault"], "error500");
    assert_eq!(v["latencyMs"], 5);
    assert_eq!(s.control().fault(), Fault::Error500);
    assert_eq!(get(port, &meta(ROOT)).await.status, 500);
    post(port, "/_control/config", r#"{"fault":"none"}"#).await;
    assert_eq!(get(port, &meta(&wk.bruchrechnung)).await.status, 403);
    post(port, "/_control/config", r#"{"fault":"down"}"#).await;
    assert!(request(port, "GET", &meta(ROOT), None).await.is_err());
    // Even in Down mode, the control API works.
    let r = post(port, "/_control/reset", "").await;
    assert_eq!(r.status, 200);
    assert_eq!(r.json()["fault"], "none");
    assert_eq!(r.json()["nodeFaults"], json!({}));
    assert_eq!(get(port, &meta(&wk.bruchrechnung)).await.status, 200);
    assert_eq!(s.control().stats().total_requests, 1);
    // Bad control input → 400.
    assert_eq!(
        post(port, "/_control/config", r#"{"fault":"sometimes"}"#).await.status,
        400
    );
    assert_eq!(post(port, "/_control/config", "nope").await.status, 400);
    // Ground truth.
    let r = get(port, "/_control/ground-truth").await;
    assert_eq!(r.status, 200);
    let c = Corpus::from_json(std::str::from_utf8(&r.body).unwrap()).unwrap();
    assert_eq!(c.to_json(), s.corpus().to_json());
    assert_eq!(c.well_known.bruchrechnung, wk.bruchrechnung);
}

#[tokio::test]
async fn deterministic_responses() {
    let a = start().await;
    let b = start().await;
    let c = StandIn::start(StandInOptions {
        seed: 7,
        ..Default::default()
    })
    .await
    .unwrap();
    assert_eq!(a.corpus().to_json(), b.corpus().to_json());
    assert_ne!(a.corpus().to_json(), c.corpus().to_json());
    assert_eq!(a.well_known().bruchrechnung, b.well_known().bruchrechnung);
    // Same ids shape for another seed, but different values.
    assert_ne!(a.well_known().bruchrechnung, c.well_known().bruchrechnung);
    assert_eq!(c.well_known().root, ROOT);
    let wk = a.well_known().clone();
    let targets = [
        (
            "POST",
            ng("?maxItems=20&propertyFilter=-all-"),
            Some(words_body("Photosynthese")),
        ),
        (
            "POST",
            coll("?maxItems=20&propertyFilter=-all-"),
            Some(words_body("Geometrie")),
        ),
        (
            "POST",
            pv("?maxItems=50&propertyFilter=-all-"),
            Some(json!({"criteria": []}).to_string()),
        ),
        ("GET", node(ROOT, "children", "?propertyFilter=-all-"), None),
        ("GET", node(&wk.bruchrechnung, "parents", "?propertyFilter=-all-"), None),
        (
            "GET",
            node(&wk.cc_with_version, "metadata", "?propertyFilter=-all-"),
            None,
        ),
        ("GET", node(&wk.text_content, "textContent", ""), None),
    ];
    for (m, t, body) in &targets {
        let ra = request(a.port(), m, t, body.as_deref()).await.unwrap();
        let rb = request(b.port(), m, t, body.as_deref()).await.unwrap();
        let norm = |r: &Resp, base: String| String::from_utf8_lossy(&r.body).replace(&base, "BASE");
        assert_eq!(norm(&ra, a.base_url()), norm(&rb, b.base_url()), "{t}");
        // And repeated requests are byte-identical.
        let ra2 = request(a.port(), m, t, body.as_deref()).await.unwrap();
        assert_eq!(ra.body, ra2.body);
    }
}

#[tokio::test]
async fn binary_starts_and_prints_base_url() {
    use tokio::io::AsyncBufReadExt;
    let mut child = tokio::process::Command::new(env!("CARGO_BIN_EXE_wlo-standin"))
        .args(["--port", "0", "--seed", "42", "--latency-ms", "1", "--jitter-ms", "1"])
        .stderr(std::process::Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .expect("spawn wlo-standin");
    let stderr = child.stderr.take().unwrap();
    let mut lines = tokio::io::BufReader::new(stderr).lines();
    let line = with_timeout(10_000, lines.next_line())
        .await
        .expect("startup line")
        .unwrap()
        .unwrap();
    let prefix = "wlo-standin listening on http://127.0.0.1:";
    assert!(line.starts_with(prefix) && line.ends_with("/edu-sharing"), "{line}");
    let port: u16 = line[prefix.len()..line.len() - "/edu-sharing".len()].parse().unwrap();
    let v = get(port, &meta(ROOT)).await.json();
    assert_eq!(v["node"]["properties"]["cclom:title"][0], "Portale");
    let gt = get(port, "/_control/ground-truth").await;
    assert_eq!(
        Corpus::from_json(std::str::from_utf8(&gt.body).unwrap()).unwrap().seed,
        42
    );
    child.kill().await.unwrap();
}

#[tokio::test]
async fn straggler_mode_is_a_seeded_share_set_over_http() {
    let s = start().await;
    let ctl = s.control();
    let r = post(
        s.port(),
        "/_control/config",
        &json!({"stragglerPermille": 250, "stragglerMs": 50}).to_string(),
    )
    .await;
    assert_eq!(r.status, 200);
    assert_eq!(
        (r.json()["stragglerPermille"].clone(), r.json()["stragglerMs"].clone()),
        (json!(250), json!(50))
    );
    // Which of 40 requests straggle, read from the counter (no timing involved).
    let pattern = |s: &StandIn| {
        let (port, ctl) = (s.port(), s.control());
        async move {
            let mut slow = Vec::new();
            for _ in 0..40 {
                let before = ctl.stats().stragglers;
                let started = Instant::now();
                assert_eq!(get(port, &meta(ROOT)).await.status, 200);
                let straggled = ctl.stats().stragglers > before;
                if straggled {
                    assert!(started.elapsed() >= Duration::from_millis(50));
                }
                slow.push(straggled);
            }
            slow
        }
    };
    let first = pattern(&s).await;
    let share = first.iter().filter(|&&x| x).count();
    assert!((3..=20).contains(&share), "about a quarter of 40: {share}");
    // Setting the mode again restarts the seeded draw: the same requests straggle.
    ctl.set_stragglers(250, 50);
    assert_eq!(pattern(&s).await, first);
    // reset() restores the start-up options (none here).
    ctl.reset();
    assert_eq!((ctl.config().straggler_permille, ctl.stats().stragglers), (0, 0));
}

/// The text cases `fetch` relies on: a pending extraction answers
/// `{"text": null}` once, the extraction delay holds only each node's first
/// text read, the non-public node is 403 on both metadata and text, and
/// reset forgets which texts were extracted.
#[tokio::test]
async fn text_extraction_cases_and_delay() {
    let s = start().await;
    let ctl = s.control();
    let wk = s.well_known().clone();
    let text = |id: &str| node(id, "textContent", "");

    let first = get(s.port(), &text(&wk.pending_text)).await.json();
    assert!(first["text"].is_null(), "{first}");
    let second = get(s.port(), &text(&wk.pending_text)).await.json();
    assert!(second["text"].as_str().unwrap().chars().count() >= 200);

    let short = get(s.port(), &text(&wk.short_text_with_url)).await.json();
    assert!(short["text"].as_str().unwrap().chars().count() < 200);
    assert!(get(s.port(), &text(&wk.no_text_no_url)).await.json()["text"].is_null());
    let huge = get(s.port(), &text(&wk.huge_text)).await.json();
    assert!(huge["text"].as_str().unwrap().chars().count() > 100_000);
    assert_eq!(get(s.port(), &text(&wk.forbidden_node)).await.status, 403);
    assert_eq!(get(s.port(), &meta(&wk.forbidden_node)).await.status, 403);

    // Over HTTP like the other controls; only the first read of a node waits.
    let r = post(
        s.port(),
        "/_control/config",
        &json!({"extractionDelayMs": 300}).to_string(),
    )
    .await;
    assert_eq!(r.json()["extractionDelayMs"], 300);
    let t = Instant::now();
    get(s.port(), &text(&wk.text_content)).await;
    assert!(t.elapsed() >= Duration::from_millis(300));
    let t = Instant::now();
    get(s.port(), &text(&wk.text_content)).await;
    assert!(t.elapsed() < Duration::from_millis(300));
    // Already read before the delay was set: extracted, no wait.
    let t = Instant::now();
    get(s.port(), &text(&wk.huge_text)).await;
    assert!(t.elapsed() < Duration::from_millis(300));

    // reset: no delay, and every text is pending again.
    ctl.reset();
    assert_eq!(ctl.config().extraction_delay_ms, 0);
    assert!(get(s.port(), &text(&wk.pending_text)).await.json()["text"].is_null());
}
