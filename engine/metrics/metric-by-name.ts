import type { AnonymizationProblem } from '../search/problem.js';
import { makeDiscernibilityMetric } from './discernibility.js';
import { makeHeightMetric } from './height.js';
import { makeL1Metric } from './l1.js';
import { makeLossMetric } from './loss.js';
import type { Metric } from '../search/metric.js';
import { makeEntropyMetric } from './non-uniform-entropy.js';
import { makeEntropyNmMetric } from './non-uniform-entropy-nm.js';

/** The metric names of the command line and the spec language. */
export const METRIC_NAMES = ['entropy', 'entropy-nm', 'loss', 'discernibility', 'height', 'l1'] as const;
export type MetricName = (typeof METRIC_NAMES)[number];

export function makeMetric(name: MetricName, problem: AnonymizationProblem): Metric {
  switch (name) {
    case 'entropy':
      return makeEntropyMetric(problem);
    case 'entropy-nm':
      return makeEntropyNmMetric(problem);
    case 'loss':
      return makeLossMetric(problem);
    case 'discernibility':
      return makeDiscernibilityMetric(problem);
    case 'height':
      return makeHeightMetric();
    case 'l1':
      return makeL1Metric(problem);
  }
}
