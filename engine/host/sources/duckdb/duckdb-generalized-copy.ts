/**
 * A generalization decision written by DuckDB itself (issue 38 item 1): the decision's maps and kept classes are put in
 * temporary tables through DuckDB's appender (values, never SQL text), the one statement of generalized-rows-sql.ts
 * runs inside `COPY (…) TO $1`, and the written file is read back to count its rows per class. DuckDB 1.5 binds a
 * COPY's target and options like any other value, so the path is a parameter; it is the caller's hidden temporary name,
 * and `copyTarget` is the one check every path given to COPY goes through.
 */
import { isAbsolute } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { TableError } from '../../../table/table.js';
import { classKey, type GeneralizedRows } from '../../../source/generalized-rows.js';
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

const TABLES = (q: number) => ({
  maps: Array.from({ length: q }, (_, i) => sqlIdentifier('duckdb', `_privspec_m${i}`)),
  classes: sqlIdentifier('duckdb', '_privspec_k'),
});

/** Fills the temporary tables of the plan's maps and kept classes through the appender. */
async function registerTables(connection: DuckDBConnection, plan: GeneralizedRows): Promise<void> {
  const q = plan.quasi.length;
  const tables = TABLES(q);
  const fill = async (name: string, rows: Iterable<readonly string[]>) => {
    const appender = await connection.createAppender(name, 'main', 'temp');
    try {
      for (const row of rows) {
        for (const v of row) appender.appendVarchar(v);
        appender.endRow();
      }
      appender.flushSync();
    } finally {
      appender.closeSync();
    }
  };
  for (let i = 0; i < q; i++) {
    await connection.run(`CREATE OR REPLACE TEMP TABLE ${tables.maps[i]} (v VARCHAR, label VARCHAR)`);
    const { values, labels } = plan.quasi[i];
    await fill(
      `_privspec_m${i}`,
      values.map((v, x) => [v, labels[x]]),
    );
  }
  const g = plan.quasi.map((_, i) => `g${i} VARCHAR`).join(', ');
  await connection.run(`CREATE OR REPLACE TEMP TABLE ${tables.classes} (${g})`);
  await fill(
    '_privspec_k',
    plan.classes.map((c) => c.labels),
  );
}

async function dropTables(connection: DuckDBConnection, q: number): Promise<void> {
  const tables = TABLES(q);
  for (const t of [...tables.maps, tables.classes]) await connection.run(`DROP TABLE IF EXISTS ${t}`);
}

/**
 * Writes the plan's rows from `from` to `path` in the keyed order of `key`; returns the number of rows DuckDB wrote.
 */
export async function copyGeneralized(
  connection: DuckDBConnection,
  from: SqlRelation,
  plan: GeneralizedRows,
  key: string,
  path: string,
  format: CopyFormat,
): Promise<number> {
  await registerTables(connection, plan);
  try {
    const select = generalizedRowsSql(
      { dialect: 'duckdb', values: 'bound' },
      from,
      plan,
      key,
      TABLES(plan.quasi.length),
    );
    const params = [...select.params];
    const target = `$${params.push(copyTarget(path))}`;
    const options =
      format.format === 'parquet'
        ? `FORMAT parquet`
        : `FORMAT csv, HEADER true, DELIMITER $${params.push(format.delimiter ?? ',')}, QUOTE '"', ESCAPE '"', COMPRESSION 'none'`;
    const result = await connection.runAndReadAll(`COPY (${select.text}) TO ${target} (${options})`, params);
    return Number(result.getRowsJS()[0]?.[0] ?? 0);
  } finally {
    await dropTables(connection, plan.quasi.length);
  }
}

/**
 * The rows per class of the file DuckDB wrote (class labels as written, joined by `classKey`), read back by DuckDB:
 * its quasi-identifier columns grouped, a blank cell as ''. The path must be glob-free (DuckDB globs a path it reads).
 */
export async function writtenClassCounts(
  connection: DuckDBConnection,
  plan: GeneralizedRows,
  path: string,
  format: CopyFormat,
): Promise<Map<string, number>> {
  globFreePath(path);
  const at = plan.quasi.map((q) => plan.columns.indexOf(q.column));
  const sql = sqlWriter({ dialect: 'duckdb', values: 'bound' });
  const name = (j: number) => sql.identifier(`c${j}`);
  const relation =
    format.format === 'parquet'
      ? `(SELECT ${plan.header.map((h, j) => `${sql.identifier(h)} AS ${name(j)}`).join(', ')} FROM read_parquet(${sql.string(path)}))`
      : `read_csv(${sql.string(path)}, header = true, auto_detect = false, columns = {${plan.columns.map((_, j) => `'c${j}': 'VARCHAR'`).join(', ')}}, delim = ${sql.string(format.delimiter ?? ',')}, quote = '"', escape = '"', null_padding = false, comment = '', skip = 0)`;
  const labels = at.map((j) => `COALESCE(CAST(${name(j)} AS VARCHAR), '')`);
  const statement = sql.statement(
    `SELECT ${[...labels, 'CAST(count(*) AS BIGINT)'].join(', ')} FROM ${relationText(sql, relation)} GROUP BY ${labels.map((_, i) => i + 1).join(', ')}`,
  );
  const rows = (await connection.runAndReadAll(statement.text, [...statement.params])).getRowsJS();
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(classKey(row.slice(0, at.length).map(String)), Number(row[at.length]));
  return counts;
}
