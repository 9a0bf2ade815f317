import type { FileHandle } from 'node:fs/promises';
import { assembleFrequencyTable } from '../../../table/assemble-frequency-table.js';
import type { FrequencyTable } from '../../../table/frequency-table.js';
import { readRanges, withCsvFile, type ReadCsvOptions } from './read-csv-file.js';

/**
 * Reads the distinct records of a CSV file over `columns`, with how many rows hold each: what `privspec risk` and the
 * anonymity search need, in memory that grows with the distinct records rather than the rows. It streams the file in
 * one pass, over byte ranges on worker threads for big files (as `readCsvFile` does), each range counting its own
 * distinct records, merged at the end. Only `columns` are decoded; the other fields are checked for structure only.
 *
 * The result is the one grouping `readCsvFile(path, { columns })` by all its columns gives: the same columns in file
 * order, the same dictionaries, the distinct records in order of first appearance, and the same `TableError` for the
 * same malformed input (naming the file and line).
 */
export async function readFrequencyTable(
  path: string,
  columns: readonly string[],
  options: Omit<ReadCsvOptions, 'columns'> = {},
): Promise<FrequencyTable> {
  return withCsvFile(path, options.signal, (file) => readOpen(file, path, columns, options));
}

async function readOpen(
  file: FileHandle,
  path: string,
  columns: readonly string[],
  options: ReadCsvOptions,
): Promise<FrequencyTable> {
  const read = await readRanges(file, path, { ...options, columns }, true);
  const table = assembleFrequencyTable(read.parts, {
    names: read.names,
    source: path,
    error: read.error,
    stoppedAt: read.stoppedAt,
  });
  options.onProgress?.(1);
  return table;
}
