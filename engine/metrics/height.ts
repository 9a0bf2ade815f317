import type { Metric } from '../search/metric.js';

/**
 * Height: the sum of the generalization levels (ARX's MetricMDHeight with the sum aggregate). It ignores the data
 * and suppression entirely, which makes it the cheapest metric and a useful tie-breaker, not a measure of utility.
 */
export function makeHeightMetric(): Metric {
  const bound = (levels: readonly number[]) => levels.reduce((a, b) => a + b, 0);
  return { name: 'height', monotonic: true, boundIsExact: true, bound, value: (e) => bound(e.levels) };
}
