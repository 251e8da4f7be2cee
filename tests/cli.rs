//! The command line contract: --version, --help, configuration errors,
//! `serve` (startup line, --port/PORT, graceful SIGTERM), `stdio`, `tools`, `call`.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::*;
use serde_json::{Value, json};

fn wlo() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_wlo-mcp"));
    for var in [
        "PORT",
        "WLO_MCP_TOKEN",
        "MCP_TOOL_ALLOW",
        "MCP_TOOL_DENY",
        "WLO_REPOSITORY_URL",
        "WLO_POOL_SIZE",
    ] {
        c.env_remove(var);
    }
    c.env("RUST_LOG", "warn");
    c
}

#[test]
fn version_and_help() {
    let out = wlo().arg("--version").output().unwrap();
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        format!("wlo-mcp {}", env!("CARGO_PKG_VERSION"))
    );
    for args in [
        vec!["--help"],
        vec!["serve", "--help"],
        vec!["stdio", "--help"],
        vec!["call", "--help"],
    ] {
        let out = wlo().args(&args).output().unwrap();
        assert!(out.status.success(), "{args:?}");
        let help = String::from_utf8_lossy(&out.stdout);
        for var in [
            "WLO_REPOSITORY_URL",
            "WLO_POOL_SIZE",
            "WLO_TOOL_DEADLINE_MS",
            "RUST_LOG",
            "TOKIO_WORKER_THREADS",
        ] {
            if args[0] != "--help" || var == "WLO_REPOSITORY_URL" {
                assert!(help.contains(var), "{args:?} help lacks {var}");
            }
        }
    }
    let help = String::from_utf8_lossy(&wlo().args(["serve", "--help"]).output().unwrap().stdout).to_string();
    for flag in ["--host", "--port", "--demo"] {
        assert!(help.contains(flag), "{flag}");
    }
}

