/**
 * Minimal sample uniques (MSUs): for a record, a set of key variables on whose values no other record agrees, none of
 * whose proper subsets has that property. A record with an MSU of few variables is a "special unique", easy to single
 * out from little knowledge. Only a record unique on all the key variables can have one.
 *
 * Published in: Elliot MJ, Manning AM, Ford RW. A computational algorithm for handling the special uniques problem.
 * Int J Uncertainty, Fuzziness and Knowledge-Based Systems 10(5):493–509, 2002 (SUDA); Manning AM, Haglin DJ, Keane JA.
 * A recursive search algorithm for statistical disclosure assessment. Data Min Knowl Disc 16:165–196, 2008 (SUDA2).
 *
 * SUDA2 finds the same MSUs by a recursive search over value items; this module finds them by their definition, which
 * is easier to check: it walks the subsets of at most `maxSize` variables depth first, refines each subset's partition
 * of the rows from its parent's (one pass over the rows per subset), notes for every sample unique whether it is alone
 * on that subset, and then keeps a subset S as an MSU of record r when r is alone on S but not on any S minus one
 * variable (uniqueness only grows with the set, so that suffices). The cost is rows × subsets, linear in the rows.
 */
import { column, TableError, type Table } from '../table/table.js';
import { equivalenceClasses } from '../anonymity/equivalence-classes.js';

export interface MsuSearch {
  /** Number of key variables. */
  readonly variables: number;
  readonly maxSize: number;
  /** The rows unique on all key variables, the only ones that can have MSUs. */
  readonly uniques: Int32Array;
  /** Rows in full-key classes of exactly two (sdcMicro's "duplicate pairs", which the DIS score needs). */
  readonly pairedRecords: number;
  /** Calls `visit(row, mask)` for each MSU, `mask` having bit v set when variable v (in `qi` order) is in it. */
  forEach(visit: (row: number, mask: number) => void): void;
}

/** More variables than this would make the subset index too large; SUDA is used with a handful of keys. */
export const MAX_SUDA_VARIABLES = 24;
/** The search keeps one bit per (sample unique, subset); beyond this many bits it refuses with advice. */
const MAX_BITS = 2 ** 31;
/** Parent classes × values up to this many are refined through a dense array; larger products are hashed. */
const DENSE_SLOTS = 1 << 23;

export function minimalSampleUniques(table: Table, qi: readonly string[], maxSize = qi.length): MsuSearch {
  const V = qi.length;
  if (V === 0) throw new RangeError('SUDA needs at least one key variable');
  if (V > MAX_SUDA_VARIABLES)
    throw new TableError(
      `SUDA examines every subset of the key variables; ${V} is more than the ${MAX_SUDA_VARIABLES} it accepts`,
    );
  if (!(Number.isInteger(maxSize) && maxSize >= 1))
    throw new RangeError(`the maximum MSU size must be an integer ≥ 1, got ${maxSize}`);
  const M = Math.min(maxSize, V);
  const cols = qi.map((name) => column(table, name));
  const n = table.rowCount;
  const full = equivalenceClasses(table, qi);
  const uniqueRows: number[] = [];
  let pairedRecords = 0;
  for (let r = 0; r < n; r++) {
    const size = full.sizes[full.classOf[r]];
    if (size === 1) uniqueRows.push(r);
    else if (size === 2) pairedRecords++;
  }
  const uniques = Int32Array.from(uniqueRows);

  // Index the subsets of 1..M variables; index[mask] is the subset's position, −1 for larger subsets.
  const index = new Int32Array(1 << V).fill(-1);
  const masks: number[] = [];
  for (let mask = 1; mask < 1 << V; mask++) if (popcount(mask) <= M) index[mask] = masks.push(mask) - 1;
  const words = (masks.length + 31) >>> 5;
  if (uniques.length * words * 32 > MAX_BITS) {
    throw new TableError(
      `SUDA over ${V} key variables with MSUs up to ${M} would examine ${masks.length} variable subsets for ${uniques.length} sample uniques; lower the maximum MSU size`,
    );
  }
  const alone = new Uint32Array(uniques.length * words);

  // Depth-first over subsets in increasing variable order; classOf[d] partitions the rows by the subset at depth d.
  const classOf = Array.from({ length: M + 1 }, () => new Int32Array(n));
  const classCount = new Int32Array(M + 1);
  classCount[0] = n === 0 ? 0 : 1;
  const sizes = new Int32Array(n);
  const refine = refiner(n);
  const walk = (mask: number, from: number, depth: number): void => {
    for (let v = from; v < V; v++) {
      const child = mask | (1 << v);
      const parent = classOf[depth];
      const into = classOf[depth + 1];
      const count = (classCount[depth + 1] = refine(
        parent,
        classCount[depth],
        cols[v].codes,
        cols[v].dictionary.length,
        into,
      ));
      sizes.fill(0, 0, count);
      for (let r = 0; r < n; r++) sizes[into[r]]++;
      const s = index[child];
      const word = s >>> 5;
      const bit = 1 << (s & 31);
      for (let u = 0; u < uniques.length; u++) if (sizes[into[uniques[u]]] === 1) alone[u * words + word] |= bit;
      if (depth + 1 < M) walk(child, v + 1, depth + 1);
    }
  };
  if (n > 0) walk(0, 0, 0);

  return {
    variables: V,
    maxSize: M,
    uniques,
    pairedRecords,
    forEach(visit) {
      // With a single record the empty set already singles it out, so no non-empty set is minimal.
      if (n === 1) return;
      const isAlone = (u: number, mask: number) => {
        const s = index[mask];
        return (alone[u * words + (s >>> 5)] & (1 << (s & 31))) !== 0;
      };
      for (let u = 0; u < uniques.length; u++) {
        for (let s = 0; s < masks.length; s++) {
          if ((alone[u * words + (s >>> 5)] & (1 << (s & 31))) === 0) continue;
          const mask = masks[s];
          let minimal = true;
          for (let rest = mask; rest !== 0 && minimal; rest &= rest - 1) {
            const without = mask & ~(rest & -rest);
            if (without !== 0 && isAlone(u, without)) minimal = false;
          }
          if (minimal) visit(uniques[u], mask);
        }
      }
    },
  };
}

export function popcount(x: number): number {
  let c = 0;
  for (let y = x; y !== 0; y &= y - 1) c++;
  return c;
}

/**
 * Returns a function that splits each parent class by a column's codes, writing new class ids into `into` and returning
 * their number. Small products go through a dense slot array stamped per call (nothing to clear between subsets).
 */
function refiner(n: number) {
  const slots = new Int32Array(Math.min(DENSE_SLOTS, Math.max(1, n) * 64));
  const stamp = new Int32Array(slots.length);
  let call = 0;
  return (parent: Int32Array, parentCount: number, codes: Int32Array, radix: number, into: Int32Array): number => {
    call++;
    let count = 0;
    if (parentCount * radix <= slots.length) {
      for (let r = 0; r < n; r++) {
        const key = parent[r] * radix + codes[r];
        if (stamp[key] !== call) {
          stamp[key] = call;
          slots[key] = count++;
        }
        into[r] = slots[key];
      }
      return count;
    }
    const ids = new Map<number, number>();
    for (let r = 0; r < n; r++) {
      const key = parent[r] * radix + codes[r];
      let id = ids.get(key);
      if (id === undefined) ids.set(key, (id = count++));
      into[r] = id;
    }
    return count;
  };
}
