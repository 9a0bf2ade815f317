/**
 * A uniform sample of the rows a frequency table stands for, as a frequency table: for a generalize preview whose
 * frequency table is itself too large to search whole (a source's table with very many distinct records). The rows are
 * numbered 0 … N−1 record by record; `n` of them are drawn without replacement by Floyd's algorithm (Bentley & Floyd,
 * "Programming pearls: a sample of brilliance", CACM 1987) — n draws and n numbers held, never N — and each record
 * keeps the rows drawn from it. The sample is shown as such and never released.
 */
import type { RandomSource } from '../core/random.js';
import { uniformBelow } from '../core/random-permutation.js';
import type { FrequencyTable } from '../table/frequency-table.js';

export function sampleFrequencies(table: FrequencyTable, n: number, rng: RandomSource): FrequencyTable {
  const total = table.rowCount;
  if (n >= total) return table;
  const chosen = new Set<number>();
  for (let j = total - n; j < total; j++) {
    const t = uniformBelow(j + 1, rng);
    chosen.add(chosen.has(t) ? j : t);
  }
  const rows = Float64Array.from(chosen).sort();
  // Each drawn row belongs to the record whose cumulative weight first exceeds it.
  const weights = new Int32Array(table.count);
  let record = 0;
  let end = table.count > 0 ? table.weights[0] : 0;
  for (const r of rows) {
    while (r >= end) end += table.weights[++record];
    weights[record]++;
  }
  const kept: number[] = [];
  for (let t = 0; t < table.count; t++) if (weights[t] > 0) kept.push(t);
  return {
    columns: table.columns,
    count: kept.length,
    codes: table.codes.map((codes) => Int32Array.from(kept, (t) => codes[t])),
    weights: Int32Array.from(kept, (t) => weights[t]),
    rowCount: n,
    ...(table.source !== undefined ? { source: table.source } : {}),
  };
}
