import { strict as assert } from 'node:assert';
import { bannerText, nextFlaggedLine, summaryMessage, violationMessage } from '../../../extension/csv/messages.js';
import type { CheckResult, RowViolation } from '../../../extension/protocol.js';

describe('extension/csv/messages', () => {
  const v: RowViolation = {
    row: 17,
    line: 17,
    start: 0,
    end: 5,
    cells: [[0, 5]],
    classSize: 2,
    classKey: '{age=34, sex=F, zip=81931}',
    classId: 0,
  };

  it('words a row diagnostic as the issue does, numbered as the editor numbers lines (0-based line 17 is line 18; issue 24)', () => {
    assert.equal(violationMessage(v, 5), 'line 18: class {age=34, sex=F, zip=81931} has 2 rows, below k=5');
    assert.equal(
      violationMessage({ ...v, classSize: 1 }, 5),
      'line 18: class {age=34, sex=F, zip=81931} has 1 row, below k=5',
    );
  });

  it('counts people when a unit is declared: 5 visits of one patient are one person', () => {
    assert.equal(
      violationMessage({ ...v, classSize: 5, units: 1 }, 3, 'patient_id'),
      'line 18: class {age=34, sex=F, zip=81931} has 5 rows from 1 patient_id, below k=3',
    );
    const result: CheckResult = {
      rows: 12,
      classes: 3,
      violatingRows: 5,
      violatingClasses: 1,
      unit: 'patient_id',
      violations: [v],
      headerLine: 0,
      elapsedMs: 1,
    };
    assert.match(
      summaryMessage(result, 3, 'units.privspec'),
      /^5 of 12 rows in 1 class below k=3 distinct patient_id \(quasi-identifiers from units\.privspec\)/,
    );
  });

  it('says in the summary how many rows got a diagnostic of their own', () => {
    const result: CheckResult = {
      rows: 100,
      classes: 40,
      violatingRows: 3,
      violatingClasses: 2,
      violations: [v, v],
      headerLine: 0,
      elapsedMs: 1,
    };
    assert.equal(
      summaryMessage(result, 5, 'visits.privspec'),
      '3 of 100 rows in 2 classes below k=5 (quasi-identifiers from visits.privspec) (the first 2 are marked; raise privspec.maxDiagnostics to see more)',
    );
    assert.equal(
      summaryMessage({ ...result, violatingRows: 2, violatingClasses: 1 }, 5, 'workspace settings'),
      '2 of 100 rows in 1 class below k=5 (quasi-identifiers from workspace settings)',
    );
  });

  it('the banner on line 1 states the totals in persons, and Next goes to the following flagged line, wrapping as F8 does', () => {
    assert.equal(
      bannerText({ violatingRows: 14, violatingClasses: 5, k: 3, unit: 'patient_id' }),
      '14 rows in 5 classes below k = 3 patient_id',
    );
    assert.equal(bannerText({ violatingRows: 1, violatingClasses: 1, k: 5 }), '1 row in 1 class below k = 5');
    // Flagged lines 8004, 12 and 12 (two cells of one row): from the header (0) to 12, then 8004, then back to 12.
    assert.equal(nextFlaggedLine([8004, 12, 12], 0), 12);
    assert.equal(nextFlaggedLine([8004, 12, 12], 12), 8004);
    assert.equal(nextFlaggedLine([8004, 12, 12], 8004), 12);
    assert.equal(nextFlaggedLine([], 3), undefined);
  });
});
