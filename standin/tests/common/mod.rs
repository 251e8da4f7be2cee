//! A tiny raw HTTP/1.1 client for the stand-in tests (no extra dependencies).
#![allow(dead_code)]

use serde_json::Value;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

pub const ROOT: &str = "5e40e372-735c-4b17-bbf7-e827a5702b57";

#[derive(Debug)]
pub struct Resp {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Resp {
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&self.body)))
    }
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

fn build(method: &str, target: &str, body: Option<&str>, close: bool) -> Vec<u8> {
    let mut req = format!("{method} {target} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/json\r\n");
    if close {
        req.push_str("Connection: close\r\n");
    }
    if let Some(b) = body {
        req.push_str(&format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n",
            b.len()
        ));
    }
    req.push_str("\r\n");
    let mut bytes = req.into_bytes();
    if let Some(b) = body {
        bytes.extend_from_slice(b.as_bytes());
    }
    bytes
}

fn parse_head(head: &[u8]) -> std::io::Result<(u16, Vec<(String, String)>)> {
    let text = String::from_utf8_lossy(head);
    let mut lines = text.split("\r\n");
    let status_line = lines.next().unwrap_or("");
    let status = status_line
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| std::io::Error::other(format!("bad status line {status_line:?}")))?;
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        .collect();
    Ok((status, headers))
}

/// Read one response (Content-Length framed) from a stream.
pub async fn read_response(stream: &mut TcpStream) -> std::io::Result<Resp> {
    let mut buf = Vec::new();
    let mut tmp = [0u8; 16384];
    let head_end = loop {
        if let Some(p) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            break p;
        }
        let n = stream.read(&mut tmp).await?;
        if n == 0 {
            return Err(std::io::Error::new(
                std::io::ErrorKind::UnexpectedEof,
                "connection closed without response",
            ));
        }
        buf.extend_from_slice(&tmp[..n]);
    };
    let (status, headers) = parse_head(&buf[..head_end])?;
    let len: usize = headers
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case("content-length"))
        .and_then(|(_, v)| v.parse().ok())
        .unwrap_or(0);
    let mut body = buf[head_end + 4..].to_vec();
    while body.len() < len {
        let n = stream.read(&mut tmp).await?;
        if n == 0 {
            return Err(std::io::Error::new(std::io::ErrorKind::UnexpectedEof, "truncated body"));
        }
        body.extend_from_slice(&tmp[..n]);
    }
    body.truncate(len);
    Ok(Resp { status, headers, body })
}

pub async fn send_on(stream: &mut TcpStream, method: &str, target: &str, body: Option<&str>) -> std::io::Result<Resp> {
    stream.write_all(&build(method, target, body, false)).await?;
    read_response(stream).await
}

/// One request on a fresh connection.
pub async fn request(port: u16, method: &str, target: &str, body: Option<&str>) -> std::io::Result<Resp> {
    let mut s = TcpStream::connect(("127.0.0.1", port)).await?;
    s.write_all(&build(method, target, body, true)).await?;
    read_response(&mut s).await
}

pub async fn get(port: u16, target: &str) -> Resp {
    request(port, "GET", target, None)
        .await
        .unwrap_or_else(|e| panic!("GET {target}: {e}"))
}

pub async fn post(port: u16, target: &str, body: &str) -> Resp {
    request(port, "POST", target, Some(body))
        .await
        .unwrap_or_else(|e| panic!("POST {target}: {e}"))
}

pub async fn with_timeout<T>(ms: u64, f: impl std::future::Future<Output = T>) -> Option<T> {
    tokio::time::timeout(Duration::from_millis(ms), f).await.ok()
}

pub const REST: &str = "/edu-sharing/rest";

pub fn ng(query: &str) -> String {
    format!("{REST}/search/v1/queries/-home-/mds_oeh/ngsearch{query}")
}
pub fn coll(query: &str) -> String {
    format!("{REST}/search/v1/queries/-home-/mds_oeh/collections{query}")
}
pub fn pv(query: &str) -> String {
    format!("{REST}/search/v1/queries/-home-/mds_oeh/page_variant{query}")
}
pub fn node(id: &str, op: &str, query: &str) -> String {
    format!("{REST}/node/v1/nodes/-home-/{id}/{op}{query}")
}

pub fn words_body(q: &str) -> String {
    serde_json::json!({"criteria": [{"property": "ngsearchword", "values": [q]}]}).to_string()
}

pub fn ids(v: &Value) -> Vec<String> {
    v["nodes"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|n| n["ref"]["id"].as_str().unwrap_or("").to_string())
                .collect()
        })
        .unwrap_or_default()
}

pub fn assert_error_shape(v: &Value) {
    assert!(v["error"].is_string(), "error: {v}");
    assert!(v["message"].is_string(), "message: {v}");
    assert!(v["logLevel"].is_string(), "logLevel: {v}");
    assert!(v["stacktraceArray"].is_array(), "stacktraceArray: {v}");
}
