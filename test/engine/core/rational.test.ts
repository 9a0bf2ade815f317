import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import {
  add,
  compare,
  fromDecimal,
  fromNumberExact,
  nextUp,
  rational,
  toCostNumber,
  toNumberDown,
  toNumberUp,
  formatNumber,
} from '../../../engine/core/rational.js';

describe('core/rational', () => {
  it('reads a double exactly: 0.1 is 3602879701896397/2^55', () => {
    // IEEE 754: 0.1 rounds to 0x3FB999999999999A = 3602879701896397 · 2^−55.
    assert.deepEqual(fromNumberExact(0.1), rational(3602879701896397n, 1n << 55n));
    assert.deepEqual(fromNumberExact(-3), rational(-3n));
    assert.deepEqual(fromNumberExact(Number.MIN_VALUE), rational(1n, 1n << 1074n));
  });

  it('reads the printed decimal: 0.1 + 0.2 is exactly 0.3', () => {
    assert.equal(compare(add(fromDecimal(0.1), fromDecimal(0.2)), fromDecimal(0.3)), 0);
    assert.deepEqual(fromDecimal(1e-7), rational(1n, 10_000_000n));
    assert.deepEqual(fromDecimal('2.5e3'), rational(2500n));
    assert.throws(() => fromDecimal('abc'));
  });

  it('converts with the named rounding direction', () => {
    const third = rational(1n, 3n);
    const up = toNumberUp(third);
    const down = toNumberDown(third);
    assert.equal(nextUp(down), up);
    assert.ok(compare(fromNumberExact(up), third) > 0 && compare(fromNumberExact(down), third) < 0);
    assert.equal(toNumberUp(rational(1n, 4n)), 0.25);
  });

  it('toCostNumber prints a decimal that is never below the exact value, and stays tight', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 30n }), fc.bigInt({ min: 1n, max: 10n ** 30n }), (n, d) => {
        const r = rational(n, d);
        const x = toCostNumber(r);
        // Never below, and at most two doubles above the smallest double ≥ r.
        return compare(fromDecimal(x), r) >= 0 && x <= nextUp(nextUp(toNumberUp(r)));
      }),
      { seed: 42, numRuns: 300 },
    );
    assert.equal(toCostNumber(fromDecimal(0.3)), 0.3);
  });

  it('formats costs for messages without binary noise', () => {
    assert.equal(formatNumber(0.3 - 0.1), '0.2');
    assert.equal(formatNumber(1e-6), '0.000001');
  });
});
