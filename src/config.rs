//! Configuration, read once from the environment.
//!
//! Every value has a default that talks to production WLO. A bad value is a
//! [`ConfigError`] naming the variable and what is allowed; the binaries print
//! it as one line and exit with code 2.

use std::time::Duration;

use crate::ids::NodeId;

pub const DEFAULT_REPOSITORY_URL: &str = "https://redaktion.openeduhub.net/edu-sharing";
pub const DEFAULT_ROOT_COLLECTION_ID: &str = "5e40e372-735c-4b17-bbf7-e827a5702b57";

/// The whole runtime configuration of one process.
#[derive(Debug, Clone)]
pub struct Config {
    /// Normalised repository URL, e.g. `https://redaktion.openeduhub.net/edu-sharing`.
    pub repository_url: String,
    /// Root of the collection tree ("Portale").
    pub root_collection_id: NodeId,
    /// Candidates fetched per query variant (1–100).
    pub pool_size: u32,
    /// Timeout of one upstream request.
    pub timeout: Duration,
    /// Deadline of one whole tool call, on every transport.
    pub tool_deadline: Duration,
    /// Upstream requests in flight per process. It also bounds a burst's
    /// memory: each request in flight holds its connection buffers and, with
    /// the cache off, its body and decoded nodes (docs/performance.md).
    pub max_concurrency: usize,
    /// HTTP requests answered at once per process (`WLO_MAX_IN_FLIGHT`);
    /// one more waits up to 5 s for a place, else gets 503 with `Retry-After`. Each holds at most one 1 MiB body and
    /// what decoding it takes, so this bounds the memory of a flood
    /// (docs/hardening.md).
    pub max_in_flight: usize,
    /// Largest upstream answer body read, after gzip decoding
    /// (`WLO_MAX_RESPONSE_MB`); a larger one is a repository failure, a
    /// stored full text is cut there (src/upstream/body.rs).
    pub max_response_bytes: usize,
    /// Upstream body bytes buffered at once by the whole process
    /// (`WLO_BODY_BUDGET_MB`): a read that finds it used up fails.
    pub body_budget_bytes: usize,
    /// Cache size bound in bytes (0 disables the cache).
    pub cache_max_bytes: usize,
    /// Time-to-live of tree reads (portals, children, metadata).
    pub cache_ttl_tree: Duration,
    /// Time-to-live of search reads.
    pub cache_ttl_search: Duration,
    /// The shared cache tier (`WLO_CACHE_URL`); `None` when unset.
    pub shared_cache: Option<SharedCacheConfig>,
    /// Optional bearer token required on HTTP requests.
    pub access_token: Option<String>,
    /// Longest `text` the `fetch` tool answers, in characters (`WLO_FETCH_MAX_CHARS`).
    pub fetch_max_chars: usize,
    /// Tools offered (None = all), after `MCP_TOOL_ALLOW`.
    pub tool_allow: Option<Vec<String>>,
    /// Tools removed by `MCP_TOOL_DENY` (deny wins).
    pub tool_deny: Vec<String>,
    /// Hedged upstream reads (`WLO_HEDGE`, on unless `0`): a read slower
    /// than usual gets up to two duplicates within a budget (src/upstream/hedge.rs).
    pub hedge: bool,
    /// The hedge delay of a process that has no latency history yet.
    pub hedge_delay: Duration,
    /// MCP Apps views (`WLO_UI`, on unless `0`): `_meta.ui` on the list
    /// tools, the `ui://` resources and the view data in results (docs/ui.md).
    pub ui: bool,
    /// Threads of the async runtime of `serve`/`stdio` (`TOKIO_WORKER_THREADS`).
    /// 1 (the default) runs everything on one thread: the server waits on the
    /// upstream far more than it computes, and one thread saves the cross-thread
    /// wake-ups that cost 20–40 % of a call's CPU (docs/performance.md).
    pub worker_threads: usize,
    /// Non-fatal findings (suspicious repository URL) to log at start-up.
    pub warnings: Vec<String>,
}

