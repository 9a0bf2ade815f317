import { strict as assert } from 'node:assert';
import { seededRandom } from '../../../../engine/core/random.js';
import { certify, solvePacking } from '../../../../engine/dp/r2t/packing-lp.js';
import {
  edgeLpAnswers,
  edgeLpOnGraph,
  simpleGraph,
  TRIANGLE_LP_SLACK,
  triangleLpAnswers,
  type Edge,
} from '../../../../engine/dp/r2t/self-join-lp.js';

// The LP of R2T for self-joins (Dong, Fang, Yi, Tao, Machanavajjhala, SIGMOD 2022): max Σ_q u_q, 0 ≤ u_q ≤ 1,
// Σ_{q ∋ v} u_q ≤ τ. Every expected value below is derived by hand in its comment.
const star = (leaves: number): Edge[] => Array.from({ length: leaves }, (_, i) => ['c', `l${i}`]);
const complete = (n: number): Edge[] => {
  const out: Edge[] = [];
  for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) out.push([a, b]);
  return out;
};
// The friendship graph F_k: k triangles sharing the centre c.
const windmill = (k: number): Edge[] =>
  Array.from({ length: k }, (_, i): Edge[] => [
    ['c', `a${i}`],
    ['c', `b${i}`],
    [`a${i}`, `b${i}`],
  ]).flat();

describe('dp/r2t self-join LP: edges (half a maximum flow)', () => {
  it('a star with centre degree 5: τ = 2 → 2, τ = 4 → 4, τ = 8 → 5', () => {
    // Only the centre's constraint binds: Σ u ≤ τ, and Σ u ≤ 5 edges.
    assert.deepEqual(edgeLpAnswers(star(5), [2, 4, 8]).answers, [2, 4, 5]);
  });

  it('a triangle: τ = 1 → 3/2 (u = ½ on each edge), τ = 2 → 3', () => {
    // Summing the three node constraints: 2·Σu ≤ 3τ, so Σu ≤ 3/2 at τ = 1, reached by u = ½.
    assert.deepEqual(edgeLpAnswers(complete(3), [1, 2]).answers, [1.5, 3]);
  });

  it('K4: τ = 1 → 2, τ = 2 → 4, τ = 4 → 6', () => {
    // Summing the four node constraints: 2·Σu ≤ 4τ, so Σu ≤ 2τ, reached by u = τ/3 on all six edges (τ ≤ 3).
    assert.deepEqual(edgeLpAnswers(complete(4), [1, 2, 4]).answers, [2, 4, 6]);
  });

  it('the windmill F_5 at τ = 2 → 7: the five rim edges and 2 of the centre’s ten', () => {
    // Rim nodes have degree 2 ≤ τ; only the centre binds: its ten edges sum to ≤ 2, the five rim edges are free.
    assert.deepEqual(edgeLpAnswers(windmill(5), [2]).answers, [7]);
  });

  it('reads each unordered pair once and ignores a node paired with itself; 1 and "1" are different nodes', () => {
    const g = simpleGraph([
      ['a', 'b'],
      ['b', 'a'],
      ['a', 'a'],
      [1, '1'],
    ]);
    assert.equal(g.edges.length, 2);
    assert.equal(g.nodeCount, 4);
  });
});

