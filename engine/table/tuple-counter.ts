import { mix, TupleTable, type TupleCounts } from './tuple-table.js';

/**
 * Counts distinct tuples of integer codes: the core of a frequency table (see `frequency-table.ts`). The CSV reader
 * adds every record's tuple, so the memory it takes grows with the distinct tuples, never with the rows.
 *
 * Tuples are numbered in order of first appearance, and a tuple added with a weight adds that weight to its count, so
 * merging the counters of consecutive byte ranges of a file, in file order, gives exactly what one pass over the whole
 * file gives. `toCounts` hands the result over as typed arrays, which a worker thread can transfer.
 *
 * A tuple's codes, each given as many bits as its largest code so far needs, side by side, make one number: its key.
 * While keys fit in `DENSE_BITS` bits (age × sex × a thousand postcodes take 18), the key indexes a dense array of
 * counts: one memory access per row, in an array that often stays in cache, as `equivalenceClasses` counts small key
 * spaces. While they fit in a double exactly (53 bits; Adult's nine attributes take 32), keys are hashed as numbers.
 * Beyond that, the general table of `tuple-table.ts`. A code that needs one more bit re-files the tuples counted so far
 * (a few times per position, each linear in the distinct tuples).
 */
export type { TupleCounts } from './tuple-table.js';

/** The most bits the dense array is indexed by: 4 Mi cells, 16 MiB. */
const DENSE_BITS = 22;
/** Keys of up to this many bits are exact doubles. */
const PACKED_BITS = 53;

type Mode = 'dense' | 'packed' | 'tuples';

export class TupleCounter {
  readonly width: number;
  count = 0;
  private mode: Mode = 'dense';
  /** The bits each position takes in a key; the first position takes the highest bits. */
  private bits: number[];
  /** 2^bits per position: the first code that no longer fits. */
  private limits: number[];
  /** Dense and packed modes: each tuple's key, in order of first appearance. */
  private cells = new Float64Array(1024);
  /** Dense mode: the count of each key. */
  private dense = new Int32Array(1);
  /** Packed mode: each tuple's count (its key is in `cells`). */
  private weights = new Int32Array(1024);
  /** Packed mode: tuple number + 1 per slot (0 when empty), a power of two of them. */
  private slots = new Int32Array(0);
  private mask = 0;
  /** Tuples mode: the general table. */
  private table: TupleTable | undefined;

  constructor(width: number) {
    this.width = width;
    this.bits = new Array<number>(width).fill(0);
    this.limits = new Array<number>(width).fill(1);
  }

  /** Adds `weight` to the tuple `tuple[0 … width)`, first adding the tuple when it is new. */
  add(tuple: ArrayLike<number>, weight = 1): void {
    if (this.mode !== 'tuples') {
      for (let j = 0; j < this.width; j++) {
        if (tuple[j] >= this.limits[j]) {
          this.widen(tuple);
          break;
        }
      }
    }
    this.addFitting(tuple, weight);
  }

  /** `add` for a tuple whose codes fit the bits of the current mode. */
  private addFitting(tuple: ArrayLike<number>, weight: number): void {
    if (this.table) {
      this.table.add(tuple, weight);
      this.count = this.table.count;
      return;
    }
    let key = 0;
    for (let j = 0; j < this.width; j++) key = key * this.limits[j] + tuple[j];
    if (this.mode === 'dense') {
      if (this.dense[key] === 0) this.newCell(key);
      this.dense[key] += weight;
    } else this.addPacked(key, weight);
  }

  /**
   * Adds rows `0 … rows)` of `columns` (one code array per tuple position), each with weight 1. One loop over a batch
   * of rows runs several times faster than one call per row.
   */
  addRows(columns: readonly Int32Array[], rows: number): void {
    const width = this.width;
    if (this.mode !== 'tuples') {
      this.widen(
        columns.map((c) => {
          let m = 0;
          for (let r = 0; r < rows; r++) if (c[r] > m) m = c[r];
          return m;
        }),
      );
    }
    if (this.mode === 'dense') this.addRowsDense(columns, rows);
    else if (this.mode === 'packed') this.addRowsPacked(columns, rows);
    else {
      const tuple = new Int32Array(width);
      for (let r = 0; r < rows; r++) {
        for (let j = 0; j < width; j++) tuple[j] = columns[j][r];
        this.addFitting(tuple, 1);
      }
    }
  }

  private addRowsDense(columns: readonly Int32Array[], rows: number): void {
    const width = this.width;
    const shifts = this.bits.map((_, j) => this.bits.slice(j + 1).reduce((a, b) => a + b, 0));
    if (this.cells.length < this.count + rows) this.cells = grown(this.cells, this.count + rows);
    const cells = this.cells;
    const dense = this.dense;
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
  }

  /**
   * `addPacked` for a batch of rows in one loop, the probe inlined: the loop is optimized early, even in a cold
   * process.
   */
  private addRowsPacked(columns: readonly Int32Array[], rows: number): void {
    const width = this.width;
    const scale = Float64Array.from(this.limits);
    if (this.cells.length < this.count + rows) this.cells = grown(this.cells, this.count + rows);
    if (this.weights.length < this.count + rows) this.weights = grown(this.weights, this.count + rows);
    let count = this.count;
    // Grow the table first so that no insertion in this batch needs to: a load factor of at most 1/2 after it.
    if (2 * (count + rows) > this.slots.length) this.growPacked(tableSize(count + rows));
    const cells = this.cells;
    const weights = this.weights;
    const slots = this.slots;
    const mask = this.mask;
    for (let r = 0; r < rows; r++) {
      let key = 0;
      for (let j = 0; j < width; j++) key = key * scale[j] + columns[j][r];
      let slot = hashNumber(key) & mask;
      for (;;) {
        const t = slots[slot];
        if (t === 0) {
          cells[count] = key;
          weights[count++] = 1;
          slots[slot] = count;
          break;
        }
        if (cells[t - 1] === key) {
          weights[t - 1]++;
          break;
        }
        slot = (slot + 1) & mask;
      }
    }
    this.count = count;
  }

