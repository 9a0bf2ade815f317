/**
 * A generalized class as one integer (issue 38 item 1): its labels' codes read as the digits of a mixed-radix number,
 * quasi-identifier 0 the most significant, each digit's radix the number of labels of its column at the chosen level.
 * The engine joins each row to the decision's kept classes on this one BIGINT instead of on the labels' text, and
 * counts the check's classes by it; privspec computes the same number for each kept class and reads it back into
 * codes when it names a class. Distinct label lists give distinct keys because every code is below its radix.
 */
import type { GeneralizedRows } from './generalized-rows.js';

/** The largest key a signed 64-bit integer (DuckDB's BIGINT) holds. */
export const MAX_CLASS_KEY = 2n ** 63n - 1n;

/**
 * Each quasi-identifier's radix (its labels' count), when the largest key fits a BIGINT (or `max`, which a test
 * lowers); undefined when it does not, and the classes are then joined on their codes column by column. A column
 * without a label (no data) counts as one.
 */
export function classKeyRadix(plan: GeneralizedRows, max = MAX_CLASS_KEY): readonly number[] | undefined {
  const radix = plan.quasi.map((q) => Math.max(1, q.labels.length));
  return mixedRadixFits(radix, max) ? radix : undefined;
}

/** Whether every key of `radix` (the largest is the product less one) is at most `max`. */
export function mixedRadixFits(radix: readonly number[], max = MAX_CLASS_KEY): boolean {
  return radix.reduce((p, r) => p * BigInt(r), 1n) - 1n <= max;
}

/** The key of the codes `codes` (one per quasi-identifier) in `radix`: ((c0·r1 + c1)·r2 + c2)·… */
export function mixedRadixKey(codes: readonly number[], radix: readonly number[]): bigint {
  let key = 0n;
  for (let i = 0; i < radix.length; i++) key = key * BigInt(radix[i]) + BigInt(codes[i]);
  return key;
}

/** The codes whose key is `key`: the inverse of mixedRadixKey. */
export function mixedRadixCodes(key: bigint, radix: readonly number[]): number[] {
  const codes = new Array<number>(radix.length);
  for (let i = radix.length - 1; i >= 0; i--) {
    const r = BigInt(radix[i]);
    codes[i] = Number(key % r);
    key /= r;
  }
  return codes;
}

/**
 * Kept class c's key. Below 2^53 it is computed in doubles, exactly (every partial sum is an integer below the key),
 * which for the millions of classes of a large file is several times faster than BigInt arithmetic.
 */
export function classKeyOf(plan: GeneralizedRows, radix: readonly number[], c: number): bigint {
  const codes = plan.classes.codes;
  const small = radix.reduce((p, r) => p * r, 1) <= Number.MAX_SAFE_INTEGER;
  if (small) {
    let key = 0;
    for (let i = 0; i < radix.length; i++) key = key * radix[i] + codes[i][c];
    return BigInt(key);
  }
  return mixedRadixKey(
    radix.map((_, i) => codes[i][c]),
    radix,
  );
}
