import type { Metric } from '../../engine/search/metric.js';
import { Lattice } from '../../engine/search/lattice.js';
import { NodeEvaluator } from '../../engine/search/node-evaluator.js';
import type { AnonymizationProblem } from '../../engine/search/problem.js';

/**
 * Exhaustive optima for several metrics in one pass over the lattice (each node grouped once, from the rows), with the
 * tie-breaking of `exhaustiveSearch`: lowest loss, then lowest level sum, then lowest node id.
 */
export function exhaustiveOptima(
  problem: AnonymizationProblem,
  metrics: readonly Metric[],
): ({ levels: number[]; loss: number } | null)[] {
  const lattice = new Lattice(problem.qi.map((q) => q.hierarchy.height));
  const evaluator = new NodeEvaluator(problem, lattice, 0);
  const best: ({ levels: number[]; loss: number; sum: number } | null)[] = metrics.map(() => null);
  for (let id = 0; id < lattice.size; id++) {
    const e = evaluator.evaluate(id);
    if (!e.valid) continue;
    const sum = lattice.levelSum(id);
    metrics.forEach((m, i) => {
      const loss = m.value(e);
      const b = best[i];
      if (!b || loss < b.loss || (loss === b.loss && sum < b.sum)) best[i] = { levels: lattice.levels(id), loss, sum };
    });
  }
  return best.map((b) => (b ? { levels: b.levels, loss: b.loss } : null));
}
