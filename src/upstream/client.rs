//! The process's one HTTP client, and the certificates it trusts.
//!
//! The roots are compiled in (`webpki-roots`: Mozilla's CA list, as trust
//! anchors that need no parsing), not read from the system: the client is
//! then built in well under a millisecond, at start, where the cold start is
//! measured, and the first tool call costs what a later one does. The
//! platform store that reqwest loads by default reads the bundle and every
//! certificate file of `/etc/ssl/certs` one by one, and parses them all; it
//! cost a fresh process about 10 ms, in its first call. The trade-off
//! (docs/deploy.md, "Root certificates"): compiled-in roots change only with
//! a release of wlo-mcp, where the system store follows the OS and its
//! administrator (a private CA included).

use std::sync::Arc;
use std::time::Duration;

/// The HTTP client: rustls with the compiled-in roots, gzip, keep-alive.
pub(super) fn http_client() -> reqwest::Client {
    reqwest::Client::builder()
        .tls_backend_preconfigured(tls_config())
        .user_agent(concat!("wlo-mcp/", env!("CARGO_PKG_VERSION")))
        .connect_timeout(Duration::from_secs(5))
        .pool_idle_timeout(Duration::from_secs(50))
        .gzip(true)
        .build()
        .unwrap_or_else(|e| {
            tracing::error!(error = %e, "HTTP client with defaults");
            reqwest::Client::new()
        })
}

/// TLS 1.2 and 1.3 through ring (the one provider compiled in), trusting
/// the compiled-in roots, speaking HTTP/1.1.
fn tls_config() -> rustls::ClientConfig {
    // Installing twice is harmless; the shared cache tier's TLS uses it too.
    let _ = rustls::crypto::ring::default_provider().install_default();
    let roots = rustls::RootCertStore {
        roots: webpki_roots::TLS_SERVER_ROOTS.to_vec(),
    };
    let mut config = rustls::ClientConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
        .with_safe_default_protocol_versions()
        .expect("ring supports the default TLS versions")
        .with_root_certificates(roots)
        .with_no_client_auth();
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    config
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_roots_are_compiled_in() {
        let config = tls_config();
        assert_eq!(config.alpn_protocols, [b"http/1.1".to_vec()]);
        // Mozilla's list has well over a hundred roots; none is read from disk.
        assert!(webpki_roots::TLS_SERVER_ROOTS.len() > 100);
        let started = std::time::Instant::now();
        let _client = http_client();
        // Built at start: it must stay cheap even unoptimised.
        assert!(
            started.elapsed() < Duration::from_millis(500),
            "{:?}",
            started.elapsed()
        );
    }
}
