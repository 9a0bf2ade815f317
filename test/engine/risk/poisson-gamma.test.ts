import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { classSizeHistogram, histogramFromCounts } from '../../../engine/risk/class-size-histogram.js';
import { poissonGamma } from '../../../engine/risk/poisson-gamma.js';

function close(actual: number, expected: number, relative = 1e-12): void {
  assert.ok(Math.abs(actual - expected) <= relative * Math.max(1, Math.abs(expected)), `${actual} ≠ ${expected}`);
}

describe('risk/poisson-gamma (seed "PETs lecture", 母集団一意かつ標本一意となるレコード数の推定)', () => {
  it('matches a hand computation of β and U', () => {
    // Hand-computed. Sample: classes of sizes 1, 1, 1, 2, 3 (n = 8, s₁ = 3) among K = 10 cells; λ = ½, so N0 = 16.
    // Cell frequencies 1,1,1,2,3,0,0,0,0,0 have mean 0.8 and squared deviations 3·0.04 + 1.44 + 4.84 + 5·0.64 = 9.6,
    // so s_f² = 9.6/9 = 16/15.
    // β = (1/(λN0))·(K/(λN0)·s_f² − 1) = (1/8)·(10/8·16/15 − 1) = (1/8)·(4/3 − 1) = 1/24.
    // Exponent 1 + 1/(Kβ) = 1 + 24/10 = 3.4; (1 + λN0β)/(1 + N0β) = (1 + 1/3)/(1 + 2/3) = 4/5.
    // U = 3·0.8^3.4 = 3·e^(3.4·ln 0.8) = 3·e^(−0.758688) = 3·0.468280 = 1.404841.
    // Cross-check with the slide's other form U = s₁·λ·E(S₁)/E(s₁), E(S₁) = 16/(5/3)^3.4 = 2.8099, E(s₁) = 8/(4/3)^3.4
    // = 3.0001: 3·0.5·2.8099/3.0001 = 1.4048.
    const h = histogramFromCounts({ 1: 3, 2: 1, 3: 1 });
    const e = poissonGamma(h, 0.5, 10);
    close(e.cellVariance, 16 / 15);
    close(e.beta, 1 / 24);
    close(e.uniques, 3 * Math.pow(0.8, 3.4));
    close(e.uniques, 1.404841, 1e-6);
    const ES1 = 16 / Math.pow(5 / 3, 3.4);
    const Es1 = 8 / Math.pow(4 / 3, 3.4);
    close(e.uniques, 3 * 0.5 * (ES1 / Es1));
    close(e.share, e.uniques / 8);
    assert.equal(e.regime, 'poisson-gamma');
  });

  it('gives U = s₁ for a census (λ = 1)', () => {
    const e = poissonGamma(histogramFromCounts({ 1: 3, 2: 1, 3: 1 }), 1, 10);
    assert.equal(e.uniques, 3);
    assert.equal(e.regime, 'census');
  });

  it('gives 0 without sample uniques, as for the seed’s 2-anonymous table', () => {
    // The slide's six records in three pairs; K = 120 × 2 × 47 is the slide's example of a cell count.
    const e = poissonGamma(classSizeHistogram([2, 2, 2]), 0.1, 120 * 2 * 47);
    assert.equal(e.uniques, 0);
    assert.equal(e.regime, 'no-uniques');
  });

  it('falls back to the Poisson limit when β ≤ 0', () => {
    // Hand-computed: 4 uniques in K = 4 cells, every cell holds 1, s_f² = 0, so β = (1/4)·(0 − 1) = −¼ ≤ 0.
    // The limit β → 0⁺ gives U = s₁·exp((n − N0)/K) = 4·exp((4 − 8)/4) = 4/e with λ = ½.
    const e = poissonGamma(histogramFromCounts({ 1: 4 }), 0.5, 4);
    assert.equal(e.regime, 'poisson-limit');
    close(e.beta, -0.25);
    close(e.uniques, 4 / Math.E);
    // K = 1 leaves s_f² undefined: the same limit, here U = 1·exp((1 − 10)/1).
    const one = poissonGamma(histogramFromCounts({ 1: 1 }), 0.1, 1);
    close(one.uniques, Math.exp(-9));
  });

  it('approaches the Poisson limit continuously as β → 0⁺', () => {
    // With the cell count slightly above what makes β = 0, U must be close to s₁·exp((n − N0)/K).
    // Sizes 1,1,2: n = 4, Σf² = 6, K·s_f² = K(6 − 16/K)/(K − 1) = (6K − 16)/(K − 1); β = 0 when that equals n = 4, i.e.
    // K = 6. Take K = 6.0001 (a non-integer K is fine for the formula): K·s_f² = 20.0006/5.0001 ≈ 4.00004, β ≈ 2.5e-6.
    const h = histogramFromCounts({ 1: 2, 2: 1 });
    const e = poissonGamma(h, 0.5, 6.0001);
    assert.ok(e.beta > 0 && e.beta < 1e-4);
    close(e.uniques, 2 * Math.exp((4 - 8) / 6.0001), 1e-4);
  });

  it('stays finite when K overflows to Infinity (many quasi-identifiers)', () => {
    // K → ∞: K·s_f² → Σf² = 16, β = (16/8 − 1)/8 = 1/8, exponent 1 + 1/(Kβ) → 1, U = 3·(1 + 1)/(1 + 2) = 2.
    const e = poissonGamma(histogramFromCounts({ 1: 3, 2: 1, 3: 1 }), 0.5, Infinity);
    close(e.beta, 1 / 8);
    close(e.uniques, 2);
  });

  it('rejects parameters outside their domains', () => {
    const h = histogramFromCounts({ 1: 2 });
    assert.throws(() => poissonGamma(h, 0, 10), /sampling fraction/);
    assert.throws(() => poissonGamma(h, 1.5, 10), /sampling fraction/);
    assert.throws(() => poissonGamma(h, 0.5, 1), /number of cells/);
  });

  it('property: never NaN, and 0 ≤ U ≤ s₁', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 1, maxLength: 60 }),
        fc.double({ min: 0.001, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 1000 }),
        (sizes, lambda, extraCells) => {
          const h = classSizeHistogram(sizes);
          const e = poissonGamma(h, lambda, h.classes + extraCells);
          const s1 = sizes.filter((s) => s === 1).length;
          assert.ok(Number.isFinite(e.uniques) && Number.isFinite(e.share) && Number.isFinite(e.beta));
          assert.ok(e.uniques >= 0 && e.uniques <= s1 + 1e-9, `${e.uniques} not within [0, ${s1}]`);
        },
      ),
    );
  });
});
