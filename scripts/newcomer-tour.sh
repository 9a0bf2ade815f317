#!/usr/bin/env bash
# Issue 37's newcomer tour in the real editor: prepares a workspace as a newcomer would have it (a copy of examples/ and
# an adult/ folder with links to the shared Adult files and a plan written for them), then drives it with
# scripts/newcomer-tour.mjs through the real-editor test's runner. Screenshots and transcript.txt go to $SHOTS.
#   bash scripts/newcomer-tour.sh [SHOTS]        (TOUR_SECTIONS=a,b for some sections only; needs the vsix: npm run package)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
ADULT=$(cd "${PRIVSPEC_ADULT_DIR:-$ROOT/../shared/data/adult}" && pwd)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/privspec-newcomer.XXXXXX")
SHOTS=${1:-$WORK/shots}
mkdir -p "$WORK/ws/adult" "$SHOTS"
cp -r "$ROOT/examples/." "$WORK/ws/"
for f in "$ADULT"/adult.csv "$ADULT"/adult_hierarchy_*.csv; do ln -s "$f" "$WORK/ws/adult/"; done
# The plan a newcomer writes for Adult: five quasi-identifiers with ARX's hierarchies, k 5 with ℓ-diversity and
# t-closeness, a budget, and one release of each kind.
cat > "$WORK/ws/adult/adult.privspec" <<'SPEC'
// A newcomer's release plan for the Adult census extract (30,162 rows).
dataset adult from "adult.csv" {
  quasi age, sex, race, education, "marital-status"
  sensitive occupation
  insensitive "salary-class", workclass, "native-country"
}

hierarchy age from "adult_hierarchy_age.csv"
hierarchy sex from "adult_hierarchy_sex.csv"
hierarchy race from "adult_hierarchy_race.csv"
hierarchy education from "adult_hierarchy_education.csv"
hierarchy "marital-status" from "adult_hierarchy_marital-status.csv"
hierarchy occupation from "adult_hierarchy_occupation.csv"
hierarchy "salary-class" from "adult_hierarchy_salary-class.csv"

anonymity { k 5  l-diversity distinct 2 on occupation  t-closeness 0.3 on occupation  suppression 1%  metric entropy }

budget { epsilon 2 }

release by_education: count by education  laplace epsilon 0.1
release salary_view:  view age within 17..90, sex, education, "salary-class"  hdpview epsilon 0.5
release public:       generalize
release salary_pram:  pram "salary-class" retain 0.8
SPEC
# (The first tour's 'grid age, age' is refused now, rightly: Adult has one numeric column, so no grid of it.)
# The same plan with each link accepted (the quick fix a newcomer picks): a spec with errors previews nothing.
sed -e '1s|.*|// The newcomer'"'"'s Adult plan with each link accepted, so that its releases can be previewed.|' \
  -e 's|^release public:       generalize$|&  accept linked-releases "tour: the generalized file is compared with the DP releases, not published beside them"|' \
  -e 's|^release salary_pram:  pram "salary-class" retain 0.8$|&  accept linked-releases "tour: compared, not published"|' \
  "$WORK/ws/adult/adult.privspec" > "$WORK/ws/adult/adult-accepted.privspec"
# A plan whose budget affords one run of its release: what ▶ Run shows once the ledger cannot afford another. Its data
# are the first 2,000 visits, a file of their own and so a ledger of their own (the ledger belongs to the data's bytes):
# on patients.csv the visits section's run had already spent ε 0.2, so ▶ Run was disabled before its first run.
mkdir -p "$WORK/ws/limit"
head -n 2001 "$ROOT/examples/data/patients.csv" > "$WORK/ws/limit/visits-2000.csv"
cat > "$WORK/ws/run-limit.privspec" <<'SPEC'
// A plan near its limit: after one ▶ Run the ledger cannot afford a second.
dataset visits from "limit/visits-2000.csv" {
  identifying name, ssn, visit_date
  quasi age, sex, zip
  sensitive diagnosis
  unit patient_id
}
hierarchy sex { "M", "F" -> "*" }
budget { epsilon 0.3 }
release by_sex: count by sex  bound unit groups 1 rows 3  laplace epsilon 0.2
SPEC
PRIVSPEC_E2E_WORKSPACE="$WORK/ws" PRIVSPEC_E2E_DRIVER="$ROOT/scripts/newcomer-tour.mjs" PRIVSPEC_E2E_SHOTS="$SHOTS" \
  bash "$ROOT/test/e2e/run-e2e.sh"
echo "transcript: $SHOTS/transcript.txt"
