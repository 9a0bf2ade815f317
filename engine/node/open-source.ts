/**
 * Which engine reads a data file, and the reads every command shares. A Parquet file is always read by DuckDB. A CSV is
 * read in memory up to DUCKDB_ABOVE_BYTES and by DuckDB above it, unless `--engine duckdb|memory` says otherwise.
 *
 * Why 1 GiB: the in-memory table costs 4 bytes of codes per cell plus the dictionaries, about half the file's size on
 * Adult-like data (cells of 5 to 10 bytes), and the search and releases add working copies of the codes; above 1 GiB
 * that approaches the 1 GB this issue allows a run, while DuckDB's GROUP BY streams the file under its own memory limit
 * (800 MB by default) and hands back only the distinct records. Below it the in-memory reader is faster (no native
 * library to load: about 0.3 s) and reads every malformed line with privspec's own error.
 */
import { stat } from 'node:fs/promises';
import { TableError, type Table } from '../table/table.js';
import type { FrequencyTable } from '../table/frequency-table.js';
import { DuckDbSource, fileFormat } from './duckdb-source.js';
import { readCsvFile } from './read-csv-file.js';
import { readFrequencyTable } from './read-frequency-table.js';

export type EngineChoice = 'auto' | 'duckdb' | 'memory';

export const ENGINES: readonly EngineChoice[] = ['auto', 'duckdb', 'memory'];

export const DUCKDB_ABOVE_BYTES = 1 << 30;

export interface ReadOptions {
  readonly delimiter?: string;
  readonly engine?: EngineChoice;
  /** Only these columns (file order kept). */
  readonly columns?: readonly string[];
}

/** Whether `path` is read by DuckDB under `engine`. */
export async function readsWithDuckDb(path: string, engine: EngineChoice = 'auto'): Promise<boolean> {
  if (fileFormat(path) === 'parquet') {
    if (engine === 'memory') throw new TableError("a Parquet file is read by DuckDB: use '--engine duckdb' or 'auto'", path);
    return true;
  }
  if (engine !== 'auto') return engine === 'duckdb';
  try {
    return (await stat(path)).size > DUCKDB_ABOVE_BYTES;
  } catch {
    // The CSV reader names a missing file in its own words.
    return false;
  }
}

/** The frequency table over `columns`: DuckDB's GROUP BY, or the streamed CSV reader's. */
export async function readFrequencies(path: string, columns: readonly string[], options: ReadOptions = {}): Promise<FrequencyTable> {
  if (!(await readsWithDuckDb(path, options.engine))) return readFrequencyTable(path, columns, options.delimiter === undefined ? {} : { delimiter: options.delimiter });
  const source = await DuckDbSource.open(path, options);
  try {
    return await source.frequencyTable({ columns });
  } finally {
    await source.close();
  }
}

/**
 * The whole table, for the commands that still need rows (a microdata output, per-record scores): the CSV reader, or
 * DuckDB's rows dictionary-encoded as they stream in (the codes are held, never the rows' text).
 */
export async function readTable(path: string, options: ReadOptions = {}): Promise<Table> {
  if (!(await readsWithDuckDb(path, options.engine))) return readCsvFile(path, { ...(options.delimiter === undefined ? {} : { delimiter: options.delimiter }), ...(options.columns ? { columns: options.columns } : {}) });
  const source = await DuckDbSource.open(path, options);
  try {
    const all = await source.columns();
    for (const c of options.columns ?? []) if (!all.includes(c)) throw new TableError(`no column '${c}' in ${path} (columns: ${all.join(', ')})`, path);
    return await source.table(options.columns ? all.filter((c) => options.columns!.includes(c)) : all);
  } finally {
    await source.close();
  }
}
