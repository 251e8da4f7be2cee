//! Only `POST` carries MCP messages here: the server is stateless, so there
//! is no event stream to `GET` and no session to `DELETE`.

use http::{Method, Request, StatusCode, header};
use tower_http::validate_request::ValidateRequest;

use super::{HttpResponse, empty};

/// Any method but `POST` → 405 with `Allow: POST, OPTIONS` and no body.
#[derive(Debug, Clone, Copy)]
pub struct PostOnly;

impl<B> ValidateRequest<B> for PostOnly {
    type ResponseBody = http_body_util::Full<bytes::Bytes>;

    fn validate(&mut self, request: &mut Request<B>) -> Result<(), HttpResponse> {
        if request.method() == Method::POST {
            Ok(())
        } else {
            Err(empty(
                StatusCode::METHOD_NOT_ALLOWED,
                &[(header::ALLOW, "POST, OPTIONS")],
            ))
        }
    }
}
