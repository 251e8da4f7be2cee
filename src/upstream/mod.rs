//! The edu-sharing REST client: typed reads, timeouts, classified errors.
//!
//! One [`EduSharing`] per process holds the single shared HTTP client (rustls
//! with compiled-in roots, gzip, keep-alive; `client.rs`), the per-process concurrency bound and the response
//! cache. Every read goes through `fetch_json` (`send.rs`), which applies, in
//! order: the cache (with coalescing), the optional shared tier on Redis
//! ([`shared`]), the tool call's fan-out bound, the
//! process-wide bound, and a timeout of min(`WLO_TIMEOUT_MS`, time left
//! before the tool deadline). A read that is slower than usual gets up to
//! two duplicate requests within a budget ([`hedge`]).
//!
//! - `reads.rs`: one typed read per endpoint, and what it asks for;
//! - `request.rs`: one request (URL, body, cache key);
//! - `send.rs`: the way of a request to the repository and back;
//! - `body.rs`: reading an answer body within the per-read cap and the
//!   process's budget;
//! - [`answers`]: the answer bodies around nodes (the nodes themselves are
//!   [`crate::node`]).

pub mod answers;
mod body;
pub mod cache;
mod client;
mod cut_text;
pub mod error;
pub mod facet_list;
pub mod hedge;
mod reads;
mod request;
pub mod scope;
mod send;
pub mod shared;

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Semaphore;

pub use answers::{ListedNode, NodeList, Pagination, StoredText, TitleList, Usage, UsageList};
pub use cache::{Cache, CacheOutcome};
pub use error::{Oversize, PartialFailure, UpstreamError};
pub use facet_list::FacetList;
pub use hedge::HedgeClass;
use hedge::Hedger;
pub use reads::{ChildFilter, DISPLAY_PROPS, Props, TOPIC_PAGE_PROPS, listed_id};
pub use request::Criterion;
pub use scope::CallScope;
pub use shared::{SharedHealth, SharedTier};

/// The reads answer with the node model.
pub use crate::node::{Node, Titled};

use crate::config::Config;

/// See the module docs.
pub struct EduSharing {
    /// Built at start: with the roots compiled in that is cheap, and the
    /// first call then costs what a later one does (`client.rs`).
    http: reqwest::Client,
    rest_base: String,
    timeout: Duration,
    ttl_tree: Duration,
    ttl_search: Duration,
    process_limit: Arc<Semaphore>,
    /// `WLO_MAX_RESPONSE_MB` in bytes.
    max_response: usize,
    body_budget: body::Budget,
    cache: Cache,
    /// The shared tier behind `cache`; `None` without `WLO_CACHE_URL`.
    shared: Option<SharedTier>,
    /// `None` when `WLO_HEDGE=0`.
    hedger: Option<Hedger>,
}

impl EduSharing {
    pub fn new(config: &Config) -> EduSharing {
        EduSharing {
            http: client::http_client(),
            rest_base: config.rest_base(),
            timeout: config.timeout,
            ttl_tree: config.cache_ttl_tree,
            ttl_search: config.cache_ttl_search,
            process_limit: Arc::new(Semaphore::new(config.max_concurrency)),
            max_response: config.max_response_bytes,
            body_budget: body::Budget::new(config.body_budget_bytes),
            cache: Cache::new(config.cache_max_bytes),
            shared: config
                .shared_cache
                .clone()
                .map(|settings| SharedTier::new(settings, &config.repository_url)),
            hedger: config.hedge.then(|| Hedger::new(config.hedge_delay)),
        }
    }

    fn http(&self) -> &reqwest::Client {
        &self.http
    }

    pub fn rest_base(&self) -> &str {
        &self.rest_base
    }

    pub fn cache(&self) -> &Cache {
        &self.cache
    }

    pub fn shared(&self) -> Option<&SharedTier> {
        self.shared.as_ref()
    }
}
