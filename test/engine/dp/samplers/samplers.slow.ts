import { strict as assert } from 'node:assert';
import { seededRandom } from '../../../../engine/core/random.js';
import { rational } from '../../../../engine/core/rational.js';
import { sampleDiscreteGaussian } from '../../../../engine/dp/samplers/discrete-gaussian.js';
import { sampleDiscreteLaplace } from '../../../../engine/dp/samplers/discrete-laplace.js';
import { makeLaplace } from '../../../../engine/dp/mechanisms/laplace.js';
import { makeGaussian } from '../../../../engine/dp/mechanisms/gaussian.js';
import { chiSquareFit } from './goodness-of-fit.js';

// Heavier goodness-of-fit runs: 10^6 samples per case. Each test fails with probability 0.001 under a fresh seed for
// a correct sampler; seeds are fixed so runs are deterministic.
const N = 1_000_000;

/** Kolmogorov–Smirnov distance between the samples and a continuous CDF. */
function ksDistance(xs: number[], cdf: (x: number) => number): number {
  const s = xs.slice().sort((a, b) => a - b);
  let d = 0;
  s.forEach((x, i) => {
    const f = cdf(x);
    d = Math.max(d, Math.abs(f - i / s.length), Math.abs((i + 1) / s.length - f));
  });
  return d;
}
// The asymptotic KS critical value at α = 0.001 is 1.9495/√n.
const ksCritical = (n: number) => 1.9495 / Math.sqrt(n);

describe('dp/samplers at 10^6 samples (slow)', function () {
  this.timeout(1800000);

  for (const [label, scale] of [
    ['1/3', rational(1n, 3n)],
    ['1', rational(1n)],
    ['25/2', rational(25n, 2n)],
  ] as const) {
    it(`discrete Laplace, scale ${label}`, () => {
      const rng = seededRandom(100);
      const t = Number(scale.num) / Number(scale.den);
      const pmf = (x: number) => ((1 - Math.exp(-1 / t)) / (1 + Math.exp(-1 / t))) * Math.exp(-Math.abs(x) / t);
      const { pValue, bins } = chiSquareFit(
        Array.from({ length: N }, () => sampleDiscreteLaplace(scale, rng)),
        pmf,
      );
      assert.ok(pValue > 0.001, `p=${pValue} over ${bins} bins`);
    });
  }

  for (const [label, sigma2] of [
    ['1/4', rational(1n, 4n)],
    ['2', rational(2n)],
    ['400', rational(400n)],
  ] as const) {
    it(`discrete Gaussian, σ² = ${label}`, () => {
      const rng = seededRandom(200);
      const s2 = Number(sigma2.num) / Number(sigma2.den);
      let z = 0;
      for (let y = -1000; y <= 1000; y++) z += Math.exp((-y * y) / (2 * s2));
      const { pValue, bins } = chiSquareFit(
        Array.from({ length: N }, () => sampleDiscreteGaussian(sigma2, rng)),
        (x) => Math.exp((-x * x) / (2 * s2)) / z,
      );
      assert.ok(pValue > 0.001, `p=${pValue} over ${bins} bins`);
    });
  }

  it('grid Laplace on reals matches the continuous Laplace CDF (KS), grid 2^−30 of the scale', () => {
    const m = makeLaplace({ sensitivity: 1, epsilon: 0.5, rng: seededRandom(300) });
    const b = m.parameters.scale as number;
    const xs = Array.from({ length: N / 4 }, () => m.invoke([0])[0]);
    const cdf = (x: number) => (x < 0 ? 0.5 * Math.exp(x / b) : 1 - 0.5 * Math.exp(-x / b));
    const d = ksDistance(xs, cdf);
    assert.ok(d < ksCritical(xs.length), `KS ${d}`);
  });

  it('grid Gaussian on reals matches the normal CDF (KS)', () => {
    const m = makeGaussian({ sensitivity: 1, rho: 0.125, rng: seededRandom(400) }); // σ ≈ 2
    const s = m.parameters.sigma as number;
    const xs = Array.from({ length: N / 4 }, () => m.invoke([0])[0]);
    // Φ via erfc's Abramowitz–Stegun 7.1.26 is too coarse; integrate the density with Simpson's rule instead.
    const phi = (x: number) => {
      const steps = 400;
      const lo = -12 * s;
      if (x <= lo) return 0;
      const h = (x - lo) / steps;
      let acc = 0;
      for (let i = 0; i <= steps; i++) {
        const w = i === 0 || i === steps ? 1 : i % 2 ? 4 : 2;
        const y = lo + i * h;
        acc += w * Math.exp((-y * y) / (2 * s * s));
      }
      return (acc * h) / 3 / (s * Math.sqrt(2 * Math.PI));
    };
    const sorted = xs.slice().sort((a, b) => a - b);
    let d = 0;
    // Evaluate the CDF at 2000 quantiles (enough to locate the KS maximum to well below the critical value).
    for (let q = 1; q < 2000; q++) {
      const i = Math.floor((q / 2000) * sorted.length);
      const f = phi(sorted[i]);
      d = Math.max(d, Math.abs(f - i / sorted.length), Math.abs(f - (i + 1) / sorted.length));
    }
    assert.ok(d < ksCritical(xs.length), `KS ${d}`);
  });
});
