/**
 * The one-to-one assignment that links as many released records as possible and, among those, maximizes the total
 * log-likelihood: the assignment problem (Kuhn, "The Hungarian method for the assignment problem", 1955), solved
 * exactly on groups of identical tuples as a transportation problem (released group g supplies its s_g records,
 * candidate group h takes at most c_h) by successive shortest augmenting paths with Dijkstra and node potentials
 * (Edmonds & Karp 1972; Tomizawa 1971). Grouping is exact because records of one tuple are interchangeable.
 *
 * The pairs split into connected components (blocking), each solved on its own. In a component whose pairs all have the
 * same likelihood — every generalized release — every maximum matching is optimal, so a greedy start (most constrained
 * group first) is followed by augmenting paths for what it left, which keeps 10,000 × 20,000 records within seconds.
 * Ties are broken by the random source: the order of groups and pairs is shuffled before solving.
 */
import type { RandomSource } from '../core/random.js';
import { uniformBelowSmall } from '../dp/samplers/uniform.js';
import type { LinkageEdges } from './linkage-edges.js';
import { MinCostFlow } from './min-cost-flow.js';

/** Units of flow on each edge of `edges`, in its order. */
export function transportAssignment(
  edges: LinkageEdges,
  supply: ArrayLike<number>,
  capacity: ArrayLike<number>,
  rng: RandomSource,
  signal?: AbortSignal,
): Int32Array {
  const R = supply.length;
  const C = capacity.length;
  const parent = Int32Array.from({ length: R + C }, (_, i) => i);
  const find = (x: number): number => {
    while (parent[x] !== x) x = parent[x] = parent[parent[x]];
    return x;
  };
  for (let e = 0; e < edges.from.length; e++) {
    const a = find(edges.from[e]);
    const b = find(R + edges.to[e]);
    if (a !== b) parent[a] = b;
  }
  const byComponent = new Map<number, number[]>();
  for (const e of shuffled(edges.from.length, rng)) {
    const root = find(edges.from[e]);
    const list = byComponent.get(root);
    if (list) list.push(e);
    else byComponent.set(root, [e]);
  }
  const flow = new Int32Array(edges.from.length);
  for (const list of byComponent.values()) {
    signal?.throwIfAborted();
    solveComponent(list, edges, supply, capacity, flow);
  }
  return flow;
}

function solveComponent(
  list: readonly number[],
  edges: LinkageEdges,
  supply: ArrayLike<number>,
  capacity: ArrayLike<number>,
  flow: Int32Array,
): void {
  const local = new Map<number, number>();
  const nodeOf = (key: number) => {
    let v = local.get(key);
    if (v === undefined) {
      v = local.size + 2;
      local.set(key, v);
    }
    return v;
  };
  const R = supply.length;
  for (const e of list) {
    nodeOf(edges.from[e]);
    nodeOf(R + edges.to[e]);
  }
  const equal = list.every((e) => edges.logLikelihood[e] === edges.logLikelihood[list[0]]);
  const net = new MinCostFlow(local.size + 2);
  const sourceArc = new Map<number, number>();
  const sinkArc = new Map<number, number>();
  for (const [key, v] of local) {
    if (key < R) sourceArc.set(key, net.addArc(0, v, supply[key], 0));
    else sinkArc.set(key - R, net.addArc(v, 1, capacity[key - R], 0));
  }
  // With equal likelihoods every maximum matching has the same total, so costs are dropped (all zero).
  const arcs = list.map((e) =>
    net.addArc(local.get(edges.from[e])!, local.get(R + edges.to[e])!, Infinity, equal ? 0 : -edges.logLikelihood[e]),
  );
  if (equal) {
    // Greedy start: groups with the fewest partners first, each filling what its partners still take.
    const partners = new Map<number, number[]>();
    list.forEach((e, i) => {
      const l = partners.get(edges.from[e]);
      if (l) l.push(i);
      else partners.set(edges.from[e], [i]);
    });
    for (const [g, ps] of [...partners].sort((a, b) => a[1].length - b[1].length)) {
      let left = net.residual(sourceArc.get(g)!);
      for (const i of ps) {
        if (left === 0) break;
        const h = edges.to[list[i]];
        const take = Math.min(left, net.residual(sinkArc.get(h)!));
        if (take > 0) {
          net.push(sourceArc.get(g)!, take);
          net.push(arcs[i], take);
          net.push(sinkArc.get(h)!, take);
          left -= take;
        }
      }
    }
  }
  net.run(0, 1);
  list.forEach((e, i) => (flow[e] = net.flowOn(arcs[i])));
}

/** 0..n−1 in an order drawn uniformly by the random source (Fisher–Yates). */
export function shuffled(n: number, rng: RandomSource): Int32Array {
  const order = Int32Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = uniformBelowSmall(i + 1, rng);
    const t = order[i];
    order[i] = order[j];
    order[j] = t;
  }
  return order;
}
