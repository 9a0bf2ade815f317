// The cost of one release against a ledger of N earlier entries (issue 36 item 5: 50,000 entries → one release ≤ 1 s,
// lock held ≤ 100 ms). Entries are copies of one real entry, either reading every row or boxed by a `where` region
// (the boxed ones go through the overlap graph). `npm run bench -- ledger`; LEDGER_SIZES=1000,5000 to choose N.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../cli/run-cli.js';
import { ledgerFor } from '../engine/host/ledger/dataset-identity.js';

const quiet = { out: () => undefined, err: () => undefined };

async function once(n: number, where: string): Promise<number> {
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
    const ledger = JSON.parse(readFileSync(location.file, 'utf8'));
    ledger.entries = Array.from({ length: n }, (_, i) => ({ ...ledger.entries[0], id: `e${i}` }));
    writeFileSync(location.file, JSON.stringify(ledger));
    writeFileSync(location.marker, JSON.stringify({ ledger: ledger.id, records: n }));
    const t = performance.now();
    await runCli(['release', 's.privspec', '--out', 'o1'], { ...quiet, cwd: dir });
    return performance.now() - t;
  } finally {
    process.env.PRIVSPEC_LEDGER_DIR = saved;
    rmSync(dir, { recursive: true, force: true });
  }
}

export default async function (): Promise<void> {
  const sizes = (process.env.LEDGER_SIZES ?? '1000,5000').split(',').map(Number);
  for (const [what, where] of [
    ['every row', ''],
    ['boxed (where age in 0..60)', 'where age in 0..60 '],
  ] as const) {
    for (const n of sizes) console.log(`${what}: ${n} entries → one release ${(await once(n, where)).toFixed(0)} ms`);
  }
}