  private newCell(key: number): void {
    if (this.count === this.cells.length) this.cells = grown(this.cells, this.count + 1);
    this.cells[this.count++] = key;
  }

  private addPacked(key: number, weight: number): void {
    // The slots hold tuple numbers only, 4 bytes each, and the key is read from `cells`: when nearly every row is
    // distinct, memory is what matters most.
    const cells = this.cells;
    const slots = this.slots;
    const mask = this.mask;
    let slot = hashNumber(key) & mask;
    for (;;) {
      const t = slots[slot];
      if (t === 0) break;
      if (cells[t - 1] === key) {
        this.weights[t - 1] += weight;
        return;
      }
      slot = (slot + 1) & mask;
    }
    if (this.count === this.weights.length) this.weights = grown(this.weights, this.count + 1);
    this.weights[this.count] = weight;
    this.newCell(key);
    slots[slot] = this.count;
    // A load factor of at most 1/2 keeps probe sequences short.
    if (2 * this.count > slots.length) this.growPacked(2 * slots.length);
  }

  private growPacked(size: number): void {
    this.slots = new Int32Array(size);
    this.mask = size - 1;
    for (let t = 0; t < this.count; t++) {
      let slot = hashNumber(this.cells[t]) & this.mask;
      while (this.slots[slot] !== 0) slot = (slot + 1) & this.mask;
      this.slots[slot] = t + 1;
    }
  }

  /** Gives each position the bits its codes up to `max[j]` need, choosing the mode, and re-files the tuples so far. */
  private widen(max: ArrayLike<number>): void {
    let bits = this.bits.map((b, j) => Math.max(b, 32 - Math.clz32(max[j])));
    if (bits.every((b, j) => b === this.bits[j])) return;
    const { keys, weights, count } = this.toCounts();
    let total = bits.reduce((a, b) => a + b, 0);
    // Hashed keys have room to spare: two bits more than needed where a position grew, so that a column whose values
    // keep coming (an income, an identifier) re-files the tuples once per fourfold growth rather than per doubling.
    const roomy = bits.map((b, j) => (b > this.bits[j] ? Math.min(31, b + 2) : b));
    const roomyTotal = roomy.reduce((a, b) => a + b, 0);
    if (total > DENSE_BITS && roomyTotal <= PACKED_BITS) {
      bits = roomy;
      total = roomyTotal;
    }
    this.bits = bits;
    this.limits = bits.map((b) => 2 ** b);
    this.count = 0;
    this.cells = new Float64Array(Math.max(1024, count));
    this.dense = new Int32Array(1);
    if (total <= DENSE_BITS) {
      this.mode = 'dense';
      this.dense = new Int32Array(2 ** total);
    } else if (total <= PACKED_BITS) {
      this.mode = 'packed';
      this.weights = new Int32Array(Math.max(1024, count));
    } else {
      this.mode = 'tuples';
      this.table = new TupleTable(this.width, count);
    }
    // The tuples are distinct and stay in their order, so the dense and hashed modes take them as they are.
    const width = this.width;
    if (this.table) {
      for (let t = 0; t < count; t++) this.table.add(keys, weights[t], t * width);
      this.count = this.table.count;
      return;
    }
    for (let t = 0; t < count; t++) {
      let key = 0;
      for (let j = 0; j < width; j++) key = key * this.limits[j] + keys[t * width + j];
      this.cells[t] = key;
      if (this.mode === 'dense') this.dense[key] = weights[t];
    }
    this.count = count;
    if (this.mode === 'packed') {
      this.weights.set(weights);
      this.growPacked(tableSize(count));
    }
  }

  /** The tuples in order of first appearance, with their counts. */
  toCounts(): TupleCounts {
    const { width, count } = this;
    const keys = new Int32Array(count * width);
    const weights = new Int32Array(count);
    if (this.table) return this.table.toCounts();
    const dense = this.mode === 'dense';
    const bits = this.bits;
    for (let t = 0; t < count; t++) {
      const key = this.cells[t];
      weights[t] = dense ? this.dense[key] : this.weights[t];
      // The key's 53 bits as two words, shifted right position by position (integer operations, no division).
      let lo = key >>> 0;
      let hi = (key / 4294967296) >>> 0;
      for (let j = width - 1; j >= 0; j--) {
        const b = bits[j];
        if (b === 0) {
          keys[t * width + j] = 0;
          continue;
        }
        keys[t * width + j] = lo & ((1 << b) - 1);
        lo = (lo >>> b) | (hi << (32 - b));
        hi >>>= b;
      }
    }
    return { width, count, keys, weights };
  }
}

/** The slots for `count` tuples at a load factor of at most 1/2: a power of two, at least 64. */
function tableSize(count: number): number {
  let size = 64;
  while (size < 2 * count + 2) size *= 2;
  return size;
}

function grown<T extends Int32Array | Float64Array>(a: T, atLeast: number): T {
  const b = new (a.constructor as new (n: number) => T)(Math.max(2 * a.length, atLeast));
  b.set(a);
  return b;
}

/** A hash of a key below 2^53: its low and high 32 bits, mixed. */
function hashNumber(key: number): number {
  return mix(Math.imul(key >>> 0, 0x9e3779b1) ^ ((key / 4294967296) >>> 0));
}
