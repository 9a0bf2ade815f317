// The cost of one release against a ledger of N earlier entries (issue 36 item 5: 50,000 entries → one release ≤ 1 s,
// lock held ≤ 100 ms). Entries are copies of one real entry, either reading every row or boxed by a `where` region
// (the boxed ones go through the overlap graph). The ledger is a log with its index (engine/host/ledger/ledger-log.ts),
// written here as a run would have left it. Two figures per case: one `privspec release` end to end, and one spend
// through the ledger's lock alone (recordSpend: taking the lock, reading the index, appending, updating the index —
// an upper bound on the time the lock is held). `npm run bench -- ledger`; LEDGER_SIZES=1000,50000 to choose N.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../cli/run-cli.js';
import { ledgerFor } from '../engine/host/ledger/dataset-identity.js';
import { indexOfLog, parseLog, writeIndex } from '../engine/host/ledger/ledger-log.js';
import { recordSpend } from '../engine/host/ledger/release-spend.js';
import type { PreparedRelease } from '../engine/release/kinds/prepared-release.js';

const quiet = { out: () => undefined, err: () => undefined };

async function once(n: number, where: string): Promise<{ release: number; lock: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'privspec-ledger-bench-'));
  const saved = process.env.PRIVSPEC_LEDGER_DIR;
  process.env.PRIVSPEC_LEDGER_DIR = join(dir, 'registry');
  try {
    writeFileSync(join(dir, 'd.csv'), 'sex,age\nF,30\nM,40\nF,50\n');
    writeFileSync(
      join(dir, 's.privspec'),
      `dataset d from "d.csv" { quasi sex  insensitive age }\nhierarchy sex { "M", "F" -> "*" }\nbudget { epsilon 1000000 }\nrelease c: count by sex ${where} laplace epsilon 1\n`,
    );
    await runCli(['release', 's.privspec', '--out', 'o0'], { ...quiet, cwd: dir });
    const location = await ledgerFor(join(dir, 'd.csv'));
    const [header, first] = readFileSync(location.file, 'utf8').split('\n');
    const entry = (JSON.parse(first) as { entry: Record<string, unknown> }).entry;
    const lines = Array.from({ length: n }, (_, i) => JSON.stringify({ entry: { ...entry, id: `e${i}` } }));
    writeFileSync(location.file, `${[header, ...lines].join('\n')}\n`);
    await writeIndex(location.file, indexOfLog(parseLog(location.file, readFileSync(location.file, 'utf8'))));
    writeFileSync(location.marker, JSON.stringify({ records: n }));
    let t = performance.now();
    await runCli(['release', 's.privspec', '--out', 'o1'], { ...quiet, cwd: dir });
    const release = performance.now() - t;
    t = performance.now();
    await recordSpend({
      location,
      specFile: join(dir, 's.privspec'),
      budget: { accounting: 'pure', epsilon: 1_000_000 },
      name: 'c',
      prepared: { costs: entry.costs, box: undefined, userLevel: false } as unknown as PreparedRelease,
      seeded: false,
    });
    return { release, lock: performance.now() - t };
  } finally {
    process.env.PRIVSPEC_LEDGER_DIR = saved;
    rmSync(dir, { recursive: true, force: true });
  }
}

export default async function (): Promise<void> {
  const sizes = (process.env.LEDGER_SIZES ?? '1000,5000,50000').split(',').map(Number);
  for (const [what, where] of [
    ['every row', ''],
    ['boxed (where age in 0..60)', 'where age in 0..60 '],
  ] as const) {
    for (const n of sizes) {
      const { release, lock } = await once(n, where);
      console.log(
        `${what}: ${n} entries → one release ${release.toFixed(0)} ms; one spend under the lock ${lock.toFixed(0)} ms`,
      );
    }
  }
}
