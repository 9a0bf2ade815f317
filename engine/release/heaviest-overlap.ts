/**
 * The heaviest clique of the overlap graph, kept as the graph grows one release at a time. A clique of the grown
 * graph either leaves out the newest release (and weighs at most the heaviest clique before) or holds it, and then
 * lies within its neighbours, all earlier releases. So each release needs one search, over its own neighbourhood,
 * never a search over the whole graph again: for n releases that each meet a few others the searches take time
 * linear in n (the overlap tests, one per pair, are the quadratic part, and cheap).
 *
 * Each search has a work budget, and the walk as a whole has one too. A search that runs out charges the colouring
 * bound of the neighbourhood instead (see max-weight-clique.ts): at least the heaviest clique through the release,
 * so the figure stays an upper bound on the loss of any row, and that release says so in a note.
 */
import { add, fromDecimal, sub, ZERO, type Rational } from '../core/rational.js';
import { maxWeightClique, type WorkBudget } from './max-weight-clique.js';
import { bitsOf, type OverlapGraph } from './overlap-graph.js';

/** Word operations one search may spend, and a whole budget walk: about 0.02 s and 0.2 s of one core. */
export const SEARCH_WORK = 2_500_000;
export const WALK_WORK = 25_000_000;
/**
 * A release that meets at most this many earlier ones is always composed exactly, whatever work is left: twelve
 * vertices have at most 3⁴ = 81 maximal cliques (Moon and Moser 1965), so such a search costs a few thousand word
 * operations and a spec of them stays linear.
 */
export const EXACT_NEIGHBOURS = 12;

/** Why a figure is an upper bound, not the exact heaviest clique. */
export interface OverlapBound {
  /** `colouring` when the search ran out of its own budget; `sum` once the walk's budget is spent. */
  readonly kind: 'colouring' | 'sum';
  /** The release (vertex) whose neighbourhood was bounded. */
  readonly vertex: number;
  /**
   * How many earlier releases overlap it, and (for the colouring) into how many groups of pairwise disjoint regions
   * they were split.
   */
  readonly overlapping: number;
  readonly groups: number;
}

export class HeaviestOverlap {
  /** The vertices whose costs compose to the figure: a clique, or under a bound a set that outweighs every clique. */
  members: number[] = [];
  weight = 0;
  /** The members' costs added exactly on the decimals they print as, kept up to date by difference. */
  exactSum: Rational = ZERO;
  /** Set while the figure is an upper bound rather than an exact clique. */
  bound?: OverlapBound;
  private memberBits = new Uint32Array(1);

  /**
   * `exact` is a vertex's cost added exactly: by default the decimal its weight prints as; a vertex that stands for
   * several releases of one region (ledger-summary.ts) gives their exact sum instead.
   */
  constructor(
    private readonly graph: OverlapGraph,
    private readonly weights: readonly number[],
    private readonly budget: WorkBudget,
    private readonly exact: (v: number) => Rational = (v) => fromDecimal(weights[v]),
  ) {}

  /** Takes in the newest vertex `v`; returns the bound when this vertex raised the figure by an upper bound. */
  add(v: number): OverlapBound | undefined {
    const { graph, weights } = this;
    const words = graph.words;
    const row = graph.row(v);
    const near = bitsOf(row, words);
    let reach = weights[v];
    for (const u of near) reach += weights[u];
    // No clique through v can outweigh the figure: it stays, exact or bounded as it was.
    if (reach <= this.weight) return undefined;
    // Every region v meets is in the heaviest clique so far, so they meet each other too: v and they are the clique.
    if (!this.bound && isSubset(row, this.memberBits, words)) return this.take([...near, v], reach, undefined);
    const small = near.length <= EXACT_NEIGHBOURS;
    // The walk's work is spent: charge v and every region it meets, at least any clique through v (costs are
    // non-negative).
    if (!small && this.budget.remaining <= 0)
      return this.take([...near, v], reach, { kind: 'sum', vertex: v, overlapping: near.length, groups: near.length });
    const search = { remaining: small ? Number.MAX_SAFE_INTEGER : Math.min(this.budget.remaining, SEARCH_WORK) };
    const before = search.remaining;
    const found = maxWeightClique(graph, weights, row, this.weight - weights[v], search);
    if (!small) this.budget.remaining -= before - search.remaining;
    if (!found || found.weight + weights[v] <= this.weight) return undefined;
    const bound: OverlapBound | undefined = found.exact
      ? undefined
      : { kind: 'colouring', vertex: v, overlapping: near.length, groups: found.members.length };
    return this.take([...found.members, v], found.weight + weights[v], bound);
  }

  private take(members: number[], weight: number, bound: OverlapBound | undefined): OverlapBound | undefined {
    // The heaviest set mostly grows by the newest release: adding and removing the difference keeps this linear.
    const before = new Set(this.members);
    const after = new Set(members);
    for (const m of before) if (!after.has(m)) this.exactSum = sub(this.exactSum, this.exact(m));
    for (const m of after) if (!before.has(m)) this.exactSum = add(this.exactSum, this.exact(m));
    this.members = members;
    this.weight = weight;
    this.bound = bound;
    this.memberBits = new Uint32Array(this.graph.words);
    for (const m of members) this.memberBits[m >>> 5] |= 1 << (m & 31);
    return bound;
  }
}

function isSubset(a: Uint32Array, b: Uint32Array, words: number): boolean {
  for (let w = 0; w < words; w++) if ((a[w] & ~(b[w] ?? 0)) !== 0) return false;
  return true;
}
