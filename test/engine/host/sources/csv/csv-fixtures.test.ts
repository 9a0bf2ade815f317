import { strict as assert } from 'node:assert';
import { readCsvFile } from '../../../../../engine/host/sources/csv/read-csv-file.js';
import { TableError } from '../../../../../engine/table/table.js';
import { rowsOf } from '../../../table/csv-helpers.js';

// Small files written byte by byte (printf), for what strings in tests cannot show: a BOM, CRLF, Latin-1 bytes.
const fixture = (name: string) => `test/fixtures/csv/${name}`;

describe('readCsvFile on fixtures', () => {
  it('reads a BOM, CRLF, semicolons and quoted line breaks', async () => {
    const t = await readCsvFile(fixture('bom-crlf-semicolon.csv'));
    assert.equal(t.delimiter, ';');
    assert.deepEqual(rowsOf(t), [
      ['name', 'city', 'note'],
      ['Ann', 'Köln', 'two\r\nlines'],
      ['Bob', 'Zürich; CH', ''],
    ]);
    assert.deepEqual([...t.rowLines!], [2, 4]);
  });

  it('reads tabs and a last record without a line break', async () => {
    const t = await readCsvFile(fixture('tab-no-final-newline.csv'));
    assert.equal(t.delimiter, '\t');
    assert.deepEqual(rowsOf(t), [
      ['id', 'value'],
      ['1', 'a\tb'],
      ['2', ''],
      ['3', 'plain'],
    ]);
  });

  const failures: [string, number, RegExp][] = [
    ['ragged-pipe.csv', 3, /ragged row: expected 3 fields, found 2/],
    ['unclosed-quote.csv', 2, /unclosed quote/],
    ['latin1.csv', 3, /invalid UTF-8 in column 'b'/],
  ];
  for (const [name, line, message] of failures) {
    it(`reports ${name} at line ${line}`, async () => {
      await assert.rejects(
        readCsvFile(fixture(name)),
        (e: unknown) =>
          e instanceof TableError && e.file === fixture(name) && e.line === line && message.test(e.message),
      );
    });
  }
});
