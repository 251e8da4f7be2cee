//! A mock Lambda Runtime API for the real Lambda binary, and function-URL
//! events for the in-process Lambda adapter.

use super::*;

// ----------------------------------------------------- mock Lambda Runtime API

/// What the function posted back for one invocation.
#[derive(Debug)]
pub(crate) enum Outcome {
    /// `POST /runtime/invocation/{id}/response`: the function-URL response payload.
    Response(Value),
    /// `POST /runtime/invocation/{id}/error`.
    Error(String),
}

pub(crate) struct RuntimeState {
    pub(crate) queue: tokio::sync::Mutex<tokio::sync::mpsc::UnboundedReceiver<(String, String)>>,
    pub(crate) pending: Mutex<HashMap<String, tokio::sync::oneshot::Sender<Outcome>>>,
    /// Init errors and requests to unknown routes.
    pub(crate) unexpected: Mutex<Vec<String>>,
}

/// A Lambda Runtime API on 127.0.0.1: serves queued events on
/// `GET /2018-06-01/runtime/invocation/next` and captures the answers.
pub(crate) struct MockRuntime {
    pub(crate) addr: SocketAddr,
    pub(crate) state: Arc<RuntimeState>,
    pub(crate) events: tokio::sync::mpsc::UnboundedSender<(String, String)>,
    pub(crate) next_id: AtomicU64,
    pub(crate) task: tokio::task::JoinHandle<()>,
}

impl Drop for MockRuntime {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl MockRuntime {
    pub(crate) async fn start() -> MockRuntime {
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
    pub(crate) fn queue(&self, event: String) -> tokio::sync::oneshot::Receiver<Outcome> {
        let id = format!(
            "8476a536-e9f4-11e8-9739-{:012x}",
            self.next_id.fetch_add(1, Ordering::Relaxed)
        );
        let (tx, rx) = tokio::sync::oneshot::channel();
        self.state.pending.lock().unwrap().insert(id.clone(), tx);
        self.events.send((id, event)).expect("queue open");
        rx
    }

    pub(crate) fn unexpected(&self) -> Vec<String> {
        self.state.unexpected.lock().unwrap().clone()
    }
}

/// The real `lambda` binary polling a [`MockRuntime`]; killed on drop.
pub(crate) struct LambdaProcess {
    pub(crate) child: Child,
    pub(crate) runtime: MockRuntime,
    pub(crate) stderr: Arc<Mutex<Vec<String>>>,
}

impl Drop for LambdaProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl LambdaProcess {
    pub(crate) async fn spawn(vars: &[(String, String)]) -> LambdaProcess {
        let runtime = MockRuntime::start().await;
        Self::spawn_binary(env!("CARGO_BIN_EXE_lambda"), runtime, vars)
    }

    pub(crate) fn spawn_binary(binary: &str, runtime: MockRuntime, vars: &[(String, String)]) -> LambdaProcess {
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
    pub(crate) async fn invoke(&self, event: String) -> Reply {
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
pub(crate) fn reply_from_payload(outcome: Outcome) -> Reply {
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

pub(crate) fn fixture(name: &str) -> String {
    let path = format!("{}/tests/fixtures/lambda/{name}.json", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// A function-URL POST event carrying `body` (built from the tools_list fixture).
pub(crate) fn post_event(body: &str) -> String {
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
pub(crate) async fn lambda_in_process(cold: &ColdStart, event: &str) -> Reply {
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
