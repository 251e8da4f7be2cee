//! The serverless front ends without the cloud (serverless issue).
//!
//! - The Vercel binary (`mcp`) runs as its own server on `VERCEL_DEV_PORT`,
//!   exactly as `vercel_runtime::run` serves on Vercel, and is driven over HTTP
//!   with public `*.vercel.app` Host headers.
//! - The Lambda adapter is fed real function-URL events
//!   (`tests/fixtures/lambda/*.json`) parsed by `lambda_http`'s own parser.
//! - The real Lambda binary (`lambda`) runs against a mock Lambda Runtime API
//!   written here (axum on 127.0.0.1).
//! - One scenario table ([`SCENARIOS`]) is run against `wlo-mcp serve`, the
//!   Vercel binary, the Lambda adapter and the Lambda binary; the answers must
//!   be equal (apart from the health check's `latencyMs`/`checkedAt`).
//!
//! `cold_start_measurement` (ignored) prints the cold-start and memory numbers
//! of docs/deploy.md; run it through `scripts/coldstart.sh`.

mod common;

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use common::{Server, StandIn, StandInOptions};
use serde_json::{Value, json};
use wlo_mcp::config::Config;
use wlo_mcp::transport::serverless::{self, ColdStart};

// ------------------------------------------------------------ scenario table

/// One MCP exchange: the request body, the expected HTTP status, and a check
/// of the JSON-RPC response (`Value::Null` for an empty body).
struct Scenario {
    name: &'static str,
    request: &'static str,
    status: u16,
    check: fn(&Value),
}

const SCENARIOS: &[Scenario] = &[
    Scenario {
        name: "initialize",
        request: r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"serverless-test","version":"1.0"}}}"#,
        status: 200,
        check: |r| {
            assert_eq!(r["result"]["protocolVersion"], "2025-06-18");
            assert_eq!(r["result"]["serverInfo"]["name"], "wlo-mcp");
            assert!(r["result"]["capabilities"]["tools"].is_object(), "{r}");
        },
    },
    Scenario {
        name: "notifications/initialized",
        request: r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
        status: 202,
        check: |r| assert_eq!(r, &Value::Null),
    },
    Scenario {
        name: "ping",
        request: r#"{"jsonrpc":"2.0","id":"p","method":"ping"}"#,
        status: 200,
        check: |r| assert_eq!(r["result"], json!({})),
    },
    Scenario {
        name: "tools/list",
        request: r#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#,
        status: 200,
        check: |r| {
            let names: Vec<&str> = r["result"]["tools"]
                .as_array()
                .map(|t| t.iter().filter_map(|t| t["name"].as_str()).collect())
                .unwrap_or_default();
            for expected in [
                "wlo_health_check",
                "lookup_wlo_vocabulary",
                "search_wlo_content",
                "get_node_details",
            ] {
                assert!(names.contains(&expected), "{expected} missing in {names:?}");
            }
        },
    },
    Scenario {
        name: "tools/call wlo_health_check",
        request: r#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"wlo_health_check","arguments":{}}}"#,
        status: 200,
        check: |r| {
            let s = &r["result"]["structuredContent"];
            assert_eq!(r["result"]["isError"], false, "{r}");
            assert_eq!(s["ok"], true, "{r}");
            assert_eq!(s["rootResolved"], "Portale", "{r}");
        },
    },
    Scenario {
        name: "tools/call lookup_wlo_vocabulary",
        request: r#"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"lookup_wlo_vocabulary","arguments":{"vocabulary":"educationalContext","query":"Grundschule"}}}"#,
        status: 200,
        check: |r| {
            assert_eq!(r["result"]["isError"], false, "{r}");
            assert!(
                r["result"]["content"][0]["text"]
                    .as_str()
                    .is_some_and(|t| t.contains("Grundschule")),
                "{r}"
            );
        },
    },
    Scenario {
        name: "tools/call lookup_wlo_vocabulary (bad argument)",
        request: r#"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"lookup_wlo_vocabulary","arguments":{"vocabulary":"farben"}}}"#,
        status: 200,
        check: |r| {
            assert_eq!(r["result"]["isError"], true, "{r}");
            assert!(
                r["result"]["content"][0]["text"]
                    .as_str()
                    .is_some_and(|t| t.contains("Erlaubt")),
                "{r}"
            );
        },
    },
    Scenario {
        name: "tools/call get_node_details (root)",
        request: r#"{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"get_node_details","arguments":{"nodeId":"5e40e372-735c-4b17-bbf7-e827a5702b57","includeParents":true,"outputFormat":"json"}}}"#,
        status: 200,
        check: |r| assert!(r["result"]["content"].is_array(), "{r}"),
    },
    Scenario {
        name: "tools/call search_wlo_content",
        request: r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"search_wlo_content","arguments":{"query":"Bruchrechnung"}}}"#,
        status: 200,
        check: |r| assert!(r["result"]["content"].is_array(), "{r}"),
    },
    Scenario {
        name: "tools/call unknown tool",
        request: r#"{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"nope","arguments":{}}}"#,
        status: 200,
        check: |r| assert_eq!(r["error"]["code"], -32602, "{r}"),
    },
];

/// The comparable part of an answer: `result` or `error`, with the health
/// check's `latencyMs`/`checkedAt` removed (also inside JSON text blocks).
fn comparable(response: &Value) -> Value {
    fn strip(value: &mut Value) {
        match value {
            Value::Object(map) => {
                map.remove("latencyMs");
                map.remove("checkedAt");
                map.values_mut().for_each(strip);
            }
            Value::Array(items) => items.iter_mut().for_each(strip),
            Value::String(text) if text.starts_with('{') => {
                if let Ok(mut inner) = serde_json::from_str::<Value>(text) {
                    strip(&mut inner);
                    *value = inner;
                }
            }
            _ => {}
        }
    }
    let mut part = response
        .get("result")
        .or_else(|| response.get("error"))
        .cloned()
        .unwrap_or(Value::Null);
    strip(&mut part);
    part
}

