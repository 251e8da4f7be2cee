//! The one stateless Streamable HTTP handler.
//!
//! Every front end (the local server, the Vercel function, the Lambda
//! function) passes each request to [`HttpHandler::handle`] and sends back
//! what it returns. In front of rmcp's `StreamableHttpService` sits a thin
//! layer of rules that real clients need, checked in this order:
//!
//! 1. DNS-rebinding protection (local loopback server only): a foreign `Host` → 403.
//! 2. `OPTIONS` → 204 with CORS headers. Every response carries
//!    `Access-Control-Allow-Origin: *` and exposes `Mcp-Session-Id`.
//! 3. Optional bearer token (`WLO_MCP_TOKEN`) → 401 with `WWW-Authenticate`,
//!    and one `warn` log line (method, path, reason; never the header).
//! 4. Any method but `POST` → 405 with `Allow: POST, OPTIONS`.
//! 5. Body over 1 MiB → 413; oversized headers → 431 (a body that does not
//!    arrive within the request budget → 408, before any other rule).
//! 6. Not JSON → 400/-32700; a batch or non-JSON-RPC JSON → 400/-32600.
//! 7. A malformed or unsupported `MCP-Protocol-Version` → 400/-32600.
//!
//! Then notifications and client responses get 202; requests go to rmcp with
//! a normalised `Accept` (so `application/json` alone, `*/*` or none work) and
//! without any session id. The two hot methods take a shorter road: a
//! well-formed `tools/call` of an offered tool and `tools/list` are answered
//! here with the same handler functions and rmcp model types, but without
//! rmcp's per-request service (a task, a 1024-slot channel and a second parse
//! of the body). The output is byte-identical; a test compares both roads.
//! Anything unusual (unknown tool, odd params, `_meta`, tasks) goes to rmcp. No session is ever minted. Every 4xx except 405
//! carries a JSON-RPC error body. A panic while answering becomes a 500 with
//! a JSON-RPC error for that request only.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use bytes::Bytes;
use http::{HeaderMap, HeaderValue, Method, Request, Response, StatusCode, header};
use http_body::Body;
use http_body_util::{BodyExt, Full, Limited};
use rmcp::transport::streamable_http_server::session::never::NeverSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use serde_json::{Value, json};

use rmcp::model::ListToolsResult;

use crate::app::App;
use crate::server::{WloServer, enabled_tool_definitions, run_tool, to_call_tool_result};
use crate::tools::{self, Args};

/// Largest accepted request body.
pub const MAX_BODY_BYTES: usize = 1024 * 1024;
/// Bodies up to this size are read before a 413 is sent.
const DRAIN_LIMIT: usize = 4 * MAX_BODY_BYTES;
/// Largest accepted sum of header names and values.
pub const MAX_HEADER_BYTES: usize = 32 * 1024;
/// Protocol versions accepted in the `MCP-Protocol-Version` header.
pub const SUPPORTED_VERSIONS: &[&str] = &["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28"];

const ALLOW_HEADERS: &str = "Content-Type, Accept, Authorization, Mcp-Session-Id, MCP-Protocol-Version, Last-Event-ID";

/// Per-front-end choices.
#[derive(Debug, Clone, Default)]
pub struct HttpOptions {
    /// Reject `Host` headers other than loopback names (the local server on loopback).
    pub loopback_host_check: bool,
    /// Send every request through rmcp, even the two hot methods (tests
    /// compare both roads).
    pub always_rmcp: bool,
}

/// The response every front end sends: a complete body.
pub type HttpResponse = Response<Full<Bytes>>;

/// See the module docs. Cheap to clone.
#[derive(Clone)]
pub struct HttpHandler {
    inner: Arc<Inner>,
}

struct Inner {
    app: Arc<App>,
    service: StreamableHttpService<WloServer, NeverSessionManager>,
    options: HttpOptions,
    tools_list: OnceLock<String>,
    direct_answers: AtomicU64,
}

