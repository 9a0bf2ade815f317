/**
 * The source a streamed release reads (streamed-generalize.ts, streamed-pram.ts): the database table the dataset
 * names, or DuckDB over the file — a Parquet file, or a CSV that the engine choice (`--engine`, or the size rule of
 * open-source.ts) sends to DuckDB, split with the spec's delimiter or the one privspec detects. One source serves the
 * release from its frequency tables to its last streamed row: the run's own, lent (run-spec.ts), or one opened for the
 * release and closed after its files are written.
 */
import type { DataSource } from '../../source/data-source.js';
import { duckdbSettings, DuckDbSource } from './duckdb/duckdb-source.js';
import { openDataSource, type OpenDataSource } from './open-data-source.js';
import { SqlServerSource } from './sql-server-source.js';

/**
 * Opens the source of `file` for a streamed release; a run lends its own, a test stands in a spy or a source that
 * changes.
 */
export type OpenStreamSource = OpenDataSource;

/**
 * DuckDB's memory limit while it sorts the rows for the stream (PRIVSPEC_DUCKDB_STREAM_MEMORY): lower than the 800 MB
 * its GROUP BY gets, because during the stream privspec holds the frequency table and the decision in the same
 * process, and DuckDB fills its whole limit before it spills a sort. With 800 MB a 2·10^7-row release peaked at 1.3 GB
 * resident; an external merge sort needs little memory to be correct, only to be fast.
 */
const STREAM_MEMORY = '300MB';

/**
 * DuckDB's settings for the stream or the engine's COPY: the lower memory limit, and one thread unless
 * PRIVSPEC_DUCKDB_THREADS says how many. One thread sorts: a second keeps a second run of the sort in memory beside
 * privspec's decision (the 10^8-row release peaked at 916 MB resident with one). The scale bench gives DuckDB's own
 * COPY the same settings.
 */
export function streamSettings(): { memory_limit: string; threads: string } {
  return {
    memory_limit: (process.env.PRIVSPEC_DUCKDB_STREAM_MEMORY ?? STREAM_MEMORY).replace(/'/g, ''),
    threads: process.env.PRIVSPEC_DUCKDB_THREADS ?? '1',
  };
}

/** Readies `source` for the shuffled stream after its frequency tables are read (DuckDB: the lower memory limit). */
export async function beforeStream(source: DataSource): Promise<void> {
  if (!(source instanceof DuckDbSource)) return;
  const settings = streamSettings();
  await source.query(`SET memory_limit = '${settings.memory_limit}'`);
  if (process.env.PRIVSPEC_DUCKDB_THREADS === undefined)
    await source.query(`SET threads = ${Number(settings.threads)}`);
}

/**
 * After the stream, DuckDB's settings for the run's other requests: the source is the run's one source, which the next
 * release may ask for a frequency table under the GROUP BY's memory limit.
 */
export async function afterStream(source: DataSource): Promise<void> {
  if (!(source instanceof DuckDbSource)) return;
  const settings = duckdbSettings();
  await source.query(`SET memory_limit = '${settings.memory_limit.replace(/'/g, '')}'`);
  await source.query(`SET threads = ${Number(settings.threads) || 1}`);
}

/**
 * A database table is read in one snapshot where the server has one (PostgreSQL: a REPEATABLE READ, read-only
 * transaction, held from the frequency tables to the last row, and to the end of the run when the source is the run's
 * own), so the decision and the rows see the same data. Pinning twice keeps the first snapshot.
 */
export async function pinForStream(source: DataSource): Promise<void> {
  if (source instanceof SqlServerSource) await source.pinSnapshot();
}

/**
 * Whether `source` reads one unchanging state of its data across a release's requests: a file's identity is checked
 * apart (file-snapshot.ts); a PostgreSQL table pinned in one read-only snapshot. A ClickHouse table has neither.
 */
export function readsOneSnapshot(source: DataSource): boolean {
  // Read as a property, not by the class: a source that wraps a server's (a test's spy) says it too.
  return (source as { readonly inSnapshot?: boolean }).inSnapshot === true;
}

/** The source of a streamed release opened for it alone (`privspec anonymize --out` too), pinned for the stream. */
export const openStreamSource: OpenStreamSource = async (file, options) => {
  const source = await openDataSource(file, options);
  try {
    await pinForStream(source);
  } catch (error) {
    await source.close();
    throw error;
  }
  return source;
};
