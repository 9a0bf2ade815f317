/**
 * A binary min-heap of node ids ordered by (bound, level sum, id): the order in which the search visits candidates.
 * Building it is linear and the search usually stops after a few hundred pops, which beats sorting the whole lattice.
 */
export class NodeQueue {
  private readonly heap: Int32Array;
  private size: number;

  constructor(
    ids: ArrayLike<number>,
    private readonly bounds: Float64Array,
    private readonly levelSums: Int32Array,
  ) {
    this.heap = Int32Array.from(ids);
    this.size = this.heap.length;
    for (let i = (this.size >> 1) - 1; i >= 0; i--) this.down(i);
  }

  get length(): number {
    return this.size;
  }

  pop(): number {
    const top = this.heap[0];
    this.heap[0] = this.heap[--this.size];
    if (this.size > 0) this.down(0);
    return top;
  }

  private less(a: number, b: number): boolean {
    const d = this.bounds[a] - this.bounds[b];
    if (d !== 0) return d < 0;
    const l = this.levelSums[a] - this.levelSums[b];
    return l !== 0 ? l < 0 : a < b;
  }

  private down(i: number): void {
    const h = this.heap;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= this.size) return;
      const r = l + 1;
      const c = r < this.size && this.less(h[r], h[l]) ? r : l;
      if (!this.less(h[c], h[i])) return;
      const t = h[c];
      h[c] = h[i];
      h[i] = t;
      i = c;
    }
  }
}
