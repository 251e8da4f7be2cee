//! Ingress hardening through the real binary (issue 28): requests are judged
//! on their headers before their bodies are read, the body read stops at the
//! limit, the in-flight bound answers 503 and recovers, log lines stay clean
//! (text and JSON style, HTTP and stdio), and undecodable params are -32602.
//!
//! Plain sockets, so the tests control exactly what is sent when; the server
//! runs with `--demo` (its own stand-in on loopback, nothing else is reached).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

const LIMIT: usize = 1024 * 1024;

/// `wlo-mcp serve --demo` with its stderr kept line by line.
struct Served {
    child: Child,
    port: u16,
    log: Arc<Mutex<Vec<String>>>,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn command(args: &[&str], env: &[(&str, &str)]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_wlo-mcp"));
    command.args(args);
    for name in [
        "PORT",
        "WLO_MCP_TOKEN",
        "WLO_LOG_FORMAT",
        "WLO_MAX_IN_FLIGHT",
        "MCP_TOOL_ALLOW",
        "MCP_TOOL_DENY",
    ] {
        command.env_remove(name);
    }
    command.env("RUST_LOG", "info,rmcp=warn");
    for (k, v) in env {
        command.env(k, v);
    }
    command
}

/// Keep reading `stream` into `log`, one entry per line (bytes as sent,
/// lossily decoded, so a raw control character would show).
fn keep_lines(stream: impl Read + Send + 'static, log: Arc<Mutex<Vec<String>>>) {
    std::thread::spawn(move || {
        let mut reader = BufReader::new(stream);
        let mut line = Vec::new();
        while reader.read_until(b'\n', &mut line).map(|n| n > 0).unwrap_or(false) {
            log.lock().unwrap().push(String::from_utf8_lossy(&line).into_owned());
            line.clear();
        }
    });
}

fn serve(env: &[(&str, &str)]) -> Served {
    let mut child = command(&["serve", "--demo", "--port", "0"], env)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("wlo-mcp starts");
    let log = Arc::new(Mutex::new(Vec::new()));
    keep_lines(child.stderr.take().unwrap(), log.clone());
    let started = Instant::now();
    let port = loop {
        let found = log.lock().unwrap().iter().find_map(|line| {
            let rest = line.strip_prefix("wlo-mcp listening on http://127.0.0.1:")?;
            rest.split('/').next()?.parse::<u16>().ok()
        });
        if let Some(port) = found {
            break port;
        }
        assert!(started.elapsed() < Duration::from_secs(30), "no listening line");
        std::thread::sleep(Duration::from_millis(20));
    };
    Served { child, port, log }
}

impl Served {
    fn connect(&self) -> TcpStream {
        let stream = TcpStream::connect(("127.0.0.1", self.port)).expect("connect");
        stream.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
        stream
    }

    /// POST a JSON body; the answer's status and body.
    fn post(&self, body: &str) -> (u16, Value) {
        let mut stream = self.connect();
        stream.write_all(head(body.len(), &[]).as_bytes()).unwrap();
        stream.write_all(body.as_bytes()).unwrap();
        let (status, _, body) = read_answer(&mut stream);
        (status, serde_json::from_slice(&body).unwrap_or(Value::Null))
    }

