import { strict as assert } from 'node:assert';
import { summaryMessage, violationMessage } from '../../../extension/csv/messages.js';
import type { CheckResult, RowViolation } from '../../../extension/protocol.js';

describe('extension/csv/messages', () => {
  const v: RowViolation = { row: 17, line: 17, start: 0, end: 5, cells: [[0, 5]], classSize: 2, classKey: '{age=34, sex=F, zip=81931}', classId: 0 };

  it('words a row diagnostic as the issue does', () => {
    assert.equal(violationMessage(v, 5), 'row 17: class {age=34, sex=F, zip=81931} has 2 rows, below k=5');
    assert.equal(violationMessage({ ...v, classSize: 1 }, 5), 'row 17: class {age=34, sex=F, zip=81931} has 1 row, below k=5');
  });

  it('counts people when a unit is declared: 5 visits of one patient are one person', () => {
    assert.equal(violationMessage({ ...v, classSize: 5, units: 1 }, 3, 'patient_id'), 'row 17: class {age=34, sex=F, zip=81931} has 5 rows from 1 patient_id, below k=3');
    const result: CheckResult = { rows: 12, classes: 3, violatingRows: 5, violatingClasses: 1, unit: 'patient_id', violations: [v], headerLine: 0, elapsedMs: 1 };
    assert.match(summaryMessage(result, 3, 'units.privspec'), /^5 of 12 rows in 1 class below k=3 distinct patient_id \(quasi-identifiers from units\.privspec\)/);
  });

  it('says in the summary how many rows got a diagnostic of their own', () => {
    const result: CheckResult = { rows: 100, classes: 40, violatingRows: 3, violatingClasses: 2, violations: [v, v], headerLine: 0, elapsedMs: 1 };
    assert.equal(summaryMessage(result, 5, 'visits.privspec'),
      '3 of 100 rows in 2 classes below k=5 (quasi-identifiers from visits.privspec) (the first 2 are marked; raise privspec.maxDiagnostics to see more)');
    assert.equal(summaryMessage({ ...result, violatingRows: 2, violatingClasses: 1 }, 5, 'workspace settings'),
      '2 of 100 rows in 1 class below k=5 (quasi-identifiers from workspace settings)');
  });
});