/// The shared cache tier on a Redis-protocol store (src/upstream/shared.rs).
#[derive(Debug, Clone)]
pub struct SharedCacheConfig {
    /// `redis://` or `rediss://`, with user and password.
    pub url: SecretUrl,
    /// Answers above this size are not shared (`WLO_CACHE_SHARED_MAX_KB`).
    pub max_entry_bytes: usize,
    /// Bound of one read once connected (`WLO_CACHE_SHARED_TIMEOUT_MS`).
    pub op_timeout: Duration,
    /// Bound of a connect, which runs in the background (`WLO_CACHE_SHARED_CONNECT_MS`).
    pub connect_timeout: Duration,
    /// How long the write of a fresh answer may hold the answer (`WLO_CACHE_SHARED_WRITE_MS`).
    pub write_wait: Duration,
    /// How long the breaker stays open after the store failed (`WLO_CACHE_SHARED_COOLDOWN_MS`).
    pub cooldown: Duration,
}

/// A URL with a password: never printed by `Debug`.
#[derive(Clone)]
pub struct SecretUrl(String);

impl SecretUrl {
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for SecretUrl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SecretUrl(..)")
    }
}

/// One environment variable: its name, default, allowed range and meaning.
/// [`VARIABLES`] is the one list of them: parsing takes defaults and ranges
/// from it, `wlo-mcp --help` prints it, and a test holds the README table and
/// `.env.example` to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Variable {
    pub name: &'static str,
    /// The default as written in `.env.example` and the README ("" = unset).
    pub default: &'static str,
    /// Inclusive bounds of a whole-number variable.
    pub range: Option<(u64, u64)>,
    /// One line for `--help`.
    pub meaning: &'static str,
}

const fn var(name: &'static str, default: &'static str, meaning: &'static str) -> Variable {
    Variable {
        name,
        default,
        range: None,
        meaning,
    }
}

const fn num(name: &'static str, default: &'static str, min: u64, max: u64, meaning: &'static str) -> Variable {
    Variable {
        name,
        default,
        range: Some((min, max)),
        meaning,
    }
}

/// Every variable the binaries read, in the order `--help` lists them.
#[rustfmt::skip]
pub const VARIABLES: &[Variable] = &[
    var("WLO_REPOSITORY_URL", DEFAULT_REPOSITORY_URL, "edu-sharing base URL"),
    var("WLO_ROOT_COLLECTION_ID", DEFAULT_ROOT_COLLECTION_ID, "root of the collection tree, a UUID"),
    num("WLO_POOL_SIZE", "25", 1, 100, "candidates per search variant"),
    num("WLO_TIMEOUT_MS", "8000", 100, 120_000, "timeout of one upstream request"),
    num("WLO_TOOL_DEADLINE_MS", "9000", 100, 300_000, "deadline of one whole tool call"),
    num("WLO_MAX_CONCURRENCY", "64", 1, 4096, "upstream requests in flight per process"),
    num("WLO_MAX_IN_FLIGHT", "64", 1, 65_536, "HTTP requests answered at once; more wait up to 5 s, then 503"),
    num("WLO_MAX_RESPONSE_MB", "4", 1, 1024, "largest upstream answer read (after gzip decoding)"),
    num("WLO_BODY_BUDGET_MB", "12", 1, 4096, "upstream answer bytes buffered at once by the process"),
    num("WLO_CACHE_MAX_MB", "16", 0, 4096, "in-process response cache size, 0 disables"),
    num("WLO_CACHE_TTL_TREE_S", "300", 0, 86_400, "cache lifetime of portals, children, metadata"),
    num("WLO_CACHE_TTL_SEARCH_S", "60", 0, 86_400, "cache lifetime of searches"),
    var("WLO_CACHE_URL", "", "shared cache tier: redis:// or rediss:// with user and password"),
    num("WLO_CACHE_SHARED_MAX_KB", "512", 1, 65_536, "answers above this are not shared"),
    num("WLO_CACHE_SHARED_TIMEOUT_MS", "50", 1, 10_000, "bound of one shared-tier read"),
    num("WLO_CACHE_SHARED_CONNECT_MS", "500", 10, 30_000, "bound of the background connect"),
    num("WLO_CACHE_SHARED_WRITE_MS", "5", 1, 1_000, "how long the write of a fresh answer may hold it"),
    num("WLO_CACHE_SHARED_COOLDOWN_MS", "10000", 50, 3_600_000, "pause after the store failed"),
    num("WLO_HEDGE", "1", 0, 1, "hedged reads: duplicate a slow read (0 turns it off)"),
    num("WLO_HEDGE_DELAY_MS", "1000", 10, 60_000, "hedge delay before a process has latency history"),
    num("WLO_FETCH_MAX_CHARS", "100000", 1_000, 10_000_000, "longest text 'fetch' answers"),
    num("WLO_UI", "1", 0, 1, "MCP Apps views: material cards and topic pages (0 turns them off)"),
    var("WLO_MCP_TOKEN", "", "if set, HTTP requests need 'Authorization: Bearer <token>'"),
    var("MCP_TOOL_ALLOW", "", "comma list: offer only these tools ('search,fetch' for ChatGPT connectors)"),
    var("MCP_TOOL_DENY", "", "comma list: never offer these tools (wins over ALLOW)"),
    num("PORT", "3000", 0, 65_535, "HTTP port of 'serve' when --port is not given"),
    var("RUST_LOG", "info", "log filter; logs go to stderr"),
    var("WLO_LOG_FORMAT", "", "'json': one JSON object per log line (unset: text)"),
    num("TOKIO_WORKER_THREADS", "1", 1, 1024, "threads of 'serve'/'stdio' (more only for many concurrent clients)"),
];

