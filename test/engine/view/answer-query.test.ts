import { strict as assert } from 'node:assert';
import { seededRandom } from '../../../engine/core/random.js';
import { answerQuery } from '../../../engine/view/answer-query.js';
import { discreteLaplaceVariance } from '../../../engine/view/block-noise.js';
import { buildView } from '../../../engine/view/build-view.js';
import type { DpView, ViewCounts, ViewDimension } from '../../../engine/view/view-types.js';

const dims: ViewDimension[] = [
  { kind: 'range', name: 'age', lo: 0, hi: 9 },
  { kind: 'categorical', name: 'sex', values: ['F', 'M', 'X'] },
];

/** A view written by hand: age 0..4 × all sexes holds 10, age 5..9 × F 20, age 5..9 × M..X 30; noise scale 2. */
const handView: DpView = {
  version: 1,
  algorithm: 'hdpview',
  dimensions: dims,
  blocks: [
    { lo: [0, 0], hi: [4, 2], count: 10 },
    { lo: [5, 0], hi: [9, 0], count: 20 },
    { lo: [5, 1], hi: [9, 2], count: 30 },
  ],
  cost: { kind: 'pure', epsilon: 1 },
  parameters: { perturbationScale: 2 },
};

function randomInput(n: number, seed: number): ViewCounts {
  const r = seededRandom(seed);
  const codes = [new Int32Array(n), new Int32Array(n)];
  for (let i = 0; i < n; i++) {
    codes[0][i] = r.nextUint32() % 4 === 0 ? r.nextUint32() % 10 : 3 + (r.nextUint32() % 3);
    codes[1][i] = r.nextUint32() % 3;
  }
  return { dimensions: dims, codes, weights: new Int32Array(n).fill(1) };
}

describe('view/answer-query: uniform within blocks, noise-only error', () => {
  it('a partial overlap, by hand: age 3..6 and sex F = 10·(2·1)/(5·3) + 20·(2/5) = 1.3333 + 8 = 9.3333', () => {
    const a = answerQuery(handView, {
      conditions: [
        { dimension: 0, lo: 3, hi: 6 },
        { dimension: 1, indices: [0] },
      ],
    });
    assert.ok(Math.abs(a.estimate - ((10 * 2) / 15 + (20 * 2) / 5)) < 1e-12, String(a.estimate));
    // σ² = Var of the discrete Laplace of scale 2; fractions 2/15 and 2/5: SE = σ·√((2/15)² + (2/5)²).
    const expected = Math.sqrt(discreteLaplaceVariance(2) * ((2 / 15) ** 2 + (2 / 5) ** 2));
    assert.ok(Math.abs(a.noiseStdDev - expected) < 1e-12);
  });

  it('a value set that is not a run: sex in {F, X} over all ages = 10·2/3 + 20 + 30/2 = 41.6667', () => {
    const a = answerQuery(handView, { conditions: [{ dimension: 1, indices: [2, 0, 2] }] });
    assert.ok(Math.abs(a.estimate - ((10 * 2) / 3 + 20 + 15)) < 1e-12, String(a.estimate));
  });

  it('a range reaching past the domain covers the domain part; a range outside it answers 0', () => {
    const past = answerQuery(handView, { conditions: [{ dimension: 0, lo: 8, hi: 200 }] });
    assert.ok(Math.abs(past.estimate - ((20 * 2) / 5 + (30 * 2) / 5)) < 1e-12);
    const none = answerQuery(handView, { conditions: [{ dimension: 0, lo: 20, hi: 30 }] });
    assert.equal(none.estimate, 0);
    assert.equal(none.noiseStdDev, 0);
  });

  for (const algorithm of ['hdpview', 'privtree', 'identity'] as const) {
    it(`${algorithm}: a query over the whole domain equals the sum of the blocks' counts`, () => {
      const view = buildView(randomInput(3000, 5), { algorithm, epsilon: 1 }, seededRandom(6));
      const sum = view.blocks.reduce((s, b) => s + b.count, 0);
      const all = answerQuery(view, { conditions: [] });
      assert.ok(Math.abs(all.estimate - sum) <= 1e-9 * Math.max(1, Math.abs(sum)), `${all.estimate} vs ${sum}`);
      const explicit = answerQuery(view, {
        conditions: [
          { dimension: 0, lo: 0, hi: 9 },
          { dimension: 1, indices: [0, 1, 2] },
        ],
      });
      assert.ok(Math.abs(explicit.estimate - sum) <= 1e-9 * Math.max(1, Math.abs(sum)));
      // The noise on the total is that of the number of blocks: SE = σ·√blocks.
      const sigma2 = Number(view.parameters.countNoiseVariance);
      assert.ok(Math.abs(all.noiseStdDev - Math.sqrt(sigma2 * view.blocks.length)) < 1e-9 * all.noiseStdDev);
    });
  }

  it('the stated standard error matches the spread of the estimate over 3,000 identity views (7 cells at ε = 0.5)', () => {
    const line: ViewDimension[] = [{ kind: 'range', name: 'x', lo: 0, hi: 19 }];
    const data: ViewCounts = { dimensions: line, codes: [[2, 3, 3, 15]], weights: [4, 1, 2, 9] };
    const q = { conditions: [{ dimension: 0, lo: 1, hi: 7 }] };
    const rng = seededRandom(9);
    let sum = 0;
    let squares = 0;
    let stated = 0;
    const runs = 3000;
    for (let r = 0; r < runs; r++) {
      const a = answerQuery(buildView(data, { algorithm: 'identity', epsilon: 0.5 }, rng), q);
      sum += a.estimate - 7;
      squares += (a.estimate - 7) ** 2;
      stated = a.noiseStdDev;
    }
    // σ² of the discrete Laplace of scale 2 is 7.835; over 7 cells SD = √(7 × 7.835) = 7.406. The sample SD of 3,000
    // draws is within 5% of it with probability > 0.99 (its relative SD is about √(κ − 1)/(2√n) ≈ 1.5%).
    assert.ok(Math.abs(stated - Math.sqrt(7 * discreteLaplaceVariance(2))) < 1e-9);
    assert.ok(Math.abs(stated - 7.406) < 1e-3);
    const sd = Math.sqrt(squares / runs - (sum / runs) ** 2);
    assert.ok(Math.abs(sd / stated - 1) < 0.05, `sample SD ${sd} vs stated ${stated}`);
    assert.ok(Math.abs(sum / runs) < 4 * (stated / Math.sqrt(runs)), 'unbiased');
  });

  it('conditions outside the view are refused with a message naming the dimension', () => {
    assert.throws(
      () => answerQuery(handView, { conditions: [{ dimension: 2, lo: 0, hi: 1 }] }),
      /no dimension number 2/,
    );
    assert.throws(
      () => answerQuery(handView, { conditions: [{ dimension: 1, indices: [3] }] }),
      /index 3 is outside dimension sex/,
    );
    assert.throws(
      () =>
        answerQuery(handView, {
          conditions: [
            { dimension: 0, lo: 0, hi: 1 },
            { dimension: 0, lo: 3, hi: 4 },
          ],
        }),
      /age is constrained twice/,
    );
  });
});