impl HttpHandler {
    pub fn new(app: Arc<App>, options: HttpOptions) -> HttpHandler {
        let server = WloServer::new(app.clone());
        let config = StreamableHttpServerConfig::default()
            .with_legacy_session_mode(false)
            .with_json_response(true)
            .with_sse_keep_alive(None)
            .with_sse_retry(None)
            .with_max_request_body_bytes(MAX_BODY_BYTES)
            .disable_allowed_hosts();
        let service = StreamableHttpService::new(move || Ok(server.clone()), Default::default(), config);
        HttpHandler {
            inner: Arc::new(Inner {
                app,
                service,
                options,
                tools_list: OnceLock::new(),
                direct_answers: AtomicU64::new(0),
            }),
        }
    }

    pub fn app(&self) -> &Arc<App> {
        &self.inner.app
    }

    /// How many requests took the short road (see the module docs).
    pub fn direct_answers(&self) -> u64 {
        self.inner.direct_answers.load(Ordering::Relaxed)
    }

    /// Answer one HTTP request (see the module docs for the rules).
    pub async fn handle<B>(&self, request: Request<B>) -> HttpResponse
    where
        B: Body + Send + 'static,
        B::Data: Send,
        B::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
    {
        let (parts, body) = request.into_parts();
        let budget = self.inner.app.config.tool_deadline + Duration::from_secs(2);
        // Read the body here, bounded, so the spawned task below is 'static.
        // Bodies a little over the limit are read (and dropped) so the client
        // sees the 413 instead of a reset connection; huge ones are not read.
        // A body that stalls (slowloris) gets a 408 after the same budget.
        let body = if parts.method != Method::POST {
            Some(Bytes::new())
        } else if self.declared_length(&parts.headers) > DRAIN_LIMIT as u64 {
            None
        } else {
            match tokio::time::timeout(budget, Limited::new(body, DRAIN_LIMIT).collect()).await {
                Ok(collected) => collected
                    .ok()
                    .map(|c| c.to_bytes())
                    .filter(|b| b.len() <= MAX_BODY_BYTES),
                Err(_) => {
                    let mut response =
                        rpc_error(StatusCode::REQUEST_TIMEOUT, -32600, "Request body not received in time");
                    add_cors(response.headers_mut());
                    return response;
                }
            }
        };
        let inner = self.inner.clone();
        let task = tokio::spawn(async move { inner.answer(parts, body).await });
        let mut response = match tokio::time::timeout(budget, task).await {
            Ok(Ok(response)) => response,
            Ok(Err(join_error)) => {
                tracing::error!(error = %join_error, "request handler panicked");
                rpc_error(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    -32603,
                    "Internal error while answering this request",
                )
            }
            Err(_) => rpc_error(StatusCode::GATEWAY_TIMEOUT, -32603, "The request took too long"),
        };
        add_cors(response.headers_mut());
        response
    }

    fn declared_length(&self, headers: &HeaderMap) -> u64 {
        headers
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.trim().parse::<u64>().ok())
            .unwrap_or(0)
    }
}

