import { column, type Column, type Table } from '../table/table.js';
import type { BoundHierarchy } from '../hierarchy/bound-hierarchy.js';

/**
 * The partition of a table's rows by their (generalized) quasi-identifier values: the groups within which a record
 * cannot be told apart, as in Sweeney, "k-anonymity: a model for protecting privacy" (IJUFKS 10(5), 2002).
 */
export interface EquivalenceClasses {
  readonly classCount: number;
  /** Row → class id (0..classCount-1); ids are given in the order in which each class's first row appears. */
  readonly classOf: Int32Array;
  /** Class id → number of rows. */
  readonly sizes: Int32Array;
  /** Class id → first row of the class, from which its key can be printed. */
  readonly firstRow: Int32Array;
  /**
   * Present when the entries are a frequency table's records rather than rows (`frequency-classes.ts`): entry → the
   * rows it stands for. `classOf` and `firstRow` then index records, and `sizes` still counts rows.
   */
  readonly weights?: Int32Array;
}

/** `hierarchies[i]` and `levels[i]` apply to `qi[i]`. */
export interface Generalization {
  readonly hierarchies: readonly BoundHierarchy[];
  readonly levels: readonly number[];
}

export interface GroupingOptions {
  /**
   * `auto` picks dense counting when the key space is small; `dense` and `hash` force one path (for tests and
   * benchmarks).
   */
  readonly strategy?: 'auto' | 'dense' | 'hash';
}

/** Key spaces up to this many cells are counted in a dense array (16 MB of Int32) rather than hashed. */
export const DENSE_CELLS = 1 << 22;
/** Keys stay exact in a double below 2^53; a running product beyond that is renumbered first. */
const EXACT = 2 ** 53;
/** Forced dense counting refuses key spaces larger than this (4 GB of Int32). */
const DENSE_MAX = 2 ** 30;

/**
 * Groups the rows of `table` by the quasi-identifiers `qi`, each generalized to `generalization.levels[i]` when given.
 *
 * Each row's key is a mixed-radix number: the generalized code of qi[0], times the domain size of qi[1], plus its code,
 * and so on, built column by column over typed arrays. When the product of domain sizes is small the key indexes a
 * dense counter directly; otherwise keys go through an open-addressing hash table. If the product would pass 2^53 the
 * keys so far are renumbered to class ids (at most the row count) before the next column is folded in, so keys stay
 * exact.
 */
export function equivalenceClasses(
  table: Table,
  qi: readonly string[],
  generalization?: Generalization,
  options: GroupingOptions = {},
): EquivalenceClasses {
  const n = table.rowCount;
  const strategy = options.strategy ?? 'auto';
  const keys = new Float64Array(n);
  let product = 1;
  qi.forEach((name, i) => {
    const col = column(table, name);
    const map = generalization ? levelMap(generalization, i, col) : undefined;
    const radix = map ? map.radix : col.dictionary.length;
    if (product * radix > EXACT) {
      const compact = group(keys, n, product, strategy === 'dense' ? 'auto' : strategy);
      keys.set(compact.classOf);
      product = compact.classCount;
    }
    fold(keys, n, col.codes, map?.codes, radix, i === 0);
    product *= Math.max(radix, 1);
  });
  return group(keys, n, product, strategy);
}

function levelMap(g: Generalization, i: number, col: Column): { codes: Int32Array; radix: number } {
  const h = g.hierarchies[i];
  const level = g.levels[i];
  if (!h || h.column !== col.name)
    throw new RangeError(`generalization ${i} is for '${h?.column}', not for quasi-identifier '${col.name}'`);
  if (!Number.isInteger(level) || level < 0 || level > h.height) {
    throw new RangeError(`level ${level} of '${col.name}' is outside 0..${h.height}`);
  }
  return { codes: h.levelCodes[level], radix: h.levelValues[level].length };
}

