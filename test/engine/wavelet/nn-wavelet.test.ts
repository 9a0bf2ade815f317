import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { seededRandom } from '../../../engine/core/random.js';
import { add, div, fromDecimal, mul, rational, ZERO } from '../../../engine/core/rational.js';
import { sequentialComposition } from '../../../engine/dp/accounting/compose.js';
import { haarForward } from '../../../engine/wavelet/haar-1d.js';
import { makeLevelNoise } from '../../../engine/wavelet/level-noise.js';
import { makeNnWavelet, nnWaveletLevels } from '../../../engine/wavelet/nn-wavelet.js';
import {
  integerHaar,
  reconstructNonNegative,
  type TreeNoise,
} from '../../../engine/wavelet/non-negative-reconstruction.js';

/** A deterministic stand-in for noise, keyed by node, so that two reconstructions can be compared exactly. */
const hashNoise = (seed: number, spread: number): TreeNoise => {
  const z = (h: number) => {
    let x = (h * 2654435761 + seed * 40503) >>> 0;
    x ^= x >>> 13;
    x = Math.imul(x, 0x5bd1e995) >>> 0;
    return ((x % (2 * spread + 1)) - spread) | 0;
  };
  return { top: (u0) => u0 + z(0), detail: (h, uh) => uh + z(h) };
};

/** The dense reference: every node's cA⁺ computed top-down (Ishioka–Terada §3.2), no skipping. */
function dense(u: Float64Array, noise: TreeNoise): { values: Float64Array; positive: number } {
  const n = u.length;
  const k = Math.log2(n);
  const A = new Float64Array(2 * n);
  A[1] = Math.max(noise.top(u[0]) / n, 0);
  let positive = 0;
  for (let h = 1; h < n; h++) {
    const level = k - Math.floor(Math.log2(h));
    const a = A[h];
    if (a > 0) positive++;
    const d = Math.min(a, Math.max(-a, noise.detail(h, u[h]) / 2 ** level));
    A[2 * h] = a + d;
    A[2 * h + 1] = a - d;
  }
  return { values: A.slice(n), positive };
}

