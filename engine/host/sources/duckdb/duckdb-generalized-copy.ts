/**
 * A generalization decision written by DuckDB itself (issue 38 item 1): the decision's maps and kept classes are put in
 * temporary tables through DuckDB's appender (values, never SQL text), the one statement of generalized-rows-sql.ts
 * runs inside `COPY (…) TO $1`, and the written file is read back by DuckDB and its rows per class compared with the
 * decision's there, so that only the first mismatch, if any, comes back: a 10^8-row file has millions of classes,
 * which privspec does not hold a second time. DuckDB 1.5 binds a COPY's target and options like any other value, so
 * the path is a parameter; it is the caller's hidden temporary name, and `copyTarget` is the one check every path
 * given to COPY goes through.
 */
import { isAbsolute } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { TableError } from '../../../table/table.js';
import { classMismatchText, type GeneralizedRows } from '../../../source/generalized-rows.js';
import { generalizedRowsSql } from '../../../source/sql/generalized-rows-sql.js';
import { relationText, sqlWriter, type SqlRelation } from '../../../source/sql/dialect.js';
import { sqlIdentifier } from '../../../source/sql/sql-names.js';
import { globFreePath } from './glob-free-path.js';

export type WrittenFormat = 'csv' | 'parquet';

export interface CopyFormat {
  readonly format: WrittenFormat;
  /** A CSV's delimiter (one character). */
  readonly delimiter?: string;
}

/** What DuckDB wrote: its rows, and the first class whose rows in the file differ from the decision's. */
export interface CopyOutcome {
  readonly rows: number;
  readonly mismatch?: string;
}

/**
 * The path a COPY writes: absolute (DuckDB would read a relative one against its own working folder, and expands a
 * leading '~'), without NUL (which ends a C string in DuckDB). It is bound as the statement's value, never written
 * into its text, so quotes, semicolons, newlines and glob characters in it are only bytes of the name.
 */
export function copyTarget(path: string): string {
  if (!isAbsolute(path)) throw new TableError(`${path}: DuckDB writes only to an absolute path`, path);
  if (path.includes('\0')) throw new TableError(`${JSON.stringify(path)}: a path cannot hold a NUL character`, path);
  return path;
}

const id = (name: string) => sqlIdentifier('duckdb', name);

const TABLES = (q: number) => ({
  maps: Array.from({ length: q }, (_, i) => id(`_privspec_m${i}`)),
  classes: id('_privspec_k'),
});

/** Fills the temporary tables of the plan's maps and kept classes (with their rows) through the appender. */
async function registerTables(connection: DuckDBConnection, plan: GeneralizedRows): Promise<void> {
  const q = plan.quasi.length;
  const tables = TABLES(q);
  const fill = async (name: string, rows: number, row: (r: number, append: (v: string) => void) => number | void) => {
    const appender = await connection.createAppender(name, 'main', 'temp');
    try {
      for (let r = 0; r < rows; r++) {
        const n = row(r, (v) => appender.appendVarchar(v));
        if (typeof n === 'number') appender.appendBigInt(BigInt(n));
        appender.endRow();
      }
      appender.flushSync();
    } finally {
      appender.closeSync();
    }
  };
  for (let i = 0; i < q; i++) {
    await connection.run(`CREATE OR REPLACE TEMP TABLE ${tables.maps[i]} (v VARCHAR, label VARCHAR)`);
    const { values, labels, codes } = plan.quasi[i];
    await fill(`_privspec_m${i}`, values.length, (x, append) => {
      append(values[x]);
      append(labels[codes[x]]);
    });
  }
  const g = plan.quasi.map((_, i) => `g${i} VARCHAR`).join(', ');
  await connection.run(`CREATE OR REPLACE TEMP TABLE ${tables.classes} (${g}, n BIGINT)`);
  const { codes, rows } = plan.classes;
  await fill('_privspec_k', plan.classes.count, (c, append) => {
    plan.quasi.forEach((qi, i) => append(qi.labels[codes[i][c]]));
    return rows[c];
  });
}

