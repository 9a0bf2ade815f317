import { strict as assert } from 'node:assert';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { link } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runIn } from '../helpers/run-cli.js';

// Issue 21 item 8 — `anonymize --out` replaced the input through a race (the output folder swapped for a symlink to the
// data folder during a long search: the original was gone) and silently overwrote any existing file that was not an
// input. It now writes by the release writer: created exclusively by a hard link (which never replaces a file), into
// the folder resolved once and checked again after the link; an existing file is refused unless --force.

const DATA = 'age,sex,note\n30,F,a\n31,F,b\n40,M,c\n41,M,d\n';

const run = runIn;

describe('issue 21 item 8 — anonymize --out by the release writer', () => {
  const dirs: string[] = [];
  after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
  const fresh = () => {
    const dir = mkdtempSync(join(tmpdir(), 'privspec-anon-out-'));
    dirs.push(dir);
    mkdirSync(join(dir, 'data'));
    writeFileSync(join(dir, 'data', 'people.csv'), DATA);
    writeFileSync(join(dir, 'age.csv'), '30;30-39;*\n31;30-39;*\n40;40-49;*\n41;40-49;*\n');
    writeFileSync(join(dir, 'sex.csv'), 'M;*\nF;*\n');
    return dir;
  };
  const args = (out: string) => [
    'anonymize',
    'data/people.csv',
    '--qi',
    'age,sex',
    '--hierarchy',
    'age=age.csv',
    '--hierarchy',
    'sex=sex.csv',
    '--k',
    '2',
    '--out',
    out,
  ];

  it('refuses an existing file that is not an input, before the search; --force replaces it', async () => {
    const dir = fresh();
    writeFileSync(join(dir, 'notes.csv'), 'my own notes\n');
    const r = await run(dir, args('notes.csv'));
    assert.equal(r.code, 2);
    assert.match(r.err, /--out .*notes\.csv exists; choose another name or add --force to replace it/);
    assert.equal(readFileSync(join(dir, 'notes.csv'), 'utf8'), 'my own notes\n');
    const forced = await run(dir, [...args('notes.csv'), '--force']);
    assert.equal(forced.code, 0, forced.err);
    assert.equal(readFileSync(join(dir, 'notes.csv'), 'utf8').split('\n')[0], 'age,sex');
  });

  it('--force never replaces an input', async () => {
    const dir = fresh();
    const r = await run(dir, [...args('data/people.csv'), '--force']);
    assert.equal(r.code, 2);
    assert.equal(readFileSync(join(dir, 'data', 'people.csv'), 'utf8'), DATA);
  });

  it('the writer cannot replace the data when the output folder is swapped for a symlink to the data folder mid-write', async () => {
    const dir = fresh();
    mkdirSync(join(dir, 'out'));
    // The output is named like the input; the swap happens between the temporary write and the link, the window a
    // long search leaves open. The link then meets the data file (EEXIST) and nothing is replaced.
    const swap = async (from: string, to: string) => {
      renameSync(join(dir, 'out'), join(dir, 'out-moved'));
      symlinkSync(join(dir, 'data'), join(dir, 'out'));
      await link(from, to);
    };
    const { writeNewFilesTogether } = await import('../../engine/host/files/write-file-atomic.js');
    await assert.rejects(
      writeNewFilesTogether(join(dir, 'out'), [{ name: 'people.csv', data: 'age,sex\n*,*\n' }], swap),
    );
    assert.equal(readFileSync(join(dir, 'data', 'people.csv'), 'utf8'), DATA);
    assert.deepEqual(readdirSync(join(dir, 'data')), ['people.csv'], 'no file left in the data folder');
  });

  it('a folder swapped after the link fails the write: nothing lands in the data folder under a free name either', async () => {
    const dir = fresh();
    mkdirSync(join(dir, 'out'));
    const swap = async (from: string, to: string) => {
      await link(from, to);
      renameSync(join(dir, 'out'), join(dir, 'out-moved'));
      symlinkSync(join(dir, 'data'), join(dir, 'out'));
    };
    const { writeNewFilesTogether } = await import('../../engine/host/files/write-file-atomic.js');
    await assert.rejects(
      writeNewFilesTogether(join(dir, 'out'), [{ name: 'release.csv', data: 'x\n' }], swap),
      /was replaced while the files were written/,
    );
    assert.deepEqual(readdirSync(join(dir, 'data')), ['people.csv']);
    // The file stays in the folder it was linked into (now out-moved): the writer can no longer reach it by a path.
    assert.equal(existsSync(join(dir, 'out-moved', 'release.csv')), true);
  });
});
