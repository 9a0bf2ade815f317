/**
 * Utility bounds shown before a release: how far the answer may be from the truth, with what probability.
 *
 * - Laplace (Dwork & Roth 2014, Theorem 3.8; seed "PETs lecture", ラプラスメカニズムの理論的有用性):
 *   Pr[|error| > b·ln(1/β)] ≤ β with b = Δ₁/ε. On a grid of 2^k add 1.5·2^k (one step of discrete tail, half a step
 *   of rounding; see laplace.md).
 * - Exponential mechanism (McSherry & Talwar 2007; seed 指数メカニズムの理論的有用性):
 *   Pr[u(y) ≤ H − (2Δ/ε)(ln(|Y|/|Y_H|) + t)] ≤ e^{−t}.
 * - Gaussian: Pr[|error| > σ√(2 ln(2/β))] ≤ β (sub-Gaussian tail; CKS20 §2.4 for the discrete Gaussian).
 * Bounds are rounded up (they are promises about the largest error).
 */
import { PrivacyError } from '../../core/measures.js';
import { roundUp } from '../accounting/rounding.js';

function checkBeta(beta: number): void {
  if (!(beta > 0 && beta < 1)) throw new PrivacyError(`β must be in (0, 1), got ${beta}`);
}

/** The error a Laplace release of scale b exceeds with probability ≤ β; `k` adds the grid's 1.5·2^k. */
export function laplaceErrorBound(scale: number, beta: number, k?: number): number {
  checkBeta(beta);
  if (!(scale >= 0)) throw new PrivacyError(`scale must be ≥ 0, got ${scale}`);
  // (Δ/ε)·ln(1/β).
  const continuous = roundUp(scale * -Math.log(beta));
  return k === undefined ? continuous : roundUp(continuous + 1.5 * 2 ** k);
}

/** The error a Gaussian release of standard deviation σ exceeds with probability ≤ β; `k` as for Laplace. */
export function gaussianErrorBound(sigma: number, beta: number, k?: number): number {
  checkBeta(beta);
  // σ√(2 ln(2/β)) from Pr[|Z| > t] ≤ 2e^{−t²/(2σ²)}.
  const continuous = roundUp(sigma * Math.sqrt(2 * Math.log(2 / beta)));
  return k === undefined ? continuous : roundUp(continuous + 1.5 * 2 ** k);
}

export interface ExponentialBoundInput {
  /** H(D): the best score. */
  best: number;
  sensitivity: number;
  epsilon: number;
  /** |Y|: number of candidates. */
  outputs: number;
  /** |Y_H|: number of candidates attaining the best score (1 when unknown — the conservative choice). */
  optimalOutputs?: number;
  /** t > 0: the bound fails with probability ≤ e^{−t}. */
  t: number;
}

/** The score the exponential mechanism's output beats with probability ≥ 1 − e^{−t}, and that probability. */
export function exponentialUtilityBound(input: ExponentialBoundInput): {
  threshold: number;
  loss: number;
  probability: number;
} {
  const { best, sensitivity, epsilon, outputs, t } = input;
  const optimal = input.optimalOutputs ?? 1;
  if (!(epsilon > 0) || !(sensitivity > 0) || !(t > 0)) throw new PrivacyError('ε, Δ and t must be > 0');
  if (!Number.isInteger(outputs) || !Number.isInteger(optimal) || optimal < 1 || optimal > outputs) {
    throw new PrivacyError(`need 1 ≤ |Y_H| ≤ |Y|, got ${optimal} and ${outputs}`);
  }
  // (2Δ/ε)(ln(|Y|/|Y_H|) + t).
  const loss = roundUp(((2 * sensitivity) / epsilon) * (Math.log(outputs / optimal) + t));
  return { threshold: best - loss, loss, probability: -Math.expm1(-t) };
}
