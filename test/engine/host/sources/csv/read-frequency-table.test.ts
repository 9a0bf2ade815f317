import { strict as assert } from 'node:assert';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { readCsvFile, type ReadCsvOptions } from '../../../../../engine/host/sources/csv/read-csv-file.js';
import { readFrequencyTable } from '../../../../../engine/host/sources/csv/read-frequency-table.js';
import { frequencyTableOf } from '../../../../../engine/table/frequency-table-of.js';
import { TableError } from '../../../../../engine/table/table.js';
import { skipOrFail } from '../../../../helpers/adult.js';
import { randomTable, toCsv, xorshift } from '../../../table/csv-helpers.js';

const adultDir = process.env.PRIVSPEC_ADULT_DIR ?? resolve('../shared/data/adult');
const fixture = (name: string) => `test/fixtures/csv/${name}`;

/** Rows with numbers, unicode, quotes, delimiters and multi-line quoted notes (as in read-csv-file.test.ts). */
function randomRows(count: number, seed: number, quotedLines: number, distinctIds = count): string[][] {
  const rnd = xorshift(seed);
  const words = ['Ann', 'Bob', 'Zoë', '東京', 'a,b', 'say "hi"', '', 'x;y', '😀', 'tab\there'];
  const rows: string[][] = [['id', 'name', 'age', 'note']];
  for (let r = 0; r < count; r++) {
    const lines = Math.floor(rnd() * (quotedLines + 1));
    const note = Array.from({ length: lines + 1 }, () => words[Math.floor(rnd() * words.length)]).join(
      rnd() < 0.5 ? '\n' : '\r\n',
    );
    rows.push([
      String(r % distinctIds),
      words[Math.floor(rnd() * words.length)],
      String(Math.floor(rnd() * 100)),
      note,
    ]);
  }
  return rows;
}

/**
 * The frequency table read in one pass equals the per-row table grouped by its columns, on one thread and on several:
 * same columns, dictionaries, distinct records in order of first appearance, counts and row count.
 */
async function assertSameAsGrouping(
  path: string,
  columns: readonly string[],
  options: ReadCsvOptions = {},
): Promise<void> {
  const table = await readCsvFile(path, { ...options, columns, workers: 1 });
  const expected = frequencyTableOf(
    table,
    table.columns.map((c) => c.name),
  );
  for (const workers of [1, 2, 3]) {
    const actual = await readFrequencyTable(path, columns, { ...options, workers });
    assert.deepEqual(actual, { ...expected, source: path }, `${path} on ${workers} threads`);
  }
}

/** Both readers fail on the same input with the same file, line and message. */
async function assertSameError(path: string, columns?: readonly string[]): Promise<TableError> {
  let expected: TableError | undefined;
  try {
    await readCsvFile(path, { columns, workers: 1 });
  } catch (e) {
    expected = e as TableError;
  }
  assert.ok(expected instanceof TableError, `${path} reads without error`);
  const names = columns ?? (await readFirstLine(path)).split(/[,;|\t]/);
  for (const workers of [1, 2]) {
    await assert.rejects(readFrequencyTable(path, names, { workers }), (e: unknown) => {
      assert.ok(e instanceof TableError);
      assert.deepEqual([e.file, e.line, e.message], [expected.file, expected.line, expected.message]);
      return true;
    });
  }
  return expected;
}

async function readFirstLine(path: string): Promise<string> {
  return (await readFile(path, 'latin1')).split(/\r?\n/)[0];
}

