/**
 * Classes at some levels checked on a table's rows. The releases decide once, on a frequency table
 * (decide-generalization.ts), and write through the one row transform (microdata-row-transform.ts); this check is left
 * for the in-memory writer of `privspec anonymize --out` (with `generalized-rows.ts`), which compares its suppressed
 * rows with the decision's.
 */
import { classStats } from '../anonymity/class-stats.js';
import { equivalenceClasses, type EquivalenceClasses } from '../anonymity/equivalence-classes.js';
import type { BoundHierarchy } from '../hierarchy/bound-hierarchy.js';
import type { Table } from '../table/table.js';
import type { AnonymityDescription } from './release-description.js';

/** Classes at some levels, which of them pass every criterion, and the rows those that fail leave out. */
export interface TransformationCheck {
  readonly classes: EquivalenceClasses;
  /** 1 for a class that satisfies every criterion of the block. */
  readonly passes: Uint8Array;
  /** Rows in failing classes: what the release suppresses. */
  readonly suppressed: number;
  /** floor(S·rows), as the search counts it. */
  readonly limit: number;
  readonly satisfied: boolean;
}

/** Checks `levels` against every criterion of the block (k counted in units where the block says so). */
export function checkLevels(
  table: Table,
  quasi: readonly string[],
  bound: readonly BoundHierarchy[],
  levels: readonly number[],
  anonymity: AnonymityDescription,
): TransformationCheck {
  const classes = equivalenceClasses(table, quasi, { hierarchies: bound, levels });
  const passes = new Uint8Array(classes.classCount).fill(1);
  for (const criterion of anonymity.criteria) {
    classStats(table, classes, criterion.sensitive).forEach((s, id) => {
      if (!criterion.isSatisfied(s)) passes[id] = 0;
    });
  }
  let suppressed = 0;
  for (let id = 0; id < classes.classCount; id++) if (!passes[id]) suppressed += classes.sizes[id];
  const limit = Math.floor(anonymity.suppression * table.rowCount);
  return { classes, passes, suppressed, limit, satisfied: suppressed <= limit };
}
