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
import { TableError, type Table } from '../../table/table.js';
import type { FrequencyTable } from '../../table/frequency-table.js';
import { fileFormat } from './file-format.js';
import { databaseLocation } from './database-location.js';
import { openDataSource, withOpenedSource, type OpenDataSource } from './open-data-source.js';
import type { DataSource } from '../../source/data-source.js';
import { readCsvFile } from './csv/read-csv-file.js';
import { readFrequencyTable } from './csv/read-frequency-table.js';

import type { EngineChoice } from '../../source/engine-choice.js';

export type { EngineChoice };

export const ENGINES: readonly EngineChoice[] = ['auto', 'duckdb', 'memory'];

export const DUCKDB_ABOVE_BYTES = 1 << 30;

export interface ReadOptions {
  readonly delimiter?: string;
  readonly engine?: EngineChoice;
  /** Only these columns (file order kept). */
  readonly columns?: readonly string[];
  /** Opens the source when the data is read at it: a run lends its one source (shared-source.ts). */
  readonly open?: OpenDataSource;
}

/** Runs `body` on the source of `path`: the one lent by `options.open`, or one opened for it and closed after. */
function atSource<T>(path: string, options: ReadOptions, body: (source: DataSource) => Promise<T>): Promise<T> {
  return withOpenedSource(
    options.open ?? openDataSource,
    path,
    options.delimiter === undefined ? {} : { delimiter: options.delimiter },
    body,
  );
}

/** Whether `path` is read by DuckDB under `engine`. */
export async function readsWithDuckDb(path: string, engine: EngineChoice = 'auto'): Promise<boolean> {
  if (fileFormat(path) === 'parquet') {
    if (engine === 'memory')
      throw new TableError("a Parquet file is read by DuckDB: use '--engine duckdb' or 'auto'", path);
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

/** Whether a search or a risk report on `path` reads only aggregates where the data lies (a database, or DuckDB). */
export async function readsAtSource(path: string, engine: EngineChoice = 'auto'): Promise<boolean> {
  return databaseLocation(path) !== undefined || (await readsWithDuckDb(path, engine));
}

/** The column names of a database table or of a file DuckDB reads, as a table without rows. */
export async function columnsOnly(path: string, options: ReadOptions = {}): Promise<Table> {
  return atSource(path, options, async (s) => ({
    columns: (await s.columns()).map((name) => ({ name, dictionary: [], codes: new Int32Array(0) })),
    rowCount: 0,
    source: path,
  }));
}

/** The frequency table over `columns`: DuckDB's GROUP BY, or the streamed CSV reader's. */
export async function readFrequencies(
  path: string,
  columns: readonly string[],
  options: ReadOptions = {},
): Promise<FrequencyTable> {
  if (databaseLocation(path) === undefined && !(await readsWithDuckDb(path, options.engine)))
    return readFrequencyTable(path, columns, options.delimiter === undefined ? {} : { delimiter: options.delimiter });
  return atSource(path, options, (source) => source.frequencyTable({ columns }));
}

/**
 * The whole table, for the commands that still need rows (a microdata output, per-record scores): the CSV reader, or
 * DuckDB's rows dictionary-encoded as they stream in (the codes are held, never the rows' text).
 */
export async function readTable(path: string, options: ReadOptions = {}): Promise<Table> {
  if (databaseLocation(path) === undefined && !(await readsWithDuckDb(path, options.engine)))
    return readCsvFile(path, {
      ...(options.delimiter === undefined ? {} : { delimiter: options.delimiter }),
      ...(options.columns ? { columns: options.columns } : {}),
    });
  // DuckDB's source is loaded here, not at the top: a CSV read in memory never needs it.
  const { DuckDbSource } = await import('./duckdb/duckdb-source.js');
  return atSource(path, options, async (source) => {
    // DuckDB's chunks are dictionary-encoded as they arrive (duckdb-chunks.ts); a database's rows as below.
    if (!(source instanceof DuckDbSource)) return tableOfSource(source, path, options);
    const duck = source;
    const all = await duck.columns();
    for (const c of options.columns ?? [])
      if (!all.includes(c)) throw new TableError(`no column '${c}' in ${path} (columns: ${all.join(', ')})`, path);
    return await duck.table(options.columns ? all.filter((c) => options.columns!.includes(c)) : all);
  });
}

/** A database source's rows, dictionary-encoded as they stream in (the codes are held, never the rows' text). */
async function tableOfSource(source: DataSource, path: string, options: ReadOptions): Promise<Table> {
  const all = await source.columns();
  const names = options.columns ? all.filter((c) => options.columns!.includes(c)) : all;
  for (const c of options.columns ?? [])
    if (!all.includes(c)) throw new TableError(`no column '${c}' in ${path} (columns: ${all.join(', ')})`, path);
  const dicts = names.map(() => ({ index: new Map<string, number>(), values: [] as string[] }));
  const codes = names.map(() => [] as number[]);
  for await (const batch of source.rows(names)) {
    for (const row of batch.rows) {
      for (let j = 0; j < names.length; j++) {
        const d = dicts[j];
        let code = d.index.get(row[j]);
        if (code === undefined) d.index.set(row[j], (code = d.values.push(row[j]) - 1));
        codes[j].push(code);
      }
    }
  }
  const rowCount = codes[0]?.length ?? 0;
  return {
    columns: names.map((name, j) => ({ name, dictionary: dicts[j].values, codes: Int32Array.from(codes[j]) })),
    rowCount,
    source: path,
  };
}
