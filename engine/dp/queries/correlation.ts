/**
 * Variance, covariance and the correlation coefficient built from three noisy parts.
 *
 * Seed "PETs lecture", 合成定理の応用例: the correlation C = s_AB/(s_A·s_B) has no finite sensitivity (s_A can be 0),
 * so release s_A, s_B and s_AB, each at ε/3, and divide (post-processing); the whole costs ε by sequential
 * composition. With n public and values in [L, U] (range R = U − L), changing one record moves
 * n·Cov = Σ aᵢbᵢ − (Σa)(Σb)/n by at most (1 − 1/n)·R_A·R_B (the expression is bilinear per record, so its extremes
 * are at the box's corners; test/…/queries.test.ts checks this by brute force), hence
 * Δ(Cov) = (n − 1)·R_A·R_B/n² and Δ(Var) = (n − 1)·R²/n². Standard deviations are √max(0, noisy variance).
 */
import { PrivacyError, type PrivacyCost } from '../../core/measures.js';
import { div, fromNumberExact, mul, rational, sub, toNumberUp } from '../../core/rational.js';
import { cryptoRandom, type RandomSource } from '../../core/random.js';
import { TableError, type Table } from '../../table/table.js';
import { sequentialEpsilon, splitEpsilon } from '../accounting/pure.js';
import { makeLaplace } from '../mechanisms/laplace.js';
import { allRows, clamp, numericColumn } from './numeric-column.js';
import type { Query } from './query.js';

export interface Bounds {
  readonly lower: number;
  readonly upper: number;
}

function checkN(n: number): void {
  if (!Number.isInteger(n) || n < 2) throw new PrivacyError(`n must be an integer ≥ 2, got ${n}`);
}

/** Population covariance (1/n)Σ(aᵢ − ā)(bᵢ − b̄) of clamped values; Var(a) is Cov(a, a). */
export function makeCovariance(options: { a: string; b: string; boundsA: Bounds; boundsB: Bounds; n: number }): Query {
  const { a, b, boundsA, boundsB, n } = options;
  checkN(n);
  for (const bd of [boundsA, boundsB]) {
    if (!Number.isFinite(bd.lower) || !Number.isFinite(bd.upper) || !(bd.lower <= bd.upper)) throw new PrivacyError('bounds must be finite with lower ≤ upper');
  }
  // Δ = (n − 1)·R_A·R_B/n², exact and rounded up.
  const range = (bd: Bounds) => sub(fromNumberExact(bd.upper), fromNumberExact(bd.lower));
  const d = toNumberUp(div(mul(rational(BigInt(n - 1)), mul(range(boundsA), range(boundsB))), rational(BigInt(n) * BigInt(n))));
  return {
    name: a === b ? `var(${a})` : `cov(${a}, ${b})`,
    neighbouring: 'replace',
    size: 1,
    l1: d,
    l2: d,
    evaluate(table, rows = allRows(table)) {
      if (rows.length !== n) throw new TableError(`${this.name}: the public n is ${n} but the data has ${rows.length} rows`, table.source);
      const xa = numericColumn(table, a);
      const xb = numericColumn(table, b);
      let sa = 0;
      let sb = 0;
      for (const r of rows) {
        sa += clamp(xa[r], boundsA.lower, boundsA.upper);
        sb += clamp(xb[r], boundsB.lower, boundsB.upper);
      }
      const ma = sa / n;
      const mb = sb / n;
      let s = 0;
      for (const r of rows) s += (clamp(xa[r], boundsA.lower, boundsA.upper) - ma) * (clamp(xb[r], boundsB.lower, boundsB.upper) - mb);
      return [s / n];
    },
  };
}

export function makeVariance(options: { column: string; bounds: Bounds; n: number }): Query {
  return makeCovariance({ a: options.column, b: options.column, boundsA: options.bounds, boundsB: options.bounds, n: options.n });
}

export interface CorrelationRelease {
  /** The noisy correlation, clamped to [−1, 1]; NaN when a noisy deviation is 0. */
  readonly correlation: number;
  readonly sdA: number;
  readonly sdB: number;
  readonly covariance: number;
  /** Each part's cost and the total (sequential composition). */
  readonly parts: readonly PrivacyCost[];
  readonly cost: PrivacyCost;
}

/** The seed's composite correlation: three Laplace releases at ε/3. */
export function releaseCorrelation(
  table: Table,
  options: { a: string; b: string; boundsA: Bounds; boundsB: Bounds; epsilon: number; rng?: RandomSource },
): CorrelationRelease {
  const n = table.rowCount;
  const share = splitEpsilon(options.epsilon, 3);
  const rng = options.rng ?? cryptoRandom();
  const queries = [
    makeVariance({ column: options.a, bounds: options.boundsA, n }),
    makeVariance({ column: options.b, bounds: options.boundsB, n }),
    makeCovariance({ ...options, n }),
  ];
  const parts: PrivacyCost[] = [];
  const [varA, varB, cov] = queries.map((q) => {
    const m = makeLaplace({ sensitivity: q.l1, epsilon: share, rng });
    parts.push(m.cost);
    return m.invoke(q.evaluate(table))[0];
  });
  const sdA = Math.sqrt(Math.max(0, varA));
  const sdB = Math.sqrt(Math.max(0, varB));
  const raw = cov / (sdA * sdB);
  const correlation = Number.isFinite(raw) ? Math.max(-1, Math.min(1, raw)) : NaN;
  const total = sequentialEpsilon(parts.map((p) => (p.kind === 'pure' ? p.epsilon : Infinity)));
  return { correlation, sdA, sdB, covariance: cov, parts, cost: { kind: 'pure', epsilon: total } };
}
