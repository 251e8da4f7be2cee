//! The HTTP server, fault injection, latency and counters.

use crate::api::{self, Api, ApiResponse, Req, Route};
use crate::corpus::{Corpus, CorpusKind, DEFAULT_SEED};
use crate::matching::MatchMode;
use crate::oversized::{GZIP_BOMB_BYTES, Generated, OVERSIZED_BYTES, Shape, Tally};
use bytes::Bytes;
use http_body_util::Either;
use http_body_util::{BodyExt, Full, Limited};
use hyper::body::Incoming;
use hyper::header::{CONTENT_ENCODING, CONTENT_LENGTH, CONTENT_TYPE, HeaderValue};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{Request, Response, StatusCode};
use hyper_util::rt::TokioIo;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock, RwLock};
use std::time::{Duration, Instant};
use tokio::net::TcpListener;
use tokio::sync::watch;

/// How long the `Slow` fault holds every response.
pub const SLOW_HOLD: Duration = Duration::from_secs(120);
/// Maximum accepted request body.
const MAX_BODY: usize = 1 << 20;
/// Maximum number of request-log entries kept.
const MAX_LOG: usize = 2_000_000;

/// A global fault mode for the upstream (non-control) routes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Fault {
    /// Normal operation.
    #[default]
    None,
    /// Connections are closed without any response.
    Down,
    /// Every response is held for 120 s (cancellable).
    Slow,
    /// HTTP 500 with an edu-sharing ErrorResponse.
    Error500,
    /// HTTP 200 with a non-JSON body.
    Garbage,
    /// HTTP 200 with a JSON body of 400 MB and its `Content-Length`,
    /// generated while sent ([`crate::oversized`]).
    Oversized,
    /// The same body chunked, without a length.
    OversizedStream,
    /// A gzip bomb: about 64 MB on the wire, 64 GB decoded.
    GzipBomb,
}

impl Fault {
    fn to_u8(self) -> u8 {
        match self {
            Fault::None => 0,
            Fault::Down => 1,
            Fault::Slow => 2,
            Fault::Error500 => 3,
            Fault::Garbage => 4,
            Fault::Oversized => 5,
            Fault::OversizedStream => 6,
            Fault::GzipBomb => 7,
        }
    }
    fn from_u8(v: u8) -> Fault {
        match v {
            1 => Fault::Down,
            2 => Fault::Slow,
            3 => Fault::Error500,
            4 => Fault::Garbage,
            5 => Fault::Oversized,
            6 => Fault::OversizedStream,
            7 => Fault::GzipBomb,
            _ => Fault::None,
        }
    }
}

/// Start-up options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StandInOptions {
    /// TCP port on 127.0.0.1; 0 picks a free port.
    pub port: u16,
    /// Corpus seed.
    pub seed: u64,
    /// Base latency of every upstream response.
    pub latency_ms: u64,
    /// Extra uniform jitter `0..=jitter_ms` on top of the latency.
    pub jitter_ms: u64,
    /// Straggler mode: this many requests per thousand (0–1000) take
    /// `straggler_ms` longer, drawn per request from the seed (see [`Control::set_stragglers`]).
    pub straggler_permille: u64,
    /// The extra time of a straggling request.
    pub straggler_ms: u64,
    /// Which corpus to serve (the generated one of `seed` by default).
    pub corpus: CorpusKind,
    /// How the keyword searches match words (substring by default).
    pub match_mode: MatchMode,
}

impl Default for StandInOptions {
    fn default() -> Self {
        StandInOptions {
            port: 0,
            seed: DEFAULT_SEED,
            latency_ms: 0,
            jitter_ms: 0,
            straggler_permille: 0,
            straggler_ms: 0,
            corpus: CorpusKind::Generated,
            match_mode: MatchMode::Substring,
        }
    }
}

