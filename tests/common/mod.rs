//! Test harness: a stand-in edu-sharing in-process and the real `wlo-mcp`
//! binary as a child process, spoken to over real HTTP or stdio.
#![allow(dead_code)]

pub mod hardening;
pub mod optik;
pub mod store;

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use serde_json::{Value, json};
pub use wlo_standin::{CorpusKind, MatchMode, StandIn, StandInOptions};

pub const ROOT: &str = "5e40e372-735c-4b17-bbf7-e827a5702b57";

/// A running `wlo-mcp serve` child process; killed on drop.
pub struct Server {
    child: Child,
    pub url: String,
    pub port: u16,
    client: reqwest::Client,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A stand-in with a server in front of it.
pub struct Harness {
    pub standin: StandIn,
    pub server: Server,
}

impl Harness {
    /// Stand-in without latency, cache and hedging off (tests must see every
    /// upstream request, and exactly the ones the tool asked for; tests/hedging.rs
    /// turns hedging on).
    pub async fn start() -> Harness {
        Self::start_with(&[]).await
    }

    pub async fn start_with(env: &[(&str, &str)]) -> Harness {
        Self::start_on(StandInOptions::default(), env).await
    }

    /// The server in front of WLO's real 2023 collection tree, whose keyword
    /// search matches whole words only (no stemming, no substrings): the
    /// strict case collection search must handle (issue #35). The tree is
    /// built once per process. The deadlines are generous: a debug build
    /// reads and matches the whole tree's index in every test's own server,
    /// several at once on a small machine, and these tests judge answers,
    /// not speed (that is the benchmark's).
    pub async fn start_real_tree() -> Harness {
        let options = StandInOptions {
            corpus: CorpusKind::Wlo2023,
            match_mode: MatchMode::WholeWord,
            ..StandInOptions::default()
        };
        Self::start_on(
            options,
            &[("WLO_TOOL_DEADLINE_MS", "60000"), ("WLO_TIMEOUT_MS", "30000")],
        )
        .await
    }

    /// [`Harness::start_with`] in front of a stand-in started with `options`.
    pub async fn start_on(options: StandInOptions, env: &[(&str, &str)]) -> Harness {
        let standin = StandIn::start(options).await.expect("stand-in starts");
        Self::start_with_standin(standin, env)
    }

    /// A server in front of a stand-in already started (a corpus of its own).
    pub fn start_with_standin(standin: StandIn, env: &[(&str, &str)]) -> Harness {
        let mut vars: Vec<(String, String)> = vec![
            ("WLO_REPOSITORY_URL".into(), standin.base_url()),
            ("WLO_CACHE_MAX_MB".into(), "0".into()),
            ("WLO_TIMEOUT_MS".into(), "3000".into()),
            ("WLO_TOOL_DEADLINE_MS".into(), "4000".into()),
            ("WLO_HEDGE".into(), "0".into()),
        ];
        for (k, v) in env {
            vars.retain(|(key, _)| key != k);
            vars.push((k.to_string(), v.to_string()));
        }
        let server = Server::spawn(&["serve", "--port", "0"], &vars);
        Harness { standin, server }
    }

    pub async fn call_tool(&self, name: &str, arguments: Value) -> ToolResult {
        self.server.call_tool(name, arguments).await
    }

    /// The stand-in's own answer to a content search (`ngsearch`, every
    /// property), asked directly: what the repository sends for `criteria`.
    pub async fn repository_search(&self, criteria: Value, max_items: usize) -> Value {
        let url = format!(
            "{}/rest/search/v1/queries/-home-/mds_oeh/ngsearch?contentType=FILES&maxItems={max_items}&skipCount=0&propertyFilter=-all-",
            self.standin.base_url()
        );
        loopback_client()
            .build()
            .unwrap()
            .post(url)
            .json(&json!({ "criteria": criteria }))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap()
    }
}

impl Server {
    /// Spawn `wlo-mcp <args>` and wait for its "listening on" line.
    pub fn spawn(args: &[&str], env: &[(String, String)]) -> Server {
        Self::spawn_with_stderr(args, env, |_| {})
    }