async function dropTables(connection: DuckDBConnection, q: number): Promise<void> {
  const tables = TABLES(q);
  for (const t of [...tables.maps, tables.classes]) await connection.run(`DROP TABLE IF EXISTS ${t}`);
}

/**
 * Writes the plan's rows from `from` to `path` in the keyed order of `key`, then reads the file back and compares its
 * rows per class with the decision's; returns the rows DuckDB wrote and the first mismatch.
 */
export async function copyGeneralized(
  connection: DuckDBConnection,
  from: SqlRelation,
  plan: GeneralizedRows,
  key: string,
  path: string,
  format: CopyFormat,
): Promise<CopyOutcome> {
  await registerTables(connection, plan);
  try {
    const tables = TABLES(plan.quasi.length);
    const select = generalizedRowsSql({ dialect: 'duckdb', values: 'bound' }, from, plan, key, tables);
    const params = [...select.params];
    const target = `$${params.push(copyTarget(path))}`;
    const options =
      format.format === 'parquet'
        ? `FORMAT parquet`
        : `FORMAT csv, HEADER true, DELIMITER $${params.push(format.delimiter ?? ',')}, QUOTE '"', ESCAPE '"', COMPRESSION 'none'`;
    const result = await connection.runAndReadAll(`COPY (${select.text}) TO ${target} (${options})`, params);
    const rows = Number(result.getRowsJS()[0]?.[0] ?? 0);
    return { rows, mismatch: await writtenMismatch(connection, plan, path, format) };
  } finally {
    await dropTables(connection, plan.quasi.length);
  }
}

/**
 * The first class whose rows in the written file (its quasi-identifier columns grouped, a blank cell as '') differ
 * from the decision's, a class the decision does not keep included, as a sentence; undefined when all agree. The
 * path must be glob-free (DuckDB globs a path it reads).
 */
async function writtenMismatch(
  connection: DuckDBConnection,
  plan: GeneralizedRows,
  path: string,
  format: CopyFormat,
): Promise<string | undefined> {
  globFreePath(path);
  const at = plan.quasi.map((q) => plan.columns.indexOf(q.column));
  const sql = sqlWriter({ dialect: 'duckdb', values: 'bound' });
  const c = (j: number) => id(`c${j}`);
  const relation =
    format.format === 'parquet'
      ? `(SELECT ${plan.header.map((h, j) => `${id(h)} AS ${c(j)}`).join(', ')} FROM read_parquet(${sql.string(path)}))`
      : `read_csv(${sql.string(path)}, header = true, auto_detect = false, columns = {${plan.columns.map((_, j) => `'c${j}': 'VARCHAR'`).join(', ')}}, delim = ${sql.string(format.delimiter ?? ',')}, quote = '"', escape = '"', null_padding = false, comment = '', skip = 0)`;
  const g = (i: number) => id(`g${i}`);
  const labels = at.map((j, i) => `COALESCE(CAST(${c(j)} AS VARCHAR), '') AS ${g(i)}`);
  const w = id('_privspec_w');
  const k = TABLES(plan.quasi.length).classes;
  const on = plan.quasi.map((_, i) => `${w}.${g(i)} = ${k}.${g(i)}`).join(' AND ');
  const either = plan.quasi.map((_, i) => `COALESCE(${w}.${g(i)}, ${k}.${g(i)})`);
  const statement = sql.statement(
    `SELECT ${[...either, `COALESCE(${w}.seen, 0)`, `COALESCE(${k}.n, 0)`].join(', ')} FROM (SELECT ${labels.join(', ')}, count(*) AS seen FROM ${relationText(sql, relation)} GROUP BY ALL) AS ${w} FULL OUTER JOIN ${k} ON ${on} WHERE COALESCE(${w}.seen, 0) <> COALESCE(${k}.n, 0) LIMIT 1`,
  );
  const rows = (await connection.runAndReadAll(statement.text, [...statement.params])).getRowsJS();
  if (rows.length === 0) return undefined;
  const q = plan.quasi.length;
  return classMismatchText(rows[0].slice(0, q).map(String), Number(rows[0][q]), Number(rows[0][q + 1]));
}
