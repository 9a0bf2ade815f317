import { strict as assert } from 'node:assert';
import { runCli } from '../helpers/run-cli-isolated.js';

/** Runs `privspec budget …` in-process and captures what it prints. */
async function budget(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(['budget', ...argv], {
    out: (t) => (out += t),
    err: (t) => (err += t),
    cwd: process.cwd(),
  });
  return { code, out, err };
}

describe('cli: privspec budget', () => {
  it('--rho 0.1 --delta 1e-6 --json: classic ε 2.45 (seed Table 1) and a smaller optimal ε', async () => {
    const { code, out, err } = await budget('--rho', '0.1', '--delta', '1e-6', '--json');
    assert.equal(code, 0);
    assert.equal(err, '');
    assert.equal(out.trim().split('\n').length, 1);
    const j = JSON.parse(out);
    assert.equal(j.rho, 0.1);
    assert.equal(j.delta, 1e-6);
    // Seed "zCDP / NN-Wavelet", Table 1: ρ = 0.1, δ = 10^−6 → 2.45.
    assert.equal(j.epsilon.classic.toFixed(2), '2.45');
    assert.ok(j.epsilon.optimal < j.epsilon.classic);
    // CKS20 Cor. 13, cross-checked by brute force in test/engine/dp/accounting/zcdp.test.ts.
    assert.equal(j.epsilon.optimal.toFixed(4), '2.1419');
  });

  it('--epsilon E alone gives ρ = E²/2', async () => {
    const { code, out } = await budget('--epsilon', '1', '--json');
    assert.equal(code, 0);
    assert.deepEqual(JSON.parse(out), { epsilon: 1, rho: 0.5 });
    assert.deepEqual(JSON.parse((await budget('--epsilon', '0.3', '--json')).out), { epsilon: 0.3, rho: 0.045 });
  });

  it('--epsilon E --delta D gives the ρ that implies (E, D), classic and optimal, and Gaussian σ', async () => {
    const j = JSON.parse((await budget('--epsilon', '0.5', '--delta', '1e-6', '--json')).out);
    assert.ok(j.rho.optimal > j.rho.classic && j.rho.classic > 0);
    // Classic inverse: (√(ln 10^6 + 0.5) − √ln 10^6)² = (3.7835844 − 3.7169221)² = 0.0044438 (hand-computed).
    assert.ok(Math.abs(j.rho.classic - 0.0044438) < 1e-6, String(j.rho.classic));
    assert.ok(Math.abs(j.gaussianSigmaPerSensitivity.classicGaussian - 10.5976041) < 1e-6);
    assert.equal(j.pureRho, 0.125);
  });

  it('--rho alone prints the seed Table 1 row with optimal values', async () => {
    const j = JSON.parse((await budget('--rho', '0.01', '--json')).out);
    assert.deepEqual(
      j.table.map((r: { classic: number }) => r.classic.toFixed(2)),
      ['0.54', '0.62', '0.69', '0.75', '0.81', '0.87'],
    );
  });

  it('prints readable text without --json', async () => {
    const { code, out } = await budget('--rho', '0.1', '--delta', '1e-6');
    assert.equal(code, 0);
    assert.match(out, /ε = 2\.450788 {2}classic/);
    assert.match(out, /δ = 1e-6/);
  });

  for (const [args, message] of [
    [['--rho', '0', '--delta', '1e-6'], "--rho must be a finite number > 0, not '0' (see privspec budget --help)"],
    [['--rho', '-1', '--delta', '1e-6'], "--rho must be a finite number > 0, not '-1' (see privspec budget --help)"],
    [['--rho', '0.1', '--delta', '1'], "--delta must be within (0, 1), not '1' (see privspec budget --help)"],
    [['--rho', '0.1', '--delta', '0'], "--delta must be within (0, 1), not '0' (see privspec budget --help)"],
    [['--epsilon', '0'], "--epsilon must be a finite number > 0, not '0' (see privspec budget --help)"],
    [['--epsilon', 'abc'], "--epsilon must be a finite number > 0, not 'abc' (see privspec budget --help)"],
    [['--epsilon', '1', '--rho', '1'], 'give --epsilon or --rho, not both (see privspec budget --help)'],
  ] as const) {
    it(`absurd input ${args.join(' ')} → exit 2 with one line`, async () => {
      const { code, out, err } = await budget(...args);
      assert.equal(code, 2);
      assert.equal(out, '');
      assert.equal(err, `privspec budget: ${message}\n`);
    });
  }
});