/// `config::VARIABLES` is the one list of variables: `--help`, the README's
/// configuration table and `.env.example` name exactly these, with its defaults.
#[test]
fn help_readme_and_env_example_agree_with_the_variable_table() {
    use wlo_mcp::config::VARIABLES;
    let names: Vec<&str> = VARIABLES.iter().map(|v| v.name).collect();
    let help = String::from_utf8_lossy(&wlo().arg("--help").output().unwrap().stdout).to_string();
    let env_section = help
        .split("Environment (read once at start):")
        .nth(1)
        .expect("env section");
    let in_help: Vec<&str> = env_section
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert_eq!(in_help, names, "--help");
    for v in VARIABLES.iter().filter(|v| !v.default.is_empty()) {
        let line = env_section
            .lines()
            .find(|l| l.split_whitespace().next() == Some(v.name))
            .unwrap();
        assert!(line.ends_with(&format!("[default: {}]", v.default)), "--help: {line}");
    }

    let root = env!("CARGO_MANIFEST_DIR");
    let readme = std::fs::read_to_string(format!("{root}/README.md")).unwrap();
    let table = readme
        .split("## Configuration")
        .nth(1)
        .unwrap()
        .split("\n## ")
        .next()
        .unwrap();
    let rows: Vec<(String, String)> = table
        .lines()
        .filter_map(|l| {
            let cells: Vec<&str> = l.split('|').map(str::trim).collect();
            let name = cells.get(1)?.strip_prefix('`')?.strip_suffix('`')?;
            let default = cells.get(2)?.split(" (").next()?.trim_matches('`');
            Some((name.to_string(), default.to_string()))
        })
        .collect();
    assert_eq!(
        rows.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>(),
        names,
        "README table"
    );
    for ((name, default), v) in rows.iter().zip(VARIABLES) {
        let expected = if v.default.is_empty() { "unset" } else { v.default };
        assert_eq!(default, expected, "README default of {name}");
    }

    let example = std::fs::read_to_string(format!("{root}/.env.example")).unwrap();
    let assignments: Vec<(&str, &str)> = example
        .lines()
        .filter_map(|l| {
            let l = l.strip_prefix("# ").unwrap_or(l);
            let (name, value) = l.split_once('=')?;
            (!name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_'))
            .then_some((name, value))
        })
        .collect();
    let mut listed: Vec<&str> = assignments.iter().map(|(n, _)| *n).collect();
    listed.dedup();
    let mut expected = names.clone();
    listed.sort_unstable();
    expected.sort_unstable();
    assert_eq!(listed, expected, ".env.example");
    for v in VARIABLES.iter().filter(|v| !v.default.is_empty()) {
        let (_, value) = assignments.iter().find(|(n, _)| *n == v.name).unwrap();
        assert_eq!(*value, v.default, ".env.example default of {}", v.name);
    }
}

#[test]
fn bad_configuration_is_one_line_and_exit_2() {
    for (var, value) in [
        ("WLO_POOL_SIZE", "0"),
        ("WLO_POOL_SIZE", "lots"),
        ("WLO_ROOT_COLLECTION_ID", "not-a-uuid"),
        ("WLO_REPOSITORY_URL", "ftp://example.org"),
        ("WLO_TIMEOUT_MS", "-1"),
        ("TOKIO_WORKER_THREADS", "0"),
        ("TOKIO_WORKER_THREADS", "lots"),
    ] {
        let out = wlo()
            .args(["call", "wlo_health_check"])
            .env(var, value)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{var}={value}");
        let err = String::from_utf8_lossy(&out.stderr);
        let lines: Vec<&str> = err.lines().filter(|l| !l.trim().is_empty()).collect();
        assert_eq!(lines.len(), 1, "{var}: {err}");
        assert!(lines[0].contains(var), "{var}: {err}");
        assert!(!err.contains("panicked"));
    }
    let out = wlo()
        .args(["serve", "--port", "0"])
        .env("PORT", "x")
        .env("WLO_POOL_SIZE", "101")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn tools_lists_every_tool_in_one_line() {
    let out = wlo().arg("tools").output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let tools = wlo_mcp::tools::specs().len();
    assert_eq!(text.lines().count(), tools, "{text}");
    for name in [
        "search_wlo_content",
        "get_node_details",
        "lookup_wlo_vocabulary",
        "wlo_health_check",
    ] {
        assert!(text.lines().any(|l| l.starts_with(name)), "{name}");
    }
    let out = wlo()
        .arg("tools")
        .env("MCP_TOOL_DENY", "wlo_health_check")
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), tools - 1);
}

/// `tools` reads only the tool filter: a bad repository or tuning value
/// (which `serve`, `stdio` and `call` reject with exit 2) does not stop it.
#[test]
fn tools_needs_no_configuration() {
    let tools = wlo_mcp::tools::specs().len();
    for (var, value) in [
        ("WLO_ROOT_COLLECTION_ID", "abc"),
        ("WLO_REPOSITORY_URL", "ftp://example.org"),
        ("WLO_POOL_SIZE", "0"),
        ("TOKIO_WORKER_THREADS", "lots"),
    ] {
        let out = wlo().arg("tools").env(var, value).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{var}={value}: {err}");
        assert_eq!(
            String::from_utf8_lossy(&out.stdout).lines().count(),
            tools,
            "{var}={value}"
        );
        let out = wlo()
            .arg("tools")
            .env(var, value)
            .env("MCP_TOOL_DENY", "wlo_health_check")
            .output()
            .unwrap();
        assert!(out.status.success(), "{var}={value}");
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(text.lines().count(), tools - 1, "the tool filter still applies: {text}");
        assert!(!text.contains("wlo_health_check"), "{text}");
    }
}

