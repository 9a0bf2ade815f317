/**
 * The SQL dialects privspec writes, and the values it binds: the names every SQL module shares (dialect.ts,
 * sql-names.ts, sql-literals.ts).
 */
export type Dialect = 'duckdb' | 'postgres' | 'clickhouse' | 'spark';

export const DIALECTS: readonly Dialect[] = ['duckdb', 'postgres', 'clickhouse', 'spark'];

/** A value bound to a placeholder: text, or a number (a double, or a count for `integer`). */
export type SqlValue = string | number;
