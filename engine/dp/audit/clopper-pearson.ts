/**
 * Exact (Clopper–Pearson) confidence bounds for a binomial proportion: with k successes in n trials, the lower bound
 * is the α-quantile of Beta(k, n−k+1) and the upper bound the (1−α)-quantile of Beta(k+1, n−k).
 * C. J. Clopper, E. S. Pearson, "The Use of Confidence or Fiducial Limits Illustrated in the Case of the Binomial",
 * Biometrika 1934. One-sided bounds at level α each; an interval at 1 − 2α.
 */
import { inverseIncompleteBeta } from './special-functions.js';

export interface ProportionBounds {
  readonly estimate: number;
  readonly lower: number;
  readonly upper: number;
}

export function clopperPearson(successes: number, trials: number, alpha: number): ProportionBounds {
  if (!Number.isInteger(trials) || trials < 1 || !Number.isInteger(successes) || successes < 0 || successes > trials) {
    throw new RangeError(`clopperPearson: need 0 ≤ successes ≤ trials, got ${successes}/${trials}`);
  }
  if (!(alpha > 0 && alpha < 0.5)) throw new RangeError(`clopperPearson: α must be in (0, 0.5), got ${alpha}`);
  const lower = successes === 0 ? 0 : inverseIncompleteBeta(alpha, successes, trials - successes + 1);
  const upper = successes === trials ? 1 : inverseIncompleteBeta(1 - alpha, successes + 1, trials - successes);
  return { estimate: successes / trials, lower, upper };
}
