#!/usr/bin/env bash
# Runs the real Vercel CLI build offline and checks what a deployment would
# publish: .vercel/output/static/ must hold exactly the files of public/ (the
# landing page) - no source, tests, docs, data, Cargo files, template.yaml,
# .env, .aws-sam/ build or target/ - and the function api/mcp must be built.
#
# No Vercel account or network beyond the package registries: when
# .vercel/project.json is missing, a hand-made one replaces `vercel pull` (and
# is removed afterwards). To show that local secrets and other builds stay out,
# a canary .env and .aws-sam/build/McpFunction/bootstrap are planted when those
# paths do not exist (and removed afterwards; existing ones are left alone).
#
# Needs: the Vercel CLI (`vercel` on PATH, or VERCEL=/path/to/vercel),
# cargo-zigbuild and zig (`pip install cargo-zigbuild` brings the `ziglang`
# package; a `zig` wrapper around `python3 -m ziglang` is made when no `zig` is
# on PATH). The function is cross-built in release mode (several minutes).
# Usage: scripts/vercel-build-check.sh          (see docs/deploy.md)
set -euo pipefail
cd "$(dirname "$0")/.."

fail() { echo "vercel-build-check: FAILED: $*" >&2; exit 1; }

vercel="${VERCEL:-vercel}"
command -v "$vercel" >/dev/null 2>&1 || fail "no Vercel CLI: npm i -g vercel (or set VERCEL=path/to/vercel)"
command -v cargo-zigbuild >/dev/null 2>&1 || fail "no cargo-zigbuild: pip install cargo-zigbuild (or cargo install cargo-zigbuild --locked)"

scratch="$(mktemp -d)"
created=()
cleanup() {
  local path
  for path in "${created[@]}"; do rm -rf "$path"; done
  rm -rf "$scratch"
}
trap cleanup EXIT

if ! command -v zig >/dev/null 2>&1; then
  python3 -m ziglang version >/dev/null 2>&1 || fail "no zig: pip install ziglang, or put zig on PATH"
  mkdir -p "$scratch/bin"
  printf '#!/bin/sh\nexec %s -m ziglang "$@"\n' "$(command -v python3)" > "$scratch/bin/zig"
  chmod +x "$scratch/bin/zig"
  export PATH="$scratch/bin:$PATH"
fi

if [ ! -f .vercel/project.json ]; then
  mkdir -p .vercel
  cat > .vercel/project.json <<'JSON'
{"projectId":"prj_offline_check","orgId":"team_offline_check","settings":{"framework":null,"devCommand":null,"installCommand":null,"buildCommand":null,"outputDirectory":null,"rootDirectory":null,"directoryListing":false,"nodeVersion":"20.x"}}
JSON
  created+=(.vercel/project.json)
fi
if [ ! -e .env ]; then
  echo "WLO_MCP_TOKEN=vercel-build-check-canary" > .env
  created+=(.env)
fi
if [ ! -e .aws-sam ]; then
  mkdir -p .aws-sam/build/McpFunction
  echo canary > .aws-sam/build/McpFunction/bootstrap
  created+=(.aws-sam)
fi

rm -rf .vercel/output
echo "vercel-build-check: $("$vercel" --version 2>/dev/null | tail -n 1), $(cargo-zigbuild --version), zig $(zig version)"
VERCEL_TELEMETRY_DISABLED=1 "$vercel" build --yes

out=.vercel/output
[ -f "$out/functions/api/mcp.func/.vc-config.json" ] || fail "no function at $out/functions/api/mcp.func"
listing() { if [ -d "$1" ]; then (cd "$1" && find . \( -type f -o -type l \) | sort); fi; }
published="$(listing "$out/static")"
expected="$(listing public)"
if [ "$published" != "$expected" ]; then
  echo "published in $out/static:" >&2
  echo "${published:-  (nothing)}" | sed 's/^/  /' | head -n 40 >&2
  echo "expected (public/):" >&2
  echo "${expected:-  (nothing)}" | sed 's/^/  /' >&2
  fail "$out/static holds more (or other) files than public/"
fi
while IFS= read -r file; do
  [ -z "$file" ] || cmp -s "public/$file" "$out/static/$file" || fail "$file differs from public/$file"
done <<< "$expected"
echo "vercel-build-check: OK: $out/static holds only public/ ($(echo "$expected" | grep -c . || true) files); function api/mcp built"
