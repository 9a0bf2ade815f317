/**
 * Exact Bernoulli(exp(−γ)) for a rational γ ≥ 0.
 *
 * Canonne, Kamath, Steinke. "The Discrete Gaussian for Differential Privacy." NeurIPS 2020, Algorithm 1.
 * For γ ∈ [0, 1] it runs the alternating series of e^−γ with Bernoulli(γ/k) trials; for γ > 1 it multiplies
 * ⌊γ⌋ independent Bernoulli(e^−1) trials and one Bernoulli(e^−(γ−⌊γ⌋)), stopping at the first failure.
 * Only integer arithmetic is used, so the output distribution is exact.
 */
import type { RandomSource } from '../../core/random.js';
import { bernoulli } from './uniform.js';

/** True with probability exp(−num/den); num ≥ 0, den > 0. */
export function bernoulliExp(num: bigint, den: bigint, rng: RandomSource): boolean {
  if (num < 0n || den <= 0n) throw new RangeError(`bernoulliExp: γ must be a non-negative rational, got ${num}/${den}`);
  let whole = num / den;
  while (whole > 0n) {
    if (!bernoulliExpUnit(1n, 1n, rng)) return false;
    whole--;
  }
  return bernoulliExpUnit(num % den, den, rng);
}

/** Bernoulli(exp(−γ)) for γ = num/den ∈ [0, 1]: K is the first k with a failed Bernoulli(γ/k); return K odd. */
function bernoulliExpUnit(num: bigint, den: bigint, rng: RandomSource): boolean {
  let k = 1n;
  while (bernoulli(num, den * k, rng)) k++;
  return k % 2n === 1n;
}
