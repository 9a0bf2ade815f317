import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { copyExample } from '../../../extension/walkthrough/copy-example.js';

// Issue 41: PrivSpec: Open Example Workspace copies examples/ into a new folder inside the one the user picks.
function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}

describe('walkthrough: copying the example workspace', () => {
  let parent: string;
  beforeEach(() => {
    parent = mkdtempSync(join(tmpdir(), 'privspec-example-'));
  });
  afterEach(() => rmSync(parent, { recursive: true, force: true }));

  it('copies every file of examples/ into privspec-example inside the chosen folder', () => {
    const target = copyExample('examples', parent);
    assert.equal(target, join(parent, 'privspec-example'));
    assert.deepEqual(files(target), files('examples'));
    assert.equal(
      readFileSync(join(target, 'visits.privspec'), 'utf8'),
      readFileSync('examples/visits.privspec', 'utf8'),
    );
  });

  it('never replaces anything: a second copy goes to privspec-example-2, and the first is untouched', () => {
    const first = copyExample('examples', parent);
    writeFileSync(join(first, 'visits.privspec'), 'edited by the user');
    const second = copyExample('examples', parent);
    assert.equal(second, join(parent, 'privspec-example-2'));
    assert.equal(readFileSync(join(first, 'visits.privspec'), 'utf8'), 'edited by the user');
    mkdirSync(join(parent, 'privspec-example-3'));
    writeFileSync(join(parent, 'privspec-example-3', 'mine.txt'), 'x');
    assert.equal(copyExample('examples', parent), join(parent, 'privspec-example-4'));
    assert.deepEqual(readdirSync(join(parent, 'privspec-example-3')), ['mine.txt']);
  });

  it("leaves dot-files behind (a ledger left in the extension's copy by a run)", () => {
    const source = join(parent, 'source');
    mkdirSync(join(source, 'data', '.privspec-ledger'), { recursive: true });
    writeFileSync(join(source, 'data', 'a.csv'), 'x\n1\n');
    writeFileSync(join(source, 'data', '.privspec-ledger', 'ledger.json'), '{}');
    writeFileSync(join(source, '.hidden'), '');
    const into = join(parent, 'into');
    mkdirSync(into);
    assert.deepEqual(files(copyExample(source, into)), ['data/a.csv']);
  });

  it('says in one line when the chosen folder does not exist or is a file', () => {
    assert.throws(
      () => copyExample('examples', join(parent, 'missing')),
      /missing does not exist; choose an existing folder/,
    );
    writeFileSync(join(parent, 'file.txt'), '');
    assert.throws(() => copyExample('examples', join(parent, 'file.txt')), /file\.txt is not a folder/);
  });
});
