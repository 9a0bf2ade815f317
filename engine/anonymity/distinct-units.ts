import type { EquivalenceClasses } from './equivalence-classes.js';

/**
 * Class id → number of distinct privacy units among its rows. When one person has several rows (visits, transactions),
 * a class's rows do not hide each other: what protects a person is how many other people share the class. This is
 * (X,Y)-anonymity with Y the unit (Wang K, Fung BCM. Anonymizing sequential releases. KDD 2006: 414–423).
 * `unitCodes[r]` is row r's unit as a dictionary code; one pass, O(rows) expected.
 */
export function distinctUnitsPerClass(
  classes: EquivalenceClasses,
  unitCodes: ArrayLike<number>,
  unitCardinality: number,
): Int32Array {
  const units = new Int32Array(classes.classCount);
  const seen = new Set<number>();
  // classId·U + unit is below 2^53 for any table that fits in memory, so the pair is one exact number.
  for (let r = 0; r < classes.classOf.length; r++) {
    const pair = classes.classOf[r] * unitCardinality + unitCodes[r];
    if (seen.has(pair)) continue;
    seen.add(pair);
    units[classes.classOf[r]]++;
  }
  return units;
}
