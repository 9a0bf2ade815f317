import type { ClassStats, Criterion } from '../criteria/criterion.js';
import type { Table } from '../table/table.js';
import { classStats } from './class-stats.js';
import type { EquivalenceClasses } from './equivalence-classes.js';

/** Which classes fail a criterion (ℓ-diversity, or any other) and how many rows they hold. */
export interface CriterionReport {
  readonly criterion: string;
  /** Number of failing classes. */
  readonly classes: number;
  /** Rows in failing classes. */
  readonly records: number;
  /** Ids of the failing classes, in increasing order. */
  readonly failingClassIds: Int32Array;
}

/** Checks `criterion` on every class given its stats (from `classStats`). */
export function criterionReport(criterion: Criterion, stats: readonly ClassStats[]): CriterionReport {
  const failing: number[] = [];
  let records = 0;
  stats.forEach((s, id) => {
    if (!criterion.isSatisfied(s)) {
      failing.push(id);
      records += s.size;
    }
  });
  return { criterion: criterion.name, classes: failing.length, records, failingClassIds: Int32Array.from(failing) };
}

/**
 * The ℓ-diversity (or other sensitive-attribute) report of a table's classes: computes the class stats, then checks.
 */
export function lDiversityReport(table: Table, classes: EquivalenceClasses, criterion: Criterion): CriterionReport {
  return criterionReport(criterion, classStats(table, classes, criterion.sensitive));
}
