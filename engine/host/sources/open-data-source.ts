/**
 * The one place that opens the source of a dataset's path: its database server for `postgres:schema.t` or
 * `clickhouse:db.t` (database-location.ts), DuckDB over any file (a Parquet file, or a CSV the engine choice of
 * open-source.ts sends to DuckDB, split with the spec's delimiter or the one privspec detects). Every reader that needs
 * a source takes an opener of this type, so that one run can lend the source it opened once (shared-source.ts) to each
 * of them instead of each opening its own.
 *
 * A run lends its source for its own asynchronous calls (`lendingSource`): within them `openDataSource` of that path
 * is the lent source, whoever calls it — the spec's data checks, the data cache, a preview's aggregate — so a command
 * that reads a spec's data (`privspec release`, `preview`, `plan`) opens it once (run-spec.ts `withSpecSource`), and
 * an editor validation running beside it, outside those calls, opens its own.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { DataSource } from '../../source/data-source.js';
import { databaseLocation, openDatabaseSource } from './database-location.js';

export interface OpenOptions {
  /** The CSV's delimiter as the spec names it; detected when absent, unused for Parquet and databases. */
  readonly delimiter?: string;
}

/** Opens the source of `path`; the caller closes it (a lent source's close does nothing: its lender closes it). */
export type OpenDataSource = (path: string, options: OpenOptions) => Promise<DataSource>;

/**
 * Opens the source of `path` afresh: its database server or DuckDB. Only a lender (shared-source.ts) calls it; every
 * reader calls `openDataSource`.
 */
export const openSourceAfresh: OpenDataSource = async (path, options = {}) => {
  const database = databaseLocation(path);
  if (database) return openDatabaseSource(database);
  // Loaded on first use, as the database clients are: a CSV read in memory never opens a source.
  const { DuckDbSource } = await import('./duckdb/duckdb-source.js');
  return DuckDbSource.open(path, options.delimiter === undefined ? {} : { delimiter: options.delimiter });
};

/** The openers lent for paths, seen only by the asynchronous calls of the run that lends them. */
const lent = new AsyncLocalStorage<ReadonlyMap<string, OpenDataSource>>();

/**
 * Runs `body` with every `openDataSource` of `path` made within its own asynchronous calls going through `open`; `open`
 * must not itself open through `openDataSource` (a lender opens with `openSourceAfresh`).
 */
export function lendingSource<T>(path: string, open: OpenDataSource, body: () => Promise<T>): Promise<T> {
  return lent.run(new Map([...(lent.getStore() ?? []), [path, open]]), body);
}

/** The one opener of a path's source: the source the current run lends for it, or a fresh one. */
export const openDataSource: OpenDataSource = (path, options = {}) =>
  (lent.getStore()?.get(path) ?? openSourceAfresh)(path, options);

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
