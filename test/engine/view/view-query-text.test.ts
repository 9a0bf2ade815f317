import { strict as assert } from 'node:assert';
import { parseViewQuery, ViewQueryError } from '../../../engine/view/view-query-text.js';
import type { ViewDimension } from '../../../engine/view/view-types.js';

const dims: ViewDimension[] = [
  { kind: 'range', name: 'age', lo: 17, hi: 90 },
  { kind: 'categorical', name: 'sex', values: ['Female', 'Male'] },
  { kind: 'categorical', name: 'edu', values: ['HS', 'Some-college', 'Bachelors', 'Masters', 'Doctorate'] },
  { kind: 'categorical', name: 'marital status', values: ['Married', 'Never'] },
];

function fault(text: string): { column: number; message: string } {
  try {
    parseViewQuery(text, dims);
  } catch (e) {
    assert.ok(e instanceof ViewQueryError, String(e));
    return { column: e.column, message: e.message };
  }
  assert.fail(`expected an error for ${text}`);
}

describe('engine/view: parseViewQuery (the where-syntax of the spec language, read against a view)', () => {
  it('count alone constrains nothing (the whole domain)', () => {
    assert.deepEqual(parseViewQuery('count', dims), { conditions: [] });
  });

  it('a numeric range maps to indices from the dimension’s lower bound: age 17..90, 30..39 → 13..22', () => {
    assert.deepEqual(parseViewQuery('count where age in 30..39 and sex = "Female"', dims), {
      conditions: [
        { dimension: 0, lo: 13, hi: 22 },
        { dimension: 1, indices: [0] },
      ],
    });
  });

  it('a range is clipped to the domain and keeps the integers inside it: 10.5..17.2 → index 0..0; 95..99 is empty', () => {
    assert.deepEqual(parseViewQuery('count where age in 10.5..17.2', dims).conditions, [
      { dimension: 0, lo: 0, hi: 0 },
    ]);
    const c = parseViewQuery('count where age in 95..99', dims).conditions[0] as { lo: number; hi: number };
    assert.ok(c.lo > c.hi, 'an empty interval');
  });

  it('sets, categorical ranges in the view’s order, quoted column names, and two conditions on one column intersect', () => {
    assert.deepEqual(parseViewQuery('count where edu in {"Masters", "HS"}', dims).conditions, [
      { dimension: 2, indices: [0, 3] },
    ]);
    assert.deepEqual(parseViewQuery('count where edu in "Some-college".."Masters"', dims).conditions, [
      { dimension: 2, lo: 1, hi: 3 },
    ]);
    assert.deepEqual(parseViewQuery('count where "marital status" = "Never"', dims).conditions, [
      { dimension: 3, indices: [1] },
    ]);
    assert.deepEqual(parseViewQuery('count where age in 20..40 and age in 30..50', dims).conditions, [
      { dimension: 0, lo: 13, hi: 23 },
    ]);
    assert.deepEqual(parseViewQuery('count where age in {20, 25, 95} and age in 18..22', dims).conditions, [
      { dimension: 0, indices: [3] },
    ]);
  });

  it('errors name the column of the text at fault and the cause', () => {
    assert.deepEqual(fault('sum where age = 3'), {
      column: 1,
      message: "expected 'count' (a view answers counting queries), found 'sum'",
    });
    assert.equal(fault('count where income in 1..2').column, 13);
    assert.match(
      fault('count where income in 1..2').message,
      /'income' is not a dimension of the view \(dimensions: age, sex, edu, marital status\)/,
    );
    assert.deepEqual(fault('count where sex = "F"'), {
      column: 19,
      message: `"F" is not a value of 'sex' (values: Female, Male)`,
    });
    assert.match(fault('count where age = "old"').message, /'age' is numeric \(17\.\.90\): compare it with numbers/);
    assert.deepEqual(fault('count where age in 1..'), {
      column: 23,
      message: 'expected a number or a "string", found the end',
    });
    assert.deepEqual(fault('count where age in 1..2 or sex = "Male"'), {
      column: 25,
      message: "expected 'and' or the end, found 'or'",
    });
    assert.equal(fault('count where age ≥ 3').column, 17);
  });
});
