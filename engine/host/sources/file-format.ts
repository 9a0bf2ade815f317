/**
 * A data file's format, by its name: a Parquet file is always read by DuckDB, a CSV in memory or by DuckDB
 * (open-source.ts). Its own file, so that deciding which reader a file needs does not load DuckDB's source.
 */
export type FileFormat = 'csv' | 'parquet';

export function fileFormat(path: string): FileFormat {
  return /\.parquet$/i.test(path) ? 'parquet' : 'csv';
}
