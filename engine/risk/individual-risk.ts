/**
 * The individual re-identification risk of a sample record under the negative-binomial superpopulation model of
 * μ-ARGUS and sdcMicro: a record whose key combination occurs f_k times in the sample, standing for F̂_k = Σ weights
 * people in the population, is re-identified with probability r_k = E[1/F_k | f_k], where F_k − f_k given f_k is
 * negative binomial with success probability p_k = f_k / F̂_k:
 *
 *   P(F_k = h | f_k) = C(h−1, f_k−1) · p_k^f_k · q_k^(h−f_k),  h ≥ f_k,  q_k = 1 − p_k.
 *
 * Published in: Benedetti R, Franconi L. Statistical and technological solutions for controlled data dissemination.
 * Pre-proceedings of New Techniques and Technologies for Statistics, Sorrento, 1998, 225–232 (the model and the exact
 * risk); Franconi L, Polettini S. Individual risk estimation in μ-Argus: a review. Privacy in Statistical Databases,
 * LNCS 3050, Springer 2004, 262–272 (the closed forms for f_k = 1, 2 and the approximation p_k / (f_k − q_k) for
 * f_k > 2). sdcMicro (`indivRisk`, `measure_risk`) computes the same branches.
 *
 *   f_k = F̂_k        r = 1/f_k                         (the class is its whole population: no sampling uncertainty)
 *   f_k = 1           r = (p/q)·ln(1/p)
 *   f_k = 2           r = p/q − (p/q)²·ln(1/p)
 *   f_k > 2, approx   r = p / (f_k − q)
 *   f_k > 2, exact    r = Σ_{h ≥ f_k} (1/h)·P(F_k = h | f_k) = p·∫_0^1 u^(f_k−1)/(p + q·u) du   (by quadrature)
 */

import { integrate } from './gauss-legendre.js';

export type IndividualRiskMethod = 'approx' | 'exact';

export const INDIVIDUAL_RISK_METHODS: readonly IndividualRiskMethod[] = ['approx', 'exact'];

/**
 * r_k for a class of `fk` sample records whose weights sum to `Fk`. Requires fk ≥ 1 and Fk ≥ fk (every weight is at
 * least 1: a sampled record stands for itself and possibly others); callers validate the weights and name the bad cell.
 */
export function individualRisk(fk: number, Fk: number, method: IndividualRiskMethod = 'approx'): number {
  if (!(Number.isInteger(fk) && fk >= 1))
    throw new RangeError(`the sample frequency must be an integer ≥ 1, got ${fk}`);
  if (!(Number.isFinite(Fk) && Fk >= fk))
    throw new RangeError(`the population estimate F̂ must be at least the sample frequency ${fk}, got ${Fk}`);
  if (fk === Fk) return 1 / fk;
  const p = fk / Fk;
  const q = 1 - p;
  if (fk === 1) return (p / q) * Math.log(1 / p);
  if (fk === 2) return p / q - (p / q) ** 2 * Math.log(1 / p);
  return method === 'approx' ? p / (fk - q) : exactIntegral(fk, p, q);
}

/**
 * E[1/F | f] as an integral. With 1/h = ∫_0^1 t^(h−1) dt the negative-binomial series sums to
 * ∫_0^1 (p·t / (1 − q·t))^f dt/t, and u = p·t / (1 − q·t) turns it into
 *
 *   r = p · ∫_0^1 u^(f−1) / (p + q·u) du,
 *
 * a smooth integrand on [0, 1] (check: f = 1 gives (p/q)·ln(1/p)). The closed form of Benedetti & Franconi is an
 * alternating sum of terms of size p^(1−f): they cancel (9 digits left at f = 200, p = 0.05) and overflow to NaN once
 * p^(1−f) passes 1e308; the series itself needs about 40/p terms. Adaptive Gauss–Legendre quadrature needs a few
 * hundred evaluations at any p and f.
 */
function exactIntegral(f: number, p: number, q: number): number {
  // The approximation is within a small factor of the exact risk, so it sets the scale of the absolute tolerance.
  const scale = p / (f - q);
  return p * integrate((u) => (u === 0 ? 0 : Math.exp((f - 1) * Math.log(u)) / (p + q * u)), 0, 1, (1e-16 * scale) / p);
}

/**
 * Σ values with Neumaier's compensated summation. The expected number of re-identifications adds tens of thousands of
 * risks of very different sizes; R's `sum` accumulates in extended precision, and compensation reproduces its result
 * to the last digit where a plain loop drifts by a few units in the 14th significant digit.
 */
export function compensatedSum(values: ArrayLike<number>): number {
  let sum = 0;
  let compensation = 0;
  for (let i = 0; i < values.length; i++) {
    const x = values[i];
    const t = sum + x;
    compensation += Math.abs(sum) >= Math.abs(x) ? sum - t + x : x - t + sum;
    sum = t;
  }
  return sum + compensation;
}
