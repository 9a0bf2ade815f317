import { column, type Table } from '../table/table.js';
import type { EquivalenceClasses, Generalization } from './equivalence-classes.js';

/**
 * The generalized quasi-identifier values of one row, in `qi` order: what the row looks like in the release, and so
 * the key it shares with the rest of its class.
 */
export function rowKeyValues(
  table: Table,
  qi: readonly string[],
  row: number,
  generalization?: Generalization,
): string[] {
  return qi.map((name, i) => {
    const col = column(table, name);
    const code = col.codes[row];
    if (!generalization) return col.dictionary[code];
    const h = generalization.hierarchies[i];
    const level = generalization.levels[i];
    return h.levelValues[level][h.levelCodes[level][code]];
  });
}

/** `{age=30-39, sex=F, zip=354**}`: how warnings and reports print a class. */
export function formatClassKey(qi: readonly string[], values: readonly string[]): string {
  return `{${qi.map((name, i) => `${name}=${values[i]}`).join(', ')}}`;
}

/** The printed key of class `id`, read from its first row. */
export function classKey(
  table: Table,
  qi: readonly string[],
  classes: EquivalenceClasses,
  id: number,
  generalization?: Generalization,
): string {
  return formatClassKey(qi, rowKeyValues(table, qi, classes.firstRow[id], generalization));
}
