//! What a result of a modern request (protocol revision 2026-07-28 or later)
//! carries besides its data (docs/protocol.md):
//!
//! - `io.modelcontextprotocol/serverInfo` in its `_meta`, beside what is
//!   there already (the views' data): `basic/index.mdx` of the revision asks
//!   for it on every result;
//! - on the cacheable results (the lists, `resources/read`, and
//!   `server/discover`), caching hints that say how long the result stays
//!   true ([`Hint`]), where rmcp's default says "stale at once, private".
//!
//! Results of older revisions stay as they were: they have no such fields.
//! Errors and results without `_meta` (`logging/setLevel`'s empty object)
//! are left alone.

use std::borrow::Cow;

use rmcp::RoleServer;
use rmcp::model::{
    CacheScope, CallToolResult, CompleteResult, GetPromptResult, Implementation, ListPromptsResult,
    ListResourceTemplatesResult, ListResourcesResult, ListToolsResult, MetaObject, ProtocolVersion, ReadResourceResult,
};
use rmcp::service::RequestContext;

use crate::app::App;

use super::resources::{PORTALS_URI, VOCABULARY_PREFIX};
use super::ui;

/// The `_meta` key of the server's identity on a modern result.
pub const SERVER_INFO_KEY: &str = "io.modelcontextprotocol/serverInfo";

/// How long a result that changes only with a deployment stays fresh: one
/// hour (docs/protocol.md says why).
pub const STATIC_TTL_MS: u64 = 3_600_000;

/// The server's name and version, as `initialize`, `server/discover` and
/// every modern result name them.
pub fn implementation() -> Implementation {
    Implementation::new("wlo-mcp", env!("CARGO_PKG_VERSION"))
}

/// The protocol versions this server speaks: every version rmcp knows, so
/// the list rmcp checks over stdio and the one the HTTP header rule checks
/// (`transport::http::protocol_version`) are one list.
pub fn supported_versions() -> Cow<'static, [ProtocolVersion]> {
    Cow::Borrowed(ProtocolVersion::KNOWN_VERSIONS)
}

/// Whether the request of `context` speaks revision 2026-07-28 or later: the
/// test rmcp applies before it fills in caching hints, so both agree.
pub fn is_modern(context: &RequestContext<RoleServer>) -> bool {
    context
        .protocol_version()
        .is_some_and(|version| version.as_str() >= ProtocolVersion::V_2026_07_28.as_str())
}

/// A caching hint: `ttlMs` and `cacheScope`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hint {
    pub ttl_ms: u64,
    pub scope: CacheScope,
}

impl Hint {
    /// The same for every caller until the next deployment: the tool,
    /// prompt and resource lists, the server's description, the
    /// vocabularies and the views.
    pub const STATIC: Hint = Hint {
        ttl_ms: STATIC_TTL_MS,
        scope: CacheScope::Public,
    };
    /// Stale at once (rmcp's default).
    pub const UNCACHED: Hint = Hint {
        ttl_ms: 0,
        scope: CacheScope::Private,
    };

    /// The hint of a `resources/read` of `uri`: the vocabularies and views
    /// are compiled in ([`Hint::STATIC`]); the portals are what the
    /// repository cache holds, fresh as long as it keeps them
    /// (`WLO_CACHE_TTL_TREE_S`), and stale at once when nothing caches them.
    pub fn of_resource(app: &App, uri: &str) -> Hint {
        let uri = uri.trim();
        if uri == PORTALS_URI {
            let config = &app.config;
            let cached = config.cache_max_bytes > 0 || config.shared_cache.is_some();
            let ttl_ms = config.cache_ttl_tree.as_millis() as u64;
            return if cached && ttl_ms > 0 {
                Hint {
                    ttl_ms,
                    scope: CacheScope::Public,
                }
            } else {
                Hint::UNCACHED
            };
        }
        if uri.starts_with(VOCABULARY_PREFIX) || ui::read(app, uri).is_some() {
            return Hint::STATIC;
        }
        Hint::UNCACHED
    }
}

/// A result with a `_meta` map.
pub trait WithMeta {
    fn meta_mut(&mut self) -> &mut Option<MetaObject>;
}