// ------------------------------------------------------------------ plumbing

/// One HTTP answer, from whichever front end.
#[derive(Debug)]
struct Reply {
    status: u16,
    headers: HashMap<String, String>,
    body: String,
}

impl Reply {
    fn json(&self) -> Value {
        if self.body.is_empty() {
            return Value::Null;
        }
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }

    fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).map(String::as_str)
    }
}

fn client() -> reqwest::Client {
    let _ = rustls::crypto::ring::default_provider().install_default();
    reqwest::Client::builder()
        .timeout(Duration::from_secs(20))
        .build()
        .expect("client")
}

async fn read_reply(response: reqwest::Response) -> Reply {
    let status = response.status().as_u16();
    let headers = response
        .headers()
        .iter()
        .map(|(k, v)| (k.as_str().to_string(), v.to_str().unwrap_or_default().to_string()))
        .collect();
    let body = response.text().await.unwrap_or_default();
    Reply { status, headers, body }
}

/// The environment every front end gets (tests/common's harness values).
fn base_env(standin: &StandIn) -> Vec<(String, String)> {
    common::env(&[
        ("WLO_REPOSITORY_URL", &standin.base_url()),
        ("WLO_CACHE_MAX_MB", "0"),
        ("WLO_TIMEOUT_MS", "3000"),
        ("WLO_TOOL_DEADLINE_MS", "4000"),
        ("RUST_LOG", "info"),
    ])
}

fn with(vars: &[(String, String)], extra: &[(&str, &str)]) -> Vec<(String, String)> {
    let mut vars = vars.to_vec();
    for (k, v) in extra {
        vars.retain(|(key, _)| key != k);
        vars.push((k.to_string(), v.to_string()));
    }
    vars
}

/// The Lambda adapter's handler, built like the binary builds it.
fn lambda_cold_start(vars: &[(String, String)]) -> ColdStart {
    let map: HashMap<String, String> = vars.iter().cloned().collect();
    serverless::build(Config::from_lookup(|name| map.get(name).cloned()))
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// Collect a child's output lines in the background.
fn collect_lines(stream: impl Read + Send + 'static) -> Arc<Mutex<Vec<String>>> {
    let lines = Arc::new(Mutex::new(Vec::new()));
    let sink = lines.clone();
    std::thread::spawn(move || {
        for line in BufReader::new(stream).lines().map_while(Result::ok) {
            sink.lock().unwrap().push(line);
        }
    });
    lines
}

/// How many collected lines contain `needle`, once at least `expected` do
/// (or after 5 s: the reader thread may lag behind the child).
fn count_lines(lines: &Arc<Mutex<Vec<String>>>, needle: &str, expected: usize) -> usize {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let count = lines.lock().unwrap().iter().filter(|l| l.contains(needle)).count();
        if count >= expected || Instant::now() > deadline {
            return count;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

fn rss_high_water_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

// ------------------------------------------------------------ Vercel binary

/// The `mcp` binary serving on `127.0.0.1:$VERCEL_DEV_PORT`; killed on drop.
struct Vercel {
    child: Child,
    port: u16,
    stderr: Arc<Mutex<Vec<String>>>,
    client: reqwest::Client,
}

impl Drop for Vercel {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Vercel {
    fn spawn(vars: &[(String, String)]) -> Vercel {
        Self::spawn_binary(env!("CARGO_BIN_EXE_mcp"), vars)
    }

    /// Start on a free port; retry with another one when the port was taken
    /// between probing and binding (the child then exits before it listens).
    fn spawn_binary(binary: &str, vars: &[(String, String)]) -> Vercel {
        for _attempt in 0..5 {
            let port = free_port();
            let mut child = Command::new(binary)
                .env_clear()
                .envs(vars.iter().cloned())
                .env("VERCEL_DEV_PORT", port.to_string())
                .stdin(Stdio::null())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("the mcp binary starts");
            let stdout = child.stdout.take().expect("stdout");
            let stderr = collect_lines(child.stderr.take().expect("stderr"));
            // vercel_runtime prints "Dev server listening: <port>" once bound.
            let (tx, rx) = std::sync::mpsc::channel();
            std::thread::spawn(move || {
                for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                    let _ = tx.send(line);
                }
            });
            let deadline = Instant::now() + Duration::from_secs(15);
            let mut listening = false;
            while let Some(left) = deadline.checked_duration_since(Instant::now()) {
                match rx.recv_timeout(left) {
                    Ok(line) if line.contains(&format!("listening: {port}")) => {
                        listening = true;
                        break;
                    }
                    Ok(_) => continue,
                    Err(_) => break,
                }
            }
            if listening && wait_for_port(port, Duration::from_secs(10)) {
                return Vercel {
                    child,
                    port,
                    stderr,
                    client: client(),
                };
            }
            let _ = child.kill();
            let _ = child.wait();
        }
        panic!("the Vercel binary did not start on any of 5 free ports");
    }

    fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.port)
    }

    async fn send(
        &self,
        method: reqwest::Method,
        path: &str,
        host: &str,
        headers: &[(&str, &str)],
        body: &str,
    ) -> Reply {
        let mut request = self.client.request(method, self.url(path)).header("host", host);
        for (k, v) in headers {
            request = request.header(*k, *v);
        }
        read_reply(
            request
                .body(body.to_string())
                .send()
                .await
                .expect("request to the Vercel binary"),
        )
        .await
    }

    async fn post(&self, path: &str, host: &str, body: &str) -> Reply {
        let headers = [
            ("content-type", "application/json"),
            ("accept", "application/json, text/event-stream"),
        ];
        self.send(reqwest::Method::POST, path, host, &headers, body).await
    }

    fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }
}

