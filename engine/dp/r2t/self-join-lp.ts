/**
 * R2T's truncation for self-joins under node privacy (Dong, Fang, Yi, Tao, Machanavajjhala, SIGMOD 2022): the join
 * results are the edges (count pairs) or the triangles (count triangles) of an undirected graph whose nodes are the
 * units, and
 *
 *   Q(I, τ) = max Σ_q u_q  subject to  0 ≤ u_q ≤ 1 for each join result q, and Σ_{q ∋ v} u_q ≤ τ for each node v.
 *
 * Removing a node and its edges changes Q(I, τ) by at most τ (the paper's Lemma; the argument is in r2t.md), and
 * Q(I, τ) = Q(I) once τ reaches the largest number of join results on one node.
 *
 * Edges: the LP is a fractional b-matching. On the bipartite double cover (a copy v′ and v″ of each node, arcs
 * v′ → w″ and w′ → v″ of capacity 1 for each edge vw, source → v′ and v″ → sink of capacity τ) every feasible u gives a
 * flow of value 2·Σu and every flow f gives the feasible u_vw = (f(v′w″) + f(w′v″))/2, so Q(I, τ) is half a maximum
 * flow — exact, a multiple of ½.
 *
 * Triangles: the LP is a general packing LP, solved by the bounded simplex method in doubles (packing-lp.ts) after two
 * exact reductions: a node in at most τ triangles has a constraint that u ≤ 1 already implies, so it is dropped, and a
 * triangle with no node left in a constraint takes u = 1; what remains splits into independent components. The value
 * is certified by weak duality to within 2^−22 and rounded to the grid 2^−20, so it is within 2^−20 of the exact
 * optimum and its sensitivity is at most τ + 2^−19 (`TRIANGLE_LP_SLACK`), which the release adds to each threshold.
 *
 * The graph: each input pair is an undirected edge between two distinct nodes; a pair repeated (in either order)
 * counts once and a pair of a node with itself is ignored, in the SQL of every source as here.
 */
import { PrivacyError } from '../../core/measures.js';
import { FlowNetwork } from './max-flow.js';
import { certify, solvePacking, type PackingLp } from './packing-lp.js';

export type NodeId = string | number;
export type Edge = readonly [NodeId, NodeId];

export interface LpAnswers {
  /** Q(I, τ) for each τ, in the order given. */
  readonly answers: number[];
  /**
   * What the computed answers' sensitivity may exceed τ by: 0 for the exact edge LP, `TRIANGLE_LP_SLACK` for the
   * triangle LP. The release adds it to every threshold's sensitivity (`r2tRelease`'s `sensitivitySlack`).
   */
  readonly sensitivitySlack: number;
}

/** Most edges either LP reads. */
export const MAX_EDGES = 2_000_000;
/** Most triangles the triangle LP reads. */
export const MAX_TRIANGLES = 2_000_000;
/** The triangle LP's answers are within 2^−20 of the optimum, so the sensitivity grows by twice that. */
export const TRIANGLE_LP_SLACK = 2 ** -19;
const TRIANGLE_GRID = 2 ** 20;
const TRIANGLE_GAP = 2 ** -22;

/** The graph with nodes numbered 0…n−1 and each undirected edge once (as [smaller, larger]). */
export interface SimpleGraph {
  readonly nodeCount: number;
  readonly edges: ReadonlyArray<readonly [number, number]>;
}

export function simpleGraph(edges: ReadonlyArray<Edge>): SimpleGraph {
  if (edges.length > MAX_EDGES)
    // The number of edges is the data's: the message names only the limit.
    throw new PrivacyError(`R2T: the edge table has more than ${MAX_EDGES} distinct edges, which the LP reads at most`);
  const ids = new Map<string, number>();
  const idOf = (v: NodeId) => {
    // Typed keys, so that the number 1 and the string "1" stay different nodes.
    const key = `${typeof v}:${v}`;
    let id = ids.get(key);
    if (id === undefined) ids.set(key, (id = ids.size));
    return id;
  };
  const seen = new Set<number>();
  const out: [number, number][] = [];
  for (const [a, b] of edges) {
    const u = idOf(a);
    const v = idOf(b);
    if (u === v) continue;
    const lo = Math.min(u, v);
    const hi = Math.max(u, v);
    // Pairs are numbered lo·2^22 + hi, unique while there are fewer than 2^22 nodes (2·MAX_EDGES < 2^22 keeps it so).
    const key = lo * 2 ** 22 + hi;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push([lo, hi]);
  }
  return { nodeCount: ids.size, edges: out };
}

function checkTaus(taus: readonly number[]): void {
  for (const tau of taus)
    if (!Number.isInteger(tau) || tau < 1)
      throw new PrivacyError(`R2T: a threshold must be an integer ≥ 1, got ${tau}`);
}

/** The edge LP at each τ: half the maximum flow on the bipartite double cover. */
export function edgeLpAnswers(edges: ReadonlyArray<Edge>, taus: readonly number[]): LpAnswers {
  checkTaus(taus);
  return { answers: edgeLpOnGraph(simpleGraph(edges), taus), sensitivitySlack: 0 };
}

