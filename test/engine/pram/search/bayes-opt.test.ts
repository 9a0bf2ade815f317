import { strict as assert } from 'node:assert';
import { seededRandom } from '../../../../engine/core/random.js';
import { bayesianOptimize } from '../../../../engine/pram/search/bayes-opt.js';
import { cholesky, choleskySolve } from '../../../../engine/pram/search/cholesky.js';
import { fitGaussianProcess, matern52 } from '../../../../engine/pram/search/gaussian-process.js';

describe('pram/search: Cholesky, Gaussian process, Bayesian optimization', () => {
  it('Cholesky of [[4,2],[2,3]] is [[2,0],[1,√2]] (hand), solves A·x = b, and refuses an indefinite matrix', () => {
    const l = cholesky(Float64Array.of(4, 2, 2, 3), 2)!;
    assert.deepEqual(Array.from(l), [2, 0, 1, Math.SQRT2]);
    // [[4,2],[2,3]]·(1, 2) = (8, 8).
    const x = choleskySolve(l, 2, [8, 8]);
    assert.ok(Math.abs(x[0] - 1) < 1e-14 && Math.abs(x[1] - 2) < 1e-14);
    assert.equal(cholesky(Float64Array.of(1, 2, 2, 1), 2), null);
  });

  it('Matérn 5/2 (Rasmussen & Williams eq. 4.17): k(0) = 1, k(ℓ) = (1 + √5 + 5/3)e^−√5 = 0.5239941 (hand)', () => {
    assert.equal(matern52(0, 0.7), 1);
    assert.ok(Math.abs(matern52(0.7, 0.7) - 0.5239941) < 1e-7);
  });

  it('the posterior interpolates the data (mean = y, variance ≈ 0 at observed points; eqs. 7–8) and is uncertain far from them', () => {
    const xs = [[0], [0.5], [1]];
    const ys = [3, 1, 2];
    const gp = fitGaussianProcess(xs, ys);
    xs.forEach((x, i) => {
      const p = gp.predict(x);
      assert.ok(Math.abs(p.mean - ys[i]) < 1e-3, `${p.mean} vs ${ys[i]}`);
      assert.ok(p.variance < 1e-4);
    });
    assert.ok(gp.predict([5]).variance > gp.predict([0.25]).variance);
  });

  it('finds the minimum of a smooth function over 200 grid points with 20 evaluations (fixed seeds 1–5)', () => {
    const features = Array.from({ length: 200 }, (_, i) => [i / 199]);
    const f = (i: number) => (i / 199 - 0.63) ** 2 + 0.1;
    for (let seed = 1; seed <= 5; seed++) {
      const r = bayesianOptimize(features, f, { rng: seededRandom(seed) });
      assert.equal(r.history.length, 20);
      assert.equal(new Set(r.history.map((h) => h.index)).size, 20, 'no point evaluated twice');
      // The true minimum is at i = 125 (0.628); within 2 grid points is a relative loss error below 1e-3.
      assert.ok(Math.abs(r.best - 125) <= 2, `seed ${seed}: ${r.best}`);
    }
  });

  it('skips infeasible points when reporting the best, and checks its parameters', () => {
    const features = Array.from({ length: 30 }, (_, i) => [i / 29]);
    const r = bayesianOptimize(features, (i) => (i < 10 ? null : i), { rng: seededRandom(3), evaluations: 30 });
    assert.equal(r.best, 10);
    assert.throws(() => bayesianOptimize(features, () => 1, { rng: seededRandom(1), initial: 0 }), /initial samples/);
  });
});
