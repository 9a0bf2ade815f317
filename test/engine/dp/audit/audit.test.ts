import { strict as assert } from 'node:assert';
import { seededRandom } from '../../../../engine/core/random.js';
import { auditMechanism, empiricalEpsilon } from '../../../../engine/dp/audit/empirical-epsilon.js';
import { makeLaplace } from '../../../../engine/dp/mechanisms/laplace.js';

// Seed "DP query tutorial", 経験的差分プライバシー: ε_emp = max(log((1−FP)/FN), log((1−FN)/FP)).
// The audit's lower bound is wrong (above the true ε) with probability ≤ 2α = 0.001 per audit; seeds are fixed.
describe('dp/audit (Kairouz et al. 2015)', () => {
  it('the formula: FP = FN = 1/4 gives ln 3', () => {
    assert.ok(Math.abs(empiricalEpsilon(0.25, 0.25) - Math.log(3)) < 1e-15);
    assert.equal(empiricalEpsilon(0.5, 0.5), 0);
  });

  const audit = (scale: number, seed: number) => {
    const m = makeLaplace({ sensitivity: 1, scale, rng: seededRandom(seed) });
    // Neighbours D = 0 and D′ = 1 (a count); reject H0 ("came from D") when y > 1.5. For t ≥ 1 the Laplace tails
    // give (1 − FN)/FP = e^{1/b} exactly, so this region can reveal the full ε.
    return auditMechanism({
      runD: () => m.invoke([0])[0],
      runDPrime: () => m.invoke([1])[0],
      reject: (y) => y > 1.5,
      trials: 20000,
    });
  };

  it('a correct Laplace (ε = 1, scale 1) stays below ε = 1', () => {
    const r = audit(1, 1);
    assert.ok(r.epsilonLower < 1, JSON.stringify(r));
    assert.ok(r.epsilonLower > 0.8, 'the audit should come close to the true ε');
  });

  it('a broken Laplace at half the scale (true ε = 2) is caught: the lower bound exceeds the declared ε = 1', () => {
    const r = audit(0.5, 2);
    assert.ok(r.epsilonLower > 1, JSON.stringify(r));
  });
});
