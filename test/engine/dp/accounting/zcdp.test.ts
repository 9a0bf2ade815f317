import { strict as assert } from 'node:assert';
import {
  composeZcdp,
  deltaOptimal,
  epsilonClassic,
  epsilonOptimal,
  rhoClassic,
  rhoFromPureEpsilon,
  rhoOptimal,
} from '../../../../engine/dp/accounting/zcdp.js';
import { nextDown } from '../../../../engine/core/rational.js';

// Seed "zCDP / NN-Wavelet", 表 1 (Table 1): ε = ρ + 2√(ρ log(1/δ)) for each (ρ, δ), printed to two decimals.
const TABLE_1: Record<string, number[]> = {
  '0.1': [1.76, 2.02, 2.25, 2.45, 2.64, 2.81],
  '0.01': [0.54, 0.62, 0.69, 0.75, 0.81, 0.87],
  '0.001': [0.17, 0.19, 0.22, 0.24, 0.25, 0.27],
};
const DELTAS = [1e-3, 1e-4, 1e-5, 1e-6, 1e-7, 1e-8];

describe('accounting/zcdp', () => {
  it('reproduces every entry of the seed Table 1 with the classic conversion', () => {
    for (const [rho, row] of Object.entries(TABLE_1)) {
      DELTAS.forEach((delta, j) =>
        assert.equal(epsilonClassic(Number(rho), delta).toFixed(2), row[j].toFixed(2), `ρ=${rho} δ=${delta}`),
      );
    }
  });

  it('classic ε for ρ=0.1, δ=1e-6 is 0.1 + 2√(0.1·ln 10^6) = 2.45078800047680…', () => {
    // Hand-computed: ln 10^6 = 13.815510557964274; √1.3815510557964274 = 1.1753940004768…; ×2 + 0.1.
    const e = epsilonClassic(0.1, 1e-6);
    assert.ok(e >= 2.450788000476803 && e - 2.450788000476803 < 1e-14, String(e));
  });

  it('the optimal conversion (CKS20 Cor. 13) is smaller than the classic one and matches a brute-force minimum', () => {
    for (const rho of [0.1, 0.01, 0.001]) {
      for (const delta of DELTAS) {
        const opt = epsilonOptimal(rho, delta);
        assert.ok(opt < epsilonClassic(rho, delta), `ρ=${rho} δ=${delta}`);
        // Independent check: minimise the CKS20 objective over a fine logarithmic grid of α in (1, 10^4].
        let best = Infinity;
        for (let i = 1; i <= 200000; i++) {
          const alpha = 1 + 10 ** (-6 + (10 * i) / 200000);
          const logD = (alpha - 1) * (alpha * rho - opt) + alpha * Math.log1p(-1 / alpha) - Math.log(alpha - 1);
          best = Math.min(best, logD);
        }
        assert.ok(Math.abs(Math.exp(best) - delta) / delta < 1e-6, `ρ=${rho} δ=${delta}: grid δ ${Math.exp(best)}`);
      }
    }
    assert.equal(epsilonOptimal(0.1, 1e-6).toFixed(4), '2.1419');
  });

  it('agrees with OpenDP (combinators/measure_cast/zCDP_to_approxDP/test.rs) to 1e-14, on the safe side', () => {
    // OpenDP: Gaussian scale 4 at d_in 1 → ρ = 1/32; ε(δ = 1e-3) = 0.6880024554878086 and δ(ε = 0) =
    // 0.1508457845622862.
    const e = epsilonOptimal(1 / 32, 1e-3);
    assert.ok(e >= 0.6880024554878085 && e - 0.6880024554878086 < 1e-14, String(e));
    const d = deltaOptimal(1 / 32, 0);
    assert.ok(d >= 0.1508457845622862 && d - 0.1508457845622862 < 1e-14, String(d));
  });

  it('inverts δ(ε) to full double precision, on the safe side', () => {
    const e = epsilonOptimal(0.1, 1e-6);
    assert.ok(deltaOptimal(0.1, e) <= 1e-6);
    assert.ok(deltaOptimal(0.1, nextDown(e)) > 1e-6);
  });

  it('ε-DP gives ρ = ε²/2, and ρ adds', () => {
    assert.equal(rhoFromPureEpsilon(1), 0.5);
    assert.equal(rhoFromPureEpsilon(0.1), 0.005);
    assert.equal(composeZcdp([0.1, 0.2]), 0.3);
  });

  it('the inverse conversions give back the ε they were asked for', () => {
    const rho = rhoClassic(2.4507880004768, 1e-6);
    assert.ok(Math.abs(rho - 0.1) < 1e-12 && epsilonClassic(rho, 1e-6) <= 2.4507880004768032 + 1e-15);
    const r = rhoOptimal(1, 1e-6);
    assert.ok(epsilonOptimal(r, 1e-6) <= 1 && r > rhoClassic(1, 1e-6));
  });

  it('rejects absurd parameters with one clear message', () => {
    assert.throws(() => epsilonClassic(-1, 1e-6), /ρ must be/);
    assert.throws(() => epsilonOptimal(0.1, 1), /δ must be in \(0, 1\)/);
    assert.throws(() => rhoFromPureEpsilon(NaN), /ε must be/);
  });
});
