import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../helpers/run-cli-isolated.js';

const FIX = 'test/fixtures/correlated';

/** Runs `privspec leakage …` in-process and captures what it prints. */
async function leakage(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(['leakage', ...argv], {
    out: (t) => (out += t),
    err: (t) => (err += t),
    cwd: process.cwd(),
  });
  return { code, out, err };
}

describe('cli: privspec leakage (Bayesian DP, Yang, Sato, Nakagawa, SIGMOD 2015)', () => {
  it('graph form --json: n, τ, max ℓ, the top units and λ₀ = (M/ε)(1 + max ℓ)', async () => {
    const { code, out, err } = await leakage(
      `${FIX}/household.csv`,
      '--tau',
      '0.5',
      '--epsilon',
      '1',
      '--sensitivity',
      '2',
      '--json',
    );
    assert.equal(code, 0, err);
    assert.equal(out.trim().split('\n').length, 1);
    const j = JSON.parse(out);
    assert.equal(j.n, 4);
    assert.equal(j.tau, 0.5);
    // A 4-cycle ann–bob–cy–dee with the chord ann–cy of weight 2: ann and cy, on the chord, are the most exposed.
    assert.deepEqual(
      j.top.map((t: { unit: string }) => t.unit),
      ['ann', 'cy', 'bob', 'dee'],
    );
    assert.equal(j.maxLeakage, j.top[0].leakage);
    assert.ok(Math.abs(j.scale - 2 * (1 + j.maxLeakage)) < 1e-12);
    assert.equal(j.dpScale, 2);
  });

  it('two units joined by weight 1 with τ = 1: ℓ = w/(w + τ) = 0.5 (hand-derived), scale (1/0.5)·1.5 = 3', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'privspec-leakage-'));
    try {
      writeFileSync(join(dir, 'pair.csv'), 'a,b\np,q\n');
      const j = JSON.parse((await leakage(join(dir, 'pair.csv'), '--tau', '1', '--epsilon', '0.5', '--json')).out);
      assert.deepEqual(j.top, [
        { unit: 'p', leakage: 0.5 },
        { unit: 'q', leakage: 0.5 },
      ]);
      assert.equal(j.scale, 3);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('without a prior a connected graph gives ℓ = n − 1 for every unit (seed eq. 29)', async () => {
    const j = JSON.parse((await leakage(`${FIX}/household.csv`, '--json')).out);
    assert.equal(j.tau, 0);
    for (const t of j.top) assert.ok(Math.abs(t.leakage - 3) < 1e-9, String(t.leakage));
    assert.equal(j.scale, undefined);
  });

  it('--joint: exact BDPL of every adversary; the seed Table 3(b) weak adversary leaks ≈ 0.196 at ε = 0.1', async () => {
    const { code, out } = await leakage('--joint', `${FIX}/positive-joint.csv`, '--epsilon', '0.1', '--json');
    assert.equal(code, 0);
    const j = JSON.parse(out);
    assert.equal(j.bdpl.toFixed(3), '0.196');
    assert.equal(j.lambda, 10);
    assert.deepEqual(
      j.adversaries.map((a: { target: string; known: string[] }) => `${a.target}|${a.known.join(',')}`),
      ['x1|', 'x1|x2', 'x2|', 'x2|x1'],
    );
    assert.ok(Math.abs(j.adversaries[1].bdpl - 0.1) < 1e-12);
    assert.deepEqual(j.worst.known, []);
    const neg = JSON.parse((await leakage('--joint', `${FIX}/negative-joint.csv`, '--epsilon', '0.1', '--json')).out);
    assert.equal(neg.adversaries[0].bdpl.toFixed(3), '0.004');
    assert.ok(Math.abs(neg.bdpl - 0.1) < 1e-12);
  });

  it('prints readable text without --json', async () => {
    const g = await leakage(`${FIX}/household.csv`, '--tau', '0.5', '--epsilon', '1');
    assert.match(g.out, /4 units, prior τ = 0\.5: max leakage coefficient ℓ = 2\.16216/);
    assert.match(g.out, /λ₀ = \(M\/ε\)\(1 \+ max ℓ\) = 3\.16216/);
    const j = await leakage('--joint', `${FIX}/positive-joint.csv`, '--epsilon', '0.1');
    assert.match(j.out, /BDPL = 0\.195994 > ε — not 0\.1-BDP/);
  });

  for (const [args, message] of [
    [
      [`${FIX}/two-households.csv`],
      /two-households\.csv: the correlation graph has 2 disconnected parts; give a prior τ > 0/,
    ],
    [[`${FIX}/negative-weight.csv`, '--tau', '1'], /negative-weight\.csv:3: weight -0\.5 is negative/],
    [['--joint', `${FIX}/household.csv`, '--epsilon', '1'], /household\.csv:1: no column 'p'/],
    [['--joint', `${FIX}/positive-joint.csv`], /--joint needs --epsilon/],
    [[`${FIX}/household.csv`, '--tau', '-1'], /--tau -1: τ must be a finite number ≥ 0/],
    [[`${FIX}/household.csv`, '--epsilon', '0'], /--epsilon 0: ε must be a finite number > 0/],
    [[`${FIX}/missing.csv`], /missing\.csv/],
  ] as const) {
    it(`exit 2 with one line: ${args.join(' ')}`, async () => {
      const { code, out, err } = await leakage(...args);
      assert.equal(code, 2);
      assert.equal(out, '');
      assert.equal(err.trim().split('\n').length, 1, err);
      assert.match(err, message);
    });
  }

  it('an id in a joint file is refused with its line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'privspec-leakage-'));
    try {
      writeFileSync(join(dir, 'j.csv'), 'x1,x2,p\n0,0,0.5\nann,1,0.5\n');
      const { code, err } = await leakage('--joint', join(dir, 'j.csv'), '--epsilon', '1');
      assert.equal(code, 2);
      assert.match(err, /j\.csv:3: value of x1 'ann' is not a number/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
