//! The edu-sharing REST client: typed reads, timeouts, classified errors.
//!
//! One [`EduSharing`] per process holds the single shared HTTP client (rustls,
//! gzip, keep-alive), the per-process concurrency bound and the response
//! cache. Every read goes through [`EduSharing::send`], which applies, in
//! order: the cache (with coalescing), the tool call's fan-out bound, the
//! process-wide bound, and a timeout of min(`WLO_TIMEOUT_MS`, time left
//! before the tool deadline). A read that is slower than usual gets up to
//! two duplicate requests within a budget ([`hedge`]).

pub mod cache;
pub mod error;
pub mod hedge;
pub mod model;
pub mod scope;

use std::sync::{Arc, LazyLock};
use std::time::Duration;

use bytes::Bytes;
use futures::StreamExt as _;
use futures::stream::FuturesUnordered;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use tokio::sync::{Semaphore, SemaphorePermit};

pub use cache::{Cache, CacheOutcome};
pub use error::UpstreamError;
pub use hedge::HedgeClass;
use hedge::Hedger;
pub use model::{Criterion, Node, NodeList, TitleList};
pub use scope::CallScope;

use crate::config::Config;

/// The curated property list (reference v2.1 "kuratierter propertyFilter")
/// plus the licence version, requested on every search, children and bulk read.
pub const DISPLAY_PROPS: &[&str] = &[
    "cclom:title",
    "cm:title",
    "cm:name",
    "cclom:general_description",
    "cclom:general_keyword",
    "ccm:taxonid",
    "ccm:taxonid_DISPLAYNAME",
    "ccm:educationalcontext",
    "ccm:educationalcontext_DISPLAYNAME",
    "ccm:educationalintendedenduserrole",
    "ccm:educationalintendedenduserrole_DISPLAYNAME",
    "ccm:oeh_lrt_aggregated",
    "ccm:oeh_lrt_aggregated_DISPLAYNAME",
    "ccm:oeh_lrt",
    "ccm:oeh_lrt_DISPLAYNAME",
    "ccm:wwwurl",
    "ccm:commonlicense_key",
    "ccm:oeh_publisher_combined",
    "ccm:replicationsource",
    "ccm:replicationsource_DISPLAYNAME",
    "ccm:author_freetext",
    "ccm:page_config_ref",
    "sys:node-uuid",
    "virtual:primaryparent_nodeid",
    "ccm:commonlicense_cc_version",
];

/// What a names-only read asks for (see [`Node::display_title`]).
const TITLE_KEYS: &[&str] = &["cclom:title", "cm:title", "cm:name"];

/// What a count read asks for: one small property (the answer's node is skipped).
const COUNT_KEYS: &[&str] = &["cm:name"];

/// DISPLAY_PROPS plus the page-variant keys.
pub const TOPIC_PAGE_PROPS: &[&str] = &[
    "ccm:page_variant_is_template",
    "ccm:page_variant_profiling_target_group",
    "ccm:page_variant_config",
];

/// Which properties a read asks for (`propertyFilter`, always repeated).
#[derive(Debug, Clone, Copy)]
pub enum Props {
    /// `-all-` (about 59 keys).
    All,
    /// [`DISPLAY_PROPS`].
    Display,
    /// [`DISPLAY_PROPS`] + [`TOPIC_PAGE_PROPS`].
    TopicPage,
    /// A narrow projection.
    Keys(&'static [&'static str]),
}

impl Props {
    /// `propertyFilter=…&propertyFilter=…`, built once per fixed list.
    fn query(self) -> std::borrow::Cow<'static, str> {
        static DISPLAY: LazyLock<String> = LazyLock::new(|| Props::Display.build_query());
        static TOPIC_PAGE: LazyLock<String> = LazyLock::new(|| Props::TopicPage.build_query());
        match self {
            Props::Display => DISPLAY.as_str().into(),
            Props::TopicPage => TOPIC_PAGE.as_str().into(),
            other => other.build_query().into(),
        }
    }

    fn build_query(self) -> String {
        let mut query = String::new();
        for key in self.keys() {
            if !query.is_empty() {
                query.push('&');
            }
            query.push_str("propertyFilter=");
            encode_into(&mut query, key);
        }
        query
    }

    fn keys(self) -> Vec<&'static str> {
        match self {
            Props::All => vec!["-all-"],
            Props::Display => DISPLAY_PROPS.to_vec(),
            Props::TopicPage => DISPLAY_PROPS.iter().chain(TOPIC_PAGE_PROPS).copied().collect(),
            Props::Keys(keys) => keys.to_vec(),
        }
    }
}

