import type { Metric } from './metric.js';
import { Lattice } from './lattice.js';
import { NodeEvaluator, type NodeEvaluation } from './node-evaluator.js';
import type { AnonymizationProblem } from './problem.js';
import { inLevelRange, type SearchOptions, type SearchResult } from './search-types.js';

/**
 * The reference the lattice search is tested against: every node is grouped from the rows' base cells, checked and
 * scored; the optimum is the valid node with the lowest loss, then the lowest level sum, then the lowest node id.
 * No tagging, no roll-up between nodes, no bounds: nothing to get wrong. Nodes outside `options.range` are skipped.
 */
export function exhaustiveSearch(
  problem: AnonymizationProblem,
  metric: Metric,
  options: SearchOptions = {},
): SearchResult {
  const lattice = new Lattice(problem.qi.map((q) => q.hierarchy.height));
  const evaluator = new NodeEvaluator(problem, lattice, 0);
  let best: { loss: number; sum: number; evaluation: NodeEvaluation } | undefined;
  for (let id = 0; id < lattice.size; id++) {
    options.signal?.throwIfAborted();
    if (!inLevelRange(lattice.levels(id), options.range)) continue;
    const e = evaluator.evaluate(id);
    if (!e.valid) continue;
    const loss = metric.value(e);
    const sum = lattice.levelSum(id);
    if (!best || loss < best.loss || (loss === best.loss && sum < best.sum)) best = { loss, sum, evaluation: e };
    options.onProgress?.({ checked: id + 1, resolved: id + 1, nodes: lattice.size });
  }
  return {
    optimum: best ? { levels: best.evaluation.levels, loss: best.loss, evaluation: best.evaluation } : null,
    checked: lattice.size,
    nodes: lattice.size,
    checkedNodes: new Uint8Array(lattice.size).fill(1),
  };
}
