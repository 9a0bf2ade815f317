import { KeyGrouper } from './group-keys.js';
import type { FrequencyTable } from './frequency-table.js';

/** Keys stay exact in a double below 2^53; a running product beyond that is renumbered first. */
const EXACT = 2 ** 53;

/**
 * A frequency table whose records may repeat (a database grouped the values on their own types, and two of them — a
 * NULL and an empty string — read alike as text): equal records merged, their weights summed, in order of first
 * appearance. Mixed-radix keys over the codes, numbered by the search's key grouper, as frequency-table-of.ts does for
 * rows; linear in the records.
 */
export function mergeEqualRecords(table: FrequencyTable): FrequencyTable {
  const n = table.count;
  if (n === 0) return table;
  const grouper = new KeyGrouper();
  const keys = new Float64Array(n);
  const ids = new Int32Array(n);
  let product = 1;
  for (let j = 0; j < table.columns.length; j++) {
    const radix = table.columns[j].dictionary.length;
    if (radix <= 1) continue;
    if (product * radix > EXACT) {
      product = grouper.group(keys, n, ids, product);
      for (let r = 0; r < n; r++) keys[r] = ids[r];
    }
    const codes = table.codes[j];
    for (let r = 0; r < n; r++) keys[r] = keys[r] * radix + codes[r];
    product *= radix;
  }
  const first = new Int32Array(n);
  const count = grouper.group(keys, n, ids, product, first);
  if (count === n) return table;
  const weights = new Int32Array(count);
  for (let r = 0; r < n; r++) weights[ids[r]] += table.weights[r];
  const codes = table.codes.map((from) => Int32Array.from({ length: count }, (_, t) => from[first[t]]));
  return { ...table, count, codes, weights };
}