/// `filter` of a children listing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChildFilter {
    Files,
    Folders,
    Both,
}

/// How long a read may be served from the cache.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CacheClass {
    Tree,
    Search,
    Never,
}

/// See the module docs.
pub struct EduSharing {
    /// Built on first use: `initialize`, `tools/list` and a cold start never
    /// pay for reading the system's root certificates.
    http: std::sync::OnceLock<reqwest::Client>,
    rest_base: String,
    timeout: Duration,
    ttl_tree: Duration,
    ttl_search: Duration,
    process_limit: Arc<Semaphore>,
    cache: Cache,
    /// `None` when `WLO_HEDGE=0`.
    hedger: Option<Hedger>,
}

impl EduSharing {
    pub fn new(config: &Config) -> EduSharing {
        EduSharing {
            http: std::sync::OnceLock::new(),
            rest_base: config.rest_base(),
            timeout: config.timeout,
            ttl_tree: config.cache_ttl_tree,
            ttl_search: config.cache_ttl_search,
            process_limit: Arc::new(Semaphore::new(config.max_concurrency)),
            cache: Cache::new(config.cache_max_bytes),
            hedger: config.hedge.then(|| Hedger::new(config.hedge_delay)),
        }
    }

    fn http(&self) -> &reqwest::Client {
        self.http.get_or_init(http_client)
    }

    pub fn rest_base(&self) -> &str {
        &self.rest_base
    }

    pub fn cache(&self) -> &Cache {
        &self.cache
    }

    /// E1: full-text content search (`ngsearch`, `contentType=FILES`).
    pub async fn ngsearch(
        &self,
        criteria: &[Criterion],
        max_items: u32,
        skip_count: u32,
        props: Props,
    ) -> Result<Arc<NodeList>, UpstreamError> {
        let url = self.url(
            "search/v1/queries/-home-/mds_oeh/ngsearch",
            &[
                ("contentType", "FILES".into()),
                ("maxItems", max_items.to_string()),
                ("skipCount", skip_count.to_string()),
            ],
            props,
        );
        let body = serde_json::json!({ "criteria": criteria });
        self.fetch_json(Request::post(url, body), CacheClass::Search).await
    }

    /// E2: collection keyword search (never returns the subject portals).
    pub async fn collection_search(
        &self,
        query: &str,
        max_items: u32,
        props: Props,
    ) -> Result<Arc<NodeList>, UpstreamError> {
        self.fetch_json(self.collection_request(query, max_items, props), CacheClass::Search)
            .await
    }

    /// E2 for names only: each hit's title fields, the rest skipped.
    pub async fn collection_titles(&self, query: &str, max_items: u32) -> Result<Arc<TitleList>, UpstreamError> {
        let request = self.collection_request(query, max_items, Props::Keys(TITLE_KEYS));
        self.fetch_json(request, CacheClass::Search).await
    }

    fn collection_request(&self, query: &str, max_items: u32, props: Props) -> Request {
        let url = self.url(
            "search/v1/queries/-home-/mds_oeh/collections",
            &[
                ("contentType", "COLLECTIONS".into()),
                ("maxItems", max_items.to_string()),
                ("skipCount", "0".into()),
            ],
            props,
        );
        Request::post(
            url,
            serde_json::json!({ "criteria": [Criterion::one("ngsearchword", query)] }),
        )
    }

