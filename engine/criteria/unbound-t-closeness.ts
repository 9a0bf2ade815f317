import { bindHierarchy } from '../hierarchy/bound-hierarchy.js';
import type { Hierarchy } from '../hierarchy/hierarchy.js';
import type { WeightedColumn } from '../table/frequency-table-of.js';
import { TableError } from '../table/table.js';
import type { Criterion } from './criterion.js';
import { EqualDistanceTCloseness, HierarchicalDistanceTCloseness, OrderedDistanceTCloseness } from './t-closeness.js';

/** The ground distances of Li, Li & Venkatasubramanian (ICDE 2007) that a spec may name. */
export type TDistance = 'equal' | 'ordered' | 'hierarchical';

/**
 * t-closeness as a spec states it, before the data is read. The model compares every class with the sensitive
 * column's distribution over all rows, which only the data holds, so this form names the column, t and the ground
 * distance, and `bindCriteria` (bind-criteria.ts) turns it into the model where a frequency table or a table is at
 * hand. Its flags and name are those of the bound model, so the search's plan and the reports read the same either way.
 */
export class UnboundTCloseness implements Criterion {
  readonly monotonic = true;
  readonly monotonicWithSuppression = false;
  readonly minClassSize = 1;
  readonly name: string;

  constructor(
    readonly sensitive: string,
    readonly t: number,
    readonly distance: TDistance = 'equal',
  ) {
    if (!(t > 0 && t <= 1)) throw new TableError(`t-closeness: t must be a number in (0, 1], got ${t}`);
    this.name = `${t}-closeness (${distance} distance) on ${sensitive}`;
  }

  isSatisfied(): boolean {
    // A class checked against no overall distribution would pass or fail by accident; binding is not optional.
    throw new Error(`${this.name} must be bound to the data (bindCriteria) before a class is checked`);
  }

  /**
   * The model on `column` (its codes weighted by the records' rows when it comes from a frequency table); `hierarchy`
   * is the column's declared hierarchy, which the hierarchical distance needs and the others ignore.
   */
  bind(column: WeightedColumn, hierarchy: Hierarchy | undefined): Criterion {
    if (this.distance === 'equal') return new EqualDistanceTCloseness(column, this.t);
    if (this.distance === 'ordered') return new OrderedDistanceTCloseness(column, this.t);
    if (!hierarchy)
      throw new TableError(
        `t-closeness with the hierarchical distance on '${this.sensitive}' needs a hierarchy for '${this.sensitive}'`,
      );
    const { bound, missing } = bindHierarchy(hierarchy, column);
    if (missing.length > 0)
      throw new TableError(`the hierarchy for '${column.name}' does not cover '${missing[0]}'`, hierarchy.source);
    return new HierarchicalDistanceTCloseness(column, this.t, bound);
  }
}
