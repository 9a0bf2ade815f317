import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../helpers/run-cli-isolated.js';

// Issue 21 item 11 — every release JSON held the absolute spec path (user and folder names). Reports now name the spec
// relative to the output folder; no absolute path of the workspace appears in any output file, of any kind.

describe('issue 21 item 11 — release files hold no absolute path', () => {
  let dir = '';
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'privspec-paths-'));
    mkdirSync(join(dir, 'specs'));
    mkdirSync(join(dir, 'data'));
    writeFileSync(join(dir, 'data', 'd.csv'), 'age,sex,diag\n30,F,flu\n31,F,cold\n40,M,flu\n41,M,cold\n');
    writeFileSync(
      join(dir, 'specs', 's.privspec'),
      `dataset d from "../data/d.csv" { quasi age, sex  sensitive diag }
hierarchy sex { "M", "F" -> "*" }
hierarchy diag { "flu", "cold" -> "*" }
hierarchy age { "30", "31" -> "30-39"  "40", "41" -> "40-49"  "30-39", "40-49" -> "*" }
anonymity { k 2 }
budget { epsilon 1 }
release n: count by sex  laplace epsilon 0.5
release p: pram diag retain 0.8  accept linked-releases "test fixture: one release of each kind"
release g: generalize  accept linked-releases "test fixture: one release of each kind"
`,
    );
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('the spec is named relative to the output folder (../specs/s.privspec), and no file holds the workspace path', async () => {
    let err = '';
    const code = await runCli(['release', 'specs/s.privspec', '--out', 'out/run1'], {
      out: () => {},
      err: (t) => (err += t),
      cwd: dir,
    });
    assert.equal(code, 0, err);
    const files = readdirSync(join(dir, 'out', 'run1'));
    assert.deepEqual(files.sort(), ['g.csv', 'g.json', 'n.csv', 'n.json', 'p.csv', 'p.json']);
    for (const name of ['n', 'p', 'g'])
      assert.equal(
        JSON.parse(readFileSync(join(dir, 'out', 'run1', `${name}.json`), 'utf8')).spec,
        '../../specs/s.privspec',
      );
    for (const file of files)
      assert.ok(!readFileSync(join(dir, 'out', 'run1', file), 'utf8').includes(dir), `${file} holds ${dir}`);
  });
});
