//! Child processes (the stand-in, the servers) and what `/proc` says about them.

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// Variables that would change the server's behaviour; never inherited.
const SCRUBBED_ENV: &[&str] = &[
    "WLO_REPOSITORY_URL",
    "WLO_ROOT_COLLECTION_ID",
    "WLO_POOL_SIZE",
    "WLO_TIMEOUT_MS",
    "WLO_TOOL_DEADLINE_MS",
    "WLO_MAX_CONCURRENCY",
    "WLO_MAX_IN_FLIGHT",
    "WLO_LOG_FORMAT",
    "WLO_CACHE_MAX_MB",
    "WLO_CACHE_TTL_TREE_S",
    "WLO_CACHE_TTL_SEARCH_S",
    "WLO_HEDGE",
    "WLO_HEDGE_DELAY_MS",
    "WLO_MCP_TOKEN",
    "MCP_TOOL_ALLOW",
    "MCP_TOOL_DENY",
    "PORT",
    "RUST_LOG",
    "VERCEL_DEV_PORT",
    "VERCEL_IPC_PATH",
    "AWS_LAMBDA_RUNTIME_API",
];

/// A child process that is killed (SIGKILL) and reaped on drop.
pub struct Proc {
    pub child: Child,
}

impl Proc {
    pub fn pid(&self) -> u32 {
        self.child.id()
    }
}

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A command with a scrubbed environment plus `env`.
pub fn command(bin: &Path, args: &[&str], env: &[(&str, String)]) -> Command {
    let mut cmd = Command::new(bin);
    cmd.args(args);
    for k in SCRUBBED_ENV {
        cmd.env_remove(k);
    }
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.stdin(Stdio::null());
    cmd
}

/// Spawn `cmd` with stderr piped, wait (at most `within`) for a stderr line
/// containing `marker`, return the text after it, and keep draining stderr in
/// a thread (so the child never blocks on a full pipe).
pub fn spawn_and_wait_for(cmd: Command, marker: &'static str, within: Duration) -> Result<(Proc, String), String> {
    spawn_with_lines(cmd, marker, within, None)
}

/// [`spawn_and_wait_for`], also sending every later stderr line to `lines`.
pub fn spawn_with_lines(
    mut cmd: Command,
    marker: &'static str,
    within: Duration,
    lines: Option<mpsc::Sender<String>>,
) -> Result<(Proc, String), String> {
    cmd.stdout(Stdio::null()).stderr(Stdio::piped());
    let mut child = cmd
        .spawn()
        .map_err(|e| format!("cannot start {:?}: {e}", cmd.get_program()))?;
    let stderr = child.stderr.take().ok_or("no stderr")?;
    let proc = Proc { child };
    let (tx, rx) = mpsc::channel::<Result<String, String>>();
    std::thread::spawn(move || {
        let mut reader = BufReader::new(stderr);
        let mut line = String::new();
        let mut seen = Vec::new();
        let mut sent = false;
        loop {
            line.clear();
            match reader.read_line(&mut line) {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    if sent && let Some(lines) = &lines {
                        let _ = lines.send(line.trim_end().to_string());
                    }
                    if !sent {
                        if let Some(pos) = line.find(marker) {
                            let rest = line[pos + marker.len()..].trim().to_string();
                            let _ = tx.send(Ok(rest));
                            sent = true;
                        } else if seen.len() < 20 {
                            seen.push(line.trim_end().to_string());
                        }
                    }
                }
            }
        }
        if !sent {
            let _ = tx.send(Err(format!(
                "exited before printing {marker:?}; stderr: {}",
                seen.join(" | ")
            )));
        }
    });
    match rx.recv_timeout(within) {
        Ok(Ok(rest)) => Ok((proc, rest)),
        Ok(Err(e)) => Err(e),
        Err(_) => Err(format!("no {marker:?} line within {within:?}")),
    }
}

/// `http://127.0.0.1:PORT/...` → socket address and path.
pub fn split_url(url: &str) -> Result<(SocketAddr, String), String> {
    let rest = url
        .split_whitespace()
        .next()
        .unwrap_or("")
        .strip_prefix("http://")
        .ok_or_else(|| format!("not an http URL: {url}"))?;
    let (host, path) = match rest.find('/') {
        Some(i) => (&rest[..i], rest[i..].to_string()),
        None => (rest, "/".to_string()),
    };
    let addr: SocketAddr = host.parse().map_err(|_| format!("not an IP:port address: {host}"))?;
    Ok((addr, path))
}

/// A port that was free a moment ago.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .unwrap_or(0)
}

/// CPU time of the whole process in nanoseconds: the sum of
/// `sum_exec_runtime` (first field of `/proc/PID/task/TID/schedstat`) over
/// its live threads. Nanosecond resolution, unlike utime/stime.
pub fn cpu_ns(pid: u32) -> Option<u64> {
    let dir = std::fs::read_dir(format!("/proc/{pid}/task")).ok()?;
    let mut sum = 0u64;
    let mut any = false;
    for entry in dir.flatten() {
        let path = entry.path().join("schedstat");
        if let Ok(text) = std::fs::read_to_string(path)
            && let Some(v) = text.split_whitespace().next().and_then(|v| v.parse::<u64>().ok())
        {
            sum += v;
            any = true;
        }
    }
    any.then_some(sum)
}

/// utime and stime of a process (all threads, dead ones included), in clock ticks.
#[derive(Debug, Clone, Copy, Default)]
pub struct CpuTicks {
    pub user: u64,
    pub system: u64,
}

impl CpuTicks {
    pub fn total(self) -> u64 {
        self.user + self.system
    }

    /// The ticks spent between `earlier` and `self`.
    pub fn since(self, earlier: CpuTicks) -> CpuTicks {
        CpuTicks {
            user: self.user.saturating_sub(earlier.user),
            system: self.system.saturating_sub(earlier.system),
        }
    }
}

/// utime and stime of the process from `/proc/PID/stat`.
pub fn cpu_ticks(pid: u32) -> Option<CpuTicks> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let after = &text[text.rfind(')')? + 1..];
    let fields: Vec<&str> = after.split_whitespace().collect();
    // Field 3 (state) is fields[0]; utime = field 14, stime = field 15.
    Some(CpuTicks {
        user: fields.get(11)?.parse().ok()?,
        system: fields.get(12)?.parse().ok()?,
    })
}

/// A `kB` value of `/proc/PID/status` (e.g. `VmHWM`, `VmRSS`).
pub fn status_kb(pid: u32, key: &str) -> Option<u64> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    text.lines()
        .find_map(|l| l.strip_prefix(key)?.strip_prefix(':'))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
}

/// Clock ticks per second (`getconf CLK_TCK`, 100 when unknown).
pub fn clk_tck() -> u64 {
    Command::new("getconf")
        .arg("CLK_TCK")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .and_then(|s| s.trim().parse().ok())
        .filter(|&v| v > 0)
        .unwrap_or(100)
}

/// Number of CPUs this process may run on.
pub fn cpus() -> usize {
    std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1)
}

/// One line describing the CPU (`model name` of /proc/cpuinfo).
pub fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|t| {
            t.lines().find_map(|l| {
                l.strip_prefix("model name")?
                    .split_once(':')
                    .map(|(_, v)| v.trim().to_string())
            })
        })
        .unwrap_or_else(|| "unknown CPU".into())
}

/// The 1-minute load average.
pub fn loadavg() -> Option<f64> {
    std::fs::read_to_string("/proc/loadavg")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}
