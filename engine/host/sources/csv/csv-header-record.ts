import type { FileHandle } from 'node:fs/promises';
import { CsvRecordParser } from '../../../table/csv-record-parser.js';
import { detectDelimiter } from '../../../table/detect-delimiter.js';
import { bomLength, delimiterByte, headerNames } from '../../../table/parse-csv.js';
import { TableError } from '../../../table/table.js';
import { parseFileRange } from './csv-file-range.js';

const SAMPLE_BYTES = 1 << 16;

/** What the first record of an open CSV file fixes for the records after it. */
export interface HeaderRecord {
  /** The file's size in bytes. */
  size: number;
  /** The delimiter as given or detected, and as the scanner's byte. */
  delimiter: string;
  delimiterByte: number;
  /** Fields per record (0 for a file without records). */
  fieldCount: number;
  /** The column names: the header's, or `column1`, `column2`, … without a header. */
  names: string[];
  /** Where the data starts: its byte offset and line. */
  dataStart: number;
  dataLine: number;
}

/**
 * Reads the first record of an open CSV file, after its byte-order mark, with the delimiter given or detected from the
 * first 64 KiB: every reader of a file (to a table, a frequency table, raw cells, or just its header) starts here, so
 * they agree on the delimiter, the names and the lines. With `header` false the first record is data.
 */
export async function readHeaderRecord(
  file: FileHandle,
  path: string,
  options: { delimiter?: string; header?: boolean } = {},
): Promise<HeaderRecord> {
  const stat = await file.stat();
  if (stat.isDirectory()) throw new TableError('cannot read a directory as CSV', path);
  const size = stat.size;
  const sample = new Uint8Array(Math.min(size, SAMPLE_BYTES));
  await file.read(sample, 0, sample.length, 0);
  const bom = bomLength(sample);
  const delimiter = options.delimiter ?? detectDelimiter(new TextDecoder().decode(sample.subarray(bom)));
  const d = delimiterByte(delimiter, path);

  // The first record fixes the number of fields; with a header it also gives the names and is not data.
  const first = new CsvRecordParser({ delimiter: d, fieldCount: -1, firstLine: 1, maxRecords: 1, expectedRows: 1 });
  const afterFirst = await parseFileRange(file, first, { start: bom, end: size, final: true });
  const header = options.header !== false;
  const fieldCount = first.result().dictionaries.length;
  const names =
    fieldCount === 0
      ? []
      : header
        ? headerNames(first.result(), path)
        : Array.from({ length: fieldCount }, (_, j) => `column${j + 1}`);
  return {
    size,
    delimiter,
    delimiterByte: d,
    fieldCount,
    names,
    dataStart: header ? afterFirst : bom,
    dataLine: header ? first.line : 1,
  };
}
