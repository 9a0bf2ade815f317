/**
 * The truncated query of R2T for foreign-key joins without self-joins: Q(I, τ) = Σ_u min(c_u, τ), where c_u ≥ 0 is
 * what unit u contributes (its row count, or the sum of its clamped values). Removing one unit and all its rows
 * changes Q(I, τ) by at most τ and leaves every other unit's c_u unchanged, which is the sensitivity R2T's noise is
 * calibrated to (Dong, Fang, Yi, Tao, Machanavajjhala, SIGMOD 2022).
 *
 * This is the in-memory reference that the SQL of every source must equal exactly, so it works on integers only.
 * Counts are integers. Sums follow engine/dp/fixed-point/exact-sum.ts: every row's value is clamped, rounded once
 * to the grid 2^−k (round half up on x·2^k), clamped again on the grid, and a unit's contribution is the integer sum
 * of its rows' units; the thresholds are compared in the same units (τ·2^k), and each answer is returned as
 * units·2^−k, an exact double. No floating-point addition of values ever happens, so the order of rows cannot
 * change a result.
 */
import { PrivacyError } from '../../core/measures.js';

/** Exact integer arithmetic in doubles stops here; a larger answer is refused rather than rounded. */
const EXACT_LIMIT = 2 ** 53;

/**
 * Q(I, τ) for each τ. `contributions` are integers ≥ 0 in units of 2^−k (k = 0 for counts); `taus` are in value units.
 */
export function truncatedAnswers(contributions: ArrayLike<number>, taus: readonly number[], k = 0): number[] {
  if (!Number.isInteger(k) || k < 0 || k > 60)
    throw new PrivacyError(`R2T: the fixed-point exponent k must be an integer in [0, 60], got ${k}`);
  const scale = 2 ** k;
  const limits = taus.map((tau) => {
    if (!(tau > 0) || !Number.isFinite(tau)) throw new PrivacyError(`R2T: a threshold must be > 0, got ${tau}`);
    const units = tau * scale;
    if (!Number.isInteger(units) || units > EXACT_LIMIT)
      throw new PrivacyError(`R2T: the threshold ${tau} is not a whole number of units of 2^−${k}`);
    return units;
  });
  const totals = limits.map(() => 0);
  for (let u = 0; u < contributions.length; u++) {
    const c = contributions[u];
    if (!Number.isSafeInteger(c) || c < 0)
      throw new PrivacyError(
        // The contribution itself is data: never in the message (the review saw a customer's exact sum there).
        'R2T: a contribution is not a whole number of units ≥ 0 below 2^53; lower the clamp or the bound GS',
      );
    for (let j = 0; j < limits.length; j++) totals[j] += Math.min(c, limits[j]);
    // A sum of integers below 2^53 is exact, and a true sum ≥ 2^53 rounds to a double ≥ 2^53: refusing totals that
    // reach the limit therefore refuses every inexact one.
    if (totals.some((t) => t >= EXACT_LIMIT))
      throw new PrivacyError(`R2T: a truncated answer exceeds 2^53 units of 2^−${k}; use a coarser grid (smaller k)`);
  }
  return totals.map((t) => t / scale);
}
