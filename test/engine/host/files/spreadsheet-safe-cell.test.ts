import { strict as assert } from 'node:assert';
import { csvField, formatCsv } from '../../../../engine/host/files/write-csv.js';
import {
  fromSpreadsheetSafe,
  isFormulaLike,
  spreadsheetSafe,
} from '../../../../engine/host/files/spreadsheet-safe-cell.js';
import { parseCsv } from '../../../../engine/table/parse-csv.js';

// Issue 36 item 7: `synthesize` (and every released file) wrote `=cmd|…` cells unchanged, which a spreadsheet runs as
// a formula. OWASP's CSV-injection guidance (https://owasp.org/www-community/attacks/CSV_Injection): prefix a cell that
// starts with =, +, -, @, tab or carriage return with a single quote and quote the cell. Plain numbers stay numbers.

describe('spreadsheet-safe CSV cells (OWASP CSV injection)', () => {
  it("writes OWASP's example payloads as quoted text behind a single quote", () => {
    assert.equal(csvField("=cmd|' /C calc'!A0"), `"'=cmd|' /C calc'!A0"`);
    assert.equal(csvField('@SUM(1+1)'), `"'@SUM(1+1)"`);
    assert.equal(csvField('+A1'), `"'+A1"`);
    assert.equal(csvField('-2+3'), `"'-2+3"`);
    assert.equal(csvField('=HYPERLINK("http://x","y")'), `"'=HYPERLINK(""http://x"",""y"")"`);
    assert.equal(csvField('\t=1'), `"'\t=1"`);
    assert.equal(csvField('\r=1'), `"'\r=1"`);
    assert.equal(csvField('=a,b'), `"'=a,b"`);
    assert.equal(csvField('=x', ';'), `"'=x"`);
  });

  it('leaves plain numbers, and cells that only contain the characters later, as they were', () => {
    for (const n of ['-3', '+1', '-0.5', '+.5', '-2e-7', '1E+30', '42', '3.'])
      assert.equal(csvField(n), n, `${n} is a number`);
    assert.equal(csvField('a=b'), 'a=b');
    assert.equal(csvField('x@y.z'), 'x@y.z');
    assert.equal(csvField('[20, 30['), '"[20, 30["');
    assert.equal(csvField('*'), '*');
    assert.equal(csvField(''), '');
    assert.equal(isFormulaLike('-'), true, 'a lone minus is no number');
    assert.equal(isFormulaLike('-Infinity'), true);
    assert.equal(isFormulaLike('- 3'), true);
  });

  it('round-trips: parsing the file and undoing the prefix gives the values back; a header cell is guarded too', () => {
    const values = ["=cmd|' /C calc'!A0", '-3', '@x', 'plain', "'quoted", "'=already"];
    const text = formatCsv(
      ['=h', 'v'],
      values.map((v, i) => [String(i), v]),
    );
    assert.equal(text.split('\n')[0], `"'=h",v`);
    const table = parseCsv(text, { delimiter: ',' });
    assert.deepEqual(table.columns[1].dictionary.map(fromSpreadsheetSafe), values);
    // A value that already held a quote before a formula gets one more, and reads back as it was.
    assert.equal(csvField("'=already"), `"''=already"`);
    // A cell that starts with a quote and is not formula-like after it is left alone by the reader.
    assert.equal(fromSpreadsheetSafe("'quoted"), "'quoted");
    assert.equal(fromSpreadsheetSafe("'-3"), "'-3");
    assert.equal(spreadsheetSafe('-3'), '-3');
  });
});
