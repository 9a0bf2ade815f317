import { strict as assert } from 'node:assert';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { open } from 'node:fs/promises';
import fc from 'fast-check';
import { defaultThreads, readCsvFile } from '../../../../../engine/host/sources/csv/read-csv-file.js';
import { splitAtLineBreaks } from '../../../../../engine/host/sources/csv/split-csv-file.js';
import { parseCsv } from '../../../../../engine/table/parse-csv.js';
import { TableError } from '../../../../../engine/table/table.js';
import { skipOrFail } from '../../../../helpers/adult.js';
import { assertSameTable, randomTable, rowsOf, toCsv, xorshift } from '../../../table/csv-helpers.js';

const adultDir = process.env.PRIVSPEC_ADULT_DIR ?? resolve('../shared/data/adult');

/** Rows with numbers, unicode, quotes, delimiters and multi-line quoted notes, `quotedLines` lines long at most. */
function randomRows(count: number, seed: number, quotedLines: number): string[][] {
  const rnd = xorshift(seed);
  const words = ['Ann', 'Bob', 'Zoë', '東京', 'a,b', 'say "hi"', '', 'x;y', '😀', 'tab\there'];
  const rows: string[][] = [['id', 'name', 'age', 'note']];
  for (let r = 0; r < count; r++) {
    const lines = Math.floor(rnd() * (quotedLines + 1));
    const note = Array.from({ length: lines + 1 }, () => words[Math.floor(rnd() * words.length)]).join(
      rnd() < 0.5 ? '\n' : '\r\n',
    );
    rows.push([String(r), words[Math.floor(rnd() * words.length)], String(Math.floor(rnd() * 100)), note]);
  }
  return rows;
}

