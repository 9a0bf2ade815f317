import { strict as assert } from 'node:assert';
import { parseCsv, parseCsvBytes } from '../../../engine/table/parse-csv.js';
import { TableError } from '../../../engine/table/table.js';
import { rowsOf } from './csv-helpers.js';

function error(text: string, options: Parameters<typeof parseCsv>[1] = {}): TableError {
  try {
    parseCsv(text, { source: 'in.csv', ...options });
  } catch (e) {
    assert.ok(e instanceof TableError, `expected a TableError, got ${String(e)}`);
    return e;
  }
  assert.fail('expected an error');
}

describe('parseCsv', () => {
  it('reads a header and records into dictionary-encoded columns', () => {
    const t = parseCsv('age,sex\n30,F\n40,M\n30,M\n');
    assert.deepEqual(rowsOf(t), [
      ['age', 'sex'],
      ['30', 'F'],
      ['40', 'M'],
      ['30', 'M'],
    ]);
    assert.equal(t.rowCount, 3);
    // Dictionaries hold distinct values in order of first appearance.
    assert.deepEqual(t.columns[0].dictionary, ['30', '40']);
    assert.deepEqual([...t.columns[0].codes], [0, 1, 0]);
    assert.deepEqual([...t.rowLines!], [2, 3, 4]);
    assert.equal(t.delimiter, ',');
  });

  it('reads quoted fields, doubled quotes and delimiters inside quotes', () => {
    const t = parseCsv('a,b\n"x,y","say ""hi"""\n"",plain\n');
    assert.deepEqual(rowsOf(t), [
      ['a', 'b'],
      ['x,y', 'say "hi"'],
      ['', 'plain'],
    ]);
  });

  it('keeps line breaks inside quoted fields and numbers records by the line they start on', () => {
    const t = parseCsv('id,note\n1,"two\nlines"\n2,"three\r\nmore\nlines"\n3,x\n');
    assert.deepEqual(rowsOf(t).slice(1), [
      ['1', 'two\nlines'],
      ['2', 'three\r\nmore\nlines'],
      ['3', 'x'],
    ]);
    assert.deepEqual([...t.rowLines!], [2, 4, 7]);
  });

  it('accepts LF, CRLF, lone CR and a mix of them', () => {
    for (const text of ['a,b\n1,2\n3,4\n', 'a,b\r\n1,2\r\n3,4\r\n', 'a,b\r1,2\r3,4\r', 'a,b\r\n1,2\n3,4\r']) {
      const t = parseCsv(text);
      assert.deepEqual(
        rowsOf(t),
        [
          ['a', 'b'],
          ['1', '2'],
          ['3', '4'],
        ],
        JSON.stringify(text),
      );
      assert.deepEqual([...t.rowLines!], [2, 3], JSON.stringify(text));
    }
  });

  it('reads the last record with or without a final line break', () => {
    assert.deepEqual(rowsOf(parseCsv('a,b\n1,2')), [
      ['a', 'b'],
      ['1', '2'],
    ]);
    assert.deepEqual(rowsOf(parseCsv('a,b\n1,2\n')), [
      ['a', 'b'],
      ['1', '2'],
    ]);
    assert.deepEqual(rowsOf(parseCsv('a,b\n1,"2"')), [
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('drops a UTF-8 byte-order mark before the header', () => {
    const t = parseCsv('\uFEFFname;city\nAnn;Köln\n');
    assert.deepEqual(rowsOf(t), [
      ['name', 'city'],
      ['Ann', 'Köln'],
    ]);
  });

  it('reads empty fields, trailing delimiters and skips blank lines', () => {
    const t = parseCsv('a,b,c\n,,\n1,,3\n\n\r\n4,5,\n');
    assert.deepEqual(rowsOf(t).slice(1), [
      ['', '', ''],
      ['1', '', '3'],
      ['4', '5', ''],
    ]);
    assert.deepEqual([...t.rowLines!], [2, 3, 6]);
  });

  it('gives an empty table for an empty file and no rows for a header alone', () => {
    const empty = parseCsv('');
    assert.equal(empty.columns.length, 0);
    assert.equal(empty.rowCount, 0);
    const headerOnly = parseCsv('a,b,c\n');
    assert.deepEqual(
      headerOnly.columns.map((c) => c.name),
      ['a', 'b', 'c'],
    );
    assert.equal(headerOnly.rowCount, 0);
  });

  it('reads each supported delimiter, given or detected', () => {
    for (const d of [',', ';', '\t', '|']) {
      const text = ['x', 'y', 'z'].join(d) + '\n' + ['1', '"2' + d + '2"', '3'].join(d) + '\n';
      const expected = [
        ['x', 'y', 'z'],
        ['1', '2' + d + '2', '3'],
      ];
      assert.deepEqual(rowsOf(parseCsv(text, { delimiter: d })), expected, JSON.stringify(d));
      const detected = parseCsv(text);
      assert.equal(detected.delimiter, d);
      assert.deepEqual(rowsOf(detected), expected, JSON.stringify(d));
    }
  });

  it('names columns column1, column2, … without a header', () => {
    const t = parseCsv('1;2\n3;4\n', { header: false });
    assert.deepEqual(rowsOf(t), [
      ['column1', 'column2'],
      ['1', '2'],
      ['3', '4'],
    ]);
    assert.deepEqual([...t.rowLines!], [1, 2]);
  });

  it('keeps quotes inside unquoted fields as data and unicode as is', () => {
    const t = parseCsv('h,w\n5\'10",ü😀\n');
    assert.deepEqual(rowsOf(t).slice(1), [['5\'10"', 'ü😀']]);
  });

  it('reports a ragged row with its line and both field counts', () => {
    const e = error('a,b,c\n1,2,3\n"x\ny",2\n');
    assert.equal(e.file, 'in.csv');
    assert.equal(e.line, 3);
    assert.match(e.message, /expected 3 fields, found 2/);
    const tooMany = error('a,b\n1,2\n1,2,3\n');
    assert.equal(tooMany.line, 3);
    assert.match(tooMany.message, /expected 2 fields, found 3/);
  });

  it('reports an unclosed quote at the line where the quote opens', () => {
    const e = error('a,b\n1,2\n3,"open\nstill open\n4,5\n');
    assert.equal(e.line, 3);
    assert.match(e.message, /unclosed quote/);
  });

  it('reports text after a closing quote', () => {
    const e = error('a,b\n1,"2"x\n');
    assert.equal(e.line, 2);
    assert.match(e.message, /unexpected 'x' after the closing quote of field 2/);
  });

  it('keeps numbers apart from other spellings of them', () => {
    // Canonical integers below a million take a faster path than other values; both must meet in one dictionary.
    const values = [
      '7',
      '007',
      '7.0',
      '0',
      '00',
      '-7',
      '999999',
      '1000000',
      ' 7',
      '7',
      '0',
      '1000000',
      '123456',
      '12345a',
    ];
    const t = parseCsv('n\n' + values.join('\n'));
    assert.deepEqual(rowsOf(t).slice(1).flat(), values);
    assert.deepEqual(t.columns[0].dictionary, [...new Set(values)]);
  });

  it('keeps every row when the row arrays grow past their first size', () => {
    // 5,000 short records: the parser allocates ~1,250 rows first and doubles three times.
    const rows = Array.from({ length: 5000 }, (_, r) => [String(r % 7), String(r)]);
    const t = parseCsv('a,b\n' + rows.map((r) => r.join(',')).join('\n'));
    assert.deepEqual(rowsOf(t).slice(1), rows);
    assert.equal(t.rowLines![4999], 5001);
  });

  it('encodes only the columns asked for, still checking every record', () => {
    const t = parseCsv('a,b,c\n1,x,"p\nq"\n2,y,r\n', { columns: ['c', 'a'] });
    // File order is kept whatever the order asked for.
    assert.deepEqual(rowsOf(t), [
      ['a', 'c'],
      ['1', 'p\nq'],
      ['2', 'r'],
    ]);
    assert.deepEqual([...t.rowLines!], [2, 4]);
    assert.match(error('a,b,c\n1,2\n', { columns: ['a'] }).message, /expected 3 fields, found 2/);
    const unknown = error('a,b\n1,2\n', { columns: ['a', 'zip'] });
    assert.equal(unknown.message, "no column 'zip' in in.csv (columns: a, b)");
  });

  it('rejects a delimiter that is not one ASCII character', () => {
    assert.match(error('a,b\n', { delimiter: '::' }).message, /unsupported delimiter/);
    assert.match(error('a,b\n', { delimiter: '"' }).message, /unsupported delimiter/);
  });
});

describe('parseCsvBytes', () => {
  const utf8 = (s: string) => new TextEncoder().encode(s);
  const concat = (...parts: Uint8Array[]) => {
    const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  };

  it('reports invalid UTF-8 with the line of its first appearance and the column', () => {
    // 0xC3 starts a two-byte sequence; a delimiter cannot continue it.
    const bytes = concat(utf8('a,b\n1,x\n2,"y\nz"\n3,'), new Uint8Array([0xc3]), utf8('\n4,x\n'));
    assert.throws(
      () => parseCsvBytes(bytes, { source: 'bad.csv' }),
      (e: unknown) =>
        e instanceof TableError &&
        e.file === 'bad.csv' &&
        e.line === 5 &&
        /invalid UTF-8 in column 'b'/.test(e.message),
    );
  });

  it('does not join two values into one valid UTF-8 sequence', () => {
    // "é" is C3 A9; split across two fields each half is invalid.
    const bytes = concat(utf8('a,b\n'), new Uint8Array([0xc3, 0x2c, 0xa9]), utf8('\n'));
    assert.throws(
      () => parseCsvBytes(bytes),
      (e: unknown) => e instanceof TableError && e.line === 2,
    );
  });

  it('reports the earlier of a ragged row and invalid UTF-8', () => {
    const bytes = concat(utf8('a,b\n1,'), new Uint8Array([0xff]), utf8('\n1,2,3\n'));
    assert.throws(
      () => parseCsvBytes(bytes),
      (e: unknown) => e instanceof TableError && e.line === 2 && /UTF-8/.test(e.message),
    );
    const later = concat(utf8('a,b\n1,2,3\n1,'), new Uint8Array([0xff]), utf8('\n'));
    assert.throws(
      () => parseCsvBytes(later),
      (e: unknown) => e instanceof TableError && e.line === 2 && /ragged/.test(e.message),
    );
  });

  it('rejects invalid UTF-8 in the header', () => {
    const bytes = concat(new Uint8Array([0x61, 0xfe]), utf8(',b\n1,2\n'));
    assert.throws(
      () => parseCsvBytes(bytes),
      (e: unknown) => e instanceof TableError && e.line === 1 && /header/.test(e.message),
    );
  });
});
