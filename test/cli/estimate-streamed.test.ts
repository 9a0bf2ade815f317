import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runIn as run } from '../helpers/run-cli.js';

// `privspec estimate` reads its reports as a stream of raw cells (issue 40): its messages for a malformed file stay
// those of the file read whole, in the same order — the reader's errors wherever they are, then a missing column,
// then the first malformed report — each one line naming the file and line.

const SPEC = `dataset d from "d.csv" {
  sensitive diag
  unit id
}
hierarchy diag { "flu", "cold", "asthma" -> "*" }
release r: local diag randomized-response epsilon 2
release s: local diag count-mean-sketch epsilon 4 hashes 16 width 64
`;

describe('privspec estimate on a streamed file of reports (issue 40)', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'privspec-estimate-stream-'));
    writeFileSync(join(dir, 'd.csv'), 'id,diag\n0,flu\n');
    writeFileSync(join(dir, 's.privspec'), SPEC);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const estimate = async (only: string, content: string | Buffer, ...more: string[]) => {
    writeFileSync(join(dir, 'reports.csv'), content);
    const r = await run(dir, ['estimate', 'reports.csv', '--spec', 's.privspec', '--only', only, ...more]);
    return {
      ...r,
      message: r.err
        .trim()
        .split('\n')
        .filter((l) => !l.startsWith('note:')),
    };
  };
  const answers = Array.from({ length: 5000 }, (_, i) => ['flu', 'cold', 'asthma'][i % 3]);

  it('counts 5,000 answers over several batches: the closed form by hand', async () => {
    // 1,667 flu, 1,667 cold, 1,666 asthma of n = 5,000 at ε 2, k = 3: p = e²/(e² + 2), q = 1/(e² + 2), and
    // ĉ_flu = (1667 − 5000q)/(p − q) = (1667(e² + 2) − 5000)/(e² − 1) = 1667 + 1/(e² − 1) = 1667.156518…
    const r = await estimate('r', `diag\n${answers.join('\n')}\n`, '--json');
    assert.equal(r.code, 0, r.err);
    const out = JSON.parse(r.out);
    assert.equal(out.reports, 5000);
    const flu = out.estimates.find((e: { value: string }) => e.value === 'flu').estimate;
    // The report rounds an estimate to eight digits.
    assert.ok(Math.abs(flu - (1667 + 1 / (Math.exp(2) - 1))) < 1e-4, String(flu));
  });

  it('says the first report outside the domain by its line, after reading the whole file', async () => {
    const lines = answers.map((a, i) => (i === 4100 ? 'measles' : i === 4200 ? 'fever' : a));
    const r = await estimate('r', `diag\n${lines.join('\n')}\n`);
    assert.equal(r.code, 2);
    assert.deepEqual(r.message, [
      `privspec estimate: reports.csv:4102: 'measles' is not a value of the declared domain of 'diag'`,
    ]);
  });

  it('a malformed record or a cell that is not UTF-8 is said before a bad report earlier in the file', async () => {
    const early = answers.map((a, i) => (i === 10 ? 'measles' : a));
    const ragged = await estimate('r', `diag\n${early.join('\n')}\nflu,cold\n`);
    assert.equal(ragged.code, 2);
    assert.equal(ragged.message.length, 1);
    assert.match(ragged.message[0], /reports\.csv:5002: ragged row: expected 1 fields, found 2$/);
    const bytes = Buffer.concat([Buffer.from(`diag\n${early.join('\n')}\n`), Buffer.from([0xc3, 0x28, 0x0a])]);
    const invalid = await estimate('r', bytes);
    assert.equal(invalid.message.length, 1);
    assert.match(invalid.message[0], /reports\.csv:5002: invalid UTF-8 in column 'diag' \(field 1\)/);
  });

  it('a missing column is said after the records are read, and an empty file has no reports', async () => {
    const missing = await estimate('s', 'hash,other\n1,x\n2,y,z\n', '--hash-seed', '1');
    assert.match(missing.message[0], /reports\.csv:3: ragged row/);
    const named = await estimate('s', 'hash,other\n1,x\n', '--hash-seed', '1');
    assert.deepEqual(named.message, [
      `privspec estimate: reports.csv:1: a count-mean-sketch report file has the columns hash, sketch; sketch missing`,
    ]);
    const empty = await estimate('s', 'sketch,hash\n', '--hash-seed', '1');
    assert.deepEqual(empty.message, [`privspec estimate: reports.csv: no reports in it`]);
  });

  it('reads the sketch’s columns in any order, beside other columns', async () => {
    const hex = '0123456789abcdef';
    const rows = Array.from({ length: 300 }, (_, i) => [`u${i}`, hex.repeat(16).slice(i % 16, (i % 16) + 16), i % 16]);
    const a = await estimate(
      's',
      `hash,sketch\n${rows.map((r) => `${r[2]},${r[1]}`).join('\n')}\n`,
      '--hash-seed',
      '5',
      '--json',
    );
    const b = await estimate(
      's',
      `id,sketch,hash\n${rows.map((r) => r.join(',')).join('\n')}\n`,
      '--hash-seed',
      '5',
      '--json',
    );
    assert.equal(a.code, 0, a.err);
    assert.deepEqual(JSON.parse(b.out), JSON.parse(a.out));
  });
});
