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
    /// An answer too large to read (see `upstream/body.rs`). Never cached,
    /// never "nothing found".
    Oversized(Oversize),
}

/// Which bound an [`UpstreamError::Oversized`] answer ran into.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Oversize {
    /// The body is larger than the per-read cap of `bytes` (`WLO_MAX_RESPONSE_MB`).
    Answer { bytes: usize },
    /// The process's budget of `bytes` for bodies buffered at once
    /// (`WLO_BODY_BUDGET_MB`) is used up by other reads in flight.
    Budget { bytes: usize },
}

impl Oversize {
    /// The bound in whole MiB, as configured.
    pub fn mib(self) -> usize {
        match self {
            Oversize::Answer { bytes } | Oversize::Budget { bytes } => bytes >> 20,
        }
    }
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
            UpstreamError::Oversized(Oversize::Answer { bytes }) => write!(f, "answer larger than {bytes} bytes"),
            UpstreamError::Oversized(Oversize::Budget { bytes }) => {
                write!(f, "body budget of {bytes} bytes used up")
            }
        }
    }
}

impl std::error::Error for UpstreamError {}
