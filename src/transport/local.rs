//! The local HTTP server of `wlo-mcp serve`: hyper HTTP/1.1 in front of the
//! shared [`HttpHandler`], with bounded header reads, a lingering close after
//! an answer given before the body's end ([`super::linger`]), and a graceful
//! stop on Ctrl-C or SIGTERM.

use std::convert::Infallible;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use http::{Request, StatusCode};
use http_body_util::Full;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use tokio::net::TcpListener;

use super::http::{HttpHandler, HttpOptions, rpc_error};
use super::linger::{Linger, LingeringBody};
use crate::app::App;

/// How long a client may take to send its request headers.
pub const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(10);
/// How long in-flight requests may take to finish after a stop signal.
pub const SHUTDOWN_GRACE: Duration = Duration::from_secs(5);
/// Read buffer per connection; request headers beyond it are refused (431).
const MAX_BUF: usize = 64 * 1024;

/// Why `serve_on` could not start.
#[derive(Debug)]
pub enum ServeError {
    /// `--host` is not an address (the command line was wrong).
    Host(String),
    /// The address cannot be bound.
    Listen(String),
}

/// Bind `host:port` and serve `app` there until Ctrl-C or SIGTERM. On a
/// loopback address foreign Host headers are refused (DNS-rebinding protection).
pub async fn serve_on(app: Arc<App>, host: &str, port: u16, demo: bool) -> Result<(), ServeError> {
    let ip: std::net::IpAddr = match host.trim_matches(|c| c == '[' || c == ']').parse() {
        Ok(ip) => ip,
        Err(_) if host == "localhost" => std::net::Ipv4Addr::LOCALHOST.into(),
        Err(_) => {
            return Err(ServeError::Host(format!(
                "invalid --host '{host}': expected an IP address such as 127.0.0.1 or 0.0.0.0"
            )));
        }
    };
    let listener = TcpListener::bind(std::net::SocketAddr::new(ip, port))
        .await
        .map_err(|error| ServeError::Listen(format!("cannot listen on {host}:{port}: {error}")))?;
    let local = listener.local_addr().map(|a| a.port()).unwrap_or(port);
    let repository = app.config.repository_url.clone();
    let handler = HttpHandler::new(
        app,
        HttpOptions {
            loopback_host_check: ip.is_loopback(),
        },
    );
    let shown_host = if ip.is_ipv6() {
        format!("[{ip}]")
    } else {
        ip.to_string()
    };
    if demo {
        eprintln!("wlo-mcp listening on http://{shown_host}:{local}/mcp (demo: built-in stand-in at {repository})");
    } else {
        eprintln!("wlo-mcp listening on http://{shown_host}:{local}/mcp");
    }
    serve(listener, handler, shutdown_signal()).await;
    Ok(())
}

/// Resolves on Ctrl-C or (on Unix) SIGTERM, as container runtimes send it.
async fn shutdown_signal() {
    let ctrl_c = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut term = match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(term) => term,
            Err(_) => {
                let _ = ctrl_c.await;
                return;
            }
        };
        tokio::select! {
            _ = ctrl_c => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = ctrl_c.await;
    }
}

/// Serve `/mcp` on `listener` until `shutdown` resolves, then stop accepting
/// and give in-flight requests up to [`SHUTDOWN_GRACE`] to finish.
pub async fn serve(listener: TcpListener, handler: HttpHandler, shutdown: impl Future<Output = ()>) {
    let graceful = GracefulShutdown::new();
    let linger = Linger::default();
    tokio::pin!(shutdown);
    loop {
        tokio::select! {
            accepted = listener.accept() => {
                let stream = match accepted {
                    Ok((stream, _)) => stream,
                    Err(error) => {
                        tracing::warn!(%error, "accept failed");
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        continue;
                    }
                };
                let handler = handler.clone();
                let linger = linger.clone();
                let service = hyper::service::service_fn(move |request: Request<Incoming>| {
                    let handler = handler.clone();
                    let request = linger.wrap(request);
                    async move { Ok::<_, Infallible>(route(&handler, request).await) }
                });
                let mut builder = hyper::server::conn::http1::Builder::new();
                builder
                    .timer(TokioTimer::new())
                    .header_read_timeout(HEADER_READ_TIMEOUT)
                    .max_buf_size(MAX_BUF);
                let connection = graceful.watch(builder.serve_connection(TokioIo::new(stream), service));
                tokio::spawn(async move {
                    if let Err(error) = connection.await {
                        tracing::debug!(%error, "connection ended with an error");
                    }
                });
            }
            _ = &mut shutdown => break,
        }
    }
    drop(listener);
    tracing::info!("shutting down: finishing in-flight requests (at most 5 s)");
    if tokio::time::timeout(SHUTDOWN_GRACE, graceful.shutdown()).await.is_err() {
        tracing::warn!("in-flight requests did not finish within 5 s");
    }
}

async fn route(handler: &HttpHandler, request: Request<LingeringBody<Incoming>>) -> http::Response<Full<Bytes>> {
    if request.uri().path() == "/mcp" {
        return handler.handle(request).await;
    }
    let mut response = rpc_error(StatusCode::NOT_FOUND, -32600, "Not found: the MCP endpoint is /mcp");
    let headers = response.headers_mut();
    headers.insert(
        http::header::ACCESS_CONTROL_ALLOW_ORIGIN,
        http::HeaderValue::from_static("*"),
    );
    response
}
