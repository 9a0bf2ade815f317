import { strict as assert } from 'node:assert';
import { seededRandom } from '../../../engine/core/random.js';
import {
  aggregationError,
  cutErrors,
  cutOffsets,
  MAX_CUTS_PER_DIMENSION,
} from '../../../engine/view/aggregation-error.js';
import { sparseCells, type SparseCells } from '../../../engine/view/sparse-cells.js';
import type { ViewDimension } from '../../../engine/view/view-types.js';

const line = (n: number): ViewDimension[] => [{ kind: 'range', name: 'x', lo: 0, hi: n - 1 }];

/** AE of the dense vector, straight from the definition Σ|x − x̄|. */
const direct = (xs: number[]) => {
  const m = xs.reduce((a, b) => a + b, 0) / xs.length;
  return xs.reduce((s, x) => s + Math.abs(x - m), 0);
};

function cellsOf(xs: number[]): SparseCells {
  return sparseCells({ dimensions: line(xs.length), codes: [xs.map((_, i) => i)], weights: xs });
}

const ae = (c: SparseCells, size: number) =>
  aggregationError(c, Int32Array.from(c.counts.keys()), 0, c.counts.length, c.total, size);

describe('view/aggregation-error (Kato et al. 2022, Section 4)', () => {
  it('by hand: [0, 0, 0, 9] has mean 2.25 and AE 3 × 2.25 + 6.75 = 13.5; [0, 0, 2, 2] has AE 4; [1, 0, 0, 0] has AE 1.5', () => {
    assert.equal(ae(cellsOf([0, 0, 0, 9]), 4), 13.5);
    assert.equal(ae(cellsOf([0, 0, 2, 2]), 4), 4);
    // The closed form for a mean ≤ 1: S + x̄(|B| − 2·nnz) = 1 + 0.25 × (4 − 2) = 1.5.
    assert.equal(ae(cellsOf([1, 0, 0, 0]), 4), 1.5);
  });

  it("every cut's AE(left) + AE(right) matches the definition on random vectors", () => {
    const r = seededRandom(1);
    for (let t = 0; t < 50; t++) {
      const n = 2 + (r.nextUint32() % 12);
      const xs = Array.from({ length: n }, () => (r.nextUint32() % 3 === 0 ? r.nextUint32() % 7 : 0));
      const c = cellsOf(xs);
      const errors = cutErrors(c, Int32Array.from(c.counts.keys()), [0], [n - 1], 0, n, cutOffsets(n));
      for (let i = 0; i < n - 1; i++) {
        const expected = direct(xs.slice(0, i + 1)) + direct(xs.slice(i + 1));
        assert.ok(Math.abs(errors[i] - expected) < 1e-9, `${xs.join(',')} cut ${i}: ${errors[i]} vs ${expected}`);
      }
    }
  });

  it('every cut matches the definition where the means exceed 1 (the ranked sums), on a 2-D block cut along x', () => {
    const r = seededRandom(3);
    for (let t = 0; t < 100; t++) {
      const n = 2 + (r.nextUint32() % 40);
      // Cell (x, y) of an n × 2 block, y fastest; counts up to 49 with repeats, a third of the cells empty.
      const xs = Array.from({ length: 2 * n }, () => (r.nextUint32() % 3 === 0 ? 0 : r.nextUint32() % 50));
      const dims: ViewDimension[] = [
        { kind: 'range', name: 'x', lo: 0, hi: n - 1 },
        { kind: 'range', name: 'y', lo: 0, hi: 1 },
      ];
      const c = sparseCells({
        dimensions: dims,
        codes: [xs.map((_, i) => i >> 1), xs.map((_, i) => i & 1)],
        weights: xs,
      });
      const errors = cutErrors(c, Int32Array.from(c.counts.keys()), [0, 0], [n - 1, 1], 0, 2 * n, cutOffsets(n));
      for (let i = 0; i < n - 1; i++) {
        const expected = direct(xs.slice(0, 2 * (i + 1))) + direct(xs.slice(2 * (i + 1)));
        assert.ok(
          Math.abs(errors[i] - expected) < 1e-9 * Math.max(1, expected),
          `${xs.join(',')} cut ${i}: ${errors[i]} vs ${expected}`,
        );
      }
    }
  });

  it('candidate cuts: every offset up to 257 values; above, 256 distinct evenly spaced offsets inside the range', () => {
    assert.deepEqual([...cutOffsets(4)], [0, 1, 2]);
    assert.equal(cutOffsets(257).length, 256);
    const wide = cutOffsets(1_000_001);
    assert.equal(wide.length, MAX_CUTS_PER_DIMENSION);
    // Offset k is ⌊(k + 1)·1,000,001/257⌋ − 1: 3890 for k = 0, 999,999 − 3,891 = 996,108 for k = 255.
    assert.equal(wide[0], Math.floor(1_000_001 / 257) - 1);
    assert.equal(wide[0], 3890);
    assert.equal(wide[255], 996_108);
    assert.ok(wide.every((x, k) => x >= 0 && x <= 999_999 && (k === 0 || x > wide[k - 1])));
  });

  it("monotone: a sub-block's AE never exceeds its block's; one row moves AE by less than 2", () => {
    const r = seededRandom(2);
    for (let t = 0; t < 500; t++) {
      const n = 2 + (r.nextUint32() % 10);
      const xs = Array.from({ length: n }, () => (r.nextUint32() % 2 === 0 ? r.nextUint32() % 9 : 0));
      const a = r.nextUint32() % n;
      const b = a + (r.nextUint32() % (n - a));
      assert.ok(direct(xs.slice(a, b + 1)) <= direct(xs) + 1e-9, `${xs.join(',')} [${a}..${b}]`);
      const ys = [...xs];
      ys[r.nextUint32() % n]++;
      assert.ok(Math.abs(direct(ys) - direct(xs)) <= 2 * (1 - 1 / n) + 1e-9, `${xs.join(',')} → ${ys.join(',')}`);
    }
  });
});
