/**
 * A frequency table's groups read out of DuckDB as integer codes: DuckDB numbers each column's distinct values in its
 * own order, joins the groups to those numbers and sorts them, and privspec reads 4-byte integers column by column
 * (a typed read per cell) and the dictionaries once. Reading the groups' text instead costs a call into the
 * native library and a UTF-8 decode per cell, then a dictionary lookup: on 2.56·10^6 groups of 4 columns that was most
 * of the frequency table's time. DuckDB's text order is its bytes' order and the records come sorted on the columns
 * taken by name, so the table is usually in its canonical order already (canonical-frequency-table.ts checks it in one
 * pass and sorts only what differs, such as a character beyond U+FFFF, which UTF-16 orders otherwise).
 */
import type { DuckDBConnection, DuckDBIntegerVector } from '@duckdb/node-api';
import type { EncodedColumns } from './duckdb-chunks.js';
import { sqlWriter } from '../../../source/sql/dialect.js';

/** Each read gets tables of its own names, so that two reads on one connection never share one. */
let reads = 0;

/**
 * The groups of `grouped` (a statement whose columns are q0…q{k−1}, each already text, and n, the group's rows as an
 * INTEGER), as dictionaries, codes and weights, the records sorted on the columns in the order `sortBy` lists them.
 * The statement's values are bound (`params`); the tables it leaves are temporary and dropped before it returns.
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
    await connection.run(`CREATE TEMP TABLE ${groups} AS ${grouped.text}`, [...grouped.params] as never);
    created.push(groups);
    const dictionaries: string[][] = [];
    for (let j = 0; j < k; j++) {
      // The codes follow DuckDB's order of the values: sorting the records on the codes sorts them on the values.
      await connection.run(
        `CREATE TEMP TABLE ${dictionary(j)} AS SELECT q${j} AS v, CAST(row_number() OVER (ORDER BY q${j}) - 1 AS INTEGER) AS c FROM (SELECT DISTINCT q${j} FROM ${groups}) d`,
      );
      created.push(dictionary(j));
      const values = (await connection.runAndReadAll(`SELECT v FROM ${dictionary(j)} ORDER BY c`)).getColumnsJS()[0];
      dictionaries.push((values ?? []).map((v) => v as string));
    }
    const codes = Array.from({ length: k }, (_, j) => `d${j}.c`);
    const joins = Array.from({ length: k }, (_, j) => `JOIN ${dictionary(j)} d${j} ON g.q${j} = d${j}.v`).join(' ');
    const result = await connection.stream(
      `SELECT ${[...codes, 'g.n'].join(', ')} FROM ${groups} g ${joins} ORDER BY ${sortBy.map((j) => codes[j]).join(', ')}`,
    );
    return await readIntegers(result, k, dictionaries);
  } finally {
    for (const table of created.reverse()) await connection.run(`DROP TABLE IF EXISTS ${table}`).catch(() => undefined);
  }
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
