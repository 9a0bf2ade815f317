import { strict as assert } from 'node:assert';
import { MinCostFlow } from '../../../engine/attack/min-cost-flow.js';

/** The cheapest perfect assignment of a square cost matrix, by the flow network source → rows → columns → sink. */
function assign(cost: number[][]): { total: number; columnOf: number[] } {
  const n = cost.length;
  const net = new MinCostFlow(2 + 2 * n);
  for (let i = 0; i < n; i++) {
    net.addArc(0, 2 + i, 1, 0);
    net.addArc(2 + n + i, 1, 1, 0);
  }
  const arcs = cost.map((row, i) => row.map((c, j) => net.addArc(2 + i, 2 + n + j, 1, c)));
  net.run(0, 1);
  const columnOf = arcs.map((row) => row.findIndex((a) => net.flowOn(a) === 1));
  return { total: columnOf.reduce((s, j, i) => s + cost[i][j], 0), columnOf };
}

describe('engine/attack/min-cost-flow', () => {
  it('solves a 3 × 3 assignment problem to its optimum (checked by hand over all 6 permutations)', () => {
    // Costs [[4,1,3],[2,0,5],[3,2,2]]: the permutations cost 4+0+2=6, 4+5+2=11, 1+2+2=5, 1+5+3=9, 3+2+2=7, 3+0+3=6,
    // so the optimum is 5 with rows → columns 1, 0, 2.
    const r = assign([
      [4, 1, 3],
      [2, 0, 5],
      [3, 2, 2],
    ]);
    assert.equal(r.total, 5);
    assert.deepEqual(r.columnOf, [1, 0, 2]);
  });

  it('matches brute force on random 6 × 6 matrices', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const permutations = (xs: number[]): number[][] =>
      xs.length <= 1
        ? [xs]
        : xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p]));
    const all = permutations([0, 1, 2, 3, 4, 5]);
    for (let t = 0; t < 30; t++) {
      const cost = Array.from({ length: 6 }, () => Array.from({ length: 6 }, () => Math.round(next() * 20) / 4));
      const brute = Math.min(...all.map((p) => p.reduce((s, j, i) => s + cost[i][j], 0)));
      assert.equal(assign(cost).total, brute);
    }
  });
});
