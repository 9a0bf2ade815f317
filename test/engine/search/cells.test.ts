import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { equivalenceClasses } from '../../../engine/anonymity/equivalence-classes.js';
import { KAnonymity } from '../../../engine/criteria/k-anonymity.js';
import { parseArxHierarchy } from '../../../engine/hierarchy/arx-hierarchy.js';
import { Lattice } from '../../../engine/search/lattice.js';
import { NodeEvaluator } from '../../../engine/search/node-evaluator.js';
import { makeProblem } from '../../../engine/search/problem.js';
import { tableFromRows } from '../../../engine/table/table.js';

/**
 * The roll-up's classes against `equivalenceClasses` (an independent grouping of the rows) at every lattice node,
 * rolled through the search's cache of snapshots and from scratch: with a key space below 2^53 (keys shifted attribute
 * by attribute) and beyond it (keys folded and renumbered).
 */
function checkEveryNode(domains: number[], rows: number[][]): void {
  const header = domains.map((_, i) => `q${i}`);
  const table = tableFromRows(
    header,
    rows.map((r) => r.map((v, i) => `${v % domains[i]}`)),
  );
  // Two levels each: the value, its parity class, then '*'.
  const hierarchies = domains.map((size, i) =>
    parseArxHierarchy(
      Array.from({ length: size }, (_, v) => `${v};${v % 2 === 0 ? 'even' : 'odd'};*`).join('\n'),
      `h${i}`,
    ),
  );
  const problem = makeProblem(table, { qi: header, hierarchies, criteria: [new KAnonymity(2)] });
  const lattice = new Lattice(problem.qi.map((q) => q.hierarchy.height));
  const cached = new NodeEvaluator(problem, lattice);
  const scratch = new NodeEvaluator(problem, lattice, 0);
  // Shifted keys are kept with the cells exactly when the level-0 key space is below 2^53.
  const space = problem.qi.reduce((p, q) => p * q.hierarchy.levelValues[0].length, 1);
  assert.equal(cached.rollUp.base.keys !== undefined, space <= 2 ** 53);
  // Visit the nodes top-down and then bottom-up, so that cached snapshots serve as sources in both directions they can.
  const order = [...Array.from({ length: lattice.size }, (_, id) => id)].sort(
    (a, b) => lattice.levelSum(a) - lattice.levelSum(b),
  );
  for (const id of [...order, ...order.reverse()]) {
    const levels = lattice.levels(id);
    const expected = equivalenceClasses(table, header, { hierarchies: problem.qi.map((q) => q.hierarchy), levels });
    for (const evaluator of [cached, scratch]) {
      const cells = evaluator.cellsOf(id);
      assert.deepEqual(Array.from(cells.classSizes), Array.from(expected.sizes), `levels ${levels.join(',')}`);
      // Each cell's codes are the generalized codes of its representative record's row.
      cells.codes.forEach((codes, i) => {
        const map = problem.qi[i].hierarchy.levelCodes[levels[i]];
        assert.deepEqual(
          codes,
          Int32Array.from(cells.rep, (r) => map[problem.qi[i].codes[r]]),
        );
      });
    }
  }
}

describe('roll-up cells', () => {
  it('match an independent grouping at every node, key space below 2^53 (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 4 }),
        fc.array(fc.array(fc.nat(20), { minLength: 4, maxLength: 4 }), { minLength: 1, maxLength: 60 }),
        (domains, rows) => checkEveryNode(domains, rows),
      ),
      { numRuns: 100 },
    );
  });

  it('match an independent grouping at every node, key space beyond 2^53 (four attributes of 9,800 values)', () => {
    // 9,800^4 ≈ 9.22·10^15 > 2^53 ≈ 9.007·10^15: the keys are folded at the node's own radices and renumbered.
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.nat(9_799), { minLength: 4, maxLength: 4 }), { minLength: 1, maxLength: 40 }),
        (rows) => {
          // Every value of the domain must occur for the hierarchy to be bound with 9,800 values: list them in extra
          // rows.
          const all = Array.from({ length: 9_800 }, (_, v) => [v, v, v, v]);
          checkEveryNode([9_800, 9_800, 9_800, 9_800], [...rows, ...all]);
        },
      ),
      { numRuns: 1 },
    );
  });
});