    /// [`Self::spawn`], handing every later line of stderr to `each`.
    pub fn spawn_with_stderr(
        args: &[&str],
        env: &[(String, String)],
        mut each: impl FnMut(String) + Send + 'static,
    ) -> Server {
        let mut command = Command::new(env!("CARGO_BIN_EXE_wlo-mcp"));
        command
            .args(args)
            .env_remove("PORT")
            .env_remove("WLO_MCP_TOKEN")
            .env_remove("MCP_TOOL_ALLOW")
            .env_remove("MCP_TOOL_DENY")
            .env("RUST_LOG", "warn")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        for (k, v) in env {
            command.env(k, v);
        }
        let mut child = command.spawn().expect("wlo-mcp starts");
        let stderr = child.stderr.take().expect("stderr");
        let mut lines = BufReader::new(stderr).lines();
        let url = loop {
            let line = lines.next().expect("server printed its address").expect("stderr line");
            if let Some(rest) = line.strip_prefix("wlo-mcp listening on ") {
                break rest.split_whitespace().next().unwrap_or_default().to_string();
            }
            each(line);
        };
        // Keep draining stderr so the child never blocks on a full pipe.
        std::thread::spawn(move || {
            for line in lines.map_while(Result::ok) {
                each(line);
            }
        });
        let port = url
            .rsplit(':')
            .next()
            .and_then(|p| p.trim_end_matches("/mcp").parse().ok())
            .expect("port in URL");
        let client = loopback_client()
            .timeout(Duration::from_secs(30))
            .build()
            .expect("client");
        Server {
            child,
            url,
            port,
            client,
        }
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// The exit status, if the process has exited.
    pub fn try_wait(&mut self) -> Option<std::process::ExitStatus> {
        self.child.try_wait().ok().flatten()
    }

    /// A raw request builder against the MCP endpoint.
    pub fn request(&self, method: reqwest::Method) -> reqwest::RequestBuilder {
        self.client.request(method, &self.url)
    }

    /// POST a JSON body with ordinary MCP headers; returns status, headers, body text.
    pub async fn post(&self, body: &Value) -> Response {
        let response = self
            .request(reqwest::Method::POST)
            .header("content-type", "application/json")
            .header("accept", "application/json, text/event-stream")
            .body(body.to_string())
            .send()
            .await
            .expect("request sent");
        Response::read(response).await
    }

    /// A JSON-RPC request; returns the whole response object.
    pub async fn rpc(&self, method: &str, params: Value) -> Value {
        let response = self
            .post(&json!({"jsonrpc": "2.0", "id": 1, "method": method, "params": params}))
            .await;
        assert_eq!(response.status, 200, "{method}: {}", response.text);
        response.json()
    }

    pub async fn call_tool(&self, name: &str, arguments: Value) -> ToolResult {
        let response = self
            .rpc("tools/call", json!({"name": name, "arguments": arguments}))
            .await;
        ToolResult::from_rpc(&response)
    }
}

/// A running `wlo-mcp stdio` child process; killed on drop.
pub struct StdioServer {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: mpsc::Receiver<String>,
}

impl StdioServer {
    /// Spawn `wlo-mcp stdio` with `env` (no tool allow or deny list unless given).
    pub fn spawn(env: &[(&str, &str)]) -> StdioServer {
        let mut command = Command::new(env!("CARGO_BIN_EXE_wlo-mcp"));
        command
            .arg("stdio")
            .env("RUST_LOG", "warn")
            .env_remove("MCP_TOOL_ALLOW")
            .env_remove("MCP_TOOL_DENY")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        for (k, v) in env {
            command.env(k, v);
        }
        let mut child = command.spawn().expect("wlo-mcp stdio starts");
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("stdout");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        StdioServer { child, stdin, lines }
    }

    /// Write one message as a line.
    pub fn send(&mut self, message: &Value) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{message}").expect("write request");
        stdin.flush().expect("flush");
    }

    /// The next line on stdout, within `within`.
    pub fn next_line(&self, within: Duration) -> Option<String> {
        self.lines.recv_timeout(within).ok()
    }

    /// Close stdin: the server ends once it has answered.
    pub fn close_stdin(&mut self) {
        self.stdin = None;
    }
}

impl Drop for StdioServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub struct Response {
    pub status: u16,
    pub headers: reqwest::header::HeaderMap,
    pub text: String,
}

impl Response {
    pub async fn read(response: reqwest::Response) -> Response {
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        let text = response.text().await.unwrap_or_default();
        Response { status, headers, text }
    }

    pub fn json(&self) -> Value {
        serde_json::from_str(&self.text).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.text))
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }
}

/// A `tools/call` result.
#[derive(Debug, Clone)]
pub struct ToolResult {
    pub text: String,
    pub is_error: bool,
    pub structured: Option<Value>,
    pub blocks: usize,
}

impl ToolResult {
    pub fn from_rpc(response: &Value) -> ToolResult {
        let result = response
            .get("result")
            .unwrap_or_else(|| panic!("tools/call answered without result: {response}"));
        let content = result["content"].as_array().cloned().unwrap_or_default();
        ToolResult {
            text: content
                .first()
                .and_then(|c| c["text"].as_str())
                .unwrap_or_default()
                .to_string(),
            is_error: result["isError"].as_bool().unwrap_or(false),
            structured: result.get("structuredContent").cloned(),
            blocks: content.len(),
        }
    }

    /// The JSON document of a JSON-mode answer (and checks it equals structuredContent).
    pub fn json(&self) -> Value {
        let value: Value =
            serde_json::from_str(&self.text).unwrap_or_else(|e| panic!("not one JSON document ({e}): {}", self.text));
        if let Some(structured) = &self.structured {
            assert_eq!(&value, structured, "structuredContent differs from the text block");
        }
        value
    }
}

/// The card of `id` in a JSON list answer's `results`.
pub fn card<'a>(doc: &'a Value, id: &str) -> &'a Value {
    doc["results"]
        .as_array()
        .and_then(|r| r.iter().find(|c| c["nodeId"] == id))
        .unwrap_or_else(|| panic!("no card {id} in {doc}"))
}

/// The `nodeId`s of a JSON answer's `results`, in order.
pub fn result_ids(doc: &Value) -> Vec<String> {
    doc["results"]
        .as_array()
        .map(|r| {
            r.iter()
                .map(|n| n["nodeId"].as_str().unwrap_or_default().to_string())
                .collect()
        })
        .unwrap_or_default()
}

/// A client builder for plain HTTP to loopback. It trusts no certificate: the
/// platform's root store, which a default client loads, costs about 50 ms of
/// CPU in a debug build, once for every client a test makes.
pub fn loopback_client() -> reqwest::ClientBuilder {
    let _ = rustls::crypto::ring::default_provider().install_default();
    reqwest::Client::builder().tls_certs_only([])
}

pub fn env(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
}
