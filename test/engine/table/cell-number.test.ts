import { strict as assert } from 'node:assert';
import { cellNumber, CELL_NUMBER_PATTERN } from '../../../engine/table/cell-number.js';

// Issue 26 (second review): one cell, one number, on every engine. The in-memory path read cells with Number(), which
// also takes hexadecimal, binary and octal literals and tab padding, where every SQL dialect's cast reads no number.
describe('a cell read as a number, as every SQL dialect reads it', () => {
  it('decimal numbers with sign, fraction and exponent, and ±Infinity, after trimming spaces', () => {
    const cases: [string, number][] = [
      ['42', 42],
      [' 42 ', 42],
      ['-3', -3],
      ['+5', 5],
      ['5.', 5],
      ['.5', 0.5],
      ['-.5', -0.5],
      ['1e3', 1000],
      ['2.5E-1', 0.25],
      ['Infinity', Infinity],
      ['-Infinity', -Infinity],
      ['007', 7],
    ];
    for (const [cell, x] of cases) assert.equal(cellNumber(cell), x, JSON.stringify(cell));
  });

  it('no number: blank, hexadecimal, binary, octal, tab padding, thousands separators, NaN, text', () => {
    for (const cell of [
      '',
      '   ',
      '0x10',
      '0b11',
      '0o7',
      '\t5',
      '5\n',
      '1,000',
      '1_000',
      'NaN',
      'abc',
      '.',
      '+',
      'e5',
      '1e',
      'infinity',
    ])
      assert.ok(Number.isNaN(cellNumber(cell)), JSON.stringify(cell));
    // Number() alone would have read these (the difference this file removes).
    assert.equal(Number('0x10'), 16);
    assert.equal(Number('\t5'), 5);
  });

  it('is the pattern the SQL dialects use', () => {
    assert.equal(new RegExp(CELL_NUMBER_PATTERN).test('1e3'), true);
    assert.equal(CELL_NUMBER_PATTERN.includes('\\'), false, 'no backslash: the same in RE2, PostgreSQL and Java');
  });
});