describe('readCsvFile', function () {
  // Worker threads started from source load tsx first, which takes a moment each.
  this.timeout(120000);
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'privspec-csv-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, content: string | Uint8Array) => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };

  it('reads Adult: 30,162 rows, 9 columns, delimiter ;', async function () {
    const path = join(adultDir, 'adult.csv');
    if (!existsSync(path)) {
      skipOrFail(this, `no ${path}; Adult lives outside the repo, set PRIVSPEC_ADULT_DIR to its folder`);
    }
    const t = await readCsvFile(path);
    assert.equal(t.rowCount, 30162);
    assert.equal(t.columns.length, 9);
    assert.equal(t.delimiter, ';');
    assert.equal(t.columns[0].name, 'sex');
    assertSameTable(t, parseCsv(readFileSync(path, 'utf8'), { source: path }));
    assertSameTable(await readCsvFile(path, { workers: 2 }), t);
  });

  it('gives the same table as parseCsv, on one thread and on several, even when splits fall inside quoted fields', async () => {
    // Notes of up to 40 lines make the line feed after a split point likely to sit inside a quoted field.
    for (const [name, quotedLines] of [
      ['short', 1],
      ['long', 40],
    ] as const) {
      const text = toCsv(randomRows(3000, name.length, quotedLines), ',', '\n');
      const path = write(`${name}.csv`, text);
      const expected = parseCsv(text, { source: path });
      assertSameTable(await readCsvFile(path, { workers: 1 }), expected);
      assertSameTable(await readCsvFile(path, { workers: 3 }), expected);
      if (name === 'long') {
        // Make sure this case does test the recovery: some split point must lie inside a quoted field.
        const file = await open(path);
        const bytes = readFileSync(path);
        const cuts = (await splitAtLineBreaks(file, bytes.indexOf(0x0a) + 1, bytes.length, 3)).slice(1, -1);
        await file.close();
        const quotesBefore = (cut: number) => bytes.subarray(0, cut).filter((b) => b === 0x22).length;
        assert.ok(
          cuts.some((cut) => quotesBefore(cut) % 2 === 1),
          'no split point inside quotes',
        );
      }
    }
  });

  it('gives back random tables through files and workers (property)', async () => {
    await fc.assert(
      fc.asyncProperty(randomTable, async ({ header, rows, delimiter, lineEnd, finalLineEnd }) => {
        const text = toCsv([header, ...rows], delimiter, lineEnd) + (finalLineEnd ? lineEnd : '');
        const path = write('property.csv', text);
        assert.deepEqual(rowsOf(await readCsvFile(path, { delimiter, workers: 1 })), [header, ...rows]);
        assertSameTable(await readCsvFile(path, { delimiter, workers: 2 }), parseCsv(text, { delimiter }));
      }),
      { numRuns: 8 },
    );
  });

  it('reads only the columns asked for, on any number of threads', async () => {
    const text = toCsv(randomRows(3000, 11, 3), ';', '\r\n');
    const path = write('columns.csv', text);
    const expected = parseCsv(text, { columns: ['note', 'id'] });
    assert.deepEqual(
      expected.columns.map((c) => c.name),
      ['id', 'note'],
    );
    assertSameTable(await readCsvFile(path, { columns: ['note', 'id'], workers: 1 }), expected);
    assertSameTable(await readCsvFile(path, { columns: ['note', 'id'], workers: 2 }), expected);
    await assert.rejects(
      readCsvFile(path, { columns: ['zip'] }),
      (e: unknown) => e instanceof TableError && e.file === path && /no column 'zip'/.test(e.message),
    );
  });

  it('uses one thread below 8 MiB and never more threads than cores or 8', () => {
    assert.equal(defaultThreads(1 << 20), 1);
    assert.equal(defaultThreads((8 << 20) - 1), 1);
    const many = defaultThreads(1 << 30);
    assert.ok(many >= 1 && many <= Math.min(availableParallelism(), 8), String(many));
  });

  it('reports a missing file or a directory in one line naming it', async () => {
    const missing = join(dir, 'nope.csv');
    await assert.rejects(
      readCsvFile(missing),
      (e: unknown) => e instanceof TableError && e.file === missing && e.message === 'no such file',
    );
    await assert.rejects(
      readCsvFile(dir),
      (e: unknown) => e instanceof TableError && e.file === dir && e.message === 'cannot read a directory as CSV',
    );
  });

  it('reports errors with absolute lines from any worker range', async () => {
    const good = toCsv(randomRows(2000, 7, 2), ',', '\n').split('\n');
    // A ragged row near the end, so that it falls in the last worker's range.
    const ragged = [...good.slice(0, good.length - 5), '1,2', ...good.slice(good.length - 5)].join('\n');
    const expected = (() => {
      try {
        parseCsv(ragged);
      } catch (e) {
        return e as TableError;
      }
      assert.fail('the ragged file parses');
    })();
    const path = write('ragged.csv', ragged);
    for (const workers of [1, 2, 3]) {
      await assert.rejects(readCsvFile(path, { workers }), (e: unknown) => {
        assert.ok(e instanceof TableError);
        assert.equal(e.file, path);
        assert.equal(e.line, expected.line);
        assert.equal(e.line, good.length - 4);
        assert.match(e.message, /ragged row: expected 4 fields, found 2/);
        return true;
      });
    }
  });

  it('reports an unclosed quote at its opening line and invalid UTF-8 at its line', async () => {
    const body = Array.from({ length: 500 }, (_, r) => `${r},x`).join('\n');
    const unclosed = write('unclosed.csv', `a,b\n${body}\n7,"never\nclosed\n`);
    for (const workers of [1, 2]) {
      await assert.rejects(
        readCsvFile(unclosed, { workers }),
        (e: unknown) => e instanceof TableError && e.line === 502 && /unclosed quote/.test(e.message),
      );
    }
    const bytes = Buffer.concat([Buffer.from(`a,b\n${body}\n7,`), Buffer.from([0xe2, 0x82]), Buffer.from('\n8,y\n')]);
    const invalid = write('invalid.csv', bytes);
    for (const workers of [1, 2]) {
      await assert.rejects(
        readCsvFile(invalid, { workers }),
        (e: unknown) => e instanceof TableError && e.line === 502 && /invalid UTF-8 in column 'b'/.test(e.message),
      );
    }
  });

  it('reports progress up to 1 and stops when aborted', async () => {
    const path = write('progress.csv', toCsv(randomRows(20000, 3, 0), ';', '\n'));
    const fractions: number[] = [];
    await readCsvFile(path, { onProgress: (f) => fractions.push(f), workers: 1 });
    assert.ok(fractions.length > 0);
    assert.equal(fractions[fractions.length - 1], 1);
    assert.deepEqual(
      fractions,
      [...fractions].sort((a, b) => a - b),
    );
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(
      readCsvFile(path, { signal: controller.signal }),
      (e: unknown) => (e as Error).name === 'AbortError',
    );
    const late = new AbortController();
    const reading = readCsvFile(path, { signal: late.signal, workers: 2 });
    late.abort();
    await assert.rejects(reading, (e: unknown) => (e as Error).name === 'AbortError');
  });
});
