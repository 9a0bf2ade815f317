import type { Metric } from './metric.js';
import { Lattice } from './lattice.js';
import { NodeEvaluator, type NodeEvaluation } from './node-evaluator.js';
import type { AnonymizationProblem } from './problem.js';
import { inLevelRange, isValidityMonotone, type SearchOptions, type SearchResult } from './search-types.js';
import { NodeQueue } from './node-queue.js';
import { monotoneRelaxation } from './relaxation.js';
import { TagState } from './tag-state.js';
import { checkClasses } from './class-check.js';

/**
 * How many searches this process has started. Nothing in the product reads it: tests read it to check that a release
 * decides its generalization once (one search per release, none for the checker's hint on the way).
 */
export const searchesStarted = { count: 0 };

/**
 * The globally optimal full-domain generalization under a privacy model with record suppression, found without
 * visiting the whole lattice. It combines what makes Incognito (LeFevre et al., SIGMOD 2005) and Flash (Kohlmayer
 * et al., "Flash: efficient, stable and optimal k-anonymity", PASSAT 2012) fast:
 *
 * - predictive tagging: when validity is monotonic, a valid node makes every generalization valid and an invalid node
 *   makes every specialization invalid, and the lattice is classified by binary search along chains of nodes;
 * - roll-up: a node's classes are merged from those of a more specific node checked earlier, not from the rows;
 * - bounds: nodes are visited in order of a lower bound on their loss, and the search stops as soon as the bound
 *   exceeds the best loss found; for monotonic metrics a node's loss bounds all of its generalizations.
 *
 * The result equals exhaustive search (`exhaustiveSearch`), ties broken the same way: lower loss, then lower level
 * sum, then lower node id.
 */
export function searchOptimal(
  problem: AnonymizationProblem,
  metric: Metric,
  options: SearchOptions = {},
): SearchResult {
  searchesStarted.count++;
  const lattice = new Lattice(problem.qi.map((q) => q.hierarchy.height));
  checkRange(lattice, options.range);
  const evaluator = new NodeEvaluator(problem, lattice);
  // A restricted lattice (pinned attributes, ARX's min/max level) is walked best-first over its own nodes only; tagging
  // and roll-up still use the whole lattice, since validity and classes do not depend on the restriction.
  const allowed =
    options.range === undefined ? undefined : (id: number) => inLevelRange(lattice.levels(id), options.range);
  // Monotonicity along the lattice needs every generalization to merge classes, which tree-shaped hierarchies
  // guarantee.
  const tree = evaluator.rollUp.treeShaped;
  const tags = new TagState(lattice, tree && isValidityMonotone(problem));
  const metricMonotonic = tree && metric.monotonic;
  // For models that are not monotonic under suppression, a monotonic relaxation still proves nodes invalid in bulk.
  const relaxation = tree && !tags.monotone ? monotoneRelaxation(problem) : [];
  const relaxed = relaxation.length > 0 ? new TagState(lattice, true) : undefined;
  const { bounds, levelSums } = boundsAndLevelSums(lattice, metric);
  const evaluated = new Uint8Array(lattice.size);
  /** Nodes whose classes were computed, for the full model or the relaxation: what `checked` counts. */
  const grouped = new Uint8Array(lattice.size);
  const values = new Float64Array(lattice.size).fill(NaN);
  let best: { id: number; loss: number; evaluation: NodeEvaluation } | undefined;
  let checked = 0;

  const better = (id: number, loss: number) =>
    !best ||
    loss < best.loss ||
    (loss === best.loss &&
      (levelSums[id] < levelSums[best.id] || (levelSums[id] === levelSums[best.id] && id < best.id)));
  const evaluate = (id: number): NodeEvaluation => {
    options.signal?.throwIfAborted();
    const e = evaluator.evaluate(id);
    if (!grouped[id]) checked++;
    grouped[id] = 1;
    evaluated[id] = 1;
    tags.record(id, e.valid);
    if (relaxed && !relaxed.isKnown(id))
      relaxed.record(id, checkClasses(e.cells, relaxation).outliers <= problem.maxOutliers);
    // A monotonic metric's value bounds every generalization, valid or not, so it is kept for invalid nodes too.
    if (e.valid || (metricMonotonic && !metric.boundIsExact))
      values[id] = metric.boundIsExact ? bounds[id] : metric.value(e);
    if (e.valid && (!allowed || allowed(id)) && better(id, values[id])) best = { id, loss: values[id], evaluation: e };
    if (options.onProgress && checked % 16 === 0)
      options.onProgress({ checked, resolved: tags.resolved, nodes: lattice.size });
    return e;
  };
  const settle = (id: number, state: TagState, valid: (node: number) => boolean) =>
    settleChain(lattice, bounds, id, state, valid);
  /** Settles `id` under the full model. */
  const resolve = (id: number) =>
    settle(id, tags, (node) => (tags.isKnown(node) ? tags.isValid(node) : evaluate(node).valid));
  /** Validity under the relaxation alone: grouping and the weaker criteria, counted as a node evaluated. */
  const relaxedValid = (id: number): boolean => {
    if (relaxed!.isKnown(id)) return relaxed!.isValid(id);
    options.signal?.throwIfAborted();
    if (!grouped[id]) checked++;
    grouped[id] = 1;
    const valid = checkClasses(evaluator.cellsOf(id), relaxation).outliers <= problem.maxOutliers;
    relaxed!.record(id, valid);
    return valid;
  };
  /** Settles `id` under the relaxation the way `resolve` settles it under the full model. */
  const resolveRelaxed = (id: number) => settle(id, relaxed!, relaxedValid);
  /** Whether `id` is proved invalid without checking the full model. */
  const ruledOut = (id: number): boolean => {
    if (!relaxed) return false;
    if (!relaxed.isKnown(id)) resolveRelaxed(id);
    return relaxed.isInvalid(id);
  };
  /** Visits nodes in order of their bound and stops once the bound passes the best loss found. */
  const bestFirst = (candidates: ArrayLike<number>) => {
    const queue = new NodeQueue(candidates, bounds, levelSums);
    while (queue.length > 0) {
      const id = queue.pop();
      if (best && bounds[id] > best.loss) break;
      if (evaluated[id] || tags.isInvalid(id) || !better(id, bounds[id])) continue;
      if (!tags.monotone) {
        if (!ruledOut(id)) evaluate(id);
      } else {
        if (!tags.isKnown(id)) resolve(id);
        if (tags.isValid(id) && !evaluated[id]) evaluate(id);
      }
      // With an exact bound, the first valid node in this order is the optimum.
      if (metric.boundIsExact && tags.isValid(id)) break;
    }
  };

  if (allowed) {
    bestFirst(allNodes(lattice).filter(allowed));
  } else if (tags.monotone && metricMonotonic && !metric.boundIsExact) {
    // A monotonic metric's optimum is a minimal valid node (ties go to the lower level sum), and every minimal valid
    // node gets checked by the classification, since tagging only marks nodes above a valid one as valid.
    classify(lattice, tags, levelSums, bounds, values, () => best?.loss, evaluate, options);
  } else if (!tags.monotone && metricMonotonic && !metric.boundIsExact) {
    levelOrderWithInheritedBounds(
      lattice,
      levelSums,
      bounds,
      values,
      () => best?.loss,
      (id) => {
        if (!ruledOut(id)) evaluate(id);
      },
    );
  } else {
    bestFirst(allNodes(lattice));
  }
  options.onProgress?.({ checked, resolved: tags.resolved, nodes: lattice.size });
  return {
    optimum: best ? { levels: best.evaluation.levels, loss: best.loss, evaluation: best.evaluation } : null,
    checked,
    nodes: lattice.size,
    checkedNodes: grouped,
  };
}