    fn log_lines(&self) -> Vec<String> {
        self.log.lock().unwrap().clone()
    }
}

/// Request head of a POST to /mcp with a declared length (or chunked).
fn head(length: usize, extra: &[&str]) -> String {
    let mut head = String::from(
        "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n",
    );
    if length == usize::MAX {
        head.push_str("Transfer-Encoding: chunked\r\n");
    } else {
        head.push_str(&format!("Content-Length: {length}\r\n"));
    }
    for line in extra {
        head.push_str(line);
        head.push_str("\r\n");
    }
    head.push_str("\r\n");
    head
}

/// Status, head and body of one answer (the server always sends a length).
fn read_answer(stream: &mut TcpStream) -> (u16, String, Vec<u8>) {
    let mut reader = BufReader::new(stream);
    let mut head = String::new();
    loop {
        let mut line = String::new();
        let n = reader.read_line(&mut line).expect("answer");
        assert!(n > 0, "connection closed before an answer; got {head:?}");
        if line == "\r\n" {
            break;
        }
        head.push_str(&line);
    }
    let status = head.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let length = head
        .lines()
        .find_map(|l| {
            l.to_ascii_lowercase()
                .strip_prefix("content-length:")
                .map(|v| v.trim().to_string())
        })
        .and_then(|v| v.parse::<usize>().ok())
        .unwrap_or(0);
    let mut body = vec![0; length];
    reader.read_exact(&mut body).expect("answer body");
    (status, head, body)
}

/// An answer given before the body was read to its end says
/// `Connection: close`, and the server then closes the connection: the
/// rest of the body must never be read as a next request, and a client that
/// reused the connection would see it fail.
fn assert_closes(head: &str, stream: &mut TcpStream) {
    assert!(
        head.to_ascii_lowercase().contains("\r\nconnection: close\r\n"),
        "{head}"
    );
    stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let mut rest = [0u8; 1];
    // A reset also means closed; a timeout would not.
    if let Ok(n) = stream.read(&mut rest) {
        assert_eq!(n, 0, "the server kept the connection open");
    }
}

fn code(answer: &Value) -> i64 {
    answer["error"]["code"].as_i64().unwrap_or(0)
}

// ---- headers first, bounded body reads ---------------------------------------

#[test]
fn a_request_without_token_is_answered_before_its_body_is_sent() {
    let server = serve(&[("WLO_MCP_TOKEN", "s3cret")]);
    let mut stream = server.connect();
    // Only the head of a 4 MiB POST: the answer does not wait for the body.
    stream.write_all(head(4 * LIMIT - 10, &[]).as_bytes()).unwrap();
    let (status, head, body) = read_answer(&mut stream);
    assert_eq!(status, 401, "{head}");
    assert_eq!(code(&serde_json::from_slice(&body).unwrap()), -32001);
    // The body sent now is read and thrown away (lingering close,
    // `transport/linger.rs`), not refused with a reset; once it is in, the
    // server closes the connection.
    stream
        .write_all(&vec![b' '; 4 * LIMIT - 10])
        .expect("the server takes the rest of the body");
    assert_closes(&head, &mut stream);
}

/// Clients that write their whole body before they read an answer (Node's
/// `fetch`, Python's `http.client`) read the refusal too: the server reads
/// and discards what is left of a body it refused before closing (up to
/// 8 MiB; lingering close, `transport/linger.rs`), where closing at once
/// made the kernel reset the connection under the client's writes. Twenty
/// such clients at once, 4 MiB each, no token; each lingered connection
/// leaves a `debug` line.
#[test]
fn clients_that_write_the_whole_body_first_read_the_refusal() {
    let server = serve(&[
        ("WLO_MCP_TOKEN", "s3cret"),
        ("RUST_LOG", "info,rmcp=warn,wlo_mcp::transport::linger=debug"),
    ]);
    let body = Arc::new(vec![b' '; 4 * LIMIT]);
    let clients: Vec<_> = (0..20)
        .map(|_| {
            let mut stream = server.connect();
            let body = body.clone();
            std::thread::spawn(move || {
                stream
                    .write_all(head(body.len(), &[]).as_bytes())
                    .and_then(|()| stream.write_all(&body))
                    .map_err(|e| format!("writing the body failed: {e}"))?;
                let (status, _, _) = read_answer(&mut stream);
                Ok::<u16, String>(status)
            })
        })
        .collect();
    let statuses: Vec<Result<u16, String>> = clients.into_iter().map(|c| c.join().unwrap()).collect();
    assert!(statuses.iter().all(|s| *s == Ok(401)), "{statuses:?}");
    let started = Instant::now();
    let lingered = || {
        server
            .log_lines()
            .iter()
            .filter(|l| l.contains("lingering close") && l.contains("read out"))
            .count()
    };
    while lingered() < 20 && started.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(lingered(), 20, "{:?}", server.log_lines());
}

/// A client that announced its body with `Expect: 100-continue` waits for
/// the server's go-ahead: the refusal comes instead of `100 Continue`, and
/// the server closes at once, without inviting the body by reading it.
#[test]
fn a_body_announced_with_expect_100_continue_is_never_invited() {
    let server = serve(&[("WLO_MCP_TOKEN", "s3cret")]);
    let mut stream = server.connect();
    stream
        .write_all(head(4 * LIMIT, &["Expect: 100-continue"]).as_bytes())
        .unwrap();
    let (status, head, _) = read_answer(&mut stream);
    assert_eq!(status, 401, "{head}");
    let started = Instant::now();
    assert_closes(&head, &mut stream);
    assert!(started.elapsed() < Duration::from_secs(1), "{:?}", started.elapsed());
}

#[test]
fn a_declared_length_over_the_limit_is_answered_from_the_headers() {
    let server = serve(&[]);
    let mut stream = server.connect();
    stream.write_all(head(LIMIT + 1, &[]).as_bytes()).unwrap();
    let (status, answer_head, body) = read_answer(&mut stream);
    let answer: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!((status, code(&answer)), (413, -32600), "{answer}");
    assert_closes(&answer_head, &mut stream);
    // Exactly the limit is read and answered.
    let pad = LIMIT - r#"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":""}}"#.len();
    let exact = format!(
        r#"{{"jsonrpc":"2.0","id":1,"method":"ping","params":{{"pad":"{}"}}}}"#,
        "x".repeat(pad)
    );
    assert_eq!(exact.len(), LIMIT);
    assert_eq!(server.post(&exact).0, 200);
}

#[test]
fn a_chunked_body_stops_at_the_limit() {
    let server = serve(&[]);
    let mut stream = server.connect();
    stream.write_all(head(usize::MAX, &[]).as_bytes()).unwrap();
    let mut writer = stream.try_clone().unwrap();
    let (go_on, wait) = std::sync::mpsc::channel::<()>();
    // 4 MiB in 64 KiB chunks from another thread, which stops after 2 MiB
    // until the answer is in: the 413 comes from the first MiB, not the end.
    let sender = std::thread::spawn(move || {
        let chunk = format!("10000\r\n{}\r\n", " ".repeat(0x10000));
        for n in 0..64 {
            if n == 32 {
                let _ = wait.recv();
            }
            writer.write_all(chunk.as_bytes())?;
        }
        writer.write_all(b"0\r\n\r\n")
    });
    let (status, answer_head, body) = read_answer(&mut stream);
    let answer: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!((status, code(&answer)), (413, -32600), "{answer}");
    // The rest is read and discarded (lingering close), then the connection closes.
    go_on.send(()).unwrap();
    sender.join().unwrap().expect("the server takes the rest of the body");
    assert_closes(&answer_head, &mut stream);
}

#[test]
fn a_long_chunk_extension_is_not_called_a_large_body() {
    let server = serve(&[]);
    let mut stream = server.connect();
    let body = r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#;
    let request = format!(
        "{}{:x};a={}\r\n{body}\r\n0\r\n\r\n",
        head(usize::MAX, &[]),
        body.len(),
        "b".repeat(200 * 1024)
    );
    let _ = stream.write_all(request.as_bytes());
    let (status, _, answer) = read_answer(&mut stream);
    let answer: Value = serde_json::from_slice(&answer).unwrap();
    let message = answer["error"]["message"].as_str().unwrap_or_default();
    assert_eq!((status, code(&answer)), (400, -32600), "{answer}");
    assert!(
        !message.contains("1 MiB") && message.contains("body could not be read"),
        "{message}"
    );
}

// ---- the in-flight bound -----------------------------------------------------

#[test]
fn the_in_flight_bound_answers_503_and_recovers() {
    let server = serve(&[("WLO_MAX_IN_FLIGHT", "2")]);
    let ping = r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#;
    let send_head = || {
        let mut stream = server.connect();
        stream.write_all(head(ping.len(), &[]).as_bytes()).unwrap();
        stream
    };
    // Two requests whose bodies never come hold both places.
    let mut held: Vec<TcpStream> = (0..2).map(|_| send_head()).collect();
    std::thread::sleep(Duration::from_millis(300));
    // A third waits for a place (5 s), then gets 503 with Retry-After.
    let started = Instant::now();
    let mut third = send_head();
    third.write_all(ping.as_bytes()).unwrap();
    let (status, head, body) = read_answer(&mut third);
    assert_eq!(status, 503, "{head}");
    assert!(started.elapsed() >= Duration::from_secs(4), "{:?}", started.elapsed());
    assert!(head.to_ascii_lowercase().contains("retry-after: 1"), "{head}");
    assert_eq!(code(&serde_json::from_slice(&body).unwrap()), -32603);
    // A fourth waits; when one held request ends (its client goes away),
    // the waiting one gets its place and is answered.
    let mut fourth = send_head();
    fourth.write_all(ping.as_bytes()).unwrap();
    std::thread::sleep(Duration::from_millis(500));
    drop(held.pop());
    let (status, _, body) = read_answer(&mut fourth);
    assert_eq!(status, 200);
    assert_eq!(serde_json::from_slice::<Value>(&body).unwrap()["result"], json!({}));
    drop(held);
    // With both places free again, requests go straight through.
    let started = Instant::now();
    for _ in 0..3 {
        assert_eq!(server.post(ping).0, 200);
    }
    assert!(started.elapsed() < Duration::from_secs(4));
}

#[test]
fn a_body_of_too_many_json_values_is_refused() {
    let server = serve(&[]);
    let values = |n: usize| {
        let zeros = vec!["0"; n].join(",");
        format!(r#"{{"jsonrpc":"2.0","id":1,"method":"ping","params":{{"a":[{zeros}]}}}}"#)
    };
    // The message object, id, method, params and the list are 6 values.
    assert_eq!(server.post(&values(20_000 - 6)).0, 200);
    let (status, answer) = server.post(&values(20_000 - 5));
    assert_eq!((status, code(&answer)), (400, -32600), "{answer}");
}

// ---- clean logs --------------------------------------------------------------

/// The three hostile ids of the issue.
fn hostile_ids() -> Vec<String> {
    vec![
        "x\n2026-01-01T00:00:00Z  INFO forged".into(),
        "e\u{1b}[31mred\u{202e}\r".into(),
        "y".repeat(1_000_000),
    ]
}

fn assert_clean(lines: &[String], what: &str) {
    let mut response_errors = 0;
    for line in lines {
        let body = line.strip_suffix('\n').unwrap_or(line);
        assert!(!body.starts_with("2026-01-01"), "{what}: forged line {body:?}");
        assert!(
            !body.chars().any(|c| c.is_control() || c == '\u{202e}'),
            "{what}: raw control character in {:?}",
            body.chars().take(300).collect::<String>()
        );
        assert!(line.len() <= 16 * 1024, "{what}: line of {} bytes", line.len());
        if body.contains("response error") {
            response_errors += 1;
        }
    }
    // rmcp logged each hostile request (so the checks above saw them).
    assert!(
        response_errors >= 3,
        "{what}: {response_errors} response-error lines in {lines:?}"
    );
}

#[test]
fn hostile_ids_leave_the_log_clean_text_and_json() {
    for format in ["text", "json"] {
        let server = serve(&[("WLO_LOG_FORMAT", format)]);
        for id in hostile_ids() {
            let body = json!({"jsonrpc": "2.0", "id": id, "method": "nope"}).to_string();
            let (status, answer) = server.post(&body);
            assert_eq!((status, code(&answer)), (200, -32601), "{answer}");
            assert_eq!(answer["id"], json!(id), "the answer keeps the id as sent");
        }
        std::thread::sleep(Duration::from_millis(300));
        let lines = server.log_lines();
        assert_clean(&lines, format);
        if format == "json" {
            for line in lines.iter().filter(|l| l.starts_with('{')) {
                serde_json::from_str::<Value>(line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}"));
            }
        }
        assert!(
            lines.iter().any(|l| l.contains(r"x\n2026-01-01")),
            "{format}: the forged id shows escaped"
        );
    }
}

/// stdio: one JSON-RPC message per line in, answers out; the log on stderr.
fn stdio_session(env: &[(&str, &str)], requests: &[String]) -> (Vec<Value>, Vec<String>) {
    let mut child = command(&["stdio", "--demo"], env)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("wlo-mcp stdio starts");
    let log = Arc::new(Mutex::new(Vec::new()));
    keep_lines(child.stderr.take().unwrap(), log.clone());
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let init = json!({"jsonrpc":"2.0","id":0,"method":"initialize","params":{
        "protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}});
    writeln!(stdin, "{init}").unwrap();
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    writeln!(stdin, r#"{{"jsonrpc":"2.0","method":"notifications/initialized"}}"#).unwrap();
    let mut answers = Vec::new();
    for request in requests {
        writeln!(stdin, "{request}").unwrap();
        stdin.flush().unwrap();
        // A request that gets no answer (not JSON) is followed by a ping,
        // which must be answered: the transport keeps going.
        if serde_json::from_str::<Value>(request).is_err() {
            writeln!(stdin, r#"{{"jsonrpc":"2.0","id":"after","method":"ping"}}"#).unwrap();
        }
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        answers.push(serde_json::from_str(&line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}")));
    }
    drop(stdin);
    let _ = child.wait();
    std::thread::sleep(Duration::from_millis(100));
    let lines = log.lock().unwrap().clone();
    (answers, lines)
}

#[test]
fn hostile_ids_leave_the_log_clean_over_stdio() {
    for format in ["text", "json"] {
        let requests: Vec<String> = hostile_ids()
            .into_iter()
            .map(|id| json!({"jsonrpc": "2.0", "id": id, "method": "nope"}).to_string())
            .collect();
        let (answers, lines) = stdio_session(&[("WLO_LOG_FORMAT", format)], &requests);
        for answer in &answers {
            assert_eq!(code(answer), -32601, "{answer}");
        }
        assert_clean(&lines, &format!("stdio {format}"));
    }
}

// ---- exact JSON-RPC errors ---------------------------------------------------

fn bad_tool_calls() -> Vec<(String, &'static str)> {
    vec![
        (
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_wlo_content","arguments":["Bruch"]}}"#.into(),
            "arguments must be an object, not a list",
        ),
        (
            r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":5,"arguments":{}}}"#.into(),
            "\"name\" must be a string, not a number (5)",
        ),
        (
            r#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"search_wlo_content","name":"x","arguments":{}}}"#.into(),
            "a key is duplicated",
        ),
    ]
}

#[test]
fn invalid_tool_call_params_are_32602_over_http() {
    let server = serve(&[]);
    for (request, problem) in bad_tool_calls() {
        let (status, answer) = server.post(&request);
        assert_eq!((status, code(&answer)), (200, -32602), "{answer}");
        let message = answer["error"]["message"].as_str().unwrap();
        assert!(
            message.starts_with("Invalid params for tools/call: ") && message.contains(problem),
            "{message}"
        );
    }
    // An unknown method is still -32601.
    let (_, answer) = server.post(r#"{"jsonrpc":"2.0","id":9,"method":"tools/nope","params":{}}"#);
    assert_eq!(code(&answer), -32601);
}

#[test]
fn invalid_tool_call_params_are_32602_over_stdio_and_garbage_is_skipped() {
    let mut requests: Vec<String> = bad_tool_calls().into_iter().map(|(r, _)| r).collect();
    requests.push("this is not JSON".into());
    let (answers, _) = stdio_session(&[], &requests);
    for (answer, (_, problem)) in answers.iter().zip(bad_tool_calls()) {
        assert_eq!(code(answer), -32602, "{answer}");
        assert!(
            answer["error"]["message"].as_str().unwrap().contains(problem),
            "{answer}"
        );
    }
    // After the line that is not JSON, the next request is answered.
    assert_eq!(answers[3], json!({"jsonrpc":"2.0","id":"after","result":{}}));
}
