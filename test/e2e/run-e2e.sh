#!/usr/bin/env bash
# `npm run test:e2e`: installs the tools if needed (test/e2e/setup.sh), installs the packaged extension into a fresh
# code-server profile, opens a copy of test/e2e/workspace and drives it with playwright-core + Debian chromium (e2e.mjs).
# Screenshots go to $PRIVSPEC_E2E_SHOTS (default $TMPDIR/privspec-e2e/shots), outside the repository.
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
HERE="$ROOT/test/e2e"
DIR=${PRIVSPEC_E2E_DIR:-$HOME/.cache/privspec-e2e}
bash "$HERE/setup.sh" || exit 2

VERSION=$(node -p "require('$ROOT/package.json').version")
VSIX=${PRIVSPEC_VSIX:-$ROOT/privspec-$VERSION.vsix}
# A package older than the build would test yesterday's extension against today's command-line tool (seen: the attack
# step failing on a row key the old language server did not read): package again when dist/ is newer.
if [ ! -f "$VSIX" ] || { [ -z "${PRIVSPEC_VSIX:-}" ] && [ -n "$(find "$ROOT/dist" -newer "$VSIX" -print -quit)" ]; }; then
  echo "[e2e] $VSIX is missing or older than dist/; building it with npm run package"
  (cd "$ROOT" && npm run package >/dev/null) || exit 2
fi

