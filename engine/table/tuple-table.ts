/** Distinct tuples of codes with their counts: what a tuple counter (tuple-counter.ts) or this table hands over. */
export interface TupleCounts {
  /** Codes per tuple. */
  readonly width: number;
  /** Distinct tuples. */
  readonly count: number;
  /** Tuple i's codes are `keys[i·width … (i+1)·width)`. */
  readonly keys: Int32Array;
  /** How many times tuple i was added, weights included. */
  readonly weights: Int32Array;
}

/**
 * Distinct tuples of any width and any codes, with their counts: the general case of `TupleCounter`, for when a tuple's
 * codes do not fit in one exact number (53 bits). An open-addressing hash table of tuple numbers, at a load factor of
 * at most 1/2, over a packed array of tuples (per tuple its count, then its codes), numbered in order of first
 * appearance.
 */
export class TupleTable {
  count = 0;
  /** Tuple number + 1 per slot (0 when empty), a power of two of them. */
  private slots: Int32Array;
  private mask: number;
  private tuples = new Int32Array(0);

  constructor(
    readonly width: number,
    expected: number,
  ) {
    let size = 64;
    while (size < 2 * expected + 2) size *= 2;
    this.slots = new Int32Array(size);
    this.mask = size - 1;
  }

  /** Adds `weight` to the tuple `tuple[from … from + width)`, first adding the tuple when it is new. */
  add(tuple: ArrayLike<number>, weight: number, from = 0): void {
    const stride = this.width + 1;
    const slot = this.find(tuple, from);
    const t = this.slots[slot] - 1;
    if (t >= 0) this.tuples[t * stride] += weight;
    else this.insert(slot, tuple, from, weight);
  }

  /** The slot holding the tuple, or the empty slot where it belongs. */
  private find(tuple: ArrayLike<number>, from: number): number {
    const width = this.width;
    const stride = width + 1;
    let h = 0x811c9dc5 | 0;
    for (let j = 0; j < width; j++) h = Math.imul(h ^ tuple[from + j], 0x01000193);
    const slots = this.slots;
    const tuples = this.tuples;
    let slot = mix(h) & this.mask;
    for (;;) {
      const t = slots[slot] - 1;
      if (t < 0) return slot;
      const at = t * stride + 1;
      let j = 0;
      while (j < width && tuples[at + j] === tuple[from + j]) j++;
      if (j === width) return slot;
      slot = (slot + 1) & this.mask;
    }
  }

  private insert(slot: number, tuple: ArrayLike<number>, from: number, weight: number): void {
    const stride = this.width + 1;
    const t = this.count++;
    if ((t + 1) * stride > this.tuples.length) {
      const tuples = new Int32Array(Math.max(2 * this.tuples.length, 2 * (t + 1) * stride));
      tuples.set(this.tuples);
      this.tuples = tuples;
    }
    this.tuples[t * stride] = weight;
    for (let j = 0; j < this.width; j++) this.tuples[t * stride + 1 + j] = tuple[from + j];
    this.slots[slot] = t + 1;
    if (2 * this.count > this.slots.length) {
      this.slots = new Int32Array(2 * this.slots.length);
      this.mask = this.slots.length - 1;
      for (let u = 0; u < this.count; u++) this.slots[this.find(this.tuples, u * stride + 1)] = u + 1;
    }
  }

  /** The tuples in order of first appearance, with their counts. */
  toCounts(): TupleCounts {
    const { width, count } = this;
    const stride = width + 1;
    const keys = new Int32Array(count * width);
    const weights = new Int32Array(count);
    for (let t = 0; t < count; t++) {
      weights[t] = this.tuples[t * stride];
      keys.set(this.tuples.subarray(t * stride + 1, (t + 1) * stride), t * width);
    }
    return { width, count, keys, weights };
  }
}

/** The finalizer of MurmurHash3: spreads FNV's weak low bits before they pick a slot. */
export function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}
