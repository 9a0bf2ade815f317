#!/usr/bin/env bash
# Installs what the real-editor tests need, outside the repository, using only apt and the npm registry:
# Debian chromium and ripgrep, code-server (VS Code in a browser) and playwright-core (drives chromium).
# Idempotent: every step is skipped when its result is already there, so a second run takes about a second.
# Usage: test/e2e/setup.sh            (installs into $PRIVSPEC_E2E_DIR, default ~/.cache/privspec-e2e)
set -euo pipefail
DIR=${PRIVSPEC_E2E_DIR:-$HOME/.cache/privspec-e2e}
CS_VERSION=4.100.3   # The last code-server line whose engines.node is 20 (VS Code 1.100.3).
PW_VERSION=1.56.1
mkdir -p "$DIR/tmp" "$DIR/cs" "$DIR/pw"
export TMPDIR="$DIR/tmp"
# ~/.npmrc may say yes=false, and node-pty's postinstall runs `npx node-gyp`.
export npm_config_yes=true npm_config_audit=false npm_config_fund=false
t() { local s; s=$(date +%s); "$@"; echo "[setup] '$*' took $(( $(date +%s) - s ))s" >&2; }

# 1. OS packages: chromium (the browser), ripgrep (replaces @vscode/ripgrep's download from GitHub), and the
#    headers code-server's native modules build against (kerberos, keytar, native-keymap).
if ! command -v chromium >/dev/null || ! command -v rg >/dev/null || ! dpkg -s libkrb5-dev libsecret-1-dev libxkbfile-dev libx11-dev pkg-config >/dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  SUDO=; [ "$(id -u)" = 0 ] || SUDO=sudo
  t $SUDO apt-get update -qq
  t $SUDO apt-get install -y -qq chromium ripgrep libkrb5-dev libsecret-1-dev libxkbfile-dev libx11-dev pkg-config >/dev/null
fi

# 2. code-server. Its postinstall runs `npm install` in lib/vscode and builds native modules with node-gyp;
#    @vscode/ripgrep's download cache is seeded first so that postinstall never goes to GitHub.
CS_PKG="$DIR/cs/node_modules/code-server/package.json"
if [ ! -f "$DIR/cs/.installed-$CS_VERSION" ] || [ ! -f "$CS_PKG" ]; then
  RG_VER=1.15.11; RG_TAG=v13.0.0-10
  mkdir -p "$TMPDIR/vscode-ripgrep-cache-$RG_VER" "$TMPDIR/rgpkg"
  cp "$(command -v rg)" "$TMPDIR/rgpkg/rg"
  tar czf "$TMPDIR/vscode-ripgrep-cache-$RG_VER/ripgrep-$RG_TAG-x86_64-unknown-linux-musl.tar.gz" -C "$TMPDIR/rgpkg" rg
  cd "$DIR/cs"; [ -f package.json ] || npm init -y >/dev/null
  t npm install --no-audit --no-fund "code-server@$CS_VERSION" --unsafe-perm
  test -x "$DIR/cs/node_modules/code-server/lib/vscode/node_modules/@vscode/ripgrep/bin/rg"
  test -f "$DIR/cs/node_modules/code-server/lib/vscode/node_modules/node-pty/build/Release/pty.node"
  touch "$DIR/cs/.installed-$CS_VERSION"
fi

# 3. playwright-core: the driver only; it never downloads a browser of its own, it drives Debian's chromium.
if [ ! -f "$DIR/pw/.installed-$PW_VERSION" ]; then
  cd "$DIR/pw"; [ -f package.json ] || npm init -y >/dev/null
  t npm install --no-audit --no-fund "playwright-core@$PW_VERSION"
  touch "$DIR/pw/.installed-$PW_VERSION"
fi
echo "[setup] ready in $DIR: code-server $CS_VERSION, playwright-core $PW_VERSION, $(chromium --version 2>/dev/null | head -1)"
