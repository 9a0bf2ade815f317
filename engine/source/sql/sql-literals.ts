/**
 * The one literal encoder per dialect: a value written into the text of a query. privspec writes literals only where
 * a value cannot travel as a bound parameter: the SQL `privspec plan` prints for a user to run elsewhere, and the
 * queries sent to ClickHouse 18.16 (Debian's), which has no query parameters. Each encoder writes a literal that the
 * dialect reads back as exactly the value, whatever the server's settings:
 *
 * - PostgreSQL: a text without a backslash in standard quotes, a quote doubled — read alike whether
 *   `standard_conforming_strings` is on or off; a text with a backslash as an escape string E'…', backslashes and
 *   quotes doubled, which reads the same under both settings too (with the setting off, a backslash in '…' escapes
 *   the character after it, and a value ending in \' ended its literal early).
 * - DuckDB: standard quotes, a quote doubled (DuckDB reads no backslash escapes in '…').
 * - ClickHouse: quotes with backslash escapes, which ClickHouse always reads: \\ and \' for the backslash and the
 *   quote, and \xHH for each control character (U+0000–U+001F, U+007F), so that no byte of the text is a raw control
 *   character; checked byte by byte against 18.16 (test/engine/host/sources/clickhouse/clickhouse-injection.test.ts).
 * - Spark SQL: quotes with backslash escapes for the backslash and the quote.
 *
 * NUL cannot be held by a PostgreSQL text and ends a C string in DuckDB's parser: refused there. Numbers are finite
 * doubles written by JavaScript's shortest round-trip form (`String(x)`), which every dialect reads as that double.
 */
import type { Dialect, SqlValue } from './sql-value.js';

/** What a value is to the query: text, a double, or a count. */
export type SqlValueKind = 'text' | 'float' | 'integer';

// eslint-disable-next-line no-control-regex -- control characters are exactly what this pattern finds, to escape them
const CONTROL = /[\u0000-\u001f\u007f]/g;

const hexEscape = (c: string) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`;

function textLiteral(dialect: Dialect, v: string): string {
  switch (dialect) {
    case 'postgres':
      if (v.includes('\0')) throw new Error('a PostgreSQL text cannot hold a NUL character');
      return v.includes('\\') ? `E'${v.replace(/[\\']/g, '$&$&')}'` : `'${v.replace(/'/g, "''")}'`;
    case 'duckdb':
      if (v.includes('\0')) throw new Error('a DuckDB literal cannot hold a NUL character');
      return `'${v.replace(/'/g, "''")}'`;
    case 'clickhouse':
      return `'${v.replace(/[\\']/g, '\\$&').replace(CONTROL, hexEscape)}'`;
    case 'spark':
      return `'${v.replace(/[\\']/g, '\\$&')}'`;
  }
}

function numberLiteral(dialect: Dialect, x: number): string {
  // Exponent notation is valid in all four dialects and keeps every double exact (String() round-trips).
  const text = String(x);
  if (dialect === 'postgres') return `CAST(${text} AS double precision)`;
  if (dialect === 'clickhouse') return `toFloat64(${text})`;
  return text;
}

export function sqlLiteral(dialect: Dialect, value: SqlValue, kind: SqlValueKind): string {
  if (kind === 'text') return textLiteral(dialect, String(value));
  if (typeof value !== 'number') throw new Error(`a SQL ${kind} must be a number`);
  return kind === 'float' ? numberLiteral(dialect, value) : String(value);
}