describe('wavelet/NN-Wavelet', () => {
  it('integer-scaled coefficients are 2^i times the Haar coefficients of level i', () => {
    const x = [4, 6, 3, 5, 0, 0, 9, 1];
    const u = integerHaar(x);
    const w = haarForward(x);
    assert.deepEqual(Array.from(u), [28, 8, 2, -10, -2, -2, 0, 8]);
    const levels = [3, 3, 2, 2, 1, 1, 1, 1];
    levels.forEach((i, h) => assert.equal(u[h], w[h] * 2 ** i));
  });

  it('the sparse reconstruction equals the dense one and visits exactly the nodes whose cA⁺ > 0', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 30 }), { minLength: 64, maxLength: 64 }),
        fc.nat(1000),
        fc.integer({ min: 0, max: 200 }),
        (cells, seed, spread) => {
          // Sparse inputs: zero out most cells.
          const x = cells.map((v, i) => (i % 5 === 0 ? v : 0));
          const u = integerHaar(x);
          const sparse = reconstructNonNegative(u, hashNoise(seed, spread));
          const ref = dense(u, hashNoise(seed, spread));
          assert.deepEqual(Array.from(sparse.values), Array.from(ref.values));
          assert.equal(sparse.visits, ref.positive);
        },
      ),
    );
  });

  it('an all-zero grid whose noisy total clips to 0 visits nothing; a single point visits one path of k nodes when no noise', () => {
    const zero = reconstructNonNegative(new Float64Array(1024), {
      top: () => -5,
      detail: () => assert.fail('no detail may be drawn'),
    });
    assert.equal(zero.visits, 0);
    const x = new Float64Array(1024);
    x[700] = 3;
    const one = reconstructNonNegative(integerHaar(x), { top: (u) => u, detail: (_h, u) => u });
    assert.equal(one.visits, 10);
    assert.equal(one.values[700], 3);
  });

  it('every output is ≥ 0 and finite, for Laplace and Gaussian noise (property, seeded)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.nat(),
        fc.constantFrom<'laplace' | 'gaussian'>('laplace', 'gaussian'),
        (side, seed, noise) => {
          const m = makeNnWavelet({
            noise,
            side,
            rho: noise === 'gaussian' ? 0.01 : undefined,
            epsilon: noise === 'laplace' ? 0.05 : undefined,
            rng: seededRandom(seed),
          });
          const counts = Float64Array.from({ length: side * side }, (_, i) =>
            (i * 31 + seed) % 7 === 0 ? (i % 13) * 3 : 0,
          );
          const out = m.invoke(counts);
          assert.equal(out.length, side * side);
          for (const v of out) assert.ok(v >= 0 && Number.isFinite(v), String(v));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('composed cost is exactly ρ: k + 1 levels at ρ/(k+1), each Δᵢ²/(2σᵢ²) with Δᵢ = 2^−i, σᵢ = 2^−i·√((k+1)/(2ρ)) (Ishioka–Terada eqs. 8–10)', () => {
    for (const rho of [0.001, 0.01, 0.1, 0.3]) {
      const k = nnWaveletLevels(512);
      assert.equal(k, 18);
      const noise = makeLevelNoise({ noise: 'gaussian', parts: k + 1, rho, rng: seededRandom(1) });
      // s² = (k+1)/(2ρ) as an exact rational; per level, Δᵢ²/(2σᵢ²) = 4^−i/(2·4^−i·s²) = 1/(2s²).
      const s2 = div(rational(BigInt(k + 1)), mul(rational(2n), fromDecimal(rho)));
      let total = ZERO;
      for (let i = 0; i <= k; i++) {
        const level = Math.max(i, 1);
        const delta2 = rational(1n, 4n ** BigInt(level));
        const sigma2 = mul(rational(1n, 4n ** BigInt(level)), s2);
        const rhoI = div(delta2, mul(rational(2n), sigma2));
        assert.deepEqual(rhoI, noise.share);
        total = add(total, rhoI);
      }
      assert.deepEqual(total, fromDecimal(rho));
      const m = makeNnWavelet({ noise: 'gaussian', side: 512, rho, rng: seededRandom(1) });
      assert.deepEqual(m.cost, { kind: 'zcdp', rho });
    }
    // Through the engine's composition of the 19 level costs, when ρ/19 is a finite decimal (0.19/19 = 0.01).
    const exact = makeLevelNoise({ noise: 'gaussian', parts: 19, rho: 0.19, rng: seededRandom(1) });
    assert.deepEqual(sequentialComposition(Array.from({ length: 19 }, () => exact.level.cost)), {
      kind: 'zcdp',
      rho: 0.19,
    });
    const lap = makeNnWavelet({ noise: 'laplace', side: 512, epsilon: 0.7, rng: seededRandom(1) });
    assert.deepEqual(lap.cost, { kind: 'pure', epsilon: 0.7 });
    assert.deepEqual(lap.map(2), { kind: 'pure', epsilon: 1.4 });
    assert.deepEqual(makeNnWavelet({ noise: 'gaussian', side: 512, rho: 0.1 }).map(3), { kind: 'zcdp', rho: 0.9 });
  });

  it('the level noise has the variance it is calibrated for (seeded; 20,000 draws, tolerance 4 standard errors, false failure < 1e-4)', () => {
    const g = makeLevelNoise({ noise: 'gaussian', parts: 19, rho: 0.1, rng: seededRandom(5) });
    const l = makeLevelNoise({ noise: 'laplace', parts: 19, epsilon: 1, rng: seededRandom(6) });
    // s² = 19/0.2 = 95; discrete Laplace scale t = 19: variance 2q/(1 − q)² with q = e^(−1/19) ≈ 721.8334 (by hand,
    // also ≈ 2t² − 1/6 = 721.83).
    assert.ok(Math.abs(g.variance - 95) < 1e-6);
    assert.ok(Math.abs(l.variance - 721.8334) < 1e-3, String(l.variance));
    for (const [noise, sdOfVar] of [
      [g, Math.sqrt(2) * 95],
      [l, Math.sqrt(5 * 721 ** 2)],
    ] as const) {
      const N = 20000;
      let s = 0;
      for (let i = 0; i < N; i++) s += noise.draw() ** 2;
      assert.ok(Math.abs(s / N - noise.variance) < (4 * sdOfVar) / Math.sqrt(N), `${s / N} vs ${noise.variance}`);
    }
  });

  it('refuses absurd parameters with a one-line PrivacyError', () => {
    for (const bad of [0, -1, NaN, Infinity]) {
      assert.throws(() => makeNnWavelet({ noise: 'gaussian', side: 8, rho: bad }), { name: 'PrivacyError' });
      assert.throws(() => makeNnWavelet({ noise: 'gaussian', side: bad, rho: 0.1 }), { name: 'PrivacyError' });
    }
    assert.throws(() => makeNnWavelet({ noise: 'gaussian', side: 8, epsilon: 1 }), /rho/);
    assert.throws(() => makeNnWavelet({ noise: 'laplace', side: 8, epsilon: 1, rho: 0.1 }), /epsilon/);
    const m = makeNnWavelet({ noise: 'gaussian', side: 4, rho: 0.1 });
    assert.throws(() => m.invoke(new Float64Array(15)), /16 cells/);
    assert.throws(
      () => m.invoke(Float64Array.from({ length: 16 }, (_, i) => (i === 3 ? -1 : 0))),
      /non-negative integers/,
    );
    assert.throws(
      () => m.invoke(Float64Array.from({ length: 16 }, (_, i) => (i === 3 ? 0.5 : 0))),
      /non-negative integers/,
    );
  });
});
