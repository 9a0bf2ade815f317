/**
 * Numeric views of dictionary-encoded columns. Each distinct string is parsed once (the dictionary is usually far
 * shorter than the column), and a value that is not a number is reported with the file and line of its first row.
 */
import { column as findColumn, TableError, type Table } from '../../table/table.js';

/** The column's values as numbers, one per row. */
export function numericColumn(table: Table, name: string): Float64Array {
  const c = findColumn(table, name);
  const parsed = c.dictionary.map((s) => (s.trim() === '' ? NaN : Number(s)));
  const out = new Float64Array(table.rowCount);
  for (let r = 0; r < table.rowCount; r++) {
    const x = parsed[c.codes[r]];
    if (!Number.isFinite(x)) {
      const line = table.rowLines?.[r];
      throw new TableError(`column '${name}': '${c.dictionary[c.codes[r]]}' is not a number`, table.source, line);
    }
    out[r] = x;
  }
  return out;
}

/** min(max(x, lower), upper). */
export const clamp = (x: number, lower: number, upper: number): number => (x < lower ? lower : x > upper ? upper : x);

/** All row indices 0..n−1, the default row set of a query. */
export function allRows(table: Table): Int32Array {
  const rows = new Int32Array(table.rowCount);
  for (let i = 0; i < rows.length; i++) rows[i] = i;
  return rows;
}
