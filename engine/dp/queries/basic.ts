/**
 * Count, clamped sum, mean, histogram and min/max with their sensitivities.
 *
 * Sensitivities (Dwork & Roth 2014, §3.3; seed "PETs lecture", 敏感度の具体例, and "DP query tutorial", センシティビティ):
 * count 1; sum of values clamped to [L, U] max(|L|, |U|) (add-remove); mean over a public n (U − L)/n (replace);
 * histogram over public bins 1 in L1 and L2 (a record is in one bin: parallel composition over bins); max and min
 * U − L (replace).
 */
import { PrivacyError } from '../../core/measures.js';
import { div, fromNumberExact, rational, sub, toNumberUp } from '../../core/rational.js';
import { column as findColumn, TableError, type Table } from '../../table/table.js';
import { allRows, clamp, numericColumn } from './numeric-column.js';
import type { Query } from './query.js';

function checkBounds(lower: number, upper: number): void {
  if (!Number.isFinite(lower) || !Number.isFinite(upper) || !(lower <= upper)) {
    throw new PrivacyError(`clamping bounds must be finite with lower ≤ upper, got [${lower}, ${upper}]`);
  }
}

/** COUNT(*) over the rows (optionally those passing `filter`). */
export function makeCount(options: { filter?: (table: Table, row: number) => boolean } = {}): Query {
  return {
    name: 'count',
    neighbouring: 'add-remove',
    integerValued: true,
    size: 1,
    l1: 1,
    l2: 1,
    evaluate(table, rows = allRows(table)) {
      if (!options.filter) return [rows.length];
      let n = 0;
      for (const r of rows) if (options.filter(table, r)) n++;
      return [n];
    },
  };
}

/** SUM(clamp(column, L, U)). */
export function makeSum(options: { column: string; lower: number; upper: number }): Query {
  const { column, lower, upper } = options;
  checkBounds(lower, upper);
  // Adding or removing one record moves the sum by its clamped value: at most max(|L|, |U|).
  const d = Math.max(Math.abs(lower), Math.abs(upper));
  return {
    name: `sum(${column})`,
    neighbouring: 'add-remove',
    size: 1,
    l1: d,
    l2: d,
    evaluate(table, rows = allRows(table)) {
      const x = numericColumn(table, column);
      let s = 0;
      for (const r of rows) s += clamp(x[r], lower, upper);
      return [s];
    },
  };
}

/** The mean of clamped values over a public number of records n (the seed's Δ = (U − L)/n). */
export function makeMean(options: { column: string; lower: number; upper: number; n: number }): Query {
  const { column, lower, upper, n } = options;
  checkBounds(lower, upper);
  if (!Number.isInteger(n) || n < 1) throw new PrivacyError(`mean: n must be a positive integer, got ${n}`);
  // Changing one of n records moves the mean by at most (U − L)/n, computed exactly and rounded up.
  const d = toNumberUp(div(sub(fromNumberExact(upper), fromNumberExact(lower)), rational(BigInt(n))));
  return {
    name: `mean(${column})`,
    neighbouring: 'replace',
    size: 1,
    l1: d,
    l2: d,
    evaluate(table, rows = allRows(table)) {
      if (rows.length !== n) throw new TableError(`mean(${column}): the public n is ${n} but the data has ${rows.length} rows`, table.source);
      const x = numericColumn(table, column);
      let s = 0;
      for (const r of rows) s += clamp(x[r], lower, upper);
      return [s / n];
    },
  };
}

/** Counts per public category; values outside `categories` are not counted (the bins are public, not read from data). */
export function makeHistogram(options: { column: string; categories: readonly string[] }): Query {
  const { column, categories } = options;
  if (categories.length === 0 || new Set(categories).size !== categories.length) throw new PrivacyError('histogram: categories must be distinct and non-empty');
  return {
    name: `histogram(${column})`,
    neighbouring: 'add-remove',
    size: categories.length,
    // One record is in exactly one bin: L1 = L2 = 1 (parallel composition over the disjoint bins).
    l1: 1,
    l2: 1,
    labels: categories,
    partitionColumn: column,
    integerValued: true,
    evaluate(table, rows = allRows(table)) {
      const c = findColumn(table, column);
      const index = new Map(categories.map((v, i) => [v, i]));
      const binOfCode = c.dictionary.map((v) => index.get(v) ?? -1);
      const counts = new Array<number>(categories.length).fill(0);
      for (const r of rows) {
        const b = binOfCode[c.codes[r]];
        if (b >= 0) counts[b]++;
      }
      return counts;
    },
  };
}

/** MAX or MIN of clamped values (Δ = U − L, the seed's 最大値関数). An empty row set answers the far bound. */
export function makeExtreme(options: { column: string; lower: number; upper: number; which: 'max' | 'min' }): Query {
  const { column, lower, upper, which } = options;
  checkBounds(lower, upper);
  const d = toNumberUp(sub(fromNumberExact(upper), fromNumberExact(lower)));
  return {
    name: `${which}(${column})`,
    neighbouring: 'replace',
    size: 1,
    l1: d,
    l2: d,
    evaluate(table, rows = allRows(table)) {
      const x = numericColumn(table, column);
      let m = which === 'max' ? lower : upper;
      for (const r of rows) {
        const v = clamp(x[r], lower, upper);
        m = which === 'max' ? Math.max(m, v) : Math.min(m, v);
      }
      return [m];
    },
  };
}
