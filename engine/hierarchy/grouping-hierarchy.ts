import { TableError } from '../table/table.js';
import type { Hierarchy } from './hierarchy.js';

/** One level of an explicit grouping: each value of the level below → its group. */
export type GroupingLevel = ReadonlyMap<string, string> | Readonly<Record<string, string>>;

/**
 * Explicit groupings, written in a spec as `{ "M", "F" -> "*" }`. `levels[0]` maps original values to their level-1
 * groups; `levels[i]` maps the groups of level i to those of level i+1, so the result is a tree and every level is a
 * function of the level below by construction. A `*` level is added on top unless the last level already sends
 * everything to `*`.
 *
 * Original values that `levels[0]` does not list are not covered (validation reports them as missing). A group with no
 * parent in the next level is a mistake in the grouping itself and is rejected here, naming the group and the level.
 */
export function groupingHierarchy(levels: readonly GroupingLevel[], source = 'grouping'): Hierarchy {
  if (levels.length === 0) throw new TableError(`${source}: a grouping needs at least one level`);
  const maps = levels.map((l) => (isMapLevel(l) ? l : new Map(Object.entries(l))));
  for (let i = 1; i < maps.length; i++) {
    for (const group of new Set(maps[i - 1].values())) {
      if (!maps[i].has(group))
        throw new TableError(`${source}: group '${group}' of level ${i} has no group at level ${i + 1}`);
    }
  }
  const last = maps[maps.length - 1];
  const topped = last.size > 0 && [...last.values()].every((g) => g === '*');
  return {
    height: maps.length + (topped ? 0 : 1),
    source,
    values: [...maps[0].keys()],
    generalize(value) {
      let g = maps[0].get(value);
      if (g === undefined) return undefined;
      const chain = [value, g];
      for (let i = 1; i < maps.length; i++) {
        g = maps[i].get(g)!;
        chain.push(g);
      }
      if (!topped) chain.push('*');
      return chain;
    },
  };
}

// `instanceof Map` alone narrows a ReadonlyMap to Map<any, any>; the guard keeps its string types.
function isMapLevel(l: GroupingLevel): l is ReadonlyMap<string, string> {
  return l instanceof Map;
}
