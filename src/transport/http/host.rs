//! DNS-rebinding protection for the local server on a loopback address: a
//! web page on a foreign name that resolves to 127.0.0.1 must not reach it.

use http::{HeaderMap, Request, StatusCode, header};
use tower_http::validate_request::ValidateRequest;

use super::{HttpResponse, rpc_error};

/// A `Host` other than `localhost`, `127.0.0.1` or `[::1]` (any port) → 403.
/// A request without `Host` passes: only a browser, which always sends one,
/// can be rebound.
#[derive(Debug, Clone, Copy)]
pub struct LoopbackHost;

impl<B> ValidateRequest<B> for LoopbackHost {
    type ResponseBody = http_body_util::Full<bytes::Bytes>;

    fn validate(&mut self, request: &mut Request<B>) -> Result<(), HttpResponse> {
        if loopback_host(request.headers()) {
            Ok(())
        } else {
            Err(rpc_error(
                StatusCode::FORBIDDEN,
                -32600,
                "Forbidden: Host header is not allowed",
            ))
        }
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use http::HeaderValue;

    fn host(value: &str) -> HeaderMap {
        let mut map = HeaderMap::new();
        map.insert(header::HOST, HeaderValue::from_str(value).unwrap());
        map
    }

    #[test]
    fn loopback_hosts() {
        for ok in [
            "localhost",
            "localhost:3000",
            "127.0.0.1:1",
            "[::1]:8080",
            "[::1]",
            "LocalHost",
        ] {
            assert!(loopback_host(&host(ok)), "{ok}");
        }
        for bad in ["evil.com", "localhost.evil.com", "127.0.0.2", "abc.vercel.app", "[::2]"] {
            assert!(!loopback_host(&host(bad)), "{bad}");
        }
        assert!(loopback_host(&HeaderMap::new()));
    }
}
