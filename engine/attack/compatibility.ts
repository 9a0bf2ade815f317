/**
 * Which original values a released value can stand for, per attribute. A linkage attacker (Sweeney, "k-anonymity: a
 * model for protecting privacy", 2002) links a released record to every identified record whose quasi-identifiers it
 * could have come from; this module decides that for one attribute:
 *
 * - the same value, or `*` (suppressed), matches;
 * - a generalized value matches the original values it covers through the attribute's hierarchy (any level);
 * - a Mondrian range `[lo, hi]` (LeFevre, DeWitt, Ramakrishnan 2006) matches the numbers within it, an ARX interval
 *   `[lo, hi[` the numbers from lo up to but excluding hi, and a value set `{a, b}` its members.
 *
 * The answer for a released value is the list of candidate dictionary codes it covers, built through indexes (value →
 * code, generalized value → codes, sorted numbers), so the work is linear in the two dictionaries, never their product.
 */
import type { Hierarchy } from '../hierarchy/hierarchy.js';

/** The candidate codes a released value covers; `'all'` for a suppressed value. */
export type Covered = Int32Array | 'all';

export interface CompatibilityIndex {
  /** The candidate dictionary codes covered by this released value. */
  covered(released: string): Covered;
}

const RANGE = /^\[\s*([^,\s]+)\s*,\s*([^,\s]+)\s*([\][])$/;

/** An index over one attribute's candidate dictionary, with the hierarchy the release used for it, if any. */
export function compatibilityIndex(candidateValues: readonly string[], hierarchy?: Hierarchy): CompatibilityIndex {
  const byValue = new Map<string, number[]>();
  const add = (key: string, code: number) => {
    const list = byValue.get(key);
    if (list) {
      if (list[list.length - 1] !== code) list.push(code);
    } else byValue.set(key, [code]);
  };
  candidateValues.forEach((v, code) => {
    add(v, code);
    // Every generalization of the candidate's value stands for it: the release may have used any level.
    for (const g of hierarchy?.generalize(v)?.slice(1) ?? []) add(g, code);
  });
  const numbers = candidateValues
    .map((v, code) => ({ x: v.trim() === '' ? NaN : Number(v), code }))
    .filter((e) => Number.isFinite(e.x))
    .sort((a, b) => a.x - b.x);
  const xs = Float64Array.from(numbers, (e) => e.x);
  const memo = new Map<string, Covered>();

  function compute(released: string): Covered {
    if (released === '*') return 'all';
    const found = new Set<number>(byValue.get(released) ?? []);
    const range = RANGE.exec(released);
    if (range) {
      const lo = Number(range[1]);
      const hi = Number(range[2]);
      if (Number.isFinite(lo) && Number.isFinite(hi)) {
        const closed = range[3] === ']';
        for (let i = lowerBound(xs, lo); i < xs.length && (closed ? xs[i] <= hi : xs[i] < hi); i++)
          found.add(numbers[i].code);
      }
    } else if (released.startsWith('{') && released.endsWith('}')) {
      // Mondrian writes a value set as `{a, b}`; members are looked up exactly.
      for (const member of released.slice(1, -1).split(', ')) for (const c of byValue.get(member) ?? []) found.add(c);
    }
    return Int32Array.from([...found].sort((a, b) => a - b));
  }

  return {
    covered(released) {
      let c = memo.get(released);
      if (c === undefined) {
        c = compute(released);
        memo.set(released, c);
      }
      return c;
    },
  };
}

/** The first index whose value is at least x. */
function lowerBound(xs: Float64Array, x: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (xs[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
