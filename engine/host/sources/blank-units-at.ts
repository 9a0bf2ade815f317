/**
 * The rows of a dataset whose privacy unit is blank, counted where the data lies: a CSV read in memory is scanned for
 * the unit's column alone (the first blank row's line is named); a Parquet file, a large CSV DuckDB reads, or a
 * database table is asked one count — the rows of `where unit = ''` (NULL reads as '' in every dialect's text) — so no
 * unit value leaves it. The run's refusal is run/blank-units-check.ts; the language server's store asks the count too.
 */
import { blankUnitsOfTable, type BlankUnits } from '../../anonymity/blank-units.js';
import type { AggregateRequest } from '../../source/data-source.js';
import { readCsvFile } from './csv/read-csv-file.js';
import { databaseLocation } from './database-location.js';
import { openDataSource, withOpenedSource } from './open-data-source.js';
import { readsWithDuckDb, type ReadOptions } from './open-source.js';

export const BLANK_UNITS_ID = 'blank-units';

/** The one count asked of a source: its rows whose unit is blank (no groups, so the answer is one row, n ≥ 0). */
export function blankUnitsRequest(unit: string): AggregateRequest {
  return { id: BLANK_UNITS_ID, where: new Map([[unit, [{ kind: 'set', values: [''] }]]]), groupBy: [] };
}

/** How many rows of `file` have a blank `unit`, and the first one's line in a CSV read by privspec. */
export async function blankUnitsAt(file: string, unit: string, options: ReadOptions = {}): Promise<BlankUnits> {
  const database = databaseLocation(file);
  if (!database && !(await readsWithDuckDb(file, options.engine))) {
    const table = await readCsvFile(file, {
      columns: [unit],
      ...(options.delimiter === undefined ? {} : { delimiter: options.delimiter }),
    });
    return blankUnitsOfTable(table, unit);
  }
  return withOpenedSource(
    options.open ?? openDataSource,
    file,
    options.delimiter === undefined ? {} : { delimiter: options.delimiter },
    async (source) => {
      const answer = await source.aggregate(blankUnitsRequest(unit));
      return { rows: answer.groups.reduce((sum, g) => sum + g.rows, 0) };
    },
  );
}