    /// E4: non-template page variants, optionally below one collection.
    pub async fn page_variants(
        &self,
        below: Option<&str>,
        max_items: u32,
        props: Props,
    ) -> Result<Arc<NodeList>, UpstreamError> {
        let url = self.url(
            "search/v1/queries/-home-/mds_oeh/page_variant",
            &[
                ("contentType", "ALL".into()),
                ("maxItems", max_items.to_string()),
                ("skipCount", "0".into()),
            ],
            props,
        );
        let mut criteria = vec![Criterion::one("ccm:page_variant_is_template", "false")];
        if let Some(id) = below {
            criteria.push(Criterion::one("virtual:parent_recursive", id));
        }
        let body = serde_json::json!({ "criteria": criteria });
        self.fetch_json(Request::post(url, body), CacheClass::Search).await
    }

    /// E5: children of a node; `pagination.total` is the full count.
    pub async fn children(
        &self,
        node_id: &str,
        filter: ChildFilter,
        max_items: u32,
        skip_count: u32,
        props: Props,
    ) -> Result<Arc<NodeList>, UpstreamError> {
        let url = self.children_url(node_id, filter, max_items, skip_count, props);
        self.fetch_json(Request::get(url), CacheClass::Tree).await
    }

    /// Written in one buffer: tree walks build one of these per count read.
    fn children_url(
        &self,
        node_id: &str,
        filter: ChildFilter,
        max_items: u32,
        skip_count: u32,
        props: Props,
    ) -> String {
        use std::fmt::Write as _;
        let query = props.query();
        let mut url = String::with_capacity(self.rest_base.len() + node_id.len() + query.len() + 96);
        url.push_str(&self.rest_base);
        url.push_str("/node/v1/nodes/-home-/");
        encode_into(&mut url, node_id);
        let _ = write!(url, "/children?maxItems={max_items}&skipCount={skip_count}");
        match filter {
            ChildFilter::Files => url.push_str("&filter=files"),
            ChildFilter::Folders => url.push_str("&filter=folders"),
            ChildFilter::Both => {}
        }
        if !query.is_empty() {
            url.push('&');
            url.push_str(&query);
        }
        url
    }

    /// E5 for names only: each child's title fields, the rest skipped.
    pub async fn child_titles(
        &self,
        node_id: &str,
        filter: ChildFilter,
        max_items: u32,
        skip_count: u32,
    ) -> Result<Arc<TitleList>, UpstreamError> {
        let url = self.children_url(node_id, filter, max_items, skip_count, Props::Keys(TITLE_KEYS));
        self.fetch_json(Request::get(url), CacheClass::Tree).await
    }

    /// E5 as a count: how many children of one kind a node has
    /// (`pagination.total` of a one-item page; the item itself is not read).
    pub async fn child_count(&self, node_id: &str, filter: ChildFilter) -> Result<u64, UpstreamError> {
        let url = self.children_url(node_id, filter, 1, 0, Props::Keys(COUNT_KEYS));
        let total: Arc<model::ListTotal> = self.fetch_json(Request::get(url), CacheClass::Tree).await?;
        Ok(total.pagination.total)
    }

    /// E6: one node's metadata. 404 → [`UpstreamError::NotFound`].
    pub async fn metadata(&self, node_id: &str, props: Props) -> Result<Arc<Node>, UpstreamError> {
        self.metadata_with(node_id, props, CacheClass::Tree).await
    }

    /// E6 without the cache (the health check must really ask).
    pub async fn metadata_uncached(&self, node_id: &str, props: Props) -> Result<Arc<Node>, UpstreamError> {
        self.metadata_with(node_id, props, CacheClass::Never).await
    }

    async fn metadata_with(&self, node_id: &str, props: Props, class: CacheClass) -> Result<Arc<Node>, UpstreamError> {
        let url = self.url(
            &format!("node/v1/nodes/-home-/{}/metadata", encode(node_id)),
            &[],
            props,
        );
        self.fetch_with(Request::get(url), class, |body| {
            let entry: model::NodeEntry = parse_json(body)?;
            entry
                .node
                .ok_or_else(|| UpstreamError::Malformed("metadata answer without a node".into()))
        })
        .await
    }

