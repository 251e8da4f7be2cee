#!/usr/bin/env bash
# Cold start and memory of the three binaries (numbers in docs/deploy.md).
#
#   scripts/coldstart.sh [RUNS]        RUNS per binary, default 15
#
# Builds the release binaries, then runs the ignored test
# `cold_start_measurement` (tests/serverless/cold_start.rs) against them. For each run it
# starts a fresh process and measures process start -> first answered
# `initialize` (HTTP 200): `wlo-mcp serve` and the Vercel binary `mcp` are
# polled with plain HTTP/1.1 on their port; the Lambda binary `lambda` gets the
# initialize event from an in-test mock Lambda Runtime API, and the time ends
# when its response is posted back. Peak RSS is VmHWM from /proc/<pid>/status,
# read after that initialize and again after one wlo_health_check tool call
# against the in-process stand-in. Prints a Markdown table plus binary sizes.
# SSL_CERT_FILE, when set, is passed on to the binaries (it skips the scan of
# the system certificate directory at start-up).
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS="${1:-15}"

cargo build --release --bins
COLDSTART_RUNS="$RUNS" COLDSTART_BIN_DIR="$PWD/target/release" \
  cargo test --test serverless -- --ignored --nocapture --exact cold_start::cold_start_measurement
echo
echo "Stripped release binaries:"
for bin in wlo-mcp mcp lambda; do
  printf '  %-8s %s\n' "$bin" "$(du -h "target/release/$bin" | cut -f1)"
done
