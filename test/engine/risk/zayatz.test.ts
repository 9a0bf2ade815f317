import { strict as assert } from 'node:assert';
import { histogramFromCounts } from '../../../engine/risk/class-size-histogram.js';
import { makePopulationModel } from '../../../engine/risk/population-model.js';
import { hypergeometricOne, zayatz } from '../../../engine/risk/zayatz.js';

function close(actual: number, expected: number, relative = 1e-12): void {
  assert.ok(Math.abs(actual - expected) <= relative * Math.max(1, Math.abs(expected)), `${actual} ≠ ${expected}`);
}

/** P(X = 1) straight from binomial coefficients, for small arguments. */
function binomial(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

describe('risk/zayatz (Zayatz 1991)', () => {
  it('computes the hypergeometric P(X = 1) by its product form', () => {
    // X ~ Hypergeometric(N = 6, s = 2, n = 3): P(X = 1) = C(2,1)·C(4,2)/C(6,3) = 2·6/20 = 0.6.
    close(hypergeometricOne(6, 2, 3), 0.6);
    close(hypergeometricOne(6, 1, 3), 0.5);
    for (const [N, s, n] of [
      [30, 4, 10],
      [50, 7, 20],
      [12, 12, 1],
      [9, 3, 7],
    ]) {
      close(hypergeometricOne(N, s, n), (s * binomial(N - s, n - 1)) / binomial(N, n), 1e-12);
    }
    // Drawing all N records leaves no class of size ≥ 2 with exactly one record in the sample.
    assert.equal(hypergeometricOne(10, 2, 10), 0);
  });

  it('matches a hand computation', () => {
    // Hand-computed. Sample: one unique and one pair (n = 3, u = 2); λ = ½ so N = 6.
    // P₁ = 3/6 = 0.5, P₂ = 0.6 (above). P(cond) = (½·0.5) / (½·0.5 + ½·0.6) = 0.25/0.55 = 5/11.
    // Population uniques = c₁·P(cond)/f = 1·(5/11)/0.5 = 10/11.
    const e = zayatz(histogramFromCounts({ 1: 1, 2: 1 }), makePopulationModel(3, 0.5));
    close(e.conditionalUniqueness, 5 / 11);
    close(e.populationUniques, 10 / 11);
  });

  it('returns the sample uniques for a census and 0 without uniques', () => {
    const h = histogramFromCounts({ 1: 5, 3: 2 });
    // f = 1: P₁ = 1 and P_s = 0 for s ≥ 2, so every sample unique is a population unique.
    close(zayatz(h, makePopulationModel(h.rows, 1)).populationUniques, 5);
    assert.equal(zayatz(histogramFromCounts({ 2: 3 }), makePopulationModel(6, 0.1)).populationUniques, 0);
  });
});
