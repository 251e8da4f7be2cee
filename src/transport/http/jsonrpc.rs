//! The JSON-RPC shape of a body, checked before rmcp sees it: rmcp answers
//! a body it cannot use in plain text, where clients expect a JSON-RPC error.

use std::convert::Infallible;
use std::task::{Context, Poll};

use bytes::Bytes;
use futures::future::{BoxFuture, FutureExt};
use http::{Request, StatusCode};
use serde_json::Value;
use tower::{Layer, Service};

use super::{HttpResponse, rpc_error};

/// A body that is one JSON-RPC message: the bytes as sent, and what it is.
#[derive(Debug, Clone)]
pub struct Message {
    pub bytes: Bytes,
    pub kind: Kind,
}

/// What a JSON-RPC message asks of the server.
#[derive(Debug, Clone, PartialEq)]
pub enum Kind {
    /// A request: it gets an answer carrying `id`.
    Request { id: Value, initialize: bool },
    /// A notification: nothing to answer.
    Notification,
    /// A client's answer to a server request: nothing to answer.
    ClientResponse,
}

/// Not JSON → 400/-32700; a batch or JSON that is no JSON-RPC message →
/// 400/-32600. A valid body goes on as a [`Message`].
#[derive(Debug, Clone, Copy)]
pub struct ShapeLayer;

impl<S> Layer<S> for ShapeLayer {
    type Service = Shape<S>;

    fn layer(&self, inner: S) -> Shape<S> {
        Shape { inner }
    }
}

/// See [`ShapeLayer`].
#[derive(Debug, Clone)]
pub struct Shape<S> {
    inner: S,
}

impl<S> Service<Request<Bytes>> for Shape<S>
where
    S: Service<Request<Message>, Response = HttpResponse, Error = Infallible>,
    S::Future: Send + 'static,
{
    type Response = HttpResponse;
    type Error = Infallible;
    type Future = BoxFuture<'static, Result<HttpResponse, Infallible>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request<Bytes>) -> Self::Future {
        let (parts, bytes) = request.into_parts();
        let message: Value = match serde_json::from_slice(&bytes) {
            Ok(message) => message,
            Err(_) => {
                let response = rpc_error(
                    StatusCode::BAD_REQUEST,
                    -32700,
                    "Parse error: the body is not valid JSON",
                );
                return futures::future::ready(Ok(response)).boxed();
            }
        };
        if count_values(&message, MAX_JSON_VALUES) > MAX_JSON_VALUES {
            let response = rpc_error(StatusCode::BAD_REQUEST, -32600, TOO_MANY_VALUES);
            return futures::future::ready(Ok(response)).boxed();
        }
        match classify(message) {
            Ok(kind) => self
                .inner
                .call(Request::from_parts(parts, Message { bytes, kind }))
                .boxed(),
            Err(reason) => futures::future::ready(Ok(rpc_error(StatusCode::BAD_REQUEST, -32600, reason))).boxed(),
        }
    }
}

/// Most JSON values (objects, arrays, strings, numbers, …) one message may
/// hold. A real MCP request has a few hundred (500 `excludeNodeIds` are the
/// most a tool takes); a 1 MiB body of small values (`[0,0,…]`) has half a
/// million, which rmcp would decode into ~30 times the body's size and keep
/// while the request runs. This is checked here, where the tree is built and
/// dropped again before anything waits.
pub const MAX_JSON_VALUES: usize = 20_000;

const TOO_MANY_VALUES: &str = "Invalid Request: the message holds more than 20000 JSON values";

/// The number of values in `value`, counting stops past `limit`.
fn count_values(value: &Value, limit: usize) -> usize {
    let mut count = 0;
    let mut stack = vec![value];
    while let Some(value) = stack.pop() {
        count += 1;
        if count > limit {
            break;
        }
        match value {
            Value::Array(items) => stack.extend(items),
            Value::Object(map) => stack.extend(map.values()),
            _ => {}
        }
    }
    count
}

/// What kind of JSON-RPC message a body is, or why it is none.
fn classify(message: Value) -> Result<Kind, &'static str> {
    let Value::Object(mut object) = message else {
        return Err(if message.is_array() {
            "Invalid Request: JSON-RPC batches are not supported"
        } else {
            "Invalid Request: expected a JSON-RPC message object"
        });
    };
    if object.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return Err("Invalid Request: jsonrpc must be \"2.0\"");
    }
    let is_response = object.contains_key("result") || object.contains_key("error");
    let id = object.remove("id");
    match (object.get("method"), id) {
        (Some(Value::String(method)), Some(id)) if id.is_string() || id.is_number() => Ok(Kind::Request {
            initialize: method == "initialize",
            id,
        }),
        (Some(Value::String(_)), None) => Ok(Kind::Notification),
        (Some(_), _) => Err("Invalid Request: method must be a string and id a string or number"),
        (None, Some(_)) if is_response => Ok(Kind::ClientResponse),
        (None, _) => Err("Invalid Request: not a JSON-RPC request, notification or response"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn value_count() {
        assert_eq!(count_values(&json!({"a": [1, 2, {"b": null}]}), 100), 6);
        let many = Value::Array(vec![json!(0); MAX_JSON_VALUES]);
        assert_eq!(count_values(&many, MAX_JSON_VALUES), MAX_JSON_VALUES + 1);
        assert!(TOO_MANY_VALUES.contains(&MAX_JSON_VALUES.to_string()));
    }

    #[test]
    fn classification() {
        assert_eq!(
            classify(json!({"jsonrpc":"2.0","id":1,"method":"ping"})),
            Ok(Kind::Request {
                id: json!(1),
                initialize: false
            })
        );
        assert_eq!(
            classify(json!({"jsonrpc":"2.0","id":"a","method":"initialize","params":{}})),
            Ok(Kind::Request {
                id: json!("a"),
                initialize: true
            })
        );
        assert_eq!(
            classify(json!({"jsonrpc":"2.0","method":"notifications/initialized"})),
            Ok(Kind::Notification)
        );
        assert_eq!(
            classify(json!({"jsonrpc":"2.0","id":1,"result":{}})),
            Ok(Kind::ClientResponse)
        );
        assert_eq!(
            classify(json!([])),
            Err("Invalid Request: JSON-RPC batches are not supported")
        );
        assert_eq!(
            classify(json!(42)),
            Err("Invalid Request: expected a JSON-RPC message object")
        );
        assert_eq!(
            classify(json!({"id":1,"method":"ping"})),
            Err("Invalid Request: jsonrpc must be \"2.0\"")
        );
        assert_eq!(
            classify(json!({"jsonrpc":"2.0","id":null,"method":"ping"})),
            Err("Invalid Request: method must be a string and id a string or number")
        );
        assert_eq!(
            classify(json!({"jsonrpc":"2.0","id":1})),
            Err("Invalid Request: not a JSON-RPC request, notification or response")
        );
    }
}
