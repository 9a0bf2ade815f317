import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { parseCsv } from '../../../engine/table/parse-csv.js';
import { randomTable, rowsOf, toCsv } from './csv-helpers.js';

describe('parseCsv (property)', () => {
  it('gives back any table written as CSV: values, dictionaries, line numbers', () => {
    fc.assert(
      fc.property(randomTable, ({ header, rows, delimiter, lineEnd, finalLineEnd, quoteSeed }) => {
        const text = toCsv([header, ...rows], delimiter, lineEnd, (r, j) => ((r * 31 + j) ^ quoteSeed) % 3 === 0) + (finalLineEnd ? lineEnd : '');
        const t = parseCsv(text, { delimiter });
        assert.deepEqual(rowsOf(t), [header, ...rows]);
        // Every dictionary holds distinct values in order of first appearance.
        t.columns.forEach((c, j) => assert.deepEqual(c.dictionary, [...new Set(rows.map((row) => row[j]))]));
        // A record starts one line after the previous one plus the line breaks inside its quoted fields.
        let line = 1 + lineBreaks(header);
        rows.forEach((row, r) => {
          line += 1;
          assert.equal(t.rowLines![r], line);
          line += lineBreaks(row);
        });
      }),
      { numRuns: 300 },
    );
  });
});

/** Line breaks inside a record's values, counted as editors count them (CRLF once). */
function lineBreaks(row: readonly string[]): number {
  return row.reduce((n, v) => n + (v.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
}
