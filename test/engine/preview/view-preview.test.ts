// every release kind, for the planner's synchronous lookups
import '../../../engine/release/kinds/all-release-kinds.js';
import { strict as assert } from 'node:assert';
import { seededRandom } from '../../../engine/core/random.js';
import { compareAlgorithms, exactAnswers, queryText, rangeWorkload } from '../../../engine/preview/view-workload.js';
import { identityRmse } from '../../../engine/view/view-accuracy.js';
import { makeViewBuilder } from '../../../engine/view/build-view.js';
import { projection, projectionPairs, viewPreview } from '../../../engine/preview/view-preview.js';
import { planRelease } from '../../../engine/release/plan-release.js';
import { tableFromRows } from '../../../engine/table/table.js';
import { answerQuery } from '../../../engine/view/answer-query.js';
import { parseViewQuery } from '../../../engine/view/view-query-text.js';
import type { DpView, ViewCounts, ViewDimension } from '../../../engine/view/view-types.js';

const dims: ViewDimension[] = [
  { kind: 'range', name: 'age', lo: 20, hi: 29 },
  { kind: 'categorical', name: 'sex', values: ['F', 'M'] },
];
// Six rows: (20,F), (20,F), (21,M), (25,F), (29,M), (29,M) as indices.
const counts: ViewCounts = {
  dimensions: dims,
  codes: [
    [0, 0, 1, 5, 9, 9],
    [0, 0, 1, 0, 1, 1],
  ],
  weights: [1, 1, 1, 1, 1, 1],
};