    /// E7: the ancestor chain, self first (500 for content nodes and config folders).
    pub async fn parents(&self, node_id: &str, props: Props) -> Result<Arc<NodeList>, UpstreamError> {
        let url = self.url(&format!("node/v1/nodes/-home-/{}/parents", encode(node_id)), &[], props);
        self.fetch_json(Request::get(url), CacheClass::Tree).await
    }

    /// E8: stored full text; `None` when the node has none. Never cached.
    pub async fn text_content(&self, node_id: &str) -> Result<Option<String>, UpstreamError> {
        let url = format!(
            "{}/node/v1/nodes/-home-/{}/textContent",
            self.rest_base,
            encode(node_id)
        );
        let text = self
            .fetch_with(Request::get(url), CacheClass::Never, |body| {
                let text: model::NodeText = parse_json(body)?;
                Ok(text.into_text())
            })
            .await?;
        Ok(Arc::unwrap_or_clone(text))
    }

    fn url(&self, path: &str, params: &[(&str, String)], props: Props) -> String {
        let mut url = format!("{}/{}", self.rest_base, path);
        let mut sep = '?';
        for (key, value) in params {
            url.push(sep);
            url.push_str(key);
            url.push('=');
            encode_into(&mut url, value);
            sep = '&';
        }
        let query = props.query();
        if !query.is_empty() {
            url.push(sep);
            url.push_str(&query);
        }
        url
    }

    /// Read and parse one answer, through the cache (see the module docs).
    /// The body is parsed once, here; a 2xx body that is not the JSON we
    /// expect is a [`UpstreamError::Malformed`] and is never cached.
    async fn fetch_json<T>(&self, request: Request, class: CacheClass) -> Result<Arc<T>, UpstreamError>
    where
        T: DeserializeOwned + Send + Sync + 'static,
    {
        self.fetch_with(request, class, |body| parse_json(body)).await
    }

    /// [`Self::fetch_json`] with a custom parser (it may reject a body, too).
    async fn fetch_with<T, P>(&self, request: Request, class: CacheClass, parse: P) -> Result<Arc<T>, UpstreamError>
    where
        T: Send + Sync + 'static,
        P: FnOnce(&[u8]) -> Result<T, UpstreamError>,
    {
        let ttl = match class {
            CacheClass::Tree => self.ttl_tree,
            CacheClass::Search => self.ttl_search,
            CacheClass::Never => Duration::ZERO,
        };
        // Boxed: the read's state (reqwest's included) is over 1 KB, and a
        // tree walk holds a hundred of these futures at once; a cache hit
        // then never allocates or moves it.
        let fetch = || {
            Box::pin(async {
                let body = self.send_uncached(&request).await?;
                Ok((parse(&body)?, body.len()))
            })
        };
        let (result, outcome) = self.cache.get_or_fetch(&request.key, ttl, fetch).await;
        tracing::trace!(url = request.url(), ?outcome, "upstream read");
        if let (Err(error), Some(scope)) = (&result, CallScope::current()) {
            scope.record_failure(error);
        }
        result
    }

    async fn send_uncached(&self, request: &Request) -> Result<Bytes, UpstreamError> {
        let scope = CallScope::current();
        let scope = scope.as_deref();
        let permits = self.permits(scope).await?;
        let Some(hedger) = &self.hedger else {
            return self.send_one(request, scope, permits).await;
        };
        hedger.budget.earn();
        match hedger.delay(request.hedge) {
            Some(delay) => self.send_hedged(request, scope, hedger, delay, permits).await,
            None => self.send_one(request, scope, permits).await,
        }
    }

    /// A slot of the call's fan-out bound and one of the process bound.
    async fn permits<'a>(&'a self, scope: Option<&'a CallScope>) -> Result<Permits<'a>, UpstreamError> {
        let call = match scope {
            Some(s) => Some(
                s.fan_out()
                    .acquire()
                    .await
                    .map_err(|_| UpstreamError::DeadlineExceeded)?,
            ),
            None => None,
        };
        let process = self
            .process_limit
            .acquire()
            .await
            .map_err(|_| UpstreamError::DeadlineExceeded)?;
        Ok(Permits {
            _call: call,
            _process: process,
        })
    }

