/**
 * A generalization decision written by DuckDB itself (issue 38 item 1): the decision's maps and kept classes are put in
 * temporary tables through DuckDB's appender (values, never SQL text), the one statement of generalized-rows-sql.ts
 * runs inside `COPY (…) TO $1`, and the check follows in the same DuckDB: the tables hold the decision, and the
 * statement's own joins, counted per class over the source, give each class the decision's rows (compared in DuckDB,
 * so that only the first mismatch, if any, comes back: a 10^8-row file has millions of classes, which privspec does
 * not hold a second time). The written file is not read back: docs/scale.md says why that check is as strong and what
 * catches each way the file could differ from the decision. DuckDB 1.5 binds a COPY's target and options like any
 * other value, so the path is a parameter; it is the caller's hidden temporary name, and `copyTarget` is the one check
 * every path given to COPY goes through.
 */
import { isAbsolute } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { TableError } from '../../../table/table.js';
import { classMismatchText, type GeneralizedRows } from '../../../source/generalized-rows.js';
import { generalizedClassCountsSql, generalizedRowsSql } from '../../../source/sql/generalized-rows-sql.js';
import type { SqlRelation, SqlTarget } from '../../../source/sql/dialect.js';
import { sqlIdentifier } from '../../../source/sql/sql-names.js';
import { timedPhase } from '../../../core/phase-times.js';

export type WrittenFormat = 'csv' | 'parquet';

export interface CopyFormat {
  readonly format: WrittenFormat;
  /** A CSV's delimiter (one character). */
  readonly delimiter?: string;
}

/** What DuckDB wrote: its rows (COPY's own count), and the first way the statement's rows differ from the decision. */
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

/** DuckDB binds every value of a statement. */
const BOUND: SqlTarget = { dialect: 'duckdb', values: 'bound' };

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
 * Writes the plan's rows from `from` to `path` in the keyed order of `key`, then checks the tables it joined and its
 * rows per class against the decision; returns the rows DuckDB wrote and the first mismatch.
 */
export async function copyGeneralized(
  connection: DuckDBConnection,
  from: SqlRelation,
  plan: GeneralizedRows,
  key: string,
  path: string,
  format: CopyFormat,
): Promise<CopyOutcome> {
  await timedPhase('decision tables', () => registerTables(connection, plan));
  try {
    const tables = TABLES(plan.quasi.length);
    const select = generalizedRowsSql(BOUND, from, plan, key, tables);
    const params = [...select.params];
    const target = `$${params.push(copyTarget(path))}`;
    // USE_TMP_FILE false: DuckDB writes the file the caller claimed. By default, finding a file at its target, it
    // writes 'tmp_' + the name instead (opened with O_CREAT | O_TRUNC, following a link planted under that name, which
    // anyone who may write in the folder derives from the hidden name) and renames it over the target.
    const options =
      format.format === 'parquet'
        ? `FORMAT parquet, USE_TMP_FILE false`
        : `FORMAT csv, HEADER true, DELIMITER $${params.push(format.delimiter ?? ',')}, QUOTE '"', ESCAPE '"', COMPRESSION 'none', USE_TMP_FILE false`;
    const result = await timedPhase('COPY', () =>
      connection.runAndReadAll(`COPY (${select.text}) TO ${target} (${options})`, params),
    );
    const rows = Number(result.getRowsJS()[0]?.[0] ?? 0);
    const mismatch = await timedPhase(
      'check',
      async () => (await decisionTablesMismatch(connection, plan)) ?? countedMismatch(connection, from, plan),
    );
    return { rows, ...(mismatch ? { mismatch } : {}) };
  } finally {
    await dropTables(connection, plan.quasi.length);
  }
}

/**
 * The first class whose rows differ from the decision's, counted by the written statement's own joins over the source
 * (generalizedClassCountsSql: the maps, the text of each raw value and the join on the kept classes that decided
 * which rows the COPY wrote and under which labels), compared with the kept classes' table in DuckDB, so that only the
 * first mismatch, if any, comes back; undefined when every class agrees. It reads the quasi-identifier columns of the
 * source once more (a Parquet file: only those columns), not the written file: docs/scale.md gives the argument.
 */
async function countedMismatch(
  connection: DuckDBConnection,
  from: SqlRelation,
  plan: GeneralizedRows,
): Promise<string | undefined> {
  const statement = generalizedClassCountsSql(BOUND, from, plan, TABLES(plan.quasi.length));
  const rows = (await connection.runAndReadAll(statement.text, [...statement.params])).getRowsJS();
  if (rows.length === 0) return undefined;
  const q = plan.quasi.length;
  return classMismatchText(rows[0].slice(0, q).map(String), Number(rows[0][q]), Number(rows[0][q + 1]), 'rows');
}

/**
 * Whether the tables the statement joins hold the decision: each map exactly the plan's raw values, each once, with
 * the label the engine's own mapping gives it (generalized-rows-of.ts: the hierarchy at the chosen level, a function
 * total on the frequency table's values), and the kept classes' table as many classes and rows as the decision keeps.
 * A sentence for the first difference; undefined when they agree. The maps are small (a column's distinct values);
 * the kept classes' rows are compared by the class counts of countedMismatch.
 */
export async function decisionTablesMismatch(
  connection: DuckDBConnection,
  plan: GeneralizedRows,
): Promise<string | undefined> {
  const tables = TABLES(plan.quasi.length);
  for (let i = 0; i < plan.quasi.length; i++) {
    const q = plan.quasi[i];
    const expected = new Map(q.values.map((v, x) => [v, q.labels[q.codes[x]]]));
    const rows = (await connection.runAndReadAll(`SELECT v, label FROM ${tables.maps[i]}`)).getRowsJS();
    const seen = new Set<string>();
    for (const [v, label] of rows) {
      // Both columns are VARCHAR: a cell is a string.
      const value = v as string;
      if (seen.has(value)) return `the map of ${JSON.stringify(q.column)} holds ${JSON.stringify(value)} twice`;
      if (expected.get(value) !== label)
        return `the map of ${JSON.stringify(q.column)} takes ${JSON.stringify(value)} to ${JSON.stringify(label)}, the decision to ${JSON.stringify(expected.get(value) ?? null)}`;
      seen.add(value);
    }
    if (seen.size !== expected.size)
      return `the map of ${JSON.stringify(q.column)} holds ${seen.size} values, the decision ${expected.size}`;
  }
  const [count, rows] = (await connection.runAndReadAll(`SELECT count(*), COALESCE(sum(n), 0) FROM ${tables.classes}`))
    .getRowsJS()[0]
    .map(Number);
  if (count !== plan.classes.count || rows !== plan.rows)
    return `the kept classes' table holds ${count} classes of ${rows} rows, the decision ${plan.classes.count} of ${plan.rows}`;
  return undefined;
}
