/**
 * A generalization decision written by DuckDB itself (issue 38 item 1): the decision's maps (raw value, label code,
 * label) and kept classes (their mixed-radix keys: class-key.ts) are put in tables of privspec's own in-memory
 * database through DuckDB's appender (values, never SQL text), the one statement of generalized-rows-sql.ts runs
 * inside `COPY (…) TO $1`, and the check runs beside it in the same DuckDB: the tables hold the decision, and the
 * statement's own joins, counted per class over the source, give each class the decision's rows (compared in DuckDB,
 * so that only the first mismatch, if any, comes back: a 10^8-row file has millions of classes, which privspec does
 * not hold a second time). The written file is not read back: docs/scale.md says why that check is as strong and what
 * catches each way the file could differ from the decision. DuckDB 1.5 binds a COPY's target and options like any
 * other value, so the path is a parameter; it is the caller's hidden temporary name, and `copyTarget` is the one check
 * every path given to COPY goes through.
 */
import { isAbsolute } from 'node:path';
import type { DuckDBAppender, DuckDBConnection } from '@duckdb/node-api';
import { TableError } from '../../../table/table.js';
import { classMismatchText, type GeneralizedRows } from '../../../source/generalized-rows.js';
import {
  generalizedClassCountsSql,
  generalizedRowsSql,
  type GeneralizedTables,
} from '../../../source/sql/generalized-rows-sql.js';
import { classKeyOf, classKeyRadix, MAX_CLASS_KEY, mixedRadixCodes } from '../../../source/class-key.js';
import type { SqlRelation, SqlTarget } from '../../../source/sql/dialect.js';
import { sqlIdentifier } from '../../../source/sql/sql-names.js';
import { timedPhase } from '../../../core/phase-times.js';
import { isOutOfMemory } from './out-of-memory.js';

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

/**
 * The most labels bound into the statement as lists (one value each); beyond, the labels come from the maps and
 * travel through the sort, which costs more but binds no more values.
 */
export const BOUND_LABELS = 100_000;

/**
 * The limits that choose the statement's form: the largest class key (a BIGINT's) and the most labels bound, and the
 * most rows written with the check beside the COPY (BESIDE_MOST_ROWS). A test lowers them to take the other forms on
 * small data.
 */
export interface TableLimits {
  readonly maxKey: bigint;
  readonly boundLabels: number;
  readonly besideMostRows?: number;
}

export const LIMITS: TableLimits = { maxKey: MAX_CLASS_KEY, boundLabels: BOUND_LABELS };

/**
 * The tables of a plan. They live in the main schema of privspec's own in-memory database (never a user's: the source
 * is a file read by read_parquet or read_csv), not in a connection's temporary schema, so that the check's second
 * connection reads the tables the COPY joins.
 */
export function generalizedTables(plan: GeneralizedRows, limits: TableLimits = LIMITS): GeneralizedTables {
  const radix = classKeyRadix(plan, limits.maxKey);
  return {
    maps: plan.quasi.map((_, i) => id(`_privspec_m${i}`)),
    classes: id('_privspec_k'),
    ...(radix ? { radix } : {}),
    boundLabels: plan.quasi.reduce((n, q) => n + q.labels.length, 0) <= limits.boundLabels,
  };
}

/** Fills the tables of the plan's maps and kept classes (with their rows) through the appender. */
async function registerTables(connection: DuckDBConnection, plan: GeneralizedRows, tables: GeneralizedTables) {
  const q = plan.quasi.length;
  const fill = async (name: string, rows: number, row: (r: number, appender: DuckDBAppender) => void) => {
    const appender = await connection.createAppender(name);
    try {
      for (let r = 0; r < rows; r++) {
        row(r, appender);
        appender.endRow();
      }
      appender.flushSync();
    } finally {
      appender.closeSync();
    }
  };
  for (let i = 0; i < q; i++) {
    await connection.run(`CREATE OR REPLACE TABLE ${tables.maps[i]} (v VARCHAR, code INTEGER, label VARCHAR)`);
    const { values, labels, codes } = plan.quasi[i];
    await fill(`_privspec_m${i}`, values.length, (x, appender) => {
      appender.appendVarchar(values[x]);
      appender.appendInteger(codes[x]);
      appender.appendVarchar(labels[codes[x]]);
    });
  }
  const { radix } = tables;
  const columns = radix ? 'key BIGINT' : plan.quasi.map((_, i) => `c${i} INTEGER`).join(', ');
  await connection.run(`CREATE OR REPLACE TABLE ${tables.classes} (${columns}, n BIGINT)`);
  const { codes, rows } = plan.classes;
  await fill('_privspec_k', plan.classes.count, (c, appender) => {
    if (radix) appender.appendBigInt(classKeyOf(plan, radix, c));
    else for (let i = 0; i < q; i++) appender.appendInteger(codes[i][c]);
    appender.appendBigInt(BigInt(rows[c]));
  });
}

async function dropTables(connection: DuckDBConnection, tables: GeneralizedTables): Promise<void> {
  for (const t of [...tables.maps, tables.classes]) await connection.run(`DROP TABLE IF EXISTS ${t}`);
}

/**
 * Writes the plan's rows from `from` to `path` in the keyed order of `key`, and checks the tables it joins and its
 * rows per class against the decision; returns the rows DuckDB wrote and the first mismatch. The check runs on a
 * second connection (`connect`) while the COPY runs: the COPY takes one thread (streamed-source.ts), and the check's
 * GROUP BY the other core. That is sound because both read the same things and neither writes what the other reads:
 * the tables are filled before either starts and dropped after both end, and the source file's identity is compared
 * after both with the one taken before the decision's frequency table was read (engine-written-file.ts), so both
 * statements read the file the decision counted, whichever runs first. The first failure of either is thrown after
 * both have ended, so that no statement still reads a table when it is dropped. `limits` choose the statement's form
 * (a test lowers them).
 */
