//! A real `redis-server` (Debian package) for the shared cache tests: a free
//! loopback port, no persistence, optionally a password or TLS with a CA the
//! test generates. A missing server skips the test with a visible message,
//! unless `WLO_REQUIRE_REDIS=1` (CI) turns that into a failure.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const BINARY: &str = "redis-server";

/// Is `redis-server` there? Panics when it must be (`WLO_REQUIRE_REDIS=1`),
/// prints a visible SKIPPED line when it may be missing.
pub fn available(test: &str) -> bool {
    let found = Command::new(BINARY)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if found {
        return true;
    }
    if std::env::var("WLO_REQUIRE_REDIS").is_ok_and(|v| v == "1") {
        panic!("{test}: redis-server is not installed, and WLO_REQUIRE_REDIS=1 requires it");
    }
    // Straight to the process's stderr: the test harness captures eprintln!.
    use std::io::Write as _;
    let _ = writeln!(
        std::io::stderr(),
        "SKIPPED {test}: redis-server is not installed (apt-get install redis-server)"
    );
    false
}

/// A free loopback port (bound once, then released for the server).
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("free port")
}

/// Test certificates: a CA, and a server certificate for 127.0.0.1 it signed.
pub struct TestCa {
    pub dir: PathBuf,
}

impl TestCa {
    pub fn ca(&self) -> PathBuf {
        self.dir.join("ca.pem")
    }

