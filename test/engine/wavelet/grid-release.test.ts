import { strict as assert } from 'node:assert';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { seededRandom } from '../../../engine/core/random.js';
import {
  binPoints,
  expectedRmse,
  GRID_METHODS,
  gridNoiseByLevel,
  makeGridRelease,
  type GridMethod,
} from '../../../engine/wavelet/grid-release.js';
import { queryPositions } from '../../../engine/wavelet/expected-rmse.js';
import { rangeSum, summedArea } from '../../../engine/wavelet/range-query.js';
import { syntheticPopulationGrid } from '../../../engine/wavelet/synthetic-grid.js';

const budgetOf = (m: GridMethod) =>
  m === 'nn-wavelet-zcdp' || m === 'gaussian' || m === 'quadtree' ? { rho: 0.5 } : { epsilon: 1 };

describe('wavelet/grid release', () => {
  it('every method returns a size² grid and costs exactly its budget', () => {
    const counts = Float64Array.from({ length: 100 }, (_, i) => i % 4);
    for (const method of GRID_METHODS) {
      const m = makeGridRelease({ method, size: 10, ...budgetOf(method), rng: seededRandom(1) });
      assert.equal(m.invoke(counts).length, 100, method);
      assert.deepEqual(
        m.cost,
        'rho' in budgetOf(method) ? { kind: 'zcdp', rho: 0.5 } : { kind: 'pure', epsilon: 1 },
        method,
      );
    }
    assert.deepEqual(makeGridRelease({ method: 'quadtree', size: 10, epsilon: 0.2 }).cost, {
      kind: 'pure',
      epsilon: 0.2,
    });
  });

  it('refuses unknown methods, wrong or double budgets and absurd sizes', () => {
    assert.throws(() => makeGridRelease({ method: 'haar' as GridMethod, size: 8, rho: 1 }), /unknown grid method/);
    assert.throws(() => makeGridRelease({ method: 'privelet', size: 8, rho: 1 }), { name: 'PrivacyError' });
    assert.throws(() => makeGridRelease({ method: 'gaussian', size: 8, epsilon: 1 }), { name: 'PrivacyError' });
    assert.throws(() => makeGridRelease({ method: 'quadtree', size: 8, epsilon: 1, rho: 1 }), /exactly one/);
    for (const size of [0, -4, 2.5, NaN, 1e6])
      assert.throws(() => makeGridRelease({ method: 'laplace', size, epsilon: 1 }), { name: 'PrivacyError' });
    assert.throws(() => expectedRmse('laplace', { epsilon: 1 }, 8, 9), /range side/);
  });

  it('expectedRmse by hand: identity Laplace ε = 1, side 4 → √(16·2q/(1−q)²), q = e^−1 (= 5.42785); Gaussian ρ = 0.5 → √16·σ with the discrete Gaussian variance 1 − 2.1·10^−7 at σ = 1', () => {
    const q = Math.exp(-1);
    assert.ok(
      Math.abs(expectedRmse('laplace', { epsilon: 1 }, 32, 4) - Math.sqrt((16 * 2 * q) / (1 - q) ** 2)) < 1e-12,
    );
    assert.ok(Math.abs(expectedRmse('laplace', { epsilon: 1 }, 32, 4) - 5.42785) < 1e-5);
    assert.ok(Math.abs(expectedRmse('gaussian', { rho: 0.5 }, 32, 4) - 4) < 1e-6);
  });

  it('expectedRmse matches the empirical RMSE of every method on a dense grid (seeded; 300 releases × 32 positions; tolerance 20%, false failure < 1e-3)', function () {
    this.timeout(120000);
    // Dense counts (≈ 500 per cell) keep the clipping and non-negativity of NN-Wavelet and the quadtree inactive,
    // so every method is its linear estimator and the variance formula is exact; the tolerance covers sampling error
    // (relative standard error of an RMSE from N squared errors ≤ √(5/N)/2 for Laplace tails, N ≥ 300 effective).
    const size = 16;
    const rng = seededRandom(11);
    const counts = Float64Array.from({ length: size * size }, () => 400 + (rng.nextUint32() % 200));
    const truth = summedArea(counts, size);
    for (const method of GRID_METHODS) {
      const m = makeGridRelease({ method, size, ...budgetOf(method), rng: seededRandom(method) });
      for (const s of [1, 4, 8]) {
        const positions = queryPositions(size, s);
        let sq = 0;
        let count = 0;
        const R = 300;
        for (let r = 0; r < R; r++) {
          const out = summedArea(m.invoke(counts), size);
          for (const { x, y } of positions) {
            sq += (rangeSum(out, x, y, s, s) - rangeSum(truth, x, y, s, s)) ** 2;
            count++;
          }
        }
        const empirical = Math.sqrt(sq / count);
        const expected = expectedRmse(method, budgetOf(method), size, s);
        assert.ok(
          Math.abs(empirical / expected - 1) < 0.2,
          `${method} side ${s}: empirical ${empirical}, expected ${expected}`,
        );
      }
    }
  });

  it('noise per level: NN-Wavelet halves σ at each level up; identity has one; sizes follow k = 18, quadtree 10 levels for 512', () => {
    const nn = gridNoiseByLevel('nn-wavelet-zcdp', { rho: 0.1 }, 512);
    assert.equal(nn.length, 19);
    // s = √(19/0.2) = √95; level 1 carries s/2.
    assert.ok(Math.abs(nn[18].sd - Math.sqrt(95) / 2) < 1e-6);
    assert.equal(nn[18].level, '1');
    assert.equal(gridNoiseByLevel('laplace', { epsilon: 1 }, 512).length, 1);
    assert.equal(gridNoiseByLevel('quadtree', { rho: 1 }, 512).length, 10);
    assert.equal(gridNoiseByLevel('privelet', { epsilon: 1 }, 512).length, 17);
  });

  it('binPoints: cells by hand, the max edge in the last cell, outside and non-finite points counted apart', () => {
    const within = { xMin: 0, xMax: 10, yMin: 100, yMax: 120 };
    const { counts, outside } = binPoints(
      [0, 4.99, 5, 10, -0.1, 3, NaN, 9.9],
      [100, 100, 110, 120, 105, 121, 110, 119.9],
      within,
      2,
    );
    // (0,100) → r0 c0; (4.99,100) → r0 c0; (5,110) → r1 c1; (10,120) → r1 c1 (max edge); (9.9,119.9) → r1 c1.
    assert.deepEqual(Array.from(counts), [2, 0, 0, 3]);
    assert.equal(outside, 3);
    assert.throws(() => binPoints([1], [1], { xMin: 1, xMax: 1, yMin: 0, yMax: 1 }, 4), /bounds/);
    assert.throws(() => binPoints([1, 2], [1], within, 4), /2 x values/);
  });

  it('the synthetic population grid is deterministic, mostly zero and heavy-tailed', () => {
    const a = syntheticPopulationGrid(128, seededRandom(7));
    const b = syntheticPopulationGrid(128, seededRandom(7));
    assert.deepEqual(a.grid, b.grid);
    assert.ok(a.nonZero < 0.5 * 128 * 128, String(a.nonZero));
    const max = a.grid.reduce((x, y) => Math.max(x, y), 0);
    assert.ok(max > 20 * (a.total / a.nonZero), `max ${max}, mean over populated cells ${a.total / a.nonZero}`);
  });

  it('every make* in engine/wavelet has a sibling .md with pseudocode, privacy argument and citation naming it', () => {
    const dir = 'engine/wavelet';
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.ts'))) {
      const src = readFileSync(join(dir, f), 'utf8');
      const names = [...src.matchAll(/export function (make[A-Z][A-Za-z]*)/g)].map((m) => m[1]);
      if (names.length === 0) continue;
      const md = join(dir, f.replace(/\.ts$/, '.md'));
      assert.ok(existsSync(md), `${md} is missing`);
      const text = readFileSync(md, 'utf8');
      for (const section of ['## Pseudocode', '## Privacy argument', '**Citation.**'])
        assert.ok(text.includes(section), `${md} lacks ${section}`);
      for (const name of names) assert.ok(text.includes(name), `${md} does not mention ${name}`);
    }
  });
});
