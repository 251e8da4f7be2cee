//! The real Lambda binary against the mock Lambda Runtime API
//! (`wlo-fake-lambda-runtime`), and function-URL events for the in-process
//! Lambda adapter.

use super::*;

pub(crate) use wlo_fake_lambda_runtime::{MockRuntime, Outcome, post_event};

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
            .envs(runtime.function_env())
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
        Outcome::Response { payload, .. } => payload,
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

/// Parse an event with lambda_http's own parser and answer it in-process.
pub(crate) async fn lambda_in_process(cold: &ColdStart, event: &str) -> Reply {
    let request = lambda_http::request::from_str(event).expect("lambda_http parses the event");
    let response = serverless::lambda_answer(cold, request).await;
    let status = response.status().as_u16();
    let headers = header_strings(response.headers());
    let body = match response.into_body() {
        lambda_http::Body::Empty => String::new(),
        lambda_http::Body::Text(text) => text,
        lambda_http::Body::Binary(bytes) => panic!("unexpected binary body: {bytes:?}"),
        _ => panic!("unknown body kind"),
    };
    Reply { status, headers, body }
}