    /// Generate with the `openssl` CLI into a fresh folder.
    pub fn generate(name: &str) -> TestCa {
        let dir = std::env::temp_dir().join(format!("wlo-redis-tls-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir");
        let run = |args: &[&str]| {
            let out = Command::new("openssl")
                .args(args)
                .current_dir(&dir)
                .output()
                .expect("openssl runs");
            assert!(
                out.status.success(),
                "openssl {args:?}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        };
        std::fs::write(dir.join("san.ext"), "subjectAltName=IP:127.0.0.1,DNS:localhost\n").unwrap();
        run(&[
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-keyout",
            "ca.key",
            "-out",
            "ca.pem",
            "-days",
            "2",
            "-subj",
            "/CN=wlo-mcp test CA",
        ]);
        run(&[
            "req",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-keyout",
            "server.key",
            "-out",
            "server.csr",
            "-subj",
            "/CN=127.0.0.1",
        ]);
        run(&[
            "x509",
            "-req",
            "-in",
            "server.csr",
            "-CA",
            "ca.pem",
            "-CAkey",
            "ca.key",
            "-CAcreateserial",
            "-out",
            "server.pem",
            "-days",
            "2",
            "-extfile",
            "san.ext",
        ]);
        TestCa { dir }
    }
}

/// A running `redis-server`; killed on drop.
pub struct RedisServer {
    child: Option<Child>,
    pub port: u16,
    password: Option<String>,
    tls: Option<PathBuf>,
}

impl Drop for RedisServer {
    fn drop(&mut self) {
        self.kill();
    }
}

impl RedisServer {
    pub fn start() -> RedisServer {
        Self::start_on(free_port(), None, None)
    }

    pub fn with_password(password: &str) -> RedisServer {
        Self::start_on(free_port(), Some(password), None)
    }

    /// TLS only (`--port 0 --tls-port …`), with the certificates of `ca`.
    pub fn with_tls(ca: &TestCa) -> RedisServer {
        Self::start_on(free_port(), None, Some(&ca.dir))
    }

    /// Start on `port` (to restart a killed store where the servers expect it).
    pub fn start_on(port: u16, password: Option<&str>, tls: Option<&Path>) -> RedisServer {
        let mut command = Command::new(BINARY);
        command.args([
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--loglevel",
            "warning",
        ]);
        command.arg("--dir").arg(std::env::temp_dir());
        match tls {
            None => {
                command.args(["--port", &port.to_string()]);
            }
            Some(dir) => {
                command.args([
                    "--port",
                    "0",
                    "--tls-port",
                    &port.to_string(),
                    "--tls-auth-clients",
                    "no",
                ]);
                command.arg("--tls-cert-file").arg(dir.join("server.pem"));
                command.arg("--tls-key-file").arg(dir.join("server.key"));
                command.arg("--tls-ca-cert-file").arg(dir.join("ca.pem"));
            }
        }
        if let Some(password) = password {
            command.args(["--requirepass", password]);
        }
        let child = command
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("redis-server starts");
        let server = RedisServer {
            child: Some(child),
            port,
            password: password.map(str::to_owned),
            tls: tls.map(Path::to_path_buf),
        };
        let until = Instant::now() + Duration::from_secs(10);
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < until, "redis-server listens on {port}");
            std::thread::sleep(Duration::from_millis(20));
        }
        server
    }

    /// The URL a server process is given (with the password, if any).
    pub fn url(&self) -> String {
        let scheme = if self.tls.is_some() { "rediss" } else { "redis" };
        match &self.password {
            Some(p) => format!("{scheme}://:{p}@127.0.0.1:{}", self.port),
            None => format!("{scheme}://127.0.0.1:{}", self.port),
        }
    }

    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// A plain connection for the test itself (not for TLS servers).
    pub async fn admin(&self) -> redis::aio::MultiplexedConnection {
        let client = redis::Client::open(self.url()).expect("client");
        client
            .get_multiplexed_async_connection()
            .await
            .expect("admin connection")
    }
}

/// Every key in the store.
pub async fn keys(con: &mut redis::aio::MultiplexedConnection) -> Vec<String> {
    let mut keys: Vec<String> = redis::cmd("KEYS").arg("*").query_async(con).await.expect("KEYS");
    keys.sort();
    keys
}

/// A `wlo-mcp serve` child whose stderr is kept (log assertions).
pub struct LoggedServer {
    pub server: super::Server,
    pub log: Arc<Mutex<Vec<String>>>,
    calls: AtomicUsize,
}

impl LoggedServer {
    /// Spawn with `RUST_LOG` as given and every line of stderr kept.
    pub fn spawn(env: &[(String, String)], rust_log: &str) -> LoggedServer {
        let mut env = env.to_vec();
        env.push(("RUST_LOG".into(), rust_log.into()));
        let log = Arc::new(Mutex::new(Vec::new()));
        let server = super::Server::spawn_with_stderr(&["serve", "--port", "0"], &env, {
            let log = log.clone();
            move |line| log.lock().unwrap().push(line)
        });
        LoggedServer {
            server,
            log,
            calls: Default::default(),
        }
    }

    pub fn log_text(&self) -> String {
        self.log.lock().unwrap().join("\n")
    }

    /// Call a tool, counting the calls whose log line is still to come.
    pub async fn call_tool(&self, name: &str, arguments: serde_json::Value) -> super::ToolResult {
        self.calls.fetch_add(1, Ordering::SeqCst);
        self.server.call_tool(name, arguments).await
    }

    /// The value of `field=` on the last "tool call" log line. Waits for the line of every call made through [`Self::call_tool`]:
    /// the server writes it to stderr beside the answer, and the reader
    /// thread may see it a moment after the answer is read.
    pub fn last_call_field(&self, field: &str) -> Option<u64> {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let log = self.log.lock().unwrap();
            let logged = log.iter().filter(|l| l.contains("tool call")).count();
            if logged >= self.calls.load(Ordering::SeqCst) || Instant::now() > deadline {
                let line = log.iter().rev().find(|l| l.contains("tool call"))?;
                let prefix = format!("{field}=");
                return line
                    .split_whitespace()
                    .find_map(|part| part.strip_prefix(&prefix))
                    .and_then(|v| v.trim_matches(|c: char| !c.is_ascii_digit()).parse().ok());
            }
            drop(log);
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}
