import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { seededRandom } from '../../../../engine/core/random.js';
import { makeBdpLaplace } from '../../../../engine/dp/correlated/bdp-laplace.js';
import {
  componentCount,
  graphFromEdgeTable,
  type CorrelationGraph,
} from '../../../../engine/dp/correlated/correlation-graph.js';
import { conditionalLeakage, inverseLeakage } from '../../../../engine/dp/correlated/direct-leakage.js';
import {
  bdpLaplaceScale,
  gaussianLeakage,
  precisionMatrix,
} from '../../../../engine/dp/correlated/gaussian-leakage.js';
import { randomCorrelationGraph } from '../../../../engine/dp/correlated/random-graph.js';
import { parseCsv } from '../../../../engine/table/parse-csv.js';

const path = (n: number): CorrelationGraph => ({
  n,
  edges: Array.from({ length: n - 1 }, (_, i) => ({ a: i, b: i + 1, w: 1 })),
});

describe('dp/correlated: Gaussian correlation model (Yang, Sato, Nakagawa, SIGMOD 2015, §5)', () => {
  it('two units, weight w, prior τ: E[x₂ | x₁] = w/(w + τ)·x₁, so ℓ = w/(w + τ) (hand-derived)', () => {
    const r = gaussianLeakage({ n: 2, edges: [{ a: 0, b: 1, w: 1 }] }, 1);
    assert.deepEqual([...r.leakage], [0.5, 0.5]);
    const r2 = gaussianLeakage({ n: 2, edges: [{ a: 0, b: 1, w: 3 }] }, 0.5);
    assert.ok(Math.abs(r2.max - 3 / 3.5) < 1e-15);
    // λ₀ = (M/ε)(1 + max ℓ), eq. 26: M = 1, ε = 0.5, ℓ = 0.5 → 3.
    assert.equal(bdpLaplaceScale(1, 0.5, r.max), 3);
  });

  it('property: Algorithm 1 equals ℓ read off the explicit conditional Gaussian, random weighted graphs n ≤ 30', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0.01, max: 5, noNaN: true }),
        fc.integer(),
        (n, density, tau, seed) => {
          const rng = seededRandom(seed);
          const edges = [];
          for (let a = 0; a < n; a++)
            for (let b = a + 1; b < n; b++)
              if (rng.nextUint32() / 2 ** 32 < density) edges.push({ a, b, w: 0.1 + (5 * rng.nextUint32()) / 2 ** 32 });
          const g = { n, edges };
          const q = precisionMatrix(g, tau);
          const fast = gaussianLeakage(g, tau).leakage;
          for (let i = 0; i < n; i++) {
            const direct = conditionalLeakage(q, n, i);
            assert.ok(Math.abs(fast[i] - direct) <= 1e-9 * Math.max(1, direct), `unit ${i}: ${fast[i]} vs ${direct}`);
          }
        },
      ),
      { seed: 14, numRuns: 60 },
    );
  });

  it('the O(n³) inverse formula (Σ1)ᵢ/Σᵢᵢ − 1 agrees too (n = 200, d = 10)', () => {
    const g = randomCorrelationGraph(200, 10, seededRandom(3));
    const a = gaussianLeakage(g, 0.2).leakage;
    const b = inverseLeakage(precisionMatrix(g, 0.2), 200);
    for (let i = 0; i < 200; i++) assert.ok(Math.abs(a[i] - b[i]) < 1e-9 * Math.max(1, b[i]));
  });

  it('connected graph without a prior: every ℓ = n − 1 (seed eq. 29, BDPL = nM/λ); τ → 0 tends to it', () => {
    const random = randomCorrelationGraph(40, 6, seededRandom(9));
    assert.equal(componentCount(random), 1);
    for (const g of [path(6), random]) {
      for (const l of gaussianLeakage(g, 0).leakage) assert.ok(Math.abs(l - (g.n - 1)) < 1e-9 * g.n, String(l));
      const near = gaussianLeakage(g, 1e-9);
      assert.ok(Math.abs(near.max - (g.n - 1)) < 1e-4, String(near.max));
    }
  });

  it('ℓ falls as τ grows (every unit, τ from 10⁻³ to 10³)', () => {
    const g = randomCorrelationGraph(60, 4, seededRandom(4));
    let prev: Float64Array | undefined;
    for (const tau of [1e-3, 1e-2, 0.1, 1, 10, 100, 1000]) {
      const l = gaussianLeakage(g, tau).leakage;
      if (prev) for (let i = 0; i < l.length; i++) assert.ok(l[i] <= prev[i] + 1e-12, `τ=${tau} unit ${i}`);
      prev = l;
    }
    assert.ok(prev!.every((l) => l < 0.05));
  });

  it('refuses a disconnected graph without a prior, negative weights, self-loops and bad τ', () => {
    const split: CorrelationGraph = {
      n: 4,
      edges: [
        { a: 0, b: 1, w: 1 },
        { a: 2, b: 3, w: 1 },
      ],
    };
    assert.throws(() => gaussianLeakage(split, 0), /2 disconnected parts; give a prior τ > 0/);
    assert.equal(gaussianLeakage(split, 1).max, 0.5);
    assert.throws(
      () => gaussianLeakage({ n: 2, edges: [{ a: 0, b: 1, w: -1 }] }, 1),
      /weight must be a finite number ≥ 0/,
    );
    assert.throws(() => gaussianLeakage({ n: 2, edges: [{ a: 1, b: 1, w: 1 }] }, 1), /itself/);
    assert.throws(() => gaussianLeakage(path(3), -1), /τ must be/);
    assert.throws(() => gaussianLeakage(path(3), NaN), /τ must be/);
    assert.throws(() => bdpLaplaceScale(1, 0, 1), /ε must be/);
  });

  it('reads an edge list with ids, and names the line of a bad row', () => {
    const { graph, ids } = graphFromEdgeTable(parseCsv('a,b,weight\nann,bob,2\nbob,cy,0.5\n', { source: 'e.csv' }));
    assert.deepEqual(ids, ['ann', 'bob', 'cy']);
    assert.deepEqual(graph.edges, [
      { a: 0, b: 1, w: 2 },
      { a: 1, b: 2, w: 0.5 },
    ]);
    assert.equal(graphFromEdgeTable(parseCsv('a,b\nx,y\n')).graph.edges[0].w, 1);
    const bad: [string, RegExp, number][] = [
      ['a,b,weight\nx,y,1\ny,z,-2\n', /weight -2 is negative/, 3],
      ['a,b,weight\nx,y,heavy\n', /weight 'heavy' is not a number/, 2],
      ['a,b\nx,x\n', /paired with itself/, 2],
      ['a,b\nx,y\ny,x\n', /listed again \(first on line 2\)/, 3],
      ['x1,x2,p\n0,0,1\n', /header 'a,b' or 'a,b,weight'/, 1],
    ];
    for (const [text, message, line] of bad) {
      assert.throws(
        () => graphFromEdgeTable(parseCsv(text, { source: 'e.csv' })),
        (e: Error & { file?: string; line?: number }) =>
          message.test(e.message) && e.file === 'e.csv' && e.line === line,
        text,
      );
    }
  });

  it('random graphs of §6.1 have n·d/2 distinct edges', () => {
    const g = randomCorrelationGraph(100, 10, seededRandom(1));
    assert.equal(g.edges.length, 500);
    assert.equal(new Set(g.edges.map((e) => `${e.a},${e.b}`)).size, 500);
    assert.ok(g.edges.every((e) => e.a < e.b && e.b < 100));
  });

  it('makeBdpLaplace: scale (M/ε)(1 + max ℓ) on integers, cost ε, map scales with the unit change', () => {
    const m = makeBdpLaplace({ sensitivity: 1, epsilon: 0.5, maxLeakage: 3, integer: true, rng: seededRandom(1) });
    assert.equal(m.parameters.scale, 8);
    assert.deepEqual(m.cost, { kind: 'pure', epsilon: 0.5 });
    assert.deepEqual(m.map(2), { kind: 'pure', epsilon: 1 });
    assert.ok(Number.isInteger(m.invoke([10])[0]));
    assert.throws(() => makeBdpLaplace({ sensitivity: 1, epsilon: 0.5, maxLeakage: -1 }), /leakage coefficient/);
    assert.throws(() => makeBdpLaplace({ sensitivity: 0, epsilon: 0.5, maxLeakage: 1 }), /sensitivity/);
  });

  it('bdp-laplace.md carries pseudocode, the privacy argument and the citation', () => {
    const md = 'engine/dp/correlated/bdp-laplace.md';
    assert.ok(existsSync(md));
    const text = readFileSync(md, 'utf8');
    for (const s of ['## Pseudocode', '## Privacy argument', '**Citation.**', 'makeBdpLaplace'])
      assert.ok(text.includes(s), s);
  });
});
