// Sampler speed: exact discrete Laplace and discrete Gaussian (CKS20, BigInt rationals) at a few scales, from the
// secure generator, and the grid mechanisms built on them. The peer measured in the same run is the textbook
// floating-point inverse-CDF Laplace (what diffprivlib-style code does, and what Mironov 2012 breaks) — the price of
// exactness is the ratio printed.
import { cryptoRandom, seededRandom } from '../engine/core/random.js';
import { rational } from '../engine/core/rational.js';
import { sampleDiscreteGaussian } from '../engine/dp/samplers/discrete-gaussian.js';
import { sampleDiscreteLaplace } from '../engine/dp/samplers/discrete-laplace.js';
import { makeLaplace } from '../engine/dp/mechanisms/laplace.js';
import { makeGaussian } from '../engine/dp/mechanisms/gaussian.js';

function rate(label: string, n: number, draw: () => unknown): number {
  for (let i = 0; i < Math.min(n, 2000); i++) draw();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) draw();
  const perSecond = n / ((performance.now() - t0) / 1000);
  console.log(`${label.padEnd(52)} ${Math.round(perSecond).toLocaleString('en-US').padStart(12)} samples/s`);
  return perSecond;
}

export default function (): void {
  const rng = cryptoRandom();
  const n = 200000;
  // The peer: u ~ U(−½, ½) from 53 secure bits, x = −b·sgn(u)·ln(1 − 2|u|). Not private (Mironov 2012); speed only.
  const words = seededRandom(1);
  const textbook = rate('peer: float inverse-CDF Laplace, scale 1 (insecure)', n, () => {
    const u = (words.nextUint32() * 2 ** 21 + (words.nextUint32() >>> 11)) / 2 ** 53 - 0.5;
    return -Math.sign(u) * Math.log(1 - 2 * Math.abs(u));
  });
  for (const [label, scale] of [
    ['1', rational(1n)],
    ['10', rational(10n)],
    ['1000', rational(1000n)],
    ['10·2^36 (grid scale of b=10)', rational(10n << 36n)],
  ] as const) {
    const r = rate(`discrete Laplace, scale ${label}`, n, () => sampleDiscreteLaplace(scale, rng));
    console.log(`${''.padEnd(52)} ratio to peer ${(r / textbook).toFixed(3)}`);
  }
  for (const [label, s2] of [
    ['1', rational(1n)],
    ['10', rational(100n)],
    ['1000', rational(1000000n)],
    ['10·2^36', rational((10n << 36n) ** 2n)],
  ] as const) {
    const r = rate(`discrete Gaussian, σ = ${label}`, n, () => sampleDiscreteGaussian(s2, rng));
    console.log(`${''.padEnd(52)} ratio to peer ${(r / textbook).toFixed(3)}`);
  }
  const lap = makeLaplace({ sensitivity: 1, epsilon: 0.1 });
  rate('makeLaplace ε=0.1 on a real value (grid 2^−30)', n, () => lap.invoke([42.5]));
  const gau = makeGaussian({ sensitivity: 1, rho: 0.1 });
  rate('makeGaussian ρ=0.1 on a real value', n, () => gau.invoke([42.5]));
}
