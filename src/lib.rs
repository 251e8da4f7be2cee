//! # wlo-mcp
//!
//! An MCP server that lets AI agents search and browse
//! [WirLernenOnline.de](https://wirlernenonline.de) (WLO), Germany's platform
//! for open educational resources, through WLO's edu-sharing REST API.
//!
//! Layers, dependencies pointing down only:
//!
//! | layer | modules |
//! |---|---|
//! | entry points | `wlo-mcp` CLI (`src/main.rs`), `api/mcp.rs` (Vercel), `src/bin/lambda.rs` |
//! | transport | [`transport`] (HTTP, stdio, serverless adapters) |
//! | MCP surface | [`server`] (rmcp handler, instructions), [`surface`] (resources, prompts, completion) |
//! | tools | [`tools`] (one file per tool) |
//! | domain | [`search`], [`navigation`] |
//! | context | [`app`] |
//! | upstream | [`upstream`] (edu-sharing client, cache, errors) |
//! | leaf | [`config`], [`ids`], [`vocab`], [`node`], [`urls`], [`card`] (the card every tool shows), [`attribution`] (licence deeds and attribution lines) |
//!
//! `docs/architecture.md` has what each layer may import; `tests/suite/layers.rs`
//! enforces it.
//!
//! The app ([`app::App`]) is built once per process and shared; every HTTP
//! request is answered on its own, so any instance can answer any request.

pub mod app;
pub mod attribution;
pub mod card;
pub mod config;
pub mod ids;
pub mod navigation;
pub mod node;
pub mod search;
pub mod server;
pub mod surface;
pub mod tools;
pub mod transport;
pub mod upstream;
pub mod urls;
pub mod vocab;
