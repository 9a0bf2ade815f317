// Generated inputs of the R2T bench (bench/r2t.bench.ts): TPC-H-style customers, orders and line items at scale 0.1,
// and a power-law social graph. Seeded, so every run measures the same data.
import { seededRandom, type RandomSource } from '../engine/core/random.js';

const uniform = (rng: RandomSource) => rng.nextUint32() / 2 ** 32;
const below = (n: number, rng: RandomSource) => Math.floor(uniform(rng) * n);

export interface TpchContributions {
  readonly customers: number;
  readonly orders: number;
  readonly lineitems: number;
  /** Per customer: its orders. */
  readonly ordersPerCustomer: Int32Array;
  /** Per customer: its line items (1–7 per order, as in TPC-H). */
  readonly lineitemsPerCustomer: Int32Array;
  /** Per customer: the orders' amounts, each clamped to 0..1000 and kept in order (for rows-N truncation). */
  readonly amounts: Float64Array[];
}

/**
 * TPC-H at scale 0.1: 15,000 customers and 150,000 orders; as in the specification's dbgen, a customer whose key is a
 * multiple of 3 places no order. Customer 1 is given 5,000 orders (the heavy customer); the other 145,000 go
 * to the remaining 9,999 ordering customers uniformly. Amounts are uniform on [0, 1000) (the release clamps 0..1000).
 */
export function tpchScale01(seed = 39): TpchContributions {
  const rng = seededRandom(`r2t-tpch-${seed}`);
  const customers = 15000;
  const ordering: number[] = [];
  for (let c = 1; c <= customers; c++) if (c % 3 !== 0 && c !== 1) ordering.push(c - 1);
  const ordersPerCustomer = new Int32Array(customers);
  const lineitemsPerCustomer = new Int32Array(customers);
  const amounts: number[][] = Array.from({ length: customers }, () => []);
  const place = (c: number) => {
    ordersPerCustomer[c]++;
    lineitemsPerCustomer[c] += 1 + below(7, rng);
    amounts[c].push(uniform(rng) * 1000);
  };
  for (let i = 0; i < 5000; i++) place(0);
  for (let i = 0; i < 145000; i++) place(ordering[below(ordering.length, rng)]);
  return {
    customers,
    orders: 150000,
    lineitems: lineitemsPerCustomer.reduce((a, b) => a + b, 0),
    ordersPerCustomer,
    lineitemsPerCustomer,
    amounts: amounts.map((a) => Float64Array.from(a)),
  };
}

/**
 * A power-law graph with many triangles: Holme and Kim's growth model ("Growing scale-free networks with tunable
 * clustering", Phys. Rev. E 65, 2002): each new node links to `m` nodes, the first by preferential attachment, each
 * further one with probability `triad` to a neighbour of the node it just linked to (closing a triangle), otherwise
 * again by preferential attachment.
 */
export function holmeKim(nodes: number, m: number, triad: number, seed = 39): Array<[number, number]> {
  const rng = seededRandom(`r2t-graph-${seed}`);
  const edges: Array<[number, number]> = [];
  const adjacency: Set<number>[] = Array.from({ length: nodes }, () => new Set());
  // Each edge endpoint once in `ends`: drawing from it is drawing a node with probability proportional to its degree.
  const ends: number[] = [];
  const link = (a: number, b: number) => {
    if (a === b || adjacency[a].has(b)) return false;
    adjacency[a].add(b);
    adjacency[b].add(a);
    edges.push([a, b]);
    ends.push(a, b);
    return true;
  };
  for (let a = 0; a <= m; a++) for (let b = a + 1; b <= m; b++) link(a, b);
  for (let v = m + 1; v < nodes; v++) {
    let last = ends[below(ends.length, rng)];
    link(v, last);
    for (let k = 1; k < m; k++) {
      const friends = [...adjacency[last]].filter((w) => w !== v && !adjacency[v].has(w));
      let target: number;
      if (uniform(rng) < triad && friends.length > 0) target = friends[below(friends.length, rng)];
      else {
        do target = ends[below(ends.length, rng)];
        while (target === v || adjacency[v].has(target));
      }
      link(v, target);
      last = target;
    }
  }
  return edges;
}