    /// One request (plus its connection retry), holding its slots until done.
    async fn send_one(
        &self,
        request: &Request,
        scope: Option<&CallScope>,
        _permits: Permits<'_>,
    ) -> Result<Bytes, UpstreamError> {
        // One retry, only for a connection that failed before any response
        // (typically a pooled socket that went stale while a function was frozen).
        let mut attempt = 0;
        loop {
            attempt += 1;
            let timeout = match scope {
                Some(s) => self.timeout.min(s.remaining()),
                None => self.timeout,
            };
            if timeout < Duration::from_millis(1) {
                return Err(UpstreamError::DeadlineExceeded);
            }
            if let Some(s) = scope {
                s.count_request();
            }
            let started = std::time::Instant::now();
            let result = self.attempt(request, timeout).await;
            if let Some(hedger) = &self.hedger
                && hedge::is_answer(&result)
            {
                hedger.record(request.hedge, started.elapsed());
            }
            match result {
                Err(UpstreamError::Unreachable(e)) if attempt == 1 && request.retryable_connect => {
                    tracing::debug!(error = %e, "retrying upstream read after a connection error");
                    continue;
                }
                other => return other,
            }
        }
    }

    /// [`Self::send_one`] with up to two duplicates (see [`hedge`]): the
    /// first answer wins, dropping the others cancels them.
    async fn send_hedged<'a>(
        &'a self,
        request: &'a Request,
        scope: Option<&'a CallScope>,
        hedger: &'a Hedger,
        delay: Duration,
        permits: Permits<'a>,
    ) -> Result<Bytes, UpstreamError> {
        // Most reads answer within the delay and set up nothing more.
        let mut first = Box::pin(self.send_tagged(request, scope, permits, false));
        if let Ok((_, result)) = tokio::time::timeout(delay, first.as_mut()).await {
            return result;
        }
        let mut in_flight = FuturesUnordered::new();
        in_flight.push(first);
        let mut duplicates = 0;
        // The first delay is over: the first duplicate goes as soon as it has its slots.
        let mut next_duplicate = Some(Box::pin(self.duplicate_slot(scope, hedger, Duration::ZERO)));
        loop {
            tokio::select! {
                Some((duplicate, result)) = in_flight.next() => {
                    if hedge::is_answer(&result) {
                        if duplicate && result.is_ok() && let Some(s) = scope {
                            s.count_duplicate_win();
                        }
                        return result;
                    }
                    // No answer from this one: wait for the others, if any.
                    if in_flight.is_empty() {
                        return result;
                    }
                }
                slot = async {
                    match next_duplicate.as_mut() {
                        Some(slot) => slot.await,
                        None => std::future::pending().await,
                    }
                } => {
                    next_duplicate = None;
                    let Some(permits) = slot else { continue };
                    if let Some(s) = scope {
                        s.count_duplicate();
                    }
                    tracing::debug!(url = request.url(), ?delay, "hedging a slow upstream read");
                    in_flight.push(Box::pin(self.send_tagged(request, scope, permits, true)));
                    duplicates += 1;
                    if duplicates < hedge::MAX_DUPLICATES {
                        next_duplicate = Some(Box::pin(self.duplicate_slot(scope, hedger, delay)));
                    }
                }
            }
        }
    }

    /// [`Self::send_one`], marked as a duplicate or not.
    async fn send_tagged<'a>(
        &'a self,
        request: &'a Request,
        scope: Option<&'a CallScope>,
        permits: Permits<'a>,
        duplicate: bool,
    ) -> (bool, Result<Bytes, UpstreamError>) {
        (duplicate, self.send_one(request, scope, permits).await)
    }

    /// Wait `delay`, then for slots like any read; `None` when the budget
    /// has no token or the tool deadline is used up.
    async fn duplicate_slot<'a>(
        &'a self,
        scope: Option<&'a CallScope>,
        hedger: &Hedger,
        delay: Duration,
    ) -> Option<Permits<'a>> {
        tokio::time::sleep(delay).await;
        let permits = self.permits(scope).await.ok()?;
        if scope.is_some_and(|s| s.remaining() < Duration::from_millis(1)) {
            return None;
        }
        hedger.budget.try_spend().then_some(permits)
    }

    async fn attempt(&self, request: &Request, timeout: Duration) -> Result<Bytes, UpstreamError> {
        let builder = match request.body() {
            None => self.http().get(request.url()),
            Some(body) => self
                .http()
                .post(request.url())
                .header(reqwest::header::CONTENT_TYPE, "application/json")
                .body(body.to_owned()),
        };
        let response = builder
            .header(reqwest::header::ACCEPT, "application/json")
            .timeout(timeout)
            .send()
            .await
            .map_err(classify)?;
        let status = response.status();
        let body = response.bytes().await.map_err(classify)?;
        if status.is_success() {
            // Parsed by the caller: a 2xx that is not JSON (a proxy's HTML page,
            // a truncated body) fails there and is never cached.
            return Ok(body);
        }
        Err(match status.as_u16() {
            404 => UpstreamError::NotFound,
            401 | 403 => UpstreamError::Forbidden,
            code => {
                let message = serde_json::from_slice::<model::ErrorBody>(&body)
                    .map(|e| if e.message.is_empty() { e.error } else { e.message })
                    .unwrap_or_default();
                UpstreamError::Status { status: code, message }
            }
        })
    }
}

