#!/usr/bin/env sh
# Performance benchmark of wlo-mcp (see docs/performance.md).
#
#   scripts/bench.sh            full run (~2 min after the build)
#   scripts/bench.sh --quick    CI smoke run (< 60 s after the build)
#   scripts/bench.sh --json     machine-readable results on stdout
#   scripts/bench.sh --tail     tail latency with stragglers, hedged reads off/on (~5 min)
#
# Other options: --latency-ms N (default 100), --reps N, --strict (exit 1 on
# any FAIL), --server-env KEY=VALUE (repeatable). Progress goes to stderr.
set -eu
cd "$(dirname "$0")/.."
cargo build --release --workspace --bins
exec "${CARGO_TARGET_DIR:-target}/release/bench" "$@"