export async function copyGeneralized(
  connection: DuckDBConnection,
  connect: () => Promise<DuckDBConnection>,
  from: SqlRelation,
  plan: GeneralizedRows,
  key: string,
  path: string,
  format: CopyFormat,
  limits: TableLimits = LIMITS,
): Promise<CopyOutcome> {
  const tables = generalizedTables(plan, limits);
  try {
    await timedPhase('decision tables', () => registerTables(connection, plan, tables));
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
    const copy = () => connection.runAndReadAll(`COPY (${select.text}) TO ${target} (${options})`, params);
    const check = async () => {
      const second = await connect();
      try {
        return (await decisionTablesMismatch(second, plan)) ?? (await countedMismatch(second, from, plan, tables));
      } finally {
        second.closeSync();
      }
    };
    // Beside each other the two share DuckDB's one memory limit: at 10^8 rows the check's GROUP BY left the COPY's
    // sort without a block ("Out of Memory Error") after 80 s, where 2·10^7 rows ran beside each other within it.
    // Above BESIDE_MOST_ROWS they run in turn, the COPY first; beside each other, the one that ran out of memory runs
    // again alone once both have ended (a second COPY rewrites the claimed file from its start; the other's answer
    // stands, as it read the same file and tables).
    const beside = plan.rows <= (limits.besideMostRows ?? BESIDE_MOST_ROWS);
    const [besideCopy, besideCheck] = beside
      ? await Promise.allSettled([timedPhase('COPY', copy), timedPhase(CHECK_PHASE, check)])
      : [undefined, undefined];
    const outOfMemory = (r: PromiseSettledResult<unknown>) => r.status === 'rejected' && isOutOfMemory(r.reason);
    const result = besideCopy && !outOfMemory(besideCopy) ? besideCopy : await settled(timedPhase('COPY, alone', copy));
    if (result.status === 'rejected') throw result.reason;
    const mismatch =
      besideCheck && !outOfMemory(besideCheck)
        ? besideCheck
        : await settled(timedPhase('check, after the COPY', check));
    if (mismatch.status === 'rejected') throw mismatch.reason;
    const rows = Number(result.value.getRowsJS()[0]?.[0] ?? 0);
    return { rows, ...(mismatch.value ? { mismatch: mismatch.value } : {}) };
  } finally {
    await dropTables(connection, tables);
  }
}

/**
 * The most rows a COPY writes with the check beside it (measured: 2·10^7 within DuckDB's 300 MB stream limit, 10^8
 * out of it); a larger one runs the two in turn.
 */
export const BESIDE_MOST_ROWS = 50_000_000;

/** One promise's outcome, as Promise.allSettled gives each. */
async function settled<T>(promise: Promise<T>): Promise<PromiseSettledResult<T>> {
  return (await Promise.allSettled([promise]))[0];
}

/** The check's phase name: it runs beside the COPY, so its time is not added to the others' (the scale bench). */
export const CHECK_PHASE = 'check (beside the COPY)';

/**
 * The first class whose rows differ from the decision's, counted by the written statement's own joins over the source
 * (generalizedClassCountsSql: the maps, the text of each raw value and the key the COPY's semi-join looks up), compared
 * with the kept classes' table in DuckDB, so that only the first mismatch, if any, comes back, named by its labels
 * (its key read back into codes); undefined when every class agrees. It reads the quasi-identifier columns of the
 * source once more (a Parquet file: only those columns), not the written file: docs/scale.md gives the argument.
 */
async function countedMismatch(
  connection: DuckDBConnection,
  from: SqlRelation,
  plan: GeneralizedRows,
  tables: GeneralizedTables,
): Promise<string | undefined> {
  const statement = generalizedClassCountsSql(BOUND, from, plan, tables);
  const rows = (await connection.runAndReadAll(statement.text, [...statement.params])).getRows();
  if (rows.length === 0) return undefined;
  const row = rows[0];
  const q = plan.quasi.length;
  const codes = tables.radix ? mixedRadixCodes(BigInt(row[0] as bigint), tables.radix) : row.slice(0, q).map(Number);
  const at = tables.radix ? 1 : q;
  const labels = plan.quasi.map((qi, i) => qi.labels[codes[i]]);
  return classMismatchText(labels, Number(row[at]), Number(row[at + 1]), 'rows');
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
  const tables = generalizedTables(plan);
  for (let i = 0; i < plan.quasi.length; i++) {
    const q = plan.quasi[i];
    const expected = new Map(q.values.map((v, x) => [v, x]));
    const rows = (await connection.runAndReadAll(`SELECT v, code, label FROM ${tables.maps[i]}`)).getRowsJS();
    const seen = new Set<string>();
    for (const [v, code, label] of rows) {
      // v and label are VARCHAR, code an INTEGER: a string, a string and a number.
      const value = v as string;
      const x = expected.get(value);
      const decided = x === undefined ? null : q.labels[q.codes[x]];
      if (seen.has(value)) return `the map of ${JSON.stringify(q.column)} holds ${JSON.stringify(value)} twice`;
      if (decided !== label)
        return `the map of ${JSON.stringify(q.column)} takes ${JSON.stringify(value)} to ${JSON.stringify(label)}, the decision to ${JSON.stringify(decided)}`;
      // The code is what the COPY's key and the check's classes are made of; the label is looked up by it.
      if (code !== q.codes[x!])
        return `the map of ${JSON.stringify(q.column)} gives ${JSON.stringify(value)} the code ${JSON.stringify(code)}, the decision ${q.codes[x!]}`;
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
