/**
 * The discrete Gaussian on ℤ: Pr[X = x] ∝ exp(−x²/(2σ²)), sampled exactly.
 *
 * Canonne, Kamath, Steinke. "The Discrete Gaussian for Differential Privacy." NeurIPS 2020, Algorithm 3.
 * Rejection sampling from the discrete Laplace with scale t = ⌊σ⌋ + 1: a draw Y is kept with probability
 * exp(−(|Y| − σ²/t)²/(2σ²)), computed exactly by `bernoulliExp` because σ² is rational.
 */
import type { RandomSource } from '../../core/random.js';
import { bernoulliExp } from './bernoulli-exp.js';
import { sampleDiscreteLaplace } from './discrete-laplace.js';
import type { Rational } from '../../core/rational.js';

/** One draw from the discrete Gaussian with variance parameter σ² = num/den (≥ 0). σ² = 0 returns 0. */
export function sampleDiscreteGaussian(sigma2: Rational, rng: RandomSource): bigint {
  const { num, den } = sigma2;
  if (num < 0n) throw new RangeError('discrete Gaussian: σ² must be ≥ 0');
  if (num === 0n) return 0n;
  // t = ⌊σ⌋ + 1 = ⌊√(num/den)⌋ + 1, computed on integers.
  const t = isqrt(num / den) + 1n;
  const laplaceScale = { num: t, den: 1n };
  for (;;) {
    const y = sampleDiscreteLaplace(laplaceScale, rng);
    const absY = y < 0n ? -y : y;
    // γ = (|Y| − σ²/t)² / (2σ²) = (|Y|·t·den − num)² / (2·num·t²·den), all integers.
    const diff = absY * t * den - num;
    const gammaNum = diff * diff;
    const gammaDen = 2n * num * t * t * den;
    if (bernoulliExp(gammaNum, gammaDen, rng)) return y;
  }
}

/** ⌊√n⌋ for n ≥ 0 (Newton's method on BigInt). */
export function isqrt(n: bigint): bigint {
  if (n < 2n) return n;
  // Start above the root: from the double square root when n fits a double, else from 2^⌈bits/2⌉.
  const approx = Math.sqrt(Number(n));
  let x = Number.isFinite(approx) ? BigInt(Math.floor(approx)) + 1n : 1n << BigInt(Math.ceil(n.toString(2).length / 2));
  for (;;) {
    const y = (x + n / x) >> 1n;
    if (y >= x) break;
    x = y;
  }
  while (x * x > n) x--;
  while ((x + 1n) * (x + 1n) <= n) x++;
  return x;
}
