#!/usr/bin/env bash
# `npm run test:browser`: the panel pages in Debian chromium, driven by playwright-core (installed outside the
# repository by test/e2e/setup.sh, as for the real-editor tests): the preview's behaviour, then every page's layout.
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
DIR=${PRIVSPEC_E2E_DIR:-$HOME/.cache/privspec-e2e}
bash "$ROOT/test/e2e/setup.sh" >/dev/null || exit 2
# A bundle older than the page's sources would test yesterday's panels (seen: a merged layout fix reported as failing).
if [ ! -f "$ROOT/dist/webview.js" ] || [ -n "$(find "$ROOT/webview" "$ROOT/engine" "$ROOT/extension" -name '*.ts' -newer "$ROOT/dist/webview.js" -print -quit)" ]; then
  (cd "$ROOT" && npm run build >/dev/null) || exit 2
fi
cd "$ROOT" || exit 2
status=0
PW_REQUIRE_FROM="$DIR/pw/package.json" node --import tsx test/browser/preview.browser.mjs || status=1
PW_REQUIRE_FROM="$DIR/pw/package.json" node --import tsx test/browser/layout.browser.mjs || status=1
exit $status
