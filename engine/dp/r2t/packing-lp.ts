/**
 * A packing linear programme solved by the bounded-variable primal simplex method (Dantzig's upper-bounding technique;
 * V. Chvátal, "Linear Programming", Freeman 1983, ch. 8): maximise Σ_q x_q subject to Σ_{q ∈ S_i} x_q ≤ b_i for each
 * row i and 0 ≤ x_q ≤ 1. The rows are sets of columns with 0/1 coefficients and b_i > 0, so x = 0 is a feasible
 * starting vertex and no first phase is needed.
 *
 * The tableau is dense and in doubles. Dantzig's rule picks the entering column; after a run of degenerate pivots
 * Bland's rule takes over, which cannot cycle (R. G. Bland, "New finite pivoting rules for the simplex method",
 * Mathematics of Operations Research 2, 1977). Because doubles round, the result is not trusted as it comes: the
 * solver returns the primal solution and the dual prices, and `certify` turns them into a lower and an upper bound on
 * the optimum that hold whatever the rounding (up to the rounding of the few sums that check them).
 */
import { PrivacyError } from '../../core/measures.js';

export interface PackingLp {
  /** Number of columns (variables x_q, each in [0, 1]). */
  readonly columns: number;
  /** Each row: the columns it constrains and its right-hand side b_i > 0. */
  readonly rows: ReadonlyArray<{ readonly members: readonly number[]; readonly bound: number }>;
}

export interface PackingSolution {
  /** A primal point (not necessarily exactly feasible: rounding may leave it 1e-12 over a bound). */
  readonly x: Float64Array;
  /** Dual prices y_i ≥ 0 of the rows. */
  readonly y: Float64Array;
  /** Pivots and bound flips done. */
  readonly iterations: number;
}

export interface PackingBounds {
  /** A value ≤ the optimum: the primal point scaled down until it is feasible. */
  readonly lower: number;
  /** A value ≥ the optimum: the dual objective Σ b_i y_i + Σ_q max(0, 1 − Σ_{i ∋ q} y_i). */
  readonly upper: number;
}

/** Largest tableau (rows × (columns + rows) doubles) the solver builds: 64 MB. */
export const MAX_TABLEAU_CELLS = 8_000_000;
/** Most tableau cells updated over all pivots (about a minute of work), so that no input makes the solver hang. */
export const MAX_PIVOT_WORK = 2e10;

const TOLERANCE = 1e-9;
/** Degenerate pivots in a row before Bland's rule replaces Dantzig's. */
const DEGENERATE_RUN = 50;

