//! The `MCP-Protocol-Version` header: the MCP specification asks a server to
//! refuse a version it does not speak rather than guess.

use http::{Request, StatusCode};
use tower_http::validate_request::ValidateRequest;

use super::{HttpResponse, rpc_error};

/// Protocol versions accepted in the `MCP-Protocol-Version` header.
pub const SUPPORTED_VERSIONS: &[&str] = &["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28"];

/// A malformed or unsupported version → 400/-32600 naming the supported
/// ones; no header passes (clients before 2025-06-18 send none).
#[derive(Debug, Clone, Copy)]
pub struct Supported;

impl<B> ValidateRequest<B> for Supported {
    type ResponseBody = http_body_util::Full<bytes::Bytes>;

    fn validate(&mut self, request: &mut Request<B>) -> Result<(), HttpResponse> {
        let Some(version) = request.headers().get("mcp-protocol-version") else {
            return Ok(());
        };
        if version.to_str().is_ok_and(|v| SUPPORTED_VERSIONS.contains(&v.trim())) {
            return Ok(());
        }
        Err(rpc_error(
            StatusCode::BAD_REQUEST,
            -32600,
            &format!(
                "Unsupported MCP-Protocol-Version; supported: {}",
                SUPPORTED_VERSIONS.join(", ")
            ),
        ))
    }
}
