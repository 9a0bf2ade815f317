import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { PrivacyError } from '../../../../engine/core/measures.js';
import {
  defaultSumExponent,
  exactClampedSum,
  exactClampedSumOfCells,
  exactClampedSumSensitivity,
} from '../../../../engine/dp/fixed-point/exact-sum.js';

const naiveSum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);

describe('issue 10 item 7 — floating-point sums', () => {
  it('the paper’s construction: naive float sums of neighbours differ by more than the clamp width; exact sums do not', () => {
    // Casacuberta, Shoemate, Vadhan, Wagaman (CCS 2022), §4: many large values, then tiny ones. Bounds [L, U] =
    // [−2^45, 1], width U − L = 2^45 + 1; adding or removing a record moves the true sum by ≤ max(|L|, |U|) = 2^45.
    // Table D: 255 records at L and one at −2^44 put the running sum at −(2^53 − 2^44), just inside the binade where a
    // double's spacing is 1, so each later 0.75 rounds to +1. Neighbour D′ adds one record at L in front: the running
    // sum −(2^53 + 2^44) is in the next binade, spacing 2, and every 0.75 rounds to +0.
    const L = -(2 ** 45);
    const U = 1;
    const tiny = new Array<number>(100_000).fill(0.75);
    const d = [...new Array<number>(255).fill(L), -(2 ** 44), ...tiny];
    const dPrime = [L, ...d];
    const width = U - L;
    const naiveGap = naiveSum(d) - naiveSum(dPrime);
    assert.equal(naiveGap, 2 ** 45 + 100_000);
    assert.ok(naiveGap > width, `naive gap ${naiveGap} ≤ width ${width}`);
    // The exact sums differ by one record's contribution, within the sensitivity the function states.
    for (const k of [-1, defaultSumExponent(L, U)]) {
      const gap = exactClampedSum(d, L, U, k).units - exactClampedSum(dPrime, L, U, k).units;
      const gapValue = Number(gap) * 2 ** -k;
      assert.equal(gapValue, 2 ** 45, `k=${k}`);
      assert.ok(gapValue <= exactClampedSumSensitivity(L, U, k) && gapValue <= width);
    }
    // A grid fine enough to keep the 0.75s would need more than 2^53 units for these totals, which the function refuses
    // rather than round; on the grid 2 each 0.75 rounds (once, to the nearest point) to 0 — a bias far below the noise.
    assert.equal(exactClampedSum(d, L, U, -1).value, 255 * L - 2 ** 44);
    assert.throws(() => exactClampedSum(d, L, U, 2), PrivacyError);
  });

  it('order does not matter and neighbours stay within the sensitivity (property)', () => {
    const value = fc.oneof(fc.double({ noNaN: false }), fc.constantFrom(1e300, -1e300, 5e-324, 0.1, 2 ** 60));
    fc.assert(
      fc.property(
        fc.array(value, { maxLength: 60 }),
        value,
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.double({ min: 1, max: 1e6, noNaN: true }),
        (xs, extra, lo, width) => {
          const hi = lo + width;
          const a = exactClampedSum(xs, lo, hi);
          assert.equal(exactClampedSum([...xs].reverse(), lo, hi).units, a.units);
          const b = exactClampedSum([extra, ...xs], lo, hi);
          const gap = Math.abs(b.value - a.value);
          assert.ok(gap <= exactClampedSumSensitivity(lo, hi) && gap <= Math.max(Math.abs(lo), Math.abs(hi)), `${gap}`);
          if (xs.length > 0) {
            const c = exactClampedSum([extra, ...xs.slice(1)], lo, hi);
            assert.ok(Math.abs(c.value - a.value) <= exactClampedSumSensitivity(lo, hi, undefined, 'replace'));
            assert.ok(exactClampedSumSensitivity(lo, hi, undefined, 'replace') <= hi - lo);
          }
        },
      ),
      { seed: 7, numRuns: 300 },
    );
  });

  it('sums large tables exactly: the flush to BigInt keeps every partial sum below 2^53', () => {
    // 3·10^6 values of 2^19·(1 − 2^−20)-ish at k = 0 on [0, 2^20]: each 2^20 − 1 units, the total 3·10^6·(2^20 − 1)
    // ≈ 3.1·10^12 units, far past what 2^20-unit values summed in a naive loop would get wrong — here checked exactly.
    const n = 3_000_000;
    const values = new Float64Array(n).fill(2 ** 20 - 1);
    const s = exactClampedSum(values, 0, 2 ** 20, 0);
    assert.equal(s.units, BigInt(n) * BigInt(2 ** 20 - 1));
    // 2^52 units per value at k = 32 on [−2^20, 2^20]: the second value takes the partial sum past 2^52 and flushes it.
    const big = 2 ** 20;
    assert.equal(exactClampedSum([big, big, -big, -big, big, 0.25], -big, big, 32).units, 2n ** 52n + 2n ** 30n);
    assert.equal(exactClampedSum([big, big], -big, big, 32).value, 2 ** 21);
  });

  it('cells: empty and non-numeric cells count as L, as NaN does; rounding is to the nearest grid point', () => {
    assert.equal(exactClampedSumOfCells(['1.5', '', 'x', '100', '-7'], -2, 10, 1).value, 1.5 - 2 - 2 + 10 - 2);
    // 0.3 is not on the grid 2^−2: it rounds to 0.25; bounds 0.3 and 0.9 are taken inwards to 0.5 and 0.75.
    assert.equal(exactClampedSum([0.3], 0, 1, 2).value, 0.25);
    assert.equal(exactClampedSum([0.1, 1], 0.3, 0.9, 2).value, 0.5 + 0.75);
    assert.equal(exactClampedSumSensitivity(0.3, 0.9, 2, 'replace'), 0.25);
  });

  it('refuses bounds and grids it cannot honour with a PrivacyError', () => {
    for (const f of [
      () => exactClampedSum([1], 2, 1),
      () => exactClampedSum([1], NaN, 1),
      () => exactClampedSum([1], 0, Infinity),
      () => exactClampedSum([1], 0.3, 0.4, 1),
      () => exactClampedSum([1], 0, 1, 60),
      () => exactClampedSum([1], 0, 1, 0.5),
      () => exactClampedSum(new Float64Array(3000).fill(2 ** 20), 0, 2 ** 20, 32),
    ]) {
      assert.throws(f, (e: unknown) => e instanceof PrivacyError && !e.message.includes('\n'));
    }
  });
});
