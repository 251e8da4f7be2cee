//! Cold start and memory of every binary (a measurement, ignored by default).

use super::*;

// ------------------------------------------------------ cold start and memory

/// One blocking `POST /mcp` over a fresh connection; the status, or `None`
/// when nothing listens yet.
fn raw_post(port: u16, body: &str) -> Option<u16> {
    use std::io::Write;
    let mut stream = TcpStream::connect(("127.0.0.1", port)).ok()?;
    let request = format!(
        "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n\
         Accept: application/json, text/event-stream\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).ok()?;
    let mut response = Vec::new();
    stream.read_to_end(&mut response).ok()?;
    let head = String::from_utf8_lossy(&response);
    head.split_whitespace().nth(1)?.parse().ok()
}

/// A child process that is killed when dropped (also on a failed assertion).
struct KillOnDrop(Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Process start → first answered `initialize`, and peak RSS, for each binary.
/// Run through scripts/coldstart.sh, which builds the release binaries and runs
/// this test against them with `COLDSTART_BIN_DIR=target/release`. `COLDSTART_RUNS` sets the runs per binary
/// (default 15); `COLDSTART_BIN_DIR` takes the binaries from another directory;
/// `SSL_CERT_FILE` is passed on to the binaries when set.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "measurement; run through scripts/coldstart.sh"]
async fn cold_start_measurement() {
    let runs: usize = std::env::var("COLDSTART_RUNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(15);
    let dir = std::env::var("COLDSTART_BIN_DIR").ok();
    let binary = |name: &str, built: &str| match &dir {
        Some(dir) => format!("{dir}/{name}"),
        None => built.to_string(),
    };
    let (serve_bin, vercel_bin, lambda_bin) = (
        binary("wlo-mcp", env!("CARGO_BIN_EXE_wlo-mcp")),
        binary("mcp", env!("CARGO_BIN_EXE_mcp")),
        binary("lambda", env!("CARGO_BIN_EXE_lambda")),
    );
    let standin = StandIn::start(StandInOptions::default())
        .await
        .expect("stand-in starts");
    let mut vars = with(&base_env(&standin), &[("RUST_LOG", "warn")]);
    // Forwarded so its effect on the root-certificate load can be measured.
    if let Ok(file) = std::env::var("SSL_CERT_FILE") {
        vars.push(("SSL_CERT_FILE".into(), file));
    }
    let initialize = SCENARIOS[0].request;
    let health = SCENARIOS[4].request;

    /// Start-up ms, VmHWM KiB after initialize, VmHWM KiB after a health check.
    type Row = (&'static str, Vec<f64>, Vec<u64>, Vec<u64>);
    let mut table: Vec<Row> = Vec::new();
    for kind in ["wlo-mcp serve", "mcp (Vercel)", "lambda"] {
        let (mut times, mut rss_init, mut rss_tool) = (Vec::new(), Vec::new(), Vec::new());
        for _ in 0..runs {
            if kind == "lambda" {
                let runtime = MockRuntime::start().await;
                let first = runtime.queue(post_event(initialize));
                let started = Instant::now();
                let lambda = LambdaProcess::spawn_binary(&lambda_bin, runtime, &vars);
                let outcome = tokio::time::timeout(Duration::from_secs(20), first)
                    .await
                    .expect("answer")
                    .expect("answer");
                times.push(started.elapsed().as_secs_f64() * 1000.0);
                assert_eq!(reply_from_payload(outcome).status, 200);
                rss_init.push(rss_high_water_kib(lambda.child.id()).unwrap_or(0));
                assert_eq!(lambda.invoke(post_event(health)).await.status, 200);
                rss_tool.push(rss_high_water_kib(lambda.child.id()).unwrap_or(0));
                continue;
            }
            let port = free_port();
            let mut command = Command::new(if kind == "mcp (Vercel)" {
                &vercel_bin
            } else {
                &serve_bin
            });
            command
                .env_clear()
                .envs(vars.iter().cloned())
                .env("VERCEL_DEV_PORT", port.to_string())
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null());
            if kind == "wlo-mcp serve" {
                command.args(["serve", "--port", &port.to_string()]);
            }
            let started = Instant::now();
            let child = KillOnDrop(command.spawn().expect("binary starts"));
            let pid = child.0.id();
            // Plain blocking HTTP/1.1 on a worker thread: no client start-up cost in the numbers.
            let answered = tokio::task::spawn_blocking(move || {
                loop {
                    if let Some(status) = raw_post(port, initialize) {
                        return status;
                    }
                    if started.elapsed() > Duration::from_secs(20) {
                        return 0;
                    }
                    std::thread::sleep(Duration::from_micros(200));
                }
            })
            .await
            .expect("poller");
            times.push(started.elapsed().as_secs_f64() * 1000.0);
            assert_eq!(answered, 200, "{kind} did not answer initialize");
            rss_init.push(rss_high_water_kib(pid).unwrap_or(0));
            let status = tokio::task::spawn_blocking(move || raw_post(port, health))
                .await
                .expect("poller");
            assert_eq!(status, Some(200), "{kind}: health check");
            rss_tool.push(rss_high_water_kib(pid).unwrap_or(0));
            drop(child);
        }
        table.push((kind, times, rss_init, rss_tool));
    }

    fn median<T: Copy + PartialOrd>(values: &[T]) -> T {
        let mut sorted = values.to_vec();
        sorted.sort_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
        sorted[sorted.len() / 2]
    }
    println!("\nruns per binary: {runs}; binaries: {serve_bin}, {vercel_bin}, {lambda_bin}");
    println!(
        "| binary | start → initialize answered, median (min–max) | peak RSS after initialize | peak RSS after a health check |"
    );
    println!("|---|---|---|---|");
    for (kind, times, rss_init, rss_tool) in &table {
        let min = times.iter().cloned().fold(f64::INFINITY, f64::min);
        let max = times.iter().cloned().fold(0.0, f64::max);
        println!(
            "| {kind} | {:.1} ms ({min:.1}–{max:.1}) | {:.1} MiB | {:.1} MiB |",
            median(times),
            median(rss_init) as f64 / 1024.0,
            median(rss_tool) as f64 / 1024.0
        );
    }
}