/// Request counters.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Stats {
    /// Upstream requests received (control routes are not counted).
    pub total_requests: u64,
    /// Per route: ngsearch, collections, page_variant, children, metadata,
    /// parents, textContent, usages, other.
    pub per_route: BTreeMap<String, u64>,
    /// Highest number of upstream requests in flight at the same time.
    pub peak_concurrency: u64,
    /// Upstream requests in flight right now.
    pub in_flight: u64,
    /// Requests that drew the straggler delay (straggler mode).
    #[serde(default)]
    pub stragglers: u64,
    /// Generated (oversized or long-text) bodies the client stopped reading:
    /// the connection closed before their end.
    #[serde(default)]
    pub bodies_cut: u64,
    /// Generated bodies sent to their end.
    #[serde(default)]
    pub bodies_whole: u64,
}

impl Stats {
    /// Count for one route name (0 if unknown).
    pub fn route(&self, name: &str) -> u64 {
        self.per_route.get(name).copied().unwrap_or(0)
    }
}

/// One upstream request in the request log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LogEntry {
    pub route: String,
    /// Microseconds since the server started.
    pub start_us: u64,
    pub end_us: u64,
    /// HTTP status sent; 0 = no response (dropped or cancelled).
    pub status: u16,
}

/// The sequential waves (round trips) in a request log: a request that starts
/// after every request of the current wave has finished opens the next wave.
/// Meaningful with a latency set, so that one wave's requests overlap.
pub fn sequential_waves(log: &[LogEntry]) -> usize {
    let mut entries: Vec<(u64, u64)> = log.iter().map(|e| (e.start_us, e.end_us)).collect();
    entries.sort();
    let mut waves = 0;
    let mut wave_end = 0;
    for (start, end) in entries {
        if waves == 0 || start >= wave_end {
            waves += 1;
            wave_end = end;
        } else {
            wave_end = wave_end.max(end);
        }
    }
    waves
}

/// The JSON accepted by `POST /_control/config` (all fields optional).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ConfigUpdate {
    pub latency_ms: Option<u64>,
    pub jitter_ms: Option<u64>,
    pub text_delay_ms: Option<u64>,
    /// Extra delay of the first `/textContent` of each node (its extraction).
    pub extraction_delay_ms: Option<u64>,
    /// Straggler mode: requests per thousand that take `stragglerMs` longer.
    pub straggler_permille: Option<u64>,
    pub straggler_ms: Option<u64>,
    pub fault: Option<Fault>,
    /// Replaces the whole per-node fault map when present.
    pub node_faults: Option<BTreeMap<String, u16>>,
    /// When above 0, every stored text (`/textContent` with a text) is
    /// this many bytes long: the node's text, then repeated sentences.
    pub long_text_bytes: Option<u64>,
    /// How the keyword searches match words: `"substring"` or `"whole-word"`.
    pub match_mode: Option<MatchMode>,
}

/// The current configuration (answer of the config/reset control routes).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ConfigState {
    pub latency_ms: u64,
    pub jitter_ms: u64,
    pub text_delay_ms: u64,
    pub extraction_delay_ms: u64,
    pub straggler_permille: u64,
    pub straggler_ms: u64,
    pub fault: Fault,
    pub node_faults: BTreeMap<String, u16>,
    #[serde(default)]
    pub long_text_bytes: u64,
    #[serde(default)]
    pub match_mode: MatchMode,
}

pub(crate) struct Shared {
    started: Instant,
    init_latency: u64,
    init_jitter: u64,
    init_stragglers: (u64, u64),
    init_match_mode: MatchMode,
    match_mode: AtomicU8,
    latency_ms: AtomicU64,
    jitter_ms: AtomicU64,
    text_delay_ms: AtomicU64,
    extraction_delay_ms: AtomicU64,
    /// Nodes whose text was read since the start (or reset): extracted.
    extracted: Mutex<HashSet<String>>,
    straggler_permille: AtomicU64,
    straggler_ms: AtomicU64,
    /// Requests drawn for straggling so far (the draw's sequence number).
    straggler_draws: AtomicU64,
    stragglers: AtomicU64,
    seed: u64,
    fault: AtomicU8,
    node_faults: RwLock<HashMap<String, u16>>,
    long_text_bytes: AtomicU64,
    bodies: Arc<Tally>,
    total: AtomicU64,
    routes: [AtomicU64; Route::ALL.len()],
    in_flight: AtomicU64,
    peak: AtomicU64,
    log: Mutex<Vec<LogEntry>>,
    rng: AtomicU64,
}

