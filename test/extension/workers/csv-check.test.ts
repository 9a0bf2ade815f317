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
    assert.deepEqual(
      result.violations.map((v) => [v.row, v.line, v.start, v.end, v.classSize, v.classKey]),
      [
        // `P08,34,F,81931,Asthma`: age starts at 4, zip ends at 14.
        [8, 8, 4, 14, 2, '{age=34, sex=F, zip=81931}'],
        [9, 9, 4, 14, 2, '{age=34, sex=F, zip=81931}'],
        [15, 15, 4, 14, 1, '{age=34, sex=F, zip=81932}'],
      ],
    );
  });

  it('underlines only the quasi-identifier cells: non-adjacent ones give separate ranges', () => {
    // `id,age,name,sex` with quasi-identifiers age and sex: row `1,34,Ann,F` has age at 2..4 and sex at 9..10; the name
    // between them is not underlined.
    const { result } = checkCsv(
      'id,age,name,sex\n1,34,Ann,F\n',
      undefined,
      { qi: ['age', 'sex'], k: 2, hierarchies: {}, levels: {} },
      10,
    );
    assert.deepEqual(result.violations[0].cells, [
      [2, 4],
      [9, 10],
    ]);
    // Adjacent ones merge: visits.csv's age,sex,zip is one range.
    assert.deepEqual(checkCsv(visitsCsv, undefined, visitsModel, 1).result.violations[0].cells, [[4, 14]]);
  });

  it('counts distinct units when the model declares one (Wang & Fung, KDD 2006: (X,Y)-anonymity with Y the unit)', () => {
    // Hand-made: class {34,F} has 5 rows, all of patient P1 → 1 person, below k=3; class {50,M} has 3 rows of 3
    // patients → 3 people, not below k=3; class {60,F} has 2 rows of P5 and P6 → 2 people, below k=3.
    const text = [
      'pid,age,sex',
      'P1,34,F',
      'P1,34,F',
      'P1,34,F',
      'P1,34,F',
      'P1,34,F',
      'P2,50,M',
      'P3,50,M',
      'P4,50,M',
      'P5,60,F',
      'P6,60,F',
      '',
    ].join('\n');
    const model = { qi: ['age', 'sex'], k: 3, unit: 'pid', identifying: ['pid'], hierarchies: {}, levels: {} };
    const { result } = checkCsv(text, undefined, model, 100);
    assert.equal(result.unit, 'pid');
    assert.equal(result.violatingClasses, 2);
    assert.equal(result.violatingRows, 7);
    assert.deepEqual(
      result.violations.map((v) => [v.row, v.classSize, v.units]),
      [
        [1, 5, 1],
        [2, 5, 1],
        [3, 5, 1],
        [4, 5, 1],
        [5, 5, 1],
        [9, 2, 2],
        [10, 2, 2],
      ],
    );
    // Counting rows, as without a unit, the class of 5 visits would look 3-anonymous.
    const rows = checkCsv(text, undefined, { ...model, unit: undefined }, 100).result;
    assert.deepEqual([rows.violatingClasses, rows.violatingRows, rows.unit], [1, 2, undefined]);
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

  it('proposes the lowest single-column level that lifts a class to k, least information lost first', () => {
    const { state, result } = checkCsv(visitsCsv, undefined, visitsModel, 1000);
    const fixes = generalizationFixes(state, result.violations[0].classId);
    // Hand-derived: zip → 8193* merges rows 8, 9, 15 (all 3 violations resolved); age needs `*` (level 4) to join the
    // five 41-year-olds, which leaves row 15 alone (2 resolved); sex → * keeps {34, *, 81931} at 2 rows, so no sex fix.
    // Information lost is Sweeney's precision loss level / height: zip (mask 1, 2, 3, 5 and *: height 5) at level 1
    // loses 1/5; age (intervals 5, 10, 20 and *: height 4) at level 4 loses everything, so it comes last.
    assert.deepEqual(fixes, [
      { column: 'zip', level: 1, value: '8193*', before: '81931', height: 5, lost: 0.2, resolves: 3 },
      { column: 'age', level: 4, value: '*', before: '34', height: 4, lost: 1, resolves: 2 },
    ]);
  });

  it('lists the rows of a class with their lines', () => {
    const { state, result } = checkCsv(visitsCsv, undefined, visitsModel, 1000);
    assert.deepEqual(rowsOf(state, result.violations[0].classId, 10), {
      classKey: '{age=34, sex=F, zip=81931}',
      rows: [
        { row: 8, line: 8 },
        { row: 9, line: 9 },
      ],
    });
    assert.deepEqual(rowsOf(state, 999, 10).rows, []);
  });

  it('reports an unknown quasi-identifier as a table error naming the columns', () => {
    assert.throws(
      () => checkCsv(visitsCsv, undefined, { ...visitsModel, qi: ['age', 'postcode'] }, 10),
      (e: unknown) => {
        assert.ok(e instanceof TableError);
        assert.match(e.message, /no column 'postcode'.*columns: patient_id, age, sex, zip, diagnosis/);
        return true;
      },
    );
  });

  it('reports a malformed CSV with its line', () => {
    assert.throws(
      () => checkCsv('a,b\n1,2\n3,4,5\n', undefined, { ...visitsModel, qi: ['a'] }, 10),
      (e: unknown) => {
        assert.ok(e instanceof TableError);
        assert.equal(e.line, 3);
        return true;
      },
    );
  });
});
