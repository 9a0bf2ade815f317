import { strict as assert } from 'node:assert';
import { TableError } from '../../../engine/table/table.js';
import { checkCsv, generalizationFixes, rowsOf } from '../../../extension/workers/csv-check.js';
import { visitsCsv, visitsModel } from '../fixtures.js';

describe('extension/workers/csv-check', () => {
  it('marks every row of a class below k on its quasi-identifier cells', () => {
    const { result } = checkCsv(visitsCsv, undefined, visitsModel, 1000);
    // Hand-counted: classes of 4, 3, 2, 5, 1 and 3 rows; the classes of 2 and 1 rows (rows 8, 9, 15) are below k=3.
    assert.equal(result.rows, 18);
    assert.equal(result.classes, 6);
    assert.equal(result.violatingRows, 3);
    assert.equal(result.violatingClasses, 2);
    assert.equal(result.headerLine, 0);
    assert.deepEqual(result.violations.map((v) => [v.row, v.line, v.start, v.end, v.classSize, v.classKey]), [
      // `P08,34,F,81931,Asthma`: age starts at 4, zip ends at 14.
      [8, 8, 4, 14, 2, '{age=34, sex=F, zip=81931}'],
      [9, 9, 4, 14, 2, '{age=34, sex=F, zip=81931}'],
      [15, 15, 4, 14, 1, '{age=34, sex=F, zip=81932}'],
    ]);
  });

  it('locates at most maxDiagnostics rows but counts them all', () => {
    const { result } = checkCsv(visitsCsv, undefined, visitsModel, 2);
    assert.equal(result.violations.length, 2);
    assert.equal(result.violatingRows, 3);
  });

  it('counts classes at the levels the spec pins', () => {
    // zip masked by one digit: 4576*, 4565*, 8193* (34 F: 3 rows; 41 F: 5 rows), 1011*; 5 classes, none below 3.
    const { result } = checkCsv(visitsCsv, undefined, { ...visitsModel, levels: { zip: 1 } }, 1000);
    assert.equal(result.classes, 5);
    assert.equal(result.violatingRows, 0);
    assert.deepEqual(result.violations, []);
  });

  it('proposes the lowest single-column level that lifts a class to k, best first', () => {
    const { state, result } = checkCsv(visitsCsv, undefined, visitsModel, 1000);
    const fixes = generalizationFixes(state, result.violations[0].classId);
    // Hand-derived: zip → 8193* merges rows 8, 9, 15 (all 3 violations resolved); age needs `*` (level 4) to join the
    // five 41-year-olds, which leaves row 15 alone (2 resolved); sex → * keeps {34, *, 81931} at 2 rows, so no sex fix.
    assert.deepEqual(fixes, [
      { column: 'zip', level: 1, value: '8193*', resolves: 3 },
      { column: 'age', level: 4, value: '*', resolves: 2 },
    ]);
  });

  it('lists the rows of a class with their lines', () => {
    const { state, result } = checkCsv(visitsCsv, undefined, visitsModel, 1000);
    assert.deepEqual(rowsOf(state, result.violations[0].classId, 10), {
      classKey: '{age=34, sex=F, zip=81931}',
      rows: [{ row: 8, line: 8 }, { row: 9, line: 9 }],
    });
    assert.deepEqual(rowsOf(state, 999, 10).rows, []);
  });

  it('reports an unknown quasi-identifier as a table error naming the columns', () => {
    assert.throws(() => checkCsv(visitsCsv, undefined, { ...visitsModel, qi: ['age', 'postcode'] }, 10), (e: unknown) => {
      assert.ok(e instanceof TableError);
      assert.match(e.message, /no column 'postcode'.*columns: patient_id, age, sex, zip, diagnosis/);
      return true;
    });
  });

  it('reports a malformed CSV with its line', () => {
    assert.throws(() => checkCsv('a,b\n1,2\n3,4,5\n', undefined, { ...visitsModel, qi: ['a'] }, 10), (e: unknown) => {
      assert.ok(e instanceof TableError);
      assert.equal(e.line, 3);
      return true;
    });
  });
});
