/**
 * The levels a spec pins, as a generalization: what "the data at the pinned levels" means for `privspec check`'s
 * k-anonymity diagnostic, the editor's CSV diagnostics, the risk report's "before" and the dataset hover.
 */
import { bindHierarchy, type BoundHierarchy } from '../hierarchy/bound-hierarchy.js';
import type { Hierarchy } from '../hierarchy/hierarchy.js';
import { column, type Column, type Table } from '../table/table.js';
import type { Generalization } from './equivalence-classes.js';

/** Level 0 only: a column without a pin still takes part in a generalization, unchanged. */
export function identityHierarchy(col: Column): BoundHierarchy {
  const codes = new Int32Array(col.dictionary.length);
  for (let i = 0; i < codes.length; i++) codes[i] = i;
  return { column: col.name, height: 0, levelCodes: [codes], levelValues: [col.dictionary] };
}

/**
 * The levels the spec pins, as a generalization of the quasi-identifiers (unpinned ones and those without a hierarchy
 * at level 0), or undefined when every level is 0: the data "as it stands" in `privspec check`'s words. A pin above a
 * hierarchy's height is clamped to it, so that a stale spec cannot break the figures (the validator reports it).
 */
export function pinnedGeneralization(
  table: Table,
  qi: readonly string[],
  hierarchies: ReadonlyMap<string, Hierarchy>,
  pins: ReadonlyMap<string, number> | undefined,
): Generalization | undefined {
  if (!pins || !qi.some((q) => (pins.get(q) ?? 0) > 0 && hierarchies.has(q))) return undefined;
  const bound = qi.map((q) => {
    const h = hierarchies.get(q);
    return h && (pins.get(q) ?? 0) > 0 ? bindHierarchy(h, column(table, q)).bound : identityHierarchy(column(table, q));
  });
  return { hierarchies: bound, levels: qi.map((q, i) => Math.min(pins.get(q) ?? 0, bound[i].height)) };
}
