#!/usr/bin/env bash
# `npm run test:browser`: the release-preview page in Debian chromium, driven by playwright-core (installed outside the
# repository by test/e2e/setup.sh, as for the real-editor tests).
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
DIR=${PRIVSPEC_E2E_DIR:-$HOME/.cache/privspec-e2e}
bash "$ROOT/test/e2e/setup.sh" >/dev/null || exit 2
[ -f "$ROOT/dist/webview.js" ] || (cd "$ROOT" && npm run build >/dev/null) || exit 2
cd "$ROOT" && PW_REQUIRE_FROM="$DIR/pw/package.json" node --import tsx test/browser/preview.browser.mjs
