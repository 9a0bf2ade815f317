import type { Cells } from './cells.js';
import type { KeyGrouper } from '../table/group-keys.js';
import type { AnonymizationProblem } from './problem.js';

/** Keys stay exact in a double below 2^53; a running product beyond that is renumbered first. */
const EXACT = 2 ** 53;

/**
 * keys[j] = the class key at `to` of source cell j, folded from its representative's codes (`records`, interleaved as
 * the roll-up keeps them) in a mixed radix of the radices at `to`: the roll-up's keys for problems whose level-0 key
 * space passes 2^53, where fixed-radix keys would not be exact. `ids` is scratch space of at least `src.count`. Returns
 * the key space (or the classes counted so far).
 */
export function foldKeys(
  problem: AnonymizationProblem,
  records: Int32Array,
  grouper: KeyGrouper,
  ids: Int32Array,
  src: Cells,
  to: readonly number[],
  keys: Float64Array,
): number {
  const n = src.count;
  const qi = problem.qi;
  const d = qi.length;
  const srcRep = src.rep;
  // The attributes that split anything at `to` (one with a single value, its top usually, does not), folded into one
  // mixed-radix key per cell in segments whose key space stays below 2^53, renumbering between segments.
  let product = 1;
  let folded = false;
  let i = 0;
  while (i < d) {
    // Back here after a segment filled the exact range: number its keys densely (at most n) before folding more.
    if (folded) {
      product = grouper.group(keys, n, ids, product);
      for (let j = 0; j < n; j++) keys[j] = ids[j];
    }
    const attrs: number[] = [];
    const maps: Int32Array[] = [];
    const radices: number[] = [];
    let segment = 1;
    for (; i < d; i++) {
      const radix = qi[i].hierarchy.levelValues[to[i]].length;
      if (radix <= 1) continue;
      if (attrs.length > 0 && product * segment * radix > EXACT) break;
      attrs.push(i);
      maps.push(qi[i].hierarchy.levelCodes[to[i]]);
      radices.push(radix);
      segment *= radix;
    }
    if (attrs.length === 0) break;
    foldSegment(keys, n, srcRep, records, d, attrs, maps, radices, folded);
    folded = true;
    product *= segment;
  }
  if (!folded) keys.fill(0, 0, n);
  return product;
}

/**
 * keys[j] = (keys[j] when `continued`, else 0) · Π radices + the mixed-radix number of cell j's representative's codes
 * of `attrs`, each mapped from level 0 through `maps`.
 */
function foldSegment(
  keys: Float64Array,
  n: number,
  rep: Int32Array,
  records: Int32Array,
  d: number,
  attrs: number[],
  maps: Int32Array[],
  radices: number[],
  continued: boolean,
): void {
  for (let s = 0; s < attrs.length; s++) {
    const a = attrs[s];
    const map = maps[s];
    const radix = radices[s];
    if (s === 0 && !continued) for (let j = 0; j < n; j++) keys[j] = map[records[rep[j] * d + a]];
    else for (let j = 0; j < n; j++) keys[j] = keys[j] * radix + map[records[rep[j] * d + a]];
  }
}
