import type { FrequencyTable } from '../table/frequency-table.js';
import type { Table } from '../table/table.js';
import {
  equivalenceClasses,
  type EquivalenceClasses,
  type Generalization,
  type GroupingOptions,
} from './equivalence-classes.js';

/**
 * A frequency table's records as the rows of a table: the same column names and dictionaries, one "row" per record.
 * Anything that reads a table's codes by entry (the grouping below, `classStats`, a unit's codes) reads the records so;
 * what counts rows reads the classes' `weights` as well.
 */
export function frequencyTableView(table: FrequencyTable): Table {
  return {
    columns: table.columns.map((c, j) => ({ name: c.name, dictionary: c.dictionary, codes: table.codes[j] })),
    rowCount: table.count,
    source: table.source,
  };
}

/**
 * The equivalence classes of a frequency table's records over `qi` (generalized when given): the classes of its rows,
 * computed from the records. Class ids come in order of each class's first record, which for a table built in order of
 * first occurrence (`frequencyTableOf`) is the order of its first row, so the ids equal those of `equivalenceClasses`
 * on the rows; `sizes` are the rows of each class (Σ weights), `classOf` and `firstRow` index records.
 */
export function frequencyClasses(
  table: FrequencyTable,
  qi: readonly string[],
  generalization?: Generalization,
  options: GroupingOptions = {},
): EquivalenceClasses {
  const byRecord = equivalenceClasses(frequencyTableView(table), qi, generalization, options);
  const sizes = new Int32Array(byRecord.classCount);
  const { classOf } = byRecord;
  const weights = table.weights;
  for (let t = 0; t < classOf.length; t++) sizes[classOf[t]] += weights[t];
  return { ...byRecord, sizes, weights };
}
