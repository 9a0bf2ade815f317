/**
 * What a local release's estimates will be worth before it runs, from n, ε and the protocol's parameters alone: the
 * standard error of each estimated count (Wang, Blocki, Li, Jha 2017 for randomized response; the count-mean sketch's
 * variance derived in docs/ldp.md from Apple 2017's Algorithms 1–3), and the domain size above which the sketch's
 * error is the smaller at this ε and n. The hover, ▶ Run's sentence and the preview state these figures.
 */
import { countMeanSketchVariance, flipProbabilityOf } from '../../../dp/mechanisms/count-mean-sketch-estimate.js';
import { randomizedResponseVariance } from '../../../dp/mechanisms/randomized-response-estimate.js';
import type { LocalQuery } from './local-protocol.js';

/** The keep probability of k-ary randomized response at ε: e^ε/(e^ε + k − 1). */
export const keepProbabilityOf = (epsilon: number, k: number) => 1 / (1 + (k - 1) * Math.exp(-epsilon));

/**
 * The standard error of one estimated count among n reports over a domain of k values, n_v of which hold the value
 * (n_v = 0: Wang et al.'s Var*); for the sketch, `othersSquared` = Σ n_{d′}² over the other values, by default the
 * other units spread evenly over the other k − 1 values.
 */
export function expectedStandardError(
  q: LocalQuery,
  k: number,
  n: number,
  nv = 0,
  othersSquared = (n - nv) ** 2 / Math.max(1, k - 1),
): number {
  if (q.protocol === 'randomized-response')
    return Math.sqrt(randomizedResponseVariance(n, nv, keepProbabilityOf(q.epsilon, k), k));
  return Math.sqrt(
    countMeanSketchVariance(n, nv, othersSquared, flipProbabilityOf(q.epsilon), q.hashes ?? 256, q.width ?? 1024),
  );
}

/**
 * The smallest domain size at which the sketch's standard error (at width m, a value held by no one) is below k-ary
 * randomized response's at this ε and n, or undefined when randomized response wins up to `limit` values. Randomized
 * response's Var* = n(e^ε + k − 2)/(e^ε − 1)² grows with k while the sketch's does not depend on it.
 */
export function sketchBeatsResponseAt(
  epsilon: number,
  n: number,
  m: number,
  hashes = 256,
  limit = 1_000_000_000,
): number | undefined {
  // The sketch's variance for a value no unit holds, the others spread thinly (Σ n_{d′}² → 0 as the domain grows).
  const sketch = countMeanSketchVariance(n, 0, 0, flipProbabilityOf(epsilon), hashes, m);
  const e = Math.exp(epsilon);
  // n(e + k − 2)/(e − 1)² > sketch ⇔ k > sketch·(e − 1)²/n − e + 2.
  const k = Math.max(2, Math.floor((sketch * (e - 1) ** 2) / n - e + 2) + 1);
  return k <= limit ? k : undefined;
}
