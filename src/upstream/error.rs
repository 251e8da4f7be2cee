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

/// Some reads of one parallel batch failed: how many of how many, and the
/// first failure. The one shape every partial failure of a search or a
/// listing is reported in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PartialFailure {
    pub failed: usize,
    pub of: usize,
    pub error: UpstreamError,
}

impl PartialFailure {
    /// The failures of a batch of results, in order; `None` when none failed.
    pub fn of<'a, T: 'a>(results: impl IntoIterator<Item = &'a Result<T, UpstreamError>>) -> Option<PartialFailure> {
        let mut of = 0;
        let mut failed = 0;
        let mut first = None;
        for result in results {
            of += 1;
            if let Err(error) = result {
                failed += 1;
                first.get_or_insert_with(|| error.clone());
            }
        }
        first.map(|error| PartialFailure { failed, of, error })
    }

    /// The repository failures of a batch (a missing or private node is
    /// an answer, not a failure), counted over all its reads.
    pub fn of_repository<'a, T: 'a>(
        results: impl IntoIterator<Item = &'a Result<T, UpstreamError>>,
    ) -> Option<PartialFailure> {
        let mut of = 0;
        let mut failed = 0;
        let mut first = None;
        for result in results {
            of += 1;
            if let Err(error) = result
                && error.is_repository_failure()
            {
                failed += 1;
                first.get_or_insert_with(|| error.clone());
            }
        }
        first.map(|error| PartialFailure { failed, of, error })
    }

    /// Every read of the batch failed.
    pub fn is_total(&self) -> bool {
        self.failed == self.of
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
