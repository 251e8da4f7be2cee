//! A minimal HTTP/1.1 client for the benchmark: keep-alive, `Content-Length`
//! and chunked bodies, async (tokio) and blocking (std) flavours. Small on
//! purpose: the load driver should cost as little CPU as possible, and the
//! bytes counted are exactly the bytes of the response body on the wire.

use std::io::{self, Read, Write};
use std::net::SocketAddr;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// One complete HTTP response.
#[derive(Debug, Clone)]
pub struct Response {
    pub status: u16,
    /// Header names lower-cased.
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Response {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    fn closes(&self) -> bool {
        self.header("connection")
            .is_some_and(|v| v.eq_ignore_ascii_case("close"))
    }
}

/// Serialise one request.
pub fn request_bytes(method: &str, host: &str, path: &str, headers: &[(&str, &str)], body: &[u8]) -> Vec<u8> {
    let mut out = format!("{method} {path} HTTP/1.1\r\nHost: {host}\r\n");
    for (k, v) in headers {
        out.push_str(k);
        out.push_str(": ");
        out.push_str(v);
        out.push_str("\r\n");
    }
    if method != "GET" || !body.is_empty() {
        out.push_str(&format!("Content-Length: {}\r\n", body.len()));
    }
    out.push_str("\r\n");
    let mut bytes = out.into_bytes();
    bytes.extend_from_slice(body);
    bytes
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

fn bad(msg: impl Into<String>) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, msg.into())
}

/// Parse one response from the start of `buf`: `Ok(None)` while incomplete,
/// else the response and the number of bytes it used. `eof` = the peer closed.
pub fn parse(buf: &[u8], eof: bool) -> io::Result<Option<(Response, usize)>> {
    let Some(head_end) = find(buf, b"\r\n\r\n") else {
        return if eof {
            Err(bad("connection closed before a response head"))
        } else {
            Ok(None)
        };
    };
    let head = std::str::from_utf8(&buf[..head_end]).map_err(|_| bad("non-UTF-8 head"))?;
    let mut lines = head.split("\r\n");
    let status_line = lines.next().unwrap_or_default();
    let status: u16 = status_line
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| bad(format!("bad status line {status_line:?}")))?;
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let mut response = Response {
        status,
        headers,
        body: Vec::new(),
    };
    let start = head_end + 4;
    let chunked = response
        .header("transfer-encoding")
        .is_some_and(|v| v.to_ascii_lowercase().contains("chunked"));
    if chunked {
        let mut pos = start;
        let mut body = Vec::new();
        loop {
            let Some(line_end) = find(&buf[pos..], b"\r\n") else {
                return incomplete(eof);
            };
            let size_text = std::str::from_utf8(&buf[pos..pos + line_end]).map_err(|_| bad("chunk size"))?;
            let size_text = size_text.split(';').next().unwrap_or("").trim();
            let size = usize::from_str_radix(size_text, 16).map_err(|_| bad(format!("chunk size {size_text:?}")))?;
            pos += line_end + 2;
            if size == 0 {
                // Trailers (usually none) up to an empty line.
                loop {
                    let Some(end) = find(&buf[pos..], b"\r\n") else {
                        return incomplete(eof);
                    };
                    pos += end + 2;
                    if end == 0 {
                        break;
                    }
                }
                response.body = body;
                return Ok(Some((response, pos)));
            }
            if buf.len() < pos + size + 2 {
                return incomplete(eof);
            }
            body.extend_from_slice(&buf[pos..pos + size]);
            pos += size + 2;
        }
    }
    if let Some(len) = response.header("content-length") {
        let len: usize = len.parse().map_err(|_| bad("content-length"))?;
        if buf.len() < start + len {
            return incomplete(eof);
        }
        response.body = buf[start..start + len].to_vec();
        return Ok(Some((response, start + len)));
    }
    if status == 204 || status == 304 || (100..200).contains(&status) {
        return Ok(Some((response, start)));
    }
    // Body delimited by the end of the connection.
    if !eof {
        return Ok(None);
    }
    response.body = buf[start..].to_vec();
    response.headers.push(("connection".into(), "close".into()));
    Ok(Some((response, buf.len())))
}

fn incomplete(eof: bool) -> io::Result<Option<(Response, usize)>> {
    if eof {
        Err(bad("connection closed in the middle of a response"))
    } else {
        Ok(None)
    }
}

