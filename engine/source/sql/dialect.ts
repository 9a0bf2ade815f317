/**
 * The four SQL dialects privspec writes: DuckDB, PostgreSQL, ClickHouse and Spark SQL. Each query is built from the few
 * expressions below, so that the queries of engine/source/sql/*-sql.ts read the same in every dialect and differ only
 * where the dialects do. Every expression mirrors what privspec computes on a CSV in memory:
 * - `text(c)`: the cell as text, a NULL as '' (a CSV has no NULL: its blank cell is the empty string);
 * - `number(t)`: a text cell read as a number as engine/table/cell-number.ts reads it (NULL when it is not one), for
 *   `where` ranges and clamped sums;
 * - `md5(t)`: 32 lowercase hexadecimal digits of the UTF-8 bytes; `length(t)`: Unicode code points (keyed-order.ts).
 * Text comparisons are by code point (PostgreSQL with COLLATE "C"; the others compare bytes, which is the same order).
 */
import { CELL_NUMBER_PATTERN } from '../../table/cell-number.js';

export type Dialect = 'duckdb' | 'postgres' | 'clickhouse' | 'spark';

export const DIALECTS: readonly Dialect[] = ['duckdb', 'postgres', 'clickhouse', 'spark'];

export interface SqlSyntax {
  readonly dialect: Dialect;
  identifier(name: string): string;
  string(value: string): string;
  number(value: number): string;
  text(expr: string): string;
  toNumber(textExpr: string): string;
  isNaN(numberExpr: string): string;
  md5(textExpr: string): string;
  /** The number of code points of a text, as text (for the keyed hash's length prefixes). */
  length(textExpr: string): string;
  concat(parts: readonly string[]): string;
  /** `text >= low` in code-point order. */
  compareText(textExpr: string, op: '>=' | '<=' | '=', literal: string): string;
}

const doubleQuoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
const backQuoted = (name: string) => `\`${name.replace(/`/g, '``')}\``;
/** Standard SQL: a quote is doubled, a backslash is an ordinary character. */
const standardString = (v: string) => `'${v.replace(/'/g, "''")}'`;
/** ClickHouse and Spark read backslash escapes in string literals: both the backslash and the quote are escaped. */
const backslashString = (v: string) => `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

function numberLiteral(x: number): string {
  if (!Number.isFinite(x)) throw new Error(`a SQL literal must be a finite number, got ${x}`);
  // Exponent notation is valid in all four dialects and keeps every double exact (String() round-trips).
  return String(x);
}

/**
 * Decimal numbers with an optional sign, fraction and exponent, or ±Infinity, matched after trimming spaces: what
 * every dialect's cast reads as JavaScript's Number() does, and the one pattern privspec's own cells are read by
 * (engine/table/cell-number.ts), so a source and the in-memory path read one number from one cell.
 */
const NUMERIC = CELL_NUMBER_PATTERN;

const syntaxes: Record<Dialect, SqlSyntax> = {
  duckdb: {
    dialect: 'duckdb',
    identifier: doubleQuoted,
    string: standardString,
    number: numberLiteral,
    text: (e) => `COALESCE(CAST(${e} AS VARCHAR), '')`,
    toNumber: (t) => `CASE WHEN regexp_matches(trim(${t}), ${standardString(NUMERIC)}) THEN TRY_CAST(trim(${t}) AS DOUBLE) END`,
    isNaN: (n) => `isnan(${n})`,
    md5: (t) => `md5(${t})`,
    length: (t) => `CAST(length(${t}) AS VARCHAR)`,
    concat: (parts) => `concat(${parts.join(', ')})`,
    compareText: (t, op, lit) => `${t} ${op} ${standardString(lit)}`,
  },
  postgres: {
    dialect: 'postgres',
    identifier: doubleQuoted,
    string: standardString,
    number: (x) => `CAST(${numberLiteral(x)} AS double precision)`,
    text: (e) => `COALESCE(CAST(${e} AS text), '')`,
    toNumber: (t) => `CASE WHEN trim(${t}) ~ ${standardString(NUMERIC)} THEN CAST(trim(${t}) AS double precision) END`,
    isNaN: (n) => `(${n} = CAST('NaN' AS double precision))`,
    md5: (t) => `md5(${t})`,
    length: (t) => `CAST(char_length(${t}) AS text)`,
    concat: (parts) => `concat(${parts.join(', ')})`,
    compareText: (t, op, lit) => `${t} COLLATE "C" ${op} ${standardString(lit)}`,
  },
  clickhouse: {
    dialect: 'clickhouse',
    identifier: backQuoted,
    string: backslashString,
    number: (x) => `toFloat64(${numberLiteral(x)})`,
    text: (e) => `ifNull(toString(${e}), '')`,
    // ClickHouse 18.16 has neither trimBoth nor a leading '+' in toFloat64OrNull: the spaces go by a regular expression
    // (spaces only, as trim() in the other dialects) and the '+' before the cast.
    toNumber: (t) => {
      const trimmed = `replaceRegexpAll(${t}, '^ +| +$', '')`;
      return `if(match(${trimmed}, ${backslashString(NUMERIC)}), toFloat64OrNull(replaceRegexpOne(${trimmed}, '^[+]', '')), NULL)`;
    },
    isNaN: (n) => `isNaN(${n})`,
    md5: (t) => `lower(hex(MD5(${t})))`,
    length: (t) => `toString(lengthUTF8(${t}))`,
    concat: (parts) => `concat(${parts.join(', ')})`,
    compareText: (t, op, lit) => `${t} ${op} ${backslashString(lit)}`,
  },
  spark: {
    dialect: 'spark',
    identifier: backQuoted,
    string: backslashString,
    number: numberLiteral,
    text: (e) => `COALESCE(CAST(${e} AS STRING), '')`,
    // regexp_extract (not RLIKE) so that the query also runs in DuckDB, which has the same function.
    toNumber: (t) => `CASE WHEN regexp_extract(trim(${t}), ${backslashString(NUMERIC)}, 0) <> '' THEN TRY_CAST(trim(${t}) AS DOUBLE) END`,
    isNaN: (n) => `isnan(${n})`,
    md5: (t) => `md5(${t})`,
    length: (t) => `CAST(char_length(${t}) AS STRING)`,
    concat: (parts) => `concat(${parts.join(', ')})`,
    compareText: (t, op, lit) => `${t} ${op} ${backslashString(lit)}`,
  },
};

export function sqlSyntax(dialect: Dialect): SqlSyntax {
  return syntaxes[dialect];
}
