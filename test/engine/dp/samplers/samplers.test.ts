import { strict as assert } from 'node:assert';
import { seededRandom } from '../../../../engine/core/random.js';
import { rational } from '../../../../engine/core/rational.js';
import { bernoulliExp } from '../../../../engine/dp/samplers/bernoulli-exp.js';
import { sampleDiscreteGaussian, isqrt } from '../../../../engine/dp/samplers/discrete-gaussian.js';
import { sampleDiscreteLaplace } from '../../../../engine/dp/samplers/discrete-laplace.js';
import { fromGrid, gridIndex } from '../../../../engine/dp/samplers/grid.js';
import { bernoulliNumber, uniformBelow } from '../../../../engine/dp/samplers/uniform.js';
import { chiSquareFit } from './goodness-of-fit.js';

// Statistical tests: each χ² test fails with probability 0.001 for a correct sampler under a fresh seed; the seeds
// are fixed, so CI is deterministic. The sample sizes give power against a 2% error in any well-filled bin.
const N = 40000;
const ALPHA = 0.001;

describe('dp/samplers (Canonne–Kamath–Steinke 2020)', () => {
  it('uniformBelow is exact and in range, also beyond 32 bits', () => {
    const rng = seededRandom(1);
    const counts = [0, 0, 0];
    for (let i = 0; i < 30000; i++) counts[Number(uniformBelow(3n, rng))]++;
    // 4.9σ with σ = √(30000·2/9) ≈ 82: false failure < 3e−6 for the three counts together.
    counts.forEach((c) => assert.ok(Math.abs(c - 10000) < 400, String(counts)));
    const big = (1n << 70n) + 5n;
    for (let i = 0; i < 1000; i++) assert.ok(uniformBelow(big, rng) < big);
  });

  it('Bernoulli(exp(−γ)) matches e^−γ for γ = 1/2 and γ = 5/2', () => {
    const rng = seededRandom(2);
    for (const [num, den] of [
      [1n, 2n],
      [5n, 2n],
    ] as const) {
      let hits = 0;
      for (let i = 0; i < N; i++) if (bernoulliExp(num, den, rng)) hits++;
      const p = Math.exp(-Number(num) / Number(den));
      // 4.5σ band: false failure < 1e-5.
      assert.ok(Math.abs(hits / N - p) < 4.5 * Math.sqrt((p * (1 - p)) / N), `γ=${num}/${den}: ${hits / N} vs ${p}`);
    }
  });

  it('bernoulliNumber is exact for dyadic probabilities', () => {
    const rng = seededRandom(3);
    let hits = 0;
    for (let i = 0; i < N; i++) if (bernoulliNumber(0.25, rng)) hits++;
    assert.ok(Math.abs(hits / N - 0.25) < 4.5 * Math.sqrt(0.1875 / N));
  });

  for (const [label, scale] of [
    ['1', rational(1n)],
    ['7/2', rational(7n, 2n)],
  ] as const) {
    it(`discrete Laplace, scale ${label}: χ² fit to Pr[x] = tanh(1/2t)·e^{−|x|/t}`, () => {
      const rng = seededRandom(10);
      const t = Number(scale.num) / Number(scale.den);
      // Exact pmf: (1 − e^{−1/t})/(1 + e^{−1/t}) · e^{−|x|/t}.
      const pmf = (x: number) => ((1 - Math.exp(-1 / t)) / (1 + Math.exp(-1 / t))) * Math.exp(-Math.abs(x) / t);
      const samples = Array.from({ length: N }, () => sampleDiscreteLaplace(scale, rng));
      const { pValue, bins } = chiSquareFit(samples, pmf);
      assert.ok(pValue > ALPHA, `p=${pValue} over ${bins} bins`);
    });
  }

  for (const [label, sigma2] of [
    ['1', rational(1n)],
    ['9/4', rational(9n, 4n)],
    ['100', rational(100n)],
  ] as const) {
    it(`discrete Gaussian, σ² = ${label}: χ² fit to e^{−x²/2σ²}/Σ`, () => {
      const rng = seededRandom(20);
      const s2 = Number(sigma2.num) / Number(sigma2.den);
      let z = 0;
      for (let y = -200; y <= 200; y++) z += Math.exp((-y * y) / (2 * s2));
      const pmf = (x: number) => Math.exp((-x * x) / (2 * s2)) / z;
      const samples = Array.from({ length: N }, () => sampleDiscreteGaussian(sigma2, rng));
      const { pValue, bins } = chiSquareFit(samples, pmf);
      assert.ok(pValue > ALPHA, `p=${pValue} over ${bins} bins`);
    });
  }

  it('a broken sampler fails the same test (the test has power)', () => {
    const rng = seededRandom(10);
    // Scale 1.1 instead of 1: variance 10% off.
    const samples = Array.from({ length: N }, () => sampleDiscreteLaplace(rational(11n, 10n), rng));
    const pmf = (x: number) => ((1 - Math.exp(-1)) / (1 + Math.exp(-1))) * Math.exp(-Math.abs(x));
    assert.ok(chiSquareFit(samples, pmf).pValue < ALPHA);
  });

  it('zero scale means no noise; isqrt is exact', () => {
    const rng = seededRandom(1);
    assert.equal(sampleDiscreteLaplace(rational(0n), rng), 0n);
    assert.equal(sampleDiscreteGaussian(rational(0n), rng), 0n);
    assert.equal(isqrt(10n ** 40n), 10n ** 20n);
    assert.equal(isqrt(10n ** 40n - 1n), 10n ** 20n - 1n);
  });

  it('grid rounding is exact and outputs are multiples of 2^k', () => {
    assert.equal(gridIndex(2.5, 0), 3n);
    assert.equal(gridIndex(-2.5, 0), -3n);
    assert.equal(gridIndex(0.1, -3), 1n); // 0.1 is nearest to 1/8.
    assert.equal(gridIndex(0.0625, -3), 1n); // Exactly half a step (1/16): ties away from zero.
    assert.equal(fromGrid(3n, -2), 0.75);
    assert.equal(gridIndex(2 ** 60 + 2 ** 10, 10), (1n << 50n) + 1n);
  });
});
