import { readCsvFile } from '../../engine/node/read-csv-file.js';
import type { Table } from '../../engine/table/table.js';

/**
 * Reads a whole CSV file into a table with the engine's streaming reader; input errors are `TableError`s naming the
 * file and line, which the checker turns into one diagnostic on the dataset's file name.
 */
export function readCsvTable(path: string, delimiter: string): Promise<Table> {
  return readCsvFile(path, { delimiter });
}
