import { strict as assert } from 'node:assert';
import { readViewText, ViewFileError } from '../../../engine/view/view-file.js';
import { largest, smallest } from '../../../engine/core/extremes.js';

// Issue 36 (bounded work): the view-file reader checks a partition in exact integer arithmetic and refuses counts whose
// answers cannot be finite. Each case was accepted on main before the fix.

const A = 2 ** 31 - 1; // the widest dimension a view may have (validateDimensions)
const B = 2 ** 22;

function viewText(blocks: { lo: number[]; hi: number[]; count: number }[], hiA = A - 1, hiB = B - 1): string {
  return JSON.stringify({
    version: 1,
    algorithm: 'hdpview',
    dimensions: [
      { kind: 'range', name: 'a', lo: 0, hi: hiA },
      { kind: 'range', name: 'b', lo: 0, hi: hiB },
    ],
    blocks,
    cost: { kind: 'pure', epsilon: 1 },
    parameters: { countNoiseVariance: 2 },
  });
}

describe('view files: exact partition volumes, finite counts', () => {
  it('a view missing a 4,194,304-cell slice of a (2^31 − 1) × 2^22 domain is refused (main: accepted by a 1e-9 float tolerance)', () => {
    // The domain has (2^31 − 1)·2^22 = 2^53 − 2^22 cells; the one block leaves out a = 2^31 − 2 entirely, which is
    // 2^22 = 4,194,304 cells, a relative gap of 2^22 / (2^53 − 2^22) ≈ 4.7e-10, inside the old tolerance.
    const text = viewText([{ lo: [0, 0], hi: [A - 2, B - 1], count: 10 }]);
    assert.throws(
      () => readViewText(text),
      (e: unknown) =>
        e instanceof ViewFileError &&
        e.message.includes(`cover ${(BigInt(A) - 1n) * BigInt(B)} cells of a domain of ${BigInt(A) * BigInt(B)}`),
    );
  });

  it('the same domain split exactly into two blocks is accepted (the volumes add up to 2^53 − 2^22 exactly)', () => {
    const text = viewText([
      { lo: [0, 0], hi: [A - 2, B - 1], count: 10 },
      { lo: [A - 1, 0], hi: [A - 1, B - 1], count: 3 },
    ]);
    assert.equal(readViewText(text).view.blocks.length, 2);
  });

  it('a one-cell gap in a 2^53 − 2^22-cell domain is refused too (float sums cannot see one cell at that size)', () => {
    const text = viewText([
      { lo: [0, 0], hi: [A - 2, B - 1], count: 10 },
      { lo: [A - 1, 0], hi: [A - 1, B - 2], count: 3 },
    ]);
    assert.throws(() => readViewText(text), ViewFileError);
  });

  it('two block counts of 1e308 are refused, since their sum is Infinity (main: `query "count"` printed "Infinity ± 2")', () => {
    const text = viewText(
      [
        { lo: [0, 0], hi: [0, 0], count: 1e308 },
        { lo: [1, 0], hi: [1, 0], count: 1e308 },
      ],
      1,
      0,
    );
    assert.throws(
      () => readViewText(text),
      (e: unknown) => e instanceof ViewFileError && /beyond the largest number/.test(e.message),
    );
    // One such count is finite and stays readable: the reader refuses only what no answer can state.
    const one = viewText(
      [
        { lo: [0, 0], hi: [0, 0], count: 1e308 },
        { lo: [1, 0], hi: [1, 0], count: -5 },
      ],
      1,
      0,
    );
    assert.equal(readViewText(one).view.blocks[0].count, 1e308);
  });
});

describe('largest and smallest take any length (Math.max(...xs) overflows the call stack)', () => {
  it('1,000,000 values: largest 999,999, smallest −1; empty gives the given default; NaN propagates as in Math.max', () => {
    const xs = Array.from({ length: 1_000_000 }, (_, i) => i);
    xs[500_000] = -1;
    assert.throws(() => Math.max(...xs), RangeError, 'the spread this replaces no longer overflows here');
    assert.equal(largest(xs), 999_999);
    assert.equal(smallest(xs), -1);
    assert.equal(largest([]), -Infinity);
    assert.equal(smallest([], 7), 7);
    assert.ok(Number.isNaN(largest([1, NaN, 3])));
    assert.equal(largest(new Float64Array([2.5, -3])), 2.5);
  });
});