/// The table entry of `name`. Every name the code reads is in [`VARIABLES`].
pub fn variable(name: &str) -> &'static Variable {
    VARIABLES
        .iter()
        .find(|v| v.name == name)
        .unwrap_or_else(|| panic!("{name} is not in config::VARIABLES"))
}

/// The environment section of `--help`, made from [`VARIABLES`].
pub fn env_help() -> String {
    let mut help = String::from("Environment (read once at start):");
    let width = VARIABLES.iter().map(|v| v.name.len()).max().unwrap_or(0) + 2;
    for v in VARIABLES {
        let range = v.range.map(|(min, max)| format!(" ({min}-{max})")).unwrap_or_default();
        let default = match v.default {
            "" => String::new(),
            default => format!(" [default: {default}]"),
        };
        help.push_str(&format!("\n  {:<width$}{}{range}{default}", v.name, v.meaning));
    }
    help
}

/// Parse the whole-number variable `name` (default and range from [`VARIABLES`]).
pub fn number(lookup: impl Fn(&str) -> Option<String>, name: &str) -> Result<u64, ConfigError> {
    let v = variable(name);
    let (min, max) = v.range.unwrap_or((0, u64::MAX));
    let value = lookup(name).filter(|value| !value.trim().is_empty());
    let Some(value) = value else {
        return Ok(v.default.parse().expect("VARIABLES holds a numeric default"));
    };
    match value.trim().parse::<u64>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(ConfigError {
            variable: v.name,
            message: format!("'{}' is not a whole number from {min} to {max}", value.trim()),
        }),
    }
}

/// The port of `serve` from `PORT`.
pub fn port_from_env() -> Result<u16, ConfigError> {
    number(|name| std::env::var(name).ok(), "PORT").map(|port| port as u16)
}

/// A configuration value that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError {
    pub variable: &'static str,
    pub message: String,
}

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "invalid {}: {}", self.variable, self.message)
    }
}

impl std::error::Error for ConfigError {}

impl Config {
    /// Read the configuration from the process environment.
    pub fn from_env() -> Result<Config, ConfigError> {
        Self::from_lookup(|name| std::env::var(name).ok())
    }

    /// Read the configuration through `lookup` (tests pass a map).
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let get = |name: &str| lookup(name).filter(|v| !v.trim().is_empty());

        let raw_url = get("WLO_REPOSITORY_URL").unwrap_or_else(|| variable("WLO_REPOSITORY_URL").default.into());
        let (repository_url, warnings) = normalize_repository_url(&raw_url).map_err(|message| ConfigError {
            variable: "WLO_REPOSITORY_URL",
            message,
        })?;

