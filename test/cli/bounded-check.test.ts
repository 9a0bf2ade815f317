import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../cli/run-cli.js';

/*
 * Issue 21 item 9: `check` does bounded work however the releases overlap. Times are CPU seconds of this process
 * (process.cpuUsage), so a busy machine does not fail them; on the base commit fc66cd9 the first ran past 120 s and
 * the second past 100 s, so each limit fails there by a wide margin.
 */
const head = 'dataset d from "d.csv" { insensitive age, c }\nbudget { epsilon 100000 }\n';

async function timedCheck(dir: string, spec: string): Promise<{ seconds: number; spent: number; code: number; out: string }> {
  writeFileSync(join(dir, 's.privspec'), spec);
  let out = '';
  const start = process.cpuUsage();
  const code = await runCli(['check', 's.privspec', '--format', 'json'], { out: (t) => (out += t), err: (t) => (out += t), cwd: dir });
  const cpu = process.cpuUsage(start);
  const json = JSON.parse(out) as { budget: { spent: { epsilon: number } } };
  if (process.env.PRIVSPEC_TIMES) console.log(`    CPU ${(cpu.user + cpu.system) / 1e6} s`);
  return { seconds: (cpu.user + cpu.system) / 1e6, spent: json.budget.spent.epsilon, code, out };
}

/**
 * 53 releases over value sets in a Moon–Moser pattern: groups of three whose sets are pairwise disjoint within a
 * group and share one value with every set of another group, so the overlap graph has 3^17·9 maximal cliques.
 */
function moonMoserSpec(n: number): string {
  const group = (i: number) => Math.floor(i / 3);
  let spec = head;
  for (let i = 0; i < n; i++) {
    const values: string[] = [];
    for (let j = 0; j < n; j++) {
      if (group(j) === group(i)) continue;
      const [a, b] = i < j ? [i, j] : [j, i];
      values.push(`"${a}.${b}"`);
    }
    spec += `release m${i}: count where c in {${values.join(', ')}}  laplace epsilon 1\n`;
  }
  return spec;
}

describe('privspec check does bounded work (issue 21 item 9)', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'privspec-bounded-'));
    writeFileSync(join(dir, 'd.csv'), 'age,c\n30,x\n');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('53 value-set releases overlapping in a Moon–Moser pattern: ≤ 2 s, and the exact heaviest clique, 18', async () => {
    // 53 = 17 groups of three and one of two; a clique takes at most one release per group: 18 × ε 1.
    const r = await timedCheck(dir, moonMoserSpec(53));
    assert.equal(r.code, 0, r.out.slice(0, 500));
    assert.ok(r.seconds <= 2, `took ${r.seconds} s`);
    assert.equal(r.spent, 18);
  });

  it('2,000 overlapping range releases: ≤ 2 s, and the heaviest point, 11 windows of ε 0.01', async () => {
    let spec = head;
    for (let i = 0; i < 2000; i++) spec += `release r${i}: count where age in ${i}..${i + 10}  laplace epsilon 0.01\n`;
    const r = await timedCheck(dir, spec);
    assert.equal(r.code, 0, r.out.slice(0, 500));
    assert.ok(r.seconds <= 2, `took ${r.seconds} s`);
    assert.equal(r.spent, 0.11);
  });

  it('2,000 nested range releases (all overlap): ≤ 2 s, and their sum', async () => {
    let spec = head;
    for (let i = 0; i < 2000; i++) spec += `release r${i}: count where age in 0..${i}  laplace epsilon 0.01\n`;
    const r = await timedCheck(dir, spec);
    assert.ok(r.seconds <= 2, `took ${r.seconds} s`);
    assert.equal(r.spent, 20);
  });
});
