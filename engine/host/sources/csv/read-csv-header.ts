import { parseFileRange } from './csv-file-range.js';
import { withCsvFile } from './read-csv-file.js';
import { CsvRecordParser } from '../../../table/csv-record-parser.js';
import { detectDelimiter } from '../../../table/detect-delimiter.js';
import { bomLength, delimiterByte, headerNames } from '../../../table/parse-csv.js';
import { TableError } from '../../../table/table.js';

/**
 * The header of a CSV file, read by the same parser and delimiter detection as the file itself (a header record may
 * be quoted and span lines): what a command that reads only a frequency table of some columns still needs to name the
 * columns it leaves out. Reads the first record only.
 */
export async function readCsvHeader(path: string, delimiter?: string): Promise<string[]> {
  return withCsvFile(path, undefined, async (file) => {
    const stat = await file.stat();
    if (stat.isDirectory()) throw new TableError('cannot read a directory as CSV', path);
    const sample = new Uint8Array(Math.min(stat.size, 1 << 16));
    await file.read(sample, 0, sample.length, 0);
    const bom = bomLength(sample);
    const d = delimiterByte(delimiter ?? detectDelimiter(new TextDecoder().decode(sample.subarray(bom))), path);
    const parser = new CsvRecordParser({ delimiter: d, fieldCount: -1, firstLine: 1, maxRecords: 1, expectedRows: 1 });
    await parseFileRange(file, parser, { start: bom, end: stat.size, final: true });
    return parser.result().dictionaries.length === 0 ? [] : headerNames(parser.result(), path);
  });
}
