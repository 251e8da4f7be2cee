//! CORS: browser-based MCP clients call the endpoint from any origin.
//!
//! [`headers`] marks every response as readable from any origin; [`Preflight`]
//! answers the browser's `OPTIONS` question before the token check, since
//! browsers send preflights without credentials.

use http::{HeaderValue, Method, Request, StatusCode, header};
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::validate_request::ValidateRequest;

use super::{HttpResponse, empty};

/// Request headers a browser may send.
const ALLOW_HEADERS: &str = "Content-Type, Accept, Authorization, Mcp-Session-Id, MCP-Protocol-Version, Last-Event-ID";

/// `Access-Control-Allow-Origin: *` and `Access-Control-Expose-Headers:
/// Mcp-Session-Id` on every response, replacing any inner value.
pub fn headers() -> (SetResponseHeaderLayer<HeaderValue>, SetResponseHeaderLayer<HeaderValue>) {
    (
        SetResponseHeaderLayer::overriding(header::ACCESS_CONTROL_ALLOW_ORIGIN, HeaderValue::from_static("*")),
        SetResponseHeaderLayer::overriding(
            header::ACCESS_CONTROL_EXPOSE_HEADERS,
            HeaderValue::from_static("Mcp-Session-Id"),
        ),
    )
}

/// `OPTIONS` → 204 with the allowed methods (POST; GET and DELETE answer 405)
/// and headers, cached for a day.
/// (tower-http's `CorsLayer` answers preflights with 200.)
#[derive(Debug, Clone, Copy)]
pub struct Preflight;

impl<B> ValidateRequest<B> for Preflight {
    type ResponseBody = http_body_util::Full<bytes::Bytes>;

    fn validate(&mut self, request: &mut Request<B>) -> Result<(), HttpResponse> {
        if request.method() != Method::OPTIONS {
            return Ok(());
        }
        Err(empty(
            StatusCode::NO_CONTENT,
            &[
                (header::ACCESS_CONTROL_ALLOW_METHODS, "POST, OPTIONS"),
                (header::ACCESS_CONTROL_ALLOW_HEADERS, ALLOW_HEADERS),
                (header::ACCESS_CONTROL_MAX_AGE, "86400"),
            ],
        ))
    }
}
