//! The serverless front ends without the cloud (serverless issue).
//!
//! - The Vercel binary (`mcp`) runs as its own server on `VERCEL_DEV_PORT`,
//!   exactly as `vercel_runtime::run` serves on Vercel, and is driven over HTTP
//!   with public `*.vercel.app` Host headers.
//! - The Lambda adapter is fed real function-URL events
//!   (`tests/fixtures/lambda/*.json`) parsed by `lambda_http`'s own parser.
//! - The real Lambda binary (`lambda`) runs against the mock Lambda Runtime
//!   API of `fakes/lambda-runtime`, which the benchmark's cold start uses too.
//! - One scenario table ([`SCENARIOS`]) is run against `wlo-mcp serve`, the
//!   Vercel binary, the Lambda adapter and the Lambda binary; the answers must
//!   be equal (apart from the health check's `latencyMs`/`checkedAt`).
//!
//! Cold start and memory are measured by the benchmark (`bench --only cold`),
//! not here.

#[path = "../common/mod.rs"]
mod common;

mod front_ends;
mod lambda;
mod packaging;
mod plumbing;
mod scenarios;
mod vercel;

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::{Server, StandIn, StandInOptions};
use serde_json::{Value, json};
use wlo_mcp::config::Config;
use wlo_mcp::transport::serverless::{self, ColdStart};

use lambda::*;
use plumbing::*;
use scenarios::*;
use vercel::*;