export function edgeLpOnGraph(graph: SimpleGraph, taus: readonly number[], work?: { arcs: number }): number[] {
  const n = graph.nodeCount;
  const degree = new Int32Array(n);
  for (const [a, b] of graph.edges) {
    degree[a]++;
    degree[b]++;
  }
  const maxDegree = degree.reduce((a, b) => Math.max(a, b), 0);
  return taus.map((tau) => {
    // At τ ≥ the largest degree every u = 1 is feasible: the LP's value is the edge count, no flow needed.
    if (tau >= maxDegree) return graph.edges.length;
    const net = new FlowNetwork(2 * n + 2);
    const source = 2 * n;
    const sink = 2 * n + 1;
    for (let v = 0; v < n; v++) {
      net.addArc(source, v, tau);
      net.addArc(n + v, sink, tau);
    }
    for (const [a, b] of graph.edges) {
      net.addArc(a, n + b, 1);
      net.addArc(b, n + a, 1);
    }
    const flow = net.maxFlow(source, sink);
    if (work) work.arcs += net.work;
    return flow / 2;
  });
}

/** Every triangle once, as sorted node triples, by intersecting forward adjacency lists (degree order). */
export function triangles(graph: SimpleGraph): Array<[number, number, number]> {
  const n = graph.nodeCount;
  const degree = new Int32Array(n);
  for (const [a, b] of graph.edges) {
    degree[a]++;
    degree[b]++;
  }
  // Orient each edge from the lower to the higher (degree, id): every node then has at most √(2E) forward neighbours.
  const rank = (v: number) => degree[v] * n + v;
  const forward: number[][] = Array.from({ length: n }, () => []);
  for (const [a, b] of graph.edges) {
    if (rank(a) < rank(b)) forward[a].push(b);
    else forward[b].push(a);
  }
  const mark = new Int32Array(n).fill(-1);
  const out: Array<[number, number, number]> = [];
  for (let v = 0; v < n; v++) {
    for (const w of forward[v]) mark[w] = v;
    for (const w of forward[v]) {
      for (const x of forward[w]) {
        if (mark[x] !== v) continue;
        const t = [v, w, x].sort((p, q) => p - q) as [number, number, number];
        out.push(t);
        if (out.length > MAX_TRIANGLES)
          throw new PrivacyError(`R2T: the graph has more than ${MAX_TRIANGLES} triangles; the LP reads at most that`);
      }
    }
  }
  return out;
}

/** The triangle LP at each τ, to within 2^−20 (see the file comment). */
export function triangleLpAnswers(edges: ReadonlyArray<Edge>, taus: readonly number[]): LpAnswers {
  checkTaus(taus);
  const graph = simpleGraph(edges);
  const list = triangles(graph);
  return { answers: taus.map((tau) => triangleLp(graph.nodeCount, list, tau)), sensitivitySlack: TRIANGLE_LP_SLACK };
}

function triangleLp(n: number, list: ReadonlyArray<readonly [number, number, number]>, tau: number): number {
  const load = new Int32Array(n);
  for (const t of list) for (const v of t) load[v]++;
  const heavy = (v: number) => load[v] > tau;
  // Components of the triangles that touch a heavy node, joined through shared heavy nodes (union–find).
  const parent = Int32Array.from({ length: n }, (_, i) => i);
  const find = (v: number): number => {
    while (parent[v] !== v) v = parent[v] = parent[parent[v]];
    return v;
  };
  let fixed = 0;
  const constrained: number[] = [];
  list.forEach((t, q) => {
    const hs = t.filter(heavy);
    if (hs.length === 0) {
      fixed++;
      return;
    }
    constrained.push(q);
    for (const h of hs.slice(1)) parent[find(h)] = find(hs[0]);
  });
  const groups = new Map<number, number[]>();
  for (const q of constrained) {
    const root = find(list[q].find(heavy)!);
    let g = groups.get(root);
    if (!g) groups.set(root, (g = []));
    g.push(q);
  }
  let lower = 0;
  let upper = 0;
  for (const members of groups.values()) {
    const rowOf = new Map<number, number>();
    const rows: { members: number[]; bound: number }[] = [];
    members.forEach((q, column) => {
      for (const v of list[q]) {
        if (!heavy(v)) continue;
        let r = rowOf.get(v);
        if (r === undefined) {
          rowOf.set(v, (r = rows.length));
          rows.push({ members: [], bound: tau });
        }
        rows[r].members.push(column);
      }
    });
    const lp: PackingLp = { columns: members.length, rows };
    const bounds = certify(lp, solvePacking(lp, `R2T: the triangle LP at τ = ${tau}`));
    lower += bounds.lower;
    upper += bounds.upper;
  }
  if (!(upper - lower <= TRIANGLE_GAP))
    throw new PrivacyError(
      `R2T: the triangle LP at τ = ${tau} was not solved to within ${TRIANGLE_GAP} (its gap is the data's: not printed)`,
    );
  // The optimum lies in [lower, upper], an interval of width ≤ 2^−22; its grid point is within 2^−20 of it.
  return fixed + Math.round(lower * TRIANGLE_GRID) / TRIANGLE_GRID;
}
