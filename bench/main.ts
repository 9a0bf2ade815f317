// `npm run bench [-- name…]`: runs every bench/*.bench.ts (or those whose name contains one of the arguments), one
// after another in this process so their figures are comparable, and prints what each reports. Benchmarks are not
// tests: they assert nothing.
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
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
