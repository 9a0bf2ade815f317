/**
 * The one quoting function per dialect for names (columns, tables, schemas, aliases). A name is always quoted, so
 * that no name is read as a keyword or as SQL, and is written so that the server reads back exactly that name; a name
 * a dialect cannot carry is refused rather than altered, since an altered name could read another column.
 *
 * - DuckDB and PostgreSQL: double quotes, a quote inside doubled (SQL's delimited identifier; no other character is
 *   special inside one). PostgreSQL truncates a name beyond 63 bytes (NAMEDATALEN − 1) to its first 63, which could be
 *   another column's or table's name, so a longer name is refused.
 * - ClickHouse: backquotes, with a backslash before each backslash and each backquote. ClickHouse reads backslash
 *   escapes inside backquotes (18.16 as current releases), so doubling the backquote alone, with the backslash left
 *   as it is, let a name ending in a backslash end the quoted name early: "\`" written `\``` read as "`" followed by
 *   SQL (the review's reproduction, test/engine/host/sources/clickhouse/clickhouse-injection.test.ts). Every other byte
 *   (controls and non-ASCII included) stands as it is, which the fuzz test checks against the server byte by byte.
 * - Spark SQL: backquotes, a backquote inside doubled (Spark reads no escapes in backquoted names).
 * NUL ends a C string in every one of these servers (and PostgreSQL and ClickHouse names cannot hold it): refused.
 */
import { TableError } from '../../table/table.js';
import type { Dialect } from './sql-value.js';

const POSTGRES_NAME_BYTES = 63;

export function sqlIdentifier(dialect: Dialect, name: string): string {
  if (name.includes('\0'))
    throw new TableError(`the name ${JSON.stringify(name)} holds a NUL character, which no SQL server reads in a name`);
  switch (dialect) {
    case 'postgres':
      if (new TextEncoder().encode(name).length > POSTGRES_NAME_BYTES) {
        throw new TableError(
          `the name "${name}" is longer than PostgreSQL's ${POSTGRES_NAME_BYTES} bytes: PostgreSQL would read its first ${POSTGRES_NAME_BYTES} bytes, which may name something else`,
        );
      }
      return `"${name.replace(/"/g, '""')}"`;
    case 'duckdb':
      return `"${name.replace(/"/g, '""')}"`;
    case 'clickhouse':
      return `\`${name.replace(/[\\`]/g, '\\$&')}\``;
    case 'spark':
      return `\`${name.replace(/`/g, '``')}\``;
  }
}