BASE=${TMPDIR:-/tmp}/privspec-e2e
SHOTS=${PRIVSPEC_E2E_SHOTS:-$BASE/shots}
mkdir -p "$BASE" "$SHOTS"
rm -f "$SHOTS"/*.png
RUN=$(mktemp -d "$BASE/run.XXXXXX")
CODE_SERVER="$DIR/cs/node_modules/.bin/code-server"
export XDG_CONFIG_HOME="$RUN/xdg/config" XDG_DATA_HOME="$RUN/xdg/data" PW_REQUIRE_FROM="$DIR/pw/package.json"
export PRIVSPEC_LOG_FILE="$RUN/privspec.log"

# A copy of the workspace, so that the quick fix edits the copy, plus a 100,000-row CSV for the timing step
# (its quasi-identifiers come from the workspace settings, which also covers the path without a spec).
# PRIVSPEC_E2E_WORKSPACE and PRIVSPEC_E2E_DRIVER let scripts/tour-screenshots.sh drive another workspace the same way.
cp -r "${PRIVSPEC_E2E_WORKSPACE:-$HERE/workspace}" "$RUN/workspace"
mkdir -p "$RUN/ud/User" "$RUN/ext"
if [ -z "${PRIVSPEC_E2E_WORKSPACE:-}" ]; then
  node "$HERE/make-big-csv.mjs" "$RUN/workspace/data/big.csv" 100000
  # The preview-speed step's spec and its own copy of the 100,000 rows (big.csv keeps its settings-only quasi-identifiers):
  # written before the editor starts, so that quick open lists the spec.
  cp "$RUN/workspace/data/big.csv" "$RUN/workspace/data/preview-big.csv"
  cat > "$RUN/workspace/big-preview.privspec" <<'SPEC'
dataset big from "data/preview-big.csv" {
  identifying id
  insensitive age, sex, zip, diagnosis
}
hierarchy diagnosis { "Influenza", "Asthma", "COPD", "Anxiety", "Migraine", "Diabetes" -> "*" }
budget { epsilon 10 }
release by_diagnosis: count by diagnosis  laplace epsilon 1
SPEC
  # Issue 26: the preview demo's data as a Parquet file (written by DuckDB now, never committed) and its spec on it.
  node "$HERE/make-parquet.mjs" "$RUN/workspace/data/preview-demo.csv" "$RUN/workspace/data/preview-demo.parquet" || exit 2
  sed 's|"data/preview-demo.csv"|"data/preview-demo.parquet"|' "$RUN/workspace/preview.privspec" > "$RUN/workspace/columnar.privspec"
  # The teaching example (21,062 rows) for issue 24's latency figures, under names no other step's quick open matches.
  mkdir -p "$RUN/workspace/example"
  cp -r "$ROOT/examples/data" "$ROOT/examples/hierarchies" "$RUN/workspace/example/"
  cp "$ROOT/examples/visits.privspec" "$RUN/workspace/example/clinic.privspec"
  cp "$ROOT/examples/public-file.privspec" "$RUN/workspace/example/clinic-public.privspec"
  cp "$ROOT/examples/views.privspec" "$RUN/workspace/example/explore-view.privspec"
  mkdir -p "$RUN/workspace/.vscode"
  printf '{ "privspec.quasiIdentifiers": { "data/big.csv": ["age", "sex", "zip"] } }\n' > "$RUN/workspace/.vscode/settings.json"
  # The attack step's demo files (examples/attack-demo, without its spec) and a Mondrian k = 5 release of them, made by
  # the command-line tool before the editor starts.
  mkdir -p "$RUN/workspace/attack"
  cp "$ROOT"/examples/attack-demo/*.csv "$RUN/workspace/attack/"
  (cd "$RUN/workspace/attack" && node "$ROOT/dist/cli.cjs" anonymize original.csv --qi age,sex,zip --hierarchy age=age.csv \
    --hierarchy sex=sex.csv --hierarchy zip=zip.csv --k 5 --algorithm mondrian --out released.csv >/dev/null) || exit 2
  # Issue 37's typing step: a spec naming Adult (30,162 rows) where it lies, by absolute paths, never a copy of it. (A
  # link to it inside the workspace made the editor's file search miss files written later: quick open found no
  # pram_06.csv in step 61.)
  ADULT=${PRIVSPEC_ADULT_DIR:-$ROOT/../shared/data/adult}
  if [ -f "$ADULT/adult.csv" ]; then
    A="$(cd "$ADULT" && pwd)"
    cat > "$RUN/workspace/adult-typing.privspec" <<SPEC
dataset adult from "$A/adult.csv" {
  quasi age, sex, race, education, "marital-status"
  sensitive occupation
}
hierarchy age from "$A/adult_hierarchy_age.csv"
hierarchy sex from "$A/adult_hierarchy_sex.csv"
hierarchy race from "$A/adult_hierarchy_race.csv"
hierarchy education from "$A/adult_hierarchy_education.csv"
hierarchy "marital-status" from "$A/adult_hierarchy_marital-status.csv"
anonymity { k 5  l-diversity distinct 2 on occupation  suppression 1% }
budget { epsilon 1 }
release by_race: count by race  laplace epsilon 0.1

SPEC
    # The editor's own part of a completion: the same text as plain text, where the editor completes words by itself.
    cp "$RUN/workspace/adult-typing.privspec" "$RUN/workspace/completion-floor.txt"
  fi
  # Issue 34's step ▶ Runs the demo's PRAM spec in the editor, under a name no other step's quick open matches.
  cp "$ROOT/examples/attack-demo/pram.privspec" "$RUN/workspace/attack/attack-pram.privspec"
fi
cp "$HERE/settings.json" "$RUN/ud/User/settings.json"

"$CODE_SERVER" --install-extension "$VSIX" --extensions-dir "$RUN/ext" --user-data-dir "$RUN/ud" >"$RUN/install.log" 2>&1 \
  || { cat "$RUN/install.log"; exit 2; }
# The .vsix ships without DuckDB (docs/scale.md): a user who reads Parquet in the editor installs it beside the
# extension, and so does this run, with the repository's copy.
for ext in "$RUN/ext"/privspec.privspec-*; do
  [ -d "$ext" ] && mkdir -p "$ext/node_modules" && ln -sfn "$ROOT/node_modules/@duckdb" "$ext/node_modules/@duckdb"
done
PORT=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
setsid "$CODE_SERVER" --bind-addr "127.0.0.1:$PORT" --auth none --disable-telemetry --disable-update-check \
  --disable-workspace-trust --user-data-dir "$RUN/ud" --extensions-dir "$RUN/ext" "$RUN/workspace" >"$RUN/server.log" 2>&1 &
CS=$!
stop() {
  kill -TERM -- -"$CS" 2>/dev/null
  for _ in $(seq 1 50); do kill -0 -- -"$CS" 2>/dev/null || break; sleep 0.1; done
  kill -KILL -- -"$CS" 2>/dev/null
}
trap stop EXIT
for _ in $(seq 1 150); do curl -fs -o /dev/null "http://127.0.0.1:$PORT/healthz" && break; sleep 0.2; done

node "${PRIVSPEC_E2E_DRIVER:-$HERE/e2e.mjs}" "http://127.0.0.1:$PORT" "$RUN/workspace" "$SHOTS" "$PRIVSPEC_LOG_FILE"
RC=$?
stop
trap - EXIT
if [ $RC -ne 0 ]; then
  echo "[e2e] failed; logs in $RUN (server.log, privspec.log), screenshots in $SHOTS"
  tail -n 30 "$RUN/server.log"
else
  rm -rf "$RUN"
fi
exit $RC
