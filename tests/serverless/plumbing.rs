//! Shared plumbing: HTTP replies, environments, ports, log capture and RSS.

use super::*;

// ------------------------------------------------------------------ plumbing

/// One HTTP answer, from whichever front end.
#[derive(Debug)]
pub(crate) struct Reply {
    pub(crate) status: u16,
    pub(crate) headers: HashMap<String, String>,
    pub(crate) body: String,
}

impl Reply {
    pub(crate) fn json(&self) -> Value {
        if self.body.is_empty() {
            return Value::Null;
        }
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }

    pub(crate) fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).map(String::as_str)
    }
}

pub(crate) fn client() -> reqwest::Client {
    crate::common::loopback_client()
        .timeout(Duration::from_secs(20))
        .build()
        .expect("client")
}

/// Header names and values as strings (a value that is not text becomes empty).
pub(crate) fn header_strings(headers: &http::HeaderMap) -> HashMap<String, String> {
    headers
        .iter()
        .map(|(k, v)| (k.as_str().to_string(), v.to_str().unwrap_or_default().to_string()))
        .collect()
}

pub(crate) async fn read_reply(response: reqwest::Response) -> Reply {
    let status = response.status().as_u16();
    let headers = header_strings(response.headers());
    let body = response.text().await.unwrap_or_default();
    Reply { status, headers, body }
}

/// The environment every front end gets (tests/common's harness values).
pub(crate) fn base_env(standin: &StandIn) -> Vec<(String, String)> {
    common::env(&[
        ("WLO_REPOSITORY_URL", &standin.base_url()),
        ("WLO_CACHE_MAX_MB", "0"),
        ("WLO_TIMEOUT_MS", "3000"),
        ("WLO_TOOL_DEADLINE_MS", "4000"),
        ("RUST_LOG", "info"),
    ])
}

pub(crate) fn with(vars: &[(String, String)], extra: &[(&str, &str)]) -> Vec<(String, String)> {
    let mut vars = vars.to_vec();
    for (k, v) in extra {
        vars.retain(|(key, _)| key != k);
        vars.push((k.to_string(), v.to_string()));
    }
    vars
}

/// The Lambda adapter's handler, built like the binary builds it.
pub(crate) fn lambda_cold_start(vars: &[(String, String)]) -> ColdStart {
    let map: HashMap<String, String> = vars.iter().cloned().collect();
    serverless::build(Config::from_lookup(|name| map.get(name).cloned()))
}

pub(crate) fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// Collect a child's output lines in the background.
pub(crate) fn collect_lines(stream: impl Read + Send + 'static) -> Arc<Mutex<Vec<String>>> {
    let lines = Arc::new(Mutex::new(Vec::new()));
    let sink = lines.clone();
    std::thread::spawn(move || {
        for line in BufReader::new(stream).lines().map_while(Result::ok) {
            sink.lock().unwrap().push(line);
        }
    });
    lines
}

/// How many collected lines contain `needle`, once at least `expected` do
/// (or after 5 s: the reader thread may lag behind the child).
pub(crate) fn count_lines(lines: &Arc<Mutex<Vec<String>>>, needle: &str, expected: usize) -> usize {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let count = lines.lock().unwrap().iter().filter(|l| l.contains(needle)).count();
        if count >= expected || Instant::now() > deadline {
            return count;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}