        let root = get("WLO_ROOT_COLLECTION_ID").unwrap_or_else(|| DEFAULT_ROOT_COLLECTION_ID.into());
        let root_collection_id = NodeId::parse(&root).ok_or_else(|| ConfigError {
            variable: "WLO_ROOT_COLLECTION_ID",
            message: format!("'{}' is not a UUID", root.trim()),
        })?;

        let number = |name: &str| self::number(get, name);

        let list = |name: &str| -> Option<Vec<String>> {
            get(name).map(|v| {
                v.split(',')
                    .map(|s| s.trim().to_string())
                    .filter(|s| !s.is_empty())
                    .collect()
            })
        };

        let shared_cache = match get("WLO_CACHE_URL") {
            None => None,
            Some(url) => Some(SharedCacheConfig {
                url: shared_cache_url(&url)?,
                max_entry_bytes: number("WLO_CACHE_SHARED_MAX_KB")? as usize * 1024,
                op_timeout: Duration::from_millis(number("WLO_CACHE_SHARED_TIMEOUT_MS")?),
                connect_timeout: Duration::from_millis(number("WLO_CACHE_SHARED_CONNECT_MS")?),
                write_wait: Duration::from_millis(number("WLO_CACHE_SHARED_WRITE_MS")?),
                cooldown: Duration::from_millis(number("WLO_CACHE_SHARED_COOLDOWN_MS")?),
            }),
        };

        Ok(Config {
            repository_url,
            root_collection_id,
            pool_size: number("WLO_POOL_SIZE")? as u32,
            timeout: Duration::from_millis(number("WLO_TIMEOUT_MS")?),
            tool_deadline: Duration::from_millis(number("WLO_TOOL_DEADLINE_MS")?),
            max_concurrency: number("WLO_MAX_CONCURRENCY")? as usize,
            max_in_flight: number("WLO_MAX_IN_FLIGHT")? as usize,
            max_response_bytes: number("WLO_MAX_RESPONSE_MB")? as usize * 1024 * 1024,
            body_budget_bytes: number("WLO_BODY_BUDGET_MB")? as usize * 1024 * 1024,
            cache_max_bytes: number("WLO_CACHE_MAX_MB")? as usize * 1024 * 1024,
            cache_ttl_tree: Duration::from_secs(number("WLO_CACHE_TTL_TREE_S")?),
            cache_ttl_search: Duration::from_secs(number("WLO_CACHE_TTL_SEARCH_S")?),
            shared_cache,
            access_token: get("WLO_MCP_TOKEN").map(|t| t.trim().to_string()),
            fetch_max_chars: number("WLO_FETCH_MAX_CHARS")? as usize,
            tool_allow: list("MCP_TOOL_ALLOW"),
            tool_deny: list("MCP_TOOL_DENY").unwrap_or_default(),
            hedge: number("WLO_HEDGE")? == 1,
            hedge_delay: Duration::from_millis(number("WLO_HEDGE_DELAY_MS")?),
            ui: number("WLO_UI")? == 1,
            worker_threads: number("TOKIO_WORKER_THREADS")? as usize,
            warnings,
        })
    }

    /// REST base: `<repository>/rest`.
    pub fn rest_base(&self) -> String {
        format!("{}/rest", self.repository_url)
    }

    /// Is tool `name` offered by this deployment (`MCP_TOOL_ALLOW` / `MCP_TOOL_DENY`)?
    pub fn tool_enabled(&self, name: &str) -> bool {
        let allowed = self
            .tool_allow
            .as_ref()
            .is_none_or(|allow| allow.iter().any(|a| a == name));
        allowed && !self.tool_deny.iter().any(|d| d == name)
    }
}

/// Check `WLO_CACHE_URL` without ever echoing it (it holds a password).
fn shared_cache_url(raw: &str) -> Result<SecretUrl, ConfigError> {
    let error = |message: &str| ConfigError {
        variable: "WLO_CACHE_URL",
        message: message.into(),
    };
    let raw = raw.trim();
    let url = url::Url::parse(raw).map_err(|_| error("not a URL (expected redis://… or rediss://…)"))?;
    if !matches!(url.scheme(), "redis" | "rediss") {
        return Err(error("must start with redis:// or rediss://"));
    }
    if url.host_str().is_none_or(str::is_empty) {
        return Err(error("has no host"));
    }
    Ok(SecretUrl(raw.to_owned()))
}

