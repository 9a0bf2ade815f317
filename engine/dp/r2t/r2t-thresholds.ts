/**
 * The truncation thresholds R2T tries: τ_j = 2^j for j = 1 … ⌈log₂ GS⌉ (Dong, Fang, Yi, Tao, Machanavajjhala, "R2T:
 * Instance-optimal Truncation for Differentially Private Query Evaluation with Foreign Keys", SIGMOD 2022).
 *
 * GS is the public upper bound on one unit's contribution. The last threshold is the first power of two ≥ GS, so the
 * largest candidate never truncates a unit within the bound. The number of thresholds is also the number of
 * mechanisms the budget is split over; the paper writes it log₂ GS, which it is exactly when GS is a power of two.
 */
import { PrivacyError } from '../../core/measures.js';

/** The largest GS accepted: 2^52 keeps every threshold, and threshold times a count, an exact double. */
export const MAX_GS = 2 ** 52;

/** τ_j = 2^j, j = 1 … ⌈log₂ GS⌉, in increasing order. */
export function r2tThresholds(gs: number): number[] {
  if (!Number.isInteger(gs) || gs < 2 || gs > MAX_GS)
    throw new PrivacyError(`R2T: the bound GS must be an integer in [2, 2^52], got ${gs}`);
  const taus: number[] = [];
  // The loop stops at the first power of two ≥ GS; powers of two are exact, so no logarithm rounds here.
  for (let tau = 2; ; tau *= 2) {
    taus.push(tau);
    if (tau >= gs) return taus;
  }
}
