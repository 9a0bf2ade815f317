import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { adultDirOrSkip } from '../helpers/adult.js';
import { reidFiles } from '../helpers/bounded-inputs.js';

// Issue 23 item 1 (reid on 2,000 Adult records with heavy duplication ≤ 5 s) and issue 21 item 9 (reid on 10,000 rows
// ≤ 10 s in ≤ 1 GB). The CLI runs as its own process; a preloaded hook prints its CPU time and peak memory on exit.
// The memory bound is the issue's. The time goals are not asserted here: `npm run bench -- bounded` prints these two
// runs' times beside them, since a test bound near a goal (6.2 s of CPU against 10 s at load 10) fails on a slower
// machine.
// What the tests bound is CPU time (user + system; wall time would count a busy machine's other work), at ten times
// what the runs took at load 10–13 (0.97–1.1 s and 6.2–8.5 s), so they fail when the work grows tenfold, not on a slow
// machine.
const HOOK = `data:text/javascript,process.on('exit',()=>{const u=process.resourceUsage();process.stderr.write('USAGE '+JSON.stringify({cpu:(u.userCPUTime+u.systemCPUTime)/1e6,maxRssMb:u.maxRSS/1024})+'\\n')})`;

function reid(dir: string, n: number, qi: string[]) {
  const cli = resolve('dist/cli.cjs');
  assert.ok(existsSync(cli), 'npm test builds dist/cli.cjs first');
  const f = reidFiles(dir, n, qi);
  const args = [
    '--import',
    HOOK,
    cli,
    'reid',
    f.original,
    f.released,
    '--qi',
    qi.join(','),
    ...qi.flatMap((q) => ['--pram', `${q}=0.8`]),
    '--json',
  ];
  const started = performance.now();
  const r = spawnSync(process.execPath, args, { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 28 });
  const wall = (performance.now() - started) / 1000;
  assert.equal(r.status, 0, r.stderr);
  const usage = JSON.parse(/USAGE (.*)/.exec(r.stderr)![1]) as { cpu: number; maxRssMb: number };
  if (process.env.PRIVSPEC_TIMES)
    console.log(`      CPU ${usage.cpu.toFixed(3)} s, ${usage.maxRssMb.toFixed(0)} MB: reid on ${n} records`);
  return { json: JSON.parse(r.stdout), wall, ...usage };
}

describe('cli: privspec reid stays within its time and memory bounds on Adult', function () {
  // Generous, so that the CPU bound, not the wall time of a busy machine, is what fails.
  this.timeout(600_000);
  let dir: string;
  before(function () {
    adultDirOrSkip(this);
    dir = mkdtempSync(join(tmpdir(), 'privspec-reid-'));
  });
  after(() => dir && rmSync(dir, { recursive: true, force: true }));

  it('2,000 records on sex, race, marital-status, education (225 distinct): ≤ 15 s CPU, η checked doubly stochastic', function () {
    const r = reid(dir, 2000, ['sex', 'race', 'marital-status', 'education']);
    assert.ok(r.cpu <= 15, `${r.cpu} s CPU (${r.wall} s wall)`);
    assert.equal(r.json.rows, 2000);
    assert.ok(r.json.check.maxSumError <= 1e-9);
    assert.ok(r.json.maxRisk > 0 && r.json.maxRisk <= 1);
    assert.ok(Number.isFinite(r.json.bound) && r.json.bound >= 0);
    assert.ok(['exact', 'approximate'].includes(r.json.method));
  });

  it('10,000 records on age, education, marital-status, sex (≈2,500 × 4,000 record types): ≤ 90 s CPU and ≤ 1 GB', function () {
    const r = reid(dir, 10000, ['age', 'education', 'marital-status', 'sex']);
    assert.ok(r.cpu <= 90, `${r.cpu} s CPU (${r.wall} s wall)`);
    assert.ok(r.maxRssMb <= 1024, `${r.maxRssMb} MB`);
    assert.equal(r.json.eta, null);
    assert.match(r.json.etaOmitted, /by record type/);
    assert.ok(r.json.check.maxSumError <= 1e-9);
  });
});
