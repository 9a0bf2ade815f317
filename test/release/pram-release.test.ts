import { strict as assert } from 'node:assert';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../helpers/run-cli-isolated.js';
import { ledgerOf } from '../helpers/ledger.js';

// Issue 12 item 4 — `pram a, b retain P` and `pram a matrix "file.csv"` run in `privspec release`: the randomized file
// and a report with each matrix, ε per attribute and combined. Issue 21 item 4 changed two things: the expected
// distortion and the identification risk η are computed from the true values, so they go to the terminal (local
// diagnostics), not into the report; and the file holds only the randomized columns plus the quasi-identifiers
// generalized by the anonymity block (this spec has none, so only the randomized column is written).
describe('issue 12 — PRAM releases from the spec', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'privspec-pram-'));
    cpSync('test/fixtures/pram-spec', dir, { recursive: true });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const run = async (args: string[]) => {
    let out = '';
    let err = '';
    const code = await runCli(args, { out: (t) => (out += t), err: (t) => (err += t), cwd: dir });
    return { code, out, err };
  };

  it('retain 0.8 over the declared domain {flu, cold, asthma}: ε = ln((0.8 + 0.2/3)/(0.2/3)) = ln 13, no DP budget spent', async () => {
    const r = await run(['release', 'pram.privspec', '--out', 'out', '--only', 'swapped', '--json']);
    assert.equal(r.code, 0, r.err + r.out);
    const lines = readFileSync(join(dir, 'out', 'swapped.csv'), 'utf8')
      .trim()
      .split('\n');
    assert.equal(lines[0], 'diagnosis', 'only the randomized column: no anonymity block to generalize age and sex by');
    assert.equal(lines.length, 9);
    const report = JSON.parse(readFileSync(join(dir, 'out', 'swapped.json'), 'utf8'));
    const [attr] = report.pram.attributes;
    assert.deepEqual(attr.labels, ['flu', 'cold', 'asthma']);
    // Hand-derived: P(keep) = 0.8 + 0.2/3 = 0.8667, P(move to each other) = 0.0667; ε = ln 13 = 2.564949.
    assert.ok(Math.abs(attr.matrix[0][0] - 0.8 - 0.2 / 3) < 1e-12);
    assert.ok(Math.abs(attr.epsilon - Math.log(13)) < 1e-9, String(attr.epsilon));
    assert.ok(Math.abs(report.pram.combinedEpsilon - Math.log(13)) < 1e-9);
    // Hand-derived: h = (flu 4, cold 2, asthma 2); E[h′] = Pᵀh: flu 4·0.8667 + 4·0.0667 = 3.7333, cold and asthma
    // 2·0.8667 + 6·0.0667 = 2.1333 each; L1 = 0.2667 + 0.1333 + 0.1333 = 0.5333. It depends on h, so the terminal shows
    // it.
    assert.equal(attr.expectedDistortion, undefined);
    assert.equal(report.identificationRisk, undefined);
    const local = (JSON.parse(r.out).releases[0].local as string[]).join('\n');
    assert.match(local, /expected distortion of 'diagnosis' Σ\|E\[h′\] − h\| = 0\.5333\b/);
    const eta = Number(/identification risk η of the written records: max ([0-9.e-]+) \(exact/.exec(local)?.[1]);
    assert.ok(eta > 0 && eta <= 1, local);
    // Issue 21 item 3: the run is on the ledger, with no central cost and its local ε.
    const ledger = ledgerOf(join(dir, 'data', 'people.csv'));
    assert.equal(ledger?.entries.length, 1);
    assert.deepEqual(ledger.entries[0].costs, {});
    assert.deepEqual(ledger.entries[0].microdata?.columns, ['diagnosis']);
    assert.ok(Math.abs(ledger.entries[0].microdata.localEpsilon! - Math.log(13)) < 1e-9);
    assert.deepEqual(JSON.parse(r.out).budget.spent, { epsilon: 0 });
  });

  it('PRAM over two attributes and a matrix file run too; their ε are those of their matrices', async () => {
    const r = await run(['release', 'pram.privspec', '--out', 'out', '--json']);
    assert.equal(r.code, 0, r.err + r.out);
    const inv = JSON.parse(readFileSync(join(dir, 'out', 'two.json'), 'utf8'));
    assert.deepEqual(
      inv.pram.attributes.map((a: { name: string }) => a.name),
      ['diagnosis', 'sex'],
    );
    // The combined ε of independent per-attribute randomization is the sum (the Kronecker product's ε).
    assert.ok(
      Math.abs(
        inv.pram.combinedEpsilon - inv.pram.attributes.reduce((s: number, a: { epsilon: number }) => s + a.epsilon, 0),
      ) < 1e-9,
    );
    const custom = JSON.parse(readFileSync(join(dir, 'out', 'custom.json'), 'utf8'));
    // Hand-derived from the file: every column's max/min ratio is 0.8/0.1 = 8, so ε = ln 8.
    assert.ok(Math.abs(custom.pram.attributes[0].epsilon - Math.log(8)) < 1e-9);
    // The three runs randomize diagnosis (the last two with `rerun`): the third report states the composed local ε,
    // ln 13 + (ε of two) + ln 8.
    assert.equal(custom.parameters.composedLocalEpsilon.runs, 3);
    const expected = Math.log(13) + inv.pram.combinedEpsilon + Math.log(8);
    assert.ok(Math.abs(custom.parameters.composedLocalEpsilon.localEpsilon - expected) < 1e-9);
  });
});
