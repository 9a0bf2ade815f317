import { strict as assert } from 'node:assert';
import { KAnonymity } from '../../../engine/criteria/k-anonymity.js';
import { parseArxHierarchy } from '../../../engine/hierarchy/arx-hierarchy.js';
import { mondrian } from '../../../engine/mondrian/mondrian.js';
import { makeProblem } from '../../../engine/search/problem.js';
import { tableFromRows } from '../../../engine/table/table.js';

describe('Mondrian on a large partition', () => {
  it('releases 200,000 identical records as one partition instead of overflowing the call stack', () => {
    // Hand-derived: no cut separates identical values, so the whole table is one partition of 200,000 records that
    // releases the value itself. Taking its range with Math.min(...rows) overflowed the stack above ~150,000 rows.
    const n = 200_000;
    const table = tableFromRows(
      ['a'],
      Array.from({ length: n }, () => ['1']),
    );
    const problem = makeProblem(table, {
      qi: ['a'],
      hierarchies: [parseArxHierarchy('1;*\n', 'a')],
      criteria: [new KAnonymity(2)],
    });
    const result = mondrian(problem, 2);
    assert.equal(result.partitions, 1);
    assert.equal(result.smallestPartition, n);
    assert.deepEqual(result.released, [['1']]);
  });
});