impl Inner {
    async fn answer(&self, parts: http::request::Parts, body: Option<Bytes>) -> HttpResponse {
        // 1. DNS-rebinding protection.
        if self.options.loopback_host_check && !loopback_host(&parts.headers) {
            return rpc_error(StatusCode::FORBIDDEN, -32600, "Forbidden: Host header is not allowed");
        }
        // 2. CORS preflight.
        if parts.method == Method::OPTIONS {
            return Response::builder()
                .status(StatusCode::NO_CONTENT)
                .header(header::ACCESS_CONTROL_ALLOW_METHODS, "GET, POST, DELETE, OPTIONS")
                .header(header::ACCESS_CONTROL_ALLOW_HEADERS, ALLOW_HEADERS)
                .header(header::ACCESS_CONTROL_MAX_AGE, "86400")
                .body(Full::new(Bytes::new()))
                .unwrap_or_default();
        }
        // 3. Access token.
        if let Some(token) = &self.app.config.access_token
            && let Err(reason) = bearer_check(&parts.headers, token)
        {
            // One line per rejection so an operator sees failed access; the
            // path without its query, never the header or the token.
            tracing::warn!(method = %parts.method, path = %parts.uri.path(), reason, "request rejected: 401 Unauthorized");
            let mut response = rpc_error(
                StatusCode::UNAUTHORIZED,
                -32001,
                "Unauthorized: a valid bearer token is required",
            );
            response
                .headers_mut()
                .insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
            return response;
        }
        // 4. Methods.
        if parts.method != Method::POST {
            return Response::builder()
                .status(StatusCode::METHOD_NOT_ALLOWED)
                .header(header::ALLOW, "POST, OPTIONS")
                .body(Full::new(Bytes::new()))
                .unwrap_or_default();
        }
        // 5. Sizes.
        if header_bytes(&parts.headers) > MAX_HEADER_BYTES {
            return rpc_error(
                StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
                -32600,
                "Request headers too large",
            );
        }
        let Some(body) = body else {
            return rpc_error(StatusCode::PAYLOAD_TOO_LARGE, -32600, "Request body larger than 1 MiB");
        };
        // 6. JSON and JSON-RPC shape.
        let message: Value = match serde_json::from_slice(&body) {
            Ok(message) => message,
            Err(_) => {
                return rpc_error(
                    StatusCode::BAD_REQUEST,
                    -32700,
                    "Parse error: the body is not valid JSON",
                );
            }
        };
        let kind = match classify(&message) {
            Ok(kind) => kind,
            Err(reason) => return rpc_error(StatusCode::BAD_REQUEST, -32600, reason),
        };
        // 7. Protocol version header.
        if let Some(version) = parts.headers.get("mcp-protocol-version") {
            let supported = version
                .to_str()
                .ok()
                .is_some_and(|v| SUPPORTED_VERSIONS.contains(&v.trim()));
            if !supported {
                return rpc_error(
                    StatusCode::BAD_REQUEST,
                    -32600,
                    &format!(
                        "Unsupported MCP-Protocol-Version; supported: {}",
                        SUPPORTED_VERSIONS.join(", ")
                    ),
                );
            }
        }
        match kind {
            Kind::Notification | Kind::ClientResponse => Response::builder()
                .status(StatusCode::ACCEPTED)
                .body(Full::new(Bytes::new()))
                .unwrap_or_default(),
            Kind::Request { initialize } => {
                if !self.options.always_rmcp
                    && let Some(response) = self.answer_directly(&parts.headers, &message).await
                {
                    return response;
                }
                self.forward(parts, body, &message, initialize).await
            }
        }
    }

