#!/usr/bin/env bash
# Takes the README tour's screenshots: the packaged extension in code-server on a copy of examples/, driven by
# scripts/tour.mjs (playwright-core + Debian chromium, the real-editor test's setup). Writes docs/images/tour-*.png.
#   bash scripts/tour-screenshots.sh            (PRIVSPEC_VSIX=… to use a vsix built elsewhere)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SHOTS=$(mktemp -d "${TMPDIR:-/tmp}/privspec-tour.XXXXXX")
PRIVSPEC_E2E_WORKSPACE="$ROOT/examples" PRIVSPEC_E2E_DRIVER="$ROOT/scripts/tour.mjs" PRIVSPEC_E2E_SHOTS="$SHOTS" \
  bash "$ROOT/test/e2e/run-e2e.sh"
mkdir -p "$ROOT/docs/images"
cp "$SHOTS"/tour-*.png "$ROOT/docs/images/"
ls -l "$ROOT"/docs/images/tour-*.png
