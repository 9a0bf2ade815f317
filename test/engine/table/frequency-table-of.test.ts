import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import {
  frequencyColumn,
  frequencyTableOf,
  rowFrequencyTable,
  weightedValueCounts,
} from '../../../engine/table/frequency-table-of.js';
import { tableFromRows, TableError } from '../../../engine/table/table.js';

describe('frequencyTableOf: distinct records of chosen columns with their row counts', () => {
  const table = tableFromRows(
    ['age', 'sex', 'zip', 'name'],
    [
      ['34', 'F', '101', 'Ann'],
      ['45', 'M', '102', 'Bob'],
      ['34', 'F', '101', 'Cid'],
      ['34', 'M', '101', 'Dee'],
      ['45', 'M', '102', 'Eve'],
      ['34', 'F', '101', 'Fay'],
    ],
    'people.csv',
  );

  it('groups by the chosen columns only, in order of first occurrence, with the table’s dictionaries (hand-worked)', () => {
    // Over (age, sex): (34, F) rows 1, 3, 6; (45, M) rows 2, 5; (34, M) row 4. The name column is not read.
    const f = frequencyTableOf(table, ['age', 'sex']);
    assert.equal(f.count, 3);
    assert.equal(f.rowCount, 6);
    assert.deepEqual(
      f.columns.map((c) => c.name),
      ['age', 'sex'],
    );
    assert.deepEqual(f.columns[0].dictionary, ['34', '45']);
    assert.deepEqual(
      f.codes.map((c) => Array.from(c)),
      [
        [0, 1, 0],
        [0, 1, 1],
      ],
    );
    assert.deepEqual(Array.from(f.weights), [3, 2, 1]);
    assert.equal(f.source, 'people.csv');
    assert.deepEqual(Array.from(weightedValueCounts(f, 'sex')), [3, 3]);
    assert.deepEqual(Array.from(frequencyColumn(f, 'age').weights!), [3, 2, 1]);
  });

  it('names the missing column and the columns there are', () => {
    assert.throws(
      () => frequencyTableOf(table, ['age', 'postcode']),
      (e: unknown) =>
        e instanceof TableError &&
        /no column 'postcode' in people.csv \(columns: age, sex, zip, name\)/.test(e.message),
    );
  });

  it('gives one record for no columns or a constant column, and none for no rows', () => {
    assert.deepEqual(Array.from(frequencyTableOf(table, []).weights), [6]);
    assert.deepEqual(Array.from(frequencyTableOf(tableFromRows(['c'], [['x'], ['x']]), ['c']).weights), [2]);
    assert.equal(frequencyTableOf(tableFromRows(['c'], []), ['c']).count, 0);
  });

  it('keeps keys exact beyond 2^53: sixty columns of two values each (property against string keys)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 60, maxLength: 60 }), {
          minLength: 1,
          maxLength: 40,
        }),
        (raw) => {
          const header = raw[0].map((_, j) => `c${j}`);
          const t = tableFromRows(
            header,
            raw.map((r) => r.map(String)),
          );
          const f = frequencyTableOf(t, header);
          // The reference: string keys of each row, first occurrence order.
          const expected = new Map<string, number>();
          for (const r of raw) expected.set(r.join(','), (expected.get(r.join(',')) ?? 0) + 1);
          assert.equal(f.count, expected.size);
          const got = Array.from({ length: f.count }, (_, i) => [
            f.columns.map((c, j) => c.dictionary[f.codes[j][i]]).join(','),
            f.weights[i],
          ]);
          assert.deepEqual(got, [...expected.entries()]);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('rowFrequencyTable gives every row as a record of weight 1, sharing the table’s codes', () => {
    const r = rowFrequencyTable(table, ['age', 'age', 'zip']);
    assert.equal(r.count, 6);
    assert.deepEqual(
      r.columns.map((c) => c.name),
      ['age', 'zip'],
    );
    assert.equal(r.codes[0], table.columns[0].codes);
    assert.deepEqual(Array.from(r.weights), [1, 1, 1, 1, 1, 1]);
  });
});
