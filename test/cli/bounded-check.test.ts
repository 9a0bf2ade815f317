import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../helpers/run-cli-isolated.js';
import {
  BOUNDED_DATA,
  moonMoserSpec,
  nestedRangesSpec,
  overlappingRangesSpec,
  WARM_UP_SPEC,
} from '../helpers/bounded-inputs.js';
import { withCpuTime } from '../helpers/cpu-time.js';

/*
 * Issue 21 item 9: `check` does bounded work however the releases overlap. What is bounded is CPU time of this
 * process after a warm-up check has loaded the command's code (loading Langium and transpiling the sources took
 * 2–3 s of the first check). On an idle 2-core machine the three checks took 2.15, 2.58 and 2.87 s of CPU in the
 * whole suite's process (issue 34; 0.9–2.4 s alone at load 6), so the bound, 30 s, is ten times the slowest: a busy
 * or slower machine does not fail it. It still fails what it guards: on the base commit fc66cd9 the first check ran
 * past 120 s and the second past 100 s (the clique search without its work budget, the whole overlap graph searched
 * again after every release). The wall times are printed by `npm run bench -- bounded`.
 */
const CPU_BOUND = 30;

async function check(
  dir: string,
  what: string,
  spec: string,
): Promise<{ cpu: number; spent: number; code: number; out: string }> {
  writeFileSync(join(dir, 's.privspec'), spec);
  let out = '';
  const { value: code, cpu } = await withCpuTime(what, () =>
    runCli(['check', 's.privspec', '--format', 'json'], { out: (t) => (out += t), err: (t) => (out += t), cwd: dir }),
  );
  const json = JSON.parse(out) as { budget: { spent: { epsilon: number } } };
  return { cpu, spent: json.budget.spent.epsilon, code, out };
}

describe('privspec check does bounded work (issue 21 item 9)', function () {
  // The bound is on CPU time; the wall time of a check near it on a loaded machine may be several times more.
  this.timeout(300_000);
  let dir: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'privspec-bounded-'));
    writeFileSync(join(dir, 'd.csv'), BOUNDED_DATA);
    assert.equal((await check(dir, 'warm-up', WARM_UP_SPEC)).code, 0);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it(`53 value-set releases overlapping in a Moon–Moser pattern: ≤ ${CPU_BOUND} s of CPU, and the exact heaviest clique, 18`, async () => {
    // 53 = 17 groups of three and one of two; a clique takes at most one release per group: 18 × ε 1.
    const r = await check(dir, 'Moon–Moser, 53 releases', moonMoserSpec(53));
    assert.equal(r.code, 0, r.out.slice(0, 500));
    assert.ok(r.cpu <= CPU_BOUND, `${r.cpu} s of CPU`);
    assert.equal(r.spent, 18);
  });

  it(`2,000 overlapping range releases: ≤ ${CPU_BOUND} s of CPU, and the heaviest point, 11 windows of ε 0.01`, async () => {
    const r = await check(dir, '2,000 overlapping ranges', overlappingRangesSpec(2000));
    assert.equal(r.code, 0, r.out.slice(0, 500));
    assert.ok(r.cpu <= CPU_BOUND, `${r.cpu} s of CPU`);
    assert.equal(r.spent, 0.11);
  });

  it(`2,000 nested range releases (all overlap): ≤ ${CPU_BOUND} s of CPU, and their sum`, async () => {
    const r = await check(dir, '2,000 nested ranges', nestedRangesSpec(2000));
    assert.ok(r.cpu <= CPU_BOUND, `${r.cpu} s of CPU`);
    assert.equal(r.spent, 20);
  });
});
