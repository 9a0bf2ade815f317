import type { AnonymizationProblem } from '../search/problem.js';
import { arxLog2, arxRound, type Metric } from '../search/metric.js';
import { entropyTerms, makeEntropyMetric } from './non-uniform-entropy.js';

/**
 * Non-uniform entropy, non-monotonic variant (ARX's MetricMDNUNMEntropyPrecomputed): the monotonic value plus, per
 * quasi-identifier, the entropy of the generalized values among the suppressed rows, −Σ_g c_g·log2(c_g/S), where c_g
 * counts suppressed rows whose generalized value is g and S is the number of suppressed rows. Suppression therefore
 * costs what it hides, and the metric is no longer monotonic; the monotonic value is its lower bound.
 */
export function makeEntropyNmMetric(problem: AnonymizationProblem): Metric {
  const raw = entropyTerms(problem);
  const monotonic = makeEntropyMetric(problem);
  return {
    name: 'non-uniform entropy (non-monotonic)',
    monotonic: false,
    boundIsExact: false,
    bound: monotonic.bound,
    value(e) {
      const { cells, classPass } = e;
      const suppressedCells: number[] = [];
      let suppressed = 0;
      if (e.valid) {
        for (let j = 0; j < cells.count; j++) {
          if (classPass[cells.classOf[j]] === 0) {
            suppressedCells.push(j);
            suppressed += cells.counts[j];
          }
        }
      }
      let sum = 0;
      for (let i = 0; i < problem.qi.length; i++) {
        let r = raw[i][e.levels[i]];
        if (suppressed !== 0) {
          const byValue = new Map<number, number>();
          const codes = cells.codes[i];
          for (const j of suppressedCells) byValue.set(codes[j], (byValue.get(codes[j]) ?? 0) + cells.counts[j]);
          for (const count of byValue.values()) r += count * arxLog2(count / suppressed);
        }
        sum += arxRound(r === 0 ? 0 : -r);
      }
      return sum;
    },
  };
}
