import { strict as assert } from 'node:assert';
import {
  exponentialUtilityBound,
  gaussianErrorBound,
  laplaceErrorBound,
} from '../../../../engine/dp/utility/bounds.js';
import { makeLaplace } from '../../../../engine/dp/mechanisms/laplace.js';
import { seededRandom } from '../../../../engine/core/random.js';

// Seed "PETs lecture", ラプラスメカニズムの具体例：年齢 — age in [0, 100], ε = 0.1, β = 0.05.
describe('dp/utility bounds', () => {
  it('mean of n = 100: (100/(εn))·ln(1/0.05) = 29.96, not the slide\'s "≈ 3"', () => {
    // The slide writes 100/(εn)·ln(1/δ) = 1/0.1·ln(1/0.05) ≈ 3, but 1/0.1 = 10 and 10·ln 20 = 29.957: an arithmetic
    // slip (the formula is right; the slide divided by 10 once too often). We trust the formula.
    const b = laplaceErrorBound(100 / (0.1 * 100), 0.05);
    assert.equal(b.toFixed(2), '29.96');
  });

  it('mean of n = 100 000 → 0.030', () => {
    assert.equal(laplaceErrorBound(100 / (0.1 * 100000), 0.05).toFixed(3), '0.030');
  });

  it('max (sensitivity 100, independent of n) → 2995.7', () => {
    assert.equal(laplaceErrorBound(100 / 0.1, 0.05).toFixed(1), '2995.7');
  });

  it('mode among 4 categories, n = 100 000, t = 3: H − 87.7 with probability ≥ 1 − e^{−3} ≈ 95%', () => {
    // Seed 指数メカニズムの具体例：最頻値: H − (2/0.1)(ln(4/1) + 3) = H − 87.73; |C1| = 40 000 → ≥ 39 912.3.
    const r = exponentialUtilityBound({
      best: 40000,
      sensitivity: 1,
      epsilon: 0.1,
      outputs: 4,
      optimalOutputs: 1,
      t: 3,
    });
    assert.equal(r.loss.toFixed(1), '87.7');
    assert.equal(r.threshold.toFixed(1), '39912.3');
    assert.ok(Math.abs(r.probability - (1 - Math.exp(-3))) < 1e-15 && r.probability > 0.95);
  });

  it('the Laplace bound holds empirically on the grid mechanism (β = 0.05)', () => {
    const m = makeLaplace({ sensitivity: 1, epsilon: 0.1, rng: seededRandom(11) });
    const bound = laplaceErrorBound(m.parameters.scale as number, 0.05, m.parameters.k as number);
    let over = 0;
    for (let i = 0; i < 4000; i++) if (Math.abs(m.invoke([50])[0] - 50) > bound) over++;
    // Expected 5% = 200 exceedances; 4.5σ above is 200 + 4.5·√(4000·0.05·0.95) = 262. False failure < 1e-5.
    assert.ok(over < 262, String(over));
  });

  it('Gaussian bound σ√(2 ln(2/β)): σ = 1, β = 0.05 → 2.716', () => {
    // Hand-computed: 2 ln 40 = 7.3778; √ = 2.7162.
    assert.equal(gaussianErrorBound(1, 0.05).toFixed(3), '2.716');
    assert.throws(() => gaussianErrorBound(1, 0), /β must be/);
  });
});