fn classify(error: reqwest::Error) -> UpstreamError {
    if error.is_timeout() {
        UpstreamError::Timeout
    } else if error.is_connect() || error.is_request() {
        UpstreamError::Unreachable(error.to_string())
    } else if error.is_decode() || error.is_body() {
        UpstreamError::Malformed(error.to_string())
    } else {
        UpstreamError::Unreachable(error.to_string())
    }
}

/// The slots one request holds while it is in flight.
struct Permits<'a> {
    _call: Option<SemaphorePermit<'a>>,
    _process: SemaphorePermit<'a>,
}

/// One upstream read. Its cache key names the exact request and holds URL
/// and body, so a cache lookup copies nothing: a GET's key is its URL, a
/// POST's is `POST <url> <body>` (a URL never starts with `POST `).
struct Request {
    key: String,
    url: std::ops::Range<usize>,
    /// Where the body starts in `key`, for a POST.
    body_start: Option<usize>,
    retryable_connect: bool,
    hedge: HedgeClass,
}

impl Request {
    fn get(url: String) -> Request {
        Request {
            hedge: HedgeClass::of(false, &url),
            url: 0..url.len(),
            key: url,
            body_start: None,
            retryable_connect: true,
        }
    }

    /// Searches are POSTs but read-only, so a connect failure may be retried too.
    fn post(url: String, body: serde_json::Value) -> Request {
        use std::fmt::Write as _;
        let mut key = String::with_capacity(url.len() + 128);
        key.push_str("POST ");
        key.push_str(&url);
        key.push(' ');
        let body_start = key.len();
        let _ = write!(key, "{body}");
        Request {
            hedge: HedgeClass::of(true, &url),
            key,
            url: 5..5 + url.len(),
            body_start: Some(body_start),
            retryable_connect: true,
        }
    }

    fn url(&self) -> &str {
        &self.key[self.url.clone()]
    }

    fn body(&self) -> Option<&str> {
        self.body_start.map(|start| &self.key[start..])
    }
}

/// Percent-encode a path segment or query value (RFC 3986 unreserved kept).
pub fn encode(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    encode_into(&mut out, value);
    out
}

/// Parse an answer body. UTF-8 is checked once for the whole body (fast on
/// mostly-ASCII JSON), which spares serde_json a check per string; a body that
/// is not UTF-8 goes through the per-string path and fails only where it must.
fn parse_json<'de, T: Deserialize<'de>>(body: &'de [u8]) -> Result<T, UpstreamError> {
    let parsed = match std::str::from_utf8(body) {
        Ok(text) => serde_json::from_str(text),
        Err(_) => serde_json::from_slice(body),
    };
    parsed.map_err(|e| UpstreamError::Malformed(e.to_string()))
}

