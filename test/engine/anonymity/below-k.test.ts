import { strict as assert } from 'node:assert';
import { belowK } from '../../../engine/anonymity/below-k.js';
import { equivalenceClasses } from '../../../engine/anonymity/equivalence-classes.js';
import { riskReport } from '../../../engine/risk/risk-report.js';
import { column, tableFromRows } from '../../../engine/table/table.js';

// Issue 22: "a person with rows in two small classes is records: 2 in privspec risk --unit and 1 in the editor's
// report".
describe('engine/anonymity/below-k: who is below k, counted once', () => {
  // By hand, k = 2 counted in distinct pid: p1 is alone in zip 1 and alone in zip 2 (two small classes, two rows, one
  // person); zip 3 holds p2 and p3 (two persons: satisfied).
  const table = tableFromRows(
    ['pid', 'zip'],
    [
      ['p1', '1'],
      ['p1', '2'],
      ['p2', '3'],
      ['p3', '3'],
    ],
  );
  const classes = equivalenceClasses(table, ['zip']);
  const pid = column(table, 'pid');

  it('one person with rows in two small classes is one person, two rows, two classes', () => {
    assert.deepEqual(belowK(classes, 2, { codes: pid.codes, cardinality: pid.dictionary.length }), {
      k: 2,
      classes: 2,
      rows: 2,
      persons: 1,
    });
  });

  it('privspec risk --unit counts the persons below k with it, once each, and states the rows beside them', () => {
    const r = riskReport(table, ['zip'], { k: 2, unit: 'pid' });
    assert.deepEqual(r.belowK, { k: 2, classes: 2, rows: 2, persons: 1 });
    assert.equal(r.kViolations!.records, 1, 'p1 is one person below k, not two (person, class) pairs');
  });

  it('without a unit every row is a person', () => {
    assert.deepEqual(belowK(classes, 2), { k: 2, classes: 2, rows: 2, persons: 2 });
  });
});
