import type { FrequencyTable } from './frequency-table.js';
import { TableError } from './table.js';

/** Keys stay exact in a double below 2^53; a running product beyond that is renumbered first. */
const EXACT = 2 ** 53;
/** The most distinct records whose packed order rank · n + t stays below 2^53: floor(√2^53). */
export const MOST_RECORDS = Math.floor(Math.sqrt(EXACT));

/** Tables known to be canonical already: canonicalizing them again costs nothing. */
const canonical = new WeakSet<FrequencyTable>();

/**
 * The frequency table in the one order that does not depend on where its records came from: every dictionary sorted
 * (by UTF-16 code units, as JavaScript compares strings, never by a locale or a database's collation), and the records
 * sorted by their values, column by column in the order of the columns' names. A file read in memory lists records
 * in the order of their first row, and DuckDB on several threads, or a database's parallel plan, in an order that
 * changes from run to run; the search and the risk figures sum doubles over records and classes in that order, so the
 * last bits of a loss or an entropy changed with it. In this order every figure is the same on every engine, thread
 * count and order of the file's rows.
 *
 * The records are distinct (a frequency table's are), so the order is total. Mixed-radix keys over the sorted codes
 * are sorted as packed doubles (key · count + record), natively, in O(n log n) without a comparator; a key that would
 * outgrow 2^53 is first replaced by its rank.
 */
export function canonicalFrequencyTable(table: FrequencyTable): FrequencyTable {
  if (canonical.has(table)) return table;
  const n = table.count;
  // Each record's place is packed beside its key's rank below n, as rank · n + t < n², exact in a double only while
  // n² ≤ 2^53; and a column has at most n values, so a rank times a radix stays below n² too. A table past that many
  // distinct records (a 10^8-row file of nearly unique records) would be ordered wrongly: it is refused instead, as
  // one that large would outgrow the run's memory (4 bytes a cell) before this.
  if (n > MOST_RECORDS)
    throw new TableError(
      `the frequency table has ${n} distinct records, more than the ${MOST_RECORDS} privspec orders; generalize or drop a column of many values first`,
    );
  const ranks = table.columns.map((c) => sortedRanks(c.dictionary));
  const columns = table.columns.map((c, j) =>
    ranks[j] ? { name: c.name, dictionary: sortedBy(c.dictionary, ranks[j]) } : c,
  );
  // Records sorted on the columns taken in the order of their names: a reader may list the columns in the file's order
  // and another in the request's.
  const byName = Array.from(columns.keys()).sort((a, b) =>
    columns[a].name < columns[b].name ? -1 : columns[a].name > columns[b].name ? 1 : 0,
  );
  const order = recordOrder(
    byName.map((j) => table.codes[j]),
    byName.map((j) => ranks[j]),
    byName.map((j) => columns[j].dictionary.length),
    n,
  );
  const result: FrequencyTable =
    order === undefined && ranks.every((r) => r === undefined)
      ? table
      : {
          ...table,
          columns,
          codes: table.codes.map((c, j) => reordered(c, n, order, ranks[j])),
          weights: reordered(table.weights, n, order, undefined),
        };
  canonical.add(result);
  return result;
}

/**
 * `rank[values[order[i]]]` at i (without `order` the identity, without `rank` the value itself), in one pass: the
 * cold process runs it once, mostly in V8's interpreter, so every pass over the records counts.
 */
function reordered(
  values: Int32Array,
  n: number,
  order: Int32Array | undefined,
  rank: Int32Array | undefined,
): Int32Array {
  if (!order && !rank) return values;
  const out = new Int32Array(n);
  if (order && rank) for (let i = 0; i < n; i++) out[i] = rank[values[order[i]]];
  else if (order) for (let i = 0; i < n; i++) out[i] = values[order[i]];
  else if (rank) for (let i = 0; i < n; i++) out[i] = rank[values[i]];
  return out;
}

/** `rank[code]`: the code's place among the dictionary's values sorted; undefined when they are sorted already. */
function sortedRanks(dictionary: readonly string[]): Int32Array | undefined {
  let sorted = true;
  for (let i = 1; i < dictionary.length && sorted; i++) sorted = dictionary[i - 1] < dictionary[i];
  if (sorted) return undefined;
  const byValue = Array.from(dictionary.keys()).sort((a, b) =>
    dictionary[a] < dictionary[b] ? -1 : dictionary[a] > dictionary[b] ? 1 : 0,
  );
  const rank = new Int32Array(dictionary.length);
  byValue.forEach((code, place) => (rank[code] = place));
  return rank;
}

function sortedBy(dictionary: readonly string[], rank: Int32Array): string[] {
  const out = new Array<string>(dictionary.length);
  for (let code = 0; code < dictionary.length; code++) out[rank[code]] = dictionary[code];
  return out;
}

/**
 * The records' indices in the order of their codes' ranks (the codes themselves where a column has none), column by
 * column; undefined when they are in that order.
 */
function recordOrder(
  codes: readonly Int32Array[],
  ranks: readonly (Int32Array | undefined)[],
  radices: readonly number[],
  n: number,
): Int32Array | undefined {
  if (n <= 1) return undefined;
  let keys: Float64Array = new Float64Array(n);
  let product = 1;
  for (let j = 0; j < codes.length; j++) {
    const radix = radices[j];
    if (radix <= 1) continue;
    if (product * radix > EXACT) {
      keys = rankOf(keys);
      product = n;
    }
    const c = codes[j];
    const rank = ranks[j];
    if (rank) for (let t = 0; t < n; t++) keys[t] = keys[t] * radix + rank[c[t]];
    else for (let t = 0; t < n; t++) keys[t] = keys[t] * radix + c[t];
    product *= radix;
  }
  let inOrder = true;
  for (let t = 1; t < n && inOrder; t++) inOrder = keys[t - 1] < keys[t];
  if (inOrder) return undefined;
  if (product * n > EXACT) keys = rankOf(keys);
  const packed = new Float64Array(n);
  for (let t = 0; t < n; t++) packed[t] = keys[t] * n + t;
  packed.sort();
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = packed[i] % n;
  return order;
}

/** Each key replaced by its place among the keys sorted (equal keys share the first): below n, in the same order. */
function rankOf(keys: Float64Array): Float64Array {
  const sorted = keys.slice().sort();
  const out = new Float64Array(keys.length);
  for (let t = 0; t < keys.length; t++) {
    let lo = 0;
    let hi = sorted.length - 1;
    const k = keys[t];
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sorted[mid] < k) lo = mid + 1;
      else hi = mid;
    }
    out[t] = lo;
  }
  return out;
}
