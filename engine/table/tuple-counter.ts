/**
 * Counts distinct tuples of integer codes: the core of a frequency table (see `frequency-table.ts`). The CSV reader adds
 * every record's tuple, so the memory it takes grows with the distinct tuples, never with the rows.
 *
 * Tuples are numbered in order of first appearance, and a tuple added with a weight adds that weight to its count, so
 * merging the counters of consecutive byte ranges of a file, in file order, gives exactly what one pass over the whole
 * file gives. `toCounts` hands the result over as typed arrays, which a worker thread can transfer.
 *
 * While the codes fit in `DENSE_BITS` bits side by side (age × sex × a thousand postcodes takes 18), a tuple's bits index
 * a dense array of counts: one memory access per row, in an array that often stays in cache, as `equivalenceClasses`
 * counts small key spaces. Beyond that, an open-addressing hash table of tuple numbers over a packed array of tuples.
 */
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

/** The most bits the dense array is indexed by: 4 Mi cells, 16 MiB. */
const DENSE_BITS = 22;

export class TupleCounter {
  readonly width: number;
  count = 0;
  /** Dense mode: the count of each cell, and the cells in order of first appearance. Undefined in hash mode. */
  private dense: Int32Array | undefined = new Int32Array(1);
  private cells = new Int32Array(1024);
  /** Dense mode: the bits each position takes; the first position takes the highest bits. */
  private bits: number[];
  /** Hash mode: tuple number + 1 per slot (0 when empty), a power of two of them. */
  private slots = new Int32Array(0);
  private mask = 0;
  /** Hash mode: per tuple, its count and then its codes. */
  private tuples = new Int32Array(0);

  constructor(width: number) {
    this.width = width;
    this.bits = new Array<number>(width).fill(0);
  }

  /** Adds `weight` to the tuple `tuple[0 … width)`, first adding the tuple when it is new. */
  add(tuple: ArrayLike<number>, weight = 1): void {
    if (this.dense) {
      this.widen(tuple);
      if (this.dense) {
        let key = 0;
        for (let j = 0; j < this.width; j++) key = key * 2 ** this.bits[j] + tuple[j];
        this.addCell(key, weight);
        return;
      }
    }
    const stride = this.width + 1;
    const slot = this.find(tuple, 0, stride);
    const t = this.slots[slot] - 1;
    if (t >= 0) this.tuples[t * stride] += weight;
    else this.insert(slot, tuple, 0, weight);
  }

  /**
   * Adds rows `0 … rows)` of `columns` (one code array per tuple position), each with weight 1. One loop over a batch of
   * rows runs several times faster than one call per row.
   */
  addRows(columns: readonly Int32Array[], rows: number): void {
    const width = this.width;
    if (this.dense) {
      this.widen(columns.map((c) => {
        let m = 0;
        for (let r = 0; r < rows; r++) if (c[r] > m) m = c[r];
        return m;
      }));
    }
    const dense = this.dense;
    if (dense) {
      const shifts = this.bits.map((_, j) => this.bits.slice(j + 1).reduce((a, b) => a + b, 0));
      if (this.cells.length < this.count + rows) {
        const cells = new Int32Array(Math.max(this.cells.length * 2, this.count + rows));
        cells.set(this.cells);
        this.cells = cells;
      }
      const cells = this.cells;
      let count = this.count;
      // Unrolled for up to four positions (a missing one reads a column of zeros): two to three times faster.
      const zero = new Int32Array(width <= 4 ? rows : 0);
      const [c0, c1, c2, c3] = [0, 1, 2, 3].map((j) => (j < width ? columns[j] : zero));
      const [s0, s1, s2, s3] = [0, 1, 2, 3].map((j) => (j < width ? shifts[j] : 0));
      for (let r = 0; r < rows; r++) {
        let key: number;
        if (width <= 4) key = (c0[r] << s0) | (c1[r] << s1) | (c2[r] << s2) | (c3[r] << s3);
        else {
          key = 0;
          for (let j = 0; j < width; j++) key |= columns[j][r] << shifts[j];
        }
        if (dense[key]++ === 0) cells[count++] = key;
      }
      this.count = count;
      return;
    }
    const tuple = new Int32Array(width);
    for (let r = 0; r < rows; r++) {
      for (let j = 0; j < width; j++) tuple[j] = columns[j][r];
      this.add(tuple);
    }
  }

  private addCell(key: number, weight: number): void {
    const dense = this.dense!;
    if (dense[key] === 0) {
      if (this.count === this.cells.length) {
        const cells = new Int32Array(this.cells.length * 2);
        cells.set(this.cells);
        this.cells = cells;
      }
      this.cells[this.count++] = key;
    }
    dense[key] += weight;
  }

  /** Makes the dense array wide enough for codes up to `max[j]` at position j, or moves the counts to the hash table. */
  private widen(max: ArrayLike<number>): void {
    const bits = this.bits.map((b, j) => Math.max(b, 32 - Math.clz32(max[j])));
    if (bits.every((b, j) => b === this.bits[j])) return;
    const { keys, weights, count } = this.toCounts();
    this.count = 0;
    if (bits.reduce((a, b) => a + b, 0) > DENSE_BITS) {
      this.dense = undefined;
      this.grow(Math.max(1024, 2 * count));
    } else {
      this.bits = bits;
      this.dense = new Int32Array(2 ** bits.reduce((a, b) => a + b, 0));
      this.cells = new Int32Array(Math.max(1024, count));
    }
    for (let t = 0; t < count; t++) this.add(keys.subarray(t * this.width, (t + 1) * this.width), weights[t]);
  }

  /** The slot holding `tuple`, or the empty slot where it belongs. */
  private find(tuple: ArrayLike<number>, from: number, stride: number): number {
    const width = this.width;
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
      const tuples = new Int32Array(Math.max(1024, 2 * (t + 1)) * stride);
      tuples.set(this.tuples);
      this.tuples = tuples;
    }
    this.tuples[t * stride] = weight;
    for (let j = 0; j < this.width; j++) this.tuples[t * stride + 1 + j] = tuple[from + j];
    this.slots[slot] = t + 1;
    // A load factor of at most 1/2 keeps probe sequences short.
    if (2 * this.count > this.slots.length) this.grow(2 * this.slots.length);
  }

  /** Re-files every tuple in a table of at least `slots` slots. */
  private grow(slots: number): void {
    let size = 64;
    while (size < slots) size *= 2;
    this.slots = new Int32Array(size);
    this.mask = size - 1;
    const stride = this.width + 1;
    for (let t = 0; t < this.count; t++) this.slots[this.find(this.tuples, t * stride + 1, stride)] = t + 1;
  }

  /** The tuples in order of first appearance, with their counts. */
  toCounts(): TupleCounts {
    const { width, count, dense } = this;
    const keys = new Int32Array(count * width);
    const weights = new Int32Array(count);
    if (dense) {
      for (let t = 0; t < count; t++) {
        let key = this.cells[t];
        weights[t] = dense[key];
        for (let j = width - 1; j >= 0; j--) {
          const radix = 2 ** this.bits[j];
          keys[t * width + j] = key % radix;
          key = Math.floor(key / radix);
        }
      }
    } else {
      const stride = width + 1;
      for (let t = 0; t < count; t++) {
        weights[t] = this.tuples[t * stride];
        keys.set(this.tuples.subarray(t * stride + 1, (t + 1) * stride), t * width);
      }
    }
    return { width, count, keys, weights };
  }
}

/** The finalizer of MurmurHash3: spreads FNV's weak low bits before they pick a slot. */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}
