// `npm run bench [-- name…]`: runs every bench/*.bench.ts (or those whose name contains one of the arguments), one
// after another in this process so their figures are comparable, and prints what each reports. Benchmarks are not
// tests: they assert nothing.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
// The benches spend on ledgers of the data they generate: in a registry of their own (inherited by the processes they
// start), never the user's, so a bench run again starts from a fresh budget and leaves the user's ledgers alone.
const registry = mkdtempSync(join(tmpdir(), 'privspec-bench-ledgers-'));
process.env.PRIVSPEC_LEDGER_DIR ??= registry;
process.on('exit', () => rmSync(registry, { recursive: true, force: true }));
const filters = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();
for (const f of files) {
  console.log(`\n=== ${f.replace(/\.bench\.ts$/, '')} ===`);
  const mod = (await import(pathToFileURL(join(here, f)).href)) as { default: () => Promise<void> | void };
  await mod.default();
}
if (files.length === 0) console.log(`no benchmark matches ${filters.join(' ')}`);
