/**
 * The one definition of each query's sensitivity in privspec.
 *
 * Neighbouring tables differ by **one privacy unit added or removed** (unbounded DP, Dwork & Roth 2014 §2.3): the unit
 * is one row unless the dataset declares `unit`, and then all of that unit's rows. Add/remove is the notion under which
 * counts and sums are meaningful without a public n, and replace-one is implied by it at twice the distance, so a mean
 * is released as a noisy clamped sum over a noisy count (both add/remove) rather than over a public n. Everything here
 * is checked by brute force over neighbouring tables in test/engine/release/sensitivity.test.ts.
 *
 * - count: one row changes one count by 1; a histogram (`by`) puts a row in one cell, so L1 = L2 = 1.
 * - sum of values clamped to [L, U]: one row moves it by at most c = max(|L|, |U|).
 * - with `bound unit groups G rows R` a unit keeps at most R rows in each of at most G groups, so it changes at most G
 *   cells by at most R·c each: Δ₁ = G·R·c, Δ₂ = √G·R·c (Wilson et al., PoPETs 2020). Without `by` G is 1.
 * - the count half of a mean has c = 1.
 * - mode: the exponential mechanism's score is a count, sensitivity 1 per row; with `bound unit rows N` each unit
 *   keeps at most N rows (votes), which may all go to one candidate: Δᵤ = N.
 * - grid: one row is in one cell, L1 = L2 = 1; with `bound unit rows N` a unit keeps at most N points, which may all
 *   fall in one cell: L1 = L2 = N (the grid mechanisms are then charged at distance N, group privacy over rows).
 * - view: likewise, one row is one point of the count tensor; with `bound unit rows N` a unit adds at most N points
 *   (the view is built at ε/N, so that at distance N rows it costs the ε written).
 *
 * Each kind picks its case in its own folder (`ReleaseKind.sensitivity`, engine/release/kinds/); the cases themselves,
 * one row, a bound on groups and rows, a bound on rows alone, are written once, here.
 */
import { nextUp } from '../core/rational.js';
import { releaseKind } from './kinds/registry.js';
import type { PlanProblem } from './plan-problem.js';
import type { ContributionBound, QueryDescription } from './release-description.js';

export interface Sensitivity {
  readonly l1: number;
  readonly l2: number;
  /** The sensitivities of the row count alone (the denominator of a mean). */
  readonly countL1: number;
  readonly countL2: number;
  /** The groups one unit may touch and the rows it may keep in each (1 and 1 for one row). */
  readonly groups: number;
  readonly rows: number;
  /** Why, in one phrase, for hovers and reports. */
  readonly why: string;
}

/** A product of small integers and a sensitivity, rounded up when the double product is not exact. */
const up = (x: number) => (Number.isInteger(x) ? x : nextUp(x));

/** What a bound that cannot be priced leaves: no sensitivity at all, so that no plan is made over it. */
const UNBOUNDED: Sensitivity = {
  l1: NaN,
  l2: NaN,
  countL1: NaN,
  countL2: NaN,
  groups: NaN,
  rows: NaN,
  why: 'unbounded',
};

/**
 * The sensitivity of `q` for neighbours that differ by one unit; `unit` is the dataset's privacy unit when declared.
 * Problems (an empty clamp range, a bound without rows, …) are appended to `problems`. The query's kind must be loaded
 * (engine/release/kinds/registry.ts).
 */
export function sensitivityOf(q: QueryDescription, unit: string | undefined, problems: PlanProblem[]): Sensitivity {
  return releaseKind(q.kind).sensitivity(q, unit, problems);
}

/** One row is the unit (no unit declared, or no bound written): one row changes the value by at most `c`. */
export function oneRowSensitivity(c: number): Sensitivity {
  return {
    l1: c,
    l2: c,
    countL1: 1,
    countL2: 1,
    groups: 1,
    rows: 1,
    why: c === 1 ? 'one row changes one count by 1' : `one row changes the sum by at most ${c}`,
  };
}

/**
 * `bound unit groups G rows R` on an aggregate changing by at most `c` per row: one unit changes at most G cells (1
 * when the query is not `grouped`) by at most R·c each, so Δ₁ = G·R·c and Δ₂ = √G·R·c (Wilson et al., PoPETs 2020).
 */
export function groupsAndRowsSensitivity(
  bound: ContributionBound,
  grouped: boolean,
  c: number,
  unit: string,
  problems: PlanProblem[],
): Sensitivity {
  const rows = bound.rows;
  const groups = grouped ? bound.groups : 1;
  if (rows === undefined || groups === undefined) {
    problems.push({
      code: 'missing-parameter',
      message: `bound unit needs ${rows === undefined ? "'rows R'" : "'groups G' for a grouped query"}`,
      field: rows === undefined ? 'rows' : 'groups',
    });
    return UNBOUNDED;
  }
  for (const [name, v] of [
    ['groups', groups],
    ['rows', rows],
  ] as const) {
    if (!(Number.isInteger(v) && v >= 1 && v <= 1e6))
      problems.push({
        code: 'parameter-out-of-range',
        message: `${name} must be an integer from 1 to 1000000, got ${v}`,
        field: name,
      });
  }
  const root = up(Math.sqrt(groups));
  return {
    l1: up(groups * rows * c),
    l2: up(root * rows * c),
    countL1: groups * rows,
    countL2: up(root * rows),
    groups,
    rows,
    why: `one ${unit} changes ≤ ${rows} rows in each of ≤ ${groups} groups`,
  };
}

/**
 * `bound unit rows N` on a mode, a grid or a view: one unit's N rows may all vote for one candidate or fall in one
 * cell, so Δ₁ = Δ₂ = N. `kind` names the release in the message that refuses a bound on groups; `why` says what the N
 * rows are, for hovers and reports.
 */
export function rowsSensitivity(
  kind: string,
  bound: ContributionBound,
  problems: PlanProblem[],
  why: (rows: number) => string,
): Sensitivity {
  if (bound.groups !== undefined)
    problems.push({
      code: 'parameter-out-of-range',
      message: `a ${kind} has no groups to bound: write 'bound unit rows N'`,
      field: 'groups',
    });
  const rows = bound.rows;
  if (rows === undefined) {
    problems.push({ code: 'missing-parameter', message: "bound unit needs 'rows N'", field: 'rows' });
    return UNBOUNDED;
  }
  if (!(Number.isInteger(rows) && rows >= 1 && rows <= 1e6))
    problems.push({
      code: 'parameter-out-of-range',
      message: `rows must be an integer from 1 to 1000000, got ${rows}`,
      field: 'rows',
    });
  return { l1: rows, l2: rows, countL1: rows, countL2: rows, groups: 1, rows, why: why(rows) };
}
