import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { maxOverlap, type PredicateQuery } from '../../../../engine/dp/accounting/overlap.js';

const range = (lo: number, hi: number) => ({ kind: 'range' as const, lo, hi });

// Seed "DP query tutorial", クエリ応答における合成定理の使用例 (例1, 例2), each query ε = 1.
const Q1: PredicateQuery = { id: 'Q1', cost: 1, where: { age: range(10, 20), height: range(100, 120) } };
const Q2: PredicateQuery = { id: 'Q2', cost: 1, where: { age: range(5, 25), height: range(80, 105) } };
const Q3: PredicateQuery = { id: 'Q3', cost: 1, where: { age: range(30, 40), height: range(150, 180) } };
const Q4: PredicateQuery = { id: 'Q4', cost: 1, where: { age: range(17, 32), height: range(90, 160) } };

describe('accounting/overlap (max clique of range queries)', () => {
  it('example 1: Q1 and Q2 overlap, Q3 overlaps neither → 2ε, clique {Q1, Q2}', () => {
    const r = maxOverlap([Q1, Q2, Q3]);
    assert.equal(r.total, 2);
    assert.deepEqual(r.clique, ['Q1', 'Q2']);
  });

  it('example 2: adding Q4 → 3ε, clique {Q1, Q2, Q4}, witnessed by a common point', () => {
    const r = maxOverlap([Q1, Q2, Q3, Q4]);
    assert.equal(r.total, 3);
    assert.deepEqual(r.clique, ['Q1', 'Q2', 'Q4']);
    assert.deepEqual(r.point, { age: 17, height: 100 });
  });

  it('weights each query by its own ε and treats a missing attribute as unbounded', () => {
    const r = maxOverlap([
      { id: 'a', cost: 0.5, where: { age: range(0, 10) } },
      { id: 'b', cost: 0.2, where: { height: range(0, 10) } },
      { id: 'c', cost: 0.6, where: { age: range(20, 30) } },
    ]);
    assert.equal(r.total, 0.8);
    assert.deepEqual(r.clique, ['b', 'c']);
  });

  it('respects open bounds and categorical sets', () => {
    const touching = maxOverlap([
      { id: 'x', cost: 1, where: { age: { kind: 'range', hi: 10, hiOpen: true } } },
      { id: 'y', cost: 1, where: { age: { kind: 'range', lo: 10 } } },
    ]);
    assert.equal(touching.total, 1);
    // Three sets that meet pairwise but share no value: one record is in at most two of them.
    const sets = maxOverlap(['ab', 'bc', 'ca'].map((s) => ({ id: s, cost: 1, where: { c: { kind: 'set', values: [...s] } } })));
    assert.equal(sets.total, 2);
  });

  it('agrees with brute force over all integer points on random boxes', () => {
    const box = fc.tuple(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 9 }), fc.integer({ min: 1, max: 5 }));
    fc.assert(
      fc.property(fc.array(box, { minLength: 1, maxLength: 8 }), (boxes) => {
        const queries = boxes.map(([a, b, c, d, w], i) => ({
          id: `q${i}`, cost: w, where: { x: range(Math.min(a, b), Math.max(a, b)), y: range(Math.min(c, d), Math.max(c, d)) },
        }));
        let brute = 0;
        for (let x = 0; x <= 9; x++) for (let y = 0; y <= 9; y++) {
          brute = Math.max(brute, queries.filter((q) => q.where.x.lo <= x && x <= q.where.x.hi && q.where.y.lo <= y && y <= q.where.y.hi).reduce((s, q) => s + q.cost, 0));
        }
        return maxOverlap(queries).total === brute;
      }),
      { seed: 7, numRuns: 300 },
    );
  });
});
