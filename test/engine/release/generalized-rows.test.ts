import { strict as assert } from 'node:assert';
import { KAnonymity } from '../../../engine/criteria/k-anonymity.js';
import { checkLevels } from '../../../engine/release/generalize-transformation.js';
import { generalizedRows } from '../../../engine/release/generalized-rows.js';
import { exampleProblem, exampleTable } from '../search/arx-example.js';

// The one generalization writer (issue 22), on ARX's Example1 (hand-checked rows).
describe('engine/release/generalized-rows: the one generalization writer', () => {
  const write = (levels: number[], suppression = 0) => {
    const p = exampleProblem([new KAnonymity(2)], suppression);
    const bound = p.qi.map((q) => q.hierarchy);
    const quasi = ['age', 'gender', 'zipcode'];
    const check = checkLevels(exampleTable, quasi, bound, levels, {
      criteria: [new KAnonymity(2)],
      suppression,
      metric: 'entropy',
      pins: new Map(),
    });
    return { check, rows: generalizedRows(exampleTable, quasi, quasi, bound, levels, check) };
  };

  it('generalizes every quasi-identifier to its level', () => {
    const { rows } = write([1, 1, 2]);
    assert.deepEqual(rows.header, ['age', 'gender', 'zipcode']);
    assert.deepEqual(rows.rows[0], ['<50', '*', '816**']);
    assert.deepEqual(rows.rows[2], ['>=50', '*', '819**']);
    assert.equal(rows.suppressed, 0);
  });

  it('leaves the records of failing classes out; never stars them', () => {
    // (1,0,3) with one outlier allowed: record 4 (70, female) is alone in (>=50, female, 81***).
    const { rows, check } = write([1, 0, 3], 0.15);
    assert.equal(rows.rows.length, 6);
    assert.equal(rows.suppressed, 1);
    assert.equal(check.suppressed, 1);
    assert.ok(check.satisfied);
    assert.ok(!rows.rows.some((r) => r.includes('*') && r.every((v) => v === '*')));
    // Record 4 (70, female) is gone: the fourth row written is record 5 (34, female, 81931).
    assert.deepEqual(rows.rows[3], ['<50', 'female', '81***']);
  });
});
