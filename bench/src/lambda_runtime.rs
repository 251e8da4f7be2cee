//! A minimal AWS Lambda Runtime API on 127.0.0.1, enough to measure the cold
//! start of the `lambda` binary: the first `GET …/invocation/next` gets one
//! function-URL event (an MCP `initialize`), the function's
//! `POST …/invocation/{id}/response` is the "first answered initialize".
//! Later `next` polls are held open until the process is killed.

use std::convert::Infallible;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::body::Incoming;
use hyper::service::service_fn;
use hyper::{Request, Response};
use hyper_util::rt::TokioIo;
use tokio::net::TcpListener;
use tokio::sync::oneshot;

const REQUEST_ID: &str = "8476a536-e9f4-11e8-9739-000000000001";

/// A function-URL (payload 2.0) event carrying an MCP `initialize`.
pub fn initialize_event(body: &str) -> String {
    serde_json::json!({
        "version": "2.0",
        "routeKey": "$default",
        "rawPath": "/mcp",
        "rawQueryString": "",
        "headers": {
            "x-forwarded-proto": "https",
            "host": "bench.lambda-url.eu-central-1.on.aws",
            "x-forwarded-port": "443",
            "x-forwarded-for": "203.0.113.17",
            "user-agent": "wlo-bench",
            "content-type": "application/json",
            "accept": "application/json, text/event-stream",
            "content-length": body.len().to_string(),
        },
        "requestContext": {
            "accountId": "anonymous",
            "apiId": "bench",
            "domainName": "bench.lambda-url.eu-central-1.on.aws",
            "domainPrefix": "bench",
            "http": {
                "method": "POST",
                "path": "/mcp",
                "protocol": "HTTP/1.1",
                "sourceIp": "203.0.113.17",
                "userAgent": "wlo-bench"
            },
            "requestId": "c1d2e3f4-0001-4a5b-8c9d-0e1f2a3b4c5d",
            "routeKey": "$default",
            "stage": "$default",
            "time": "29/Nov/2026:21:07:00 +0000",
            "timeEpoch": 1795986420000u64
        },
        "isBase64Encoded": false,
        "body": body,
    })
    .to_string()
}

type Answer = Result<(Instant, String), String>;

struct State {
    event: String,
    served: AtomicBool,
    answer: Mutex<Option<oneshot::Sender<Answer>>>,
}

fn reply(status: u16, body: impl Into<Bytes>) -> Response<Full<Bytes>> {
    let mut r = Response::new(Full::new(body.into()));
    *r.status_mut() = hyper::StatusCode::from_u16(status).unwrap_or(hyper::StatusCode::OK);
    r
}

async fn handle(state: Arc<State>, req: Request<Incoming>) -> Result<Response<Full<Bytes>>, Infallible> {
    let path = req.uri().path().to_string();
    if path.ends_with("/runtime/invocation/next") {
        if state.served.swap(true, Ordering::SeqCst) {
            std::future::pending::<()>().await;
        }
        let deadline = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default() + Duration::from_secs(30);
        let mut r = reply(200, state.event.clone());
        let h = r.headers_mut();
        let hv =
            |s: &str| hyper::header::HeaderValue::from_str(s).unwrap_or(hyper::header::HeaderValue::from_static(""));
        h.insert("content-type", hv("application/json"));
        h.insert("lambda-runtime-aws-request-id", hv(REQUEST_ID));
        h.insert("lambda-runtime-deadline-ms", hv(&deadline.as_millis().to_string()));
        h.insert(
            "lambda-runtime-invoked-function-arn",
            hv("arn:aws:lambda:eu-central-1:123456789012:function:wlo-mcp"),
        );
        h.insert(
            "lambda-runtime-trace-id",
            hv("Root=1-67a1b2c3-0123456789abcdef01234567;Parent=53995c3f42cd8ad8;Sampled=0"),
        );
        return Ok(r);
    }
    let at = Instant::now();
    let body = req
        .into_body()
        .collect()
        .await
        .map(|c| c.to_bytes())
        .unwrap_or_default();
    let text = String::from_utf8_lossy(&body).into_owned();
    let outcome = if path.ends_with(&format!("/invocation/{REQUEST_ID}/response")) {
        Ok((at, text))
    } else {
        Err(format!("{path}: {text}"))
    };
    if let Some(tx) = state.answer.lock().ok().and_then(|mut a| a.take()) {
        let _ = tx.send(outcome);
    }
    Ok(reply(202, "{}"))
}

/// Start the lambda binary against a fresh mock runtime and return the time
/// from process start to its answer of the `initialize` invocation.
pub async fn cold_start(
    mut cmd: std::process::Command,
    initialize_body: &str,
    within: Duration,
) -> Result<Duration, String> {
    let listener = TcpListener::bind("127.0.0.1:0").await.map_err(|e| e.to_string())?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let (tx, rx) = oneshot::channel();
    let state = Arc::new(State {
        event: initialize_event(initialize_body),
        served: AtomicBool::new(false),
        answer: Mutex::new(Some(tx)),
    });
    let server = tokio::spawn(async move {
        let mut conns = tokio::task::JoinSet::new();
        loop {
            let Ok((stream, _)) = listener.accept().await else {
                break;
            };
            let _ = stream.set_nodelay(true);
            let state = state.clone();
            conns.spawn(async move {
                let svc = service_fn(move |req| handle(state.clone(), req));
                let _ = hyper::server::conn::http1::Builder::new()
                    .serve_connection(TokioIo::new(stream), svc)
                    .await;
            });
        }
    });
    cmd.env("AWS_LAMBDA_RUNTIME_API", addr.to_string())
        .env("AWS_LAMBDA_FUNCTION_NAME", "wlo-mcp")
        .env("AWS_LAMBDA_FUNCTION_MEMORY_SIZE", "128")
        .env("AWS_LAMBDA_FUNCTION_VERSION", "$LATEST")
        .env("AWS_LAMBDA_LOG_GROUP_NAME", "/aws/lambda/wlo-mcp")
        .env(
            "AWS_LAMBDA_LOG_STREAM_NAME",
            "2026/11/29/[$LATEST]0123456789abcdef0123456789abcdef",
        )
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null());
    let started = Instant::now();
    let child = cmd.spawn().map_err(|e| format!("cannot start lambda: {e}"));
    let result = match child {
        Err(e) => Err(e),
        Ok(child) => {
            let _proc = crate::procs::Proc { child };
            match tokio::time::timeout(within, rx).await {
                Ok(Ok(Ok((at, payload)))) => {
                    let answered = serde_json::from_str::<serde_json::Value>(&payload)
                        .ok()
                        .filter(|v| v["statusCode"] == 200)
                        .and_then(|v| v["body"].as_str().map(|b| b.contains("\"result\"")))
                        .unwrap_or(false);
                    if answered {
                        Ok(at.duration_since(started))
                    } else {
                        Err(format!(
                            "unexpected lambda answer: {}",
                            payload.chars().take(300).collect::<String>()
                        ))
                    }
                }
                Ok(Ok(Err(e))) => Err(format!("lambda reported an error: {e}")),
                Ok(Err(_)) => Err("mock runtime closed".into()),
                Err(_) => Err(format!("no answer within {within:?}")),
            }
        }
    };
    server.abort();
    result
}