    /// The short road for `tools/call` and `tools/list` (see the module docs);
    /// `None` sends the request to rmcp.
    async fn answer_directly(&self, headers: &HeaderMap, message: &Value) -> Option<HttpResponse> {
        // rmcp shapes results by protocol version; the short road produces the
        // shape of every version before 2026-07-28 (no `resultType`, no cache
        // hints) and leaves newer ones to rmcp.
        let version = headers
            .get("mcp-protocol-version")
            .map(|v| v.to_str().unwrap_or_default().trim());
        if version.is_some_and(|v| v >= "2026-07-28") {
            return None;
        }
        let id = message
            .get("id")
            .filter(|id| id.is_string() || id.is_i64() || id.is_u64())?;
        let params = message.get("params");
        let result = match message.get("method")?.as_str()? {
            "tools/list" => {
                // Only a plain listing (no cursor, no `_meta`).
                if params.is_some_and(|p| p.as_object().is_none_or(|p| !p.is_empty())) {
                    return None;
                }
                self.tools_list_result().to_owned()
            }
            "tools/call" => {
                let params = params?.as_object()?;
                if params.keys().any(|k| k != "name" && k != "arguments") {
                    return None;
                }
                let name = params.get("name")?.as_str()?;
                let arguments = match params.get("arguments") {
                    None | Some(Value::Null) => serde_json::Map::new(),
                    Some(Value::Object(arguments)) => arguments.clone(),
                    Some(_) => return None,
                };
                let entry = tools::find(&self.app, name)?;
                let response = run_tool(&self.app, name, entry, Args::new(arguments)).await;
                let mut result = to_call_tool_result(response);
                result.result_type = None;
                serde_json::to_string(&result).ok()?
            }
            _ => return None,
        };
        let id = serde_json::to_string(id).ok()?;
        self.direct_answers.fetch_add(1, Ordering::Relaxed);
        let body = format!(r#"{{"jsonrpc":"2.0","id":{id},"result":{result}}}"#);
        Some(
            Response::builder()
                .status(StatusCode::OK)
                .header(header::CONTENT_TYPE, "application/json")
                .body(Full::new(Bytes::from(body)))
                .unwrap_or_default(),
        )
    }

    /// The `tools/list` result, serialised once per handler.
    fn tools_list_result(&self) -> &str {
        self.tools_list.get_or_init(|| {
            let mut result = ListToolsResult::with_all_items(enabled_tool_definitions(&self.app));
            result.result_type = None;
            serde_json::to_string(&result).unwrap_or_default()
        })
    }

    /// Hand a JSON-RPC request to rmcp with normalised headers.
    async fn forward(
        &self,
        mut parts: http::request::Parts,
        body: Bytes,
        message: &Value,
        initialize: bool,
    ) -> HttpResponse {
        let headers = &mut parts.headers;
        headers.insert(
            header::ACCEPT,
            HeaderValue::from_static("application/json, text/event-stream"),
        );
        headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
        headers.remove("mcp-session-id");
        if initialize {
            // The body names the version; a stale header must not contradict it.
            headers.remove("mcp-protocol-version");
        }
        let request = Request::from_parts(parts, Full::new(body));
        let response = self.service.handle(request).await;
        let (mut parts, body) = response.into_parts();
        let bytes = body.collect().await.map(|c| c.to_bytes()).unwrap_or_default();
        parts.headers.remove("mcp-session-id");
        if parts.status.is_success() {
            return Response::from_parts(parts, Full::new(bytes));
        }
        // rmcp answers some errors in plain text; clients expect JSON-RPC.
        let json_body = serde_json::from_slice::<Value>(&bytes).is_ok_and(|v| v.get("jsonrpc").is_some());
        if json_body {
            return Response::from_parts(parts, Full::new(bytes));
        }
        let reason = String::from_utf8_lossy(&bytes)
            .trim()
            .chars()
            .take(300)
            .collect::<String>();
        let status = if parts.status.is_client_error() {
            StatusCode::BAD_REQUEST
        } else {
            parts.status
        };
        let code = if status == StatusCode::BAD_REQUEST {
            -32600
        } else {
            -32603
        };
        let mut response = rpc_error(
            status,
            code,
            if reason.is_empty() { "Invalid request" } else { &reason },
        );
        if let Some(id) = message.get("id") {
            let body = json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": reason}});
            *response.body_mut() = Full::new(Bytes::from(body.to_string()));
        }
        response
    }
}

enum Kind {
    Request { initialize: bool },
    Notification,
    ClientResponse,
}

/// What kind of JSON-RPC message a body is, or why it is none.
fn classify(message: &Value) -> Result<Kind, &'static str> {
    let Some(object) = message.as_object() else {
        return Err(if message.is_array() {
            "Invalid Request: JSON-RPC batches are not supported"
        } else {
            "Invalid Request: expected a JSON-RPC message object"
        });
    };
    if object.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return Err("Invalid Request: jsonrpc must be \"2.0\"");
    }
    let id_ok = |id: &Value| id.is_string() || id.is_number();
    match (object.get("method"), object.get("id")) {
        (Some(Value::String(method)), Some(id)) if id_ok(id) => Ok(Kind::Request {
            initialize: method == "initialize",
        }),
        (Some(Value::String(_)), None) => Ok(Kind::Notification),
        (Some(_), _) => Err("Invalid Request: method must be a string and id a string or number"),
        (None, Some(_)) if object.contains_key("result") || object.contains_key("error") => Ok(Kind::ClientResponse),
        (None, _) => Err("Invalid Request: not a JSON-RPC request, notification or response"),
    }
}

/// `localhost`, `127.0.0.1` or `[::1]`, any port.
fn loopback_host(headers: &HeaderMap) -> bool {
    let Some(host) = headers.get(header::HOST).and_then(|h| h.to_str().ok()) else {
        return true;
    };
    let host = host.trim().to_ascii_lowercase();
    let name = if host.starts_with('[') {
        host.split(']').next().map(|h| format!("{h}]")).unwrap_or_default()
    } else {
        host.split(':').next().unwrap_or("").to_string()
    };
    matches!(name.as_str(), "localhost" | "127.0.0.1" | "[::1]")
}

