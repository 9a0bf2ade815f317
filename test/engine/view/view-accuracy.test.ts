import { strict as assert } from 'node:assert';
import { seededRandom } from '../../../engine/core/random.js';
import { discreteLaplaceVariance } from '../../../engine/view/block-noise.js';
import {
  compareViews,
  identityRmse,
  queryCells,
  randomRangeWorkload,
  trueAnswer,
} from '../../../engine/view/view-accuracy.js';
import type { ViewCounts, ViewDimension } from '../../../engine/view/view-types.js';

const dims: ViewDimension[] = [
  { kind: 'range', name: 'age', lo: 0, hi: 9 },
  { kind: 'categorical', name: 'sex', values: ['F', 'M'] },
  { kind: 'range', name: 'visits', lo: 0, hi: 4 },
];
const data: ViewCounts = {
  dimensions: dims,
  codes: [
    [1, 1, 5, 9],
    [0, 1, 1, 0],
    [0, 4, 2, 2],
  ],
  weights: [2, 3, 1, 4],
};

describe('view/accuracy: workloads, exact answers and the comparison the preview shows', () => {
  it("random k-dimensional range queries (Kato et al.'s generator): k distinct dimensions, ranges inside the domain", () => {
    for (const k of [1, 2, 3]) {
      const w = randomRangeWorkload(dims, k, 200, seededRandom(k));
      assert.equal(w.length, 200);
      for (const q of w) {
        assert.equal(new Set(q.conditions.map((c) => c.dimension)).size, k);
        for (const c of q.conditions) {
          assert.ok('lo' in c);
          const size = [10, 2, 5][c.dimension];
          assert.ok(c.lo >= 0 && c.lo <= c.hi && c.hi < size, JSON.stringify(c));
        }
      }
    }
    // Widths are uniform in 1..size: on age (size 10) the mean width is 5.5.
    const widths = randomRangeWorkload(dims.slice(0, 1), 1, 4000, seededRandom(9)).map((q) => {
      const c = q.conditions[0];
      return 'lo' in c ? c.hi - c.lo + 1 : 0;
    });
    assert.ok(Math.abs(widths.reduce((a, b) => a + b, 0) / widths.length - 5.5) < 0.15);
  });

  it('by hand: age 1..5 and sex M holds 3 + 1 = 4 rows over 5 × 1 × 5 = 25 cells; sex in {F} holds 6 rows', () => {
    const q = {
      conditions: [
        { dimension: 0, lo: 1, hi: 5 },
        { dimension: 1, indices: [1] },
      ],
    };
    assert.equal(trueAnswer(data, q), 4);
    assert.equal(queryCells(dims, q), 25);
    assert.equal(trueAnswer(data, { conditions: [{ dimension: 1, indices: [0] }] }), 6);
    assert.equal(queryCells(dims, { conditions: [] }), 100);
  });

  it("identity's exact RMSE: queries of 25 and 100 cells at ε = 1 give √(σ²·62.5), σ² = 1.841347", () => {
    const qs = [
      {
        conditions: [
          { dimension: 0, lo: 1, hi: 5 },
          { dimension: 1, indices: [1] },
        ],
      },
      { conditions: [] },
    ];
    const r = identityRmse(dims, qs, 1, seededRandom(1));
    assert.ok(Math.abs(r - Math.sqrt(discreteLaplaceVariance(1) * 62.5)) < 1e-9);
    assert.ok(Math.abs(r - Math.sqrt(1.841347 * 62.5)) < 1e-4);
  });

  it('compareViews: HDPView is the unit, every figure finite, identity marked exact; PrivTree left out above 16 dimensions, no identity size above 2^20 cells', () => {
    const w = randomRangeWorkload(dims, 2, 50, seededRandom(3));
    const c = compareViews(data, 1, w, 2, seededRandom(4));
    assert.deepEqual(
      c.map((x) => x.algorithm),
      ['hdpview', 'privtree', 'identity'],
    );
    assert.equal(c[0].relativeRmse, 1);
    assert.ok(c.every((x) => Number.isFinite(x.rmse) && x.rmse > 0 && Number.isFinite(x.relativeRmse)));
    assert.deepEqual(
      c.map((x) => x.analytic),
      [false, false, true],
    );
    assert.equal(c[2].blocks, 100);
    const many: ViewDimension[] = Array.from({ length: 21 }, (_, j) => ({
      kind: 'categorical',
      name: `c${j}`,
      values: ['a', 'b'],
    }));
    const wide: ViewCounts = { dimensions: many, codes: many.map(() => [0, 1]), weights: [5, 5] };
    const c2 = compareViews(wide, 1, randomRangeWorkload(many, 1, 20, seededRandom(5)), 1, seededRandom(6));
    assert.deepEqual(
      c2.map((x) => x.algorithm),
      ['hdpview', 'identity'],
    );
    assert.equal(c2[1].blocks, undefined);
  });
});