/// One keep-alive connection (async).
pub struct Conn {
    stream: TcpStream,
    buf: Vec<u8>,
    host: String,
}

impl Conn {
    pub async fn connect(addr: SocketAddr) -> io::Result<Conn> {
        let stream = TcpStream::connect(addr).await?;
        stream.set_nodelay(true)?;
        Ok(Conn {
            stream,
            buf: Vec::with_capacity(64 * 1024),
            host: addr.to_string(),
        })
    }

    pub async fn send(
        &mut self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: &[u8],
    ) -> io::Result<Response> {
        let request = request_bytes(method, &self.host, path, headers, body);
        self.stream.write_all(&request).await?;
        let mut chunk = vec![0u8; 64 * 1024];
        loop {
            if let Some((response, used)) = parse(&self.buf, false)? {
                self.buf.drain(..used);
                return Ok(response);
            }
            let n = self.stream.read(&mut chunk).await?;
            if n == 0 {
                let (response, used) = parse(&self.buf, true)?.ok_or_else(|| bad("connection closed"))?;
                self.buf.drain(..used);
                return Ok(response);
            }
            self.buf.extend_from_slice(&chunk[..n]);
        }
    }
}

/// A client for one address that keeps one connection open and reconnects
/// when the server closed it.
pub struct Client {
    addr: SocketAddr,
    conn: Option<Conn>,
}

impl Client {
    pub fn new(addr: SocketAddr) -> Client {
        Client { addr, conn: None }
    }

    pub async fn send(
        &mut self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: &[u8],
    ) -> io::Result<Response> {
        if let Some(conn) = self.conn.as_mut() {
            match conn.send(method, path, headers, body).await {
                Ok(r) => {
                    if r.closes() {
                        self.conn = None;
                    }
                    return Ok(r);
                }
                // A pooled connection the server had closed: retry once.
                Err(_) => self.conn = None,
            }
        }
        let mut conn = Conn::connect(self.addr).await?;
        let r = conn.send(method, path, headers, body).await?;
        if !r.closes() {
            self.conn = Some(conn);
        }
        Ok(r)
    }

    /// Open the connection now (so the first measured request does not pay for it).
    pub async fn warm(&mut self) -> io::Result<()> {
        if self.conn.is_none() {
            self.conn = Some(Conn::connect(self.addr).await?);
        }
        Ok(())
    }

    pub async fn get(&mut self, path: &str) -> io::Result<Response> {
        self.send("GET", path, &[], &[]).await
    }

    pub async fn post_json(&mut self, path: &str, body: &[u8]) -> io::Result<Response> {
        self.send("POST", path, &[("Content-Type", "application/json")], body)
            .await
    }
}

/// Blocking: one request on an already connected stream (closes nothing).
pub fn send_blocking(
    stream: &mut std::net::TcpStream,
    host: &str,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
    timeout: Duration,
) -> io::Result<Response> {
    stream.set_nodelay(true)?;
    stream.set_read_timeout(Some(timeout))?;
    stream.write_all(&request_bytes(method, host, path, headers, body))?;
    let mut buf = Vec::with_capacity(16 * 1024);
    let mut chunk = vec![0u8; 16 * 1024];
    loop {
        if let Some((response, _)) = parse(&buf, false)? {
            return Ok(response);
        }
        let n = stream.read(&mut chunk)?;
        if n == 0 {
            return parse(&buf, true)?
                .map(|(r, _)| r)
                .ok_or_else(|| bad("connection closed"));
        }
        buf.extend_from_slice(&chunk[..n]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn content_length_and_chunked() {
        let raw = b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\nX: y\r\n\r\nhelloHTTP/1.1";
        let (r, used) = parse(raw, false).unwrap().unwrap();
        assert_eq!((r.status, r.body.as_slice(), used), (200, &b"hello"[..], raw.len() - 8));
        let raw = b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2;x=1\r\nde\r\n0\r\n\r\n";
        let (r, used) = parse(raw, false).unwrap().unwrap();
        assert_eq!((r.body.as_slice(), used), (&b"abcde"[..], raw.len()));
        assert!(parse(&raw[..raw.len() - 2], false).unwrap().is_none());
        let raw = b"HTTP/1.1 200 OK\r\n\r\nuntil eof";
        assert!(parse(raw, false).unwrap().is_none());
        assert_eq!(parse(raw, true).unwrap().unwrap().0.body, b"until eof");
    }
}
