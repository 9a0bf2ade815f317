/**
 * Minimum-cost maximum flow by successive shortest paths: Dijkstra on reduced costs c(u,v) + π(u) − π(v), which stay
 * non-negative when the potentials π are raised by the distances found (Edmonds & Karp, "Theoretical improvements in
 * algorithmic efficiency for network flow problems", 1972). Every path carries as much as its narrowest arc allows.
 * Costs must be non-negative on the arcs added (they are −log-likelihoods); a flow may be pushed before `run` only
 * when all costs are zero, since then no residual arc has a negative cost.
 */
export class MinCostFlow {
  private readonly head: number[];
  private readonly to: number[] = [];
  private readonly next: number[] = [];
  private readonly cap: number[] = [];
  private readonly cost: number[] = [];

  constructor(private readonly nodes: number) {
    this.head = new Array<number>(nodes).fill(-1);
  }

  /** Adds an arc and its reverse; returns the arc's id. */
  addArc(u: number, v: number, capacity: number, cost: number): number {
    const id = this.to.length;
    this.link(u, v, capacity, cost);
    this.link(v, u, 0, -cost);
    return id;
  }

  residual(arc: number): number {
    return this.cap[arc];
  }

  flowOn(arc: number): number {
    return this.cap[arc ^ 1];
  }

  push(arc: number, amount: number): void {
    this.cap[arc] -= amount;
    this.cap[arc ^ 1] += amount;
  }

  /** Augments from s to t until no path is left. */
  run(s: number, t: number): void {
    const n = this.nodes;
    const potential = new Float64Array(n);
    const dist = new Float64Array(n);
    const via = new Int32Array(n);
    const done = new Uint8Array(n);
    const heap = new Heap();
    for (;;) {
      dist.fill(Infinity);
      done.fill(0);
      dist[s] = 0;
      heap.clear();
      heap.push(0, s);
      while (heap.size > 0) {
        const [d, u] = heap.pop();
        if (done[u]) continue;
        done[u] = 1;
        if (u === t) break;
        for (let a = this.head[u]; a >= 0; a = this.next[a]) {
          if (this.cap[a] <= 0) continue;
          const v = this.to[a];
          // Rounding can leave a reduced cost a hair below zero; it is clamped so Dijkstra's order stays valid.
          const nd = d + Math.max(0, this.cost[a] + potential[u] - potential[v]);
          if (nd < dist[v]) {
            dist[v] = nd;
            via[v] = a;
            heap.push(nd, v);
          }
        }
      }
      if (dist[t] === Infinity) return;
      // Nodes beyond t's distance keep reduced costs non-negative when raised by t's distance only.
      for (let v = 0; v < n; v++) potential[v] += Math.min(dist[v], dist[t]);
      let amount = Infinity;
      for (let v = t; v !== s; v = this.to[via[v] ^ 1]) amount = Math.min(amount, this.cap[via[v]]);
      for (let v = t; v !== s; v = this.to[via[v] ^ 1]) this.push(via[v], amount);
    }
  }

  private link(u: number, v: number, capacity: number, cost: number): void {
    this.to.push(v);
    this.cap.push(capacity);
    this.cost.push(cost);
    this.next.push(this.head[u]);
    this.head[u] = this.to.length - 1;
  }
}

/** A binary min-heap of (key, node) pairs. */
class Heap {
  private keys: number[] = [];
  private items: number[] = [];

  get size(): number {
    return this.keys.length;
  }

  clear(): void {
    this.keys.length = 0;
    this.items.length = 0;
  }

  push(key: number, item: number): void {
    const k = this.keys;
    const it = this.items;
    let i = k.length;
    k.push(key);
    it.push(item);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (k[p] <= key) break;
      k[i] = k[p];
      it[i] = it[p];
      i = p;
    }
    k[i] = key;
    it[i] = item;
  }

  pop(): [number, number] {
    const k = this.keys;
    const it = this.items;
    const top: [number, number] = [k[0], it[0]];
    const lastKey = k.pop()!;
    const lastItem = it.pop()!;
    const n = k.length;
    if (n > 0) {
      let i = 0;
      for (;;) {
        let c = 2 * i + 1;
        if (c >= n) break;
        if (c + 1 < n && k[c + 1] < k[c]) c++;
        if (k[c] >= lastKey) break;
        k[i] = k[c];
        it[i] = it[c];
        i = c;
      }
      k[i] = lastKey;
      it[i] = lastItem;
    }
    return top;
  }
}
