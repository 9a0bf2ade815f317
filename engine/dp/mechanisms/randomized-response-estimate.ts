/**
 * The server side of k-ary randomized response: unbiased counts from the reports and their variance.
 *
 * Each unit reports its value with probability p and each other value with probability q = (1 − p)/(k − 1); with
 * ε-LDP p = e^ε/(e^ε + k − 1), q = 1/(e^ε + k − 1) (Warner 1965; Wang, Blocki, Li, Jha, "Locally Differentially Private
 * Protocols for Frequency Estimation", USENIX Security 2017, §4.1 "direct encoding"). If C_v of n reports say v and n_v
 * units hold v, E[C_v] = n_v·p + (n − n_v)·q, so ĉ_v = (C_v − n·q)/(p − q) is unbiased, with
 *
 *   Var[ĉ_v] = (n_v·p(1 − p) + (n − n_v)·q(1 − q)) / (p − q)²      (exact: C_v is a sum of Bernoullis)
 *
 * Wang et al.'s Var* drops the n_v term: n·q(1 − q)/(p − q)², which with their p and q is n·(e^ε + k − 2)/(e^ε − 1)²
 * (as a frequency ĉ_v/n: (e^ε + k − 2)/(n(e^ε − 1)²)); `randomizedResponseVarianceStar` states it. The standard error
 * in a release is the exact form with n_v replaced by the estimate clamped to [0, n]: it reads only the reports.
 */
import { PrivacyError } from '../../core/measures.js';

/** The probabilities of one report: keep the true value with `p`, report each other given value with `q`. */
export function otherProbability(p: number, k: number): number {
  return (1 - p) / (k - 1);
}

/** Var[ĉ_v] for n reports of which n_v come from units holding v (exact). */
export function randomizedResponseVariance(n: number, nv: number, p: number, k: number): number {
  const q = otherProbability(p, k);
  return (nv * p * (1 - p) + (n - nv) * q * (1 - q)) / (p - q) ** 2;
}

/** Wang et al.'s Var* = n·(e^ε + k − 2)/(e^ε − 1)²: the variance of a count whose true frequency is small. */
export function randomizedResponseVarianceStar(n: number, epsilon: number, k: number): number {
  const e = Math.exp(epsilon);
  return (n * (e + k - 2)) / (e - 1) ** 2;
}

export interface FrequencyEstimates {
  /** Reports read. */
  readonly n: number;
  /** The unbiased count of each domain value, in the domain's order. */
  readonly estimates: Float64Array;
  /** Each estimate's standard error (the variance at the clamped estimate: post-processing of the reports). */
  readonly standardErrors: Float64Array;
  /**
   * A bound on the variance of Σ_d f̃(d) around n, where that sum is random (the count-mean sketch); absent where the
   * sum is n exactly (randomized response: Σ_v (C_v − nq)/(p − q) = n).
   */
  readonly sumVariance?: number;
}

/** ĉ_v = (C_v − n·q)/(p − q) for every value, from the count of reports of each value. */
export function randomizedResponseEstimates(counts: ArrayLike<number>, p: number): FrequencyEstimates {
  const k = counts.length;
  if (k < 2) throw new PrivacyError('randomized response: the domain needs at least two values');
  const q = otherProbability(p, k);
  if (!(p > q)) throw new PrivacyError(`randomized response: keep probability ${p} must exceed ${q}`);
  let n = 0;
  for (let v = 0; v < k; v++) n += counts[v];
  const estimates = new Float64Array(k);
  const standardErrors = new Float64Array(k);
  for (let v = 0; v < k; v++) {
    estimates[v] = (counts[v] - n * q) / (p - q);
    const nv = Math.min(n, Math.max(0, estimates[v]));
    standardErrors[v] = Math.sqrt(randomizedResponseVariance(n, nv, p, k));
  }
  return { n, estimates, standardErrors };
}
