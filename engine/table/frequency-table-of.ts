import { KeyGrouper } from './group-keys.js';
import type { FrequencyTable } from './frequency-table.js';
import { column, TableError, type Column, type Table } from './table.js';

/** Keys stay exact in a double below 2^53; a running product beyond that is renumbered first. */
const EXACT = 2 ** 53;

/**
 * The frequency table of an in-memory table over `names`: its distinct records over those columns, each with its row
 * count, in the order in which each record first occurs. Dictionaries are the table's own, so codes mean the same in
 * both. One pass per column over integer codes (a mixed-radix key per row, numbered by an open-addressing table or a
 * direct-addressed one), linear in rows; no strings are hashed.
 *
 * First-occurrence order matters: the search groups records in the order it reads them, and a metric summing doubles
 * over classes sums them in that order, so this order makes every figure bit for bit what grouping the rows gives.
 */
export function frequencyTableOf(table: Table, names: readonly string[]): FrequencyTable {
  const cols = uniqueColumns(table, names);
  const n = table.rowCount;
  const grouper = new KeyGrouper();
  const keys = new Float64Array(n);
  const ids = new Int32Array(n);
  let product = 1;
  let folded = false;
  for (const col of cols) {
    const radix = col.dictionary.length;
    // A column with one value splits nothing.
    if (radix <= 1) continue;
    if (product * radix > EXACT) {
      product = grouper.group(keys, n, ids, product);
      for (let r = 0; r < n; r++) keys[r] = ids[r];
    }
    const codes = col.codes;
    if (!folded) for (let r = 0; r < n; r++) keys[r] = codes[r];
    else for (let r = 0; r < n; r++) keys[r] = keys[r] * radix + codes[r];
    folded = true;
    product *= radix;
  }
  if (!folded) keys.fill(0);
  const first = new Int32Array(n);
  const count = n === 0 ? 0 : grouper.group(keys, n, ids, product, first);
  const weights = new Int32Array(count);
  for (let r = 0; r < n; r++) weights[ids[r]]++;
  const codes = cols.map((col) => {
    const out = new Int32Array(count);
    const from = col.codes;
    for (let t = 0; t < count; t++) out[t] = from[first[t]];
    return out;
  });
  return {
    columns: cols.map(({ name, dictionary }) => ({ name, dictionary })),
    count,
    codes,
    weights,
    rowCount: n,
    source: table.source,
  };
}

/**
 * The table's rows as records of weight 1, ungrouped: the per-row form the search read before frequency tables, kept
 * as the reference that tests compare the grouped form against. Shares the table's code arrays; copies nothing.
 */
export function rowFrequencyTable(table: Table, names: readonly string[]): FrequencyTable {
  const cols = uniqueColumns(table, names);
  return {
    columns: cols.map(({ name, dictionary }) => ({ name, dictionary })),
    count: table.rowCount,
    codes: cols.map((c) => c.codes),
    weights: new Int32Array(table.rowCount).fill(1),
    rowCount: table.rowCount,
    source: table.source,
  };
}

/**
 * A column of codes, each standing for `weights[i]` rows (one row each without weights): a table's column, or a
 * frequency table's column with its records' row counts. What a model that reads a column's whole distribution (such
 * as t-closeness's global distribution) is built from.
 */
export interface WeightedColumn extends Column {
  readonly weights?: Int32Array;
}

/** Column `name` of a frequency table, its codes weighted by the records' row counts. */
export function frequencyColumn(table: FrequencyTable, name: string): WeightedColumn {
  const j = frequencyColumnIndex(table, name);
  return { name, dictionary: table.columns[j].dictionary, codes: table.codes[j], weights: table.weights };
}

/** The index of column `name` in a frequency table, or an error naming the columns it has. */
export function frequencyColumnIndex(table: FrequencyTable, name: string): number {
  const j = table.columns.findIndex((c) => c.name === name);
  if (j < 0) {
    const names = table.columns.map((c) => c.name).join(', ');
    throw new TableError(`no column '${name}' in ${table.source ?? 'the table'} (columns: ${names})`);
  }
  return j;
}

/** Row count of every code of column `name`: Σ weights of the records holding it. */
export function weightedValueCounts(table: FrequencyTable, name: string): Float64Array {
  const j = frequencyColumnIndex(table, name);
  const counts = new Float64Array(table.columns[j].dictionary.length);
  const codes = table.codes[j];
  const w = table.weights;
  for (let t = 0; t < table.count; t++) counts[codes[t]] += w[t];
  return counts;
}

function uniqueColumns(table: Table, names: readonly string[]): Column[] {
  const seen = new Set<string>();
  return names.flatMap((name) => {
    if (seen.has(name)) return [];
    seen.add(name);
    return [column(table, name)];
  });
}
