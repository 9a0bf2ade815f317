import type { RandomSource } from '../core/random.js';
import { uniformBelow as below } from '../core/random-permutation.js';
import type { Table } from './table.js';

/**
 * `n` rows drawn uniformly without replacement (a partial Fisher–Yates shuffle), kept in file order, sharing the
 * table's dictionaries. For previews of large files: the sample is shown as such and never released.
 */
export function sampleRows(table: Table, n: number, rng: RandomSource): Table {
  if (n >= table.rowCount) return table;
  const index = Int32Array.from({ length: table.rowCount }, (_, i) => i);
  for (let i = 0; i < n; i++) {
    const j = i + below(table.rowCount - i, rng);
    const t = index[i];
    index[i] = index[j];
    index[j] = t;
  }
  const rows = index.subarray(0, n).sort();
  return {
    ...table,
    rowCount: n,
    rowLines: table.rowLines && Int32Array.from(rows, (r) => table.rowLines![r]),
    columns: table.columns.map((c) => ({
      name: c.name,
      dictionary: c.dictionary,
      codes: Int32Array.from(rows, (r) => c.codes[r]),
    })),
  };
}
