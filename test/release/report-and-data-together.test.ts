import { strict as assert } from 'node:assert';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { link } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeNewFilesTogether } from '../../engine/host/files/write-file-atomic.js';

// Issue 21 item 6 (second half) — the report and the data file appear together or not at all: both are written in full
// under temporary names, then linked; when the second link fails (ENOSPC, EIO, a name taken), the first is removed, and
// no temporary file stays. The original code wrote the report, then the CSV, and a failure in between left a report
// whose numbers were never published (g.json with no g.csv).

describe('issue 21 item 6 — the report and the data file appear together or not at all', () => {
  const dirs: string[] = [];
  after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
  const fresh = () => {
    const d = mkdtempSync(join(tmpdir(), 'privspec-together-'));
    dirs.push(d);
    return d;
  };
  const files = [
    { name: 'g.json', data: '{}\n' },
    { name: 'g.csv', data: 'x,y,count\n' },
  ];

  it('a failure linking the second file removes the first and every temporary file', async () => {
    const dir = fresh();
    let calls = 0;
    const failSecond = async (from: string, to: string) => {
      if (++calls === 2) throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
      await link(from, to);
    };
    await assert.rejects(writeNewFilesTogether(dir, files, failSecond), { code: 'ENOSPC' });
    assert.deepEqual(readdirSync(dir), []);
  });

  it('both appear when both links succeed; a taken name fails the pair without touching the file that holds it', async () => {
    const dir = fresh();
    assert.deepEqual(await writeNewFilesTogether(dir, files), [join(dir, 'g.json'), join(dir, 'g.csv')]);
    assert.deepEqual(readdirSync(dir).sort(), ['g.csv', 'g.json']);
    await assert.rejects(
      writeNewFilesTogether(dir, [
        { name: 'h.json', data: '{}' },
        { name: 'g.csv', data: 'other' },
      ]),
      { code: 'EEXIST' },
    );
    assert.deepEqual(readdirSync(dir).sort(), ['g.csv', 'g.json']);
  });
});
