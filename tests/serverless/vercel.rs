//! The Vercel binary (`mcp`) as its own server on `VERCEL_DEV_PORT`.

use super::*;

// ------------------------------------------------------------ Vercel binary

/// The `mcp` binary serving on `127.0.0.1:$VERCEL_DEV_PORT`; killed on drop.
pub(crate) struct Vercel {
    pub(crate) child: Child,
    pub(crate) port: u16,
    pub(crate) stderr: Arc<Mutex<Vec<String>>>,
    pub(crate) client: reqwest::Client,
}

impl Drop for Vercel {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Vercel {
    pub(crate) fn spawn(vars: &[(String, String)]) -> Vercel {
        Self::spawn_binary(env!("CARGO_BIN_EXE_mcp"), vars)
    }

    /// Start on a free port; retry with another one when the port was taken
    /// between probing and binding (the child then exits before it listens).
    pub(crate) fn spawn_binary(binary: &str, vars: &[(String, String)]) -> Vercel {
        for _attempt in 0..5 {
            let port = free_port();
            let mut child = Command::new(binary)
                .env_clear()
                .envs(vars.iter().cloned())
                .env("VERCEL_DEV_PORT", port.to_string())
                .stdin(Stdio::null())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("the mcp binary starts");
            let stdout = child.stdout.take().expect("stdout");
            let stderr = collect_lines(child.stderr.take().expect("stderr"));
            // vercel_runtime prints "Dev server listening: <port>" once bound.
            let (tx, rx) = std::sync::mpsc::channel();
            std::thread::spawn(move || {
                for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                    let _ = tx.send(line);
                }
            });
            let deadline = Instant::now() + Duration::from_secs(15);
            let mut listening = false;
            while let Some(left) = deadline.checked_duration_since(Instant::now()) {
                match rx.recv_timeout(left) {
                    Ok(line) if line.contains(&format!("listening: {port}")) => {
                        listening = true;
                        break;
                    }
                    Ok(_) => continue,
                    Err(_) => break,
                }
            }
            if listening && wait_for_port(port, Duration::from_secs(10)) {
                return Vercel {
                    child,
                    port,
                    stderr,
                    client: client(),
                };
            }
            let _ = child.kill();
            let _ = child.wait();
        }
        panic!("the Vercel binary did not start on any of 5 free ports");
    }

    pub(crate) fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.port)
    }

    pub(crate) async fn send(
        &self,
        method: reqwest::Method,
        path: &str,
        host: &str,
        headers: &[(&str, &str)],
        body: &str,
    ) -> Reply {
        let mut request = self.client.request(method, self.url(path)).header("host", host);
        for (k, v) in headers {
            request = request.header(*k, *v);
        }
        read_reply(
            request
                .body(body.to_string())
                .send()
                .await
                .expect("request to the Vercel binary"),
        )
        .await
    }

    pub(crate) async fn post(&self, path: &str, host: &str, body: &str) -> Reply {
        let headers = [
            ("content-type", "application/json"),
            ("accept", "application/json, text/event-stream"),
        ];
        self.send(reqwest::Method::POST, path, host, &headers, body).await
    }

    pub(crate) fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }
}

pub(crate) fn wait_for_port(port: u16, within: Duration) -> bool {
    let deadline = Instant::now() + within;
    while Instant::now() < deadline {
        if TcpStream::connect(("127.0.0.1", port)).is_ok() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    false
}
