import { readFile } from 'node:fs/promises';
import { tableFromRows, type Table } from '../../engine/table/table.js';
import { splitRecord } from './csv-store.js';

/**
 * Reads a whole CSV file into a table.
 * TEMPORARY: a plain reader until the engine's streaming `readCsvFile` lands; it does not handle newlines in quotes.
 */
export async function readCsvTable(path: string, delimiter: string): Promise<Table> {
  const text = (await readFile(path, 'utf8')).replace(/^\uFEFF/, '');
  const lines = text.split(/\r?\n/).filter((l) => l !== '');
  const [header, ...rows] = lines.map((l) => splitRecord(l, delimiter));
  return tableFromRows(header ?? [], rows, path);
}
