import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { ByteDictionary } from '../../../engine/table/byte-dictionary.js';
import { CsvRecordParser } from '../../../engine/table/csv-record-parser.js';
import { parseCsv } from '../../../engine/table/parse-csv.js';
import { randomTable, rowsOf, toCsv } from './csv-helpers.js';

describe('parseCsv (property)', function () {
  // Hundreds of random tables; generous for a busy machine.
  this.timeout(30000);
  it('gives back any table written as CSV: values, dictionaries, line numbers', () => {
    fc.assert(
      fc.property(randomTable, ({ header, rows, delimiter, lineEnd, finalLineEnd, quoteSeed }) => {
        const text =
          toCsv([header, ...rows], delimiter, lineEnd, (r, j) => ((r * 31 + j) ^ quoteSeed) % 3 === 0) +
          (finalLineEnd ? lineEnd : '');
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

describe('CsvRecordParser fed in pieces (property)', function () {
  this.timeout(30000);
  it('gives the same codes, dictionaries and lines whatever the chunk boundaries', () => {
    fc.assert(
      fc.property(
        randomTable,
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 20 }),
        ({ header, rows, delimiter, lineEnd, finalLineEnd }, sizes) => {
          const text = toCsv([header, ...rows], delimiter, lineEnd) + (finalLineEnd ? lineEnd : '');
          const bytes = new TextEncoder().encode(text);
          const options = { delimiter: delimiter.charCodeAt(0), fieldCount: -1, firstLine: 1 };
          const whole = new CsvRecordParser(options, bytes);
          whole.parse(true);
          // Feed the same bytes a few at a time, as a file reader does with chunks, cutting records anywhere.
          const pieces = new CsvRecordParser({ ...options, expectedRows: 1 }, new Uint8Array(0));
          for (let at = 0, k = 0; at < bytes.length; k++) {
            const n = Math.min(sizes[k % sizes.length], bytes.length - at);
            pieces.reserve(n);
            pieces.buffer.set(bytes.subarray(at, at + n), pieces.filled);
            pieces.filled += n;
            at += n;
            pieces.parse(false);
          }
          pieces.parse(true);
          const [a, b] = [whole.result(), pieces.result()];
          assert.equal(b.rows, a.rows);
          assert.equal(b.endLine, a.endLine);
          assert.deepEqual(b.rowLines.subarray(0, b.rows), a.rowLines.subarray(0, a.rows));
          a.codes.forEach((codes, j) => assert.deepEqual(b.codes[j].subarray(0, b.rows), codes.subarray(0, a.rows)));
          a.dictionaries.forEach((d, j) =>
            assert.deepEqual(new ByteDictionary(b.dictionaries[j]).decode(), new ByteDictionary(d).decode()),
          );
        },
      ),
      { numRuns: 120 },
    );
  });
});
