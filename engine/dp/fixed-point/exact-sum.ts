/**
 * Clamped sums computed exactly, so that their sensitivity is the one the mechanism is calibrated to.
 *
 * A floating-point sum rounds at every addition, by an amount that depends on the running total and so on every other
 * record and on their order: adding one record can change how all later additions round, and two neighbouring tables
 * can then give sums further apart than the clamp allows (Casacuberta, Shoemate, Vadhan, Wagaman, "Widespread
 * Underestimation of Sensitivity in Differentially Private Libraries and How to Fix It", CCS 2022, §4). That paper's
 * remedy is followed here: every value is clamped, rounded once to the fixed-point grid 2^−k, clamped again on the
 * grid, and the integers are added exactly.
 *
 * - Clamp: x ↦ min(U, max(L, x)); a NaN counts as L, so a bad cell moves the sum no further than a number could.
 * - Round: i = round(x·2^k) (x·2^k is exact in binary; ties towards +∞), a deterministic function of x alone.
 * - Clamp on the grid: i ↦ min(U_k, max(L_k, i)) with L_k = ⌈L·2^k⌉ and U_k = ⌊U·2^k⌋, so every contribution i·2^−k
 *   lies in [L, U] itself. The sensitivity is therefore exact and no larger than the ideal one: max(|L_k|, |U_k|)·2^−k
 *   ≤ max(|L|, |U|) when a record is added or removed, (U_k − L_k)·2^−k ≤ U − L when one is replaced. Rounding changes
 *   each value by at most 2^−k−1 (a bias far below the noise), never the privacy.
 * - Add: integers with |i| ≤ 2^52 are summed in a double while the running total stays ≤ 2^52 in magnitude (so every
 *   partial sum is below 2^53 and exact), and flushed into a BigInt before it could exceed that: no overflow, no
 * rounding.
 *
 * The sum is returned exactly (integer units of 2^−k) and as a double; the double is exact, because the function
 * refuses (PrivacyError) a total beyond 2^53 units rather than round it — a rounding that depends on the total's
 * magnitude would reopen the hole. The default k puts max(|L|, |U|) near 2^20 units, so 2^33 rows fit.
 */
import { PrivacyError } from '../../core/measures.js';
import { floor, fromNumberExact, rational, toNumber, toNumberUp, type Rational } from '../../core/rational.js';
import { cellNumber } from '../../table/cell-number.js';

export interface ExactSum {
  /** The sum in units of 2^−k: Σ clamp_k(round(clamp(x)·2^k)). */
  readonly units: bigint;
  /** The grid exponent: the sum is units·2^−k. */
  readonly k: number;
  /** The sum as a number, exactly. */
  readonly value: number;
  readonly exact: Rational;
}

/** Units per value are at most this (so one value and a partial sum ≤ 2^52 add exactly). */
const MAX_UNITS = 2 ** 52;
/** Default grid: max(|L|, |U|) spans about 2^DEFAULT_BITS units. */
const DEFAULT_BITS = 20;

/** The default grid exponent for bounds [L, U]: max(|L|, |U|)·2^k ∈ (2^19, 2^20]. */
export function defaultSumExponent(lo: number, hi: number): number {
  checkBounds(lo, hi);
  const m = Math.max(Math.abs(lo), Math.abs(hi));
  // Capped at 1023 so that 2^k is a finite double (bounds within 10⁻³⁰⁰ of 0 then share the grid point 0).
  return m === 0 ? 0 : Math.min(1023, DEFAULT_BITS - Math.ceil(Math.log2(m)));
}

function checkBounds(lo: number, hi: number): void {
  if (!Number.isFinite(lo) || !Number.isFinite(hi) || !(lo <= hi))
    throw new PrivacyError(`clamp bounds must be finite numbers with L ≤ U, got [${lo}, ${hi}]`);
}

