// Writes a CSV as a Parquet file with DuckDB (the repository's @duckdb/node-api), every column as text: the Parquet
// dataset of the e2e's columnar.privspec, made at test time, never committed.
import { DuckDBInstance } from '@duckdb/node-api';

const [csv, parquet] = process.argv.slice(2);
const quote = (s) => `'${s.replace(/'/g, "''")}'`;
const instance = await DuckDBInstance.create(':memory:');
const connection = await instance.connect();
await connection.run(`COPY (SELECT * FROM read_csv(${quote(csv)}, header = true, all_varchar = true)) TO ${quote(parquet)} (FORMAT parquet)`);
connection.closeSync?.();
instance.closeSync?.();
