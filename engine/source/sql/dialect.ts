/**
 * The four SQL dialects privspec writes: DuckDB, PostgreSQL, ClickHouse and Spark SQL. Each query is built from the few
 * expressions below, so that the queries of engine/source/sql/*-sql.ts read the same in every dialect and differ only
 * where the dialects do. Every expression mirrors what privspec computes on a CSV in memory:
 * - `text(c)`: the cell as text, a NULL as '' (a CSV has no NULL: its blank cell is the empty string);
 * - `toNumber(t)`: a text cell read as a number as engine/table/cell-number.ts reads it (NULL when it is not one), for
 *   `where` ranges and clamped sums;
 * - `md5(t)`: 32 lowercase hexadecimal digits of the UTF-8 bytes; `length(t)`: Unicode code points (keyed-order.ts).
 * Text comparisons are by code point (PostgreSQL with COLLATE "C"; the others compare bytes, which is the same order).
 *
 * Names and values reach the text of a query by two functions only. A name (a column, a table) goes through the
 * dialect's one `identifier` (sql-names.ts), which quotes every name it accepts so that the server reads exactly that
 * name. A value — a `where` value, a clamp or grid bound, a contribution bound, the bounding seed — goes through
 * `string`, `number` or `integer`, which bind it to a placeholder (`$1`, `{p1:String}`) whose value travels apart from
 * the text (`SqlStatement.params`): no value is ever read as SQL, whatever the server's settings. Only where a
 * statement is printed for a user to run elsewhere (`privspec plan`), or sent to a server that has no query
 * parameters (ClickHouse before 19.x, Debian's 18.16), is each value written as a literal, by the dialect's one literal
 * encoder (sql-literals.ts). The builders call these functions and nothing else to place a name or a value.
 */
import { CELL_NUMBER_PATTERN } from '../../table/cell-number.js';
import { TableError } from '../../table/table.js';
import { sqlIdentifier } from './sql-names.js';
import { sqlLiteral, type SqlValueKind } from './sql-literals.js';

export { DIALECTS, type Dialect, type SqlValue } from './sql-value.js';
import type { Dialect, SqlValue } from './sql-value.js';

/** A query's text and the values of its placeholders, in their order (`$1` is params[0], `{p1:…}` too). */
export interface SqlStatement {
  readonly text: string;
  readonly params: readonly SqlValue[];
}

/**
 * How a statement carries its values: `bound` to placeholders, the values sent apart from the text (what every source
 * that runs SQL uses when its server has parameters), or `inline` as literals (a printed plan; a server without them).
 */
export type ValueMode = 'bound' | 'inline';

export interface SqlTarget {
  readonly dialect: Dialect;
  readonly values: ValueMode;
}

/** The expressions of one statement in one dialect; values bound or written inline as its target says. */
export interface SqlSyntax {
  readonly dialect: Dialect;
  /** A column, table or schema name, quoted; a name the dialect cannot quote faithfully is refused (TableError). */
  identifier(name: string): string;
  /** A text value. */
  string(value: string): string;
  /** A finite double. */
  number(value: number): string;
  /** A count: a non-negative safe integer (contribution bounds). */
  integer(value: number): string;
  text(expr: string): string;
  toNumber(textExpr: string): string;
  isNaN(numberExpr: string): string;
  md5(textExpr: string): string;
  /** The number of code points of a text, as text (for the keyed hash's length prefixes). */
  length(textExpr: string): string;
  concat(parts: readonly string[]): string;
  /** `text op value` in code-point order. */
  compareText(textExpr: string, op: '>=' | '<=' | '=', value: string): string;
}

/** A statement being written: its expressions, and the statement with the values bound so far. */
export interface SqlWriter extends SqlSyntax {
  statement(text: string): SqlStatement;
}

/**
 * A relation a query reads: a quoted table name, or one written with the statement's own values (DuckDB's
 * `read_csv(path, …)`, whose path is a value like any other).
 */
export type SqlRelation = string | ((sql: SqlSyntax) => string);

export function relationText(sql: SqlSyntax, from: SqlRelation): string {
  return typeof from === 'string' ? from : from(sql);
}

/** Each dialect's placeholder for the n-th value (1-based) of a kind. */
const PLACEHOLDERS: Record<Dialect, (n: number, kind: SqlValueKind) => string> = {
  // PostgreSQL infers a parameter's type from its use, and cannot in concat() or md5(): each states its type.
  postgres: (n, kind) =>
    `CAST($${n} AS ${kind === 'text' ? 'text' : kind === 'float' ? 'double precision' : 'bigint'})`,
  duckdb: (n, kind) => `CAST($${n} AS ${kind === 'text' ? 'VARCHAR' : kind === 'float' ? 'DOUBLE' : 'BIGINT'})`,
  // ClickHouse's query parameters (19.x and later) name their type; the server substitutes them when it parses.
  clickhouse: (n, kind) => `{p${n}:${kind === 'text' ? 'String' : kind === 'float' ? 'Float64' : 'UInt64'}}`,
  // Spark SQL's named parameter markers (3.4 and later).
  spark: (n, kind) => `CAST(:p${n} AS ${kind === 'text' ? 'STRING' : kind === 'float' ? 'DOUBLE' : 'BIGINT'})`,
};

function checkedNumber(value: number): number {
  if (!Number.isFinite(value)) throw new Error(`a SQL value must be a finite number, got ${value}`);
  return value;
}

function checkedCount(value: number): number {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new Error(`a SQL count must be a non-negative integer, got ${value}`);
  return value;
}

/**
 * Decimal numbers with an optional sign, fraction and exponent, or ±Infinity, matched after trimming spaces: what
 * every dialect's cast reads as JavaScript's Number() does, and the one pattern privspec's own cells are read by
 * (engine/table/cell-number.ts), so a source and the in-memory path read one number from one cell.
 */
