//! stdio: newline-delimited JSON-RPC on stdin/stdout (Claude Desktop and
//! other local clients). stdout carries protocol messages only; logs go to
//! stderr.

use std::sync::Arc;

use rmcp::ServiceExt;

use crate::app::App;
use crate::server::WloServer;

/// Serve MCP on stdin/stdout until the client closes stdin.
pub async fn serve(app: Arc<App>) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let service = WloServer::new(app).serve(rmcp::transport::stdio()).await?;
    service.waiting().await?;
    Ok(())
}
