//! The integration tests that can share one process, as modules of one test
//! binary: one link instead of one per file. Tests that rely on process-wide
//! state or timing (signals, load and memory, hedge delays) stay binaries of
//! their own: `tests/cli.rs`, `tests/hardening_load.rs`, `tests/hedging.rs`,
//! and `tests/serverless/`.

#[path = "../common/mod.rs"]
mod common;

mod agent_fit;
mod bounded_reads;
mod collection_filters;
mod facets;
mod failure_policy;
mod golden;
mod hardening_access;
mod hardening_faults;
mod hardening_http;
mod hardening_ingress;
mod hardening_input;
mod http_protocol;
mod knowledge;
mod layers;
mod modern_protocol;
mod navigation;
mod node_options;
mod portal_counts;
mod proptest_http;
mod real_records;
mod real_tree;
mod related_content;
mod relevance_sentences;
mod repository;
mod reuse;
mod search;
mod tool_params;
mod topic_page_content;
mod tree_search;
mod ui_views;
mod word_forms;
