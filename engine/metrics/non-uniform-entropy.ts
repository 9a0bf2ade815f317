import type { AnonymizationProblem } from '../search/problem.js';
import { arxLog2, arxRound, valueCounts, type Metric } from '../search/metric.js';

/**
 * Non-uniform entropy, monotonic variant: for each quasi-identifier, −Σ_v cnt(v)·log2(cnt(v)/cnt(gen(v))) over all
 * rows (suppressed ones included, as if only generalized), floored to 10^-10 as ARX does, then summed in column order.
 * Gionta, Kifer and Gehrke, "Injecting utility into anonymized datasets", SIGMOD 2006; computed as ARX's
 * MetricMDNUEntropyPrecomputed, whose numbers we reproduce bit for bit.
 *
 * Each attribute's term depends on its level alone, so the whole metric is a table lookup per node.
 */
export function makeEntropyMetric(problem: AnonymizationProblem): Metric {
  const terms = entropyTerms(problem).map((raw) => raw.map((x) => arxRound(x === 0 ? 0 : -x)));
  const bound = (levels: readonly number[]) => {
    let sum = 0;
    for (let i = 0; i < levels.length; i++) sum += terms[i][levels[i]];
    return sum;
  };
  return { name: 'non-uniform entropy', monotonic: true, boundIsExact: true, bound, value: (e) => bound(e.levels) };
}

/**
 * `raw[i][l]` = Σ_v cnt(v)·log2(cnt(v)/cnt(gen_l(v))) for quasi-identifier i at level l (≤ 0), summed over the
 * column's values in dictionary order as ARX sums over its dictionary ids.
 */
export function entropyTerms(problem: AnonymizationProblem): number[][] {
  return problem.qi.map((q) => {
    const h = q.hierarchy;
    const n0 = h.levelValues[0].length;
    const counts = valueCounts(q.codes, n0, problem.weights);
    return h.levelCodes.map((codes, l) => {
      const generalized = new Float64Array(h.levelValues[l].length);
      for (let v = 0; v < n0; v++) generalized[codes[v]] += counts[v];
      let raw = 0;
      for (let v = 0; v < n0; v++) {
        const a = counts[v];
        if (a !== 0) raw += a * arxLog2(a / generalized[codes[v]]);
      }
      return raw;
    });
  });
}
