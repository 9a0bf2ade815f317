import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkSpec } from '../../language/check-spec.js';

// Issue 40: the checker's findings on a local DP release, each with its code: a domain that is not declared, a second
// randomization of the column without `rerun`, and the protocol's parameters out of bounds.
const DATA = 'id,age,diag\n1,30,flu\n2,40,cold\n3,50,asthma\n';
const spec = (releases: string) => `dataset d from "d.csv" {
  quasi age
  sensitive diag
  unit id
}
hierarchy diag { "flu", "cold", "asthma" -> "*" }
${releases}
`;

describe('the checker on local DP releases (issue 40)', () => {
  const dirs: string[] = [];
  after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
  const check = async (releases: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'privspec-local-check-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'd.csv'), DATA);
    writeFileSync(join(dir, 's.privspec'), spec(releases));
    return (await checkSpec(join(dir, 's.privspec'))).diagnostics.filter((d) => d.code !== 'quasi-without-hierarchy');
  };

  it('accepts both protocols on a column with a declared domain', async () => {
    const found = await check(
      'release r: local diag randomized-response epsilon 2\nrelease s: local diag count-mean-sketch epsilon 4 hashes 256 width 1024 rerun',
    );
    assert.deepEqual(found, []);
  });

  it('a column without a declared domain is an error (data-dependent-domain)', async () => {
    const found = await check('release r: local age randomized-response epsilon 2');
    assert.deepEqual(
      found.map((d) => [d.severity, d.code]),
      [['error', 'data-dependent-domain']],
    );
    assert.match(found[0].message, /needs its domain declared/);
  });

  it('a second randomization of the column without rerun is a warning (local-rerun)', async () => {
    const found = await check('release p: pram diag retain 0.5\nrelease r: local diag randomized-response epsilon 2');
    assert.deepEqual(
      found.map((d) => [d.severity, d.code]),
      [['warning', 'local-rerun']],
    );
    assert.match(found[0].message, /'r' randomizes diag again after 'p'/);
  });

  it('ε ≤ 0, hashes and width out of bounds, and a sketch without them are parameter-out-of-range', async () => {
    for (const [release, pattern] of [
      ['local diag randomized-response epsilon 0', /local ε must be a finite number > 0/],
      ['local diag count-mean-sketch epsilon 4 hashes 0 width 1024', /hashes must be an integer in \[1, 65536\]/],
      ['local diag count-mean-sketch epsilon 4 hashes 8 width 1.5', /width must be an integer in \[2, 65536\]/],
      ['local diag count-mean-sketch epsilon 4', /count-mean-sketch needs 'hashes K width M'/],
      ['local diag randomized-response epsilon 2 hashes 8 width 64', /randomized-response takes no hashes or width/],
    ] as const) {
      const found = await check(`release r: ${release}`);
      assert.equal(found.length, 1, `${release}: ${JSON.stringify(found)}`);
      assert.equal(found[0].code, 'parameter-out-of-range');
      assert.match(found[0].message, pattern);
    }
  });

  it('an identifying column is refused (column-role)', async () => {
    const found = await check('release r: local id randomized-response epsilon 2');
    assert.ok(
      found.some((d) => d.code === 'column-role' && d.severity === 'error'),
      JSON.stringify(found),
    );
  });
});