/// Normalise `WLO_REPOSITORY_URL`: trim, add `https://` when no scheme is
/// given, strip trailing slashes and one trailing `/rest`. Returns the URL and
/// warnings for inputs that look like a deep link.
pub fn normalize_repository_url(raw: &str) -> Result<(String, Vec<String>), String> {
    let mut url = raw.trim().to_string();
    if url.is_empty() {
        return Err("the URL is empty".into());
    }
    if url.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(format!("'{url}' contains whitespace"));
    }
    if !url.contains("://") {
        url = format!("https://{url}");
    }
    let lower = url.to_ascii_lowercase();
    if !(lower.starts_with("http://") || lower.starts_with("https://")) {
        return Err(format!("'{url}' must be an http or https URL"));
    }
    let trim_slashes = |s: &mut String| {
        while s.ends_with('/') {
            s.pop();
        }
    };
    trim_slashes(&mut url);
    if url.to_ascii_lowercase().ends_with("/rest") {
        url.truncate(url.len() - "/rest".len());
        trim_slashes(&mut url);
    }
    let host = url.split_once("://").map_or("", |(_, rest)| rest);
    if host.is_empty() || host.starts_with('/') {
        return Err(format!("'{}' has no host", raw.trim()));
    }
    // Credentials in the URL would surface in logs and in wlo_health_check.
    if host.split('/').next().unwrap_or("").contains('@') {
        return Err("credentials in the URL (user:password@) are not supported".into());
    }
    let mut warnings = Vec::new();
    if url.contains("/components") {
        warnings.push(format!(
            "WLO_REPOSITORY_URL '{url}' contains /components: it should be the repository base (…/edu-sharing), not a frontend link"
        ));
    }
    if url.matches("/edu-sharing").count() > 1 {
        warnings.push(format!("WLO_REPOSITORY_URL '{url}' contains /edu-sharing twice"));
    }
    Ok((url, warnings))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn config(vars: &[(&str, &str)]) -> Result<Config, ConfigError> {
        let map: HashMap<String, String> = vars.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        Config::from_lookup(|name| map.get(name).cloned())
    }

    #[test]
    fn defaults() {
        let c = config(&[]).unwrap();
        assert_eq!(c.repository_url, DEFAULT_REPOSITORY_URL);
        assert_eq!(c.rest_base(), format!("{DEFAULT_REPOSITORY_URL}/rest"));
        assert_eq!(c.root_collection_id.as_str(), DEFAULT_ROOT_COLLECTION_ID);
        assert_eq!(c.pool_size, 25);
        assert_eq!(c.timeout, Duration::from_millis(8000));
        assert_eq!(c.tool_deadline, Duration::from_millis(9000));
        assert_eq!(c.worker_threads, 1);
        assert_eq!(c.fetch_max_chars, 100_000);
        assert_eq!(
            config(&[("WLO_FETCH_MAX_CHARS", "5000")]).unwrap().fetch_max_chars,
            5000
        );
        assert_eq!(
            config(&[("WLO_FETCH_MAX_CHARS", "10")]).unwrap_err().variable,
            "WLO_FETCH_MAX_CHARS"
        );
        assert_eq!(c.max_response_bytes, 4 << 20);
        assert_eq!(c.body_budget_bytes, 12 << 20);
        assert_eq!(
            config(&[("WLO_MAX_RESPONSE_MB", "0")]).unwrap_err().variable,
            "WLO_MAX_RESPONSE_MB"
        );
        assert_eq!(
            config(&[("WLO_BODY_BUDGET_MB", "8")]).unwrap().body_budget_bytes,
            8 << 20
        );
        assert!(c.hedge);
        assert_eq!(c.hedge_delay, Duration::from_millis(1000));
        assert!(!config(&[("WLO_HEDGE", "0")]).unwrap().hedge);
        assert_eq!(config(&[("WLO_HEDGE", "yes")]).unwrap_err().variable, "WLO_HEDGE");
        assert!(config(&[]).unwrap().ui);
        assert!(!config(&[("WLO_UI", "0")]).unwrap().ui);
        assert_eq!(config(&[("WLO_UI", "off")]).unwrap_err().variable, "WLO_UI");
        assert!(c.warnings.is_empty());
        assert_eq!(config(&[("TOKIO_WORKER_THREADS", " 4 ")]).unwrap().worker_threads, 4);
    }

    #[test]
    fn url_normalisation() {
        let n = |s: &str| normalize_repository_url(s).unwrap().0;
        assert_eq!(
            n("  repo.example/edu-sharing/rest/ "),
            "https://repo.example/edu-sharing"
        );
        assert_eq!(n("http://x/edu-sharing///"), "http://x/edu-sharing");
        assert_eq!(n("https://x/edu-sharing/REST"), "https://x/edu-sharing");
        assert_eq!(n("https://x/edu-sharing/rest/rest"), "https://x/edu-sharing/rest");
        assert!(normalize_repository_url("ftp://x").is_err());
        assert!(normalize_repository_url("https://").is_err());
        assert!(normalize_repository_url("https://user:secret@x/edu-sharing").is_err());
        assert!(normalize_repository_url("https://x/edu-sharing/a@b").is_ok());
        let (_, w) = normalize_repository_url("https://x/edu-sharing/components/render").unwrap();
        assert_eq!(w.len(), 1);
        let (_, w) = normalize_repository_url("https://x/edu-sharing/edu-sharing").unwrap();
        assert_eq!(w.len(), 1);
    }

    #[test]
    fn bad_values_name_the_variable() {
        assert_eq!(config(&[("WLO_POOL_SIZE", "0")]).unwrap_err().variable, "WLO_POOL_SIZE");
        assert_eq!(
            config(&[("WLO_POOL_SIZE", "abc")]).unwrap_err().variable,
            "WLO_POOL_SIZE"
        );
        assert_eq!(config(&[("WLO_POOL_SIZE", "100")]).unwrap().pool_size, 100);
        assert_eq!(
            config(&[("WLO_ROOT_COLLECTION_ID", "root")]).unwrap_err().variable,
            "WLO_ROOT_COLLECTION_ID"
        );
        assert_eq!(
            config(&[("WLO_TIMEOUT_MS", "-5")]).unwrap_err().variable,
            "WLO_TIMEOUT_MS"
        );
    }

    #[test]
    fn shared_cache_settings() {
        assert!(config(&[]).unwrap().shared_cache.is_none());
        let c = config(&[("WLO_CACHE_URL", "rediss://default:pw@eu1.example:6379")]).unwrap();
        let shared = c.shared_cache.unwrap();
        assert_eq!(shared.url.expose(), "rediss://default:pw@eu1.example:6379");
        assert_eq!(shared.max_entry_bytes, 512 * 1024);
        assert_eq!(shared.op_timeout, Duration::from_millis(50));
        assert_eq!(shared.connect_timeout, Duration::from_millis(500));
        assert_eq!(shared.write_wait, Duration::from_millis(5));
        assert!(!format!("{shared:?}").contains("pw"), "Debug never shows the password");
        for bad in ["http://x", "redis://", "not a url", "rediss:///0"] {
            let e = config(&[("WLO_CACHE_URL", bad)]).unwrap_err();
            assert_eq!(e.variable, "WLO_CACHE_URL", "{bad}");
        }
        let e = config(&[("WLO_CACHE_URL", "https://user:topsecret@x")]).unwrap_err();
        assert!(!e.to_string().contains("topsecret"));
        // WLO_CACHE_MAX_MB=0 turns off the in-process tier only.
        let c = config(&[("WLO_CACHE_URL", "redis://127.0.0.1:1"), ("WLO_CACHE_MAX_MB", "0")]).unwrap();
        assert_eq!(c.cache_max_bytes, 0);
        assert!(c.shared_cache.is_some());
    }

    #[test]
    fn tool_filtering() {
        let c = config(&[("MCP_TOOL_ALLOW", "a, b"), ("MCP_TOOL_DENY", "b")]).unwrap();
        assert!(c.tool_enabled("a"));
        assert!(!c.tool_enabled("b"));
        assert!(!c.tool_enabled("c"));
    }
}
