import { strict as assert } from 'node:assert';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../helpers/run-cli-isolated.js';
import { deltaOptimal } from '../../engine/dp/accounting/zcdp.js';
import { householdLines, randomGraph5000Csv } from '../helpers/bounded-inputs.js';
import { withCpuTime } from '../helpers/cpu-time.js';

/*
 * Issue 21 items 9, 10 and 11: no confident NaN, ∞ or wrong 0; check and release refuse the same correlation lists;
 * `leakage` on 5,000 units in seconds. Every test here fails on the base commit fc66cd9 (noted per test). The leakage
 * bounds are CPU time, not wall time, which a busy machine stretches: 5 s is more than ten times what each took at
 * load 10 (0.16 and 0.29 s).
 */
async function run(cwd: string, ...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: (t) => (out += t), err: (t) => (err += t), cwd });
  return { code, out, err };
}

describe('privspec prints no confident NaN (issue 21 items 9–11)', () => {
  let dir: string;
  before(() => (dir = mkdtempSync(join(tmpdir(), 'privspec-finite-'))));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('budget --rho 1e-320 --delta 0.5: a subnormal ρ is tiny, not too large (base: exit 2 "too large")', async () => {
    const r = await run(dir, 'budget', '--rho', '1e-320', '--delta', '0.5', '--json');
    assert.equal(r.code, 0, r.err);
    const j = JSON.parse(r.out);
    // Classic: ρ + 2√(ρ ln 2) = 2·√(6.931…e-321) = 1.66514…e-160 (ρ itself is below its last digit).
    assert.ok(Math.abs(j.epsilon.classic / (2 * Math.sqrt(1e-320 * Math.LN2)) - 1) < 1e-12, String(j.epsilon.classic));
    // Optimal: 0, since ρ-zCDP with ρ = 1e-320 is (0, δ)-DP for every δ ≥ the total variation distance of two Gaussians
    // √(2ρ) standard deviations apart, about 5.6e-161 (CKS20): the engine's δ(ε = 0) must be that small.
    assert.equal(j.epsilon.optimal, 0);
    assert.ok(deltaOptimal(1e-320, 0) <= 0.5);
    const table = await run(dir, 'budget', '--rho', '1e-320', '--json');
    assert.equal(table.code, 0, table.err);
    assert.ok(JSON.parse(table.out).table.every((row: { classic: number }) => row.classic > 0 && row.classic < 1e-159));
  });

  it('budget --epsilon 1e-320 --delta 0.5 refuses an infinite σ, exit 2 with the reason (base: printed "Infinity", exit 0)', async () => {
    const r = await run(dir, 'budget', '--epsilon', '1e-320', '--delta', '0.5');
    assert.equal(r.code, 2);
    assert.equal(r.out, '');
    assert.match(r.err, /gaussianSigmaPerSensitivity\.zcdpClassic came out as Infinity, not a finite number/);
  });

  it('leakage with edge weights 1e154: the star u0–u1, u0–u2 gives ℓ = 2 without a prior (base: "ℓ = NaN", exit 0)', async () => {
    writeFileSync(join(dir, 'big.csv'), 'a,b,weight\nu0,u1,1e154\nu0,u2,1e154\n');
    const r = await run(dir, 'leakage', 'big.csv', '--json');
    assert.equal(r.code, 0, r.err);
    // τ = 0, connected: every ℓ = n − 1 = 2 (Yang, Sato, Nakagawa, SIGMOD 2015, eq. 29).
    assert.deepEqual(
      JSON.parse(r.out).top.map((t: { leakage: number }) => t.leakage),
      [2, 2, 2],
    );
  });

  it('leakage with weights and τ of 1e154 is the same as with 1: ℓ = 1 at the centre, 0.6 at a leaf (hand-derived)', async () => {
    // Scaled by 1e-154: Q = [[3, −1, −1], [−1, 2, 0], [−1, 0, 2]]. Given x₀ each leaf's mean is x₀/2, so ℓ₀ = 1; given
    // x₁, [[3, −1], [−1, 2]]·y = [1, 0] gives y = (2/5, 1/5), so ℓ₁ = 3/5.
    writeFileSync(join(dir, 'big.csv'), 'a,b,weight\nu0,u1,1e154\nu0,u2,1e154\n');
    const r = await run(dir, 'leakage', 'big.csv', '--tau', '1e154', '--json');
    assert.equal(r.code, 0, r.err);
    const top = JSON.parse(r.out).top as { unit: string; leakage: number }[];
    assert.equal(top[0].unit, 'u0');
    assert.ok(Math.abs(top[0].leakage - 1) < 1e-12);
    assert.ok(Math.abs(top[1].leakage - 0.6) < 1e-12 && Math.abs(top[2].leakage - 0.6) < 1e-12);
  });

  it('leakage --joint with values 0 and 1e308: BDPL 2, not 0 (base: "BDPL 0")', async () => {
    // Two tuples always equal: sums 0 or 2e308, λ = M/ε = 1e308; the output densities differ by |2e308 − 0|/λ = 2.
    writeFileSync(join(dir, 'joint.csv'), 'x1,x2,p\n0,0,0.5\n1e308,1e308,0.5\n');
    const r = await run(dir, 'leakage', '--joint', 'joint.csv', '--epsilon', '1', '--json');
    assert.equal(r.code, 0, r.err);
    const j = JSON.parse(r.out);
    assert.ok(Math.abs(j.bdpl - 2) < 1e-12, String(j.bdpl));
    assert.deepEqual(
      j.adversaries.map((a: { bdpl: number }) => Math.round(a.bdpl * 1e9) / 1e9),
      [2, 0, 2, 0],
    );
    assert.equal(j.worst.witness.other, 1e308);
  });

  it('leakage on a connected 5,000-unit random graph: ≤ 5 s of CPU, every ℓ = 4,999 (base: 74 s)', async () => {
    writeFileSync(join(dir, 'g5000.csv'), randomGraph5000Csv());
    const { value: r, cpu } = await withCpuTime('leakage, 5,000 units', () =>
      run(dir, 'leakage', 'g5000.csv', '--json'),
    );
    assert.ok(cpu <= 5, `${cpu} s of CPU`);
    assert.equal(r.code, 0, r.err);
    const j = JSON.parse(r.out);
    assert.equal(j.n, 5000);
    assert.equal(j.maxLeakage, 4999);
  });

  it('leakage with a prior on 5,000 units in 1,000 households of five: ≤ 5 s of CPU, each part solved alone (base: 74 s)', async () => {
    // Each household is a path h·a – h·b – h·c – h·d – h·e; with τ = 1 every household has the same ℓ.
    const lines = householdLines();
    writeFileSync(join(dir, 'households.csv'), `${lines.join('\n')}\n`);
    writeFileSync(join(dir, 'one.csv'), `${lines.slice(0, 5).join('\n')}\n`);
    const { value: r, cpu } = await withCpuTime('leakage with a prior, 1,000 households', () =>
      run(dir, 'leakage', 'households.csv', '--tau', '1', '--json'),
    );
    assert.ok(cpu <= 5, `${cpu} s of CPU`);
    assert.equal(r.code, 0, r.err);
    const one = JSON.parse((await run(dir, 'leakage', 'one.csv', '--tau', '1', '--json')).out);
    assert.equal(JSON.parse(r.out).maxLeakage, one.maxLeakage);
  });

  it('check refuses a correlation list that release refuses (base: check 0 errors, release refused)', async () => {
    const spec = join(dir, 'spec');
    cpSync('test/fixtures/correlated-spec', spec, { recursive: true });
    writeFileSync(join(spec, 'data', 'split.csv'), 'a,b\nh1a,h1b\nh2a,h2b\n');
    writeFileSync(
      join(spec, 'split.privspec'),
      'dataset people from "data/people.csv" {\n  insensitive amount\n  unit unit\n  correlation from "data/split.csv"\n}\nbudget { epsilon 1 }\nrelease total: sum amount clamp 0..50  bound unit rows 1  laplace epsilon 0.5\n',
    );
    const check = await run(spec, 'check', 'split.privspec', '--format', 'json');
    assert.equal(check.code, 1);
    const messages = JSON.parse(check.out)
      .diagnostics.map((d: { message: string }) => d.message)
      .join('\n');
    assert.match(messages, /correlation edge list cannot be used: the correlation graph has 2 disconnected parts/);
    const release = await run(spec, 'release', 'split.privspec', '--out', 'out');
    assert.notEqual(release.code, 0);
    assert.match(release.err, /2 disconnected parts/);
  });
});
