import { strict as assert } from 'node:assert';
import { ClassTally } from '../../engine/release/class-tally.js';

// The per-class check of a streamed release (engine/release/class-tally.ts): classes as numbers in the mixed radix of
// the levels' sizes, found by binary search, or as text when the radix overflows 2^53.
describe('engine/release/class-tally: rows per generalized class, as decided and as streamed', () => {
  const labels = [
    ['20-39', '40-69', '*'],
    ['F', 'M'],
  ];

  it('finds each kept class and only those; agreeing counts pass, a moved row names its class', () => {
    const t = new ClassTally([3, 2], (i, g) => labels[i][g]);
    // By hand: (20-39, F) = 0·2 + 0 = 0, (40-69, M) = 1·2 + 1 = 3, (*, F) = 2·2 + 0 = 4; added out of order.
    t.add([2, 0], 1);
    t.add([0, 0], 3);
    t.add([1, 1], 2);
    t.seal();
    assert.equal(t.find([1, 0]), -1, '(40-69, F) is not kept');
    for (const [codes, n] of [
      [[0, 0], 3],
      [[1, 1], 2],
      [[2, 0], 1],
    ] as const)
      for (let r = 0; r < n; r++) t.count(t.find(codes));
    assert.equal(t.mismatch(), undefined);
    t.count(t.find([1, 1]));
    assert.equal(t.mismatch(), 'the generalized class ["40-69","M"] holds 3 streamed rows, the decision counted 2');
  });

  it('with a radix over 2^53 (two levels of 2^30 values) the classes are text, with the same answers', () => {
    const t = new ClassTally([2 ** 30, 2 ** 30], (i, g) => `${i}:${g}`);
    t.add([2 ** 30 - 1, 5], 2);
    t.add([7, 2 ** 29], 1);
    t.seal();
    assert.equal(t.find([7, 5]), -1);
    t.count(t.find([7, 2 ** 29]));
    assert.equal(
      t.mismatch(),
      `the generalized class ["0:${2 ** 30 - 1}","1:5"] holds 0 streamed rows, the decision counted 2`,
    );
    t.count(t.find([2 ** 30 - 1, 5]));
    t.count(t.find([2 ** 30 - 1, 5]));
    assert.equal(t.mismatch(), undefined);
  });
});
