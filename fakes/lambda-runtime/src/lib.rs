//! A mock AWS Lambda Runtime API on 127.0.0.1, so the real `lambda` binary
//! can run without AWS: the root crate's serverless tests invoke it with
//! function-URL events, and the benchmark times its cold start.
//!
//! [`MockRuntime`] serves queued events on `GET …/runtime/invocation/next`
//! (a poll with nothing queued is held open) and hands what the function
//! posts to `…/invocation/{id}/response` or `…/{id}/error` to the receiver
//! [`MockRuntime::queue`] returned. Anything else is answered 404 and kept
//! for [`MockRuntime::unexpected`] (init errors land there).

use std::collections::HashMap;
use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::body::Incoming;
use hyper::header::HeaderValue;
use hyper::service::service_fn;
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::TokioIo;
use serde_json::Value;
use tokio::net::TcpListener;
use tokio::sync::{mpsc, oneshot};

const INVOCATION: &str = "/2018-06-01/runtime/invocation/";

/// A function-URL (payload 2.0) `POST /mcp` event, recorded from a real
/// function URL.
const POST_EVENT: &str = include_str!("../../../tests/fixtures/lambda/tools_list.json");

/// What the function posted back for one invocation.
#[derive(Debug)]
pub enum Outcome {
    /// `POST …/invocation/{id}/response`: the function-URL response payload,
    /// and when the request arrived (before its body was read).
    Response { payload: Value, at: Instant },
    /// `POST …/invocation/{id}/error`.
    Error(String),
}

struct State {
    queue: tokio::sync::Mutex<mpsc::UnboundedReceiver<(String, String)>>,
    pending: Mutex<HashMap<String, oneshot::Sender<Outcome>>>,
    unexpected: Mutex<Vec<String>>,
}