impl Shared {
    fn new(opts: &StandInOptions) -> Shared {
        let (latency, jitter, seed) = (opts.latency_ms, opts.jitter_ms, opts.seed);
        Shared {
            started: Instant::now(),
            init_latency: latency,
            init_jitter: jitter,
            init_stragglers: (opts.straggler_permille, opts.straggler_ms),
            init_match_mode: opts.match_mode,
            match_mode: AtomicU8::new(opts.match_mode.to_u8()),
            latency_ms: AtomicU64::new(latency),
            jitter_ms: AtomicU64::new(jitter),
            text_delay_ms: AtomicU64::new(0),
            extraction_delay_ms: AtomicU64::new(0),
            extracted: Mutex::new(HashSet::new()),
            straggler_permille: AtomicU64::new(opts.straggler_permille),
            straggler_ms: AtomicU64::new(opts.straggler_ms),
            straggler_draws: AtomicU64::new(0),
            stragglers: AtomicU64::new(0),
            seed,
            fault: AtomicU8::new(0),
            node_faults: RwLock::new(HashMap::new()),
            long_text_bytes: AtomicU64::new(0),
            bodies: Arc::default(),
            total: AtomicU64::new(0),
            routes: Default::default(),
            in_flight: AtomicU64::new(0),
            peak: AtomicU64::new(0),
            log: Mutex::new(Vec::new()),
            rng: AtomicU64::new(seed),
        }
    }

    fn now_us(&self) -> u64 {
        self.started.elapsed().as_micros() as u64
    }

    fn fault(&self) -> Fault {
        Fault::from_u8(self.fault.load(Ordering::Relaxed))
    }

    fn delay(&self) -> Duration {
        let base = self.latency_ms.load(Ordering::Relaxed);
        let jitter = self.jitter_ms.load(Ordering::Relaxed);
        let extra = if jitter > 0 {
            let x = self.rng.fetch_add(0x9E37_79B9_7F4A_7C15, Ordering::Relaxed);
            crate::rng::mix(x) % (jitter + 1)
        } else {
            0
        };
        Duration::from_millis(base + extra)
    }

    /// The straggler delay of the next request: the `n`-th request since the
    /// start (or reset) straggles when `mix(seed, n) mod 1000 < permille`, so
    /// the same seed and arrival order give the same stragglers.
    fn straggler_delay(&self) -> Duration {
        let permille = self.straggler_permille.load(Ordering::Relaxed);
        if permille == 0 {
            return Duration::ZERO;
        }
        let n = self.straggler_draws.fetch_add(1, Ordering::Relaxed);
        let draw = crate::rng::mix(self.seed ^ n.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(0x5757)) % 1000;
        if draw >= permille {
            return Duration::ZERO;
        }
        self.stragglers.fetch_add(1, Ordering::Relaxed);
        Duration::from_millis(self.straggler_ms.load(Ordering::Relaxed))
    }

    /// Is this the first `/textContent` of the node at `path` (its
    /// extraction)? Marks the node extracted.
    fn first_text_read(&self, path: &str) -> bool {
        let id = path.rsplit('/').nth(1).unwrap_or_default();
        self.extracted.lock().is_ok_and(|mut set| set.insert(id.to_string()))
    }

    fn match_mode(&self) -> MatchMode {
        MatchMode::from_u8(self.match_mode.load(Ordering::Relaxed))
    }

    fn node_fault(&self, id: &str) -> Option<u16> {
        self.node_faults.read().ok().and_then(|m| m.get(id).copied())
    }

