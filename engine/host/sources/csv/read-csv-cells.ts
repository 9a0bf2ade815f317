import { isUtf8 } from 'node:buffer';
import { CsvRecordParser, type CellBatch } from '../../../table/csv-record-parser.js';
import { selectFields } from '../../../table/parse-csv.js';
import { TableError } from '../../../table/table.js';
import { parseFileRange } from './csv-file-range.js';
import { readHeaderRecord } from './csv-header-record.js';
import { withCsvFile } from './read-csv-file.js';

export interface ReadCsvCellsOptions {
  /** One of `,` `;` tab `|` (or any ASCII character); detected from the first 64 KiB when omitted. */
  delimiter?: string;
  signal?: AbortSignal;
  /** False when the file has no header row; the columns are then named `column1`, `column2`, … */
  header?: boolean;
  /** Only these columns, in file order; the other fields are checked for structure only. */
  columns?: readonly string[];
}

/**
 * Streams a CSV file's records to `onBatch` in batches of raw cells (byte ranges, see `CellBatch`), for a reader that
 * needs each record once and no table: memory holds one chunk of the file and one batch, whatever the number of rows
 * and of distinct values (`readCsvFile` keeps a dictionary of every distinct value). The batches come in file order,
 * on this thread, with lines counted from the start of the file. Returns the columns read (the batch's fields) and the
 * number of records.
 *
 * The scanner, the delimiter detection, the header and the errors are `readCsvFile`'s: a malformed record, or a cell
 * that is not UTF-8, is the `TableError` it gives for that file, naming the file and line, and comes after the batches
 * of the records before it (so a consumer that defers its own errors to the end reports the reader's first, as a
 * table read whole would). Every cell handed over is UTF-8.
 */
export async function readCsvCells(
  path: string,
  options: ReadCsvCellsOptions,
  onBatch: (batch: CellBatch) => void,
): Promise<{ names: string[]; rows: number }> {
  return withCsvFile(path, options.signal, async (file) => {
    const head = await readHeaderRecord(file, path, options);
    const fields = selectFields(head.names, options.columns, path);
    const names = fields ? fields.map((j) => head.names[j]) : head.names;
    if (head.fieldCount === 0) return { names: [], rows: 0 };
    const parser = new CsvRecordParser({
      delimiter: head.delimiterByte,
      fieldCount: head.fieldCount,
      firstLine: head.dataLine,
      fields,
      cells: (batch) => {
        checkUtf8(batch, names, path);
        onBatch(batch);
      },
    });
    await parseFileRange(file, parser, { start: head.dataStart, end: head.size, final: true }, options.signal);
    return { names, rows: parser.rows };
  });
}

/**
 * Refuses the batch's first cell (in file order) that is not UTF-8, as `assembleTable` words it. The batch's bytes are
 * checked at once by the native validator; only when they fail are the cells checked one by one (the bytes between
 * cells are ASCII delimiters, quotes and line breaks, which split no character, but a field unescaped where it lies
 * leaves a stale tail after its end).
 */
function checkUtf8(batch: CellBatch, names: readonly string[], path: string): void {
  const last = batch.rows - 1;
  let from = Infinity;
  let to = -Infinity;
  for (let f = 0; f < batch.starts.length; f++) {
    from = Math.min(from, batch.starts[f][0]);
    to = Math.max(to, batch.ends[f][last]);
  }
  if (!(from < to) || isUtf8(batch.bytes.subarray(from, to))) return;
  for (let r = 0; r < batch.rows; r++)
    for (let f = 0; f < batch.starts.length; f++) {
      const start = batch.starts[f][r];
      const end = batch.ends[f][r];
      let ascii = true;
      for (let k = start; k < end && ascii; k++) ascii = batch.bytes[k] < 0x80;
      if (!ascii && !isUtf8(batch.bytes.subarray(start, end)))
        throw new TableError(
          `invalid UTF-8 in column '${names[f]}' (field ${f + 1}); save the file as UTF-8`,
          path,
          batch.rowLines[r],
        );
    }
}
