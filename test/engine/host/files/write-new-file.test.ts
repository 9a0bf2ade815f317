import { strict as assert } from 'node:assert';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeNewFileAtomic } from '../../../../engine/host/files/write-file-atomic.js';

// Release outputs are created, never replaced. On file systems without hard links (FAT32, exFAT, many SMB mounts)
// `link` fails with EPERM: the file is then created exclusively in place rather than the run failing after its spend.
describe('engine/host/write-file-atomic: writeNewFileAtomic', () => {
  const dir = mkdtempSync(join(tmpdir(), 'privspec-write-new-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const noLinks = () => Promise.reject(Object.assign(new Error('operation not permitted, link'), { code: 'EPERM' }));

  it('writes through a hard link and leaves no temporary file', async () => {
    await writeNewFileAtomic(join(dir, 'a.csv'), 'x\n1\n');
    assert.equal(readFileSync(join(dir, 'a.csv'), 'utf8'), 'x\n1\n');
    assert.deepEqual(readdirSync(dir), ['a.csv']);
    await assert.rejects(writeNewFileAtomic(join(dir, 'a.csv'), 'other'), { code: 'EEXIST' });
    assert.equal(readFileSync(join(dir, 'a.csv'), 'utf8'), 'x\n1\n');
  });

  it('without hard links (EPERM from link) creates the file in place, and still never replaces one', async () => {
    await writeNewFileAtomic(join(dir, 'b.csv'), 'y\n2\n', noLinks);
    assert.equal(readFileSync(join(dir, 'b.csv'), 'utf8'), 'y\n2\n');
    writeFileSync(join(dir, 'c.csv'), 'someone else');
    await assert.rejects(writeNewFileAtomic(join(dir, 'c.csv'), 'mine', noLinks), { code: 'EEXIST' });
    assert.equal(readFileSync(join(dir, 'c.csv'), 'utf8'), 'someone else');
    assert.deepEqual(readdirSync(dir).sort(), ['a.csv', 'b.csv', 'c.csv']);
  });

  it('another link failure is not papered over', async () => {
    const broken = () => Promise.reject(Object.assign(new Error('i/o error, link'), { code: 'EIO' }));
    await assert.rejects(writeNewFileAtomic(join(dir, 'd.csv'), 'z', broken), { code: 'EIO' });
    assert.deepEqual(readdirSync(dir).sort(), ['a.csv', 'b.csv', 'c.csv']);
  });
});
