import { strict as assert } from 'node:assert';
import { seededRandom } from '../../../engine/core/random.js';
import { randomPermutation, uniformBelow } from '../../../engine/core/random-permutation.js';

describe('engine/core/random-permutation', () => {
  it('randomPermutation is uniform is uniform: each of the 6 orders of 3 rows about 1/6 of 6,000 seeded draws', () => {
    // Fisher–Yates with unbiased integers gives each order probability 1/3! (Knuth, TAOCP vol. 2, Algorithm P).
    const rng = seededRandom(21);
    const counts = new Map<string, number>();
    for (let i = 0; i < 6000; i++) {
      const key = [...randomPermutation(3, rng)].join('');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    assert.equal(counts.size, 6);
    // Each count is Binomial(6000, 1/6): mean 1000, sd ≈ 28.9; ±150 is more than 5 sd.
    for (const [order, n] of counts) assert.ok(Math.abs(n - 1000) < 150, `${order}: ${n}`);
  });

  it('uniformBelow stays in [0, n) and a permutation holds every index once', () => {
    const rng = seededRandom(5);
    for (let i = 0; i < 1000; i++) {
      const x = uniformBelow(7, rng);
      assert.ok(Number.isInteger(x) && x >= 0 && x < 7);
    }
    assert.deepEqual(
      [...randomPermutation(100, rng)].sort((a, b) => a - b),
      Array.from({ length: 100 }, (_, i) => i),
    );
    assert.deepEqual([...randomPermutation(0, rng)], []);
  });
});