fn wait_for_port(port: u16, within: Duration) -> bool {
    let deadline = Instant::now() + within;
    while Instant::now() < deadline {
        if TcpStream::connect(("127.0.0.1", port)).is_ok() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    false
}

// ----------------------------------------------------- mock Lambda Runtime API

/// What the function posted back for one invocation.
#[derive(Debug)]
enum Outcome {
    /// `POST /runtime/invocation/{id}/response`: the function-URL response payload.
    Response(Value),
    /// `POST /runtime/invocation/{id}/error`.
    Error(String),
}

struct RuntimeState {
    queue: tokio::sync::Mutex<tokio::sync::mpsc::UnboundedReceiver<(String, String)>>,
    pending: Mutex<HashMap<String, tokio::sync::oneshot::Sender<Outcome>>>,
    /// Init errors and requests to unknown routes.
    unexpected: Mutex<Vec<String>>,
}

/// A Lambda Runtime API on 127.0.0.1: serves queued events on
/// `GET /2018-06-01/runtime/invocation/next` and captures the answers.
struct MockRuntime {
    addr: SocketAddr,
    state: Arc<RuntimeState>,
    events: tokio::sync::mpsc::UnboundedSender<(String, String)>,
    next_id: AtomicU64,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for MockRuntime {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl MockRuntime {
    async fn start() -> MockRuntime {
        use axum::extract::{Path, State};
        use axum::routing::{get, post};

        type Shared = State<Arc<RuntimeState>>;

        async fn next(State(state): Shared) -> axum::response::Response {
            let (id, event) = {
                let mut queue = state.queue.lock().await;
                match queue.recv().await {
                    Some(item) => item,
                    None => std::future::pending().await,
                }
            };
            let deadline = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default() + Duration::from_secs(30);
            http::Response::builder()
                .header("content-type", "application/json")
                .header("lambda-runtime-aws-request-id", id)
                .header("lambda-runtime-deadline-ms", deadline.as_millis().to_string())
                .header(
                    "lambda-runtime-invoked-function-arn",
                    "arn:aws:lambda:eu-central-1:123456789012:function:wlo-mcp",
                )
                .header(
                    "lambda-runtime-trace-id",
                    "Root=1-67a1b2c3-0123456789abcdef01234567;Parent=53995c3f42cd8ad8;Sampled=0",
                )
                .body(axum::body::Body::from(event))
                .unwrap()
        }

        async fn response(State(state): Shared, Path(id): Path<String>, body: bytes::Bytes) -> http::StatusCode {
            let payload =
                serde_json::from_slice(&body).unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&body).into()));
            if let Some(tx) = state.pending.lock().unwrap().remove(&id) {
                let _ = tx.send(Outcome::Response(payload));
            }
            http::StatusCode::ACCEPTED
        }

        async fn error(State(state): Shared, Path(id): Path<String>, body: bytes::Bytes) -> http::StatusCode {
            if let Some(tx) = state.pending.lock().unwrap().remove(&id) {
                let _ = tx.send(Outcome::Error(String::from_utf8_lossy(&body).into()));
            }
            http::StatusCode::ACCEPTED
        }

        async fn other(State(state): Shared, request: axum::extract::Request) -> http::StatusCode {
            let (parts, body) = request.into_parts();
            let body = axum::body::to_bytes(body, 1 << 20).await.unwrap_or_default();
            let line = format!("{} {} {}", parts.method, parts.uri, String::from_utf8_lossy(&body));
            state.unexpected.lock().unwrap().push(line);
            http::StatusCode::NOT_FOUND
        }

        let (events, queue) = tokio::sync::mpsc::unbounded_channel();
        let state = Arc::new(RuntimeState {
            queue: tokio::sync::Mutex::new(queue),
            pending: Mutex::new(HashMap::new()),
            unexpected: Mutex::new(Vec::new()),
        });
        let router = axum::Router::new()
            .route("/2018-06-01/runtime/invocation/next", get(next))
            .route("/2018-06-01/runtime/invocation/{id}/response", post(response))
            .route("/2018-06-01/runtime/invocation/{id}/error", post(error))
            .fallback(other)
            .with_state(state.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("mock runtime binds");
        let addr = listener.local_addr().expect("address");
        let task = tokio::spawn(async move {
            let _ = axum::serve(listener, router).await;
        });
        MockRuntime {
            addr,
            state,
            events,
            next_id: AtomicU64::new(1),
            task,
        }
    }

    /// Queue one event; the answer arrives through the returned receiver.
    fn queue(&self, event: String) -> tokio::sync::oneshot::Receiver<Outcome> {
        let id = format!(
            "8476a536-e9f4-11e8-9739-{:012x}",
            self.next_id.fetch_add(1, Ordering::Relaxed)
        );
        let (tx, rx) = tokio::sync::oneshot::channel();
        self.state.pending.lock().unwrap().insert(id.clone(), tx);
        self.events.send((id, event)).expect("queue open");
        rx
    }

    fn unexpected(&self) -> Vec<String> {
        self.state.unexpected.lock().unwrap().clone()
    }
}

/// The real `lambda` binary polling a [`MockRuntime`]; killed on drop.
struct LambdaProcess {
    child: Child,
    runtime: MockRuntime,
    stderr: Arc<Mutex<Vec<String>>>,
}

impl Drop for LambdaProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl LambdaProcess {
    async fn spawn(vars: &[(String, String)]) -> LambdaProcess {
        let runtime = MockRuntime::start().await;
        Self::spawn_binary(env!("CARGO_BIN_EXE_lambda"), runtime, vars)
    }

    fn spawn_binary(binary: &str, runtime: MockRuntime, vars: &[(String, String)]) -> LambdaProcess {
        let mut child = Command::new(binary)
            .env_clear()
            .envs(vars.iter().cloned())
            .env("AWS_LAMBDA_RUNTIME_API", runtime.addr.to_string())
            .env("AWS_LAMBDA_FUNCTION_NAME", "wlo-mcp")
            .env("AWS_LAMBDA_FUNCTION_MEMORY_SIZE", "128")
            .env("AWS_LAMBDA_FUNCTION_VERSION", "$LATEST")
            .env("AWS_LAMBDA_LOG_GROUP_NAME", "/aws/lambda/wlo-mcp")
            .env(
                "AWS_LAMBDA_LOG_STREAM_NAME",
                "2026/11/29/[$LATEST]0123456789abcdef0123456789abcdef",
            )
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the lambda binary starts");
        let stderr = collect_lines(child.stderr.take().expect("stderr"));
        LambdaProcess { child, runtime, stderr }
    }

    /// Invoke with one function-URL event; returns the HTTP answer it encodes.
    async fn invoke(&self, event: String) -> Reply {
        let answer = self.runtime.queue(event);
        let outcome = match tokio::time::timeout(Duration::from_secs(20), answer).await {
            Ok(Ok(outcome)) => outcome,
            _ => panic!(
                "no answer from the lambda binary; unexpected runtime calls {:?}; stderr:\n{}",
                self.runtime.unexpected(),
                self.stderr.lock().unwrap().join("\n")
            ),
        };
        reply_from_payload(outcome)
    }
}

/// Decode a function-URL (API Gateway v2) response payload.
fn reply_from_payload(outcome: Outcome) -> Reply {
    let payload = match outcome {
        Outcome::Response(payload) => payload,
        Outcome::Error(error) => panic!("the function reported an invocation error: {error}"),
    };
    assert_eq!(payload["isBase64Encoded"], false, "{payload}");
    let status = payload["statusCode"]
        .as_u64()
        .unwrap_or_else(|| panic!("statusCode in {payload}")) as u16;
    let headers = payload["headers"]
        .as_object()
        .map(|h| {
            h.iter()
                .map(|(k, v)| {
                    (
                        k.to_ascii_lowercase(),
                        v.as_str().map(str::to_string).unwrap_or_else(|| v.to_string()),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    let body = payload["body"].as_str().unwrap_or_default().to_string();
    Reply { status, headers, body }
}

// ------------------------------------------------------- Lambda event helpers

fn fixture(name: &str) -> String {
    let path = format!("{}/tests/fixtures/lambda/{name}.json", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// A function-URL POST event carrying `body` (built from the tools_list fixture).
fn post_event(body: &str) -> String {
    let mut event: Value = serde_json::from_str(&fixture("tools_list")).expect("fixture JSON");
    event["body"] = Value::String(body.to_string());
    event["isBase64Encoded"] = Value::Bool(false);
    if let Some(headers) = event["headers"].as_object_mut() {
        headers.insert("content-length".into(), Value::String(body.len().to_string()));
        headers.remove("mcp-protocol-version");
    }
    event.to_string()
}

/// Parse an event with lambda_http's own parser and answer it in-process.
async fn lambda_in_process(cold: &ColdStart, event: &str) -> Reply {
    let request = lambda_http::request::from_str(event).expect("lambda_http parses the event");
    let response = serverless::lambda_answer(cold, request).await;
    let status = response.status().as_u16();
    let headers = response
        .headers()
        .iter()
        .map(|(k, v)| (k.as_str().to_string(), v.to_str().unwrap_or_default().to_string()))
        .collect();
    let body = match response.into_body() {
        lambda_http::Body::Empty => String::new(),
        lambda_http::Body::Text(text) => text,
        lambda_http::Body::Binary(bytes) => panic!("unexpected binary body: {bytes:?}"),
        _ => panic!("unknown body kind"),
    };
    Reply { status, headers, body }
}

// ---------------------------------------------------------------- the tests

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn same_answers_on_every_front_end() {
    let standin = StandIn::start(StandInOptions::default())
        .await
        .expect("stand-in starts");
    let vars = base_env(&standin);
    let local = Server::spawn(&["serve", "--port", "0"], &vars);
    let vercel = Vercel::spawn(&vars);
    let lambda_handler = lambda_cold_start(&vars);
    let lambda = LambdaProcess::spawn(&vars).await;

    let mut mismatches = Vec::new();
    for scenario in SCENARIOS {
        let local_reply = {
            let response = local
                .request(reqwest::Method::POST)
                .header("content-type", "application/json")
                .header("accept", "application/json, text/event-stream")
                .body(scenario.request)
                .send()
                .await
                .expect("request to wlo-mcp serve");
            read_reply(response).await
        };
        let replies = [
            ("wlo-mcp serve", local_reply),
            (
                "vercel /mcp",
                vercel.post("/mcp", "wlo-mcp.vercel.app", scenario.request).await,
            ),
            (
                "lambda adapter",
                lambda_in_process(&lambda_handler, &post_event(scenario.request)).await,
            ),
            ("lambda binary", lambda.invoke(post_event(scenario.request)).await),
        ];
        let mut baseline = None;
        for (front_end, reply) in &replies {
            assert_eq!(
                reply.status, scenario.status,
                "{} via {front_end}: {}",
                scenario.name, reply.body
            );
            assert_eq!(
                reply.header("access-control-allow-origin"),
                Some("*"),
                "{} via {front_end}",
                scenario.name
            );
            let response = reply.json();
            (scenario.check)(&response);
            if let Some(id) = serde_json::from_str::<Value>(scenario.request)
                .ok()
                .and_then(|r| r.get("id").cloned())
            {
                assert_eq!(response["id"], id, "{} via {front_end}", scenario.name);
            }
            let part = comparable(&response);
            match &baseline {
                None => baseline = Some(part),
                Some(expected) if expected != &part => mismatches.push(format!(
                    "{} via {front_end}:\n  expected {expected}\n  got      {part}",
                    scenario.name
                )),
                Some(_) => {}
            }
        }
    }
    assert!(mismatches.is_empty(), "front ends disagree:\n{}", mismatches.join("\n"));
    assert!(
        lambda.runtime.unexpected().is_empty(),
        "{:?}",
        lambda.runtime.unexpected()
    );
}

#[tokio::test]
async fn vercel_binary_serves_a_full_session_with_public_hosts() {
    let standin = StandIn::start(StandInOptions::default())
        .await
        .expect("stand-in starts");
    let mut vercel = Vercel::spawn(&base_env(&standin));
    for (path, host) in [
        ("/mcp", "wlo-mcp.vercel.app"),
        ("/api/mcp", "wlo-mcp-git-main-openeduhub.vercel.app"),
    ] {
        let r = vercel.post(path, host, SCENARIOS[0].request).await;
        assert_eq!(r.status, 200, "{path} {host}: {}", r.body);
        assert!(
            r.header("content-type")
                .is_some_and(|t| t.starts_with("application/json"))
        );
        assert!(r.header("mcp-session-id").is_none(), "no session is minted");
        assert_eq!(r.json()["result"]["serverInfo"]["name"], "wlo-mcp");

        let r = vercel
            .post(path, host, r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
            .await;
        assert_eq!(r.status, 202);
        assert!(r.body.is_empty());

        let r = vercel
            .post(path, host, r#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#)
            .await;
        assert_eq!(r.status, 200);
        assert!(
            r.json()["result"]["tools"].as_array().is_some_and(|t| t.len() >= 10),
            "{}",
            r.body
        );

        let r = vercel.post(path, host, SCENARIOS[4].request).await;
        assert_eq!(r.status, 200);
        (SCENARIOS[4].check)(&r.json());

        let r = vercel.post(path, host, SCENARIOS[5].request).await;
        assert_eq!(r.status, 200);
        (SCENARIOS[5].check)(&r.json());

        let r = vercel
            .send(reqwest::Method::GET, path, host, &[("accept", "text/event-stream")], "")
            .await;
        assert_eq!(r.status, 405);
        assert_eq!(r.header("allow"), Some("POST, OPTIONS"));

        let preflight = [
            ("origin", "https://inspector.example"),
            ("access-control-request-method", "POST"),
        ];
        let r = vercel.send(reqwest::Method::OPTIONS, path, host, &preflight, "").await;
        assert_eq!(r.status, 204);
        assert_eq!(r.header("access-control-allow-origin"), Some("*"));
    }
    // vercel_runtime answers its own health probe.
    let r = vercel
        .send(reqwest::Method::GET, "/_vercel/ping", "wlo-mcp.vercel.app", &[], "")
        .await;
    assert_eq!((r.status, r.body.as_str()), (200, "OK"));
    // Built once per cold start, logged to stderr.
    assert!(vercel.alive());
    assert_eq!(
        count_lines(&vercel.stderr, "wlo-mcp ready", 1),
        1,
        "{:?}",
        vercel.stderr.lock().unwrap()
    );
}

#[tokio::test]
async fn lambda_fixtures_through_the_lambda_adapter() {
    let standin = StandIn::start(StandInOptions::default())
        .await
        .expect("stand-in starts");
    let cold = lambda_cold_start(&base_env(&standin));
    let Ok(handler) = &cold else { panic!("config error") };

    // The same function the binary uses for every event.
    let answer = |name: &'static str| {
        let handler = handler.clone();
        async move {
            let request = lambda_http::request::from_str(&fixture(name)).expect("lambda_http parses the fixture");
            assert!(
                request
                    .uri()
                    .host()
                    .is_some_and(|h| h.ends_with(".lambda-url.eu-central-1.on.aws"))
            );
            let response = serverless::lambda_response(&handler, request).await;
            let status = response.status().as_u16();
            let headers = response.headers().clone();
            (status, headers, response.into_body())
        }
    };
    let text = |body: &lambda_http::Body| -> Value {
        let lambda_http::Body::Text(text) = body else {
            panic!("text body expected, got {body:?}")
        };
        serde_json::from_str(text).expect("JSON body")
    };

    let (status, headers, body) = answer("initialize").await;
    assert_eq!(status, 200);
    assert!(
        headers["content-type"]
            .to_str()
            .unwrap()
            .starts_with("application/json")
    );
    assert_eq!(headers["access-control-allow-origin"], "*");
    assert!(headers.get("mcp-session-id").is_none());
    let body = text(&body);
    assert_eq!(body["id"], 1);
    (SCENARIOS[0].check)(&body);

    let (status, _, body) = answer("notification_initialized").await;
    assert_eq!(status, 202);
    assert!(matches!(body, lambda_http::Body::Empty), "{body:?}");

    for name in ["tools_list", "tools_list_base64"] {
        let (status, _, body) = answer(name).await;
        assert_eq!(status, 200, "{name}");
        (SCENARIOS[3].check)(&text(&body));
    }

    let (status, _, body) = answer("tools_call_vocabulary").await;
    assert_eq!(status, 200);
    (SCENARIOS[5].check)(&text(&body));

    let (status, _, body) = answer("tools_call_health").await;
    assert_eq!(status, 200);
    (SCENARIOS[4].check)(&text(&body));

    let (status, headers, _) = answer("get").await;
    assert_eq!(status, 405);
    assert_eq!(headers["allow"], "POST, OPTIONS");

    let (status, headers, body) = answer("options").await;
    assert_eq!(status, 204);
    assert_eq!(headers["access-control-allow-origin"], "*");
    assert!(
        headers["access-control-allow-headers"]
            .to_str()
            .unwrap()
            .contains("MCP-Protocol-Version")
    );
    assert!(matches!(body, lambda_http::Body::Empty));
}

#[tokio::test]
async fn lambda_binary_under_a_mock_runtime_api() {
    let standin = StandIn::start(StandInOptions::default())
        .await
        .expect("stand-in starts");
    let lambda = LambdaProcess::spawn(&base_env(&standin)).await;

    let r = lambda.invoke(fixture("initialize")).await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(
        r.header("content-type")
            .is_some_and(|t| t.starts_with("application/json"))
    );
    assert_eq!(r.header("access-control-allow-origin"), Some("*"));
    (SCENARIOS[0].check)(&r.json());

    let r = lambda.invoke(fixture("notification_initialized")).await;
    assert_eq!((r.status, r.body.as_str()), (202, ""));

    let r = lambda.invoke(fixture("tools_list_base64")).await;
    assert_eq!(r.status, 200);
    (SCENARIOS[3].check)(&r.json());

    let r = lambda.invoke(fixture("tools_call_health")).await;
    assert_eq!(r.status, 200);
    (SCENARIOS[4].check)(&r.json());
    assert!(
        standin.control().stats().total_requests >= 1,
        "the tool call reached the stand-in"
    );

    let r = lambda.invoke(fixture("tools_call_vocabulary")).await;
    assert_eq!(r.status, 200);
    (SCENARIOS[5].check)(&r.json());

    let r = lambda.invoke(fixture("get")).await;
    assert_eq!(r.status, 405);
    let r = lambda.invoke(fixture("options")).await;
    assert_eq!(r.status, 204);

    assert!(
        lambda.runtime.unexpected().is_empty(),
        "{:?}",
        lambda.runtime.unexpected()
    );
    // One app per cold start, however many invocations.
    assert_eq!(
        count_lines(&lambda.stderr, "wlo-mcp ready", 1),
        1,
        "{:?}",
        lambda.stderr.lock().unwrap()
    );
}

#[tokio::test]
async fn config_error_answers_500_on_every_request_and_logs_once() {
    let vars = common::env(&[("WLO_ROOT_COLLECTION_ID", "not-a-uuid"), ("RUST_LOG", "info")]);
    let assert_config_error = |r: &Reply| {
        assert_eq!(r.status, 500, "{}", r.body);
        assert_eq!(r.header("access-control-allow-origin"), Some("*"));
        let body = r.json();
        assert_eq!(body["jsonrpc"], "2.0");
        assert_eq!(body["error"]["code"], -32603);
        assert_eq!(body["error"]["data"]["variable"], "WLO_ROOT_COLLECTION_ID");
        assert!(
            body["error"]["message"]
                .as_str()
                .is_some_and(|m| m.contains("WLO_ROOT_COLLECTION_ID") && m.contains("not-a-uuid"))
        );
    };

    let mut vercel = Vercel::spawn(&vars);
    for body in [SCENARIOS[0].request, SCENARIOS[3].request] {
        assert_config_error(&vercel.post("/mcp", "wlo-mcp.vercel.app", body).await);
    }
    assert_config_error(
        &vercel
            .send(reqwest::Method::GET, "/mcp", "wlo-mcp.vercel.app", &[], "")
            .await,
    );
    assert!(vercel.alive(), "a config error must not end the process");

    let lambda = LambdaProcess::spawn(&vars).await;
    for name in ["initialize", "tools_call_health"] {
        assert_config_error(&lambda.invoke(fixture(name)).await);
    }
    assert!(
        lambda.runtime.unexpected().is_empty(),
        "no init error: {:?}",
        lambda.runtime.unexpected()
    );

    let cold = lambda_cold_start(&vars);
    assert_config_error(&lambda_in_process(&cold, &fixture("tools_list")).await);

    for stderr in [&vercel.stderr, &lambda.stderr] {
        let count = count_lines(stderr, "WLO_ROOT_COLLECTION_ID", 1);
        assert_eq!(count, 1, "logged once: {:?}", stderr.lock().unwrap());
    }
}

/// Logs piped to a file or a platform (CloudWatch, Vercel) carry no ANSI
/// colour codes, from every entry point.
#[tokio::test]
async fn piped_logs_carry_no_colour_codes() {
    let standin = StandIn::start(StandInOptions::default())
        .await
        .expect("stand-in starts");
    let vars = base_env(&standin);
    let lambda = LambdaProcess::spawn(&vars).await;
    assert_eq!(lambda.invoke(fixture("initialize")).await.status, 200);
    let vercel = Vercel::spawn(&vars);
    assert_eq!(
        vercel
            .post("/mcp", "wlo-mcp.vercel.app", SCENARIOS[0].request)
            .await
            .status,
        200
    );
    let local = Command::new(env!("CARGO_BIN_EXE_wlo-mcp"))
        .args(["stdio", "--demo"])
        .env("RUST_LOG", "info")
        .stdin(Stdio::null())
        .output()
        .expect("wlo-mcp stdio runs");
    let local: Vec<String> = String::from_utf8_lossy(&local.stderr)
        .lines()
        .map(str::to_string)
        .collect();
    count_lines(&lambda.stderr, "wlo-mcp ready", 1);
    count_lines(&vercel.stderr, "wlo-mcp ready", 1);
    for (front_end, lines) in [
        ("lambda", lambda.stderr.lock().unwrap().clone()),
        ("vercel", vercel.stderr.lock().unwrap().clone()),
        ("wlo-mcp", local),
    ] {
        assert!(
            lines.iter().any(|l| l.contains("INFO")),
            "{front_end}: an info line was logged: {lines:?}"
        );
        for line in &lines {
            assert!(
                !line.contains("\u{1b}["),
                "{front_end}: colour codes in a piped log: {line:?}"
            );
        }
    }
}

/// Started by hand outside Lambda, the `lambda` binary says where it belongs
/// in one line and exits with 2, without a panic or backtrace.
#[test]
fn lambda_binary_outside_lambda_explains_itself() {
    for extra in [&[][..], &[("AWS_LAMBDA_FUNCTION_NAME", "wlo-mcp")][..]] {
        let output = Command::new(env!("CARGO_BIN_EXE_lambda"))
            .env_clear()
            .envs(extra.iter().copied())
            .env("RUST_BACKTRACE", "1")
            .env("RUST_LOG", "info")
            .stdin(Stdio::null())
            .output()
            .expect("the lambda binary runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.contains("must run inside AWS Lambda") && stderr.contains("cargo lambda watch"),
            "{stderr}"
        );
        assert!(stderr.contains("AWS_LAMBDA_RUNTIME_API"), "{stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
        assert!(output.stdout.is_empty());
    }
}

#[tokio::test]
async fn slow_repository_gives_a_german_error_answer_not_a_504() {
    let standin = StandIn::start(StandInOptions::default())
        .await
        .expect("stand-in starts");
    standin.control().set_fault(wlo_standin::Fault::Slow);
    let vars = with(&base_env(&standin), &[("WLO_TOOL_DEADLINE_MS", "400")]);
    let vercel = Vercel::spawn(&vars);
    let cold = lambda_cold_start(&vars);
    let request = SCENARIOS[4].request;
    for (front_end, reply) in [
        ("vercel", vercel.post("/mcp", "wlo-mcp.vercel.app", request).await),
        ("lambda", lambda_in_process(&cold, &post_event(request)).await),
    ] {
        assert_eq!(reply.status, 200, "{front_end}: {}", reply.body);
        let result = &reply.json()["result"];
        assert_eq!(result["isError"], true, "{front_end}: {result}");
        let text = result["content"][0]["text"].as_str().unwrap_or_default();
        assert!(text.contains("Zeitüberschreitung"), "{front_end}: {text}");
    }
}

// ------------------------------------------------------ cold start and memory

/// One blocking `POST /mcp` over a fresh connection; the status, or `None`
/// when nothing listens yet.
fn raw_post(port: u16, body: &str) -> Option<u16> {
    use std::io::Write;
    let mut stream = TcpStream::connect(("127.0.0.1", port)).ok()?;
    let request = format!(
        "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n\
         Accept: application/json, text/event-stream\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).ok()?;
    let mut response = Vec::new();
    stream.read_to_end(&mut response).ok()?;
    let head = String::from_utf8_lossy(&response);
    head.split_whitespace().nth(1)?.parse().ok()
}

/// A child process that is killed when dropped (also on a failed assertion).
struct KillOnDrop(Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Process start → first answered `initialize`, and peak RSS, for each binary.
/// Run through scripts/coldstart.sh, which builds the release binaries and runs
/// this test against them with `COLDSTART_BIN_DIR=target/release`. `COLDSTART_RUNS` sets the runs per binary
/// (default 15); `COLDSTART_BIN_DIR` takes the binaries from another directory;
/// `SSL_CERT_FILE` is passed on to the binaries when set.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "measurement; run through scripts/coldstart.sh"]
async fn cold_start_measurement() {
    let runs: usize = std::env::var("COLDSTART_RUNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(15);
    let dir = std::env::var("COLDSTART_BIN_DIR").ok();
    let binary = |name: &str, built: &str| match &dir {
        Some(dir) => format!("{dir}/{name}"),
        None => built.to_string(),
    };
    let (serve_bin, vercel_bin, lambda_bin) = (
        binary("wlo-mcp", env!("CARGO_BIN_EXE_wlo-mcp")),
        binary("mcp", env!("CARGO_BIN_EXE_mcp")),
        binary("lambda", env!("CARGO_BIN_EXE_lambda")),
    );
    let standin = StandIn::start(StandInOptions::default())
        .await
        .expect("stand-in starts");
    let mut vars = with(&base_env(&standin), &[("RUST_LOG", "warn")]);
    // Forwarded so its effect on the root-certificate load can be measured.
    if let Ok(file) = std::env::var("SSL_CERT_FILE") {
        vars.push(("SSL_CERT_FILE".into(), file));
    }
    let initialize = SCENARIOS[0].request;
    let health = SCENARIOS[4].request;

    /// Start-up ms, VmHWM KiB after initialize, VmHWM KiB after a health check.
    type Row = (&'static str, Vec<f64>, Vec<u64>, Vec<u64>);
    let mut table: Vec<Row> = Vec::new();
    for kind in ["wlo-mcp serve", "mcp (Vercel)", "lambda"] {
        let (mut times, mut rss_init, mut rss_tool) = (Vec::new(), Vec::new(), Vec::new());
        for _ in 0..runs {
            if kind == "lambda" {
                let runtime = MockRuntime::start().await;
                let first = runtime.queue(post_event(initialize));
                let started = Instant::now();
                let lambda = LambdaProcess::spawn_binary(&lambda_bin, runtime, &vars);
                let outcome = tokio::time::timeout(Duration::from_secs(20), first)
                    .await
                    .expect("answer")
                    .expect("answer");
                times.push(started.elapsed().as_secs_f64() * 1000.0);
                assert_eq!(reply_from_payload(outcome).status, 200);
                rss_init.push(rss_high_water_kib(lambda.child.id()).unwrap_or(0));
                assert_eq!(lambda.invoke(post_event(health)).await.status, 200);
                rss_tool.push(rss_high_water_kib(lambda.child.id()).unwrap_or(0));
                continue;
            }
            let port = free_port();
            let mut command = Command::new(if kind == "mcp (Vercel)" {
                &vercel_bin
            } else {
                &serve_bin
            });
            command
                .env_clear()
                .envs(vars.iter().cloned())
                .env("VERCEL_DEV_PORT", port.to_string())
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null());
            if kind == "wlo-mcp serve" {
                command.args(["serve", "--port", &port.to_string()]);
            }
            let started = Instant::now();
            let child = KillOnDrop(command.spawn().expect("binary starts"));
            let pid = child.0.id();
            // Plain blocking HTTP/1.1 on a worker thread: no client start-up cost in the numbers.
            let answered = tokio::task::spawn_blocking(move || {
                loop {
                    if let Some(status) = raw_post(port, initialize) {
                        return status;
                    }
                    if started.elapsed() > Duration::from_secs(20) {
                        return 0;
                    }
                    std::thread::sleep(Duration::from_micros(200));
                }
            })
            .await
            .expect("poller");
            times.push(started.elapsed().as_secs_f64() * 1000.0);
            assert_eq!(answered, 200, "{kind} did not answer initialize");
            rss_init.push(rss_high_water_kib(pid).unwrap_or(0));
            let status = tokio::task::spawn_blocking(move || raw_post(port, health))
                .await
                .expect("poller");
            assert_eq!(status, Some(200), "{kind}: health check");
            rss_tool.push(rss_high_water_kib(pid).unwrap_or(0));
            drop(child);
        }
        table.push((kind, times, rss_init, rss_tool));
    }

    fn median<T: Copy + PartialOrd>(values: &[T]) -> T {
        let mut sorted = values.to_vec();
        sorted.sort_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
        sorted[sorted.len() / 2]
    }
    println!("\nruns per binary: {runs}; binaries: {serve_bin}, {vercel_bin}, {lambda_bin}");
    println!(
        "| binary | start → initialize answered, median (min–max) | peak RSS after initialize | peak RSS after a health check |"
    );
    println!("|---|---|---|---|");
    for (kind, times, rss_init, rss_tool) in &table {
        let min = times.iter().cloned().fold(f64::INFINITY, f64::min);
        let max = times.iter().cloned().fold(0.0, f64::max);
        println!(
            "| {kind} | {:.1} ms ({min:.1}–{max:.1}) | {:.1} MiB | {:.1} MiB |",
            median(times),
            median(rss_init) as f64 / 1024.0,
            median(rss_tool) as f64 / 1024.0
        );
    }
}

// ------------------------------------------------------------ packaging files

fn repo_file(path: &str) -> String {
    std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// What git and a Vercel upload leave out, and what a Vercel deployment may
/// serve as static files (scripts/vercel-build-check.sh checks the real build).
#[test]
fn packaging_keeps_secrets_and_builds_out() {
    for file in [".gitignore", ".vercelignore"] {
        let text = repo_file(file);
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        for entry in [".env", ".aws-sam/", "target/", ".vercel/"] {
            assert!(lines.contains(&entry), "{file} lacks {entry}");
        }
    }
    // .vercelignore: everything out, then only the build inputs back in.
    let text = repo_file(".vercelignore");
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    assert_eq!(lines.first(), Some(&"/*"), "{text}");
    let allowed = [
        "api",
        "src",
        "standin",
        "data",
        "public",
        "Cargo.toml",
        "Cargo.lock",
        "vercel.json",
    ];
    for line in lines.iter().filter(|l| l.starts_with('!')) {
        let path = line.trim_start_matches("!/").trim_end_matches('/');
        assert!(allowed.contains(&path), ".vercelignore lets {path} in");
    }
    // Static files come from public/ alone: a landing page that names the endpoint.
    let public: Vec<String> = std::fs::read_dir(format!("{}/public", env!("CARGO_MANIFEST_DIR")))
        .expect("public/ exists")
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .collect();
    assert_eq!(public, ["index.html"]);
    assert!(repo_file("public/index.html").contains("/mcp"));
}

/// One function time limit, stated alike in vercel.json, template.yaml,
/// .env.example and docs/deploy.md, with the deadline's ceiling below it.
#[test]
fn time_limits_agree_across_the_deploy_files() {
    let vercel: Value = serde_json::from_str(&repo_file("vercel.json")).unwrap();
    let max_duration = vercel["functions"]["api/mcp.rs"]["maxDuration"]
        .as_u64()
        .expect("maxDuration");
    let template = repo_file("template.yaml");
    let timeout: u64 = template
        .lines()
        .find_map(|l| l.trim().strip_prefix("Timeout:"))
        .and_then(|v| v.trim().parse().ok())
        .expect("Timeout in template.yaml");
    assert_eq!(max_duration, timeout, "vercel.json and template.yaml differ");
    let deadline_max: u64 = template
        .split("ToolDeadlineMs:")
        .nth(1)
        .and_then(|rest| rest.lines().find_map(|l| l.trim().strip_prefix("MaxValue:")))
        .and_then(|v| v.trim().parse().ok())
        .expect("ToolDeadlineMs MaxValue");
    assert!(
        deadline_max + 3000 <= timeout * 1000,
        "deadline {deadline_max} ms + 2 s cap + margin > {timeout} s"
    );
    let env_example = repo_file(".env.example");
    assert!(
        env_example.contains(&format!("{timeout} s")),
        ".env.example must state the {timeout} s limit"
    );
    assert!(
        env_example.contains(&format!("at most {deadline_max}")),
        ".env.example: deadline ceiling"
    );
    assert!(
        env_example.contains("check the current"),
        ".env.example: tell the reader to check the plan's limits"
    );
    let deploy = repo_file("docs/deploy.md");
    assert!(deploy.contains(&format!("`maxDuration: {timeout}`")) && deploy.contains(&format!("`Timeout: {timeout}`")));
    assert!(deploy.contains("Check the current limits for your plan"));
    for text in [&env_example, &deploy] {
        assert!(
            !text.contains("Hobby: 10 s") && !text.contains("Both platforms allow"),
            "a stale limit"
        );
    }
}

/// The README's test command is what CI runs, and it needs nothing beyond rustup.
#[test]
fn ci_runs_the_readme_test_command() {
    let readme = repo_file("README.md");
    let quick_start = readme
        .split("## Quick start")
        .nth(1)
        .expect("Quick start")
        .split("\n## ")
        .next()
        .unwrap();
    let command = quick_start
        .lines()
        .filter_map(|l| l.split('#').next().map(str::trim))
        .find(|l| l.starts_with("cargo ") && l.contains("test"))
        .expect("a test command in the Quick start");
    assert_eq!(
        command, "cargo test --workspace",
        "the README's test command must run on a rustup-only machine"
    );
    let ci = repo_file(".ci/run");
    assert!(
        ci.lines()
            .any(|l| !l.trim_start().starts_with('#') && l.contains(command)),
        ".ci/run does not run `{command}`"
    );
}
