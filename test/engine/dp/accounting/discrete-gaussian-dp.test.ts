import { strict as assert } from 'node:assert';
import {
  discreteGaussianDelta,
  discreteGaussianEpsilon,
} from '../../../../engine/dp/accounting/discrete-gaussian-dp.js';
import { epsilonOptimal } from '../../../../engine/dp/accounting/zcdp.js';
import { makeGaussian } from '../../../../engine/dp/mechanisms/gaussian.js';

/** CKS20 Theorem 7's closed form, computed independently from tail sums: P[Y > a] − e^ε·P[Y > b]. */
function theorem7(sigma: number, d: number, epsilon: number): number {
  let z = 0;
  const pmf: Array<[number, number]> = [];
  for (let y = -Math.ceil(40 * sigma) - d; y <= Math.ceil(40 * sigma) + d; y++) {
    const w = Math.exp(-(y * y) / (2 * sigma * sigma));
    z += w;
    pmf.push([y, w]);
  }
  const tail = (t: number) => pmf.filter(([y]) => y > t).reduce((s, [, w]) => s + w, 0) / z;
  const a = (epsilon * sigma * sigma) / d - d / 2;
  return tail(a) - Math.exp(epsilon) * tail(a + d);
}

describe('accounting/discrete-gaussian-dp (exact (ε, δ) of the discrete Gaussian)', () => {
  it("the hockey-stick sum agrees with CKS20 Theorem 7's closed form", () => {
    for (const [sigma, d, eps] of [
      [1, 1, 0.5],
      [3, 1, 1],
      [3, 2, 0.7],
      [10, 1, 0.3],
      [20.5, 3, 0.2],
    ] as const) {
      const ours = discreteGaussianDelta(sigma, d, eps);
      const closed = theorem7(sigma, d, eps);
      assert.ok(ours >= closed && (ours - closed) / closed < 1e-8, `σ=${sigma} Δ=${d} ε=${eps}: ${ours} vs ${closed}`);
    }
  });

  it('is tighter than the zCDP route and inverts to the δ asked for', () => {
    for (const sigma of [1, 3, 10, 100]) {
      const e = discreteGaussianEpsilon(sigma, 1, 1e-6);
      assert.ok(e < epsilonOptimal(1 / (2 * sigma * sigma), 1e-6), `σ=${sigma}`);
      assert.ok(discreteGaussianDelta(sigma, 1, e) <= 1e-6);
    }
    // σ = 3, Δ = 1, δ = 1e-6: 1.45491… (this implementation; the zCDP route gives 1.55766…).
    assert.equal(discreteGaussianEpsilon(3, 1, 1e-6).toFixed(4), '1.4549');
  });

  it('makeGaussian reports the exact curve for integer counts', () => {
    const g = makeGaussian({ sensitivity: 1, sigma: 3, delta: 1e-6, integer: true });
    assert.ok(g.cost.kind === 'approx' && g.cost.epsilon === discreteGaussianEpsilon(3, 1, 1e-6));
    const real = makeGaussian({ sensitivity: 1, sigma: 3, delta: 1e-6 });
    assert.ok(real.cost.kind === 'approx' && Math.abs(real.cost.epsilon - epsilonOptimal(1 / 18, 1e-6)) < 1e-6);
  });
});
