import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { seededRandom } from '../../../../engine/core/random.js';
import { conditionalLeakage } from '../../../../engine/dp/correlated/direct-leakage.js';
import { gaussianLeakage, precisionMatrix } from '../../../../engine/dp/correlated/gaussian-leakage.js';

/** A graph of several random parts (some single units), weights in [0.1, 5.1). */
function partedGraph(sizes: number[], density: number, seed: number) {
  const rng = seededRandom(seed);
  const edges: { a: number; b: number; w: number }[] = [];
  let base = 0;
  for (const size of sizes) {
    for (let a = 0; a < size; a++)
      for (let b = a + 1; b < size; b++)
        if (rng.nextUint32() / 2 ** 32 < density)
          edges.push({ a: base + a, b: base + b, w: 0.1 + (5 * rng.nextUint32()) / 2 ** 32 });
    base += size;
  }
  return { n: base, edges };
}

describe('dp/correlated: leakage per connected part, scaled (issue 21 items 9 and 10)', () => {
  it('property: per-part Algorithm 1 equals ℓ read off the explicit conditional Gaussian of the whole graph', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 8 }), { minLength: 1, maxLength: 5 }),
        fc.double({ min: 0.2, max: 1, noNaN: true }),
        fc.double({ min: 0.01, max: 5, noNaN: true }),
        fc.integer(),
        (sizes, density, tau, seed) => {
          const g = partedGraph(sizes, density, seed);
          const q = precisionMatrix(g, tau);
          const fast = gaussianLeakage(g, tau).leakage;
          for (let i = 0; i < g.n; i++) {
            const direct = conditionalLeakage(q, g.n, i);
            assert.ok(Math.abs(fast[i] - direct) <= 1e-9 * Math.max(1, direct), `unit ${i}: ${fast[i]} vs ${direct}`);
          }
        },
      ),
      { seed: 21, numRuns: 60 },
    );
  });

  it('ℓ is the same when every weight and τ are multiplied by 1e154 or 1e-154 (Q and cQ give one conditional)', () => {
    const g = partedGraph([12, 7, 1, 5], 0.6, 3);
    const base = gaussianLeakage(g, 0.3).leakage;
    for (const c of [1e154, 1e-154, 2 ** 900]) {
      const scaled = gaussianLeakage({ n: g.n, edges: g.edges.map((e) => ({ ...e, w: e.w * c })) }, 0.3 * c).leakage;
      for (let i = 0; i < g.n; i++)
        assert.ok(
          Math.abs(scaled[i] - base[i]) <= 1e-12 * Math.max(1, base[i]),
          `c=${c} unit ${i}: ${scaled[i]} vs ${base[i]}`,
        );
    }
  });

  it('a unit without neighbours leaks 0 under a prior, and without a prior a connected graph gives n − 1 at once', () => {
    const g = partedGraph([3, 1], 1, 1);
    assert.equal(gaussianLeakage(g, 1).leakage[3], 0);
    const path = { n: 4000, edges: Array.from({ length: 3999 }, (_, i) => ({ a: i, b: i + 1, w: 1e300 })) };
    const r = gaussianLeakage(path, 0);
    assert.equal(r.max, 3999);
    assert.ok(r.leakage.every((l) => l === 3999));
  });

  it('a part larger than the dense limit is refused under a prior, with its size', () => {
    const big = { n: 5001, edges: Array.from({ length: 5000 }, (_, i) => ({ a: i, b: i + 1, w: 1 })) };
    assert.throws(() => gaussianLeakage(big, 1), /a connected part of 5001 units exceeds the 5000/);
    assert.equal(gaussianLeakage(big, 0).max, 5000);
  });
});
