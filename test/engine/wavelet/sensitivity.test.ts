import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { levelOfIndex } from '../../../engine/wavelet/haar-1d.js';
import { haarNonStandardForward, haarStandardForward } from '../../../engine/wavelet/haar-2d.js';

// One point added or removed changes one cell by ±1. These tests measure, on random grids and cells, how much each
// level's coefficients move, against the per-level sensitivities the mechanisms are calibrated with.
const side = 16;
const n = side * side;
const k = 8; // log₂ 256: levels of the Morton binary tree.
const L = 4; // log₂ 16: levels per axis of the standard transform.
const cases = fc.tuple(
  fc.array(fc.integer({ min: 0, max: 200 }), { minLength: n, maxLength: n }),
  fc.integer({ min: 0, max: n - 1 }),
  fc.constantFrom(-1, 1),
);

describe('wavelet/sensitivity per level', () => {
  it('non-standard (NN-Wavelet): each level i moves by exactly Δᵢ = 2^−i in L1 and L2, one coefficient per level (Ishioka–Terada eq. 10)', () => {
    fc.assert(
      fc.property(cases, ([cells, cell, sign]) => {
        const after = cells.slice();
        after[cell] += sign;
        const a = haarNonStandardForward(cells, side);
        const b = haarNonStandardForward(after, side);
        const l1 = new Array(k + 2).fill(0);
        const changed = new Array(k + 2).fill(0);
        for (let h = 0; h < n; h++) {
          const d = Math.abs(a[h] - b[h]);
          // The approximation (h = 0) is its own group, index k + 1.
          const group = h === 0 ? k + 1 : levelOfIndex(h, n);
          l1[group] += d;
          if (d > 0) changed[group]++;
        }
        for (let i = 1; i <= k; i++) {
          assert.equal(l1[i], 2 ** -i, `level ${i}`);
          assert.equal(changed[i], 1);
        }
        assert.equal(l1[k + 1], 2 ** -k);
      }),
      { numRuns: 40 },
    );
  });

  it('standard (Privelet): Σ W(c)·|Δc| = 1 for each of the (L+1)² level pairs, so the generalized sensitivity is (1 + log₂ m)² (Xiao–Wang–Gehrke)', () => {
    fc.assert(
      fc.property(cases, ([cells, cell, sign]) => {
        const after = cells.slice();
        after[cell] += sign;
        const a = haarStandardForward(cells, side);
        const b = haarStandardForward(after, side);
        // Level pairs: per axis, index 0 (approximation) is its own class next to the level-L detail at index 1.
        const cls = (h: number) => (h === 0 ? L + 1 : levelOfIndex(h, side));
        const weighted = new Map<string, number>();
        let total = 0;
        for (let r = 0; r < side; r++) {
          for (let c = 0; c < side; c++) {
            const d = Math.abs(a[r * side + c] - b[r * side + c]);
            const W = 2 ** (levelOfIndex(r, side) + levelOfIndex(c, side));
            const key = `${cls(r)},${cls(c)}`;
            weighted.set(key, (weighted.get(key) ?? 0) + W * d);
            total += W * d;
          }
        }
        assert.equal(weighted.size, (L + 1) ** 2);
        for (const [key, v] of weighted) assert.equal(v, 1, key);
        assert.equal(total, (L + 1) ** 2);
      }),
      { numRuns: 40 },
    );
  });
});
