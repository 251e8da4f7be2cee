#!/usr/bin/env bash
# Measures the README's first run: from a clean clone of HEAD, with an empty
# target directory and an empty crate cache (a fresh CARGO_HOME, so every crate
# is downloaded again), the time until `cargo run -- serve --demo` answers
# `tools/list`, then the time `cargo test --workspace` takes after it.
#
# Usage: scripts/first-run.sh [WORK_DIR]   (default: a new temporary folder, kept)
# Needs cargo, git, curl and the crates.io registry. Run it on an idle machine:
# it measures the machine as much as the project.
set -uo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="${1:-$(mktemp -d)}"
port="${FIRST_RUN_PORT:-3917}"

git clone -q "$repo" "$work/clone" || exit 1
export CARGO_HOME="$work/cargo-home"
mkdir -p "$CARGO_HOME"
cd "$work/clone" || exit 1
echo "first-run: clean clone of $(git rev-parse --short HEAD) in $work/clone, empty CARGO_HOME"

started=$(date +%s.%N)
cargo run -- serve --demo --port "$port" >"$work/demo.log" 2>&1 &
demo=$!
until curl -sf -o /dev/null -X POST "http://127.0.0.1:$port/mcp" \
  -H 'content-type: application/json' -H 'accept: application/json, text/event-stream' \
  -d '{"jsonrpc":"2.0","id":1,"method":"tools/list"}'; do
  if ! kill -0 "$demo" 2>/dev/null; then
    echo "first-run: the demo exited before it answered; last lines of $work/demo.log:" >&2
    tail -20 "$work/demo.log" >&2
    exit 1
  fi
  sleep 0.5
done
answered=$(date +%s.%N)
kill "$demo"
wait "$demo" 2>/dev/null

cargo test --workspace >"$work/test.log" 2>&1
tests=$?
finished=$(date +%s.%N)

seconds() { printf '%.0f' "$(echo "$2 - $1" | bc)"; }
echo "first-run: the demo answers after $(seconds "$started" "$answered") s"
if [ "$tests" -eq 0 ]; then
  echo "first-run: the tests pass after $(seconds "$answered" "$finished") s more"
else
  echo "first-run: the tests FAILED after $(seconds "$answered" "$finished") s (see $work/test.log)" >&2
  exit 1
fi
