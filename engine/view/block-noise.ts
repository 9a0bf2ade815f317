/**
 * The noise on a view's block counts: the discrete Laplace mechanism on integer counts (Canonne, Kamath, Steinke,
 * NeurIPS 2020, through `makeLaplace` with integer inputs, so no grid rounding), one draw per block. Blocks are
 * disjoint, so a row changes one block's count by one and the counts together cost ε once (parallel composition,
 * McSherry, SIGMOD 2009).
 */
import type { Measurement } from '../core/measurement.js';
import type { RandomSource } from '../core/random.js';
import { makeLaplace } from '../dp/mechanisms/laplace.js';

export interface BlockNoise {
  readonly measurement: Measurement<readonly number[], number[]>;
  /** The discrete Laplace scale b: Pr[Z = z] ∝ exp(−|z|/b). */
  readonly scale: number;
  /** Var Z = 2q/(1 − q)² with q = e^(−1/b) (the two-sided geometric distribution's variance). */
  readonly variance: number;
}

/** Noise for `size` disjoint block counts at budget ε (sensitivity 1: one row is in one block). */
export function makeBlockNoise(epsilon: number, size: number, rng: RandomSource): BlockNoise {
  const measurement = makeLaplace({ sensitivity: 1, epsilon, integer: true, size, rng });
  const scale = Number(measurement.parameters.scale);
  return { measurement, scale, variance: discreteLaplaceVariance(scale) };
}

/** The variance of the discrete Laplace with scale b: 2q/(1 − q)², q = e^(−1/b). */
export function discreteLaplaceVariance(scale: number): number {
  const q = Math.exp(-1 / scale);
  // 1 − q loses precision for large b; −expm1(−1/b) is the same number computed accurately.
  const oneMinusQ = -Math.expm1(-1 / scale);
  return (2 * q) / (oneMinusQ * oneMinusQ);
}