#[test]
fn call_prints_output_and_sets_exit_code() {
    let out = wlo()
        .args([
            "call",
            "lookup_wlo_vocabulary",
            r#"{"vocabulary":"lrt","query":"Arbeitsblatt"}"#,
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("Arbeitsblatt"));
    let out = wlo()
        .args(["call", "lookup_wlo_vocabulary", r#"{"vocabulary":"nope"}"#])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let out = wlo().args(["call", "no_such_tool"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = wlo().args(["call", "wlo_health_check", "[1,2]"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    // --demo runs against the built-in stand-in.
    let out = wlo()
        .args(["call", "wlo_health_check", "{}", "--demo"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["rootResolved"], "Portale");
}

/// `--demo --corpus wlo-2023` serves WLO's real tree: its 29 portals, and a
/// keyword search by whole words; `--corpus` needs `--demo`.
#[test]
fn demo_serves_the_real_tree_on_request() {
    let portals = |extra: &[&str]| {
        let out = wlo()
            .args(["call", "get_subject_portals", r#"{"outputFormat":"json"}"#, "--demo"])
            .args(extra)
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        serde_json::from_slice::<Value>(&out.stdout).unwrap()
    };
    let real = portals(&["--corpus", "wlo-2023"]);
    assert_eq!(real["total"], 29);
    let titles: Vec<&str> = real["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|p| p["title"].as_str())
        .collect();
    assert!(
        titles.contains(&"Geographie") && titles.contains(&"Zeitgemäße Bildung"),
        "{titles:?}"
    );
    // The default stays the generated corpus.
    assert_eq!(portals(&[])["total"], 14);
    for args in [&["--corpus", "wlo-2023"][..], &["--demo", "--corpus", "wlo-2024"][..]] {
        let out = wlo()
            .args(["call", "wlo_health_check", "{}"])
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn call_reports_an_unreachable_repository() {
    let out = wlo()
        .args(["call", "wlo_health_check"])
        .env("WLO_REPOSITORY_URL", "http://127.0.0.1:9/edu-sharing")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("nicht erreichbar"));
}

fn spawn_serve(args: &[&str], envs: &[(&str, &str)]) -> (std::process::Child, String) {
    let mut child = wlo()
        .args(args)
        .envs(envs.iter().copied())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let first = loop {
        let line = lines.next().unwrap().unwrap();
        if line.starts_with("wlo-mcp listening on ") {
            break line;
        }
    };
    std::thread::spawn(move || for _ in lines {});
    (child, first)
}

#[test]
fn serve_startup_line_port_and_demo() {
    let (mut child, line) = spawn_serve(&["serve", "--port", "0"], &[]);
    let re_ok = line.starts_with("wlo-mcp listening on http://127.0.0.1:") && line.ends_with("/mcp");
    assert!(re_ok, "{line}");
    child.kill().unwrap();
    child.wait().unwrap();

    // PORT is used when --port is absent; --port beats it.
    let free = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let (mut child, line) = spawn_serve(&["serve"], &[("PORT", &free.to_string())]);
    assert_eq!(line, format!("wlo-mcp listening on http://127.0.0.1:{free}/mcp"));
    child.kill().unwrap();
    child.wait().unwrap();
    let (mut child, line) = spawn_serve(&["serve", "--port", "0"], &[("PORT", &free.to_string())]);
    assert!(!line.contains(&format!(":{free}/")), "{line}");
    child.kill().unwrap();
    child.wait().unwrap();

    let (mut child, line) = spawn_serve(&["serve", "--port", "0", "--demo"], &[]);
    assert!(line.contains("/mcp (demo"), "{line}");
    child.kill().unwrap();
    child.wait().unwrap();
}

#[cfg(unix)]
#[tokio::test]
async fn sigterm_finishes_in_flight_requests_and_exits_0() {
    let standin = StandIn::start(StandInOptions::default()).await.unwrap();
    standin.control().set_latency(600, 0);
    let server = Server::spawn(
        &["serve", "--port", "0"],
        &env(&[("WLO_REPOSITORY_URL", &standin.base_url())]),
    );
    let pid = server.pid();
    let in_flight = tokio::spawn({
        let url = server.url.clone();
        async move {
            loopback_client()
                .build()
                .unwrap()
                .post(url)
                .body(json!({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"wlo_health_check","arguments":{}}}).to_string())
                .send()
                .await
                .unwrap()
                .text()
                .await
                .unwrap()
        }
    });
    // SIGTERM once the request is in flight: the server has accepted it and asked
    // the stand-in (a fixed sleep raced with a busy machine's accept).
    let waiting = Instant::now();
    while standin.control().stats().in_flight == 0 {
        assert!(
            waiting.elapsed() < Duration::from_secs(10),
            "the request never reached the stand-in"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let started = Instant::now();
    assert!(
        Command::new("kill")
            .args(["-TERM", &pid.to_string()])
            .status()
            .unwrap()
            .success()
    );
    let body = in_flight.await.unwrap();
    assert!(body.contains("Portale"), "in-flight request was finished: {body}");
    // The process exits 0 on its own.
    let mut server = server;
    let status = loop {
        if let Some(status) = server.try_wait() {
            break status;
        }
        assert!(started.elapsed() < Duration::from_secs(6), "did not exit");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(status.code(), Some(0));
}

/// One thread (the default) and a multi-thread runtime give the same answers.
#[tokio::test]
async fn serve_answers_alike_on_one_thread_and_on_several() {
    let standin = StandIn::start(StandInOptions::default()).await.unwrap();
    let mut bodies = Vec::new();
    for threads in ["1", "3"] {
        let server = Server::spawn(
            &["serve", "--port", "0"],
            &env(&[
                ("WLO_REPOSITORY_URL", &standin.base_url()),
                ("TOKIO_WORKER_THREADS", threads),
            ]),
        );
        let calls = (0..8).map(|_| {
            server.rpc(
                "tools/call",
                json!({"name": "search_wlo_content", "arguments": {"query": "Bruchrechnung"}}),
            )
        });
        let answers = futures::future::join_all(calls).await;
        assert!(
            answers.windows(2).all(|w| w[0] == w[1]),
            "{threads} threads: concurrent answers differ"
        );
        assert_eq!(answers[0]["result"]["isError"], json!(false), "{}", answers[0]);
        bodies.push(answers[0].clone());
    }
    assert_eq!(bodies[0], bodies[1]);
}

#[test]
fn stdio_speaks_ndjson_and_nothing_else() {
    let mut child = wlo()
        .args(["stdio", "--demo"])
        .env("RUST_LOG", "debug")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let requests = [
        json!({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}),
        json!({"jsonrpc":"2.0","method":"notifications/initialized"}),
        json!({"jsonrpc":"2.0","id":2,"method":"tools/list"}),
        json!({"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"wlo_health_check","arguments":{}}}),
        json!({"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"lookup_wlo_vocabulary","arguments":{"vocabulary":"userRole"}}}),
    ];
    for r in &requests {
        writeln!(stdin, "{r}").unwrap();
    }
    stdin.flush().unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut answers = Vec::new();
    while answers.len() < 4 {
        let line = lines.next().expect("an answer").unwrap();
        let value: Value =
            serde_json::from_str(&line).unwrap_or_else(|_| panic!("stdout carried a non-JSON line: {line}"));
        assert_eq!(value["jsonrpc"], "2.0");
        answers.push(value);
    }
    drop(stdin);
    // Requests may be answered out of order; match by id.
    answers.sort_by_key(|a| a["id"].as_i64());
    assert_eq!(answers[0]["result"]["protocolVersion"], "2025-06-18");
    assert_eq!(answers[0]["result"]["serverInfo"]["name"], "wlo-mcp");
    assert!(answers[1]["result"]["tools"].as_array().unwrap().len() >= 4);
    let health = ToolResult::from_rpc(&answers[2]);
    assert!(!health.is_error, "{}", health.text);
    assert_eq!(health.json()["rootResolved"], "Portale");
    assert!(!ToolResult::from_rpc(&answers[3]).is_error);
    let status = child.wait().unwrap();
    assert!(status.success());
}
