//! Classified upstream failures and their German wording for users.

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

    /// A German sentence a teacher's chatbot can show.
    pub fn german(&self) -> String {
        match self {
            UpstreamError::NotFound => "Der Eintrag wurde bei WLO nicht gefunden.".into(),
            UpstreamError::Forbidden => {
                "Der Eintrag ist nicht öffentlich zugänglich (WLO verweigert den Zugriff).".into()
            }
            UpstreamError::Status { status, message } if message.is_empty() => format!(
                "WLO hat mit einem Fehler geantwortet (HTTP {status}). Bitte später erneut versuchen."
            ),
            UpstreamError::Status { status, message } => format!(
                "WLO hat mit einem Fehler geantwortet (HTTP {status}: {}). Bitte später erneut versuchen.",
                shorten(message, 200)
            ),
            UpstreamError::Timeout | UpstreamError::DeadlineExceeded => {
                "Zeitüberschreitung bei WLO: Das Repository hat nicht rechtzeitig geantwortet. Bitte später erneut versuchen oder die Anfrage eingrenzen.".into()
            }
            UpstreamError::Unreachable(_) => {
                "WLO ist nicht erreichbar: Das Repository antwortet nicht. Bitte später erneut versuchen.".into()
            }
            UpstreamError::Malformed(_) => {
                "WLO hat eine unlesbare Antwort geschickt (kein gültiges JSON). Bitte später erneut versuchen.".into()
            }
        }
    }
}

fn shorten(s: &str, max: usize) -> String {
    let s: String = s.chars().filter(|c| !c.is_control()).collect();
    if s.chars().count() <= max {
        s
    } else {
        format!("{}…", s.chars().take(max).collect::<String>())
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
