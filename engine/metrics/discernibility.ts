import type { AnonymizationProblem } from '../search/problem.js';
import type { Metric } from '../search/metric.js';

/**
 * Discernibility, monotonic variant DM*: the sum of squared equivalence-class sizes, suppressed classes included
 * (Bayardo and Agrawal, "Data privacy through optimal k-anonymization", ICDE 2005; ARX's MetricSDDiscernability).
 * Merging classes only grows the sum of squares, so the value is monotonic and bounds every generalization.
 */
export function makeDiscernibilityMetric(problem: AnonymizationProblem): Metric {
  return {
    name: 'discernibility (DM*)',
    monotonic: true,
    boundIsExact: false,
    // Every class holds at least one row, so the sum of squares is at least the number of rows.
    bound: () => problem.rowCount,
    value(e) {
      let dm = 0;
      const sizes = e.cells.classSizes;
      for (let c = 0; c < e.cells.classCount; c++) dm += sizes[c] * sizes[c];
      return dm;
    },
  };
}
