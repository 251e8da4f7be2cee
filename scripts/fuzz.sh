#!/usr/bin/env bash
# Bounded coverage-guided fuzzing of the HTTP handler and tool-argument parsing
# on a stable toolchain (CI runs it; cargo-fuzz on nightly is the by-hand way).
# Usage: scripts/fuzz.sh [seconds per target, default 20]
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
seconds="${1:-20}"
target="$(rustc -vV | sed -n 's/^host: //p')"
export RUSTFLAGS="-Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
  -Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
  -Cllvm-args=-sanitizer-coverage-trace-compares --cfg fuzzing -Cdebug-assertions -Copt-level=1"
cargo build --quiet --target "$target" --bins
mkdir -p artifacts
for t in http_body tool_args; do
  mkdir -p "corpus/$t"
  echo "fuzzing $t for ${seconds}s"
  set +e
  "target/$target/debug/$t" "corpus/$t" -max_total_time="$seconds" -print_final_stats=1 \
    -artifact_prefix=artifacts/ > "artifacts/$t.log" 2>&1
  status=$?
  set -e
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "artifacts/$t.log" || true
  if [ "$status" -ne 0 ]; then
    echo "FUZZ FAILURE in $t (exit $status):"
    tail -40 "artifacts/$t.log"
    exit 1
  fi
done
echo "fuzzing: no crash found"
