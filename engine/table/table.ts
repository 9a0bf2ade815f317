/**
 * A columnar, dictionary-encoded table: the form every model and mechanism in the engine reads.
 *
 * Each column stores one `Int32Array` of codes (one per row) and a dictionary of the distinct values
 * in first-seen order, so `dictionary[codes[r]]` is the cell at row `r`. Memory is proportional to the
 * codes, and grouping by several columns becomes integer arithmetic on codes instead of string hashing.
 */
export interface Column {
  readonly name: string;
  /** Code of each row's value; an index into `dictionary`. */
  readonly codes: Int32Array;
  /** Distinct values in order of first appearance. */
  readonly dictionary: readonly string[];
}

export interface Table {
  readonly columns: readonly Column[];
  readonly rowCount: number;
  /**
   * 1-based source line on which each record starts, when the table was parsed from text.
   * Editors need it to put a diagnostic on the right line; a record may span several lines when quoted fields hold
   * newlines.
   */
  readonly rowLines?: Int32Array;
  /** The delimiter the table was parsed with, when it came from CSV. */
  readonly delimiter?: string;
  /** Where the table came from (a file path or a URI), for error messages. */
  readonly source?: string;
}

/** The column with this header name, or an error naming the columns that exist. */
export function column(table: Table, name: string): Column {
  const found = table.columns.find((c) => c.name === name);
  if (!found) {
    const names = table.columns.map((c) => c.name).join(', ');
    throw new TableError(`no column '${name}' in ${table.source ?? 'the table'} (columns: ${names})`);
  }
  return found;
}

export function columnIndex(table: Table, name: string): number {
  return table.columns.indexOf(column(table, name));
}

/** The cell at row `row` of column `c`. */
export function cell(c: Column, row: number): string {
  return c.dictionary[c.codes[row]];
}

/** Builds a table from rows of strings; meant for tests and small in-memory data, not for large files. */
export function tableFromRows(header: readonly string[], rows: readonly (readonly string[])[], source?: string): Table {
  const columns = header.map((name, j) => {
    const index = new Map<string, number>();
    const dictionary: string[] = [];
    const codes = new Int32Array(rows.length);
    rows.forEach((row, r) => {
      const value = row[j];
      let code = index.get(value);
      if (code === undefined) {
        code = dictionary.length;
        index.set(value, code);
        dictionary.push(value);
      }
      codes[r] = code;
    });
    return { name, codes, dictionary };
  });
  return { columns, rowCount: rows.length, source };
}

/**
 * The most columns a CSV file may have. A table keeps a dictionary and a code array per column, and every check and
 * search walks the columns, so a header of a million columns (a few megabytes of text) would take minutes and
 * gigabytes before anything useful happens. Ten thousand is far beyond any table of persons in practice (census and
 * survey microdata have hundreds) and is refused the moment the scanner counts one more, before any row is read.
 */
export const MAX_COLUMNS = 10_000;

/**
 * An error in the user's input (a malformed file, an unknown column, a bad parameter).
 * Carries the location so that the CLI can print one line and the editor can place a diagnostic.
 */
export class TableError extends Error {
  constructor(
    message: string,
    readonly file?: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(message);
    this.name = 'TableError';
  }
}