describe('dp/r2t self-join LP: triangles (bounded simplex, certified)', () => {
  it('K4 has 4 triangles, each node in 3: τ = 1 → 4/3, τ = 2 → 8/3, τ = 4 → 4', () => {
    // Summing the node constraints: 3·Σu ≤ 4τ, reached by u = τ/3 on every triangle while τ ≤ 3.
    const [a, b, c] = triangleLpAnswers(complete(4), [1, 2, 4]).answers;
    assert.ok(Math.abs(a - 4 / 3) <= 2 ** -20, String(a));
    assert.ok(Math.abs(b - 8 / 3) <= 2 ** -20, String(b));
    assert.equal(c, 4);
  });

  it('the windmill F_5: τ = 2 → 2 (the centre is in all five triangles), τ = 8 → 5; a lone triangle at τ = 1 → 1', () => {
    assert.deepEqual(triangleLpAnswers(windmill(5), [2, 8]).answers, [2, 5]);
    assert.deepEqual(triangleLpAnswers(complete(3), [1]).answers, [1]);
  });

  it('K5 (10 triangles, each node in 6) at τ = 2 → 10/3', () => {
    // 3·Σu ≤ 5τ gives Σu ≤ 10/3, reached by u = 1/3 on every triangle.
    const [v] = triangleLpAnswers(complete(5), [2]).answers;
    assert.ok(Math.abs(v - 10 / 3) <= 2 ** -20, String(v));
  });

  it('states its sensitivity slack, 2^−19', () => {
    assert.equal(triangleLpAnswers(complete(4), [1]).sensitivitySlack, TRIANGLE_LP_SLACK);
    assert.equal(TRIANGLE_LP_SLACK, 2 ** -19);
  });

  // Issue 39's second review: the sizes are the data's (a component's triangles and heavy nodes; on K100 at τ = 2 the
  // 161,700 variables were C(100, 3), the exact triangle count, printed after the spend). The message names the limit.
  it('refuses an LP too large to tabulate, naming the limit and none of its sizes', () => {
    const rows = Array.from({ length: 2100 }, () => ({ members: [0], bound: 1 }));
    assert.throws(
      () => solvePacking({ columns: 2000, rows }, 'R2T: the triangle LP at τ = 2'),
      (e: Error) =>
        /τ = 2: the linear programme's tableau would exceed 8000000 cells; the graph is too large/.test(e.message) &&
        !/2100|2000 |8610000/.test(e.message),
    );
  });

  it('K100 at τ = 2 (every node in C(99, 2) = 4851 triangles, all heavy): refused without C(100, 3) = 161700 or 100', () => {
    assert.throws(
      () => triangleLpAnswers(complete(100), [2]),
      (e: Error) => /too large for the exact LP/.test(e.message) && !/161700|161800|16180000|\b100\b/.test(e.message),
    );
  });
});

describe('dp/r2t self-join LP: sensitivity ≤ τ on every single-node removal (brute force, seeded)', () => {
  // Random graphs G(n, p) from a fixed ChaCha20 seed; for each node v, G − v drops v and its edges. The paper's lemma:
  // Q(G − v, τ) ≤ Q(G, τ) ≤ Q(G − v, τ) + τ.
  const graphs = Array.from({ length: 12 }, (_, s) => {
    const rng = seededRandom(`r2t-lp-${s}`);
    const n = 7 + (s % 4);
    const p = 0.35 + 0.05 * (s % 5);
    const edges: Array<[number, number]> = [];
    for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) if (rng.nextUint32() / 2 ** 32 < p) edges.push([a, b]);
    return { n, edges };
  });
  const taus = [1, 2, 4, 8];

  for (const [name, lp, slack] of [
    ['edges', edgeLpAnswers, 0],
    ['triangles', triangleLpAnswers, TRIANGLE_LP_SLACK],
  ] as const) {
    it(`${name}: every removal moves Q(·, τ) down by at most τ${slack ? ' + 2^−19' : ''}, never up`, () => {
      let checks = 0;
      for (const { n, edges } of graphs) {
        const full = lp(edges, taus).answers;
        for (let v = 0; v < n; v++) {
          const without = lp(
            edges.filter(([a, b]) => a !== v && b !== v),
            taus,
          ).answers;
          taus.forEach((tau, j) => {
            assert.ok(without[j] <= full[j] + slack, `${name}: removing ${v} raised Q at τ = ${tau}`);
            assert.ok(full[j] - without[j] <= tau + slack, `${name}: removing ${v} moved Q by more than τ = ${tau}`);
            checks++;
          });
        }
      }
      assert.equal(checks, taus.length * graphs.reduce((sum, g) => sum + g.n, 0));
    });
  }

  it('the simplex on the edge LP agrees with the flow on every graph (two solvers, one LP)', () => {
    for (const { edges } of graphs) {
      const g = simpleGraph(edges);
      for (const tau of taus) {
        const rows = Array.from({ length: g.nodeCount }, () => ({ members: [] as number[], bound: tau }));
        g.edges.forEach(([a, b], q) => {
          rows[a].members.push(q);
          rows[b].members.push(q);
        });
        const lp = { columns: g.edges.length, rows };
        const bounds = certify(lp, solvePacking(lp, 'test'));
        const [flow] = edgeLpOnGraph(g, [tau]);
        assert.ok(bounds.upper - bounds.lower < 1e-9, JSON.stringify(bounds));
        assert.ok(Math.abs(bounds.lower - flow) < 1e-9, `simplex ${bounds.lower} vs flow ${flow} at τ = ${tau}`);
      }
    }
  });

  it('bounded work: the edge LP of a 2,000-leaf star at τ = 2 scans O(E) arcs (within 10× of 8·E)', () => {
    const g = simpleGraph(star(2000));
    const work = { arcs: 0 };
    assert.deepEqual(edgeLpOnGraph(g, [2], work), [2]);
    assert.ok(work.arcs <= 10 * 8 * 2000, String(work.arcs));
  });
});
