import type { BoundHierarchy } from './bound-hierarchy.js';

/**
 * A bound hierarchy moved onto another dictionary of the same column: the decision binds its hierarchies to the
 * frequency table in its canonical order (sorted dictionaries: canonical-frequency-table.ts), and a caller that
 * generalizes a table's own codes needs them bound to the table's dictionary. The generalized values and their codes
 * are the bound hierarchy's own, so classes and values agree with the decision; only level 0 is the new dictionary.
 * A value the bound hierarchy does not list (a dictionary entry no row holds) generalizes to the first value of
 * each level, and is never read.
 */
export function rebindHierarchy(bound: BoundHierarchy, dictionary: readonly string[]): BoundHierarchy {
  const own = bound.levelValues[0];
  if (own === dictionary) return bound;
  const index = new Map(own.map((v, code) => [v, code]));
  const from = Int32Array.from(dictionary, (v) => index.get(v) ?? -1);
  return {
    column: bound.column,
    height: bound.height,
    levelCodes: bound.levelCodes.map((codes, l) =>
      l === 0 ? Int32Array.from(dictionary.keys()) : Int32Array.from(from, (c) => (c < 0 ? 0 : codes[c])),
    ),
    levelValues: bound.levelValues.map((values, l) => (l === 0 ? dictionary : values)),
  };
}
