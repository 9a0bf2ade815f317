/**
 * Dense numbering of exact integer keys (below 2^53), the inner loop of every roll-up in the search.
 *
 * Keys go through an open-addressing table of doubles whose buffers are kept between calls, so that checking
 * thousands of lattice nodes does not allocate thousands of hash tables.
 */
export class KeyGrouper {
  private keys = new Float64Array(1 << 12);
  private ids = new Int32Array(1 << 12);
  private used: Int32Array = new Int32Array(1 << 11);
  private slots = new Int32Array(0);

  /** Keys below `product` index a slot array directly: no hashing, no probing. */
  private groupDense(input: Float64Array, n: number, out: Int32Array, product: number, first?: Int32Array): number {
    if (this.slots.length < product) this.slots = new Int32Array(Math.max(product, this.slots.length * 2));
    if (this.used.length < n) this.used = new Int32Array(n);
    const slots = this.slots;
    const used = this.used;
    let count = 0;
    for (let j = 0; j < n; j++) {
      const k = input[j];
      let id = slots[k];
      if (id === 0) {
        id = ++count;
        slots[k] = id;
        used[id - 1] = k;
        if (first) first[id - 1] = j;
      }
      out[j] = id - 1;
    }
    for (let c = 0; c < count; c++) slots[used[c]] = 0;
    return count;
  }

  /**
   * Writes into `out[j]` the dense id (0, 1, …, in order of first appearance) of `keys[j]` for j < n and returns the
   * number of distinct keys; `first[id]` receives the position where each id first appears. Keys below `product`
   * (when it is small enough) are counted in a direct-addressed array instead of the hash table.
   */
  group(input: Float64Array, n: number, out: Int32Array, product = Infinity, first?: Int32Array): number {
    if (product <= DENSE_LIMIT) return this.groupDense(input, n, out, product, first);
    // Keep the load factor at most one half so that probe sequences stay short, and the table no larger than that: the
    // buffers are kept at the largest size seen, but a small grouping uses only their start, which stays in cache.
    let bits = 10;
    while (1 << bits < 2 * n) bits++;
    const capacity = 1 << bits;
    if (capacity > this.keys.length) {
      this.keys = new Float64Array(capacity);
      this.ids = new Int32Array(capacity);
    }
    if (this.used.length < capacity >> 1) this.used = new Int32Array(capacity >> 1);
    const keys = this.keys;
    const ids = this.ids;
    const used = this.used;
    const mask = capacity - 1;
    const shift = 32 - bits;
    let count = 0;
    for (let j = 0; j < n; j++) {
      const k = input[j];
      let i = hash(k) >>> shift;
      for (;;) {
        const stored = ids[i];
        if (stored === 0) {
          keys[i] = k;
          ids[i] = ++count;
          used[count - 1] = i;
          out[j] = count - 1;
          if (first) first[count - 1] = j;
          break;
        }
        if (keys[i] === k) {
          out[j] = stored - 1;
          break;
        }
        i = (i + 1) & mask;
      }
    }
    // Clear only the slots this call used, so that the next call starts from an empty table at no O(capacity) cost.
    for (let c = 0; c < count; c++) ids[used[c]] = 0;
    return count;
  }
}

/** Key spaces up to 2^22 slots (16 MB, kept between calls) are counted densely. */
const DENSE_LIMIT = 1 << 22;

/** 2^-32: a multiplication by it is exact and cheaper than a division by 2^32. */
const TWO_TO_MINUS_32 = 1 / 4294967296;

/**
 * Fibonacci hashing of an exact integer below 2^53: its high 32-bit half is mixed into the low one, and the product
 * with 2^32/φ spreads every input bit into the high bits, which the caller keeps (`>>> shift`).
 */
function hash(k: number): number {
  const mixed = (k >>> 0) ^ Math.imul((k * TWO_TO_MINUS_32) >>> 0, 0x85ebca6b);
  return Math.imul(mixed, 0x9e3779b1);
}
