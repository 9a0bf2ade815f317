import {
  makeProblem,
  problemColumns,
  problemOf,
  type AnonymizationProblem,
  type ProblemSpec,
} from '../../engine/search/problem.js';
import { rowFrequencyTable } from '../../engine/table/frequency-table-of.js';
import type { Table } from '../../engine/table/table.js';

/**
 * The two ways a search reads the data: `frequencies`, the table's distinct records with their row counts (what every
 * command runs on), and `rows`, every row a record of weight 1 (the per-row form the search ran on before frequency
 * tables). Golden figures must come out of both.
 */
export type DataPath = 'rows' | 'frequencies';
export const DATA_PATHS: readonly DataPath[] = ['frequencies', 'rows'];

/** The problem on `table` by one data path. */
export function problemByPath(table: Table, spec: ProblemSpec, path: DataPath): AnonymizationProblem {
  return path === 'rows' ? problemOf(rowFrequencyTable(table, problemColumns(spec)), spec) : makeProblem(table, spec);
}