/// The mock Runtime API; stops serving when dropped.
pub struct MockRuntime {
    addr: SocketAddr,
    state: Arc<State>,
    events: mpsc::UnboundedSender<(String, String)>,
    next_id: AtomicU64,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for MockRuntime {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl MockRuntime {
    pub async fn start() -> MockRuntime {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("mock runtime binds");
        let addr = listener.local_addr().expect("mock runtime address");
        let (events, queue) = mpsc::unbounded_channel();
        let state = Arc::new(State {
            queue: tokio::sync::Mutex::new(queue),
            pending: Mutex::new(HashMap::new()),
            unexpected: Mutex::new(Vec::new()),
        });
        let served = state.clone();
        let task = tokio::spawn(async move {
            let mut connections = tokio::task::JoinSet::new();
            while let Ok((stream, _)) = listener.accept().await {
                let _ = stream.set_nodelay(true);
                let state = served.clone();
                connections.spawn(async move {
                    let service = service_fn(move |request| handle(state.clone(), request));
                    let _ = hyper::server::conn::http1::Builder::new()
                        .serve_connection(TokioIo::new(stream), service)
                        .await;
                });
            }
        });
        MockRuntime {
            addr,
            state,
            events,
            next_id: AtomicU64::new(1),
            task,
        }
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The variables the Lambda platform sets for the function process.
    pub fn function_env(&self) -> Vec<(String, String)> {
        [
            ("AWS_LAMBDA_RUNTIME_API", self.addr.to_string().as_str()),
            ("AWS_LAMBDA_FUNCTION_NAME", "wlo-mcp"),
            ("AWS_LAMBDA_FUNCTION_MEMORY_SIZE", "128"),
            ("AWS_LAMBDA_FUNCTION_VERSION", "$LATEST"),
            ("AWS_LAMBDA_LOG_GROUP_NAME", "/aws/lambda/wlo-mcp"),
            (
                "AWS_LAMBDA_LOG_STREAM_NAME",
                "2026/11/29/[$LATEST]0123456789abcdef0123456789abcdef",
            ),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
    }

    /// Queue one event; the function's answer arrives through the receiver.
    pub fn queue(&self, event: String) -> oneshot::Receiver<Outcome> {
        let id = format!(
            "8476a536-e9f4-11e8-9739-{:012x}",
            self.next_id.fetch_add(1, Ordering::Relaxed)
        );
        let (tx, rx) = oneshot::channel();
        self.state.pending.lock().unwrap().insert(id.clone(), tx);
        self.events.send((id, event)).expect("mock runtime queue open");
        rx
    }

    /// Requests to routes the Runtime API does not have (`METHOD URI BODY`).
    pub fn unexpected(&self) -> Vec<String> {
        self.state.unexpected.lock().unwrap().clone()
    }
}

/// A function-URL `POST /mcp` event carrying `body` (JSON-RPC), without an
/// `MCP-Protocol-Version` header.
pub fn post_event(body: &str) -> String {
    let mut event: Value = serde_json::from_str(POST_EVENT).expect("fixture JSON");
    event["body"] = Value::String(body.to_string());
    event["isBase64Encoded"] = Value::Bool(false);
    if let Some(headers) = event["headers"].as_object_mut() {
        headers.insert("content-length".into(), Value::String(body.len().to_string()));
        headers.remove("mcp-protocol-version");
    }
    event.to_string()
}

fn reply(status: StatusCode, body: impl Into<Bytes>) -> Response<Full<Bytes>> {
    let mut response = Response::new(Full::new(body.into()));
    *response.status_mut() = status;
    response
}

async fn handle(state: Arc<State>, request: Request<Incoming>) -> Result<Response<Full<Bytes>>, Infallible> {
    let at = Instant::now();
    let method = request.method().clone();
    let uri = request.uri().clone();
    let route = uri.path().strip_prefix(INVOCATION).unwrap_or_default();
    if method == Method::GET && route == "next" {
        return Ok(next(&state).await);
    }
    let body = request
        .into_body()
        .collect()
        .await
        .map(|c| c.to_bytes())
        .unwrap_or_default();
    let answer = match route.split_once('/') {
        Some((id, "response")) if method == Method::POST => {
            let payload =
                serde_json::from_slice(&body).unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&body).into()));
            Some((id, Outcome::Response { payload, at }))
        }
        Some((id, "error")) if method == Method::POST => {
            Some((id, Outcome::Error(String::from_utf8_lossy(&body).into())))
        }
        _ => None,
    };
    match answer {
        Some((id, outcome)) => {
            if let Some(tx) = state.pending.lock().unwrap().remove(id) {
                let _ = tx.send(outcome);
            }
            Ok(reply(StatusCode::ACCEPTED, "{}"))
        }
        None => {
            let line = format!("{method} {uri} {}", String::from_utf8_lossy(&body));
            state.unexpected.lock().unwrap().push(line);
            Ok(reply(StatusCode::NOT_FOUND, ""))
        }
    }
}

/// The next queued event with the invocation headers; waits for one.
async fn next(state: &State) -> Response<Full<Bytes>> {
    let (id, event) = {
        let mut queue = state.queue.lock().await;
        match queue.recv().await {
            Some(item) => item,
            None => std::future::pending().await,
        }
    };
    let deadline = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default() + Duration::from_secs(30);
    let mut response = reply(StatusCode::OK, event);
    let headers = response.headers_mut();
    let value = |s: &str| HeaderValue::from_str(s).expect("header value");
    headers.insert("content-type", value("application/json"));
    headers.insert("lambda-runtime-aws-request-id", value(&id));
    headers.insert("lambda-runtime-deadline-ms", value(&deadline.as_millis().to_string()));
    headers.insert(
        "lambda-runtime-invoked-function-arn",
        value("arn:aws:lambda:eu-central-1:123456789012:function:wlo-mcp"),
    );
    headers.insert(
        "lambda-runtime-trace-id",
        value("Root=1-67a1b2c3-0123456789abcdef01234567;Parent=53995c3f42cd8ad8;Sampled=0"),
    );
    response
}
