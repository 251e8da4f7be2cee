//! The `MCP-Protocol-Version` header: a server refuses a version it does not
//! speak rather than guess. Revision 2026-07-28 says how
//! (`basic/transports/streamable-http.mdx`, "Protocol Version Header"): HTTP
//! 400 with an `UnsupportedProtocolVersionError` (-32022) whose `data` names
//! the version `requested` and the versions `supported`, so that the client
//! can retry with one both sides speak. Older revisions ask only for the 400,
//! which this answer keeps.

use http::{Request, StatusCode};
use rmcp::ErrorData;
use rmcp::model::ProtocolVersion;
use serde_json::Value;
use tower_http::validate_request::ValidateRequest;

use super::jsonrpc::{Kind, Message};
use super::{HttpResponse, rpc_error_data};
use crate::surface::modern;

/// A version the server does not speak → 400 with rmcp's own -32022 error
/// (the one it sends over stdio, byte for byte), answering the request's id
/// (null for a notification or a client's response, which have none). No
/// header passes: clients before 2025-06-18 send none, and rmcp checks the
/// version a request names in its `_meta` itself.
#[derive(Debug, Clone, Copy)]
pub struct Supported;

impl ValidateRequest<Message> for Supported {
    type ResponseBody = http_body_util::Full<bytes::Bytes>;

    fn validate(&mut self, request: &mut Request<Message>) -> Result<(), HttpResponse> {
        let Some(header) = request.headers().get("mcp-protocol-version") else {
            return Ok(());
        };
        let requested = String::from_utf8_lossy(header.as_bytes()).trim().to_string();
        let supported = modern::supported_versions();
        if supported.iter().any(|version| version.as_str() == requested) {
            return Ok(());
        }
        let id = match &request.body().kind {
            Kind::Request { id, .. } => id.clone(),
            Kind::Notification | Kind::ClientResponse => Value::Null,
        };
        let error = ErrorData::unsupported_protocol_version(version(requested), &supported);
        Err(rpc_error_data(&id, StatusCode::BAD_REQUEST, &error))
    }
}

/// A version as rmcp holds it (its only constructor for an unknown one is
/// deserialisation, which takes any string).
fn version(text: String) -> ProtocolVersion {
    serde_json::from_value(Value::String(text)).unwrap_or_default()
}
