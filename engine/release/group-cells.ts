/**
 * The cells of a grouped release: every combination of the `by` columns' domains, fixed before the data is read, so
 * that the output's shape reveals nothing. Rows whose values lie outside the domain are counted in no cell.
 */
import { column, type Table } from '../table/table.js';

/** Histograms over more cells than this are refused rather than materialized. */
export const MAX_CELLS = 1_000_000;

export function cellsOf(domains: readonly (readonly string[])[]): string[][] {
  let keys: string[][] = [[]];
  for (const d of domains) keys = keys.flatMap((k) => d.map((v) => [...k, v]));
  return keys;
}

export function cellCount(domains: readonly (readonly string[])[]): number {
  return domains.reduce((n, d) => n * d.length, 1);
}

/** For each row of `rows`, its cell's index, or −1 when a value is outside its domain. */
export function cellIndexes(
  table: Table,
  by: readonly string[],
  domains: readonly (readonly string[])[],
  rows: Int32Array,
): Int32Array {
  const cols = by.map((b) => column(table, b));
  // Per column: dictionary code → position in its domain (−1 outside); then mixed-radix cell index.
  const positions = cols.map((c, i) => {
    const at = new Map(domains[i].map((v, j) => [v, j]));
    return Int32Array.from(c.dictionary, (v) => at.get(v) ?? -1);
  });
  const out = new Int32Array(rows.length);
  for (let n = 0; n < rows.length; n++) {
    const r = rows[n];
    let index = 0;
    for (let i = 0; i < cols.length && index >= 0; i++) {
      const p = positions[i][cols[i].codes[r]];
      index = p < 0 ? -1 : index * domains[i].length + p;
    }
    out[n] = index;
  }
  return out;
}
