//! The driver's clients: MCP over HTTP to the server, the stand-in's control routes.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use wlo_bench::http;
use wlo_standin::{LogEntry, Stats};

use crate::{CALL_TIMEOUT, PROTOCOL_VERSION};

/// An MCP client over one keep-alive HTTP connection.
pub(crate) struct Mcp {
    pub(crate) client: http::Client,
    pub(crate) path: String,
    pub(crate) id: u64,
}

/// One answered `tools/call`.
pub(crate) struct Call {
    pub(crate) wall: Duration,
    pub(crate) bytes: usize,
    pub(crate) is_error: bool,
    pub(crate) text: String,
}

impl Mcp {
    pub(crate) fn new(addr: SocketAddr, path: &str) -> Mcp {
        Mcp {
            client: http::Client::new(addr),
            path: path.to_string(),
            id: 0,
        }
    }

    pub(crate) async fn rpc(&mut self, method: &str, params: Value) -> Result<(Duration, http::Response), String> {
        self.id += 1;
        let body = json!({"jsonrpc": "2.0", "id": self.id, "method": method, "params": params}).to_string();
        let headers = [
            ("Content-Type", "application/json"),
            ("Accept", "application/json, text/event-stream"),
            ("MCP-Protocol-Version", PROTOCOL_VERSION),
        ];
        let started = Instant::now();
        let sent = self.client.send("POST", &self.path, &headers, body.as_bytes());
        let response = tokio::time::timeout(CALL_TIMEOUT, sent)
            .await
            .map_err(|_| format!("{method}: no answer within {CALL_TIMEOUT:?}"))?
            .map_err(|e| format!("{method}: {e}"))?;
        Ok((started.elapsed(), response))
    }

    pub(crate) async fn call(&mut self, tool: &str, args: &Value) -> Result<Call, String> {
        let (wall, response) = self.rpc("tools/call", json!({"name": tool, "arguments": args})).await?;
        if response.status != 200 {
            return Err(format!("HTTP {}: {}", response.status, clip(&response.text(), 200)));
        }
        let doc = rpc_document(&response)?;
        if let Some(error) = doc.get("error") {
            return Err(format!("JSON-RPC error: {}", clip(&error.to_string(), 200)));
        }
        let result = &doc["result"];
        let text = result["content"]
            .as_array()
            .and_then(|c| c.iter().find_map(|b| b["text"].as_str()))
            .unwrap_or_default()
            .to_string();
        Ok(Call {
            wall,
            bytes: response.body.len(),
            is_error: result["isError"].as_bool().unwrap_or(false),
            text,
        })
    }
}

/// The JSON-RPC document of a response (plain JSON or one SSE `data:` event).
pub(crate) fn rpc_document(response: &http::Response) -> Result<Value, String> {
    let text = response.text();
    let is_sse = response
        .header("content-type")
        .is_some_and(|t| t.starts_with("text/event-stream"));
    let json_text = if is_sse {
        text.lines()
            .filter_map(|l| l.strip_prefix("data:"))
            .map(str::trim)
            .find(|d| d.starts_with('{'))
            .unwrap_or_default()
            .to_string()
    } else {
        text
    };
    serde_json::from_str(&json_text).map_err(|e| format!("not JSON-RPC ({e}): {}", clip(&json_text, 200)))
}

pub(crate) fn clip(s: &str, n: usize) -> String {
    let mut out: String = s.chars().take(n).collect();
    if s.chars().count() > n {
        out.push('…');
    }
    out.replace('\n', " ")
}

/// The stand-in's control routes.
pub(crate) struct Ctl {
    pub(crate) client: http::Client,
}

impl Ctl {
    pub(crate) async fn get(&mut self, path: &str) -> Result<http::Response, String> {
        let r = self
            .client
            .get(path)
            .await
            .map_err(|e| format!("stand-in {path}: {e}"))?;
        if r.status != 200 {
            return Err(format!("stand-in {path}: HTTP {}", r.status));
        }
        Ok(r)
    }

    pub(crate) async fn post(&mut self, path: &str, body: Value) -> Result<(), String> {
        let r = self
            .client
            .post_json(path, body.to_string().as_bytes())
            .await
            .map_err(|e| format!("stand-in {path}: {e}"))?;
        if r.status != 200 {
            return Err(format!("stand-in {path}: HTTP {}: {}", r.status, r.text()));
        }
        Ok(())
    }

    pub(crate) async fn clear_log(&mut self) -> Result<(), String> {
        self.post("/_control/log/clear", json!({})).await
    }

    pub(crate) async fn log(&mut self) -> Result<Vec<LogEntry>, String> {
        let r = self.get("/_control/log").await?;
        serde_json::from_slice(&r.body).map_err(|e| format!("stand-in log: {e}"))
    }

    pub(crate) async fn stats(&mut self) -> Result<Stats, String> {
        let r = self.get("/_control/stats").await?;
        serde_json::from_slice(&r.body).map_err(|e| format!("stand-in stats: {e}"))
    }

    pub(crate) async fn set_latency(&mut self, ms: u64) -> Result<(), String> {
        self.post(
            "/_control/config",
            json!({"latencyMs": ms, "jitterMs": 0, "textDelayMs": 0, "fault": "none"}),
        )
        .await
    }

    pub(crate) async fn reset(&mut self) -> Result<(), String> {
        self.post("/_control/reset", json!({})).await
    }
}
