//! Feed arbitrary JSON to the argument parser and to every tool.
//!
//! A JSON object becomes the `arguments` of each tool, run through
//! `tools::call_by_name` (deadline, panic guard) against a loopback port
//! nobody listens on; every accessor of `Args` is exercised on every
//! argument name. Nothing may panic, every answer has text, and parsed values
//! keep their contracts (clamped numbers, bare lower-case UUIDs).

#![no_main]

use std::collections::BTreeSet;
use std::sync::{Arc, OnceLock};

use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use wlo_mcp::app::App;
use wlo_mcp::config::Config;
use wlo_mcp::ids;
use wlo_mcp::tools::{self, Args, Format};

struct State {
    runtime: tokio::runtime::Runtime,
    app: Arc<App>,
    names: Vec<String>,
}

fn state() -> &'static State {
    static STATE: OnceLock<State> = OnceLock::new();
    STATE.get_or_init(|| {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("runtime");
        let config = Config::from_lookup(|name| match name {
            "WLO_REPOSITORY_URL" => Some("http://127.0.0.1:1/edu-sharing".into()),
            "WLO_TIMEOUT_MS" => Some("200".into()),
            "WLO_TOOL_DEADLINE_MS" => Some("300".into()),
            "WLO_CACHE_MAX_MB" => Some("0".into()),
            _ => None,
        })
        .expect("config");
        let app = runtime.block_on(async { App::new(config) });
        let mut names = BTreeSet::new();
        for entry in tools::TOOLS {
            if let Some(properties) = (entry.spec)().input_schema["properties"].as_object() {
                names.extend(properties.keys().cloned());
            }
        }
        State {
            runtime,
            app,
            names: names.into_iter().collect(),
        }
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(Value::Object(map)) = serde_json::from_slice::<Value>(data) else {
        return;
    };
    let state = state();
    let args = Args::new(map.clone());
    for key in state
        .names
        .iter()
        .map(String::as_str)
        .chain(map.keys().map(String::as_str))
    {
        if let Ok(n) = args.integer(key, -10, 100, 0) {
            assert!((-10..=100).contains(&n));
        }
        if let Ok(Some(text)) = args.optional_text(key, 200) {
            assert!(text.chars().count() <= 200 && !text.is_empty());
        }
        if let Ok(id) = args.node_id(key) {
            assert!(ids::is_uuid(&id) && id == id.to_ascii_lowercase());
        }
        if let Ok(list) = args.string_list(key, 50) {
            assert!(list.len() <= 50);
        }
        let _ = args.boolean(key, false);
        let _ = args.choice(key, &["a", "b"]);
    }
    if let Ok(list) = args.exclude_ids() {
        assert!(list.iter().all(|id| ids::is_uuid(id)));
    }
    let _ = args.format(Format::Markdown);

    state.runtime.block_on(async {
        for entry in tools::TOOLS {
            let name = (entry.spec)().name;
            let response = tools::call_by_name(&state.app, name, Args::new(map.clone()))
                .await
                .expect("every tool is enabled");
            assert!(
                !response.rendered_text().is_empty(),
                "{name} answered nothing"
            );
        }
    });
});
