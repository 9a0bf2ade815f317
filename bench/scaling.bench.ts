// `npm run bench -- scaling`: does each reader and model take time linear in its input? Every line doubles the input
// and prints the time and the ratio to the previous size: about 2 is linear, about 4 quadratic (issue 10, item 11).
// CSV files are written to the OS temp folder and deleted afterwards. Each figure is the fastest of a few runs, the one
// least disturbed by the machine. Benchmarks assert nothing.
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { equivalenceClasses } from '../engine/anonymity/equivalence-classes.js';
import { kAnonymityViolations } from '../engine/anonymity/k-anonymity-report.js';
import { seededRandom } from '../engine/core/random.js';
import { KAnonymity } from '../engine/criteria/k-anonymity.js';
import { exactClampedSum } from '../engine/dp/fixed-point/exact-sum.js';
import { makeGaussian } from '../engine/dp/mechanisms/gaussian.js';
import { makeLaplace } from '../engine/dp/mechanisms/laplace.js';
import { intervalHierarchy } from '../engine/hierarchy/interval-hierarchy.js';
import { makeEntropyMetric } from '../engine/metrics/non-uniform-entropy.js';
import { readCsvFile } from '../engine/host/sources/csv/read-csv-file.js';
import { searchOptimal } from '../engine/search/optimal-search.js';
import { makeProblem } from '../engine/search/problem.js';
import type { Table } from '../engine/table/table.js';

const MB = 2 ** 20;

/** Times `run` on each size (fastest of `repeat`), printing one line: size, ms and the ratio to the size before. */
async function line(
  label: string,
  sizes: readonly number[],
  unit: string,
  run: (size: number) => unknown,
  repeat = 3,
): Promise<void> {
  const parts: string[] = [];
  let previous: number | undefined;
  // One unmeasured run first, so that compiling the code is not charged to the smallest size.
  await run(sizes[0]);
  for (const size of sizes) {
    let best = Infinity;
    for (let r = 0; r < repeat; r++) {
      const start = performance.now();
      await run(size);
      best = Math.min(best, performance.now() - start);
    }
    parts.push(
      `${size.toLocaleString('en')} ${unit}: ${best.toFixed(0)} ms${previous ? ` (×${(best / previous).toFixed(2)})` : ''}`,
    );
    previous = best;
  }
  console.log(`${label.padEnd(36)} ${parts.join(' · ')}`);
}

/**
 * A CSV of about `bytes` bytes: a header, then `12345,abcdefgh` rows; with `openQuote`, line 2 opens a quote that never
 * closes.
 */
function writeCsv(path: string, bytes: number, openQuote: boolean): void {
  const fd = openSync(path, 'w');
  writeSync(fd, openQuote ? 'a,b\n"x,1\n' : 'a,b\n');
  const block = Buffer.from('12345,abcdefgh\n'.repeat(8192));
  for (let written = 0; written < bytes; written += block.length) writeSync(fd, block);
  closeSync(fd);
}

/** A coded table of `rows` rows: age 0–99, sex, zip (1,000 values), from a fixed seed. */
function syntheticTable(rows: number): Table {
  const rng = seededRandom(rows);
  const col = (name: string, values: number) => ({
    name,
    codes: Int32Array.from({ length: rows }, () => rng.nextUint32() % values),
    dictionary: Array.from({ length: values }, (_, i) => String(i)),
  });
  return { columns: [col('age', 100), col('sex', 2), col('zip', 1000)], rowCount: rows };
}

async function readOrFail(path: string): Promise<void> {
  try {
    await readCsvFile(path);
  } catch {
    // The unclosed-quote file is meant to fail; its time to fail is the figure.
  }
}

export default async function (): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'privspec-scaling-'));
  console.log(
    `machine: ${availableParallelism()} cores, load average ${loadavg()[0].toFixed(1)}; readCsvFile on its default threads`,
  );
  try {
    for (const [label, openQuote, sizes] of [
      ['CSV, unclosed quote on line 2', true, [25, 50, 100, 200]],
      ['CSV, ordinary rows', false, [25, 50, 100]],
    ] as const) {
      const paths = new Map<number, string>();
      for (const size of sizes) {
        const path = join(dir, `${openQuote ? 'open' : 'plain'}-${size}.csv`);
        writeCsv(path, size * MB, openQuote);
        paths.set(size, path);
      }
      await line(label, sizes, 'MB', (size) => readOrFail(paths.get(size)!), 2);
      for (const path of paths.values()) rmSync(path, { force: true });
    }

    const rowSizes = [250_000, 500_000, 1_000_000, 2_000_000];
    const tables = new Map(rowSizes.map((n) => [n, syntheticTable(n)]));
    await line('equivalence classes (age,sex,zip)', rowSizes, 'rows', (n) =>
      equivalenceClasses(tables.get(n)!, ['age', 'sex', 'zip']),
    );
    await line('k-anonymity report, k = 5', rowSizes, 'rows', (n) =>
      kAnonymityViolations(equivalenceClasses(tables.get(n)!, ['age', 'sex', 'zip']), 5),
    );
    const hierarchies = [
      intervalHierarchy([5, 10, 20, 100]),
      intervalHierarchy([2]),
      intervalHierarchy([10, 100, 1000]),
    ];
    await line(
      'optimal search, 5×2×4 lattice',
      rowSizes,
      'rows',
      (n) => {
        const problem = makeProblem(tables.get(n)!, {
          qi: ['age', 'sex', 'zip'],
          hierarchies,
          criteria: [new KAnonymity(5)],
          suppression: 0.02,
        });
        return searchOptimal(problem, makeEntropyMetric(problem));
      },
      2,
    );

    const vectorSizes = [25_000, 50_000, 100_000, 200_000];
    const vectors = new Map(vectorSizes.map((n) => [n, Array.from({ length: n }, (_, i) => i % 1000)]));
    const rng = seededRandom(3);
    await line('Laplace on a count vector, ε = 1', vectorSizes, 'cells', (n) =>
      makeLaplace({ sensitivity: 1, epsilon: 1, integer: true, size: n, rng }).invoke(vectors.get(n)!),
    );
    await line('Gaussian on a count vector, ρ = 0.5', vectorSizes, 'cells', (n) =>
      makeGaussian({ sensitivity: 1, rho: 0.5, integer: true, size: n, rng }).invoke(vectors.get(n)!),
    );
    const sumSizes = [1_000_000, 2_000_000, 4_000_000, 8_000_000];
    const sums = new Map(sumSizes.map((n) => [n, Float64Array.from({ length: n }, (_, i) => (i % 2001) / 2)]));
    await line('exact clamped sum (fixed point)', sumSizes, 'values', (n) => exactClampedSum(sums.get(n)!, 0, 1000));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
