#!/usr/bin/env bash
# Refresh the three screenshots of docs/ui.md (cards, topic page, dark mode)
# from the browser test of the MCP Apps views (ui/test/browser.mjs), which
# writes them under target/ui-screenshots/. Needs Debian's chromium and
# `npm ci --prefix ui` (see docs/ui.md).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --bin wlo-mcp
mkdir -p target/ui-screenshots docs/img
node ui/test/browser.mjs target/debug/wlo-mcp target/ui-screenshots
for name in cards topic-page dark; do
  cp "target/ui-screenshots/$name.png" "docs/img/ui-$name.png"
done
ls -l docs/img/ui-*.png
