/**
 * The one place that opens the source of a dataset's path: its database server for `postgres:schema.t` or
 * `clickhouse:db.t` (database-location.ts), DuckDB over any file (a Parquet file, or a CSV the engine choice of
 * open-source.ts sends to DuckDB, split with the spec's delimiter or the one privspec detects). Every reader that needs
 * a source takes an opener of this type, so that one run can lend the source it opened once (shared-source.ts) to each
 * of them instead of each opening its own.
 */
import type { DataSource } from '../../source/data-source.js';
import { databaseLocation, openDatabaseSource } from './database-location.js';
import { DuckDbSource } from './duckdb/duckdb-source.js';

export interface OpenOptions {
  /** The CSV's delimiter as the spec names it; detected when absent, unused for Parquet and databases. */
  readonly delimiter?: string;
}

/** Opens the source of `path`; the caller closes it (a lent source's close does nothing: its lender closes it). */
export type OpenDataSource = (path: string, options: OpenOptions) => Promise<DataSource>;

export const openDataSource: OpenDataSource = async (path, options = {}) => {
  const database = databaseLocation(path);
  if (database) return openDatabaseSource(database);
  return DuckDbSource.open(path, options.delimiter === undefined ? {} : { delimiter: options.delimiter });
};

/**
 * `source` as a borrower sees it: every request goes to the source itself, and close does nothing, because the lender
 * closes it when the run ends. The view inherits from the source, so `instanceof` and the source's own methods (a
 * DuckDB setting, a database snapshot) still reach it.
 */
export function lentSource<S extends DataSource>(source: S): S {
  return Object.create(source, { close: { value: () => Promise.resolve() } }) as S;
}

/** Runs `body` on a source of `path` from `open`, and closes it after (a lent one stays open for its lender). */
export async function withOpenedSource<T>(
  open: OpenDataSource,
  path: string,
  options: OpenOptions,
  body: (source: DataSource) => Promise<T>,
): Promise<T> {
  const source = await open(path, options);
  try {
    return await body(source);
  } finally {
    await source.close();
  }
}
