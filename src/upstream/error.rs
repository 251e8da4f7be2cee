//! Classified upstream failures. The tools layer words them for users
//! (`tools/messages.rs`).

use std::fmt;

/// Why an upstream read failed. `Clone` so coalesced callers share one outcome.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UpstreamError {
    /// 404: the node does not exist (or was deleted).
    NotFound,
    /// 403/401: the node is not public.
    Forbidden,
    /// Any other non-success status, with edu-sharing's message when it sent one.
    Status { status: u16, message: String },
    /// The request did not finish within its timeout.
    Timeout,
    /// The tool call's deadline was already used up; no request was sent.
    DeadlineExceeded,
    /// No connection (DNS, refused, reset before any response).
    Unreachable(String),
    /// A 2xx response whose body is not the JSON we expect.
    Malformed(String),
}

impl UpstreamError {
    /// A failure of the repository itself (as opposed to "this node is missing/private").
    pub fn is_repository_failure(&self) -> bool {
        !matches!(self, UpstreamError::NotFound | UpstreamError::Forbidden)
    }
}

impl fmt::Display for UpstreamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UpstreamError::NotFound => write!(f, "not found (404)"),
            UpstreamError::Forbidden => write!(f, "forbidden (403)"),
            UpstreamError::Status { status, message } => write!(f, "HTTP {status}: {message}"),
            UpstreamError::Timeout => write!(f, "timeout"),
            UpstreamError::DeadlineExceeded => write!(f, "tool deadline exceeded"),
            UpstreamError::Unreachable(e) => write!(f, "unreachable: {e}"),
            UpstreamError::Malformed(e) => write!(f, "malformed body: {e}"),
        }
    }
}

impl std::error::Error for UpstreamError {}
