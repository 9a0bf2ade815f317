/**
 * DuckDB reads a path as a glob pattern: `read_csv('dX*.parquet')` reads every file the pattern matches, so a spec
 * naming a file called `dX*.parquet` released a budget over `dX.parquet`'s rows on the ledger of another file's bytes,
 * and `privspec risk 'g*.csv' --engine duckdb` counted the rows of every `g….csv` (issue 36). DuckDB has no escape
 * for its glob characters, so the one rule, for every command that hands DuckDB a path, is that a path holding one is
 * refused: privspec identifies a dataset by the bytes of exactly one file, and reads exactly that file or nothing.
 */
import { TableError } from '../../../table/table.js';

/** The characters DuckDB's file globbing gives a meaning to: `*` and `**`, `?`, and `[…]` classes. */
const GLOB = /[*?[\]]/;

/** Returns `path` when DuckDB would read exactly that file; otherwise a TableError naming it and the character. */
export function globFreePath(path: string): string {
  const found = GLOB.exec(path);
  if (found)
    throw new TableError(
      `${path}: the file name holds '${found[0]}', which DuckDB reads as a glob pattern (it would read every file the pattern matches, not this one); rename the file without * ? [ ] or read it with --engine memory`,
      path,
    );
  return path;
}
