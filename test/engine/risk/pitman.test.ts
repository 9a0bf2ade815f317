import { strict as assert } from 'node:assert';
import { histogramFromCounts } from '../../../engine/risk/class-size-histogram.js';
import { pitman } from '../../../engine/risk/pitman.js';
import { makePopulationModel } from '../../../engine/risk/population-model.js';
import { logGamma } from '../../../engine/risk/special-functions.js';

describe('risk/pitman (Pitman 1996; Hoshino 2001)', () => {
  const h = histogramFromCounts({ 1: 40, 2: 15, 3: 8, 4: 4, 5: 2, 8: 1 });

  it('returns a root of the likelihood equations, checked term by term', () => {
    const e = pitman(h, makePopulationModel(h.rows, 0.1));
    const { theta: t, alpha: a } = e;
    // Hoshino 2001: Σ_{i=1}^{u−1} 1/(θ+iα) = Σ_{i=1}^{n−1} 1/(θ+i) and Σ_{i=1}^{u−1} i/(θ+iα) = Σ_j c_j Σ_{k=1}^{j−1}
    // 1/(k−α).
    let lhs1 = 0,
      rhs1 = 0,
      lhs2 = 0,
      rhs2 = 0;
    for (let i = 1; i < h.classes; i++) {
      lhs1 += 1 / (t + i * a);
      lhs2 += i / (t + i * a);
    }
    for (let i = 1; i < h.rows; i++) rhs1 += 1 / (t + i);
    h.sizes.forEach((s, idx) => {
      for (let k = 1; k < s; k++) rhs2 += h.counts[idx] / (k - a);
    });
    assert.ok(Math.abs(lhs1 - rhs1) <= 1e-6 && Math.abs(lhs2 - rhs2) <= 1e-6, `${lhs1 - rhs1}, ${lhs2 - rhs2}`);
  });

  it('estimates population uniques as Γ(θ+1)/Γ(θ+α)·N^α', () => {
    for (const f of [0.01, 0.1, 0.5]) {
      const population = makePopulationModel(h.rows, f);
      const e = pitman(h, population);
      const expected =
        Math.exp(logGamma(e.theta + 1) - logGamma(e.theta + e.alpha)) * Math.pow(population.populationSize, e.alpha);
      assert.ok(Math.abs(e.populationUniques - expected) <= 1e-9 * expected);
      assert.ok(e.populationUniques >= 0 && e.populationUniques <= population.populationSize);
    }
  });

  it('uses ARX’s start values and finds the same (θ, α) for every sampling fraction, since they do not enter the likelihood', () => {
    const a = pitman(h, makePopulationModel(h.rows, 0.01));
    const b = pitman(h, makePopulationModel(h.rows, 0.3));
    assert.equal(a.theta, b.theta);
    assert.equal(a.alpha, b.alpha);
  });
});