    fn config(&self) -> ConfigState {
        ConfigState {
            latency_ms: self.latency_ms.load(Ordering::Relaxed),
            jitter_ms: self.jitter_ms.load(Ordering::Relaxed),
            text_delay_ms: self.text_delay_ms.load(Ordering::Relaxed),
            extraction_delay_ms: self.extraction_delay_ms.load(Ordering::Relaxed),
            straggler_permille: self.straggler_permille.load(Ordering::Relaxed),
            straggler_ms: self.straggler_ms.load(Ordering::Relaxed),
            fault: self.fault(),
            node_faults: self
                .node_faults
                .read()
                .map(|m| m.iter().map(|(k, v)| (k.clone(), *v)).collect())
                .unwrap_or_default(),
            long_text_bytes: self.long_text_bytes.load(Ordering::Relaxed),
            match_mode: self.match_mode(),
        }
    }
}

/// Counts a request while it is in flight and logs it when dropped.
struct Guard<'a> {
    shared: &'a Shared,
    route: Route,
    start_us: u64,
    status: u16,
}

impl<'a> Guard<'a> {
    fn new(shared: &'a Shared, route: Route) -> Guard<'a> {
        shared.total.fetch_add(1, Ordering::Relaxed);
        shared.routes[route.index()].fetch_add(1, Ordering::Relaxed);
        let now = shared.in_flight.fetch_add(1, Ordering::SeqCst) + 1;
        shared.peak.fetch_max(now, Ordering::SeqCst);
        Guard {
            shared,
            route,
            start_us: shared.now_us(),
            status: 0,
        }
    }
}

impl Drop for Guard<'_> {
    fn drop(&mut self) {
        self.shared.in_flight.fetch_sub(1, Ordering::SeqCst);
        let entry = LogEntry {
            route: self.route.name().to_string(),
            start_us: self.start_us,
            end_us: self.shared.now_us(),
            status: self.status,
        };
        if let Ok(mut log) = self.shared.log.lock()
            && log.len() < MAX_LOG
        {
            log.push(entry);
        }
    }
}

/// A cheap, cloneable handle to steer a running stand-in.
#[derive(Clone)]
pub struct Control {
    shared: Arc<Shared>,
}

