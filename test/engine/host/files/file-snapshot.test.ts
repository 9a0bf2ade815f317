import { strict as assert } from 'node:assert';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertUnchanged, fileSnapshot } from '../../../../engine/host/files/file-snapshot.js';
import { writeMicrodataStream } from '../../../../engine/host/files/write-microdata-stream.js';
import type { RowBatch } from '../../../../engine/source/data-source.js';

// This stub of a source's async row stream has nothing to await.
// eslint-disable-next-line @typescript-eslint/require-await -- the reason is above
async function* batches(rows: string[][]): AsyncIterable<RowBatch> {
  yield { columns: ['a'], rows };
}

// Review of issue 25: a Parquet file replaced between the decision's read and the rows' read gave a file breaking k.
describe('engine/host/file-snapshot: a streamed release refuses data that changed between its two reads', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'privspec-snapshot-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('the same file passes; a file replaced by another of the same size (an export overwriting it) is refused', async () => {
    const data = join(dir, 'data.parquet');
    writeFileSync(data, 'aaaa');
    const snap = await fileSnapshot(data);
    await assertUnchanged(snap);
    writeFileSync(join(dir, 'next'), 'bbbb');
    renameSync(join(dir, 'next'), data);
    await assert.rejects(assertUnchanged(snap), /changed while the release read it/);
  });

  it('a rewrite in place is refused too, and a deleted file', async () => {
    const data = join(dir, 'inplace.parquet');
    writeFileSync(data, 'aaaa');
    const snap = await fileSnapshot(data);
    writeFileSync(data, 'bbbb');
    await assert.rejects(assertUnchanged(snap), /changed/);
    rmSync(data);
    await assert.rejects(assertUnchanged(snap), /changed/);
  });

  it('a failing check runs before the output is put in place: no destination, no temporary file', async () => {
    const out = join(dir, 'out', 'release.csv');
    mkdirSync(join(dir, 'out'));
    let seen = -1;
    await assert.rejects(
      writeMicrodataStream(out, ['a'], batches([['1'], ['2'], ['3']]), (row) => row, {
        inputs: [],
        verify: (rows) => {
          seen = rows;
          throw new Error('the writer kept 3 rows, the search 2');
        },
      }),
      /kept 3 rows, the search 2/,
    );
    assert.equal(seen, 3);
    assert.equal(existsSync(out), false);
    assert.deepEqual(readdirSync(join(dir, 'out')), []);
  });
});
