import { assembleTable } from './assemble-table.js';
import { CsvRecordParser, type ParsedRange } from './csv-record-parser.js';
import { ByteDictionary } from './byte-dictionary.js';
import { detectDelimiter } from './detect-delimiter.js';
import { TableError, type Table } from './table.js';

/**
 * Parses CSV text into a table (RFC 4180; see `csv-record-parser.ts` for the exact rules). Browser-safe: the editor
 * uses it for unsaved documents and tests use it everywhere. The text is encoded to UTF-8 once and goes through the
 * same byte scanner as files read from disk, so both give identical tables and line numbers.
 *
 * The delimiter is detected among `,` `;` tab `|` when not given. With `header: false` the columns are named
 * `column1`, `column2`, …
 */
export function parseCsv(
  text: string,
  options: { delimiter?: string; source?: string; header?: boolean; columns?: readonly string[] } = {},
): Table {
  const bytes = new TextEncoder().encode(text);
  const delimiter = options.delimiter ?? detectDelimiter(text.slice(0, 65536));
  return parseCsvBytes(bytes, { ...options, delimiter });
}

/** The same for UTF-8 bytes, e.g. a file read whole. */
export function parseCsvBytes(
  bytes: Uint8Array,
  options: { delimiter?: string; source?: string; header?: boolean; columns?: readonly string[] } = {},
): Table {
  const source = options.source;
  const delimiter = options.delimiter ?? detectDelimiter(new TextDecoder().decode(bytes.subarray(0, 65536)));
  const d = delimiterByte(delimiter, source);
  const input = bytes.subarray(bomLength(bytes));
  try {
    const head = new CsvRecordParser(
      { delimiter: d, fieldCount: -1, firstLine: 1, maxRecords: 1, expectedRows: 1 },
      input,
    );
    head.parse(true);
    const header = options.header !== false;
    const fieldCount = head.result().dictionaries.length;
    const all = header
      ? headerNames(head.result(), source)
      : Array.from({ length: fieldCount }, (_, j) => `column${j + 1}`);
    const fields = selectFields(all, options.columns, source);
    const names = fields ? fields.map((j) => all[j]) : all;
    const data = header ? input.subarray(head.start) : input;
    const firstLine = header ? head.line : 1;
    const expectedRows = Math.min(1 << 16, data.length >> 4);
    const parser = new CsvRecordParser({ delimiter: d, fieldCount, firstLine, expectedRows, fields }, data);
    let error: { message: string; line: number } | undefined;
    try {
      parser.parse(true);
    } catch (e) {
      // Kept until the values before it are checked for invalid UTF-8, which may come earlier in the file.
      if (!(e instanceof TableError)) throw e;
      error = { message: e.message, line: e.line ?? parser.line };
    }
    const range = parser.result();
    return assembleTable([{ range, lineShift: 0 }], { names, delimiter, source, error });
  } catch (e) {
    throw withSource(e, source);
  }
}

/** The delimiter as one ASCII byte, or an error saying which delimiters work. */
export function delimiterByte(delimiter: string, source?: string): number {
  const code = delimiter.length === 1 ? delimiter.charCodeAt(0) : -1;
  if (code < 0 || code > 0x7f || delimiter === '"' || delimiter === '\n' || delimiter === '\r') {
    throw new TableError(
      `unsupported delimiter ${JSON.stringify(delimiter)}: use one ASCII character other than a quote or line break, e.g. ',' ';' '|' or a tab`,
      source,
    );
  }
  return code;
}

/** 3 when the bytes start with a UTF-8 byte-order mark, which is not part of the first header name. */
export function bomLength(bytes: Uint8Array): number {
  return bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
}

/** The header names from a parser that read just the header record (one value per column). */
export function headerNames(range: ParsedRange, source?: string): string[] {
  const line = range.rowLines[0];
  const names = range.dictionaries.map((state, j) => {
    const decoded = new ByteDictionary(state).decode();
    if ('invalid' in decoded)
      throw new TableError(`invalid UTF-8 in the header (column ${j + 1}); save the file as UTF-8`, source, line);
    return decoded.values[0];
  });
  // Two columns with one name would make every lookup by name (quasi-identifiers, `--columns`, a spec) silently take
  // the first of them, so the second one's data would never be read, or a hierarchy would apply to the wrong column.
  const seen = new Map<string, number>();
  names.forEach((name, j) => {
    const first = seen.get(name);
    if (first !== undefined) {
      throw new TableError(
        `duplicate column name '${name}' in the header: columns ${first + 1} and ${j + 1}; rename one of them`,
        source,
        line,
        j + 1,
      );
    }
    seen.set(name, j);
  });
  return names;
}

/**
 * The indices of the columns named in `columns`, in file order, or undefined for all of them. An unknown name is an
 * error listing the names that exist.
 */
export function selectFields(
  names: readonly string[],
  columns: readonly string[] | undefined,
  source?: string,
): number[] | undefined {
  if (!columns) return undefined;
  const missing = columns.filter((c) => !names.includes(c));
  if (missing.length > 0) {
    throw new TableError(
      `no column ${missing.map((c) => `'${c}'`).join(', ')} in ${source ?? 'the table'} (columns: ${names.join(', ')})`,
      source,
      1,
    );
  }
  return names.map((_, j) => j).filter((j) => columns.includes(names[j]));
}

/** A TableError thrown by the scanner carries no file name; add it. */
export function withSource(e: unknown, source?: string): unknown {
  if (e instanceof TableError && e.file === undefined && source !== undefined)
    return new TableError(e.message, source, e.line, e.column);
  return e;
}
