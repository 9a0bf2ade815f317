import { strict as assert } from 'node:assert';
import { seededRandom } from '../../../../engine/core/random.js';
import { r2tRelease } from '../../../../engine/dp/r2t/r2t.js';
import { previewR2tError } from '../../../../engine/dp/r2t/r2t-error.js';
import { r2tThresholds } from '../../../../engine/dp/r2t/r2t-thresholds.js';
import { truncatedAnswers } from '../../../../engine/dp/r2t/truncated-sum.js';

// r2t.md, "Why R2T cannot come within 2× of the best fixed τ when noise dominates": when one threshold τ_f truncates
// nothing and every lower one loses more than any shift, R2T's median error is about its shift at τ_f,
// s_f = L·ln(L/β)·τ_f/ε, and the best fixed τ's is the median of |Laplace(τ_f/ε)|, ln 2·τ_f/ε, so the ratio is about
// L·ln(L/β)/ln 2. Derived by hand for 10,000 units of 64 rows, GS = 65536 (L = 16), ε = 1, β = 0.1:
// s_f = 16·64·ln 160 = 5,197.0; ln 2·64 = 44.36; ratio 16·ln 160/ln 2 = 117.2. The larger candidates can only lower
// R2T's error, each beating Q − s_f with probability ½·(β/L)^(1 − 2^−k) (0.040, 0.011, 0.0059 … for k = 1, 2, 3), so
// the median lies a few per cent below s_f: between 0.9·s_f and s_f.
describe('dp/r2t: the ratio to the best fixed τ when noise dominates', () => {
  const gs = 65536;
  const contributions = new Int32Array(10000).fill(64);
  const exact = 640000;
  const answers = truncatedAnswers(contributions, r2tThresholds(gs));
  const shift = 16 * 64 * Math.log(160);
  const options = { gs, epsilon: 1, beta: 0.1, integer: true };

  it('the data: nothing is truncated at τ = 64, and τ = 32 loses 320,000, more than any candidate’s shift', () => {
    assert.equal(answers.length, 16);
    assert.equal(answers[5], exact);
    assert.equal(exact - answers[4], 320000);
    // Every candidate below 64 has a smaller shift than s_f, and its bias is at least this one's.
    assert.ok(exact - answers[4] > shift);
  });

  it('exact medians: the best fixed τ is 64 with ln 2·64, and R2T’s median is between 0.9·s_f and s_f (ratio ≈ 117)', () => {
    const preview = previewR2tError(answers, exact, options);
    const best = preview.fixed.reduce((a, b) => (b.median < a.median ? b : a));
    assert.equal(best.tau, 64);
    assert.ok(Math.abs(best.median - Math.LN2 * 64) < 1e-6, `${best.median}`);
    assert.ok(preview.r2tMedian > 0.9 * shift && preview.r2tMedian < shift, `${preview.r2tMedian} against ${shift}`);
    const ratio = preview.r2tMedian / best.median;
    const bound = (16 * Math.log(160)) / Math.LN2;
    assert.ok(Math.abs(bound - 117.2) < 0.05, `${bound}`);
    assert.ok(ratio > 0.9 * bound && ratio < bound, `${ratio}`);
  });

  it('2,000 seeded releases: the median |error| agrees with the exact median within 3 %', () => {
    const rng = seededRandom('r2t-noise-dominated');
    const errors = Array.from({ length: 2000 }, () => Math.abs(r2tRelease(answers, options, rng).value - exact)).sort(
      (a, b) => a - b,
    );
    const median = (errors[999] + errors[1000]) / 2;
    const preview = previewR2tError(answers, exact, options);
    assert.ok(Math.abs(median / preview.r2tMedian - 1) < 0.03, `${median} against ${preview.r2tMedian}`);
  });
});
