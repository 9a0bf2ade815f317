import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { summarizeBudget, type Spendable } from '../../../engine/release/budget-walk.js';
import type { Box } from '../../../engine/release/release-description.js';

const range = (low: number, high: number) => ({ kind: 'range' as const, low, high });
const spend = (name: string, epsilon: number, box?: Box): Spendable => ({
  name,
  box,
  userLevel: false,
  dp: true,
  costs: { pure: { kind: 'pure', epsilon } },
});
const budget = { accounting: 'pure' as const, epsilon: 100 };

// DP query tutorial (Smith et al., "Making the Most of Parallel Composition in Differential Privacy", PoPETs 2022,
// worked as examples 1 and 2): each query ε = 1; the set costs its heaviest clique of overlapping regions.
const Q1 = spend(
  'Q1',
  1,
  new Map([
    ['age', [range(10, 20)]],
    ['height', [range(100, 120)]],
  ]),
);
const Q2 = spend(
  'Q2',
  1,
  new Map([
    ['age', [range(5, 25)]],
    ['height', [range(80, 105)]],
  ]),
);
const Q3 = spend(
  'Q3',
  1,
  new Map([
    ['age', [range(30, 40)]],
    ['height', [range(150, 180)]],
  ]),
);
const Q4 = spend(
  'Q4',
  1,
  new Map([
    ['age', [range(17, 32)]],
    ['height', [range(90, 160)]],
  ]),
);

describe('engine/release parallel composition (max clique of range queries)', () => {
  it('example 1: Q1 and Q2 overlap, Q3 overlaps neither → 2ε', () => {
    const s = summarizeBudget([Q1, Q2, Q3], budget);
    assert.equal(s.spent.epsilon, 2);
    assert.deepEqual(s.releases[2].parallelWith, ['Q1', 'Q2']);
  });

  it('example 2: adding Q4 (which meets Q1 and Q2 at age 17, height 100, and Q3) → 3ε', () => {
    assert.equal(summarizeBudget([Q1, Q2, Q3, Q4], budget).spent.epsilon, 3);
  });

  it('a release whose units may span regions composes sequentially', () => {
    const spanning = { ...Q3, userLevel: true };
    assert.equal(summarizeBudget([Q1, Q2, spanning], budget).spent.epsilon, 3);
  });

  it('agrees with brute force over all integer points on random boxes', () => {
    const box = fc.tuple(
      fc.integer({ min: 0, max: 9 }),
      fc.integer({ min: 0, max: 9 }),
      fc.integer({ min: 0, max: 9 }),
      fc.integer({ min: 0, max: 9 }),
      fc.integer({ min: 1, max: 5 }),
    );
    fc.assert(
      fc.property(fc.array(box, { minLength: 1, maxLength: 8 }), (boxes) => {
        const qs = boxes.map(([a, b, c, d, w]) => ({
          x: [Math.min(a, b), Math.max(a, b)],
          y: [Math.min(c, d), Math.max(c, d)],
          w,
        }));
        let brute = 0;
        for (let x = 0; x <= 9; x++)
          for (let y = 0; y <= 9; y++) {
            brute = Math.max(
              brute,
              qs.filter((q) => q.x[0] <= x && x <= q.x[1] && q.y[0] <= y && y <= q.y[1]).reduce((s, q) => s + q.w, 0),
            );
          }
        const spends = qs.map((q, i) =>
          spend(
            `q${i}`,
            q.w,
            new Map([
              ['x', [range(q.x[0], q.x[1])]],
              ['y', [range(q.y[0], q.y[1])]],
            ]),
          ),
        );
        return summarizeBudget(spends, budget).spent.epsilon === brute;
      }),
      { seed: 7, numRuns: 300 },
    );
  });
});
