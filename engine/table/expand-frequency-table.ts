import type { FrequencyTable } from './frequency-table.js';
import type { Table } from './table.js';

/**
 * A frequency table's records repeated by their counts, as the rows of a table (codes only, in the records' order):
 * what the optimal-transformation search reads, within its work limit.
 */
export function expandedRows(f: FrequencyTable): Table {
  const codes = f.codes.map(() => new Int32Array(f.rowCount));
  let r = 0;
  for (let t = 0; t < f.count; t++) {
    for (let w = 0; w < f.weights[t]; w++, r++) for (let j = 0; j < codes.length; j++) codes[j][r] = f.codes[j][t];
  }
  return {
    columns: f.columns.map((c, j) => ({ name: c.name, dictionary: c.dictionary, codes: codes[j] })),
    rowCount: f.rowCount,
    source: f.source,
  };
}
