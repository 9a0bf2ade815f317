import { strict as assert } from 'node:assert';
import { expectedRmse, quadtreeWeight } from '../../../engine/wavelet/expected-rmse.js';
import { leastSquaresConsistency } from '../../../engine/wavelet/hay-consistency.js';

/** e_Qᵀ P e_Q the slow way: the least-squares consistent tree (Hay et al. 2010) of Q's indicator, summed over Q. */
function weightByProjection(side: number, x0: number, x1: number, y0: number, y1: number): number {
  const m = Math.log2(side);
  const levels = Array.from({ length: m + 1 }, (_, l) => new Float64Array(4 ** l));
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) levels[m][y * side + x] = 1;
  const h = leastSquaresConsistency(levels)[m];
  let sum = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) sum += h[y * side + x];
  return sum;
}

describe('wavelet/expected-rmse: the quadtree weight in closed form', () => {
  it('by hand on a 2 × 2 quadtree: AᵀA = I + J, (I + J)⁻¹ = I − J/5, so one cell weighs 1 − 1/5 = 0.8, two 2 − 4/5, all four 4 − 16/5', () => {
    assert.ok(Math.abs(quadtreeWeight(2, 0, 1, 0, 1) - 0.8) < 1e-15);
    assert.ok(Math.abs(quadtreeWeight(2, 0, 2, 1, 2) - 1.2) < 1e-15);
    assert.ok(Math.abs(quadtreeWeight(2, 0, 2, 0, 2) - 0.8) < 1e-15);
  });

  it('equals the query on the consistent tree of its indicator (Hay et al. 2010, Theorem 3) for rectangles of every shape up to 64²', () => {
    const cases: [number, number, number, number, number][] = [
      [4, 1, 3, 0, 4],
      [8, 3, 7, 2, 5],
      [16, 0, 16, 0, 16],
      [32, 5, 29, 1, 17],
      [64, 3, 4, 60, 64],
      [64, 0, 63, 1, 64],
    ];
    for (const [side, x0, x1, y0, y1] of cases) {
      const closed = quadtreeWeight(side, x0, x1, y0, y1);
      const projected = weightByProjection(side, x0, x1, y0, y1);
      assert.ok(Math.abs(closed - projected) < 1e-9 * projected, `${side}: ${closed} vs ${projected}`);
    }
  });

  it('scales with the noise variance alone: the RMSE at ρ/4 is twice the RMSE at ρ (weights kept by geometry)', () => {
    for (const method of ['quadtree', 'nn-wavelet-zcdp'] as const)
      for (const side of [1, 4, 16]) {
        const a = expectedRmse(method, { rho: 0.2 }, 64, side);
        const b = expectedRmse(method, { rho: 0.05 }, 64, side);
        // Discrete Gaussian variance is σ² to within 1e-6 relative at these scales (Canonne, Kamath, Steinke 2020).
        assert.ok(Math.abs(b / a - 2) < 1e-4, `${method} side ${side}: ${b / a}`);
      }
  });
});
