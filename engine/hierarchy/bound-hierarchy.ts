import type { Column } from '../table/table.js';
import type { Hierarchy } from './hierarchy.js';

/**
 * A hierarchy applied to one column's dictionary: generalization becomes an array lookup on codes.
 * This is what the search and the class counters use; strings are touched only to build it and to print results.
 */
export interface BoundHierarchy {
  readonly column: string;
  readonly height: number;
  /** `levelCodes[l][code]` is the code, at level l, of the generalization of the column value with that code. */
  readonly levelCodes: readonly Int32Array[];
  /**
   * `levelValues[l][g]` is the generalized value with code g at level l. `levelValues[0]` is the column's dictionary.
   */
  readonly levelValues: readonly (readonly string[])[];
}

export interface BindResult {
  readonly bound: BoundHierarchy;
  /**
   * Column values the hierarchy does not cover, in dictionary order. They generalize to themselves below the top level
   * and to `*` at it.
   */
  readonly missing: readonly string[];
}

/** Applies `hierarchy` to `column`, reporting every column value it does not cover. */
export function bindHierarchy(hierarchy: Hierarchy, column: Column): BindResult {
  const height = hierarchy.height;
  const n = column.dictionary.length;
  const levelCodes: Int32Array[] = [];
  const levelValues: string[][] = [];
  const indexes: Map<string, number>[] = [];
  for (let l = 0; l <= height; l++) {
    levelCodes.push(new Int32Array(n));
    levelValues.push([]);
    indexes.push(new Map());
  }
  const missing: string[] = [];
  for (let code = 0; code < n; code++) {
    const value = column.dictionary[code];
    let chain = hierarchy.generalize(value);
    if (!chain) {
      missing.push(value);
      // An uncovered value still needs a place in the lattice so that the search can run and report;
      // it stays itself below the top and joins the top value at the top.
      chain = Array.from({ length: height + 1 }, (_, l) => (l === height && height > 0 ? '*' : value));
    }
    for (let l = 0; l <= height; l++) {
      // Level 0 is always the column value itself, whatever the hierarchy file says, so that codes line up.
      const g = l === 0 ? value : (chain[l] ?? chain[chain.length - 1]);
      let gc = indexes[l].get(g);
      if (gc === undefined) {
        gc = levelValues[l].length;
        indexes[l].set(g, gc);
        levelValues[l].push(g);
      }
      levelCodes[l][code] = gc;
    }
  }
  return { bound: { column: column.name, height, levelCodes, levelValues }, missing };
}