impl Control {
    /// Base latency and uniform jitter for every upstream response.
    pub fn set_latency(&self, ms: u64, jitter_ms: u64) {
        self.shared.latency_ms.store(ms, Ordering::Relaxed);
        self.shared.jitter_ms.store(jitter_ms, Ordering::Relaxed);
    }
    /// Straggler mode: `permille` requests per thousand (0–1000, drawn per
    /// request from the seed) take `extra_ms` longer than the latency.
    /// Restarts the draw sequence, so a run is repeatable.
    pub fn set_stragglers(&self, permille: u64, extra_ms: u64) {
        let s = &self.shared;
        s.straggler_permille.store(permille.min(1000), Ordering::Relaxed);
        s.straggler_ms.store(extra_ms, Ordering::Relaxed);
        s.straggler_draws.store(0, Ordering::Relaxed);
    }
    /// Additional delay for `/textContent`.
    pub fn set_text_delay(&self, ms: u64) {
        self.shared.text_delay_ms.store(ms, Ordering::Relaxed);
    }
    /// Additional delay for the first `/textContent` of each node (the
    /// repository extracts the text then; later reads are fast).
    pub fn set_extraction_delay(&self, ms: u64) {
        self.shared.extraction_delay_ms.store(ms, Ordering::Relaxed);
    }
    pub fn set_fault(&self, fault: Fault) {
        self.shared.fault.store(fault.to_u8(), Ordering::Relaxed);
    }
    pub fn fault(&self) -> Fault {
        self.shared.fault()
    }
    /// Make the node routes (children/metadata/parents/textContent) of one
    /// id answer with `status` (403 or 404; anything else → that status).
    pub fn set_node_fault(&self, id: &str, status: u16) {
        if let Ok(mut m) = self.shared.node_faults.write() {
            m.insert(id.to_string(), status);
        }
    }
    /// Make every search that asks for facets answer with `status`, so a
    /// facet read can fail while the search beside it succeeds.
    pub fn set_facet_fault(&self, status: u16) {
        self.set_node_fault(crate::api::FACET_FAULT, status);
    }
    /// How the keyword searches (E1, E2) match words from now on.
    pub fn set_match_mode(&self, mode: MatchMode) {
        self.shared.match_mode.store(mode.to_u8(), Ordering::Relaxed);
    }
    /// Make every stored text `bytes` long (0: the corpus's own texts).
    pub fn set_long_text(&self, bytes: u64) {
        self.shared.long_text_bytes.store(bytes, Ordering::Relaxed);
    }
    pub fn clear_node_faults(&self) {
        if let Ok(mut m) = self.shared.node_faults.write() {
            m.clear();
        }
    }
    /// Restore the start-up configuration (latency/jitter/stragglers and the
    /// match mode from the options, no text delay, no faults) and zero the
    /// counters and the log.
    pub fn reset(&self) {
        let s = &self.shared;
        self.set_match_mode(s.init_match_mode);
        s.latency_ms.store(s.init_latency, Ordering::Relaxed);
        s.jitter_ms.store(s.init_jitter, Ordering::Relaxed);
        s.text_delay_ms.store(0, Ordering::Relaxed);
        s.extraction_delay_ms.store(0, Ordering::Relaxed);
        if let Ok(mut set) = s.extracted.lock() {
            set.clear();
        }
        self.set_stragglers(s.init_stragglers.0, s.init_stragglers.1);
        s.stragglers.store(0, Ordering::Relaxed);
        self.set_fault(Fault::None);
        self.clear_node_faults();
        self.set_long_text(0);
        s.bodies.cut.store(0, Ordering::Relaxed);
        s.bodies.whole.store(0, Ordering::Relaxed);
        s.total.store(0, Ordering::Relaxed);
        for r in &s.routes {
            r.store(0, Ordering::Relaxed);
        }
        s.peak.store(s.in_flight.load(Ordering::SeqCst), Ordering::SeqCst);
        self.clear_log();
    }
    pub fn stats(&self) -> Stats {
        let s = &self.shared;
        Stats {
            total_requests: s.total.load(Ordering::Relaxed),
            per_route: Route::ALL
                .iter()
                .map(|r| (r.name().to_string(), s.routes[r.index()].load(Ordering::Relaxed)))
                .collect(),
            peak_concurrency: s.peak.load(Ordering::SeqCst),
            in_flight: s.in_flight.load(Ordering::SeqCst),
            stragglers: s.stragglers.load(Ordering::Relaxed),
            bodies_cut: s.bodies.cut.load(Ordering::Relaxed),
            bodies_whole: s.bodies.whole.load(Ordering::Relaxed),
        }
    }
    /// All finished (or dropped) upstream requests, in completion order.
    pub fn request_log(&self) -> Vec<LogEntry> {
        self.shared.log.lock().map(|l| l.clone()).unwrap_or_default()
    }
    pub fn clear_log(&self) {
        if let Ok(mut l) = self.shared.log.lock() {
            l.clear();
        }
    }
    /// The current configuration.
    pub fn config(&self) -> ConfigState {
        self.shared.config()
    }
    /// Apply a partial configuration (same semantics as `POST /_control/config`).
    pub fn apply(&self, u: &ConfigUpdate) {
        let s = &self.shared;
        if let Some(v) = u.latency_ms {
            s.latency_ms.store(v, Ordering::Relaxed);
        }
        if let Some(v) = u.jitter_ms {
            s.jitter_ms.store(v, Ordering::Relaxed);
        }
        if let Some(v) = u.text_delay_ms {
            s.text_delay_ms.store(v, Ordering::Relaxed);
        }
        if let Some(v) = u.extraction_delay_ms {
            s.extraction_delay_ms.store(v, Ordering::Relaxed);
        }
        if u.straggler_permille.is_some() || u.straggler_ms.is_some() {
            self.set_stragglers(
                u.straggler_permille
                    .unwrap_or_else(|| s.straggler_permille.load(Ordering::Relaxed)),
                u.straggler_ms.unwrap_or_else(|| s.straggler_ms.load(Ordering::Relaxed)),
            );
        }
        if let Some(f) = u.fault {
            self.set_fault(f);
        }
        if let Some(nf) = &u.node_faults
            && let Ok(mut m) = s.node_faults.write()
        {
            *m = nf.iter().map(|(k, v)| (k.clone(), *v)).collect();
        }
        if let Some(bytes) = u.long_text_bytes {
            self.set_long_text(bytes);
        }
        if let Some(mode) = u.match_mode {
            self.set_match_mode(mode);
        }
    }
}

