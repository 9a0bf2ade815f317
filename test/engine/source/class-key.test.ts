import { strict as assert } from 'node:assert';
import {
  classKeyOf,
  classKeyRadix,
  MAX_CLASS_KEY,
  mixedRadixCodes,
  mixedRadixFits,
  mixedRadixKey,
} from '../../../engine/source/class-key.js';
import type { GeneralizedRows } from '../../../engine/source/generalized-rows.js';

/** A plan with the given label counts per quasi-identifier and the given classes (codes per class). */
function plan(labels: readonly number[], classes: readonly (readonly number[])[]): GeneralizedRows {
  return {
    columns: labels.map((_, i) => `q${i}`),
    header: labels.map((_, i) => `q${i}`),
    quasi: labels.map((n, i) => ({
      column: `q${i}`,
      values: [],
      labels: Array.from({ length: n }, (_, x) => `l${x}`),
      codes: new Int32Array(0),
    })),
    classes: {
      count: classes.length,
      codes: labels.map((_, i) => Int32Array.from(classes, (c) => c[i])),
      rows: Int32Array.from(classes, () => 1),
    },
    rows: classes.length,
    spreadsheetSafe: true,
  };
}

describe('engine/source/class-key: a generalized class as one mixed-radix integer', () => {
  it('the key of codes (3, 1, 427, 5) in radix (9, 2, 1000, 16), by hand: ((3·2 + 1)·1000 + 427)·16 + 5 = 118,837', () => {
    const radix = [9, 2, 1000, 16];
    assert.equal(mixedRadixKey([3, 1, 427, 5], radix), 118_837n);
    assert.deepEqual(mixedRadixCodes(118_837n, radix), [3, 1, 427, 5]);
    // The first and last keys: all codes 0, and every code its radix less one (9·2·1000·16 − 1 = 287,999).
    assert.equal(mixedRadixKey([0, 0, 0, 0], radix), 0n);
    assert.equal(mixedRadixKey([8, 1, 999, 15], radix), 287_999n);
    // A plan's class key, computed in doubles below 2^53, is the same number.
    const p = plan(radix, [
      [3, 1, 427, 5],
      [8, 1, 999, 15],
    ]);
    assert.deepEqual(classKeyRadix(p), radix);
    assert.equal(classKeyOf(p, radix, 0), 118_837n);
    assert.equal(classKeyOf(p, radix, 1), 287_999n);
  });

  it('above 2^53 the key is exact in BigInt: radix (2^31, 2^31), codes (2^31 − 1, 2^31 − 2) give 2^62 − 2', () => {
    const r = 2 ** 31;
    // (2^31 − 1)·2^31 + 2^31 − 2 = 2^62 − 2^31 + 2^31 − 2 = 2^62 − 2.
    assert.equal(mixedRadixKey([r - 1, r - 2], [r, r]), 2n ** 62n - 2n);
    assert.deepEqual(mixedRadixCodes(2n ** 62n - 2n, [r, r]), [r - 1, r - 2]);
  });

  it('a radix whose product passes 2^63 has no BIGINT key: the classes are joined on their codes instead', () => {
    // 2^32 · 2^31 = 2^63: the largest key is 2^63 − 1, DuckDB's largest BIGINT, so it fits; one more value does not.
    assert.equal(mixedRadixFits([2 ** 32, 2 ** 31]), true);
    assert.equal(mixedRadixFits([2 ** 32, 2 ** 31 + 1]), false);
    assert.equal(mixedRadixFits([2 ** 32, 2 ** 31], MAX_CLASS_KEY - 1n), false);
    // A plan's limit, lowered (as copyGeneralized's maxKey is in a test) instead of allocating 2^63 labels: its
    // largest key is 287,999.
    const p = plan([9, 2, 1000, 16], [[0, 0, 0, 0]]);
    assert.deepEqual(classKeyRadix(p, 287_999n), [9, 2, 1000, 16]);
    assert.equal(classKeyRadix(p, 287_998n), undefined);
  });
});
