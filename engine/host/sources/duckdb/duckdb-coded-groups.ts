/**
 * A frequency table's groups read out of DuckDB as integer codes: DuckDB keeps the groups on their own types, turns
 * each column's distinct values into text and numbers them in its order of the text, joins the groups to those
 * numbers and sorts them, and privspec reads the dictionaries once and one number per record (the codes in mixed
 * radix, split back here) or, when those would pass 2^53, one integer per cell. Reading the groups' text instead cost
 * a call into the native library and a UTF-8 decode per cell, then a dictionary lookup, a hash of every record to
 * merge those that read alike and a sort in JavaScript: on 5·10^6 rows (2.2·10^6 groups of 4 columns), 5.6–7.0 s of
 * CPU after the GROUP BY's 1.8 s. DuckDB's text order is its bytes' order and the records come sorted on the columns
 * taken by name, so the table is usually in its canonical order already (canonical-frequency-table.ts checks it in one
 * pass and sorts only what differs, such as a character beyond U+FFFF, which UTF-16 orders otherwise).
 */
import type { DuckDBConnection, DuckDBDoubleVector, DuckDBIntegerVector } from '@duckdb/node-api';
import type { EncodedColumns } from './duckdb-chunks.js';
import { sqlWriter } from '../../../source/sql/dialect.js';

/** Each read gets tables of its own names, so that two reads on one connection never share one. */
let reads = 0;

/**
 * The groups of `grouped` (a statement whose columns are q0…q{k−1}, of any type, and n, the group's rows as an
 * INTEGER), their values as text (`text()` of dialect.ts), as dictionaries, codes and weights, the records sorted on
 * the columns in the order `sortBy` lists them. The statement's values are bound (`params`); the tables it leaves
 * are temporary and dropped before it returns.
 */
export async function codedGroups(
  connection: DuckDBConnection,
  grouped: { readonly text: string; readonly params: readonly unknown[] },
  k: number,
  sortBy: readonly number[],
): Promise<EncodedColumns> {
  const id = `privspec_groups_${process.pid}_${++reads}`;
  const sql = sqlWriter({ dialect: 'duckdb', values: 'bound' });
  const groups = sql.identifier(id);
  const dictionary = (j: number) => sql.identifier(`${id}_d${j}`);
  const created: string[] = [];
  try {
    // The groups on the columns' own types: only each column's distinct values are turned into text, below.
    await connection.run(`CREATE TEMP TABLE ${groups} AS ${grouped.text}`, [...grouped.params] as never);
    created.push(groups);
    const dictionaries: string[][] = [];
    for (let j = 0; j < k; j++) {
      // The codes follow DuckDB's order of the values' text: sorting the records on the codes sorts them on the
      // text. Values whose text is one (a NULL and an empty string) share a code.
      await connection.run(
        `CREATE TEMP TABLE ${dictionary(j)} AS SELECT v, t, CAST(dense_rank() OVER (ORDER BY t) - 1 AS INTEGER) AS c FROM (SELECT v, ${sql.text('v')} AS t FROM (SELECT DISTINCT q${j} AS v FROM ${groups}) d) e`,
      );
      created.push(dictionary(j));
      const values = (
        await connection.runAndReadAll(`SELECT DISTINCT c, t FROM ${dictionary(j)} ORDER BY c`)
      ).getColumnsJS()[1];
      dictionaries.push((values ?? []).map((v) => v as string));
    }
    const codes = Array.from({ length: k }, (_, j) => `d${j}.c`);
    const joins = Array.from(
      { length: k },
      (_, j) => `JOIN ${dictionary(j)} d${j} ON g.q${j} IS NOT DISTINCT FROM d${j}.v`,
    ).join(' ');
    const radices = dictionaries.map((d) => Math.max(d.length, 1));
    if (sortBy.reduce((p, j) => p * radices[j], 1) <= EXACT) {
      // One key per record, the codes in mixed radix in the order of `sortBy` (the canonical order's own key): one
      // number to sort and to read per record instead of k.
      const key = sortBy.reduce(
        (e, j) => (e ? `(${e}) * ${radices[j]} + ${codes[j]}` : `CAST(${codes[j]} AS BIGINT)`),
        '',
      );
      // Counted before the stream starts: another statement on the connection would end the stream.
      const rows = await rowCount(connection, groups);
      const result = await connection.stream(
        `SELECT CAST(${key} AS DOUBLE) AS ${sql.identifier('_privspec_key')}, g.n FROM ${groups} g ${joins} ORDER BY 1`,
      );
      return await readKeys(result, sortBy, radices, dictionaries, rows);
    }
    const result = await connection.stream(
      `SELECT ${[...codes, 'g.n'].join(', ')} FROM ${groups} g ${joins} ORDER BY ${sortBy.map((j) => codes[j]).join(', ')}`,
    );
    return await readIntegers(result, k, dictionaries);
  } finally {
    for (const table of created.reverse()) await connection.run(`DROP TABLE IF EXISTS ${table}`).catch(() => undefined);
  }
}

