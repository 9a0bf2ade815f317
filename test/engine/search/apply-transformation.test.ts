import { strict as assert } from 'node:assert';
import { KAnonymity } from '../../../engine/criteria/k-anonymity.js';
import { applyTransformation } from '../../../engine/search/apply-transformation.js';
import { Lattice } from '../../../engine/search/lattice.js';
import { NodeEvaluator } from '../../../engine/search/node-evaluator.js';
import { exampleProblem, exampleTable } from './arx-example.js';

describe('releasing a transformation', () => {
  const at = (levels: number[], suppression = 0) => {
    const p = exampleProblem([new KAnonymity(2)], suppression);
    const lattice = new Lattice([2, 1, 5]);
    return { p, e: new NodeEvaluator(p, lattice).evaluate(lattice.id(levels)) };
  };

  it('generalizes every quasi-identifier to its level', () => {
    const { p, e } = at([1, 1, 2]);
    const r = applyTransformation(exampleTable, p, e);
    assert.deepEqual(r.header, ['age', 'gender', 'zipcode']);
    assert.deepEqual(r.rows[0], ['<50', '*', '816**']);
    assert.deepEqual(r.rows[2], ['>=50', '*', '819**']);
    assert.equal(r.suppressed, 0);
  });

  it('removes or stars the records of failing classes', () => {
    // (1,0,3) with one outlier allowed: record 4 (70, female) is alone in (>=50, female, 81***).
    const { p, e } = at([1, 0, 3], 0.15);
    const removed = applyTransformation(exampleTable, p, e);
    assert.equal(removed.rows.length, 6);
    assert.equal(removed.suppressed, 1);
    const starred = applyTransformation(exampleTable, p, e, { suppressed: 'star' });
    assert.deepEqual(starred.rows[3], ['*', '*', '*', '1']);
    assert.deepEqual(starred.rows[0], ['<50', 'male', '81***', '0']);
  });

  it('refuses a node that does not satisfy the model', () => {
    const { p, e } = at([0, 0, 0]);
    assert.throws(() => applyTransformation(exampleTable, p, e), RangeError);
  });
});
