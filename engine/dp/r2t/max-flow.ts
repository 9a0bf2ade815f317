/**
 * Maximum flow with integer capacities by Dinic's algorithm (E. A. Dinitz, "Algorithm for solution of a problem of
 * maximum flow in a network with power estimation", Soviet Math. Doklady 11, 1970): breadth-first levels, then
 * blocking flows along level-increasing paths. With integer capacities every augmentation is an integer, so the
 * result is exact in doubles up to 2^53.
 *
 * The R2T edge LP is solved as such a flow (self-join-lp.ts); the `work` counter lets callers and tests bound it.
 */

export class FlowNetwork {
  private readonly head: Int32Array;
  private to: number[] = [];
  private cap: number[] = [];
  private next: number[] = [];
  /** Arcs scanned so far: the work done, for bounded-work checks. */
  work = 0;

  constructor(readonly nodeCount: number) {
    this.head = new Int32Array(nodeCount).fill(-1);
  }

  /** An arc from → to of integer capacity `capacity`, with its residual twin. */
  addArc(from: number, to: number, capacity: number): void {
    for (const [a, b, c] of [
      [from, to, capacity],
      [to, from, 0],
    ]) {
      this.to.push(b);
      this.cap.push(c);
      this.next.push(this.head[a]);
      this.head[a] = this.to.length - 1;
    }
  }

  /** The value of a maximum flow from `source` to `sink`; the network keeps the residual capacities afterwards. */
  maxFlow(source: number, sink: number): number {
    const level = new Int32Array(this.nodeCount);
    const cursor = new Int32Array(this.nodeCount);
    const queue = new Int32Array(this.nodeCount);
    let total = 0;
    for (;;) {
      level.fill(-1);
      level[source] = 0;
      let qh = 0;
      let qt = 0;
      queue[qt++] = source;
      while (qh < qt) {
        const v = queue[qh++];
        for (let e = this.head[v]; e !== -1; e = this.next[e]) {
          this.work++;
          if (this.cap[e] > 0 && level[this.to[e]] < 0) {
            level[this.to[e]] = level[v] + 1;
            queue[qt++] = this.to[e];
          }
        }
      }
      if (level[sink] < 0) return total;
      cursor.set(this.head);
      for (let pushed = this.push(source, sink, Infinity, level, cursor); pushed > 0;) {
        total += pushed;
        pushed = this.push(source, sink, Infinity, level, cursor);
      }
    }
  }

  /**
   * One augmenting path in the level graph, found depth-first with an explicit stack (a recursive search would
   * overflow the call stack on long paths); dead ends advance their cursor so each arc is tried once per phase.
   */
  private push(source: number, sink: number, limit: number, level: Int32Array, cursor: Int32Array): number {
    const path: number[] = [];
    let v = source;
    for (;;) {
      if (v === sink) {
        let bottleneck = limit;
        for (const e of path) bottleneck = Math.min(bottleneck, this.cap[e]);
        for (const e of path) {
          this.cap[e] -= bottleneck;
          this.cap[e ^ 1] += bottleneck;
        }
        return bottleneck;
      }
      let advanced = false;
      for (; cursor[v] !== -1; cursor[v] = this.next[cursor[v]]) {
        const e = cursor[v];
        this.work++;
        if (this.cap[e] > 0 && level[this.to[e]] === level[v] + 1) {
          path.push(e);
          v = this.to[e];
          advanced = true;
          break;
        }
      }
      if (advanced) continue;
      // A dead end: no path to the sink leaves v in this phase; retreat and skip the arc that led here.
      level[v] = -1;
      if (path.length === 0) return 0;
      const e = path.pop()!;
      v = this.to[e ^ 1];
      cursor[v] = this.next[cursor[v]];
    }
  }
}
