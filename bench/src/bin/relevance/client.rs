//! The two rankings compared: plain repository order straight from the
//! stand-in, and the pipeline through the real server over MCP/HTTP.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};

use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::K;
use crate::queries::Judged;

pub(crate) async fn post(port: u16, path: &str, body: &str, mcp: bool) -> Result<Value, String> {
    let mut stream = TcpStream::connect(("127.0.0.1", port))
        .await
        .map_err(|e| e.to_string())?;
    let accept = if mcp {
        "application/json, text/event-stream"
    } else {
        "application/json"
    };
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\nAccept: {accept}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).await.map_err(|e| e.to_string())?;
    stream.write_all(body.as_bytes()).await.map_err(|e| e.to_string())?;
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await.map_err(|e| e.to_string())?;
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .ok_or("no HTTP header end")?;
    let header = String::from_utf8_lossy(&raw[..split]).to_lowercase();
    let mut payload = raw[split + 4..].to_vec();
    if !header.starts_with("http/1.1 200") {
        return Err(format!("HTTP {}", header.lines().next().unwrap_or("")));
    }
    if header.contains("transfer-encoding: chunked") {
        payload = dechunk(&payload)?;
    }
    let text = String::from_utf8(payload).map_err(|e| e.to_string())?;
    // An SSE answer carries the JSON in `data:` lines.
    let json_text = if header.contains("text/event-stream") {
        text.lines()
            .rev()
            .filter_map(|l| l.strip_prefix("data:"))
            .map(str::trim)
            .next()
            .unwrap_or("")
            .to_string()
    } else {
        text
    };
    serde_json::from_str(&json_text).map_err(|e| format!("not JSON ({e})"))
}

pub(crate) fn dechunk(mut data: &[u8]) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    loop {
        let line_end = data.windows(2).position(|w| w == b"\r\n").ok_or("bad chunk")?;
        let size_text = String::from_utf8_lossy(&data[..line_end]);
        let size =
            usize::from_str_radix(size_text.split(';').next().unwrap_or("").trim(), 16).map_err(|e| e.to_string())?;
        data = &data[line_end + 2..];
        if size == 0 {
            return Ok(out);
        }
        out.extend_from_slice(data.get(..size).ok_or("short chunk")?);
        data = data.get(size + 2..).ok_or("short chunk")?;
    }
}

/// Plain repository order: one ngsearch with the raw query and the filter URIs.
pub(crate) async fn plain(port: u16, j: &Judged) -> Result<Vec<String>, String> {
    let mut criteria = vec![json!({"property": "ngsearchword", "values": [j.query]})];
    criteria.extend(
        j.filters
            .iter()
            .map(|f| json!({"property": f.property, "values": [f.uri()]})),
    );
    let path = format!(
        "/edu-sharing/rest/search/v1/queries/-home-/mds_oeh/ngsearch?contentType=FILES&maxItems={K}&skipCount=0&propertyFilter=cclom%3Atitle"
    );
    let answer = post(port, &path, &json!({ "criteria": criteria }).to_string(), false).await?;
    Ok(answer["nodes"]
        .as_array()
        .map(|nodes| {
            nodes
                .iter()
                .filter_map(|n| n["ref"]["id"].as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default())
}

/// The pipeline: `search_wlo_content` over MCP.
pub(crate) async fn pipeline(port: u16, j: &Judged) -> Result<(Vec<String>, Option<String>), String> {
    let mut arguments = json!({"query": j.query, "maxResults": K, "outputFormat": "json"});
    for f in j.filters {
        arguments[f.param] = json!(f.label);
    }
    let doc = call_json(port, "search_wlo_content", arguments).await?;
    let ids = doc["results"]
        .as_array()
        .map(|r| {
            r.iter()
                .filter_map(|n| n["nodeId"].as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default();
    Ok((ids, doc["relaxedQuery"].as_str().map(str::to_string)))
}

/// One tool call over MCP with `outputFormat: "json"` in `arguments`: the
/// answer's JSON document, or why there is none (`isError`, not JSON).
pub(crate) async fn call_json(port: u16, tool: &str, arguments: Value) -> Result<Value, String> {
    let request = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
        "params": {"name": tool, "arguments": arguments}});
    let answer = post(port, "/mcp", &request.to_string(), true).await?;
    let result = &answer["result"];
    let text = result["content"][0]["text"].as_str().unwrap_or("");
    if result["isError"].as_bool() == Some(true) {
        return Err(format!("isError: {text}"));
    }
    serde_json::from_str(text).map_err(|e| format!("answer is not JSON ({e})"))
}

/// The real server as a child process; killed on drop.
pub(crate) struct Server {
    child: Child,
    pub(crate) port: u16,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub(crate) fn spawn_server(bin: Option<&Path>, repository_url: &str) -> Result<Server, String> {
    let bin = bin
        .map(Path::to_path_buf)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/release/wlo-mcp"));
    let bin = bin.display().to_string();
    if !Path::new(&bin).exists() {
        return Err(format!(
            "wlo-mcp binary not found at {bin}. Build it first (`cargo build --release`) or pass --server-bin."
        ));
    }
    let mut child = Command::new(&bin)
        .args(["serve", "--port", "0"])
        .env("WLO_REPOSITORY_URL", repository_url)
        .env("WLO_CACHE_MAX_MB", "0")
        .env("WLO_TOOL_DEADLINE_MS", "30000")
        .env("WLO_TIMEOUT_MS", "20000")
        // No hedged duplicates: on a loaded machine a slow read would be sent
        // twice, and the requests per query would count the load, not the plan.
        .env("WLO_HEDGE", "0")
        .env("RUST_LOG", "warn")
        .env_remove("WLO_MCP_TOKEN")
        .env_remove("MCP_TOOL_ALLOW")
        .env_remove("MCP_TOOL_DENY")
        .env_remove("WLO_POOL_SIZE")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {bin}: {e}"))?;
    let stderr = child.stderr.take().ok_or("no stderr")?;
    let mut lines = BufReader::new(stderr).lines();
    let url = loop {
        match lines.next() {
            Some(Ok(line)) => {
                if let Some(rest) = line.strip_prefix("wlo-mcp listening on ") {
                    break rest.split_whitespace().next().unwrap_or_default().to_string();
                }
            }
            _ => return Err(format!("{bin} exited before listening")),
        }
    };
    std::thread::spawn(move || for _ in lines {});
    let port = url
        .trim_end_matches("/mcp")
        .rsplit(':')
        .next()
        .and_then(|p| p.parse().ok())
        .ok_or_else(|| format!("no port in {url}"))?;
    Ok(Server { child, port })
}
