#!/usr/bin/env bash
# Builds each deployment from exactly the files its platform gets, so a change
# that a platform's upload or package misses fails here and not on the platform.
#
# Vercel: the tracked files that .vercelignore lets through (gitignore rules,
#   evaluated from .vercelignore alone - Vercel does not read .gitignore when a
#   .vercelignore exists) are copied into an empty folder, and the function
#   binary `mcp` is built there. Static files must come from public/ alone.
# Lambda: `sam build` (cargo-lambda) builds from the folder template.yaml's
#   CodeUri names; its tracked files are copied the same way and the binary
#   `lambda` is built there.
#
# The builds are debug builds into the project's own target/ (so the
# dependencies the test build made are reused; the project's own crates are
# compiled anew from each copy): a release build would add minutes to CI and
# proves nothing more about which files are needed. The thorough check before a
# release is scripts/vercel-build-check.sh (the real Vercel CLI).
#
# Usage: scripts/package-check.sh            (needs only cargo and git)
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"

fail() { echo "package-check: FAILED: $*" >&2; exit 1; }

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
export CARGO_TARGET_DIR="$root/target"

# copy_tracked DEST [IGNORE_FILE]: the tracked files, less those IGNORE_FILE's
# patterns exclude, into DEST.
copy_tracked() {
  local dest="$1" ignore="${2:-}"
  mkdir -p "$dest"
  if [ -n "$ignore" ]; then
    comm -23 <(git ls-files | sort) <(git ls-files -c -i --exclude-from="$ignore" | sort)
  else
    git ls-files
  fi | while IFS= read -r file; do
    [ -e "$file" ] || continue # deleted in the work tree
    mkdir -p "$dest/$(dirname "$file")"
    cp "$file" "$dest/$file" # fresh mtimes: each copy is compiled from its own files
  done
}

# ---------------------------------------------------------------- Vercel
vercel="$scratch/vercel"
copy_tracked "$vercel" .vercelignore
echo "package-check: Vercel upload: $(find "$vercel" -type f | wc -l) files in" \
  "$(cd "$vercel" && ls -A | tr '\n' ' ')"
for secret in .env .aws-sam .vercel target; do
  [ ! -e "$vercel/$secret" ] || fail "the Vercel upload holds $secret"
done
# Vercel publishes public/ as the static site when it exists (see docs/deploy.md).
[ -d "$vercel/public" ] || fail "the Vercel upload has no public/: Vercel would publish the whole upload as static files"
(cd "$vercel" && cargo metadata --no-deps --locked --offline --format-version 1 >/dev/null) \
  || fail "the Vercel upload is not a loadable Cargo workspace (a member or path dependency is left out by .vercelignore)"
(cd "$vercel" && cargo build --locked --bin mcp) \
  || fail "the Vercel upload does not build the function binary mcp"
echo "package-check: Vercel upload builds mcp"

# ---------------------------------------------------------------- Lambda
code_uri="$(sed -n 's/^ *CodeUri: *//p' template.yaml | head -n 1)"
[ -n "$code_uri" ] || fail "template.yaml names no CodeUri"
[ -d "$code_uri" ] || fail "template.yaml's CodeUri $code_uri is not a folder"
# SAM packages every file under CodeUri. When that is the repository root and the tree holds
# no file git does not track (a clean clone, as in CI), the package is this tree: build here and
# reuse what the build before compiled, instead of compiling the crate again in a copy.
if [ "$(cd "$code_uri" && pwd)" = "$root" ] && [ -z "$(git ls-files --others --exclude-standard)" ]; then
  lambda="$root"
else
  lambda="$scratch/lambda"
  (cd "$code_uri" && copy_tracked "$lambda")
fi
(cd "$lambda" && cargo build --locked --bin lambda) \
  || fail "the Lambda package (CodeUri $code_uri) does not build the binary lambda"
echo "package-check: Lambda package (CodeUri $code_uri) builds lambda"
echo "package-check: OK"
