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
    /// Cache size bound in bytes (0 disables the cache).
    pub cache_max_bytes: usize,
    /// Time-to-live of tree reads (portals, children, metadata).
    pub cache_ttl_tree: Duration,
    /// Time-to-live of search reads.
    pub cache_ttl_search: Duration,
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
    /// Threads of the async runtime of `serve`/`stdio` (`TOKIO_WORKER_THREADS`).
    /// 1 (the default) runs everything on one thread: the server waits on the
    /// upstream far more than it computes, and one thread saves the cross-thread
    /// wake-ups that cost 20–40 % of a call's CPU (docs/performance.md).
    pub worker_threads: usize,
    /// Non-fatal findings (suspicious repository URL) to log at start-up.
    pub warnings: Vec<String>,
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

        let raw_url = get("WLO_REPOSITORY_URL").unwrap_or_else(|| DEFAULT_REPOSITORY_URL.into());
        let (repository_url, warnings) = normalize_repository_url(&raw_url).map_err(|message| ConfigError {
            variable: "WLO_REPOSITORY_URL",
            message,
        })?;

        let root = get("WLO_ROOT_COLLECTION_ID").unwrap_or_else(|| DEFAULT_ROOT_COLLECTION_ID.into());
        let root_collection_id = NodeId::parse(&root).ok_or_else(|| ConfigError {
            variable: "WLO_ROOT_COLLECTION_ID",
            message: format!("'{}' is not a UUID", root.trim()),
        })?;

        let number = |name: &'static str, default: u64, min: u64, max: u64| -> Result<u64, ConfigError> {
            match get(name) {
                None => Ok(default),
                Some(value) => match value.trim().parse::<u64>() {
                    Ok(n) if (min..=max).contains(&n) => Ok(n),
                    _ => Err(ConfigError {
                        variable: name,
                        message: format!("'{}' is not a whole number from {min} to {max}", value.trim()),
                    }),
                },
            }
        };

        let list = |name: &str| -> Option<Vec<String>> {
            get(name).map(|v| {
                v.split(',')
                    .map(|s| s.trim().to_string())
                    .filter(|s| !s.is_empty())
                    .collect()
            })
        };

        Ok(Config {
            repository_url,
            root_collection_id,
            pool_size: number("WLO_POOL_SIZE", 25, 1, 100)? as u32,
            timeout: Duration::from_millis(number("WLO_TIMEOUT_MS", 8000, 100, 120_000)?),
            tool_deadline: Duration::from_millis(number("WLO_TOOL_DEADLINE_MS", 9000, 100, 300_000)?),
            max_concurrency: number("WLO_MAX_CONCURRENCY", 64, 1, 4096)? as usize,
            max_in_flight: number("WLO_MAX_IN_FLIGHT", 64, 1, 65_536)? as usize,
            cache_max_bytes: number("WLO_CACHE_MAX_MB", 16, 0, 4096)? as usize * 1024 * 1024,
            cache_ttl_tree: Duration::from_secs(number("WLO_CACHE_TTL_TREE_S", 300, 0, 86_400)?),
            cache_ttl_search: Duration::from_secs(number("WLO_CACHE_TTL_SEARCH_S", 60, 0, 86_400)?),
            access_token: get("WLO_MCP_TOKEN").map(|t| t.trim().to_string()),
            fetch_max_chars: number("WLO_FETCH_MAX_CHARS", 100_000, 1_000, 10_000_000)? as usize,
            tool_allow: list("MCP_TOOL_ALLOW"),
            tool_deny: list("MCP_TOOL_DENY").unwrap_or_default(),
            hedge: number("WLO_HEDGE", 1, 0, 1)? == 1,
            hedge_delay: Duration::from_millis(number("WLO_HEDGE_DELAY_MS", 1000, 10, 60_000)?),
            worker_threads: number("TOKIO_WORKER_THREADS", 1, 1, 1024)? as usize,
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
        assert!(c.hedge);
        assert_eq!(c.hedge_delay, Duration::from_millis(1000));
        assert!(!config(&[("WLO_HEDGE", "0")]).unwrap().hedge);
        assert_eq!(config(&[("WLO_HEDGE", "yes")]).unwrap_err().variable, "WLO_HEDGE");
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
    fn tool_filtering() {
        let c = config(&[("MCP_TOOL_ALLOW", "a, b"), ("MCP_TOOL_DENY", "b")]).unwrap();
        assert!(c.tool_enabled("a"));
        assert!(!c.tool_enabled("b"));
        assert!(!c.tool_enabled("c"));
    }
}