/// A result with caching hints.
pub trait Cacheable: WithMeta {
    fn hint_mut(&mut self) -> (&mut Option<u64>, &mut Option<CacheScope>);
}

macro_rules! with_meta {
    ($($result:ty),*) => {$(
        impl WithMeta for $result {
            fn meta_mut(&mut self) -> &mut Option<MetaObject> {
                &mut self.meta
            }
        }
    )*};
}

macro_rules! cacheable {
    ($($result:ty),*) => {$(
        with_meta!($result);
        impl Cacheable for $result {
            fn hint_mut(&mut self) -> (&mut Option<u64>, &mut Option<CacheScope>) {
                (&mut self.ttl_ms, &mut self.cache_scope)
            }
        }
    )*};
}

with_meta!(CallToolResult, GetPromptResult, CompleteResult);
cacheable!(
    ListToolsResult,
    ListPromptsResult,
    ListResourcesResult,
    ListResourceTemplatesResult,
    ReadResourceResult
);

/// `result` as the request of `context` gets it: with the server's identity
/// in `_meta` when the request is modern, unchanged otherwise.
pub fn finish<R: WithMeta>(context: &RequestContext<RoleServer>, mut result: R) -> R {
    if is_modern(context) {
        stamp_server_info(result.meta_mut());
    }
    result
}

/// [`finish`], and for a modern request the caching `hint` too.
pub fn finish_cacheable<R: Cacheable>(context: &RequestContext<RoleServer>, mut result: R, hint: Hint) -> R {
    if is_modern(context) {
        stamp_server_info(result.meta_mut());
        let (ttl_ms, scope) = result.hint_mut();
        *ttl_ms = Some(hint.ttl_ms);
        *scope = Some(hint.scope);
    }
    result
}

/// Adds the server's identity to `meta`, keeping every other key.
fn stamp_server_info(meta: &mut Option<MetaObject>) {
    let info = serde_json::to_value(implementation()).unwrap_or_default();
    meta.get_or_insert_with(MetaObject::new)
        .0
        .insert(SERVER_INFO_KEY.into(), info);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;

    fn app(vars: &[(&str, &str)]) -> std::sync::Arc<App> {
        let config =
            Config::from_lookup(|name| vars.iter().find(|(k, _)| *k == name).map(|(_, v)| v.to_string())).unwrap();
        App::new(config)
    }

    #[test]
    fn the_portals_are_fresh_as_long_as_the_cache_keeps_them() {
        let cached = app(&[("WLO_CACHE_TTL_TREE_S", "120")]);
        assert_eq!(
            Hint::of_resource(&cached, PORTALS_URI),
            Hint {
                ttl_ms: 120_000,
                scope: CacheScope::Public
            }
        );
        for off in [app(&[("WLO_CACHE_MAX_MB", "0")]), app(&[("WLO_CACHE_TTL_TREE_S", "0")])] {
            assert_eq!(Hint::of_resource(&off, PORTALS_URI), Hint::UNCACHED);
        }
        // The shared tier alone keeps them too.
        let shared = app(&[("WLO_CACHE_MAX_MB", "0"), ("WLO_CACHE_URL", "redis://127.0.0.1:1")]);
        assert_eq!(Hint::of_resource(&shared, PORTALS_URI).ttl_ms, 300_000);
    }

    #[test]
    fn compiled_in_resources_are_static() {
        let app = app(&[]);
        for uri in ["wlo://vocabulary/discipline", ui::CARDS_URI, ui::TOPIC_PAGE_URI] {
            assert_eq!(Hint::of_resource(&app, uri), Hint::STATIC, "{uri}");
        }
        let no_views = self::app(&[("WLO_UI", "0")]);
        assert_eq!(Hint::of_resource(&no_views, ui::CARDS_URI), Hint::UNCACHED);
    }

    #[test]
    fn server_info_joins_what_meta_holds() {
        let mut meta = Some(ui::result_meta(serde_json::json!({"cards": []})));
        stamp_server_info(&mut meta);
        let meta = serde_json::to_value(meta).unwrap();
        assert_eq!(meta[SERVER_INFO_KEY]["name"], "wlo-mcp");
        assert_eq!(meta.as_object().unwrap().len(), 2, "{meta}");
    }
}
