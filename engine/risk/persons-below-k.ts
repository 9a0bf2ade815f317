/**
 * Who a k-anonymity check finds below k. Without a privacy unit, the rows of the classes with fewer than k rows
 * (Sweeney, IJUFKS 10(5), 2002). With a unit, a class's size is its distinct persons ((X,Y)-anonymity with Y the unit,
 * Wang & Fung, KDD 2006), and what is at risk is a person, not a row or a (person, class) pair: a person with rows in two
 * small classes is one person below k, counted once. `privspec risk --unit`, the editor's risk report and the hover all
 * count with this function, so they cannot disagree.
 */
import type { EquivalenceClasses } from '../anonymity/equivalence-classes.js';
import type { Column } from '../table/table.js';
import type { KViolations } from './prosecutor-risk.js';

/**
 * `sizes[id]` is what decides class id against k: its rows, or (with `unit`) its distinct units. `records` counts rows
 * without a unit and distinct units with one; `classes` counts the classes below k either way.
 */
export function belowK(classes: EquivalenceClasses, sizes: ArrayLike<number>, k: number, unit?: Column): KViolations {
  if (!(Number.isInteger(k) && k >= 1)) throw new RangeError(`k must be an integer ≥ 1, got ${k}`);
  let failing = 0;
  for (let id = 0; id < classes.classCount; id++) if (sizes[id] < k) failing++;
  let records = 0;
  if (unit) {
    const seen = new Uint8Array(unit.dictionary.length);
    for (let r = 0; r < classes.classOf.length; r++) {
      if (sizes[classes.classOf[r]] >= k) continue;
      const p = unit.codes[r];
      if (seen[p] === 0) {
        seen[p] = 1;
        records++;
      }
    }
  } else {
    for (let id = 0; id < classes.classCount; id++) if (sizes[id] < k) records += classes.sizes[id];
  }
  return { k, records, classes: failing };
}
