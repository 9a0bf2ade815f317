// `npm run bench -- wave3-limits`: the times of issue 36's bounded work (item 6), on the inputs of
// test/cli/bounded-work.test.ts and test/engine/attack/attack-bound.test.ts at the sizes: `query --workload`
// with 10^6 lines (goal ≤ 30 s), `synthesize` of 10^6 records × 60 dimensions streamed (main: "Invalid string length"
// after 44 s), and the attack on Mondrian ranges at 50,000 × 100,000 (goal ≤ 60 s and ≤ 1 GB, or refused up front).
// The load average is printed first: on a shared machine the wall times count the neighbours' work too.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../cli/run-cli.js';
import { linkageAttack } from '../engine/attack/linkage-attack.js';
import { seededRandom } from '../engine/core/random.js';
import { tableFromRows } from '../engine/table/table.js';
import { gridView, wideView } from '../test/helpers/view-inputs.js';

async function time(what: string, goal: string, work: () => unknown): Promise<void> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  let outcome = 'done';
  try {
    await work();
  } catch (e) {
    outcome = `refused: ${(e as Error).message}`;
  }
  const wall = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const rss = process.memoryUsage().rss / 2 ** 20;
  console.log(
    `${what}: ${wall.toFixed(2)} s wall, ${((used.user + used.system) / 1e6).toFixed(2)} s CPU, RSS ${rss.toFixed(0)} MB after (${goal}); ${outcome}`,
  );
}

export default async function run(): Promise<void> {
  console.log(
    `load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  const dir = mkdtempSync(join(tmpdir(), 'privspec-wave3-bench-'));
  const quiet = { out: () => {}, err: (t: string) => process.stderr.write(t), cwd: dir };
  try {
    writeFileSync(join(dir, 'view.json'), gridView());
    const lines: string[] = [];
    for (let n = 0; n < 1_000_000; n++)
      lines.push(`count where age in ${n % 50}..${(n % 50) + 30} and c = "v${n % 10}"`);
    writeFileSync(join(dir, 'workload.txt'), `${lines.join('\n')}\n`);
    await time('query --workload, 10^6 lines', 'goal ≤ 30 s', () =>
      runCli(['query', 'view.json', '--workload', 'workload.txt'], quiet),
    );
    writeFileSync(join(dir, 'wide60.json'), wideView(60));
    await time('synthesize 10^6 records × 60 dimensions, streamed', 'main: Invalid string length after 44 s', () =>
      runCli(['synthesize', 'wide60.json', '--rows', '1000000', '--out', 's.csv', '--max-cells', '60000000'], quiet),
    );
    // Mondrian-style ranges of 100 ages over candidates aged 0..99,999: each released tuple covers 100 candidates.
    const candidates = tableFromRows(
      ['id', 'age'],
      Array.from({ length: 100_000 }, (_, a) => [`c${a}`, String(a)]),
    );
    const released = tableFromRows(
      ['age'],
      Array.from({ length: 50_000 }, (_, i) => {
        const lo = 2 * i - (i % 100);
        return [`[${lo}, ${lo + 99}]`];
      }),
    );
    await time('attack, 50,000 ranges × 100,000 candidates', 'goal ≤ 60 s, ≤ 1 GB, or refused up front', () =>
      linkageAttack(released, candidates, { qi: ['age'], candidateId: 'id', rng: seededRandom(1) }),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