struct App {
    api: Api,
    shared: Arc<Shared>,
    control: Control,
    ground_truth: OnceLock<Bytes>,
}

/// The service error that makes hyper close the connection without a response.
#[derive(Debug)]
struct Dropped;

impl std::fmt::Display for Dropped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("connection dropped (fault: down)")
    }
}
impl std::error::Error for Dropped {}

type Resp = Response<Either<Full<Bytes>, Generated>>;

fn json(status: u16, body: impl Into<Bytes>) -> Resp {
    let mut r = Response::new(Either::Left(Full::new(body.into())));
    *r.status_mut() = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    r.headers_mut()
        .insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
    r
}

/// A 200 with a generated body ([`crate::oversized`]).
fn generated(body: Generated) -> Resp {
    let length = body.content_length();
    let gzip = body.is_gzip();
    let mut r = json(200, Bytes::new());
    if let Some(n) = length {
        r.headers_mut().insert(CONTENT_LENGTH, HeaderValue::from(n));
    }
    if gzip {
        r.headers_mut()
            .insert(CONTENT_ENCODING, HeaderValue::from_static("gzip"));
    }
    *r.body_mut() = Either::Right(body);
    r
}

fn from_api(r: ApiResponse) -> Resp {
    json(r.status, r.body)
}

fn to_json<T: Serialize>(v: &T) -> Resp {
    match serde_json::to_vec(v) {
        Ok(b) => json(200, b),
        Err(_) => from_api(api::server_error("serialisation failed")),
    }
}

async fn read_body(body: Incoming) -> Result<Bytes, ApiResponse> {
    match Limited::new(body, MAX_BODY).collect().await {
        Ok(c) => Ok(c.to_bytes()),
        Err(_) => Err(api::bad_request("request body too large or unreadable")),
    }
}

async fn handle(app: Arc<App>, req: Request<Incoming>) -> Result<Resp, Dropped> {
    let path = req.uri().path().to_string();
    if let Some(ctl) = path
        .strip_prefix("/_control")
        .or_else(|| path.strip_prefix("/edu-sharing/_control"))
    {
        let ctl = ctl.to_string();
        return Ok(handle_control(&app, req, &ctl).await);
    }
    if path == "/edu-sharing/preview" {
        // The browser's reads, not the server's: outside the log, stats and faults.
        return Ok(preview(req.uri().query()));
    }
    let shared = app.shared.clone();
    let route = api::classify(&path);
    let mut guard = Guard::new(&shared, route);
    let fault = shared.fault();
    if fault == Fault::Down {
        return Err(Dropped);
    }
    let method = req.method().as_str().to_string();
    let query = req.uri().query().map(str::to_string);
    let body = match read_body(req.into_body()).await {
        Ok(b) => b,
        Err(e) => {
            guard.status = e.status;
            return Ok(from_api(e));
        }
    };
    tokio::time::sleep(shared.delay() + shared.straggler_delay()).await;
    match shared.fault() {
        Fault::Down => return Err(Dropped),
        Fault::Slow => tokio::time::sleep(SLOW_HOLD).await,
        Fault::Error500 => {
            guard.status = 500;
            return Ok(from_api(api::server_error(
                "Simulated upstream failure (fault: error500)",
            )));
        }
        Fault::Garbage => {
            guard.status = 200;
            return Ok(json(200, Bytes::from_static(b"<html>oops</html>")));
        }
        fault @ (Fault::Oversized | Fault::OversizedStream | Fault::GzipBomb) => {
            guard.status = 200;
            let (shape, bytes) = match fault {
                Fault::Oversized => (Shape::Sized, OVERSIZED_BYTES),
                Fault::OversizedStream => (Shape::Streamed, OVERSIZED_BYTES),
                _ => (Shape::Gzip, GZIP_BOMB_BYTES),
            };
            let body = Generated::new(shape, "", bytes, shared.bodies.clone());
            return Ok(generated(body));
        }
        Fault::None => {}
    }
    let first_text_read = route == Route::TextContent && shared.first_text_read(&path);
    if route == Route::TextContent {
        let mut d = shared.text_delay_ms.load(Ordering::Relaxed);
        if first_text_read {
            d += shared.extraction_delay_ms.load(Ordering::Relaxed);
        }
        if d > 0 {
            tokio::time::sleep(Duration::from_millis(d)).await;
        }
    }
    let r = app.api.handle(
        &Req {
            method: &method,
            path: &path,
            query: query.as_deref(),
            body: &body,
            first_text_read,
            match_mode: shared.match_mode(),
        },
        &|id| shared.node_fault(id),
    );
    guard.status = r.status;
    let long_text = shared.long_text_bytes.load(Ordering::Relaxed);
    if route == Route::TextContent && r.status == 200 && long_text > 0 {
        // The node's own text begins the long one.
        let text = serde_json::from_slice::<serde_json::Value>(&r.body)
            .ok()
            .and_then(|doc| doc["text"].as_str().map(str::to_string));
        if let Some(text) = text {
            let start = serde_json::to_string(&format!("{text} ")).unwrap_or_default();
            let start = start.trim_start_matches('"').trim_end_matches('"');
            return Ok(generated(Generated::new(
                Shape::Sized,
                start,
                long_text,
                shared.bodies.clone(),
            )));
        }
    }
    Ok(from_api(r))
}

