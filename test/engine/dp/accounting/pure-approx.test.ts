import { strict as assert } from 'node:assert';
import { parallelEpsilon, sequentialEpsilon, splitEpsilon } from '../../../../engine/dp/accounting/pure.js';
import { advancedComposition, basicComposition } from '../../../../engine/dp/accounting/approx.js';
import { sequentialComposition } from '../../../../engine/dp/accounting/compose.js';

describe('accounting/pure and approx', () => {
  it('sequential composition adds ε exactly as written: 0.1 + 0.2 = 0.3', () => {
    // Seed "PETs lecture", 直列合成定理: Σ εᵢ.
    assert.equal(sequentialEpsilon([0.1, 0.2]), 0.3);
    assert.equal(sequentialEpsilon([]), 0);
  });

  it('parallel composition takes the maximum; the tutorial example max(ε1, ε2 + ε3)', () => {
    // Seed "DP query tutorial", 直列合成定理と並列合成定理の組み合わせ: ε_total = max(ε1, ε2 + ε3).
    assert.equal(parallelEpsilon([0.5, sequentialEpsilon([0.3, 0.4])]), 0.7);
  });

  it('the correlation query of the seed costs ε when each of its three parts costs ε/3', () => {
    // Seed "PETs lecture", 合成定理の応用例: M_sA, M_sB, M_sAB at ε/3 each.
    const share = splitEpsilon(1, 3);
    assert.equal(share, 0.3333333333333333);
    assert.ok(sequentialEpsilon([share, share, share]) <= 1);
    assert.equal(splitEpsilon(0.3, 3), 0.1);
  });

  it('basic composition adds ε and δ', () => {
    assert.deepEqual(
      basicComposition([
        { epsilon: 0.5, delta: 1e-6 },
        { epsilon: 0.25, delta: 2e-6 },
      ]),
      { kind: 'approx', epsilon: 0.75, delta: 3e-6 },
    );
  });

  it("advanced composition: k=10, ε=0.1, δ=0, δ'=1e-5 gives 1.6225980…", () => {
    // Hand-computed: √(2·10·ln 10^5) = √230.2585093 = 15.1742713; ×0.1 = 1.5174271; 10·0.1·(e^0.1 − 1) = 0.1051709.
    const c = advancedComposition(0.1, 0, 10, 1e-5);
    assert.ok(Math.abs(c.epsilon - 1.622598) < 1e-6, String(c.epsilon));
    assert.equal(c.delta, 1e-5);
    // For many small steps it beats basic composition (Σε = 100): k = 10^4, ε = 0.01, δ' = 1e-6 →
    // √(2·10^4·13.815511)·0.01 = 5.256522 plus 10^4·0.01·(e^0.01 − 1) = 1.005017, total 6.261539 (hand-computed).
    assert.ok(Math.abs(advancedComposition(0.01, 0, 10000, 1e-6).epsilon - 6.261539) < 1e-5);
  });

  it('mixed-measure composition: pure + zCDP in zCDP, pure + approx in (ε, δ), zCDP + approx refused', () => {
    assert.deepEqual(
      sequentialComposition([
        { kind: 'pure', epsilon: 0.1 },
        { kind: 'pure', epsilon: 0.2 },
      ]),
      { kind: 'pure', epsilon: 0.3 },
    );
    // ε = 0.2 enters as ρ = 0.02.
    assert.deepEqual(
      sequentialComposition([
        { kind: 'pure', epsilon: 0.2 },
        { kind: 'zcdp', rho: 0.05 },
      ]),
      { kind: 'zcdp', rho: 0.07 },
    );
    assert.deepEqual(
      sequentialComposition([
        { kind: 'pure', epsilon: 0.5 },
        { kind: 'approx', epsilon: 0.5, delta: 1e-6 },
      ]),
      { kind: 'approx', epsilon: 1, delta: 1e-6 },
    );
    assert.throws(
      () =>
        sequentialComposition([
          { kind: 'zcdp', rho: 0.1 },
          { kind: 'approx', epsilon: 1, delta: 1e-6 },
        ]),
      /convert/,
    );
  });
});
