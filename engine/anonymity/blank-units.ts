/**
 * Rows whose privacy unit is blank (an empty cell; NULL in a database, which every source reads as ''). A blank is no
 * person: counted as one unit, every blank row would be taken for one person's — k in units would count them as one
 * (hiding nobody, but silently), and contribution bounding would keep a few of them and drop the rest as that one
 * person's excess, so a release would quietly lose rows of people it cannot tell apart. Counted as a unit each, they
 * would be people the data cannot name, whose rows of one person could then be taken for several. Neither is what the
 * spec says, so every command that reads a unit refuses such data with one message: the file, how many rows, and the
 * line of the first in a CSV. This file counts them; the commands and the runner say so
 * (engine/host/run/blank-units-check.ts).
 */
import type { FrequencyTable } from '../table/frequency-table.js';
import { column, type Table } from '../table/table.js';
import { plural, pluralWord } from '../core/plural.js';

export interface BlankUnits {
  /** Rows whose unit is blank. */
  readonly rows: number;
  /** The first such row's line in its file, when the rows have lines (a CSV read by privspec). */
  readonly line?: number;
}

/** The blank units of `table`'s column `unit`, with the first one's line when the table knows its lines. */
export function blankUnitsOfTable(table: Table, unit: string): BlankUnits {
  const c = column(table, unit);
  const blank = c.dictionary.indexOf('');
  if (blank < 0) return { rows: 0 };
  let rows = 0;
  let first = -1;
  for (let r = 0; r < table.rowCount; r++) {
    if (c.codes[r] !== blank) continue;
    if (first < 0) first = r;
    rows++;
  }
  if (rows === 0) return { rows };
  const line = table.rowLines?.[first];
  return line === undefined ? { rows } : { rows, line };
}

/** The rows of a frequency table whose unit is blank: the weights of its records with a blank unit. */
export function blankUnitsOfFrequencies(table: FrequencyTable, unit: string): number {
  const j = table.columns.findIndex((c) => c.name === unit);
  if (j < 0) return 0;
  const blank = table.columns[j].dictionary.indexOf('');
  if (blank < 0) return 0;
  let rows = 0;
  for (let t = 0; t < table.count; t++) if (table.codes[j][t] === blank) rows += table.weights[t];
  return rows;
}

/** The one message: which data, how many rows, the first one's line, and what to do. */
export function blankUnitsMessage(source: string, unit: string, blank: BlankUnits): string {
  const rows = `${plural(blank.rows, 'row')} ${pluralWord(blank.rows, 'has', 'have')}`;
  const first = blank.line === undefined ? '' : ` (the first on line ${blank.line})`;
  return `${source}: ${rows} a blank unit '${unit}'${first}; a blank is no person, so k in units and contribution bounding cannot count them: fill in the unit or leave those rows out`;
}
