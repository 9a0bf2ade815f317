import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../helpers/run-cli-isolated.js';

// Issue 21 item 11 — an overrun in δ alone said "Difference 0": the message was built in ε, which still fits. It is now
// stated in δ, in `check` and in the runner alike.

const SPEC = `dataset d from "d.csv" { quasi sex }
hierarchy sex { "M", "F" -> "*" }
budget { epsilon 10 delta 1e-6 accounting approx }
release a: count gaussian epsilon 0.5 delta 1e-6
release b: count gaussian epsilon 0.5 delta 1e-6
`;

describe('issue 21 item 11 — an overrun in δ alone is stated in δ', () => {
  let dir = '';
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'privspec-delta-message-'));
    writeFileSync(join(dir, 'd.csv'), 'sex\nF\nM\n');
    writeFileSync(join(dir, 's.privspec'), SPEC);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('check: needs δ 1e-6, δ 0 remains (ε 0.5 + 0.5 of 10 fits; δ 2e-6 > 1e-6)', async () => {
    let out = '';
    const code = await runCli(['check', 's.privspec', '--format', 'json'], {
      out: (t) => (out += t),
      err: () => {},
      cwd: dir,
    });
    assert.equal(code, 1);
    const overrun = JSON.parse(out).diagnostics.find((d: { code: string }) => d.code === 'budget-overrun');
    assert.equal(overrun.message, "budget overrun in 'b': needs δ 1e-6, δ 0 remains");
  });
});