describe('readFrequencyTable', function () {
  this.timeout(120000);
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'privspec-freq-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, content: string | Uint8Array) => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };

  it('equals grouping the per-row table, with quoted fields, CRLF, multi-byte UTF-8 and splits inside quotes', async () => {
    for (const [name, quotedLines] of [
      ['short', 1],
      ['long', 40],
    ] as const) {
      const path = write(`${name}.csv`, toCsv(randomRows(3000, name.length, quotedLines, 300), ',', '\r\n'));
      await assertSameAsGrouping(path, ['name', 'age']);
      await assertSameAsGrouping(path, ['note', 'name']);
      // Thousands of distinct records over four columns: the counter leaves its dense array for the hash table.
      await assertSameAsGrouping(path, ['id', 'name', 'age', 'note']);
    }
  });

  it('equals grouping on the fixtures (a BOM, CRLF, semicolons, tabs, no final line break)', async () => {
    await assertSameAsGrouping(fixture('bom-crlf-semicolon.csv'), ['name', 'city', 'note']);
    await assertSameAsGrouping(fixture('bom-crlf-semicolon.csv'), ['city']);
    await assertSameAsGrouping(fixture('tab-no-final-newline.csv'), ['value']);
  });

  it('equals grouping Adult, on its quasi-identifiers and on all nine columns', async function () {
    const path = join(adultDir, 'adult.csv');
    if (!existsSync(path)) skipOrFail(this, `no ${path}; set PRIVSPEC_ADULT_DIR to Adult's folder`);
    await assertSameAsGrouping(path, ['age', 'sex', 'race']);
    await assertSameAsGrouping(path, [
      'sex',
      'age',
      'race',
      'marital-status',
      'education',
      'native-country',
      'workclass',
      'occupation',
      'salary-class',
    ]);
    const adult = await readFrequencyTable(path, ['age', 'sex', 'race']);
    assert.equal(adult.rowCount, 30162);
    assert.equal(
      adult.weights.reduce((s, w) => s + w, 0),
      30162,
    );
  });

  it('equals grouping random tables (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        randomTable,
        fc.integer({ min: 0, max: 31 }),
        async ({ header, rows, delimiter, lineEnd, finalLineEnd }, pick) => {
          const path = write(
            'property.csv',
            toCsv([header, ...rows], delimiter, lineEnd) + (finalLineEnd ? lineEnd : ''),
          );
          const columns = header.filter((_, j) => ((pick >> j) & 1) === 1);
          await assertSameAsGrouping(path, columns, { delimiter });
        },
      ),
      { numRuns: 8 },
    );
  });

  it('counts rows, not lines, and an empty selection as one record', async () => {
    const path = write('blank.csv', 'a,b\n1,x\n\n1,x\n"2",y\n');
    const f = await readFrequencyTable(path, ['a', 'b']);
    assert.deepEqual([f.count, [...f.weights], f.rowCount], [2, [2, 1], 3]);
    assert.deepEqual(
      f.columns.map((c) => c.dictionary),
      [
        ['1', '2'],
        ['x', 'y'],
      ],
    );
    const none = await readFrequencyTable(path, []);
    assert.deepEqual([none.count, [...none.weights], none.rowCount], [1, [3], 3]);
  });

  it('reports malformed input as the per-row reader does: file, line and message', async () => {
    for (const name of ['ragged-pipe.csv', 'unclosed-quote.csv', 'latin1.csv']) await assertSameError(fixture(name));
    const good = toCsv(randomRows(2000, 7, 2), ',', '\n').split('\n');
    const ragged = write(
      'ragged.csv',
      [...good.slice(0, good.length - 5), '1,2', ...good.slice(good.length - 5)].join('\n'),
    );
    assert.equal((await assertSameError(ragged, ['age'])).line, good.length - 4);
    const body = Array.from({ length: 500 }, (_, r) => `${r},x`).join('\n');
    assert.equal((await assertSameError(write('unclosed.csv', `a,b\n${body}\n7,"never\nclosed\n`))).line, 502);
    const invalid = write(
      'invalid.csv',
      Buffer.concat([Buffer.from(`a,b\n${body}\n7,`), Buffer.from([0xe2, 0x82]), Buffer.from('\n8,y\n')]),
    );
    assert.match((await assertSameError(invalid)).message, /invalid UTF-8 in column 'b'/);
    // Invalid UTF-8 inside a record that starts on line 3 and stops at an unclosed quote opened on line 4: the per-row
    // reader places the value on the error's line, so the unclosed quote is what both report.
    const late = write(
      'late.csv',
      Buffer.concat([Buffer.from('a,b\n1,x\n"two\n'), Buffer.from([0xc3]), Buffer.from('","open\nnever closed\n')]),
    );
    assert.match((await assertSameError(late)).message, /unclosed quote/);
    await assert.rejects(
      readFrequencyTable(join(dir, 'nope.csv'), ['a']),
      (e: unknown) => e instanceof TableError && e.message === 'no such file',
    );
    await assert.rejects(
      readFrequencyTable(ragged, ['zip']),
      (e: unknown) => e instanceof TableError && e.file === ragged && /no column 'zip'/.test(e.message),
    );
  });
});
