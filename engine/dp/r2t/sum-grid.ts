/**
 * The fixed-point grid of an R2T sum (`sum amount clamp L..U … bound unit auto`): every amount is clamped to [L, U],
 * rounded once to a whole number of units of 2^−k (round half up on x·2^k) and clamped again on the grid, as
 * engine/dp/fixed-point/exact-sum.ts does for the other sums (Casacuberta, Shoemate, Vadhan, Wagaman, CCS 2022, §4).
 * Each unit's contribution c_u is then an integer number of units, and Q(I, τ) = Σ_u min(c_u, τ·2^k) is an integer
 * that every source adds exactly, in any order (truncated-sum.ts in memory, engine/source/sql/r2t-sql.ts in SQL).
 *
 * k is chosen from the clamp alone, which is public: the data's own decimals would make the grid, and so the release's
 * report, depend on the data. It is exact-sum.ts's default (max(|L|, |U|)·2^k near 2^20, so 0..1000 gives k = 10 and
 * units of 1/1024), at least 0, and at most 52 − log₂ τ_max so that the largest threshold is an exact whole number of
 * units. Rounding moves each amount by at most 2^−k−1 (a bias far below the noise); it never changes the sensitivity,
 * since a unit's truncated contribution is still at most τ.
 */
import { defaultSumExponent } from '../fixed-point/exact-sum.js';

/** k for a sum clamped to [low, high] with thresholds up to `maxTau` (a power of two). */
export function sumGridExponent(low: number, high: number, maxTau: number): number {
  return Math.max(0, Math.min(defaultSumExponent(low, high), 52 - Math.log2(maxTau)));
}

/**
 * One amount in units of 2^−k: clamped to [low, high] (a NaN counts as low), rounded half up, clamped to
 * [⌈low·2^k⌉, ⌊high·2^k⌋]. low ≥ 0, so round half up is Math.round, and x·2^k is exact in binary.
 */
export function gridUnits(x: number, low: number, high: number, k: number): number {
  const scale = 2 ** k;
  const clamped = Number.isNaN(x) ? low : Math.min(high, Math.max(low, x));
  return Math.min(Math.floor(high * scale), Math.max(Math.ceil(low * scale), Math.round(clamped * scale)));
}