/** A level range must give each quasi-identifier a non-empty interval within its hierarchy. */
function checkRange(lattice: Lattice, range: SearchOptions['range']): void {
  if (!range) return;
  lattice.heights.forEach((h, i) => {
    const lo = range.min[i];
    const hi = range.max[i];
    if (!(Number.isInteger(lo) && Number.isInteger(hi) && lo >= 0 && lo <= hi && hi <= h))
      throw new RangeError(`levels ${lo}..${hi} of quasi-identifier ${i} are not within 0..${h}`);
  });
}

/**
 * Settles the validity of `id` in `state`, whose validity is monotonic: a binary search along a chain from `id` to the
 * top finds the chain's lowest valid node, and the highest invalid node checked tags a large down-set (often far more
 * than `id`). `valid` decides one node, evaluating it when `state` does not know it yet.
 */
function settleChain(
  lattice: Lattice,
  bounds: Float64Array,
  id: number,
  state: TagState,
  valid: (node: number) => boolean,
): void {
  const chain = [id];
  for (let cur = id; !state.isValid(cur);) {
    const next = pickSuccessor(lattice, bounds, cur);
    if (next < 0) break;
    chain.push(next);
    cur = next;
  }
  let lo = 0;
  let hi = chain.length - 1;
  let highestInvalid = -1;
  while (lo <= hi && !state.isKnown(id)) {
    const mid = (lo + hi) >> 1;
    if (valid(chain[mid])) hi = mid - 1;
    else {
      lo = mid + 1;
      highestInvalid = chain[mid];
    }
  }
  // Climb from the highest invalid node found to a maximal invalid one: its successors roll up cheaply from it, and
  // every step up tags a larger down-set as invalid.
  for (let u = highestInvalid; u >= 0;) {
    let next = -1;
    for (const s of lattice.successors(u)) {
      if (!state.isKnown(s) && !valid(s)) {
        next = s;
        break;
      }
    }
    u = next;
  }
}

