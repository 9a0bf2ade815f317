import { strict as assert } from 'node:assert';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { csvField, formatCsv } from '../../../../engine/host/files/write-csv.js';
import { writeFileAtomic } from '../../../../engine/host/files/write-file-atomic.js';
import { parseCsv } from '../../../../engine/table/parse-csv.js';

describe('CSV writing', () => {
  it('quotes what RFC 4180 requires and nothing else', () => {
    assert.equal(csvField('plain'), 'plain');
    assert.equal(csvField('a,b'), '"a,b"');
    assert.equal(csvField('say "hi"'), '"say ""hi"""');
    assert.equal(csvField('two\nlines'), '"two\nlines"');
    assert.equal(csvField(' padded'), '" padded"');
    assert.equal(csvField('a;b', ';'), '"a;b"');
    assert.equal(csvField('a,b', ';'), 'a,b');
  });

  it('round-trips through the parser', () => {
    const rows = [
      ['1', 'a,b', 'x"y'],
      ['2', 'line\nbreak', ''],
    ];
    const table = parseCsv(formatCsv(['id', 'text', 'quote'], rows), { delimiter: ',' });
    assert.deepEqual(
      table.columns.map((c) => c.name),
      ['id', 'text', 'quote'],
    );
    assert.deepEqual(table.columns[1].dictionary, ['a,b', 'line\nbreak']);
    assert.deepEqual(table.columns[2].dictionary, ['x"y', '']);
  });

  it('writes atomically and leaves no temporary file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'privspec-write-'));
    await writeFileAtomic(join(dir, 'sub', 'out.csv'), formatCsv(['a'], [['1']]));
    assert.equal(readFileSync(join(dir, 'sub', 'out.csv'), 'utf8'), 'a\n1\n');
    await writeFileAtomic(join(dir, 'sub', 'out.csv'), 'replaced\n');
    assert.equal(readFileSync(join(dir, 'sub', 'out.csv'), 'utf8'), 'replaced\n');
    assert.deepEqual(readdirSync(join(dir, 'sub')), ['out.csv']);
  });

  it('cleans up when the write is aborted', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'privspec-write-'));
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(writeFileAtomic(join(dir, 'out.csv'), 'x', { signal: controller.signal }));
    assert.deepEqual(readdirSync(dir), []);
  });
});
