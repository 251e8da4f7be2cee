//! `wlo_health_check`: one uncached metadata read of the root collection.

use std::time::SystemTime;

use serde_json::json;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::ToolResponse;
use super::messages::{self, German};
use crate::app::App;
use crate::navigation::details;
use crate::upstream::{SharedHealth, UpstreamError};

pub const NAME: &str = "wlo_health_check";
pub const TITLE: &str = "WLO-Status prüfen";
pub const DESCRIPTION: &str = "Is the WLO repository up? Reads the root collection once: JSON {ok, repositoryUrl, baseUrl, rootNodeId, rootResolved, latencyMs, checkedAt}. Tells 'WLO is down' apart from 'no hits'.";

/// `wlo_health_check` takes no arguments (any it gets are ignored).
#[derive(Deserialize, JsonSchema)]
pub(super) struct NoParams {}

/// It takes no arguments.
pub(super) type Params = NoParams;

pub(super) async fn call(app: &App, _params: Params) -> ToolResponse {
    let check = details::root_check(app).await;
    let latency_ms = check.latency.as_millis() as u64;
    let checked_at = iso8601_utc(SystemTime::now());
    let (root_resolved, error) = match check.root {
        Ok(title) => (Some(title), None),
        Err(UpstreamError::NotFound) => (
            None,
            Some(messages::root_not_found(app.config.root_collection_id.as_str())),
        ),
        Err(other) => (None, Some(other.german())),
    };
    // Only when configured, so that the answer without a shared tier stays as it was.
    let shared_cache = check.shared.map(SharedCacheView::from);
    let ok = error.is_none();
    let view = HealthView {
        ok,
        repository_url: &app.config.repository_url,
        base_url: app.config.rest_base(),
        root_node_id: &app.config.root_collection_id,
        root_resolved,
        error,
        latency_ms,
        shared_cache,
        checked_at,
    };
    ToolResponse::json(json!(view)).with_error(!ok)
}

/// The JSON answer, in documented key order (`rootResolved` is null and
/// `error` present when the read failed).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct HealthView<'a> {
    ok: bool,
    repository_url: &'a str,
    base_url: String,
    root_node_id: &'a str,
    root_resolved: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    latency_ms: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    shared_cache: Option<SharedCacheView>,
    checked_at: String,
}

/// The shared cache tier (`WLO_CACHE_URL`): a bounded PING. Its state never
/// changes `ok`: without the store, calls go to WLO.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SharedCacheView {
    ok: bool,
    latency_ms: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

impl From<SharedHealth> for SharedCacheView {
    fn from(health: SharedHealth) -> Self {
        SharedCacheView {
            ok: health.ok,
            latency_ms: health.latency_ms,
            error: (!health.ok).then(|| health.german()),
        }
    }
}

/// `2026-04-27T16:28:04.108Z`: ISO-8601 UTC with milliseconds.
pub fn iso8601_utc(time: SystemTime) -> String {
    let since = time.duration_since(SystemTime::UNIX_EPOCH).unwrap_or_default();
    let secs = since.as_secs() as i64;
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // Civil-from-days (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{:03}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60,
        since.subsec_millis()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn timestamps() {
        let t = SystemTime::UNIX_EPOCH + Duration::from_millis(1_777_307_284_108);
        assert_eq!(iso8601_utc(t), "2026-04-27T16:28:04.108Z");
        assert_eq!(iso8601_utc(SystemTime::UNIX_EPOCH), "1970-01-01T00:00:00.000Z");
        let leap = SystemTime::UNIX_EPOCH + Duration::from_secs(951_782_400); // 2000-02-29
        assert_eq!(iso8601_utc(leap), "2000-02-29T00:00:00.000Z");
    }
}
