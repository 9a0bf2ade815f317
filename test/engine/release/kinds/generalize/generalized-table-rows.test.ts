import { strict as assert } from 'node:assert';
import { KAnonymity } from '../../../../../engine/criteria/k-anonymity.js';
import { decideGeneralization, requireDecided } from '../../../../../engine/release/decide-generalization.js';
import { generalizedTableRows } from '../../../../../engine/release/kinds/generalize/generalize-release.js';
import { frequencyTableOf } from '../../../../../engine/table/frequency-table-of.js';
import { exampleHierarchies, exampleTable } from '../../../search/arx-example.js';

// The in-memory writer of a decision (the generalize release's and privspec anonymize --out's), on ARX's Example1
// (hand-checked rows); the levels are pinned, so the decision is the node written.
describe('engine/release/kinds/generalize: generalizedTableRows, the in-memory writer of a decision', () => {
  const quasi = ['age', 'gender', 'zipcode'];
  const write = (levels: number[], suppression = 0) => {
    const spec = {
      quasi,
      hierarchies: new Map(quasi.map((q, i) => [q, exampleHierarchies[i]])),
      anonymity: {
        criteria: [new KAnonymity(2)],
        suppression,
        metric: 'entropy' as const,
        pins: new Map(quasi.map((q, i) => [q, levels[i]])),
      },
    };
    const decision = requireDecided(decideGeneralization(frequencyTableOf(exampleTable, quasi), spec));
    return { decision, ...generalizedTableRows(exampleTable, quasi, decision) };
  };

  it('generalizes every quasi-identifier to its level, every row from its input row', () => {
    const { rows, sourceRows, decision } = write([1, 1, 2]);
    assert.deepEqual(rows[0], ['<50', '*', '816**']);
    assert.deepEqual(rows[2], ['>=50', '*', '819**']);
    assert.equal(decision.suppressed, 0);
    assert.deepEqual([...sourceRows], [0, 1, 2, 3, 4, 5, 6]);
  });

  it('leaves the records of failing classes out; never stars them', () => {
    // (1,0,3) with one outlier allowed (floor(0.15·7) = 1): record 4 (70, female) is alone in (>=50, female, 81***).
    const { rows, sourceRows, decision } = write([1, 0, 3], 0.15);
    assert.equal(rows.length, 6);
    assert.equal(decision.suppressed, 1);
    assert.ok(!rows.some((r) => r.every((v) => v === '*')));
    // Record 4 (70, female) is gone: the fourth row written is record 5 (34, female, 81931).
    assert.deepEqual(rows[3], ['<50', 'female', '81***']);
    assert.deepEqual([...sourceRows], [0, 1, 2, 4, 5, 6]);
  });

  it('refuses to write a table the decision was not taken on (a class holds other rows than it counted)', () => {
    const { decision } = write([1, 1, 2]);
    const shorter = { ...exampleTable, rowCount: 6 };
    assert.throws(
      () => generalizedTableRows(shorter, quasi, decision),
      /the generalized rows disagree with the decision/,
    );
  });
});
