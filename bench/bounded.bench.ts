// `npm run bench -- bounded`: the times of the tests that bound work. Those tests assert CPU time at ten times what the
// work takes (test/helpers/cpu-time.ts), never wall time; this prints, on the same inputs
// (test/helpers/bounded-inputs.ts), the wall and CPU time of each against the goal its issue set. Each case is named
// after its test. The load average is printed first: on a shared machine the wall times count the neighbours' work too.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runCli } from '../cli/run-cli.js';
import { seededRandom } from '../engine/core/random.js';
import { readCsvFile } from '../engine/host/sources/csv/read-csv-file.js';
import { summarizeBudget, type Spendable } from '../engine/release/budget-walk.js';
import { suda } from '../engine/risk/suda-scores.js';
import { CsvRecordParser } from '../engine/table/csv-record-parser.js';
import { buildView } from '../engine/view/build-view.js';
import { compareViews, randomRangeWorkload } from '../engine/view/view-accuracy.js';
import { readViewText } from '../engine/view/view-file.js';
import { adultDir, loadAdult } from '../test/helpers/adult.js';
import {
  BOUNDED_DATA,
  householdLines,
  moonMoserSpec,
  nestedRangesSpec,
  overlappingRangesSpec,
  randomGraph5000Csv,
  randomRanges,
  reidFiles,
  smallGrid,
  twelveDimensions,
  WARM_UP_SPEC,
  wideCsv,
  wideRange,
  writeOpenQuote,
} from '../test/helpers/bounded-inputs.js';

/** Runs `work` and prints its wall and CPU seconds (CPU of every thread of this process) with the goal beside them. */
async function time(test: string, goal: string, work: () => unknown): Promise<void> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await work();
  const wall = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  console.log(`${test}: ${wall.toFixed(2)} s wall, ${((used.user + used.system) / 1e6).toFixed(2)} s CPU (${goal})`);
}

const quiet = { out: () => {}, err: () => {} };

