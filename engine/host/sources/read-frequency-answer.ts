/**
 * Reads back the answer to the frequency-table query that `privspec plan` prints (engine/source/sql/frequency-sql.ts):
 * one row per distinct record, the group columns then the row count `n`, as a CSV or Parquet file a warehouse wrote.
 * `privspec risk --frequencies` and `privspec anonymize --frequencies` run on it as they run on the data, so the data
 * never leaves the warehouse: only its distinct records and their counts do.
 *
 * The plan names the group columns c0, c1, … (the quasi-identifiers, then the sensitive columns, in the spec's order);
 * the caller names them back (`names`). An answer whose header holds the column names themselves is read as it is.
 * Everything is checked before any figure is computed, as `privspec release --aggregates` checks its answers: every
 * requested column is there, each n is a positive whole number, and no record appears twice (a GROUP BY gives each
 * record once; a repeated one means the file was appended to, or is not the answer to that query).
 */
import type { FrequencyTable } from '../../table/frequency-table.js';
import { TableError } from '../../table/table.js';
import { KeyGrouper } from '../../table/group-keys.js';
import { mergeEqualRecords } from '../../table/merge-records.js';
import { readTable, type EngineChoice } from './open-source.js';

export interface FrequencyAnswerOptions {
  /** The data's names of the answer's columns c0, c1, …, in that order (the plan lists them). */
  readonly names?: readonly string[];
  readonly engine?: EngineChoice;
}

/** Weights are 32-bit integers; a group of more rows than this cannot be counted exactly. */
const MAX_COUNT = 2 ** 31 - 1;

/** A decimal figure, as a warehouse writes an integer or a double: digits, a fraction, an exponent. */
const DECIMAL = /^\+?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** A frequency table read from an answer, with the names of every record column the answer holds. */
export type FrequencyAnswer = FrequencyTable & { readonly answerColumns: readonly string[] };

/** The frequency table over `columns` (in this order) that the answer in `file` gives. */
export async function readFrequencyAnswer(
  file: string,
  columns: readonly string[],
  options: FrequencyAnswerOptions = {},
): Promise<FrequencyAnswer> {
  const table = await readTable(file, { delimiter: ',', ...(options.engine ? { engine: options.engine } : {}) });
  const header = table.columns.map((c) => c.name);
  if (header[header.length - 1] !== 'n')
    throw new TableError(
      `expected the record's columns and then its row count n (as the plan's query selects), found ${header.join(', ')}`,
      file,
    );
  const groupColumns = header.slice(0, -1);
  const names = options.names ? namesOf(groupColumns, options.names, file) : groupColumns;
  const at = columns.map((name) => {
    const j = names.indexOf(name);
    if (j < 0) {
      const hint =
        groupColumns.every((c, i) => c === `c${i}`) && !options.names
          ? "; the plan's columns c0, c1, … need their names (--frequency-columns, as the plan lists them)"
          : '';
      throw new TableError(`no column '${name}' in the answer (columns: ${names.join(', ')})${hint}`, file);
    }
    return j;
  });
  const n = table.rowCount;
  const lineOf = (r: number) => table.rowLines?.[r] ?? r + 2;
  const counts = table.columns[header.length - 1];
  const weights = new Int32Array(n);
  let total = 0;
  for (let r = 0; r < n; r++) {
    const text = counts.dictionary[counts.codes[r]];
    // A warehouse may write a count as a double ('9.0': DuckDB stores a HUGEINT sum in Parquet so; '1.0E7' from Spark):
    // a whole value is one. Number() alone would also read '0x10' as 16 and '0b11' as 3: only decimal figures count.
    const value = DECIMAL.test(text.trim()) ? Number(text) : NaN;
    if (!(Number.isInteger(value) && value >= 1 && value <= MAX_COUNT)) {
      throw new TableError(
        `n must be a whole number from 1 to ${MAX_COUNT} (the rows holding the record), got '${text}'`,
        file,
        lineOf(r),
      );
    }
    weights[r] = value;
    total += value;
  }
  refuseRepeatedRecords(table.columns.slice(0, -1), n, file, lineOf);
  // The requested columns may be fewer than the answer's (the plan groups by every sensitive column; `risk --sensitive`
  // reads one): records equal on them are merged, their counts summed, in order of first appearance.
  const kept = at.map((j) => table.columns[j]);
  const merged = mergeEqualRecords({
    columns: kept.map((c, i) => ({ name: columns[i], dictionary: c.dictionary })),
    count: n,
    codes: kept.map((c) => c.codes),
    weights,
    rowCount: total,
    source: file,
  });
  return { ...merged, answerColumns: names };
}

/** The answer's header must be the plan's c0, c1, … for as many columns as the caller names. */
function namesOf(groupColumns: readonly string[], names: readonly string[], file: string): readonly string[] {
  const expected = names.map((_, i) => `c${i}`);
  if (groupColumns.join(',') !== expected.join(',')) {
    throw new TableError(
      `expected the columns ${[...expected, 'n'].join(', ')} for the ${names.length} named columns (${names.join(', ')}), found ${[...groupColumns, 'n'].join(', ')}`,
      file,
    );
  }
  return names;
}

/** Mixed-radix keys over the codes, as merge-records.ts numbers records; the second of two equal records is named. */
function refuseRepeatedRecords(
  columns: readonly { dictionary: readonly string[]; codes: Int32Array }[],
  n: number,
  file: string,
  lineOf: (r: number) => number,
): void {
  if (n === 0) return;
  const grouper = new KeyGrouper();
  const keys = new Float64Array(n);
  const ids = new Int32Array(n);
  let product = 1;
  for (const column of columns) {
    const radix = column.dictionary.length;
    if (radix <= 1) continue;
    if (product * radix > 2 ** 53) {
      product = grouper.group(keys, n, ids, product);
      for (let r = 0; r < n; r++) keys[r] = ids[r];
    }
    for (let r = 0; r < n; r++) keys[r] = keys[r] * radix + column.codes[r];
    product *= radix;
  }
  const first = new Int32Array(n);
  if (grouper.group(keys, n, ids, product, first) === n) return;
  const seen = new Int32Array(n).fill(-1);
  for (let r = 0; r < n; r++) {
    if (seen[ids[r]] >= 0) {
      const record = columns.map((c) => c.dictionary[c.codes[r]]).join(', ');
      throw new TableError(
        `the record (${record}) is given twice (also on line ${lineOf(seen[ids[r]])}); the answer of the plan's GROUP BY has each record once`,
        file,
        lineOf(r),
      );
    }
    seen[ids[r]] = r;
  }
}
