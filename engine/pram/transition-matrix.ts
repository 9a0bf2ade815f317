/**
 * A PRAM transition matrix for one attribute (Kooiman, Willenborg, Gouweleeuw, "PRAM: a method for disclosure
 * limitation of microdata", Statistics Netherlands research paper 9705, 1997): `p[u·n + v]` is the probability that
 * the value with index u is released as the value with index v. Rows are "from", columns are "to", so each row is a
 * probability distribution.
 *
 * Every matrix the engine holds is quantized once, at construction, to multiples of 2^−52 with each row summing to
 * exactly 2^52 units. That quantized matrix is then *exactly* the distribution the sampler draws from (it compares a
 * uniform 52-bit integer with integer thresholds, see `pram-sampler.ts`), so ε, the moments and the identification
 * risk are all computed from the probabilities actually used, not from the ones asked for. Quantization moves an
 * entry by at most about 2^−52 and never turns a positive entry into 0 (which would change ε from finite to ∞).
 */
import { PrivacyError } from '../core/measures.js';

/** 2^52: the number of probability units in one row. */
export const UNITS = 2 ** 52;
/** Rows of a given matrix must sum to 1 within this tolerance before they are normalized. */
export const ROW_SUM_TOLERANCE = 1e-9;

export interface TransitionMatrix {
  /** The attribute's domain: row u and column u both stand for `labels[u]`. */
  readonly labels: readonly string[];
  readonly size: number;
  /** Row-major, rows = from: p[u·size + v] = P(labels[u] → labels[v]); every entry a multiple of 2^−52. */
  readonly p: Float64Array;
  /** Where the matrix came from, for reports: `retention 0.8`, `invariant`, a file name. */
  readonly description: string;
}

/**
 * Checks a matrix eagerly and quantizes it: square, one row per label, labels distinct and non-empty in number,
 * entries finite within [0, 1], rows summing to 1 within 1e-9. Throws a `PrivacyError` naming the first problem.
 */
export function makeTransitionMatrix(
  labels: readonly string[],
  rows: readonly ArrayLike<number>[],
  description = 'custom',
): TransitionMatrix {
  const n = labels.length;
  if (n === 0) throw new PrivacyError('PRAM: the transition matrix needs at least one value in its domain');
  const seen = new Set<string>();
  for (const l of labels) {
    if (seen.has(l)) throw new PrivacyError(`PRAM: the value '${l}' appears twice among the matrix labels`);
    seen.add(l);
  }
  if (rows.length !== n)
    throw new PrivacyError(
      `PRAM: the matrix has ${rows.length} rows for ${n} values; it must be square, one row per value`,
    );
  const p = new Float64Array(n * n);
  for (let u = 0; u < n; u++) {
    const row = rows[u];
    if (row.length !== n)
      throw new PrivacyError(
        `PRAM: row '${labels[u]}' has ${row.length} entries, expected ${n} (the matrix must be square)`,
      );
    let sum = 0;
    for (let v = 0; v < n; v++) {
      const x = row[v];
      if (!(x >= 0 && x <= 1))
        throw new PrivacyError(`PRAM: P('${labels[u]}' → '${labels[v]}') = ${x} is not a probability in [0, 1]`);
      sum += x;
    }
    if (!(Math.abs(sum - 1) <= ROW_SUM_TOLERANCE))
      throw new PrivacyError(`PRAM: row '${labels[u]}' sums to ${sum}, not 1 (within ${ROW_SUM_TOLERANCE})`);
    quantizeRow(row, sum, p, u * n, n);
  }
  return Object.freeze({ labels: Object.freeze([...labels]), size: n, p, description });
}

/**
 * Writes row/sum rounded to units of 2^−52 into `out`, positive entries at least one unit, the rounding residue (at
 * most a few units) given to the largest entry so that the row holds exactly 2^52 units.
 */
function quantizeRow(row: ArrayLike<number>, sum: number, out: Float64Array, offset: number, n: number): void {
  let total = 0;
  let largest = 0;
  for (let v = 0; v < n; v++) {
    const x = row[v];
    const units = x === 0 ? 0 : Math.max(1, Math.round((x / sum) * UNITS));
    out[offset + v] = units;
    total += units;
    if (units > out[offset + largest]) largest = v;
  }
  out[offset + largest] += UNITS - total;
  if (!(out[offset + largest] >= 1))
    throw new PrivacyError('PRAM: a row cannot be represented (too many tiny entries)');
  // Units below 2^53 divided by a power of two are exact doubles.
  for (let v = 0; v < n; v++) out[offset + v] /= UNITS;
}

/** P(u → v) by index. */
export function entry(m: TransitionMatrix, u: number, v: number): number {
  return m.p[u * m.size + v];
}

/** The matrix as nested arrays (rows = from), for reports and JSON. */
export function toRows(m: TransitionMatrix): number[][] {
  return Array.from({ length: m.size }, (_, u) => Array.from(m.p.subarray(u * m.size, (u + 1) * m.size)));
}

/** label → index, for mapping a column's values onto the matrix. */
export function labelIndex(m: TransitionMatrix): Map<string, number> {
  return new Map(m.labels.map((l, i) => [l, i]));
}
