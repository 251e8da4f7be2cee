//! The serverless front ends without the cloud (serverless issue).
//!
//! - The Vercel binary (`mcp`) runs as its own server on `VERCEL_DEV_PORT`,
//!   exactly as `vercel_runtime::run` serves on Vercel, and is driven over HTTP
//!   with public `*.vercel.app` Host headers.
//! - The Lambda adapter is fed real function-URL events
//!   (`tests/fixtures/lambda/*.json`) parsed by `lambda_http`'s own parser.
//! - The real Lambda binary (`lambda`) runs against a mock Lambda Runtime API
//!   written here (axum on 127.0.0.1).
//! - One scenario table ([`SCENARIOS`]) is run against `wlo-mcp serve`, the
//!   Vercel binary, the Lambda adapter and the Lambda binary; the answers must
//!   be equal (apart from the health check's `latencyMs`/`checkedAt`).
//!
//! `cold_start_measurement` (ignored) prints the cold-start and memory numbers
//! of docs/deploy.md; run it through `scripts/coldstart.sh`.

#[path = "../common/mod.rs"]
mod common;

mod cold_start;
mod front_ends;
mod lambda;
mod packaging;
mod plumbing;
mod scenarios;
mod vercel;

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use common::{Server, StandIn, StandInOptions};
use serde_json::{Value, json};
use wlo_mcp::config::Config;
use wlo_mcp::transport::serverless::{self, ColdStart};

use lambda::*;
use plumbing::*;
use scenarios::*;
use vercel::*;
