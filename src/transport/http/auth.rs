//! The optional access token (`WLO_MCP_TOKEN`) for a deployment that should
//! not be open to everyone.
//!
//! Own code rather than tower-http's bearer check, which compares
//! case-sensitively (`bearer` is as valid a scheme as `Bearer`), not in
//! constant time, and answers with an empty body where clients expect a
//! JSON-RPC error.

use std::sync::Arc;

use http::{HeaderMap, HeaderValue, Request, StatusCode, header};
use tower_http::validate_request::ValidateRequest;

use super::{HttpResponse, rpc_error};

/// No valid `Authorization: Bearer <token>` → 401/-32001 with
/// `WWW-Authenticate: Bearer`, and one `warn` line per rejection (method,
/// path without query, reason; never the header or the token) so an operator
/// sees failed access.
#[derive(Clone)]
pub struct BearerToken {
    token: Arc<str>,
}

impl BearerToken {
    pub fn new(token: &str) -> BearerToken {
        BearerToken { token: token.into() }
    }
}

impl<B> ValidateRequest<B> for BearerToken {
    type ResponseBody = http_body_util::Full<bytes::Bytes>;

    fn validate(&mut self, request: &mut Request<B>) -> Result<(), HttpResponse> {
        let Err(reason) = bearer_check(request.headers(), &self.token) else {
            return Ok(());
        };
        tracing::warn!(method = %request.method(), path = %request.uri().path(), reason, "request rejected: 401 Unauthorized");
        let mut response = rpc_error(
            StatusCode::UNAUTHORIZED,
            -32001,
            "Unauthorized: a valid bearer token is required",
        );
        response
            .headers_mut()
            .insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
        Err(response)
    }
}

/// Constant-time comparison of the bearer token, so response times do not
/// reveal how much of a guess was right; the error is the reason for the log
/// line (it never quotes the header).
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
mod tests {
    use super::*;

    fn reason(authorization: Option<&str>) -> Option<&'static str> {
        let mut headers = HeaderMap::new();
        if let Some(value) = authorization {
            headers.insert(header::AUTHORIZATION, HeaderValue::from_str(value).unwrap());
        }
        bearer_check(&headers, "s3cret").err()
    }

    #[test]
    fn bearer() {
        assert_eq!(reason(Some("Bearer s3cret")), None);
        assert_eq!(reason(Some("bearer s3cret")), None);
        assert_eq!(reason(Some("  Bearer   s3cret ")), None);
        assert_eq!(reason(Some("Bearer s3cre")), Some("wrong token"));
        assert_eq!(reason(Some("Bearer s3cretx")), Some("wrong token"));
        assert_eq!(reason(Some("Bearer wrong")), Some("wrong token"));
        assert_eq!(reason(None), Some("missing token"));
        assert_eq!(reason(Some("s3cret")), Some("not a bearer token"));
        assert_eq!(reason(Some("Basic s3cret")), Some("not a bearer token"));
    }
}