const NUMERIC = CELL_NUMBER_PATTERN;

/** concat() of at most `max` arguments each, nested: the same text. */
function nestedConcat(parts: readonly string[], max: number): string {
  if (parts.length <= max) return `concat(${parts.join(', ')})`;
  const chunks: string[] = [];
  for (let i = 0; i < parts.length; i += max) chunks.push(nestedConcat(parts.slice(i, i + max), max));
  return nestedConcat(chunks, max);
}

/** The dialect's expressions over `value`, the one way a value enters the text. */
function expressions(dialect: Dialect, value: (v: SqlValue, kind: SqlValueKind) => string): SqlSyntax {
  const string = (v: string) => value(v, 'text');
  const number = (x: number) => value(checkedNumber(x), 'float');
  const integer = (n: number) => value(checkedCount(n), 'integer');
  const identifier = (name: string) => sqlIdentifier(dialect, name);
  const common = {
    dialect,
    identifier,
    string,
    number,
    integer,
    concat: (parts: readonly string[]) => `concat(${parts.join(', ')})`,
  };
  switch (dialect) {
    case 'duckdb':
      return {
        ...common,
        text: (e) => `COALESCE(CAST(${e} AS VARCHAR), '')`,
        toNumber: (t) =>
          `CASE WHEN regexp_matches(trim(${t}), ${string(NUMERIC)}) THEN TRY_CAST(trim(${t}) AS DOUBLE) END`,
        isNaN: (n) => `isnan(${n})`,
        md5: (t) => `md5(${t})`,
        length: (t) => `CAST(length(${t}) AS VARCHAR)`,
        compareText: (t, op, v) => `${t} ${op} ${string(v)}`,
      };
    case 'postgres':
      return {
        ...common,
        // A function takes at most 100 arguments (FUNC_MAX_ARGS): a long concat (the keyed hash of many cells) nests.
        concat: (parts) => nestedConcat(parts, 100),
        text: (e) => `COALESCE(CAST(${e} AS text), '')`,
        toNumber: (t) => `CASE WHEN trim(${t}) ~ ${string(NUMERIC)} THEN CAST(trim(${t}) AS double precision) END`,
        isNaN: (n) => `(${n} = CAST('NaN' AS double precision))`,
        md5: (t) => `md5(${t})`,
        length: (t) => `CAST(char_length(${t}) AS text)`,
        compareText: (t, op, v) => `${t} COLLATE "C" ${op} ${string(v)}`,
      };
    case 'clickhouse':
      return {
        ...common,
        text: (e) => `ifNull(toString(${e}), '')`,
        // ClickHouse 18.16 has neither trimBoth nor a leading '+' in toFloat64OrNull: the spaces go by a regular
        // expression (spaces only, as trim() in the other dialects) and the '+' before the cast.
        toNumber: (t) => {
          const trimmed = `replaceRegexpAll(${t}, '^ +| +$', '')`;
          return `if(match(${trimmed}, ${string(NUMERIC)}), toFloat64OrNull(replaceRegexpOne(${trimmed}, '^[+]', '')), NULL)`;
        },
        isNaN: (n) => `isNaN(${n})`,
        md5: (t) => `lower(hex(MD5(${t})))`,
        length: (t) => `toString(lengthUTF8(${t}))`,
        compareText: (t, op, v) => `${t} ${op} ${string(v)}`,
      };
    case 'spark':
      return {
        ...common,
        text: (e) => `COALESCE(CAST(${e} AS STRING), '')`,
        // regexp_extract (not RLIKE) so that the query also runs in DuckDB, which has the same function.
        toNumber: (t) =>
          `CASE WHEN regexp_extract(trim(${t}), ${string(NUMERIC)}, 0) <> '' THEN TRY_CAST(trim(${t}) AS DOUBLE) END`,
        isNaN: (n) => `isnan(${n})`,
        md5: (t) => `md5(${t})`,
        length: (t) => `CAST(char_length(${t}) AS STRING)`,
        compareText: (t, op, v) => `${t} ${op} ${string(v)}`,
      };
  }
}

/**
 * A writer for one statement. Bound: each distinct value (of one kind) gets one placeholder, numbered in the order
 * values are first written. Inline: each value is its literal.
 */
export function sqlWriter(target: SqlTarget): SqlWriter {
  if (target.values === 'inline') {
    const syntax = expressions(target.dialect, (v, kind) => sqlLiteral(target.dialect, v, kind));
    return { ...syntax, statement: (text) => ({ text, params: [] }) };
  }
  const params: SqlValue[] = [];
  const numbers = new Map<string, number>();
  const placeholder = PLACEHOLDERS[target.dialect];
  const syntax = expressions(target.dialect, (v, kind) => {
    const key = `${kind}:${typeof v}:${v}`;
    let n = numbers.get(key);
    if (n === undefined) numbers.set(key, (n = params.push(v)));
    return placeholder(n, kind);
  });
  return { ...syntax, statement: (text) => ({ text, params: [...params] }) };
}

/** The expressions of a dialect with values written inline: for printing, and for the tests of its literals. */
export function sqlSyntax(dialect: Dialect): SqlSyntax {
  return sqlWriter({ dialect, values: 'inline' });
}

/**
 * A table name as the spec writes it, `schema.table` or `table`, quoted for the dialect part by part; a name with more
 * than one dot, or an empty part, is refused.
 */
export function tableName(dialect: Dialect, name: string): string {
  const parts = name.split('.');
  if (parts.length > 2 || parts.some((p) => p === ''))
    throw new TableError(`"${name}" is not a table name: write "schema.table" or "table"`);
  return parts.map((p) => sqlIdentifier(dialect, p)).join('.');
}