/// Constant-time comparison of the bearer token; the error is the reason
/// for the log line (it never quotes the header).
fn bearer_check(headers: &HeaderMap, token: &str) -> Result<(), &'static str> {
    let Some(value) = headers.get(header::AUTHORIZATION) else {
        return Err("missing token");
    };
    let Some((scheme, given)) = value.to_str().ok().and_then(|v| v.trim().split_once(' ')) else {
        return Err("not a bearer token");
    };
    if !scheme.eq_ignore_ascii_case("bearer") {
        return Err("not a bearer token");
    }
    let (a, b) = (given.trim().as_bytes(), token.as_bytes());
    let mut diff = a.len() ^ b.len();
    for i in 0..a.len().max(b.len()) {
        diff |= usize::from(a.get(i).copied().unwrap_or(0) ^ b.get(i).copied().unwrap_or(0));
    }
    if diff == 0 { Ok(()) } else { Err("wrong token") }
}

#[cfg(test)]
fn bearer_matches(headers: &HeaderMap, token: &str) -> bool {
    bearer_check(headers, token).is_ok()
}

fn header_bytes(headers: &HeaderMap) -> usize {
    headers.iter().map(|(k, v)| k.as_str().len() + v.len()).sum()
}

fn add_cors(headers: &mut HeaderMap) {
    headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, HeaderValue::from_static("*"));
    headers.insert(
        header::ACCESS_CONTROL_EXPOSE_HEADERS,
        HeaderValue::from_static("Mcp-Session-Id"),
    );
}

/// A JSON-RPC error response with `id: null`.
pub fn rpc_error(status: StatusCode, code: i64, message: &str) -> HttpResponse {
    let body = json!({"jsonrpc": "2.0", "id": null, "error": {"code": code, "message": message}});
    Response::builder()
        .status(status)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Full::new(Bytes::from(body.to_string())))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (k, v) in pairs {
            map.insert(*k, HeaderValue::from_str(v).unwrap());
        }
        map
    }

    #[test]
    fn loopback_hosts() {
        for ok in ["localhost", "localhost:3000", "127.0.0.1:1", "[::1]:8080", "[::1]"] {
            assert!(loopback_host(&headers(&[("host", ok)])), "{ok}");
        }
        for bad in ["evil.com", "localhost.evil.com", "127.0.0.2", "abc.vercel.app"] {
            assert!(!loopback_host(&headers(&[("host", bad)])), "{bad}");
        }
    }

    #[test]
    fn bearer() {
        assert!(bearer_matches(
            &headers(&[("authorization", "Bearer s3cret")]),
            "s3cret"
        ));
        assert!(bearer_matches(
            &headers(&[("authorization", "bearer s3cret")]),
            "s3cret"
        ));
        assert!(!bearer_matches(
            &headers(&[("authorization", "Bearer s3cre")]),
            "s3cret"
        ));
        assert!(!bearer_matches(
            &headers(&[("authorization", "Basic s3cret")]),
            "s3cret"
        ));
        assert!(!bearer_matches(&headers(&[]), "s3cret"));
        let reason = |pairs: &[(&'static str, &str)]| bearer_check(&headers(pairs), "s3cret").err();
        assert_eq!(reason(&[]), Some("missing token"));
        assert_eq!(reason(&[("authorization", "s3cret")]), Some("not a bearer token"));
        assert_eq!(reason(&[("authorization", "Basic s3cret")]), Some("not a bearer token"));
        assert_eq!(reason(&[("authorization", "Bearer wrong")]), Some("wrong token"));
        assert_eq!(reason(&[("authorization", "Bearer s3cret")]), None);
    }

    #[test]
    fn classification() {
        assert!(matches!(
            classify(&json!({"jsonrpc":"2.0","id":1,"method":"ping"})),
            Ok(Kind::Request { initialize: false })
        ));
        assert!(matches!(
            classify(&json!({"jsonrpc":"2.0","method":"notifications/initialized"})),
            Ok(Kind::Notification)
        ));
        assert!(matches!(
            classify(&json!({"jsonrpc":"2.0","id":1,"result":{}})),
            Ok(Kind::ClientResponse)
        ));
        assert!(classify(&json!([])).is_err());
        assert!(classify(&json!({"id":1,"method":"ping"})).is_err());
        assert!(classify(&json!({"jsonrpc":"2.0","id":null,"method":"ping"})).is_err());
        assert!(classify(&json!(42)).is_err());
    }
}
