import { strict as assert } from 'node:assert';
import { fieldRanges, lineStarts, lineText } from '../../../extension/workers/line-index.js';

describe('extension/workers/line-index', () => {
  it('finds where every line starts, with or without a final newline', () => {
    assert.deepEqual([...lineStarts('a\nbc\n')], [0, 2, 5]);
    assert.deepEqual([...lineStarts('a\nbc')], [0, 2]);
    assert.deepEqual([...lineStarts('')], [0]);
  });

  it('returns a line without its CR LF ending', () => {
    const text = 'h1,h2\r\nx,y\r\nlast';
    const starts = lineStarts(text);
    assert.equal(lineText(text, starts, 0), 'h1,h2');
    assert.equal(lineText(text, starts, 1), 'x,y');
    assert.equal(lineText(text, starts, 2), 'last');
  });

  it('locates plain, quoted and empty fields', () => {
    // Hand-counted offsets: `P08,34,F,81931,Asthma`.
    assert.deepEqual(fieldRanges('P08,34,F,81931,Asthma', ','), [
      [0, 3],
      [4, 6],
      [7, 8],
      [9, 14],
      [15, 21],
    ]);
    // A quoted field with the delimiter and a doubled quote inside is one field.
    assert.deepEqual(fieldRanges('"a,""b""",c', ','), [
      [0, 9],
      [10, 11],
    ]);
    assert.deepEqual(fieldRanges('a;;b;', ';'), [
      [0, 1],
      [2, 2],
      [3, 4],
      [5, 5],
    ]);
    assert.deepEqual(fieldRanges('', ','), [[0, 0]]);
  });

  it('ends an unterminated quoted field at the end of the line', () => {
    assert.deepEqual(fieldRanges('x,"multi', ','), [
      [0, 1],
      [2, 8],
    ]);
  });
});
