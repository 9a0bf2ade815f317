import { strict as assert } from 'node:assert';
import { gridUnits, sumGridExponent } from '../../../../engine/dp/r2t/sum-grid.js';

// Issue 39: R2T's sums are added in whole units of 2^−k, k chosen from the public clamp (sum-grid.ts).
describe('R2T: the fixed-point grid of a sum (issue 39)', () => {
  it('k from the clamp: 0..1000 → 20 − ⌈log₂ 1000⌉ = 10; 0..10⁷ → 0 (never negative); 0..1 → 20', () => {
    assert.equal(sumGridExponent(0, 1000, 65536), 10);
    assert.equal(sumGridExponent(0, 1e7, 65536), 0);
    assert.equal(sumGridExponent(0, 1, 2), 20);
  });

  it('k at most 52 − log₂ τ_max, so the largest threshold is a whole number of units below 2^53: 0..1 at τ = 2^40 → 12', () => {
    assert.equal(sumGridExponent(0, 1, 2 ** 40), 12);
  });

  it('an amount: clamped, rounded half up on x·2^k, clamped on the grid [⌈L·2^k⌉, ⌊U·2^k⌋]', () => {
    // 0.1·1024 = 102.4 → 102; 0.2·1024 = 204.8 → 205; 2^−11·1024 = ½ → 1; 1000.7 → 1000·1024.
    assert.deepEqual(
      [0.1, 0.2, 2 ** -11, 1000.7, -3, NaN].map((x) => gridUnits(x, 0, 1000, 10)),
      [102, 205, 1, 1024000, 0, 0],
    );
    // L = 0.3, k = 2: L·4 = 1.2, so the grid's least point is 2 units (0.5), not round(1.2) = 1.
    assert.equal(gridUnits(0.3, 0.3, 10, 2), 2);
  });
});