describe('engine/preview: the view preview (partition over the density, error comparison, examples)', () => {
  it('a projection bins the exact rows and outlines each distinct block rectangle once', () => {
    const view: DpView = {
      version: 1,
      algorithm: 'hdpview',
      dimensions: dims,
      cost: { kind: 'pure', epsilon: 1 },
      parameters: { perturbationScale: 1 },
      blocks: [
        { lo: [0, 0], hi: [4, 1], count: 3 },
        { lo: [5, 0], hi: [9, 0], count: 1 },
        { lo: [5, 1], hi: [9, 1], count: 2 },
      ],
    };
    const p = projection(counts, view, 0, 1);
    // 10 ages and 2 sexes are under 40 bins each: one bin per cell; hand-counted: (20,F) 2, (21,M) 1, (25,F) 1, (29,M)
    // 2.
    assert.deepEqual(
      [...p.density].sort((a, b) => a.x0 - b.x0 || a.y0 - b.y0),
      [
        { x0: 0, x1: 1, y0: 0, y1: 1, count: 2 },
        { x0: 1, x1: 2, y0: 1, y1: 2, count: 1 },
        { x0: 5, x1: 6, y0: 0, y1: 1, count: 1 },
        { x0: 9, x1: 10, y0: 1, y1: 2, count: 2 },
      ],
    );
    assert.deepEqual(p.blocks, [
      { x0: 0, x1: 5, y0: 0, y1: 2 },
      { x0: 5, x1: 10, y0: 0, y1: 1 },
      { x0: 5, x1: 10, y0: 1, y1: 2 },
    ]);
    // On age alone the last two blocks project onto one interval: two distinct outlines.
    const one = projection(counts, view, 0, null);
    assert.deepEqual(one.blocks, [
      { x0: 0, x1: 5, y0: 0, y1: 1 },
      { x0: 5, x1: 10, y0: 0, y1: 1 },
    ]);
    assert.equal(one.blocksTotal, 2);
    assert.deepEqual(projectionPairs(1), [[0, null]]);
    assert.deepEqual(projectionPairs(4), [
      [0, 1],
      [0, 2],
      [1, 2],
    ]);
  });

  it('the workload is fixed by its seed, its exact answers count the rows by hand, and its text reads back as the same query', () => {
    const w = rangeWorkload(dims, 20);
    assert.deepEqual(w, rangeWorkload(dims, 20));
    for (const q of w) {
      assert.ok(q.conditions.length >= 1 && q.conditions.length <= 2);
      for (const c of q.conditions) assert.ok(c.lo <= c.hi && c.lo >= 0 && c.hi < (c.dimension === 0 ? 10 : 2));
    }
    // Hand-counted on the six rows: age 20..21 → 3 rows; sex M → 3; age 25..29 and F → 1.
    const fixed = [
      { conditions: [{ dimension: 0, lo: 0, hi: 1 }] },
      { conditions: [{ dimension: 1, lo: 1, hi: 1 }] },
      {
        conditions: [
          { dimension: 0, lo: 5, hi: 9 },
          { dimension: 1, lo: 0, hi: 0 },
        ],
      },
    ];
    assert.deepEqual(exactAnswers(counts, fixed), [3, 3, 1]);
    assert.deepEqual(
      fixed.map((q) => queryText(dims, q)),
      ['count where age in 20..21', 'count where sex = "M"', 'count where age in 25..29 and sex = "F"'],
    );
    const view: DpView = {
      version: 1,
      algorithm: 'identity',
      dimensions: dims,
      cost: { kind: 'pure', epsilon: 1 },
      parameters: { perturbationScale: 1 },
      blocks: [{ lo: [0, 0], hi: [9, 1], count: 40 }],
    };
    for (const q of w)
      assert.equal(answerQuery(view, parseViewQuery(queryText(dims, q), dims)).estimate, answerQuery(view, q).estimate);
  });

  it('asks a categorical dimension for one value, never a run of categories (issue 37 item 8)', () => {
    const wide: ViewDimension[] = [
      { kind: 'range', name: 'age', lo: 0, hi: 99 },
      { kind: 'categorical', name: 'job', values: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'] },
      { kind: 'categorical', name: 'sex', values: ['F', 'M'] },
    ];
    const w = rangeWorkload(wide, 200);
    let categorical = 0;
    let ranged = 0;
    for (const q of w)
      for (const c of q.conditions) {
        if (wide[c.dimension].kind === 'categorical') {
          categorical++;
          assert.equal(c.lo, c.hi, queryText(wide, q));
        } else if (c.hi > c.lo) ranged++;
      }
    // Both kinds are asked about: the rule narrows categories, it does not drop them or the ranges.
    assert.ok(categorical > 50 && ranged > 20, `${categorical} categorical, ${ranged} ranged conditions`);
    assert.ok(w.every((q) => !/job in|sex in/.test(queryText(wide, q))));
  });

  it('counts the example draw as the first build of its algorithm: one build fewer, the same errors', async () => {
    const w = rangeWorkload(dims, 10);
    const truth = exactAnswers(counts, w);
    const view = makeViewBuilder({ algorithm: 'privtree', epsilon: 1 }, seededRandom(9)).invoke(counts);
    const errors = await compareAlgorithms(counts, w, truth, {
      epsilon: 1,
      rowsPerUnit: 1,
      runs: 1,
      timeBoxMs: 1e9,
      rng: seededRandom(5),
      drawn: { algorithm: 'privtree', view, ms: 7 },
    });
    // One round: HDPView built once; PrivTree's build is the draw (built again, it would count 2).
    assert.deepEqual(
      errors.map((a) => [a.algorithm, a.runs]),
      [
        ['hdpview', 1],
        ['privtree', 1],
        ['identity', 0],
      ],
    );
    assert.equal(errors[1].ms, 7);
    const squares = w.reduce((s, q, i) => s + (answerQuery(view, q).estimate - truth[i]) ** 2, 0);
    assert.ok(Math.abs(errors[1].rmse! - Math.sqrt(squares / w.length)) < 1e-12);
  });

  it('compares the three algorithms at one ε: HDPView is 1 by definition; the time box cuts both builders after their first build', async () => {
    const w = rangeWorkload(dims, 10);
    const truth = exactAnswers(counts, w);
    const full = await compareAlgorithms(counts, w, truth, {
      epsilon: 1,
      rowsPerUnit: 1,
      runs: 2,
      timeBoxMs: 1e9,
      rng: seededRandom(5),
    });
    assert.deepEqual(
      full.map((a) => [a.algorithm, a.runs, a.analytic === true]),
      [
        ['hdpview', 2, false],
        ['privtree', 2, false],
        ['identity', 0, true],
      ],
    );
    assert.equal(full[0].relative, 1);
    for (const a of full) assert.ok(a.rmse! > 0 && Math.abs(a.relative! - a.rmse! / full[0].rmse!) < 1e-12);
    let clock = 0;
    const boxed = await compareAlgorithms(counts, w, truth, {
      epsilon: 1,
      rowsPerUnit: 1,
      runs: 5,
      timeBoxMs: 10,
      rng: seededRandom(5),
      now: () => (clock += 100),
    });
    assert.deepEqual(
      boxed.map((a) => a.runs),
      [1, 1, 0],
    );
    // A newer preview cancels this one: the comparison stops between builds with an AbortError.
    const abort = new AbortController();
    const pending = compareAlgorithms(counts, w, truth, {
      epsilon: 1,
      rowsPerUnit: 1,
      runs: 3,
      timeBoxMs: 1e9,
      rng: seededRandom(5),
      signal: abort.signal,
    });
    abort.abort();
    await assert.rejects(pending, { name: 'AbortError' });
  });

  it('identity’s RMSE is exact: σ² = 2q/(1 − q)², q = e^(−ε), times the cells a query covers (Canonne, Kamath, Steinke 2020)', () => {
    // Hand-computed at ε = 1 (scale b = 1): q = e^(−1) = 0.367879, σ² = 2·0.367879/0.632121² = 1.841347. Two queries
    // covering 3 and 12 cells of the 10 × 2 domain: RMSE = √((3 + 12)·σ²/2) = √13.81010 = 3.716194.
    const two = [
      {
        conditions: [
          { dimension: 0, lo: 2, hi: 4 },
          { dimension: 1, lo: 1, hi: 1 },
        ],
      },
      { conditions: [{ dimension: 0, lo: 0, hi: 5 }] },
    ];
    assert.ok(Math.abs(identityRmse(dims, two, 1, seededRandom(1)) - 3.716194) < 1e-6);
    // And it agrees with building the identity view: the empirical RMSE over 400 builds is within 10 % of it.
    let squares = 0;
    const truth = exactAnswers(counts, two);
    for (let r = 0; r < 400; r++) {
      const view = makeViewBuilder({ algorithm: 'identity', epsilon: 1 }, seededRandom(100 + r)).invoke(counts);
      two.forEach((q, i) => (squares += (answerQuery(view, q).estimate - truth[i]) ** 2));
    }
    const empirical = Math.sqrt(squares / 800);
    assert.ok(Math.abs(empirical / 3.716194 - 1) < 0.1, `empirical ${empirical}`);
  });

  it('previews a planned view release: the rows after the domain, a partition of the release’s own stage, exact example truths', async () => {
    const rows = [
      ['20', 'F'],
      ['20', 'F'],
      ['21', 'M'],
      ['25', 'F'],
      ['29', 'M'],
      ['29', 'M'],
      ['35', 'F'],
      ['x', 'M'],
    ];
    const table = tableFromRows(['age', 'sex'], rows);
    const description = {
      name: 'v',
      query: { kind: 'view' as const, dimensions: [{ column: 'age', low: 20, high: 29 }, { column: 'sex' }] },
      mechanism: { kind: 'hdpview' as const, epsilon: 1 },
      accepts: [],
    };
    const plan = planRelease(description, {
      budget: { accounting: 'pure', epsilon: 1 },
      declaredDomains: new Set(['sex']),
      domains: new Map([['sex', ['F', 'M']]]),
      rng: seededRandom(9),
      roles: { identifying: [], quasi: ['age', 'sex'], sensitive: [], insensitive: [] },
    });
    assert.deepEqual(plan.problems, []);
    const body = await viewPreview(table, plan, { rng: seededRandom(9), runs: 1 });
    // Age 35 is outside 20..29 and 'x' is no whole number: six rows remain.
    assert.equal(body.rows, 6);
    assert.equal(body.projections.length, 1);
    assert.equal(
      body.projections[0].density.reduce((a, d) => a + d.count, 0),
      6,
    );
    assert.deepEqual(
      body.arr.map((a) => a.algorithm),
      ['hdpview', 'privtree', 'identity'],
    );
    // The examples are the workload's first queries, their truths the counts on those six rows.
    const w = rangeWorkload(dims, 60).slice(0, body.examples.length);
    assert.deepEqual(
      body.examples.map((e) => [e.query, e.truth]),
      w.map((q, i) => [queryText(dims, q), exactAnswers(counts, w)[i]]),
    );
  });
});
