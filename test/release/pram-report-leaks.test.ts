import { strict as assert } from 'node:assert';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runIn } from '../helpers/run-cli.js';
import { invariantMatrix } from '../../engine/pram/invariant-pram.js';
import { retentionMatrix } from '../../engine/pram/retention-matrix.js';
import { toRows } from '../../engine/pram/transition-matrix.js';

// Issue 21 item 4 — a PRAM release's files hold nothing computed exactly from the data beyond what the file shows.
// On the base commit fc66cd9 an invariant-PRAM report held R = P·Q built from the data's counts, whose stationary
// vector × n is those counts (7, 13, 29 on a 49-row table), and a retention-PRAM report held η
// (identificationRisk.maxRisk), which depends on the true values; both tests below fail there.

const run = runIn;

const dirs: string[] = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
function workspace(rows: string[], release: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'privspec-pram-leak-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'd.csv'), `id,diag\n${rows.map((v, i) => `${i + 1},${v}`).join('\n')}\n`);
  writeFileSync(
    join(dir, 's.privspec'),
    `dataset d from "d.csv" {\n  sensitive diag\n  unit id\n}\nhierarchy diag { "A", "B", "C" -> "*" }\n${release}\n`,
  );
  return dir;
}

describe('issue 21 item 4 — invariant PRAM would publish the exact frequencies, so it is refused', () => {
  it('why: the invariant matrix built from counts (7, 13, 29) has them as its stationary vector × n', () => {
    const t = [7, 13, 29];
    const R = toRows(invariantMatrix(retentionMatrix(['A', 'B', 'C'], 0.5), t));
    // tᵀR = t (Gouweleeuw et al. 1998): the counts are a fixed point, so anyone holding R and n = 49 recovers them.
    const back = [0, 1, 2].map((w) => t.reduce((s, tu, u) => s + tu * R[u][w], 0));
    back.forEach((x, i) => assert.ok(Math.abs(x - t[i]) < 1e-9, String(back)));
  });

  it('check reports invariant-pram; release refuses and writes nothing', async () => {
    const rows = [...Array(7).fill('A'), ...Array(13).fill('B'), ...Array(29).fill('C')];
    const dir = workspace(rows, 'release p: pram diag retain 0.5 invariant');
    const check = await run(dir, ['check', 's.privspec', '--format', 'json']);
    const errors = (JSON.parse(check.out).diagnostics as { severity: string; code: string; message: string }[]).filter(
      (d) => d.severity === 'error',
    );
    assert.deepEqual(
      errors.map((e) => e.code),
      ['invariant-pram'],
    );
    assert.match(errors[0].message, /stationary vector × n\) gives back exactly/);
    const r = await run(dir, ['release', 's.privspec', '--out', 'out']);
    assert.equal(r.code, 1);
    assert.equal(existsSync(join(dir, 'out', 'p.json')), false);
  });
});

describe('issue 21 item 4 — η and the expected distortion go to the terminal, not into the report', () => {
  it('retention PRAM on 10 rows: the report has the matrix and ε only; η is a local diagnostic', async () => {
    const dir = workspace(['A', 'A', 'A', 'B', 'B', 'B', 'C', 'C', 'C', 'C'], 'release p: pram diag retain 0.5');
    const r = await run(dir, ['release', 's.privspec', '--out', 'out']);
    assert.equal(r.code, 0, r.err);
    const text = readFileSync(join(dir, 'out', 'p.json'), 'utf8');
    for (const word of ['identificationRisk', 'maxRisk', 'expectedDistortion', 'jointExpectedDistortion'])
      assert.equal(text.includes(word), false, word);
    const report = JSON.parse(text);
    // Hand-derived: P(keep) = 0.5 + 0.5/3 = 2/3, P(move) = 1/6; ε = ln 4.
    assert.ok(Math.abs(report.pram.attributes[0].epsilon - Math.log(4)) < 1e-12);
    assert.match(
      r.err,
      /p: identification risk η of the written records: max 0?\.\d+ \(exact; from the original values\) \(local diagnostic, not in the release\)/,
    );
    assert.match(r.err, /p: expected distortion of 'diag'/);
  });
});
