/**
 * The discrete Laplace distribution on ℤ: Pr[X = x] ∝ exp(−|x|/scale), sampled exactly.
 *
 * Canonne, Kamath, Steinke. "The Discrete Gaussian for Differential Privacy." NeurIPS 2020, Algorithm 2.
 * The scale is a rational t/s. A geometric variable is built from U ∈ [0, t) accepted with probability e^−U/t and
 * V ~ Geometric(1 − e^−1); X = U + tV has Pr[X ≥ x] = e^−x/t, so Y = ⌊X/s⌋ has Pr[Y ≥ j] = e^−js/t, and a random
 * sign (rejecting −0) makes it
 * two-sided. No floating point is involved, so the pmf is exact — unlike the textbook inverse-CDF Laplace in
 * doubles, whose gaps leak the true value (Mironov, "On Significance of the Least Significant Bits", CCS 2012).
 */
import type { RandomSource } from '../../core/random.js';
import { bernoulliExp } from './bernoulli-exp.js';
import { uniformBelow } from './uniform.js';
import type { Rational } from '../../core/rational.js';

/** One draw from the discrete Laplace with scale num/den (> 0). A zero scale returns 0 (no noise). */
export function sampleDiscreteLaplace(scale: Rational, rng: RandomSource): bigint {
  // CKS20 write the scale as t/s.
  const t = scale.num;
  const s = scale.den;
  if (t < 0n) throw new RangeError('discrete Laplace: scale must be ≥ 0');
  if (t === 0n) return 0n;
  for (;;) {
    const u = uniformBelow(t, rng);
    if (!bernoulliExp(u, t, rng)) continue;
    let v = 0n;
    while (bernoulliExp(1n, 1n, rng)) v++;
    const y = (u + t * v) / s;
    const negative = (rng.nextUint32() & 1) === 1;
    if (negative && y === 0n) continue;
    return negative ? -y : y;
  }
}
