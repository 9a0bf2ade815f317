import { DuckDbSource } from '../../engine/host/sources/duckdb/duckdb-source.js';

/**
 * Writes `csv` as a Parquet file at `parquet` with DuckDB (COPY … TO), every column as text or, for the columns in
 * `integers`, as integers: test data made at test time, never a committed binary.
 */
export async function csvToParquet(
  csv: string,
  parquet: string,
  options: { delimiter?: string; integers?: readonly string[] } = {},
): Promise<void> {
  const duck = await DuckDbSource.open(csv, options);
  try {
    const replace = options.integers?.length
      ? ` REPLACE (${options.integers.map((c) => `CAST("${c}" AS INTEGER) AS "${c}"`).join(', ')})`
      : '';
    await duck.query(
      `COPY (SELECT *${replace} FROM ${duck.relation}) TO '${parquet.replace(/'/g, "''")}' (FORMAT parquet)`,
    );
  } finally {
    await duck.close();
  }
}