/// `GET /edu-sharing/preview?nodeId=<id>`: the node's preview PNG; 404 without an id.
fn preview(query: Option<&str>) -> Resp {
    let id = api::parse_query(query)
        .ok()
        .and_then(|pairs| pairs.into_iter().find(|(k, _)| k == "nodeId").map(|(_, v)| v))
        .filter(|id| !id.is_empty());
    let Some(id) = id else {
        return from_api(api::not_found());
    };
    let mut r = Response::new(Either::Left(Full::new(Bytes::from(crate::preview::png(&id)))));
    r.headers_mut()
        .insert(CONTENT_TYPE, HeaderValue::from_static("image/png"));
    r
}

async fn handle_control(app: &App, req: Request<Incoming>, ctl: &str) -> Resp {
    let method = req.method().clone();
    match (method.as_str(), ctl.trim_end_matches('/')) {
        ("GET", "/stats") => to_json(&app.control.stats()),
        ("GET", "/log") => to_json(&app.control.request_log()),
        ("POST", "/log/clear") => {
            app.control.clear_log();
            to_json(&app.control.config())
        }
        ("GET", "/config") => to_json(&app.control.config()),
        ("POST", "/config") => {
            let body = match read_body(req.into_body()).await {
                Ok(b) => b,
                Err(e) => return from_api(e),
            };
            match serde_json::from_slice::<ConfigUpdate>(&body) {
                Ok(u) => {
                    app.control.apply(&u);
                    to_json(&app.control.config())
                }
                Err(e) => from_api(api::bad_request(&format!("invalid control config: {e}"))),
            }
        }
        ("POST", "/reset") => {
            app.control.reset();
            to_json(&app.control.config())
        }
        ("GET", "/ground-truth") => {
            let b = app
                .ground_truth
                .get_or_init(|| Bytes::from(app.api.corpus.to_json()))
                .clone();
            json(200, b)
        }
        _ => from_api(api::error(
            404,
            "javax.ws.rs.NotFoundException",
            "unknown control route",
        )),
    }
}

/// A running stand-in server. Dropping it shuts the server down.
pub struct StandIn {
    port: u16,
    base_url: String,
    corpus: Arc<Corpus>,
    control: Control,
    shutdown: watch::Sender<bool>,
    task: Option<tokio::task::JoinHandle<()>>,
}

/// The corpus of `seed`, generated on first use in this process.
fn generated_once(seed: u64) -> Arc<Corpus> {
    static GENERATED: Mutex<BTreeMap<u64, Arc<Corpus>>> = Mutex::new(BTreeMap::new());
    let mut generated = GENERATED.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    generated
        .entry(seed)
        .or_insert_with(|| Arc::new(Corpus::generate(seed)))
        .clone()
}

