import type { FrequencyTable } from './frequency-table.js';
import { column, type Table } from './table.js';
import { TupleCounter } from './tuple-counter.js';

/**
 * The frequency table of a table already in memory over `columns` (in the order given): its distinct records in order of
 * first appearance, each with the number of rows that hold it. The CSV reader builds the same thing while reading
 * (`node/read-frequency-table.ts`) without ever holding the rows; this form serves tables that exist anyway (the editor's,
 * tests comparing both paths).
 */
export function tableFrequencies(table: Table, columns: readonly string[]): FrequencyTable {
  const source = columns.map((name) => column(table, name));
  const counter = new TupleCounter(source.length);
  const tuple = new Int32Array(source.length);
  for (let r = 0; r < table.rowCount; r++) {
    for (let j = 0; j < source.length; j++) tuple[j] = source[j].codes[r];
    counter.add(tuple);
  }
  const { keys, weights, count, width } = counter.toCounts();
  const codes = source.map((_, j) => {
    const out = new Int32Array(count);
    for (let i = 0; i < count; i++) out[i] = keys[i * width + j];
    return out;
  });
  return {
    columns: source.map((c) => ({ name: c.name, dictionary: c.dictionary })),
    count,
    codes,
    weights: weights.slice(0, count),
    rowCount: table.rowCount,
    source: table.source,
  };
}
