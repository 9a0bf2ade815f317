import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { seededRandom } from '../../../engine/core/random.js';
import {
  leastSquaresConsistency,
  nonNegativeLeaves,
  projectOntoSimplex,
} from '../../../engine/wavelet/hay-consistency.js';
import { makeIdentityGrid } from '../../../engine/wavelet/identity-grid.js';
import { makePrivelet } from '../../../engine/wavelet/privelet.js';
import { makeQuadtree, quadtreeLevels } from '../../../engine/wavelet/quadtree.js';

describe('wavelet/baselines', () => {
  it('least-squares consistency on root + 4 leaves: root 15 over leaves 1,2,3,4 gives root 14 and leaves 2,3,4,5 (by hand: λ = (15 − 10)/5)', () => {
    // Minimise (r − 15)² + Σ(xⱼ − hⱼ)² subject to r = Σxⱼ: xⱼ = hⱼ + λ, r = 15 − λ, so 10 + 4λ = 15 − λ and λ = 1.
    // Hay et al.'s passes: z_root = 0.8·15 + 0.2·10 = 14 (ℓ = 2, b = 4); each leaf 1 + (14 − 10)/4.
    const h = leastSquaresConsistency([Float64Array.of(15), Float64Array.of(1, 2, 3, 4)]);
    assert.deepEqual(Array.from(h[0]), [14]);
    assert.deepEqual(Array.from(h[1]), [2, 3, 4, 5]);
  });

  it('least-squares consistency is an orthogonal projection: consistent, idempotent, and the residual is orthogonal to consistent trees (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -50, max: 50, noNaN: true }), { minLength: 21, maxLength: 21 }), (v) => {
        const noisy = [Float64Array.of(v[0]), Float64Array.from(v.slice(1, 5)), Float64Array.from(v.slice(5, 21))];
        const h = leastSquaresConsistency(noisy);
        const again = leastSquaresConsistency(h);
        for (let l = 0; l < 3; l++)
          for (let i = 0; i < h[l].length; i++) assert.ok(Math.abs(again[l][i] - h[l][i]) < 1e-9);
        const levels = quadtreeLevels(h[2], 4);
        for (let l = 0; l < 2; l++)
          for (let i = 0; i < h[l].length; i++) assert.ok(Math.abs(levels[l][i] - h[l][i]) < 1e-9);
        // ⟨h̃ − h̄, t⟩ = 0 for a consistent t (the tree of an arbitrary grid).
        const t = quadtreeLevels(
          Float64Array.from({ length: 16 }, (_, i) => (i * 7) % 5),
          4,
        );
        let dot = 0;
        for (let l = 0; l < 3; l++) for (let i = 0; i < h[l].length; i++) dot += (noisy[l][i] - h[l][i]) * t[l][i];
        assert.ok(Math.abs(dot) < 1e-7, String(dot));
      }),
    );
  });

  it('projection onto the simplex: [3, 1, −1, −2] with total 2 is [2, 0, 0, 0]; [1, 1, 1, 1] with total 2 is [0.5 ×4] (by hand, Duchi et al. 2008)', () => {
    const out = new Float64Array(4);
    projectOntoSimplex([3, 1, -1, -2], 2, out);
    assert.deepEqual(Array.from(out), [2, 0, 0, 0]);
    projectOntoSimplex([1, 1, 1, 1], 2, out);
    assert.deepEqual(Array.from(out), [0.5, 0.5, 0.5, 0.5]);
  });

  it('the quadtree release is non-negative and its blocks sum to the consistent non-negative parents (property, seeded)', () => {
    fc.assert(
      fc.property(fc.nat(), fc.constantFrom<'laplace' | 'gaussian'>('laplace', 'gaussian'), (seed, noise) => {
        const m = makeQuadtree({
          noise,
          side: 8,
          rho: noise === 'gaussian' ? 0.05 : undefined,
          epsilon: noise === 'laplace' ? 0.3 : undefined,
          rng: seededRandom(seed),
        });
        const counts = Float64Array.from({ length: 64 }, (_, i) => ((i * 13 + seed) % 9 === 0 ? 20 : 0));
        const out = m.invoke(counts);
        for (const v of out) assert.ok(v >= 0);
        // Leaves from nonNegativeLeaves sum, per 2×2 block, to the parent; check at the top: total = max(root, 0) ≥ 0.
        const leaves = nonNegativeLeaves([Float64Array.of(-3), Float64Array.of(1, 2, 3, 4)]);
        assert.deepEqual(Array.from(leaves), [0, 0, 0, 0]);
      }),
      { numRuns: 30 },
    );
    const leaves = nonNegativeLeaves([Float64Array.of(6), Float64Array.of(5, -1, 2, 1)]);
    assert.ok(Math.abs(leaves.reduce((a, b) => a + b, 0) - 6) < 1e-12);
  });

  it('costs: identity, Privelet and quadtree charge exactly the budget given', () => {
    assert.deepEqual(makeIdentityGrid({ noise: 'laplace', side: 10, epsilon: 0.3 }).cost, {
      kind: 'pure',
      epsilon: 0.3,
    });
    assert.deepEqual(makeIdentityGrid({ noise: 'gaussian', side: 10, rho: 0.02 }).cost, { kind: 'zcdp', rho: 0.02 });
    const p = makePrivelet({ side: 512, epsilon: 0.5 });
    assert.deepEqual(p.cost, { kind: 'pure', epsilon: 0.5 });
    // 512 = 2^9: generalized sensitivity (1 + 9)² = 100, λ = 100/0.5 = 200.
    assert.equal(p.parameters.generalizedSensitivity, 100);
    assert.equal(p.parameters.lambda, 200);
    const q = makeQuadtree({ noise: 'gaussian', side: 512, rho: 0.1 });
    assert.deepEqual(q.cost, { kind: 'zcdp', rho: 0.1 });
    // 10 levels, s² = 10/(2·0.1) = 50.
    assert.equal(q.parameters.levels, 10);
    assert.ok(Math.abs((q.parameters.scale as number) ** 2 - 50) < 1e-9);
  });

  it('identity and Privelet are unbiased: the mean over 300 seeded releases is within 4 standard errors of the counts (false failure < 1e-3)', () => {
    const counts = Float64Array.from({ length: 16 }, (_, i) => i * 3);
    for (const m of [
      makeIdentityGrid({ noise: 'gaussian', side: 4, rho: 0.5, rng: seededRandom(3) }),
      makePrivelet({ side: 4, epsilon: 1, rng: seededRandom(4) }),
    ]) {
      const sum = new Float64Array(16);
      const sq = new Float64Array(16);
      const R = 300;
      for (let r = 0; r < R; r++) {
        m.invoke(counts).forEach((v, i) => {
          sum[i] += v - counts[i];
          sq[i] += (v - counts[i]) ** 2;
        });
      }
      for (let i = 0; i < 16; i++) {
        const se = Math.sqrt(sq[i] / R / R);
        assert.ok(Math.abs(sum[i] / R) < 4 * se, `${m.name} cell ${i}: mean error ${sum[i] / R}, se ${se}`);
      }
    }
  });
});
