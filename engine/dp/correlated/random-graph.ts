/**
 * The random correlation graphs of Yang, Sato, Nakagawa, "Bayesian Differential Privacy on Correlated Data",
 * SIGMOD 2015, §6.1: of the n(n−1)/2 unit pairs, ⌊n·d/2⌋ chosen uniformly without replacement get weight 1, so the
 * average degree is d. Used by the tests and by `npm run bench -- correlated` to redo the paper's Figure 4 experiment.
 */
import { PrivacyError } from '../../core/measures.js';
import type { RandomSource } from '../../core/random.js';
import { uniformBelowSmall } from '../samplers/uniform.js';
import type { CorrelationGraph, Edge } from './correlation-graph.js';

export function randomCorrelationGraph(n: number, degree: number, rng: RandomSource): CorrelationGraph {
  if (!Number.isInteger(n) || n < 2) throw new PrivacyError(`a random graph needs at least 2 units, got ${n}`);
  const pairs = (n * (n - 1)) / 2;
  const m = Math.floor((n * degree) / 2);
  if (!(degree >= 0) || m > pairs) throw new PrivacyError(`average degree must be within 0…${n - 1}, got ${degree}`);
  // Floyd's algorithm: m distinct pair indices in O(m) draws, without materialising all pairs.
  const chosen = new Set<number>();
  for (let j = pairs - m; j < pairs; j++) {
    const t = uniformBelowSmall(j + 1, rng);
    chosen.add(chosen.has(t) ? j : t);
  }
  const edges: Edge[] = [];
  for (const k of chosen) {
    // Pair index k ↦ (a, b), a < b, in row-major order of the upper triangle.
    let a = 0;
    let rest = k;
    while (rest >= n - 1 - a) rest -= n - 1 - a++;
    edges.push({ a, b: a + 1 + rest, w: 1 });
  }
  return { n, edges };
}
