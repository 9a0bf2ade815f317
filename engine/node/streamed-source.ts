/**
 * The source a streamed release reads (streamed-generalize.ts, streamed-pram.ts): the database table the dataset
 * names, or DuckDB over the file — a Parquet file, or a CSV that the engine choice (`--engine`, or the size rule of
 * open-source.ts) sends to DuckDB, split with the spec's delimiter or the one privspec detects. One source serves the
 * release from its frequency tables to its last streamed row, and is closed after the files are written.
 */
import type { DataSource } from '../source/data-source.js';
import { databaseLocation, openDatabaseSource } from './database-location.js';
import { DuckDbSource } from './duckdb-source.js';

/** Opens the source of `file` for a streamed release; a test stands in its own (a spy, a source that changes). */
export type OpenStreamSource = (file: string, options: { delimiter?: string }) => Promise<DataSource>;

export const openStreamSource: OpenStreamSource = async (file, options) => {
  const database = databaseLocation(file);
  if (database) return openDatabaseSource(database);
  return DuckDbSource.open(file, options.delimiter === undefined ? {} : { delimiter: options.delimiter });
};