/** L_k = ⌈L·2^k⌉ and U_k = ⌊U·2^k⌋, exactly, checked to leave a non-empty grid within the unit limit. */
function gridBounds(lo: number, hi: number, k: number): [number, number] {
  checkBounds(lo, hi);
  if (!Number.isInteger(k) || k < -1074 || k > 1023)
    throw new PrivacyError(`the grid exponent k must be an integer in [−1074, 1023], got ${k}`);
  const scaled = (x: number) => {
    const r = fromNumberExact(x);
    return k >= 0 ? rational(r.num << BigInt(k), r.den) : rational(r.num, r.den << BigInt(-k));
  };
  const loK = -floor(rational(-scaled(lo).num, scaled(lo).den));
  const hiK = floor(scaled(hi));
  if (loK > hiK) throw new PrivacyError(`the grid 2^${-k} has no point in [${lo}, ${hi}]; use a larger k`);
  const limit = BigInt(MAX_UNITS);
  if (loK < -limit || hiK > limit)
    throw new PrivacyError(
      `the grid 2^${-k} is too fine for [${lo}, ${hi}]: a value would exceed 2^52 units; use a smaller k`,
    );
  return [Number(loK), Number(hiK)];
}

/** Σ of `values` clamped to [lo, hi] on the grid 2^−k, exactly (see the file comment for each step). */
export function exactClampedSum(
  values: ArrayLike<number>,
  lo: number,
  hi: number,
  k = defaultSumExponent(lo, hi),
): ExactSum {
  const [loK, hiK] = gridBounds(lo, hi, k);
  const scale = 2 ** k;
  let total = 0n;
  let partial = 0;
  for (let r = 0; r < values.length; r++) {
    const x = values[r];
    let units: number;
    if (Number.isNaN(x)) units = loK;
    else {
      // min/max are exact; x·2^k is exact unless it underflows, and then it is far below ½ and rounds to 0 either way.
      const clamped = Math.min(hi, Math.max(lo, x));
      units = Math.min(hiK, Math.max(loK, Math.round(clamped * scale)));
    }
    // |partial| ≤ 2^52 and |units| ≤ 2^52, so partial + units < 2^53 in magnitude: exact.
    partial += units;
    if (partial > MAX_UNITS || partial < -MAX_UNITS) {
      total += BigInt(partial);
      partial = 0;
    }
  }
  total += BigInt(partial);
  if (total > 2n ** 53n || total < -(2n ** 53n)) {
    throw new PrivacyError(`the exact sum exceeds 2^53 units of 2^${-k}; use a smaller k (coarser grid)`);
  }
  const exact = k >= 0 ? rational(total, 1n << BigInt(k)) : rational(total << BigInt(-k));
  return { units: total, k, value: toNumber(exact), exact };
}

/** The same over CSV cells: an empty or non-numeric cell counts as L (as NaN does above). */
export function exactClampedSumOfCells(
  cells: readonly string[],
  lo: number,
  hi: number,
  k = defaultSumExponent(lo, hi),
): ExactSum {
  const values = new Float64Array(cells.length);
  for (let r = 0; r < cells.length; r++) values[r] = cellNumber(cells[r]);
  return exactClampedSum(values, lo, hi, k);
}

/**
 * The exact sensitivity of `exactClampedSum` with the same (lo, hi, k): max(|L_k|, |U_k|)·2^−k when one record is added
 * or removed, (U_k − L_k)·2^−k when one is replaced; rounded up if it is not a double (never for the default k).
 */
export function exactClampedSumSensitivity(
  lo: number,
  hi: number,
  k = defaultSumExponent(lo, hi),
  neighbours: 'add-remove' | 'replace' = 'add-remove',
): number {
  const [loK, hiK] = gridBounds(lo, hi, k);
  const units = neighbours === 'replace' ? hiK - loK : Math.max(Math.abs(loK), Math.abs(hiK));
  const u = BigInt(units);
  return toNumberUp(k >= 0 ? rational(u, 1n << BigInt(k)) : rational(u << BigInt(-k)));
}