fn encode_into(out: &mut String, value: &str) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    // Runs of unreserved bytes (a whole UUID, most keys) are copied as slices.
    let mut run = 0;
    for (i, b) in value.bytes().enumerate() {
        if matches!(b, b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~') {
            continue;
        }
        if run < i {
            // Only ASCII since `run`: both ends are character boundaries.
            out.push_str(&value[run..i]);
        }
        out.push('%');
        out.push(HEX[usize::from(b >> 4)] as char);
        out.push(HEX[usize::from(b & 15)] as char);
        run = i + 1;
    }
    if run < value.len() {
        out.push_str(&value[run..]);
    }
}

/// The process's one HTTP client.
fn http_client() -> reqwest::Client {
    // ring is the only provider compiled in; installing twice is harmless.
    let _ = rustls::crypto::ring::default_provider().install_default();
    reqwest::Client::builder()
        .user_agent(concat!("wlo-mcp/", env!("CARGO_PKG_VERSION")))
        .connect_timeout(Duration::from_secs(5))
        .pool_idle_timeout(Duration::from_secs(50))
        .gzip(true)
        .build()
        .unwrap_or_else(|e| {
            tracing::error!(error = %e, "HTTP client with defaults");
            reqwest::Client::new()
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encoding() {
        assert_eq!(encode("cclom:title"), "cclom%3Atitle");
        assert_eq!(encode("a b/ä"), "a%20b%2F%C3%A4");
        assert_eq!(encode("-all-"), "-all-");
        assert_eq!(encode("äb"), "%C3%A4b");
        assert_eq!(encode("bä"), "b%C3%A4");
    }

    proptest::proptest! {
        /// Copying runs as slices encodes exactly as byte by byte.
        #[test]
        fn encoding_matches_the_byte_rule(value in "\\PC{0,12}|[a-z0-9:/ äß-]{0,12}") {
            let expected: String = value
                .bytes()
                .map(|b| {
                    if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
                        (b as char).to_string()
                    } else {
                        format!("%{b:02X}")
                    }
                })
                .collect();
            proptest::prop_assert_eq!(encode(&value), expected);
        }
    }

    #[test]
    fn property_filter_is_repeated() {
        let config = Config::from_lookup(|_| None).unwrap();
        let client = EduSharing::new(&config);
        let url = client.url("x", &[("maxItems", "5".into())], Props::Keys(&["a:b", "c"]));
        assert!(
            url.ends_with("/rest/x?maxItems=5&propertyFilter=a%3Ab&propertyFilter=c"),
            "{url}"
        );
        // The prebuilt lists: every key, in order, after the other parameters or alone.
        let url = client.url("y", &[], Props::TopicPage);
        let keys: Vec<String> = DISPLAY_PROPS
            .iter()
            .chain(TOPIC_PAGE_PROPS)
            .map(|k| format!("propertyFilter={}", encode(k)))
            .collect();
        assert!(url.ends_with(&format!("/rest/y?{}", keys.join("&"))), "{url}");
        assert_eq!(encode("ä %"), "%C3%A4%20%25");
    }

    #[test]
    fn children_urls_match_the_general_builder() {
        let config = Config::from_lookup(|_| None).unwrap();
        let client = EduSharing::new(&config);
        for (filter, name) in [
            (ChildFilter::Files, Some("files")),
            (ChildFilter::Folders, Some("folders")),
            (ChildFilter::Both, None),
        ] {
            for props in [Props::Keys(COUNT_KEYS), Props::Display] {
                let id = "a b/ü-1";
                let mut params = vec![("maxItems", "7".to_string()), ("skipCount", "20".to_string())];
                params.extend(name.map(|n| ("filter", n.to_string())));
                let general = client.url(&format!("node/v1/nodes/-home-/{}/children", encode(id)), &params, props);
                assert_eq!(client.children_url(id, filter, 7, 20, props), general);
            }
        }
    }
}
