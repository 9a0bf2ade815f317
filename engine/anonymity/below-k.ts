/**
 * Who is below k, counted once for every screen: the classes with fewer than k members (rows, or distinct privacy units
 * when the data names one — (X,Y)-anonymity with Y the unit, Wang & Fung, KDD 2006), the rows in them, and the persons
 * with at least one row in them. A person with rows in two small classes is one person below k (and two (unit, class)
 * pairs, which is what `kViolations.records` of `privspec risk --unit` counts). `privspec check`, `privspec risk` and
 * the risk report read this one function.
 */
import { distinctUnitsPerClass } from './distinct-units.js';
import type { EquivalenceClasses } from './equivalence-classes.js';

export interface BelowK {
  readonly k: number;
  /** Classes with fewer than k members. */
  readonly classes: number;
  /** Rows in those classes. */
  readonly rows: number;
  /** Distinct persons with a row in those classes (rows, without a unit). */
  readonly persons: number;
}

export function belowK(
  classes: EquivalenceClasses,
  k: number,
  unit?: { readonly codes: ArrayLike<number>; readonly cardinality: number },
): BelowK {
  if (!(Number.isInteger(k) && k >= 1)) throw new RangeError(`k must be an integer ≥ 1, got ${k}`);
  const members = unit ? distinctUnitsPerClass(classes, unit.codes, unit.cardinality) : classes.sizes;
  let small = 0;
  for (let id = 0; id < classes.classCount; id++) if (members[id] < k) small++;
  let rows = 0;
  const persons = new Set<number>();
  // Entries are rows, or a frequency table's records standing for `weights[r]` rows each.
  const weights = classes.weights;
  for (let r = 0; r < classes.classOf.length; r++) {
    if (members[classes.classOf[r]] >= k) continue;
    rows += weights ? weights[r] : 1;
    if (unit) persons.add(unit.codes[r]);
  }
  return { k, classes: small, rows, persons: unit ? persons.size : rows };
}
