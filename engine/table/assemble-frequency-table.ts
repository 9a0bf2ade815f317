import { ByteDictionary } from './byte-dictionary.js';
import type { RangePart } from './assemble-table.js';
import type { FrequencyColumn, FrequencyTable } from './frequency-table.js';
import { TableError } from './table.js';
import { TupleCounter } from './tuple-counter.js';

/**
 * Joins the byte ranges of one CSV file, each parsed to distinct records with their counts (the parser's `tally` mode),
 * into one frequency table: merges the ranges' dictionaries value by value on the raw bytes, as `assemble-table.ts`
 * does for per-row codes, then re-counts each range's distinct records under the merged codes, adding their counts.
 *
 * Ranges are merged in file order, so dictionaries keep the order of first appearance in the file and so do the
 * distinct records: the result is the one a single pass over the whole file gives, and the one grouping the per-row
 * table gives.
 */
export interface FrequencyMeta {
  names: readonly string[];
  source?: string;
  /** The first input error met while parsing the last part, with its absolute line. */
  error?: { message: string; line: number };
  /** With `error`: the line on which the record it stopped in starts. */
  stoppedAt?: number;
}

export function assembleFrequencyTable(parts: readonly RangePart[], meta: FrequencyMeta): FrequencyTable {
  const width = meta.names.length;
  let rowCount = 0;
  for (const p of parts) rowCount += p.range.rows;
  const dictionaries: ByteDictionary[] = [];
  for (let j = 0; j < width; j++) {
    const state = parts.length > 0 ? parts[0].range.dictionaries[j] : undefined;
    // The parser recorded each value's first line relative to its range; make the first range's absolute here (the
    // later ranges' values get absolute lines as they are merged).
    if (state) for (let c = 0; c < state.size; c++) state.entries[4 * c + 3] += parts[0].lineShift;
    dictionaries.push(new ByteDictionary(state));
  }

  let keys: Int32Array;
  let weights: Int32Array;
  let count: number;
  if (parts.length <= 1) {
    const t = parts[0]?.range.tuples;
    count = t?.count ?? (width === 0 && rowCount > 0 ? 1 : 0);
    keys = t?.keys ?? new Int32Array(0);
    weights = t?.weights ?? Int32Array.of(rowCount);
  } else {
    const counter = new TupleCounter(width);
    const tuple = new Int32Array(width);
    for (let r = 0; r < parts.length; r++) {
      const { range, lineShift } = parts[r];
      const remaps: Int32Array[] = [];
      for (let j = 0; j < width; j++) {
        const own = range.dictionaries[j];
        const remap = new Int32Array(own.size);
        if (r === 0) for (let c = 0; c < own.size; c++) remap[c] = c;
        else {
          const view = new DataView(own.arena.buffer, own.arena.byteOffset, own.arena.byteLength);
          for (let c = 0; c < own.size; c++)
            remap[c] = dictionaries[j].codeOfEntry(own, view, c, own.entries[4 * c + 3] + lineShift);
        }
        remaps.push(remap);
      }
      const t = range.tuples!;
      for (let i = 0; i < t.count; i++) {
        for (let j = 0; j < width; j++) tuple[j] = remaps[j][t.keys[i * width + j]];
        counter.add(tuple, t.weights[i]);
      }
    }
    ({ keys, weights, count } = counter.toCounts());
  }

  // A value that is not UTF-8 is an input error like a ragged row; report whichever comes first in the file. A value
  // first met in the record the parse stopped in is placed on the error's line, as the per-row reader places it.
  let error = meta.error;
  const columns: FrequencyColumn[] = [];
  const codes: Int32Array[] = [];
  for (let j = 0; j < width; j++) {
    const decoded = dictionaries[j].decode();
    if ('invalid' in decoded) {
      const first = dictionaries[j].firstRow(decoded.invalid);
      const line = meta.stoppedAt !== undefined && first >= meta.stoppedAt ? (meta.error?.line ?? first) : first;
      if (!error || line < error.line)
        error = {
          message: `invalid UTF-8 in column '${meta.names[j]}' (field ${j + 1}); save the file as UTF-8`,
          line,
        };
      continue;
    }
    columns.push({ name: meta.names[j], dictionary: decoded.values });
    const column = new Int32Array(count);
    for (let i = 0; i < count; i++) column[i] = keys[i * width + j];
    codes.push(column);
  }
  if (error) throw new TableError(error.message, meta.source, error.line);
  return { columns, count, codes, weights: weights.slice(0, count), rowCount, source: meta.source };
}
