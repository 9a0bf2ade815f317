import type { AnonymizationProblem, QuasiIdentifier } from '../search/problem.js';
import { arxRound, valueCounts, type Metric } from '../search/metric.js';

/**
 * Loss (Iyengar, "Transforming data to satisfy privacy constraints", KDD 2002), as ARX's MetricMDNMLoss computes it
 * with the default weighting of generalization against suppression (gs-factor 0.5): per quasi-identifier, a kept row
 * loses the share of the domain its generalized value covers, a suppressed row loses 1; the sum is normalized to [0, 1]
 * between (rows / domain size) and rows, floored to 10^-10, and the attributes are summed (ARX's SUM aggregate;
 * ARX's default for Loss is a lexicographic rank, which has no single number to print).
 *
 * Shares are computed over the values the hierarchy lists, as ARX does for materialized hierarchies, or over the
 * column's values when the hierarchy lists none.
 */
export function makeLossMetric(problem: AnonymizationProblem): Metric {
  const shares = problem.qi.map(domainShares);
  const tuples = problem.rowCount;
  const mins = shares.map((s) => tuples / s.size);
  const normalize = (aggregate: number, i: number) => {
    const result = (aggregate - mins[i]) / (tuples - mins[i]);
    return arxRound(result >= 0 ? result : 0);
  };
  // Without suppression the loss of an attribute depends on its level alone: Σ_v cnt(v)·share(gen(v)).
  const kept = problem.qi.map((q, i) => {
    const counts = valueCounts(q.codes, q.hierarchy.levelValues[0].length, problem.weights);
    return q.hierarchy.levelCodes.map((codes, l) => {
      let sum = 0;
      for (let v = 0; v < counts.length; v++) sum += counts[v] * shares[i].byLevel[l][codes[v]];
      return normalize(sum, i);
    });
  });
  return {
    name: 'loss',
    monotonic: false,
    boundIsExact: false,
    // A suppressed row loses 1 ≥ its share, so the loss of keeping every row generalized is a lower bound. It is
    // summed in another order than `value` sums the same terms, and each attribute is floored to 10^-10, so the two
    // may differ by a step of 10^-10 per attribute; the margin keeps the bound below the value all the same.
    bound(levels) {
      let sum = 0;
      for (let i = 0; i < levels.length; i++) sum += kept[i][levels[i]];
      return sum - 2e-10 * levels.length;
    },
    value(e) {
      const { cells, classPass } = e;
      let sum = 0;
      for (let i = 0; i < problem.qi.length; i++) {
        const share = shares[i].byLevel[e.levels[i]];
        const codes = cells.codes[i];
        let aggregate = 0;
        for (let j = 0; j < cells.count; j++) {
          const count = cells.counts[j];
          aggregate += e.valid && classPass[cells.classOf[j]] === 0 ? count : count * share[codes[j]];
        }
        sum += normalize(aggregate, i);
      }
      return sum;
    },
  };
}

interface DomainShares {
  readonly size: number;
  /** `byLevel[l][g]`: the share of the domain covered by generalized value g at level l. */
  readonly byLevel: Float64Array[];
}

function domainShares(q: QuasiIdentifier): DomainShares {
  const h = q.hierarchy;
  const listed = q.domain !== undefined && q.source !== undefined;
  const size = listed ? q.domain.length : h.levelValues[0].length;
  const byLevel = h.levelValues.map((values, l) => {
    const covered = new Map<string, number>();
    const add = (g: string) => covered.set(g, (covered.get(g) ?? 0) + 1);
    if (listed) for (const v of q.domain) add(q.source.generalize(v)?.[l] ?? v);
    else for (let c = 0; c < h.levelCodes[l].length; c++) add(values[h.levelCodes[l][c]]);
    return Float64Array.from(values, (g) => (covered.get(g) ?? 1) / size);
  });
  return { size, byLevel };
}
