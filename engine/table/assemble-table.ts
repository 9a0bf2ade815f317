import { ByteDictionary } from './byte-dictionary.js';
import type { ParsedRange } from './csv-record-parser.js';
import { TableError, type Column, type Table } from './table.js';

/**
 * Joins the byte ranges of one CSV file, parsed separately (by worker threads, or one range for the whole file), into a
 * table: merges their dictionaries value by value on the raw bytes, remaps each range's codes, and decodes the distinct
 * values to strings once.
 *
 * The first range's dictionaries are adopted as they are and the later ranges' new values are appended in range order,
 * so every dictionary keeps the order of first appearance in the file, exactly as a single pass would give it.
 */
export interface RangePart {
  range: ParsedRange;
  /** Added to the range's line numbers to make them absolute. */
  lineShift: number;
}

export interface TableMeta {
  names: readonly string[];
  delimiter: string;
  source?: string;
  /** The first input error met while parsing the last part, with its absolute line. */
  error?: { message: string; line: number };
}

export function assembleTable(parts: readonly RangePart[], meta: TableMeta): Table {
  const columnCount = meta.names.length;
  let rowCount = 0;
  for (const p of parts) rowCount += p.range.rows;

  // One part (the usual case below 8 MiB) keeps its arrays: no copy, at the price of the few spare rows they were
  // allocated with. Several parts are copied into arrays of the exact size.
  const single = parts.length === 1 && parts[0].range.rowLines.length <= rowCount * 1.25 + 1024;
  const rowLines = single ? parts[0].range.rowLines.subarray(0, rowCount) : new Int32Array(rowCount);
  const dictionaries: ByteDictionary[] = [];
  const allCodes: Int32Array[] = [];
  for (let j = 0; j < columnCount; j++) {
    dictionaries.push(new ByteDictionary(parts.length > 0 ? parts[0].range.dictionaries[j] : undefined));
    allCodes.push(single ? parts[0].range.codes[j].subarray(0, rowCount) : new Int32Array(rowCount));
  }

  let rowOffset = 0;
  for (let r = 0; r < parts.length; r++) {
    const { range, lineShift } = parts[r];
    for (let j = 0; j < columnCount; j++) {
      const codes = range.codes[j].subarray(0, range.rows);
      if (r > 0) {
        const own = range.dictionaries[j];
        const remap = new Int32Array(own.size);
        const view = new DataView(own.arena.buffer, own.arena.byteOffset, own.arena.byteLength);
        for (let c = 0; c < own.size; c++)
          remap[c] = dictionaries[j].codeOfEntry(own, view, c, own.entries[4 * c + 3] + rowOffset);
        const out = allCodes[j];
        for (let k = 0; k < codes.length; k++) out[rowOffset + k] = remap[codes[k]];
      } else if (!single) allCodes[j].set(codes, rowOffset);
    }
    const lines = range.rowLines;
    for (let k = 0; k < range.rows; k++) rowLines[rowOffset + k] = lines[k] + lineShift;
    rowOffset += range.rows;
  }

  // A value that is not UTF-8 is an input error like a ragged row; report whichever comes first in the file.
  let error = meta.error;
  const columns: Column[] = [];
  for (let j = 0; j < columnCount; j++) {
    const decoded = dictionaries[j].decode();
    if ('invalid' in decoded) {
      const row = dictionaries[j].firstRow(decoded.invalid);
      const line = row < rowCount ? rowLines[row] : (meta.error?.line ?? 0);
      if (!error || line < error.line)
        error = {
          message: `invalid UTF-8 in column '${meta.names[j]}' (field ${j + 1}); save the file as UTF-8`,
          line,
        };
      continue;
    }
    columns.push({ name: meta.names[j], codes: allCodes[j], dictionary: decoded.values });
  }
  if (error) throw new TableError(error.message, meta.source, error.line);
  return { columns, rowCount, rowLines, delimiter: meta.delimiter, source: meta.source };
}
