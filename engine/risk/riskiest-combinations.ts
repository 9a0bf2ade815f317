/**
 * The quasi-identifier subsets an attacker would try first: every non-empty subset (or, beyond 6 quasi-identifiers,
 * those of at most 3), ranked by the records (with a unit, the persons) that are unique on it, then by fewer columns,
 * then by more classes. Top 10. The same class sizes as the headline figures: distinct units with a unit, rows without.
 */
import { distinctUnitsPerClass } from '../anonymity/distinct-units.js';
import { equivalenceClasses, type Generalization } from '../anonymity/equivalence-classes.js';
import type { Column, Table } from '../table/table.js';

/** Subsets of at most this many quasi-identifiers are ranked when there are more than 6. */
const MAX_SUBSET = 3;

export interface QuasiCombination {
  readonly columns: readonly string[];
  readonly sampleUniques: number;
  readonly classes: number;
}

export function riskiestCombinations(
  table: Table,
  qi: readonly string[],
  generalization?: Generalization,
  unit?: Column,
): QuasiCombination[] {
  const limit = qi.length > 6 ? MAX_SUBSET : qi.length;
  const results: QuasiCombination[] = [];
  for (let mask = 1; mask < 1 << qi.length; mask++) {
    const columns = qi.filter((_, i) => mask & (1 << i));
    if (columns.length > limit) continue;
    const indexes = qi.flatMap((_, i) => (mask & (1 << i) ? [i] : []));
    const sub = generalization && {
      hierarchies: indexes.map((i) => generalization.hierarchies[i]),
      levels: indexes.map((i) => generalization.levels[i]),
    };
    const classes = equivalenceClasses(table, columns, sub);
    // With a unit, unique means one person in the class, however many rows they have (as the headline counts).
    const sizes = unit ? distinctUnitsPerClass(classes, unit.codes, unit.dictionary.length) : classes.sizes;
    let uniques = 0;
    for (let id = 0; id < classes.classCount; id++) if (sizes[id] === 1) uniques++;
    results.push({ columns, sampleUniques: uniques, classes: classes.classCount });
  }
  return results
    .sort((a, b) => b.sampleUniques - a.sampleUniques || a.columns.length - b.columns.length || b.classes - a.classes)
    .slice(0, 10);
}
