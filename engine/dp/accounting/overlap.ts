/**
 * Parallel composition over overlapping predicate queries: the privacy cost of a set of queries whose WHERE clauses
 * are conjunctions of per-attribute predicates is the largest total cost of queries that one record can fall into
 * together — the heaviest set of queries sharing a common point.
 *
 * Seed "DP query tutorial" (クエリグラフの最大クリーク), after Smith et al. "Making the Most of Parallel Composition
 * in Differential Privacy", PoPETs 2022, and Inan et al., IEEE TDSC 2017. For interval predicates (boxes) pairwise
 * overlap implies a common point (Helly's theorem in one dimension, applied per axis), so this is exactly the
 * maximum-weight clique of the overlap graph. For categorical set predicates the common-point bound is at most the
 * clique bound and still sound, because a record is one point. A record at point p changes exactly the queries
 * containing p, so Σ_{q ∋ p} ε_q is the loss for that record, and the maximum over p is the cost.
 *
 * The search is exact: for each attribute it tries only the lower endpoints of the remaining queries' intervals (the
 * deepest point of any set of intervals is the largest of their lower endpoints) or the values named in their sets,
 * filters the queries containing that coordinate and recurses, pruning when the remaining weight cannot beat the best.
 */
import { PrivacyError } from '../../core/measures.js';
import { add, compare, fromDecimal, toCostNumber, ZERO, type Rational } from '../../core/rational.js';

/** lo ≤ x ≤ hi (or strict with `loOpen`/`hiOpen`); a missing bound is unbounded. */
export interface RangePredicate {
  readonly kind: 'range';
  readonly lo?: number;
  readonly hi?: number;
  readonly loOpen?: boolean;
  readonly hiOpen?: boolean;
}

/** x ∈ values. */
export interface SetPredicate {
  readonly kind: 'set';
  readonly values: readonly string[];
}

export type Predicate = RangePredicate | SetPredicate;

export interface PredicateQuery {
  readonly id: string;
  /** Attribute → predicate; an attribute that is absent is unconstrained. */
  readonly where: Readonly<Record<string, Predicate>>;
  /** The query's cost (ε, or ρ — any measure that adds under sequential composition). */
  readonly cost: number;
}

export interface OverlapResult {
  /** The largest total cost over queries sharing a point (rounded up). */
  readonly total: number;
  /** The ids of those queries, in input order. */
  readonly clique: readonly string[];
  /** A witness point: per constrained attribute, a coordinate inside every query of the clique. */
  readonly point: Readonly<Record<string, number | string>>;
}

/** A coordinate on an ordered axis: value, and a side −1/0/+1 for "just below", "at", "just above". */
type Key = readonly [number, number];
const cmpKey = (a: Key, b: Key) => (a[0] !== b[0] ? (a[0] < b[0] ? -1 : 1) : a[1] - b[1]);
const lowKey = (p: RangePredicate): Key => [p.lo ?? -Infinity, p.lo !== undefined && p.loOpen ? 1 : 0];
const highKey = (p: RangePredicate): Key => [p.hi ?? Infinity, p.hi !== undefined && p.hiOpen ? -1 : 0];

function validate(q: PredicateQuery): void {
  if (!(q.cost >= 0) || !Number.isFinite(q.cost)) throw new PrivacyError(`query ${q.id}: cost must be a finite number ≥ 0, got ${q.cost}`);
  for (const [attr, p] of Object.entries(q.where)) {
    if (p.kind === 'range' && [p.lo, p.hi].some((x) => x !== undefined && Number.isNaN(x))) {
      throw new PrivacyError(`query ${q.id}: bound on '${attr}' is not a number`);
    }
  }
}

/** Whether predicate p (or no predicate) admits the coordinate c. */
function admits(p: Predicate | undefined, c: Key | string): boolean {
  if (p === undefined) return true;
  if (p.kind === 'set') return typeof c === 'string' && p.values.includes(c);
  if (typeof c === 'string') return false;
  return cmpKey(lowKey(p), c) <= 0 && cmpKey(c, highKey(p)) <= 0;
}

export function maxOverlap(queries: readonly PredicateQuery[]): OverlapResult {
  queries.forEach(validate);
  const weights = queries.map((q) => fromDecimal(q.cost));
  const attributes = [...new Set(queries.flatMap((q) => Object.keys(q.where)))].sort();
  for (const a of attributes) {
    const kinds = new Set(queries.map((q) => q.where[a]?.kind).filter((k) => k !== undefined));
    if (kinds.size > 1) throw new PrivacyError(`attribute '${a}' has both range and set predicates`);
  }
  const weightOf = (idx: readonly number[]): Rational => idx.reduce((s, i) => add(s, weights[i]), ZERO);

  let best: { weight: Rational; members: number[]; point: Record<string, number | string> } = { weight: ZERO, members: [], point: {} };

  const search = (depth: number, alive: number[], point: Record<string, number | string>): void => {
    const w = weightOf(alive);
    if (compare(w, best.weight) <= 0 && best.members.length > 0) return;
    if (depth === attributes.length) {
      best = { weight: w, members: alive, point: { ...point } };
      return;
    }
    const attr = attributes[depth];
    const constrained = alive.filter((i) => queries[i].where[attr] !== undefined);
    if (constrained.length === 0) return search(depth + 1, alive, point);
    const candidates: (Key | string)[] = [];
    for (const i of constrained) {
      const p = queries[i].where[attr];
      if (p.kind === 'set') candidates.push(...p.values);
      else candidates.push(lowKey(p));
    }
    const seen = new Set<string>();
    for (const c of candidates) {
      const id = typeof c === 'string' ? `s:${c}` : `k:${c[0]}:${c[1]}`;
      if (seen.has(id)) continue;
      seen.add(id);
      const inside = alive.filter((i) => admits(queries[i].where[attr], c));
      if (inside.length === 0) continue;
      point[attr] = typeof c === 'string' ? c : c[0];
      search(depth + 1, inside, point);
      delete point[attr];
    }
  };

  if (queries.length > 0) search(0, queries.map((_, i) => i), {});
  return {
    total: toCostNumber(best.weight),
    clique: best.members.map((i) => queries[i].id),
    point: best.point,
  };
}
