/**
 * DuckDB reads a path as a glob pattern: `read_csv('dX*.parquet')` reads every file the pattern matches, so a spec
 * naming a file called `dX*.parquet` released a budget over `dX.parquet`'s rows on the ledger of another file's bytes,
 * and `privspec risk 'g*.csv' --engine duckdb` counted the rows of every `g….csv` (issue 36). DuckDB has no escape
 * for its glob characters, so the one rule, for every command that hands DuckDB a path, is that a path holding one is
 * refused: privspec identifies a dataset by the bytes of exactly one file, and reads exactly that file or nothing.
 */
import { basename } from 'node:path';
import { TableError } from '../../../table/table.js';

/** The characters DuckDB's file globbing gives a meaning to: `*` and `**`, `?`, and `[…]` classes. */
const GLOB = /[*?[\]]/;

/** Returns `path` when DuckDB would read exactly that file; otherwise a TableError naming it and the character. */
export function globFreePath(path: string): string {
  const found = GLOB.exec(path);
  if (found) {
    // The character may be in a folder's name as well as the file's; a CSV can be read without DuckDB, Parquet cannot.
    const where = basename(path).includes(found[0]) ? 'the file name' : 'the path (a folder name)';
    const instead = /\.parquet$/i.test(path) ? '' : ' or read it with --engine memory';
    throw new TableError(
      `${path}: ${where} holds '${found[0]}', which DuckDB reads as a glob pattern (it would read every file the pattern matches, not this one); rename it without * ? [ ]${instead}`,
      path,
    );
  }
  return path;
}