impl StandIn {
    /// Start serving `opts.corpus` (by default the generated corpus of
    /// `opts.seed`) on `127.0.0.1:opts.port`.
    ///
    /// The corpus is built once per seed (or kind) and process and then
    /// shared (it is read-only, and building it is most of a start): a test
    /// run starts hundreds of stand-ins.
    pub async fn start(opts: StandInOptions) -> std::io::Result<StandIn> {
        let corpus = match opts.corpus {
            CorpusKind::Generated => generated_once(opts.seed),
            CorpusKind::Wlo2023 => Corpus::wlo_2023(),
        };
        Self::start_with_corpus(opts, corpus).await
    }

    /// Start serving an already built corpus (`opts.seed` is only used for
    /// the jitter sequence, `opts.corpus` not at all).
    pub async fn start_with_corpus(opts: StandInOptions, corpus: Arc<Corpus>) -> std::io::Result<StandIn> {
        let listener = TcpListener::bind(("127.0.0.1", opts.port)).await?;
        let port = listener.local_addr()?.port();
        let base_url = format!("http://127.0.0.1:{port}/edu-sharing");
        let shared = Arc::new(Shared::new(&opts));
        let control = Control { shared: shared.clone() };
        let app = Arc::new(App {
            api: Api::new(corpus.clone(), base_url.clone()),
            shared,
            control: control.clone(),
            ground_truth: OnceLock::new(),
        });
        let (tx, rx) = watch::channel(false);
        let task = tokio::spawn(accept_loop(listener, app, rx));
        Ok(StandIn {
            port,
            base_url,
            corpus,
            control,
            shutdown: tx,
            task: Some(task),
        })
    }

    /// `http://127.0.0.1:PORT/edu-sharing`
    pub fn base_url(&self) -> String {
        self.base_url.clone()
    }
    pub fn port(&self) -> u16 {
        self.port
    }
    pub fn corpus(&self) -> &Corpus {
        &self.corpus
    }
    pub fn corpus_arc(&self) -> Arc<Corpus> {
        self.corpus.clone()
    }
    pub fn well_known(&self) -> &crate::corpus::WellKnown {
        &self.corpus.well_known
    }
    pub fn control(&self) -> Control {
        self.control.clone()
    }

    /// Stop accepting, drop all open connections (cancelling held responses)
    /// and wait for the accept loop to finish.
    pub async fn shutdown(mut self) {
        let _ = self.shutdown.send(true);
        if let Some(t) = self.task.take() {
            let _ = t.await;
        }
    }

    /// Resolve when the server stops (it only stops via `shutdown`/drop).
    pub async fn wait(&mut self) {
        if let Some(t) = self.task.as_mut() {
            let _ = t.await;
        }
    }
}

impl Drop for StandIn {
    fn drop(&mut self) {
        let _ = self.shutdown.send(true);
    }
}

async fn accept_loop(listener: TcpListener, app: Arc<App>, mut rx: watch::Receiver<bool>) {
    loop {
        if *rx.borrow() {
            break;
        }
        tokio::select! {
            accepted = listener.accept() => {
                let (stream, _) = match accepted {
                    Ok(s) => s,
                    Err(e) => {
                        tracing::debug!("accept failed: {e}");
                        tokio::time::sleep(Duration::from_millis(5)).await;
                        continue;
                    }
                };
                let _ = stream.set_nodelay(true);
                let app = app.clone();
                let mut conn_rx = rx.clone();
                tokio::spawn(async move {
                    if *conn_rx.borrow_and_update() {
                        return;
                    }
                    let svc = service_fn(move |req| handle(app.clone(), req));
                    let conn = http1::Builder::new().keep_alive(true).serve_connection(TokioIo::new(stream), svc);
                    tokio::select! {
                        res = conn => {
                            if let Err(e) = res {
                                tracing::trace!("connection ended: {e}");
                            }
                        }
                        _ = conn_rx.changed() => {}
                    }
                });
            }
            _ = rx.changed() => {}
        }
    }
}
