/**
 * Population uniques by Zayatz's method.
 *
 * Published in: Zayatz LV. Estimation of the number of unique population elements using a sample. US Bureau of the
 * Census, 1991 (cited so by ARX's `risk/ModelZayatz.java`, whose computation this reproduces).
 *
 * A class of size s in the population of N contributes a sample unique with the hypergeometric probability
 * P_s = P(X = 1), X ~ Hypergeometric(N, s, n). Weighting the population class sizes by the sample's class-size
 * distribution, the probability that a sample unique comes from a population unique is
 *   P(cond) = (c₁/u)·P₁ / Σ_s (c_s/u)·P_s,
 * and the population uniques are estimated as c₁·P(cond)/f. This is what ARX's `risk/ModelZayatz.java` computes.
 */
import { classesOfSize, type ClassSizeHistogram } from './class-size-histogram.js';
import type { PopulationModel } from './population-model.js';

export interface ZayatzEstimate {
  /** Estimated population uniques (0 when the sample has no uniques). */
  readonly populationUniques: number;
  /** P(cond): the probability that a sample unique is a population unique. */
  readonly conditionalUniqueness: number;
}

export function zayatz(h: ClassSizeHistogram, population: PopulationModel): ZayatzEstimate {
  const c1 = classesOfSize(h, 1);
  if (c1 === 0 || h.rows === 0) return { populationUniques: 0, conditionalUniqueness: 0 };
  const N = population.populationSize;
  const n = h.rows;
  const u = h.classes;
  let denominator = 0;
  h.sizes.forEach((s, i) => (denominator += (h.counts[i] / u) * hypergeometricOne(N, s, n)));
  const conditionalUniqueness = ((c1 / u) * hypergeometricOne(N, 1, n)) / denominator;
  return { populationUniques: (c1 * conditionalUniqueness) / population.samplingFraction, conditionalUniqueness };
}

/**
 * P(X = 1) for X ~ Hypergeometric(population N, successes s, draws n) = s·C(N−s, n−1)/C(N, n), which simplifies to
 * s·(n/N)·Π_{j=1}^{s−1} (N−n−j+1)/(N−j). Computed as that product, in logs, so it neither overflows nor cancels.
 */
export function hypergeometricOne(N: number, s: number, n: number): number {
  if (s < 1 || n < 1 || s > N || n > N) return 0;
  if (n - 1 > N - s) return 0;
  let log = Math.log(s) + Math.log(n) - Math.log(N);
  for (let j = 1; j < s; j++) {
    const numerator = N - n - j + 1;
    if (numerator <= 0) return 0;
    log += Math.log(numerator) - Math.log(N - j);
  }
  return Math.exp(log);
}
