import { strict as assert } from 'node:assert';
import { histogramFromCounts } from '../../../engine/risk/class-size-histogram.js';
import { makePopulationModel } from '../../../engine/risk/population-model.js';
import { shlosserSh3, snb, snbExpectedSmallClasses } from '../../../engine/risk/snb.js';

function close(actual: number, expected: number, relative = 1e-10): void {
  assert.ok(Math.abs(actual - expected) <= relative * Math.max(1, Math.abs(expected)), `${actual} ≠ ${expected}`);
}

/** E(c_j) by brute force: Σ_F P(F) · K · P(Binomial(F, f) = j), with F − 1 ~ NegBin(α, β) summed until negligible. */
function bruteForce(K: number, f: number, a: number, b: number, j: number): number {
  let total = 0;
  // P(M = m) = Γ(m + α)/(Γ(α)·m!)·β^α·(1 − β)^m, built up by the ratio P(m+1)/P(m) = (m + α)/(m + 1)·(1 − β).
  let pm = Math.pow(b, a);
  for (let m = 0; m < 20000; m++) {
    const F = m + 1;
    if (F >= j) {
      let choose = 1;
      for (let i = 1; i <= j; i++) choose = (choose * (F - j + i)) / i;
      total += pm * choose * Math.pow(f, j) * Math.pow(1 - f, F - j);
    }
    pm *= ((m + a) / (m + 1)) * (1 - b);
  }
  return K * total;
}

describe('risk/snb (Chen & Keller-McNulty 1998)', () => {
  it('computes Shlosser’s Sh3 estimate of the non-empty classes by hand', () => {
    // Hand-computed for c₁ = 2, c₂ = 1 (u = 3), f = ½:
    // Σ i·f²(1−f²)^(i−1)c_i = 1·¼·1·2 + 2·¼·¾·1 = 0.875;  Σ (1−f)^i((1+f)^i − 1)c_i = ½·½·2 + ¼·1.25·1 = 0.8125;
    // Σ (1−f)^i c_i = 1 + ¼ = 1.25;  Σ i·f(1−f)^(i−1)c_i = 1 + ½ = 1.5.
    // K̂ = 3 + 2·(0.875/0.8125)·(1.25/1.5)² = 3 + 2·(14/13)·(25/36) = 3 + 175/117 = 526/117.
    close(shlosserSh3(histogramFromCounts({ 1: 2, 2: 1 }), 0.5), 526 / 117);
    // A census has no unseen classes.
    assert.equal(shlosserSh3(histogramFromCounts({ 1: 2, 2: 1 }), 1), 3);
  });

  it('has expectations E(c₁), E(c₂) that agree with summing the model term by term', () => {
    // This is the check that tells the published E(c₂) (dividing by (1−q)^(α+2)) from ARX's current one (multiplying).
    for (const [K, f, a, b] of [
      [100, 0.1, 0.5, 0.3],
      [1000, 0.3, 1.7, 0.6],
      [50, 0.05, 0.2, 0.05],
    ]) {
      const [e1, e2] = snbExpectedSmallClasses(K, f, a, b);
      close(e1, bruteForce(K, f, a, b, 1), 1e-9);
      close(e2, bruteForce(K, f, a, b, 2), 1e-9);
    }
  });

  it('solves the moment equations: the root reproduces the observed c₁ and c₂', () => {
    const h = histogramFromCounts({ 1: 40, 2: 15, 3: 8, 4: 4, 5: 2, 8: 1 });
    const population = makePopulationModel(h.rows, 0.3);
    const e = snb(h, population);
    const [e1, e2] = snbExpectedSmallClasses(e.nonEmptyClasses, population.samplingFraction, e.alpha, e.beta);
    assert.ok(Math.abs(e1 - 40) <= 1e-6 && Math.abs(e2 - 15) <= 1e-6, `${e1}, ${e2}`);
    // Population uniques = K·β^α.
    close(e.populationUniques, e.nonEmptyClasses * Math.pow(e.beta, e.alpha));
    assert.ok(e.populationUniques > 0 && e.populationUniques < population.populationSize);
  });
});
