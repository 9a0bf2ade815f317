import { strict as assert } from 'node:assert';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from '../helpers/run-cli-isolated.js';
import { ledgerOf } from '../helpers/ledger.js';

const fixtures = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'specs');

async function run(cwd: string, args: string[]): Promise<{ code: number; out: string }> {
  let out = '';
  const code = await runCli(args, { out: (t) => (out += t), err: (t) => (out += t), cwd });
  return { code, out };
}

/*
 * Under (ε, δ) accounting the ledger must hold δ within the budget as well as ε: each run of a Gaussian release adds
 * its δ (basic composition), so a budget of δ = 1e-6 allows one run of a release with δ = 1e-6, not two.
 */
describe('privspec release: the ledger keeps δ within an (ε, δ) budget', () => {
  let dir = '';
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'privspec-release-delta-'));
    cpSync(join(fixtures, 'data'), join(dir, 'data'), { recursive: true });
    writeFileSync(
      join(dir, 'delta.privspec'),
      `dataset people from "data/people.csv" {
  identifying name
  quasi age, sex
}
budget { epsilon 10 delta 1e-6 accounting approx }
release g: count gaussian epsilon 0.5 delta 1e-6
`,
    );
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses the run that would take δ past the budget although ε is left', async () => {
    const first = await run(dir, ['release', 'delta.privspec', '--out', 'out']);
    assert.equal(first.code, 0, first.out);
    const second = await run(dir, ['release', 'delta.privspec', '--out', 'out']);
    // Hand-computed: ε 0.5 + 0.5 = 1 ≤ 10, but δ 1e-6 + 1e-6 = 2e-6 > 1e-6, so the second run must not spend.
    assert.equal(second.code, 1, second.out);
    assert.match(second.out, /g: refused: .*needs δ 1e-6, δ 0 remains/);
    const ledger = ledgerOf(join(dir, 'data', 'people.csv'))!;
    assert.equal(ledger.entries.length, 1);
  });
});