/**
 * Classifies the nodes as valid or invalid when validity and the metric are monotonic. Bottom-up, each untagged node
 * starts a chain that climbs through untagged successors; a binary search along the chain finds its lowest valid node,
 * and each check tags everything above (valid) or below (invalid) it. This is Flash's strategy without its heuristics
 * for choosing among successors. A node whose inherited bound (the largest loss below it) already exceeds the best loss
 * starts no chain: neither it nor anything above it can be the optimum.
 */
function classify(
  lattice: Lattice,
  tags: TagState,
  levelSums: Int32Array,
  bounds: Float64Array,
  values: Float64Array,
  bestLoss: () => number | undefined,
  evaluate: (id: number) => NodeEvaluation,
  options: SearchOptions,
) {
  const inherited = Float64Array.from(bounds);
  const order = Array.from({ length: lattice.size }, (_, id) => id).sort(
    (a, b) => levelSums[a] - levelSums[b] || a - b,
  );
  for (const start of order) {
    inherit(lattice, inherited, values, start);
    if (tags.isKnown(start)) continue;
    const limit = bestLoss();
    if (limit !== undefined && inherited[start] > limit) continue;
    const path = [start];
    for (;;) {
      const next = lattice.successors(path[path.length - 1]).find((s) => !tags.isKnown(s));
      if (next === undefined) break;
      path.push(next);
    }
    let lo = 0;
    let hi = path.length - 1;
    while (lo <= hi) {
      options.signal?.throwIfAborted();
      const mid = (lo + hi) >> 1;
      const id = path[mid];
      const valid = tags.isKnown(id) ? tags.isValid(id) : evaluate(id).valid;
      if (valid) hi = mid - 1;
      else lo = mid + 1;
    }
  }
}

/** The largest of the node's own bound, its value when known, and what its direct specializations inherited. */
function inherit(lattice: Lattice, inherited: Float64Array, values: Float64Array, id: number): void {
  for (const p of lattice.predecessors(id)) {
    const below = Number.isNaN(values[p]) ? inherited[p] : Math.max(values[p], inherited[p]);
    if (below > inherited[id]) inherited[id] = below;
  }
  if (values[id] > inherited[id]) inherited[id] = values[id];
}

/**
 * For a monotonic metric whose bound is not exact (DM*) under a non-monotonic model: bottom-up, a node inherits as its
 * bound the largest loss of its direct specializations (the metric never decreases upward, valid or not), and nodes
 * whose bound already exceeds the best loss are skipped without grouping.
 */
function levelOrderWithInheritedBounds(
  lattice: Lattice,
  levelSums: Int32Array,
  bounds: Float64Array,
  values: Float64Array,
  bestLoss: () => number | undefined,
  evaluate: (id: number) => void,
) {
  const inherited = Float64Array.from(bounds);
  const order = Array.from({ length: lattice.size }, (_, id) => id).sort(
    (a, b) => levelSums[a] - levelSums[b] || a - b,
  );
  for (const id of order) {
    inherit(lattice, inherited, values, id);
    const limit = bestLoss();
    if (limit !== undefined && inherited[id] > limit) continue;
    evaluate(id);
    inherit(lattice, inherited, values, id);
  }
}

/** The successor to climb through: the one with the lowest bound, so that the chain stays where the optimum may be. */
function pickSuccessor(lattice: Lattice, bounds: Float64Array, id: number): number {
  const table = lattice.levelTable();
  const d = lattice.heights.length;
  let pick = -1;
  for (let i = 0; i < d; i++) {
    if (table[id * d + i] === lattice.heights[i]) continue;
    const s = id + lattice.strides[i];
    if (pick < 0 || bounds[s] < bounds[pick]) pick = s;
  }
  return pick;
}

function allNodes(lattice: Lattice): Int32Array {
  const ids = new Int32Array(lattice.size);
  for (let id = 0; id < ids.length; id++) ids[id] = id;
  return ids;
}

/** Every node's metric bound and level sum, visiting the nodes in id order with an odometer over the levels. */
function boundsAndLevelSums(lattice: Lattice, metric: Metric): { bounds: Float64Array; levelSums: Int32Array } {
  const bounds = new Float64Array(lattice.size);
  const levelSums = new Int32Array(lattice.size);
  const levels = new Array<number>(lattice.heights.length).fill(0);
  let sum = 0;
  for (let id = 0; id < lattice.size; id++) {
    bounds[id] = metric.bound(levels);
    levelSums[id] = sum;
    // The last quasi-identifier varies fastest, as in the lattice's mixed-radix numbering.
    for (let i = levels.length - 1; i >= 0; i--) {
      if (levels[i] < lattice.heights[i]) {
        levels[i]++;
        sum++;
        break;
      }
      sum -= levels[i];
      levels[i] = 0;
    }
  }
  return { bounds, levelSums };
}