export default async function run(): Promise<void> {
  console.log(
    `load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  const dir = mkdtempSync(join(tmpdir(), 'privspec-bounded-bench-'));
  try {
    // test/cli/bounded-check.test.ts, after the same warm-up check.
    writeFileSync(join(dir, 'd.csv'), BOUNDED_DATA);
    const check = async (spec: string) => {
      writeFileSync(join(dir, 's.privspec'), spec);
      if ((await runCli(['check', 's.privspec', '--format', 'json'], { ...quiet, cwd: dir })) !== 0)
        throw new Error('check failed');
    };
    await check(WARM_UP_SPEC);
    await time('check: 53 value-set releases overlapping in a Moon–Moser pattern', 'issue 21 item 9: ≤ 2 s', () =>
      check(moonMoserSpec(53)),
    );
    await time('check: 2,000 overlapping range releases', 'issue 21 item 9: ≤ 2 s', () =>
      check(overlappingRangesSpec(2000)),
    );
    await time('check: 2,000 nested range releases', 'issue 21 item 9: ≤ 2 s', () => check(nestedRangesSpec(2000)));

    // test/engine/release/overlap-walk.test.ts.
    const plans: Spendable[] = randomRanges(2000).map((q, i) => ({
      name: `r${i}`,
      box: new Map([['age', [{ kind: 'range' as const, low: q.low, high: q.high }]]]),
      userLevel: false,
      dp: true,
      costs: { pure: { kind: 'pure', epsilon: q.epsilon } },
    }));
    await time('budget walk over 2,000 random ranges', 'base commit: over 100 s of CPU', () =>
      summarizeBudget(plans, { accounting: 'pure', epsilon: 1e6 }),
    );

    // test/engine/host/sources/csv/linear-time-inputs.test.ts.
    const record = new TextEncoder().encode(`"${'y,'.repeat(2 << 20)}",1\n2,3\n`);
    await time('a 4 MiB record fed in 1 KiB chunks', 'one pass; re-parsing per chunk read about 8 GiB', () => {
      const parser = new CsvRecordParser({ delimiter: 0x2c, fieldCount: 2, firstLine: 1 });
      for (let at = 0; at < record.length; at += 1024) {
        const piece = record.subarray(at, Math.min(record.length, at + 1024));
        parser.reserve(piece.length);
        parser.buffer.set(piece, parser.filled);
        parser.filled += piece.length;
        parser.parse(false);
      }
      parser.parse(true);
    });
    const openQuote = join(dir, 'open-quote.csv');
    writeOpenQuote(openQuote, 64 << 20, false);
    for (const workers of [1, 3]) {
      await time(
        `an unclosed quote in a 64 MiB file, ${workers} thread(s)`,
        `before the fix about 5 s; the test's old wall bound ${workers === 1 ? 2.5 : 6} s`,
        () =>
          readCsvFile(openQuote, { workers }).then(
            () => {
              throw new Error('the unclosed quote was not refused');
            },
            () => undefined,
          ),
      );
    }

    // test/engine/table/column-limit.test.ts.
    writeFileSync(join(dir, 'wide.csv'), wideCsv(1_000_000));
    await time('the file reader refuses a 1,000,000-column header', 'base commit: past 30 s', () =>
      readCsvFile(join(dir, 'wide.csv')).catch(() => undefined),
    );
    await time('privspec risk refuses a 1,000,000-column header', 'base commit: past 30 s', () =>
      runCli(['risk', 'wide.csv', '--qi', 'c1'], { ...quiet, cwd: dir }),
    );

    // test/cli/finite-results.test.ts.
    writeFileSync(join(dir, 'g5000.csv'), randomGraph5000Csv());
    writeFileSync(join(dir, 'households.csv'), `${householdLines().join('\n')}\n`);
    await time('leakage on a connected 5,000-unit random graph', 'issue 21 item 11: seconds; base commit 74 s', () =>
      runCli(['leakage', 'g5000.csv', '--json'], { ...quiet, cwd: dir }),
    );
    await time('leakage with a prior on 1,000 households of five', 'base commit 74 s', () =>
      runCli(['leakage', 'households.csv', '--tau', '1', '--json'], { ...quiet, cwd: dir }),
    );

    // test/engine/view/*.test.ts.
    const identity = JSON.stringify(buildView(smallGrid(), { algorithm: 'identity', epsilon: 1 }, seededRandom(3)));
    await time('view file check of an identity view of 10,000 blocks', "the test's old wall bound 2 s", () =>
      readViewText(identity),
    );
    const twelve = twelveDimensions();
    const workload = randomRangeWorkload(twelve.dimensions, 2, 30, seededRandom(5));
    await time("the preview's comparison on 12 dimensions × 8 values", "the test's old wall bound 30 s", () =>
      compareViews(twelve, 10, workload, 1, seededRandom(6)),
    );
    for (const algorithm of ['hdpview', 'privtree'] as const) {
      await time(`${algorithm} over a declared range 0..1,000,000`, "the test's old wall bound 20 s", () =>
        buildView(wideRange(), { algorithm, epsilon: 1 }, seededRandom(13)),
      );
    }

    const adult = adultDir();
    if (!adult) {
      console.log('Adult data not found: the SUDA and reid cases are left out');
      return;
    }
    // test/engine/risk/suda.test.ts.
    const table = loadAdult(adult);
    await time('SUDA on Adult, 30,162 × 9', "the test's old wall bound 10 s", () =>
      suda(
        table,
        table.columns.map((c) => c.name),
      ),
    );

    // test/cli/reid-bounds.test.ts: the built command as its own process, as the test runs it.
    const cli = resolve('dist/cli.cjs');
    if (!existsSync(cli)) throw new Error('dist/cli.cjs is missing: npm run bench builds it first');
    for (const [n, qi, goal] of [
      [2000, ['sex', 'race', 'marital-status', 'education'], 'issue 23 item 1: ≤ 5 s'],
      [10000, ['age', 'education', 'marital-status', 'sex'], 'issue 21 item 9: ≤ 10 s in ≤ 1 GB'],
    ] as const) {
      const f = reidFiles(dir, n, [...qi]);
      const args = [
        cli,
        'reid',
        f.original,
        f.released,
        '--qi',
        qi.join(','),
        ...qi.flatMap((q) => ['--pram', `${q}=0.8`]),
        '--json',
      ];
      const timed = existsSync('/usr/bin/time');
      const started = performance.now();
      const r = timed
        ? spawnSync('/usr/bin/time', ['-f', '%U %S %M', process.execPath, ...args], {
            cwd: dir,
            encoding: 'utf8',
            maxBuffer: 1 << 28,
          })
        : spawnSync(process.execPath, args, { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 28 });
      const wall = (performance.now() - started) / 1000;
      if (r.status !== 0) throw new Error(`reid failed: ${r.stderr}`);
      const [user, system, kib] = timed ? r.stderr.trim().split('\n').pop()!.split(' ').map(Number) : [NaN, NaN, NaN];
      console.log(
        `reid on ${n.toLocaleString('en')} Adult records: ${wall.toFixed(2)} s wall, ${(user + system).toFixed(2)} s CPU, ${(kib / 1024).toFixed(0)} MB peak (${goal})`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
