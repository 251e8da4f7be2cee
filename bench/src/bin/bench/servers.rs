//! The processes of a run: the release binaries, the stand-in and the server under test.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

use wlo_bench::procs::{self, Proc};

use crate::cli::Opts;
use crate::progress;

pub(crate) struct Bins {
    pub(crate) server: PathBuf,
    pub(crate) standin: PathBuf,
    pub(crate) vercel: PathBuf,
    pub(crate) lambda: PathBuf,
}

pub(crate) fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from("."))
}

/// The release directory: next to this binary, else `<workspace>/target/release`.
pub(crate) fn release_dir() -> PathBuf {
    std::env::current_exe()
        .ok()
        .and_then(|p| p.parent().map(Path::to_path_buf))
        .filter(|d| d.join("wlo-mcp").exists() || d.ends_with("release"))
        .unwrap_or_else(|| {
            std::env::var_os("CARGO_TARGET_DIR")
                .map(PathBuf::from)
                .unwrap_or_else(|| workspace_root().join("target"))
                .join("release")
        })
}

impl Bins {
    /// The binaries in the release directory, whether built or not.
    pub(crate) fn in_release_dir() -> Bins {
        let dir = release_dir();
        Bins {
            server: dir.join("wlo-mcp"),
            standin: dir.join("wlo-standin"),
            vercel: dir.join("mcp"),
            lambda: dir.join("lambda"),
        }
    }
}

pub(crate) fn find_bins(force_build: bool) -> Result<Bins, String> {
    find_bins_for(force_build, true)
}

/// [`find_bins`]; without `cold_start`, only the server and the stand-in
/// must exist (the Vercel and Lambda binaries serve the cold-start phase
/// alone, and building them unifies the workspace's features, which
/// rebuilds the server).
pub(crate) fn find_bins_for(force_build: bool, cold_start: bool) -> Result<Bins, String> {
    let bins = Bins::in_release_dir();
    let needed: &[&PathBuf] = if cold_start {
        &[&bins.server, &bins.standin, &bins.vercel, &bins.lambda]
    } else {
        &[&bins.server, &bins.standin]
    };
    let missing: Vec<String> = needed
        .iter()
        .filter(|p| !p.exists())
        .map(|p| p.display().to_string())
        .collect();
    if force_build || !missing.is_empty() {
        if !missing.is_empty() {
            progress(&format!("missing: {}", missing.join(", ")));
        }
        let args: &[&str] = if cold_start {
            &["build", "--release", "--workspace", "--bins"]
        } else {
            &[
                "build",
                "--release",
                "-p",
                "wlo-mcp",
                "--bin",
                "wlo-mcp",
                "-p",
                "wlo-standin",
                "--bin",
                "wlo-standin",
            ]
        };
        progress(&format!(
            "building: cargo {} (this can take several minutes) …",
            args.join(" ")
        ));
        let status = std::process::Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
            .args(args)
            .current_dir(workspace_root())
            .status()
            .map_err(|e| format!("cannot run cargo: {e}"))?;
        if !status.success() {
            return Err(format!("cargo build failed ({status})"));
        }
        for p in needed {
            if !p.exists() {
                return Err(format!("{} still missing after the build", p.display()));
            }
        }
    }
    Ok(bins)
}

pub(crate) struct Server {
    pub(crate) proc: Proc,
    pub(crate) addr: SocketAddr,
    pub(crate) path: String,
}

pub(crate) fn start_standin(bins: &Bins, latency_ms: u64) -> Result<(Proc, SocketAddr, String), String> {
    let latency = latency_ms.to_string();
    let cmd = procs::command(
        &bins.standin,
        &["--port", "0", "--latency-ms", &latency, "--jitter-ms", "0"],
        &[],
    );
    let (proc, url) = procs::spawn_and_wait_for(cmd, "wlo-standin listening on ", Duration::from_secs(20))?;
    let (addr, _) = procs::split_url(&url)?;
    Ok((
        proc,
        addr,
        url.split_whitespace().next().unwrap_or_default().to_string(),
    ))
}

/// The environment of a server process: the stand-in, `--server-env`, extras.
pub(crate) fn server_env<'a>(base_url: &str, opts: &'a Opts, extra: &[(&'a str, String)]) -> Vec<(&'a str, String)> {
    let mut env = vec![("WLO_REPOSITORY_URL", base_url.to_string())];
    env.extend(opts.server_env.iter().map(|(k, v)| (k.as_str(), v.clone())));
    env.extend(extra.iter().cloned());
    env
}

pub(crate) fn start_server(bins: &Bins, base_url: &str, opts: &Opts, cache_mb: Option<u64>) -> Result<Server, String> {
    let extra: Vec<(&str, String)> = cache_mb
        .map(|mb| ("WLO_CACHE_MAX_MB", mb.to_string()))
        .into_iter()
        .collect();
    let env = server_env(base_url, opts, &extra);
    let cmd = procs::command(&bins.server, &["serve", "--port", "0"], &env);
    let (proc, url) = procs::spawn_and_wait_for(cmd, "wlo-mcp listening on ", Duration::from_secs(20))?;
    let (addr, path) = procs::split_url(&url)?;
    Ok(Server { proc, addr, path })
}
