import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { readCsvCells } from '../../../../../engine/host/sources/csv/read-csv-cells.js';
import { readCsvFile } from '../../../../../engine/host/sources/csv/read-csv-file.js';
import type { CellBatch } from '../../../../../engine/table/csv-record-parser.js';
import { TableError } from '../../../../../engine/table/table.js';
import { randomTable, rowsOf, toCsv, xorshift } from '../../../table/csv-helpers.js';

// The streamed reader of raw cells (issue 40: `privspec estimate` of 1 M reports without a dictionary of a million
// strings) against the table reader it shares its scanner with: the same cells, lines and errors, in batches.

/** Rows with quotes (escaped and not), delimiters, line breaks inside quotes, unicode and empty cells. */
function randomRows(count: number, seed: number): string[][] {
  const rnd = xorshift(seed);
  const words = ['Ann', 'Zoë', '東京', 'a,b', 'say "hi"', '', '😀', '"', 'x\ny', 'p\r\nq', '5\'10"'];
  const pick = () => words[Math.floor(rnd() * words.length)];
  const rows: string[][] = [['id', 'name', 'note']];
  for (let r = 0; r < count; r++) rows.push([String(r), pick(), Array.from({ length: 1 + (r % 40) }, pick).join(' ')]);
  return rows;
}

/** Every cell the reader hands over, decoded, with each record's line and the largest batch. */
async function cellsOf(path: string, options: Parameters<typeof readCsvCells>[1] = {}) {
  const rows: string[][] = [];
  const lines: number[] = [];
  let largest = 0;
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  const result = await readCsvCells(path, options, (batch: CellBatch) => {
    largest = Math.max(largest, batch.rows);
    for (let r = 0; r < batch.rows; r++) {
      rows.push(batch.starts.map((s, f) => decoder.decode(batch.bytes.subarray(s[r], batch.ends[f][r]))));
      lines.push(batch.rowLines[r]);
    }
  });
  return { ...result, rows, lines, largest };
}

describe('readCsvCells', function () {
  this.timeout(120000);
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'privspec-csv-cells-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, content: string | Uint8Array) => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };

  it('hands over the cells and lines readCsvFile reads, in batches, across chunks of the file', async () => {
    // Over 1 MiB (the reader's chunk), so that records straddle chunks; over 4,096 rows (a batch), so that they
    // straddle batches; a byte-order mark and CRLF line ends.
    const text = `\uFEFF${toCsv(randomRows(12000, 3), ';', '\r\n')}`;
    const path = write('cells.csv', text);
    assert.ok(statSync(path).size > 1 << 20, `${statSync(path).size} bytes`);
    const table = await readCsvFile(path, { workers: 1 });
    const read = await cellsOf(path);
    assert.deepEqual(read.names, ['id', 'name', 'note']);
    assert.equal(read.rows.length, table.rowCount);
    assert.equal(read.rows.length, 12000);
    assert.deepEqual(read.rows, rowsOf(table).slice(1));
    assert.deepEqual(read.lines, Array.from(table.rowLines!));
    // Memory holds one batch: never more rows than that at once.
    assert.ok(read.largest <= 4096, String(read.largest));
    // Only the columns asked for, in file order.
    const some = await cellsOf(path, { columns: ['note', 'id'] });
    assert.deepEqual(some.names, ['id', 'note']);
    assert.deepEqual(
      some.rows,
      read.rows.map((r) => [r[0], r[2]]),
    );
  });

  it('gives back random tables (property)', async () => {
    await fc.assert(
      fc.asyncProperty(randomTable, async ({ header, rows, delimiter, lineEnd, finalLineEnd }) => {
        const text = toCsv([header, ...rows], delimiter, lineEnd) + (finalLineEnd ? lineEnd : '');
        const path = write('property.csv', text);
        const read = await cellsOf(path, { delimiter });
        assert.deepEqual([read.names, ...read.rows], rowsOf(await readCsvFile(path, { delimiter, workers: 1 })));
      }),
      { numRuns: 20 },
    );
  });

  it('refuses a ragged record and a cell that is not UTF-8 as readCsvFile does, after the records before them', async () => {
    const body = Array.from({ length: 5000 }, (_, r) => `${r},x`).join('\n');
    const same = async (path: string) => {
      const expected = await readCsvFile(path).then(
        () => assert.fail('the file reads'),
        (e: unknown) => e as TableError,
      );
      let delivered = 0;
      await assert.rejects(
        readCsvCells(path, {}, (batch) => (delivered += batch.rows)),
        (e: unknown) =>
          e instanceof TableError && e.file === path && e.line === expected.line && e.message === expected.message,
      );
      return { line: expected.line, message: expected.message, delivered };
    };
    const ragged = await same(write('ragged.csv', `a,b\n${body}\n1,2,3\n4,y\n`));
    assert.equal(ragged.line, 5002);
    assert.match(ragged.message, /ragged row/);
    assert.equal(ragged.delivered, 5000);
    const bytes = Buffer.concat([Buffer.from(`a,b\n${body}\n7,`), Buffer.from([0xe2, 0x82]), Buffer.from('\n8,y\n')]);
    const invalid = await same(write('invalid.csv', bytes));
    assert.equal(invalid.line, 5002);
    assert.match(invalid.message, /invalid UTF-8 in column 'b' \(field 2\)/);
    // The invalid cell comes before a ragged record further on: it is the one refused, as the table reader refuses it.
    const both = Buffer.concat([bytes, Buffer.from('1,2,3\n')]);
    assert.equal((await same(write('both.csv', both))).line, 5002);
    // An escaped quote unescaped where it lies leaves a tail that is no character; the cells are still UTF-8.
    const escaped = write('escaped.csv', `a,b\n1,"€""€"\n2,"""é"\n`);
    assert.deepEqual((await cellsOf(escaped)).rows, [
      ['1', '€"€'],
      ['2', '"é'],
    ]);
    // A review's case: three quotes, then E2 82 (a cut '€'), then a quote. Unescaped in place, the cell is a quote and
    // E2 82, and the byte left behind it was 82, which completed E2 82 82 in the batch's bytes: the batch passed whole
    // and the cell was handed over. It is refused, as the table reader refuses it.
    const cut = Buffer.concat([Buffer.from('a,b\n1,"""'), Buffer.from([0xe2, 0x82]), Buffer.from('"\n2,x\n')]);
    const refused = await same(write('cut-after-escape.csv', cut));
    assert.equal(refused.line, 2);
    assert.match(refused.message, /invalid UTF-8 in column 'b' \(field 2\)/);
  });
});
