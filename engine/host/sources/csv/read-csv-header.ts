import { readHeaderRecord } from './csv-header-record.js';
import { withCsvFile } from './read-csv-file.js';

/**
 * The header of a CSV file, read by the same parser and delimiter detection as the file itself (a header record may
 * be quoted and span lines): what a command that reads only a frequency table of some columns still needs to name the
 * columns it leaves out. Reads the first record only.
 */
export async function readCsvHeader(path: string, delimiter?: string): Promise<string[]> {
  return withCsvFile(path, undefined, async (file) => (await readHeaderRecord(file, path, { delimiter })).names);
}
