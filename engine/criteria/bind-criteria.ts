import type { Hierarchy } from '../hierarchy/hierarchy.js';
import type { WeightedColumn } from '../table/frequency-table-of.js';
import type { Criterion } from './criterion.js';
import { UnboundTCloseness } from './unbound-t-closeness.js';

/**
 * A spec's criteria bound to the data: every model that needs the data to be built (t-closeness reads the sensitive
 * column's overall distribution) is built from `columnOf(name)`, the others are kept as they are. This is the one place
 * where that happens; the search's problem (engine/search/problem.ts), the requirement checks of the risk report and
 * the editor's data checks all call it, so the model that decides a release is the one that checks the data.
 *
 * `hierarchyOf(name)` gives the hierarchy the spec declares for a column, if any (the hierarchical ground distance).
 * Throws `TableError` when a column or a needed hierarchy is missing.
 */
export function bindCriteria(
  criteria: readonly Criterion[],
  columnOf: (name: string) => WeightedColumn,
  hierarchyOf: (name: string) => Hierarchy | undefined = () => undefined,
): Criterion[] {
  return criteria.map((c) =>
    c instanceof UnboundTCloseness ? c.bind(columnOf(c.sensitive), hierarchyOf(c.sensitive)) : c,
  );
}