export function solvePacking(lp: PackingLp, what: string): PackingSolution {
  const m = lp.rows.length;
  const n = lp.columns;
  const width = n + m;
  // The LP's sizes are the data's (the triangles and heavy nodes of a component): the messages never print them.
  if (m * width > MAX_TABLEAU_CELLS)
    throw new PrivacyError(
      `${what}: the linear programme's tableau would exceed ${MAX_TABLEAU_CELLS} cells; the graph is too large for the exact LP`,
    );
  // Row i of the tableau, columns 0..n−1 structural, n..n+m−1 slack; starts as [A | I] with the slacks basic.
  const t = new Float64Array(m * width);
  const basis = new Int32Array(m);
  const value = new Float64Array(m);
  for (let i = 0; i < m; i++) {
    for (const q of lp.rows[i].members) t[i * width + q] = 1;
    t[i * width + n + i] = 1;
    basis[i] = n + i;
    value[i] = lp.rows[i].bound;
  }
  // Reduced costs of the maximisation: c_j − c_B B⁻¹ A_j, which starts as c (1 for every structural column).
  const d = new Float64Array(width);
  d.fill(1, 0, n);
  const atUpper = new Uint8Array(width);
  const isBasic = new Uint8Array(width);
  isBasic.fill(1, n);
  const upper = (j: number) => (j < n ? 1 : Infinity);
  const maxIterations = Math.min(50 * width + 1000, Math.floor(MAX_PIVOT_WORK / (m * width + 1)));
  let degenerate = 0;
  let iterations = 0;
  for (; ; iterations++) {
    if (iterations > maxIterations)
      throw new PrivacyError(
        `${what}: the simplex method did not finish within its work limit (${MAX_PIVOT_WORK} tableau cells updated)`,
      );
    const bland = degenerate >= DEGENERATE_RUN;
    let enter = -1;
    let best = TOLERANCE;
    for (let j = 0; j < width; j++) {
      if (isBasic[j]) continue;
      const gain = atUpper[j] ? -d[j] : d[j];
      if (gain > best) {
        enter = j;
        if (bland) break;
        best = gain;
      }
    }
    if (enter < 0) break;
    const dir = atUpper[enter] ? -1 : 1;
    // Ratio test: the entering variable moves by dir·step; basic variable i moves by −dir·step·t[i][enter].
    let step = upper(enter);
    let leave = -1;
    for (let i = 0; i < m; i++) {
      const a = dir * t[i * width + enter];
      let limit: number;
      if (a > TOLERANCE) limit = value[i] / a;
      else if (a < -TOLERANCE && upper(basis[i]) !== Infinity) limit = (upper(basis[i]) - value[i]) / -a;
      else continue;
      if (limit < step || (limit === step && leave >= 0 && basis[i] < basis[leave])) {
        step = limit;
        leave = i;
      }
    }
    if (step === Infinity) throw new PrivacyError(`${what}: the linear programme is unbounded (a solver defect)`);
    step = Math.max(0, step);
    degenerate = step <= TOLERANCE ? degenerate + 1 : 0;
    for (let i = 0; i < m; i++) value[i] -= dir * step * t[i * width + enter];
    if (leave < 0) {
      // The entering variable reaches its other bound before any basic variable does: a bound flip, no pivot.
      atUpper[enter] ^= 1;
      continue;
    }
    const leaving = basis[leave];
    const pivotRow = leave * width;
    const enteringValue = (atUpper[enter] ? 1 : 0) + dir * step;
    // The leaving variable stops at the bound it ran into: its upper bound when it was increasing.
    atUpper[leaving] = dir * t[pivotRow + enter] < 0 ? 1 : 0;
    isBasic[leaving] = 0;
    atUpper[enter] = 0;
    isBasic[enter] = 1;
    basis[leave] = enter;
    value[leave] = enteringValue;
    const p = t[pivotRow + enter];
    for (let j = 0; j < width; j++) t[pivotRow + j] /= p;
    for (let i = 0; i < m; i++) {
      if (i === leave) continue;
      const f = t[i * width + enter];
      if (f === 0) continue;
      const row = i * width;
      for (let j = 0; j < width; j++) t[row + j] -= f * t[pivotRow + j];
      t[row + enter] = 0;
    }
    const f = d[enter];
    for (let j = 0; j < width; j++) d[j] -= f * t[pivotRow + j];
    d[enter] = 0;
  }
  const x = new Float64Array(n);
  for (let j = 0; j < n; j++) if (!isBasic[j] && atUpper[j]) x[j] = 1;
  for (let i = 0; i < m; i++) if (basis[i] < n) x[basis[i]] = Math.min(1, Math.max(0, value[i]));
  // The slack of row i has cost 0 and column e_i, so its reduced cost is −y_i.
  const y = new Float64Array(m);
  for (let i = 0; i < m; i++) y[i] = Math.max(0, -d[n + i]);
  return { x, y, iterations };
}

/**
 * Bounds on the optimum from any primal point and any prices y ≥ 0 (weak duality): the point scaled by
 * min_i b_i / (row i's load) is feasible, so its value is a lower bound; the dual objective is an upper bound.
 */
export function certify(lp: PackingLp, solution: PackingSolution): PackingBounds {
  const { x, y } = solution;
  let factor = 1;
  let upper = 0;
  const priced = new Float64Array(lp.columns);
  lp.rows.forEach((row, i) => {
    let load = 0;
    for (const q of row.members) {
      load += x[q];
      priced[q] += y[i];
    }
    if (load > row.bound) factor = Math.min(factor, row.bound / load);
    upper += row.bound * y[i];
  });
  let primal = 0;
  for (let q = 0; q < lp.columns; q++) {
    primal += x[q];
    upper += Math.max(0, 1 - priced[q]);
  }
  return { lower: primal * factor, upper };
}
