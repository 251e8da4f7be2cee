//! # wlo-bench: the benchmarks of wlo-mcp
//!
//! Two programs drive the real server binaries against the edu-sharing
//! stand-in (`wlo-standin`):
//! * `bench` (`scripts/bench.sh`): wall time, upstream round trips, CPU,
//!   cached repeats, peak RSS under a burst, cold start, `tools/list`
//!   throughput, and with `--tail` the tail latency of hedged reads;
//!   results in `docs/performance.md`;
//! * `relevance`: nDCG@8 and MRR of `search_wlo_content` against the
//!   corpus's ground truth, and success@3, MRR and nDCG@5 of
//!   `search_wlo_collections` on WLO's real collection tree against sets
//!   graded by hand; results in `docs/relevance.md`.
//!
//! This library holds what they share: a small HTTP/1.1 client ([`http`]),
//! child processes and `/proc` readings ([`procs`]) and statistics
//! ([`stats`]); and, kept here to be unit-tested, the real-tree sets' format
//! and metrics ([`tree_sets`]) and how a report is spliced into its
//! document ([`report_doc`]). The mock Lambda Runtime API is `wlo-fake-lambda-runtime`,
//! shared with the root crate's serverless tests.

pub mod http;
pub mod procs;
pub mod report_doc;
pub mod stats;
pub mod tree_sets;
