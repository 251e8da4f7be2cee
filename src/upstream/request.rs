//! One upstream request: what it asks (URL, body), how it is cached and
//! whether it may be retried or hedged.

use serde::Serialize;

use super::hedge::HedgeClass;

/// One search criterion of an edu-sharing search body: `{property, values}`.
/// Different criteria are ANDed by the repository.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Criterion {
    pub property: String,
    pub values: Vec<String>,
}

impl Criterion {
    pub fn new(property: impl Into<String>, values: Vec<String>) -> Self {
        Self {
            property: property.into(),
            values,
        }
    }

    pub fn one(property: impl Into<String>, value: impl Into<String>) -> Self {
        Self::new(property, vec![value.into()])
    }
}

/// How long a read may be served from the cache.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum CacheClass {
    Tree,
    Search,
    Never,
}

/// One upstream read. Its cache key names the exact request: a GET's key is
/// its URL, a POST's is `POST <url> <body>` (a URL never starts with `POST `).
pub(super) struct Request {
    pub(super) key: String,
    pub(super) url: String,
    pub(super) body: Option<String>,
    pub(super) hedge: HedgeClass,
    /// Read at most this many body bytes and cut there instead of failing
    /// (the stored full texts); `None`: the per-read cap refuses more.
    pub(super) cut: Option<usize>,
}

impl Request {
    pub(super) fn get(url: String) -> Request {
        Request {
            hedge: HedgeClass::of(false, &url),
            key: url.clone(),
            url,
            body: None,
            cut: None,
        }
    }

    /// Cut the body after `bytes` (at most the per-read cap) instead of failing.
    pub(super) fn cut_at(self, bytes: usize) -> Request {
        Request {
            cut: Some(bytes),
            ..self
        }
    }

    /// Searches are POSTs but read-only, so a connect failure is retried as for a GET.
    pub(super) fn post(url: String, body: serde_json::Value) -> Request {
        let body = body.to_string();
        Request {
            hedge: HedgeClass::of(true, &url),
            key: format!("POST {url} {body}"),
            url,
            body: Some(body),
            cut: None,
        }
    }
}
