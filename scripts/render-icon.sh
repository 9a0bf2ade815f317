#!/usr/bin/env bash
# Redraws the extension's 128 × 128 PNG icon (the Marketplace and Open VSX want a PNG, not an SVG) from images/icon.svg.
# rsvg-convert comes from Debian's librsvg2-bin (`apt-get install -y librsvg2-bin`); the PNG is committed, so only a change
# to the SVG needs this script.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v rsvg-convert >/dev/null || { echo "render-icon: rsvg-convert is missing; apt-get install -y librsvg2-bin" >&2; exit 2; }
rsvg-convert --width 128 --height 128 --format png --output images/icon.png images/icon.svg
echo "wrote images/icon.png"
