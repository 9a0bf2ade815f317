// `npm run bench -- scale`: how privspec scales (issue 25): the search on Adult against Adult × 10, `privspec risk` on
// 20 million and 100 million rows (time and peak memory of the whole process), and the cold start of the command line.
// The large CSVs are written to the OS temp folder and deleted afterwards; nothing is committed. Each figure is the
// fastest of a few runs, the one least disturbed by other work on this shared machine. Benchmarks assert nothing.
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { seededRandom } from '../engine/core/random.js';
import { KAnonymity } from '../engine/criteria/k-anonymity.js';
import { makeEntropyMetric } from '../engine/metrics/non-uniform-entropy.js';
import { searchOptimal } from '../engine/search/optimal-search.js';
import { makeProblem } from '../engine/search/problem.js';
import { ADULT_COLUMNS, adultDir, adultHierarchy, loadAdult } from '../test/helpers/adult.js';
import { mb, privspecProcess } from './measure-process.js';

/** The targets for `privspec risk` on 20 M rows × 3 quasi-identifiers, and on 100 M rows. */
const RISK_20M = { ms: 3000, mb: 300 };
const RISK_100M = { ms: 15000 };
/** Rows per random block; the files repeat one block, which keeps writing them at disk speed. */
const BLOCK_ROWS = 1_000_000;

export default function (): void {
  console.log(
    `machine: ${availableParallelism()} cores, load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(', ')} (1, 5, 15 min); fastest of several runs each`,
  );
  searchScaling();
  const dir = mkdtempSync(join(tmpdir(), 'privspec-scale-'));
  try {
    for (const [rows, runs, target] of [
      [20_000_000, 3, RISK_20M],
      [100_000_000, 2, RISK_100M],
    ] as const) {
      const path = join(dir, `risk-${rows / 1e6}m.csv`);
      writeRiskCsv(path, rows);
      const size = statSync(path).size;
      const r = privspecProcess(['risk', path, '--qi', 'age,sex,zip', '--k', '5', '--json'], runs);
      rmSync(path);
      const memory = 'mb' in target ? `, target ≤ ${target.mb} MB ${r.peakMb <= target.mb ? 'met' : 'missed'}` : '';
      console.log(
        `privspec risk, ${(rows / 1e6).toFixed(0)} M rows × 3 QIs (${(size / 2 ** 20).toFixed(0)} MiB): ${r.ms.toFixed(0)} ms, peak ${mb(r.peakMb)} (target ≤ ${target.ms / 1000} s ${r.ms <= target.ms ? 'met' : 'missed'}${memory})`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  coldStart();
}

/** The warm search on Adult and on Adult × 10 (k scaled with the rows, as the arx bench's × 10 case does). */
function searchScaling(): void {
  const dir = adultDir();
  if (!dir) {
    console.log('search: skipped, Adult data not found (set PRIVSPEC_ADULT_DIR or put it at ../shared/data/adult)');
    return;
  }
  const hierarchies = ADULT_COLUMNS.map((c) => adultHierarchy(c, dir));
  const best = (times: number, k: number) => {
    const table = loadAdult(dir, times);
    let ms = Infinity;
    for (let run = 0; run <= 7; run++) {
      const started = performance.now();
      const problem = makeProblem(table, {
        qi: ADULT_COLUMNS,
        hierarchies,
        criteria: [new KAnonymity(k)],
        suppression: 0.04,
      });
      searchOptimal(problem, makeEntropyMetric(problem));
      if (run > 0) ms = Math.min(ms, performance.now() - started);
    }
    return ms;
  };
  // k grows with the copies, so that both searches face the same classes (k = 5 on Adult × 10 is met at the bottom).
  const one = best(1, 5);
  const ten = best(10, 50);
  console.log(
    `search, 4 % suppression: Adult k 5 ${one.toFixed(0)} ms, Adult × 10 k 50 ${ten.toFixed(0)} ms: × ${(ten / one).toFixed(2)} (target ≤ 1.2 ${ten / one <= 1.2 ? 'met' : 'missed'})`,
  );
}

/**
 * A CSV of `rows` rows: age (100 values), sex (2), zip (1,000), and two numeric columns the risk command does not read
 * (income up to 10⁷, a 5-digit score), about 25 bytes a row. One random block of a million rows is repeated.
 */
function writeRiskCsv(path: string, rows: number): void {
  const rng = seededRandom(25);
  const lines: string[] = [];
  for (let r = 0; r < BLOCK_ROWS; r++) {
    const u = () => rng.nextUint32();
    lines.push(
      `${u() % 100},${u() % 2 ? 'F' : 'M'},${10000 + (u() % 1000)},${u() % 10_000_000},${10000 + (u() % 90000)}\n`,
    );
  }
  const block = Buffer.from(lines.join(''));
  const fd = openSync(path, 'w');
  try {
    writeSync(fd, 'age,sex,zip,income,score\n');
    for (let written = 0; written < rows; written += BLOCK_ROWS)
      writeSync(fd, rows - written >= BLOCK_ROWS ? block : Buffer.from(lines.slice(0, rows - written).join('')));
  } finally {
    closeSync(fd);
  }
}

/** `privspec --version` and a small `risk`, beside a bare `node -e ''` (Node's own start). */
function coldStart(): void {
  const bare = (() => {
    let ms = Infinity;
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      spawnSync(process.execPath, ['-e', '']);
      ms = Math.min(ms, performance.now() - started);
    }
    return ms;
  })();
  const version = privspecProcess(['--version'], 20, [0]);
  const risk = privspecProcess(['risk', 'test/fixtures/risk-small.csv', '--qi', 'age,zip,sex'], 20);
  console.log(
    `cold start: node -e '' ${bare.toFixed(0)} ms; privspec --version ${version.ms.toFixed(0)} ms (${mb(version.peakMb)}); privspec risk on a 7-row CSV ${risk.ms.toFixed(0)} ms (${mb(risk.peakMb)})`,
  );
}
