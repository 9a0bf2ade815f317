import type { EquivalenceClasses } from './equivalence-classes.js';
import { plural } from '../core/plural.js';

/**
 * Where a table falls short of k-anonymity (Sweeney, "k-anonymity: a model for protecting privacy", IJUFKS 10(5),
 * 2002): the classes with fewer than k rows and how many rows they hold.
 */
export interface KAnonymityViolations {
  readonly k: number;
  /** Rows in classes smaller than k. */
  readonly records: number;
  /** Number of classes smaller than k. */
  readonly classes: number;
  /** Ids of the classes smaller than k, in increasing order. */
  readonly violatingClassIds: Int32Array;
}

/**
 * `units`, when given, is what a class's size means for the model: its distinct privacy units (`distinct-units.ts`);
 * `records` still counts rows.
 */
export function kAnonymityViolations(
  classes: EquivalenceClasses,
  k: number,
  units?: ArrayLike<number>,
): KAnonymityViolations {
  const { classCount, sizes } = classes;
  const decides = units ?? sizes;
  let count = 0;
  let records = 0;
  for (let id = 0; id < classCount; id++) {
    if (decides[id] < k) {
      count++;
      records += sizes[id];
    }
  }
  const violatingClassIds = new Int32Array(count);
  for (let id = 0, j = 0; id < classCount; id++) if (decides[id] < k) violatingClassIds[j++] = id;
  return { k, records, classes: count, violatingClassIds };
}

/** The rows (in increasing order) that belong to a class smaller than k: where the editor puts its warnings. */
export function kViolatingRows(classes: EquivalenceClasses, k: number): Int32Array {
  const { classOf, sizes } = classes;
  let count = 0;
  for (let r = 0; r < classOf.length; r++) if (sizes[classOf[r]] < k) count++;
  const rows = new Int32Array(count);
  for (let r = 0, j = 0; r < classOf.length; r++) if (sizes[classOf[r]] < k) rows[j++] = r;
  return rows;
}

/** `class {age=34, sex=F, zip=81931} has 2 rows, below k=5`; the caller prefixes the row it is attached to. */
export function kViolationMessage(key: string, size: number, k: number): string {
  return `class ${key} has ${plural(size, 'row')}, below k=${k}`;
}
