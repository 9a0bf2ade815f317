/**
 * The maximum-weight clique among a set of candidate vertices of an overlap graph, by Bron–Kerbosch with pivoting
 * (Bron, Kerbosch, CACM 1973; Tomita, Tanaka, Takahashi, TCS 2006), pruned by a greedy colouring bound (Tomita,
 * Seki, "An efficient branch-and-bound algorithm for finding a maximum clique", DMTCS 2003, weighted as in Kumlander
 * 2004) and stopped by a work budget.
 *
 * Used for parallel composition of range queries: queries are vertices, an edge joins two whose regions overlap, and
 * the privacy loss of the set is at most the heaviest clique (Smith et al., "Making the Most of Parallel Composition in
 * Differential Privacy", PoPETs 2022). The problem is NP-hard (a Moon–Moser graph of n vertices has 3^(n/3) maximal
 * cliques), so the search is exact only while it stays within its budget; past it the caller gets the colouring bound.
 *
 * The colouring bound is sound: greedy colouring splits the candidates into classes of pairwise non-adjacent vertices
 * (regions that share no row), and a clique holds at most one vertex of each class, so no clique weighs more than
 * the sum over classes of the heaviest vertex in each. It is never above the plain sum of all the candidates' weights.
 */
import { bitsOf, countBits, type OverlapGraph } from './overlap-graph.js';

/** Machine-word operations a search may still spend; shared by the searches of one budget walk. */
export interface WorkBudget {
  remaining: number;
}

export type CliqueSearch =
  /** The heaviest clique among the candidates; the search returns undefined when none weighs more than the floor. */
  | { readonly exact: true; readonly members: number[]; readonly weight: number }
  /** The budget ran out: `members` are the heaviest vertex of each colour class and `weight` their sum. */
  | { readonly exact: false; readonly members: number[]; readonly weight: number };

/** The greedy colouring bound of the candidates: the heaviest vertex of each colour class, and their total weight. */
export function colouringBound(
  graph: OverlapGraph,
  weights: readonly number[],
  candidates: Uint32Array,
  words: number,
): { members: number[]; weight: number } {
  const left = candidates.slice(0, words);
  const open = new Uint32Array(words);
  const members: number[] = [];
  let weight = 0;
  for (let first = firstBit(left, words); first >= 0; first = firstBit(left, words)) {
    open.set(left);
    let heaviest = first;
    // Each vertex taken removes its neighbours from the class being built, so the class stays pairwise disjoint.
    for (let u = first; u >= 0; u = firstBit(open, words)) {
      if (weights[u] > weights[heaviest]) heaviest = u;
      const row = graph.row(u);
      for (let w = 0; w < words; w++) open[w] &= ~row[w];
      open[u >>> 5] &= ~(1 << (u & 31));
      left[u >>> 5] &= ~(1 << (u & 31));
    }
    members.push(heaviest);
    weight += weights[heaviest];
  }
  return { members, weight };
}

/**
 * The heaviest clique among `candidates` (a bit set over the graph's vertices) that weighs more than `floor`, within
 * `budget` word operations.
 */
export function maxWeightClique(
  graph: OverlapGraph,
  weights: readonly number[],
  candidates: Uint32Array,
  floor: number,
  budget: WorkBudget,
): CliqueSearch | undefined {
  const words = graph.words;
  let best: number[] = [];
  let bestWeight = floor;
  let found = false;
  let exhausted = false;
  const clique: number[] = [];

  const expand = (weight: number, p: Uint32Array, x: Uint32Array): void => {
    const inP = bitsOf(p, words);
    budget.remaining -= (2 * inP.length + 1) * words;
    if (budget.remaining < 0) exhausted = true;
    if (exhausted) return;
    if (inP.length === 0) {
      if (weight > bestWeight) [best, bestWeight, found] = [clique.slice(), weight, true];
      return;
    }
    const bound = colouringBound(graph, weights, p, words);
    if (weight + bound.weight <= bestWeight) return;
    // One vertex per class means every candidate meets every other: the candidates are a clique, so take them all.
    if (bound.members.length === inP.length) {
      [best, bestWeight, found] = [[...clique, ...inP], weight + bound.weight, true];
      return;
    }
    const pivot = choosePivot(graph, p, x, words, budget);
    const pivotRow = graph.row(pivot);
    for (const v of inP) {
      if ((pivotRow[v >>> 5] & (1 << (v & 31))) !== 0) continue;
      const row = graph.row(v);
      const p2 = new Uint32Array(words);
      const x2 = new Uint32Array(words);
      for (let w = 0; w < words; w++) {
        p2[w] = p[w] & row[w];
        x2[w] = x[w] & row[w];
      }
      clique.push(v);
      expand(weight + weights[v], p2, x2);
      clique.pop();
      if (exhausted) return;
      p[v >>> 5] &= ~(1 << (v & 31));
      x[v >>> 5] |= 1 << (v & 31);
    }
  };

  expand(0, candidates.slice(0, words), new Uint32Array(words));
  if (exhausted) return { exact: false, ...colouringBound(graph, weights, candidates, words) };
  return found ? { exact: true, members: best.sort((a, b) => a - b), weight: bestWeight } : undefined;
}

/**
 * The vertex of P ∪ X with the most neighbours in P: branching only on its non-neighbours still reaches every maximal
 * clique.
 */
function choosePivot(graph: OverlapGraph, p: Uint32Array, x: Uint32Array, words: number, budget: WorkBudget): number {
  let pivot = -1;
  let most = -1;
  const both = new Uint32Array(words);
  for (let w = 0; w < words; w++) both[w] = p[w] | x[w];
  const scratch = new Uint32Array(words);
  const all = bitsOf(both, words);
  budget.remaining -= 2 * all.length * words;
  for (const u of all) {
    const row = graph.row(u);
    for (let w = 0; w < words; w++) scratch[w] = p[w] & row[w];
    const c = countBits(scratch, words);
    if (c > most) [pivot, most] = [u, c];
  }
  return pivot;
}

function firstBit(bits: Uint32Array, words: number): number {
  for (let w = 0; w < words; w++) {
    const x = bits[w];
    if (x !== 0) return (w << 5) + 31 - Math.clz32(x & -x);
  }
  return -1;
}
