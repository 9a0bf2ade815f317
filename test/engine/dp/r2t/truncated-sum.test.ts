import { strict as assert } from 'node:assert';
import { exactClampedSum } from '../../../../engine/dp/fixed-point/exact-sum.js';
import { truncatedAnswers } from '../../../../engine/dp/r2t/truncated-sum.js';

// Q(I, τ) = Σ_u min(c_u, τ) (Dong, Fang, Yi, Tao, Machanavajjhala, SIGMOD 2022), derived by hand below.
describe('dp/r2t truncated answers', () => {
  it('counts: contributions 1, 3, 10, 0 at τ = 2, 4, 8, 16 give 5, 8, 12, 14', () => {
    // τ = 2: 1 + 2 + 2 + 0; τ = 4: 1 + 3 + 4; τ = 8: 1 + 3 + 8; τ = 16: nothing truncated, 14.
    assert.deepEqual(truncatedAnswers([1, 3, 10, 0], [2, 4, 8, 16]), [5, 8, 12, 14]);
  });

  it('sums in units of 2^−k: contributions 1.25 and 3.5 on the grid of quarters at τ = 2 give 1.25 + 2 = 3.25', () => {
    // k = 2: 1.25 = 5 units and 3.5 = 14 units; τ = 2 is 8 units; min(5, 8) + min(14, 8) = 13 units = 3.25.
    assert.deepEqual(truncatedAnswers([5, 14], [2, 4], 2), [3.25, 4.75]);
  });

  it("a unit's contribution to a sum is exact-sum.ts's integer sum of its rows' units, in any row order", () => {
    // Amounts clamped to 0..1000: unit A 0.1 + 999.9 + 2000 (clamped to 1000), unit B 0.3; default k = 10.
    const a = exactClampedSum([0.1, 999.9, 2000], 0, 1000);
    const aReversed = exactClampedSum([2000, 999.9, 0.1], 0, 1000);
    const b = exactClampedSum([0.3], 0, 1000);
    assert.equal(a.units, aReversed.units);
    const [at1024] = truncatedAnswers([Number(a.units), Number(b.units)], [1024], a.k);
    // A contributes round(0.1·1024) + round(999.9·1024) + 1000·1024 = 102 + 1023898 + 1024000 units, truncated to
    // 1024·1024; B contributes round(0.3·1024) = 307 units.
    assert.equal(Number(a.units), 102 + 1023898 + 1024000);
    assert.equal(at1024, (1024 * 1024 + 307) / 1024);
  });

  it('refuses negative, fractional and too large contributions, and answers beyond 2^53 units', () => {
    // A contribution is one unit's exact total: the message names the fault, never the value (a review saw a
    // customer's exact sum there).
    assert.throws(() => truncatedAnswers([1, -1], [2]), /^(?!.*-1).*a contribution is not a whole number/);
    assert.throws(() => truncatedAnswers([0.5], [2]), /^(?!.*0\.5).*a contribution is not a whole number/);
    assert.throws(() => truncatedAnswers([2 ** 52, 2 ** 52], [2 ** 52]), /exceeds 2\^53 units/);
    assert.throws(() => truncatedAnswers([1], [0.3], 1), /not a whole number of units/);
  });
});