/** Keys stay exact in a double below 2^53. */
const EXACT = 2 ** 53;

/** The rows of a table DuckDB holds. */
async function rowCount(connection: DuckDBConnection, table: string): Promise<number> {
  return Number((await connection.runAndReadAll(`SELECT count(*) FROM ${table}`)).getRowsJS()[0][0]);
}

/**
 * The records of a (key, n) result of `rows` rows: each key split back into its codes, most significant first in
 * `sortBy`. The arrays are allocated once, at their size.
 */
async function readKeys(
  result: Awaited<ReturnType<DuckDBConnection['stream']>>,
  sortBy: readonly number[],
  radices: readonly number[],
  dictionaries: string[][],
  rows: number,
): Promise<EncodedColumns> {
  const k = dictionaries.length;
  const columns = Array.from({ length: k + 1 }, () => new Int32Array(rows));
  const weights = columns[k];
  const place = sortBy.slice().reverse();
  const out = place.map((j) => columns[j]);
  const radix = place.map((j) => radices[j]);
  let count = 0;
  for (let chunk = await result.fetchChunk(); chunk && chunk.rowCount > 0; chunk = await result.fetchChunk()) {
    const n = chunk.rowCount;
    if (count + n > rows) throw new Error(`DuckDB returned more than the ${rows} groups it holds`);
    const keys = chunk.getColumnVector(0) as DuckDBDoubleVector;
    const counts = chunk.getColumnVector(1) as DuckDBIntegerVector;
    for (let i = 0; i < n; i++) {
      // Exact: the key is an integer below 2^53, and so is every quotient.
      let key = keys.getItem(i)!;
      for (let s = 0; s < out.length; s++) {
        const next = Math.floor(key / radix[s]);
        out[s][count + i] = key - next * radix[s];
        key = next;
      }
      weights[count + i] = counts.getItem(i)!;
    }
    count += n;
  }
  return mergedAdjacent(columns, k, count, dictionaries);
}

function grow(a: Int32Array, size: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(size);
  b.set(a);
  return b;
}

/** The k code columns and the weight column of an all-INTEGER result, read as numbers. */
async function readIntegers(
  result: Awaited<ReturnType<DuckDBConnection['stream']>>,
  k: number,
  dictionaries: string[][],
): Promise<EncodedColumns> {
  let columns = Array.from({ length: k + 1 }, () => new Int32Array(1024));
  let count = 0;
  for (let chunk = await result.fetchChunk(); chunk && chunk.rowCount > 0; chunk = await result.fetchChunk()) {
    const n = chunk.rowCount;
    if (count + n > columns[0].length) {
      const size = Math.max(2 * columns[0].length, count + n);
      columns = columns.map((c) => grow(c, size));
    }
    // Every column is an INTEGER without NULLs (codes from a join, counts from count(*)): a typed read, no decoding.
    for (let j = 0; j <= k; j++) {
      const vector = chunk.getColumnVector(j) as DuckDBIntegerVector;
      const out = columns[j];
      for (let i = 0; i < n; i++) out[count + i] = vector.getItem(i)!;
    }
    count += n;
  }
  return mergedAdjacent(columns, k, count, dictionaries);
}

/**
 * The records with equal neighbours merged, their weights summed. Two groups read alike when DuckDB grouped them on
 * their types and their text is one (a NULL and an empty string): they have the same codes, and the records come
 * sorted on every code, so they are neighbours; one pass finds them, where merge-records.ts hashes every record.
 */
function mergedAdjacent(
  columns: Int32Array<ArrayBuffer>[],
  k: number,
  count: number,
  dictionaries: string[][],
): EncodedColumns {
  const weights = columns[k];
  let kept = 0;
  let total = 0;
  for (let i = 0; i < count; i++) {
    total += weights[i];
    let same = kept > 0;
    for (let j = 0; j < k && same; j++) same = columns[j][kept - 1] === columns[j][i];
    if (same) weights[kept - 1] += weights[i];
    else {
      for (let j = 0; j <= k; j++) columns[j][kept] = columns[j][i];
      kept++;
    }
  }
  return {
    dictionaries,
    codes: columns.slice(0, k).map((c) => c.slice(0, kept)),
    weights: weights.slice(0, kept),
    count: kept,
    total,
  };
}
