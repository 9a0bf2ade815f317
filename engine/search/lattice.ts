/**
 * The generalization lattice of full-domain recoding: one node per choice of level for every quasi-identifier,
 * ordered component-wise (Samarati 2001; LeFevre, DeWitt, Ramakrishnan, "Incognito", SIGMOD 2005).
 *
 * Nodes are numbered in mixed radix (the last quasi-identifier varies fastest), so a node is an integer and its
 * neighbours are found by adding or subtracting a stride; no node objects are allocated.
 */
export class Lattice {
  /** Number of nodes: the product of (height + 1). */
  readonly size: number;
  /** `strides[i]` is what adding one level to quasi-identifier i adds to a node id. */
  readonly strides: readonly number[];
  /** The top node's level sum. */
  readonly maxLevel: number;
  private table?: Uint8Array;

  constructor(readonly heights: readonly number[]) {
    const strides = new Array<number>(heights.length);
    let size = 1;
    for (let i = heights.length - 1; i >= 0; i--) {
      if (!Number.isInteger(heights[i]) || heights[i] < 0)
        throw new RangeError(`height ${heights[i]} of quasi-identifier ${i} is not a whole number ≥ 0`);
      strides[i] = size;
      size *= heights[i] + 1;
    }
    if (size > 2 ** 31) throw new RangeError(`the lattice has ${size} nodes, more than a full-domain search can visit`);
    this.size = size;
    this.strides = strides;
    this.maxLevel = heights.reduce((a, b) => a + b, 0);
  }

  /** The levels of node `id`, in quasi-identifier order. */
  levels(id: number): number[] {
    const out = new Array<number>(this.heights.length);
    for (let i = 0; i < out.length; i++) {
      out[i] = Math.floor(id / this.strides[i]) % (this.heights[i] + 1);
    }
    return out;
  }

  level(id: number, i: number): number {
    return Math.floor(id / this.strides[i]) % (this.heights[i] + 1);
  }

  /**
   * Every node's levels in one flat array, `levelTable()[id · dims + i]`, for loops that visit neighbours millions of
   * times (tagging) and must not divide or allocate. Built on first use; levels above 255 are not supported there.
   */
  levelTable(): Uint8Array {
    if (!this.table) {
      const d = this.heights.length;
      const table = new Uint8Array(this.size * d);
      // An odometer over the levels, the last quasi-identifier fastest as in the numbering: no divisions.
      for (let id = 1; id < this.size; id++) {
        table.copyWithin(id * d, (id - 1) * d, id * d);
        for (let i = d - 1; i >= 0; i--) {
          if (table[id * d + i] < this.heights[i]) {
            table[id * d + i]++;
            break;
          }
          table[id * d + i] = 0;
        }
      }
      this.table = table;
    }
    return this.table;
  }

  id(levels: readonly number[]): number {
    let id = 0;
    for (let i = 0; i < levels.length; i++) {
      if (!Number.isInteger(levels[i]) || levels[i] < 0 || levels[i] > this.heights[i]) {
        throw new RangeError(`level ${levels[i]} of quasi-identifier ${i} is outside 0..${this.heights[i]}`);
      }
      id += levels[i] * this.strides[i];
    }
    return id;
  }

  /** Sum of the levels: the node's height in the lattice (ARX calls it the node's level). */
  levelSum(id: number): number {
    let s = 0;
    for (let i = 0; i < this.heights.length; i++) s += this.level(id, i);
    return s;
  }

  /** Direct generalizations: one more level on one quasi-identifier. */
  successors(id: number): number[] {
    const out: number[] = [];
    for (let i = 0; i < this.heights.length; i++)
      if (this.level(id, i) < this.heights[i]) out.push(id + this.strides[i]);
    return out;
  }

  /** Direct specializations: one level less on one quasi-identifier. */
  predecessors(id: number): number[] {
    const out: number[] = [];
    for (let i = 0; i < this.heights.length; i++) if (this.level(id, i) > 0) out.push(id - this.strides[i]);
    return out;
  }

  /** Whether node `a` is a specialization of (or equal to) node `b`. */
  isBelowOrEqual(a: number, b: number): boolean {
    for (let i = 0; i < this.heights.length; i++) if (this.level(a, i) > this.level(b, i)) return false;
    return true;
  }
}
