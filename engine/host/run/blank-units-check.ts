/**
 * The refusal of data whose privacy unit has blank cells (engine/anonymity/blank-units.ts says why), wherever the data
 * lies. A CSV read in memory is scanned for the unit's column alone (the first blank row's line is named). A Parquet
 * file, a large CSV DuckDB reads, or a database table is asked one count — the rows of `where unit = ''` (NULL reads
 * as '' in every dialect's text) — so no unit value leaves it; that request is sent before any release's aggregate.
 */
import { blankUnitsMessage, blankUnitsOfTable } from '../../anonymity/blank-units.js';
import type { Table } from '../../table/table.js';
import { readTable } from '../sources/open-source.js';
import type { OpenDataSource } from '../sources/open-data-source.js';
import { answerFile } from '../sources/read-aggregates.js';
import { TableError } from '../../table/table.js';
import { writesRows } from '../../release/release-aggregates.js';
import { BLANK_UNITS_ID, blankUnitsAt } from '../sources/blank-units-at.js';
export { BLANK_UNITS_ID, blankUnitsAt, blankUnitsRequest } from '../sources/blank-units-at.js';
import { RunRefused } from './release-validation.js';
import type { RunInput } from '../../release/run-input.js';

/**
 * The refusal for answers brought from a warehouse (`privspec release --aggregates DIR`): the plan asks the same count
 * (aggregate-plan.ts), and its answer DIR/blank-units.csv or .parquet — the column n and one row — must be there and 0.
 */
export async function refuseBlankUnitsInAnswers(dir: string, input: RunInput): Promise<void> {
  const unit = input.dataset.unit;
  if (unit === undefined || input.releases.every(writesRows)) return;
  const file = answerFile(dir, BLANK_UNITS_ID);
  if (file === undefined)
    throw new RunRefused(
      `no answer ${BLANK_UNITS_ID}.csv or .parquet among the aggregates: the plan counts the rows whose unit '${unit}' is blank (run 'privspec plan' for the queries)`,
    );
  const table = await readTable(file, { delimiter: ',' });
  const cells =
    table.columns.length === 1 && table.columns[0].name === 'n' && table.rowCount === 1
      ? table.columns[0].dictionary[table.columns[0].codes[0]].trim()
      : undefined;
  if (cells === undefined || !/^\d+(\.0*)?$/.test(cells))
    throw new TableError(
      `expected the column n and one row (the count of the plan's query), a whole number of rows`,
      file,
    );
  const rows = Number(cells);
  if (rows > 0) throw new RunRefused(blankUnitsMessage(input.dataset.file, unit, { rows }));
}

/**
 * Refuses the run, before anything is spent, when the dataset declares a unit and any row's unit is blank. `table` is
 * the table the run holds; when it holds no rows (every release streams, or the dataset is a database table) the data
 * is asked at its source, through `open` (the run's one source, lent). Answers brought with `--aggregates` hold no unit
 * to look at: that run is not checked here.
 */
export async function refuseBlankUnits(
  input: RunInput,
  table: Table,
  aggregates: boolean,
  open?: OpenDataSource,
): Promise<void> {
  const unit = input.dataset.unit;
  if (unit === undefined || aggregates) return;
  const held = table.rowCount > 0 && table.columns.some((c) => c.name === unit);
  const blank = held
    ? blankUnitsOfTable(table, unit)
    : await blankUnitsAt(input.dataset.file, unit, {
        ...(input.dataset.delimiter === undefined ? {} : { delimiter: input.dataset.delimiter }),
        ...(input.engine ? { engine: input.engine } : {}),
        ...(open ? { open } : {}),
      });
  if (blank.rows > 0) throw new RunRefused(blankUnitsMessage(input.dataset.file, unit, blank));
}

/** The same refusal asked of the source alone: for a database table, before any release's aggregate is requested. */
export async function refuseBlankUnitsAtSource(input: RunInput, open?: OpenDataSource): Promise<void> {
  await refuseBlankUnits(input, { columns: [], rowCount: 0 }, false, open);
}