/** keys[r] = keys[r]·radix + code(r), with the code generalized through `map` when there is one. */
function fold(
  keys: Float64Array,
  n: number,
  codes: Int32Array,
  map: Int32Array | undefined,
  radix: number,
  first: boolean,
): void {
  if (first && map) for (let r = 0; r < n; r++) keys[r] = map[codes[r]];
  else if (first) for (let r = 0; r < n; r++) keys[r] = codes[r];
  else if (map) for (let r = 0; r < n; r++) keys[r] = keys[r] * radix + map[codes[r]];
  else for (let r = 0; r < n; r++) keys[r] = keys[r] * radix + codes[r];
}

function group(
  keys: Float64Array,
  n: number,
  product: number,
  strategy: 'auto' | 'dense' | 'hash',
): EquivalenceClasses {
  const dense = strategy === 'dense' || (strategy === 'auto' && product <= Math.max(DENSE_CELLS, n));
  if (dense && product > DENSE_MAX)
    throw new RangeError(`dense counting needs at most ${DENSE_MAX} cells, the key space has ${product}`);
  const bound = Math.min(n, product);
  const classOf = new Int32Array(n);
  const sizes = new Int32Array(bound);
  const firstRow = new Int32Array(bound);
  const classCount = dense
    ? countDense(keys, n, product, classOf, sizes, firstRow)
    : countHashed(keys, n, bound, classOf, sizes, firstRow);
  return { classCount, classOf, sizes: sizes.slice(0, classCount), firstRow: firstRow.slice(0, classCount) };
}

function countDense(
  keys: Float64Array,
  n: number,
  product: number,
  classOf: Int32Array,
  sizes: Int32Array,
  firstRow: Int32Array,
): number {
  // slot[key] holds the class id plus one, so that the zero-filled array means "not seen yet".
  const slot = new Int32Array(product);
  let count = 0;
  for (let r = 0; r < n; r++) {
    const k = keys[r];
    let id = slot[k] - 1;
    if (id < 0) {
      id = count++;
      slot[k] = count;
      firstRow[id] = r;
    }
    classOf[r] = id;
    sizes[id]++;
  }
  return count;
}

function hash(k: number): number {
  // Keys are exact integers below 2^53: mix the low and high 32-bit halves (murmur3's finalizer).
  let h = (k >>> 0) ^ Math.imul((k / 4294967296) >>> 0, 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
}

function countHashed(
  keys: Float64Array,
  n: number,
  bound: number,
  classOf: Int32Array,
  sizes: Int32Array,
  firstRow: Int32Array,
): number {
  // Sized for the worst case (every row its own class) up to 256K slots; larger tables grow by doubling.
  let capacity = 1024;
  while (capacity < 2 * bound && capacity < 1 << 18) capacity *= 2;
  let mask = capacity - 1;
  let tableKeys = new Float64Array(capacity);
  let tableIds = new Int32Array(capacity); // class id plus one; zero marks an empty slot
  let count = 0;
  for (let r = 0; r < n; r++) {
    const k = keys[r];
    let i = hash(k) & mask;
    let id = -1;
    for (;;) {
      const stored = tableIds[i];
      if (stored === 0) break;
      if (tableKeys[i] === k) {
        id = stored - 1;
        break;
      }
      i = (i + 1) & mask;
    }
    if (id < 0) {
      id = count++;
      tableKeys[i] = k;
      tableIds[i] = count;
      firstRow[id] = r;
      // Keep the load factor at most one half so that probe sequences stay short.
      if (count * 2 > capacity) {
        const oldKeys = tableKeys;
        const oldIds = tableIds;
        capacity *= 2;
        mask = capacity - 1;
        tableKeys = new Float64Array(capacity);
        tableIds = new Int32Array(capacity);
        for (let j = 0; j < oldIds.length; j++) {
          if (oldIds[j] === 0) continue;
          let s = hash(oldKeys[j]) & mask;
          while (tableIds[s] !== 0) s = (s + 1) & mask;
          tableKeys[s] = oldKeys[j];
          tableIds[s] = oldIds[j];
        }
      }
    }
    classOf[r] = id;
    sizes[id]++;
  }
  return count;
}
