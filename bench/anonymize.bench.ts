// `npm run bench -- anonymize`: the optimal full-domain search on Adult against ARX 3.9.2 (Flash, OpenJDK 17) measured
// on this machine. Two figures per case: the search in a warm process (problem setup + lattice search on a table
// already in memory, like ARX's anonymize() in a warm JVM), and the whole cold `privspec anonymize` process
// (node dist/cli.cjs: start, read the CSV and hierarchies, search, print JSON), built first when dist/ is missing.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { KAnonymity } from '../engine/criteria/k-anonymity.js';
import { makeEntropyMetric } from '../engine/metrics/non-uniform-entropy.js';
import { searchOptimal } from '../engine/search/optimal-search.js';
import { makeProblem } from '../engine/search/problem.js';
import { ADULT_COLUMNS, adultDir, adultHierarchy, loadAdult } from '../test/helpers/adult.js';

interface Case {
  readonly label: string;
  readonly times: number;
  readonly k: number;
  readonly suppression: number;
  /** ARX's warm search in ms, as [low, high] when ARX's runs varied. */
  readonly arxWarm: readonly [number, number];
  /** ARX's whole cold process in ms, when measured. */
  readonly arxCold?: readonly [number, number];
}

const CASES: readonly Case[] = [
  { label: 'Adult, k=5, s=4%', times: 1, k: 5, suppression: 0.04, arxWarm: [962, 962], arxCold: [2900, 2900] },
  { label: 'Adult, k=100, s=4%', times: 1, k: 100, suppression: 0.04, arxWarm: [168, 168] },
  { label: 'Adult, k=5, s=0', times: 1, k: 5, suppression: 0, arxWarm: [37, 37] },
  { label: 'Adult×10, k=50, s=4%', times: 10, k: 50, suppression: 0.04, arxWarm: [868, 948], arxCold: [2900, 3400] },
];
const WARM_RUNS = 9;
const COLD_RUNS = 3;

export default async function () {
  const dir = adultDir();
  if (!dir) {
    console.log('skipped: Adult data not found (set PRIVSPEC_ADULT_DIR or put it at ../shared/data/adult)');
    return;
  }
  if (!existsSync('dist/cli.cjs')) spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  const scratch = mkdtempSync(join(tmpdir(), 'privspec-bench-'));
  const hierarchies = ADULT_COLUMNS.map((c) => adultHierarchy(c, dir));
  const rows: string[][] = [];
  try {
    for (const c of CASES) {
      const table = loadAdult(dir, c.times);
      let nodes = 0;
      let checked = 0;
      const warm: number[] = [];
      for (let run = 0; run <= WARM_RUNS; run++) {
        const started = performance.now();
        const problem = makeProblem(table, { qi: ADULT_COLUMNS, hierarchies, criteria: [new KAnonymity(c.k)], suppression: c.suppression });
        const result = searchOptimal(problem, makeEntropyMetric(problem));
        // The first run warms the JIT up, as ARX's warm figure excludes the JVM's.
        if (run > 0) warm.push(performance.now() - started);
        nodes = result.nodes;
        checked = result.checked;
      }
      const search = median(warm);
      let cold: { ms: number; rssMb: number } | undefined;
      if (c.arxCold) {
        const csv = c.times === 1 ? join(dir, 'adult.csv') : writeRepeated(dir, scratch, c.times);
        cold = coldProcess(csv, dir, c);
      }
      rows.push([
        c.label,
        `${search.toFixed(0)} ms (min ${Math.min(...warm).toFixed(0)})`,
        range(c.arxWarm, 'ms'),
        `${ratio(search, c.arxWarm)} (min ${ratio(Math.min(...warm), c.arxWarm)})`,
        `${checked} of ${nodes}`,
        cold ? `${cold.ms.toFixed(0)} ms, ${cold.rssMb.toFixed(0)} MB` : '—',
        c.arxCold ? `${range(c.arxCold, 'ms')}, 430 MB` : '—',
        cold && c.arxCold ? ratio(cold.ms, c.arxCold) : '—',
      ]);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  printTable(['case', 'privspec search (median)', 'ARX warm', 'ratio (≤ 0.5)', 'nodes evaluated', 'privspec process', 'ARX cold', 'ratio (≤ 0.5)'], rows);
  console.log(`\nsearch: median of ${WARM_RUNS} runs after one warm-up; process: median of ${COLD_RUNS} cold runs of node dist/cli.cjs anonymize … --json`);
  // Other work on the machine inflates medians far more than minima; say how busy it was.
  console.log(`load average during the run: ${loadavg().map((x) => x.toFixed(1)).join(', ')} (1, 5, 15 min) on ${availableCores()} cores`);
  console.log('ARX 3.9.2 figures: Flash, OpenJDK 17, measured on this machine (issue 3); the ARX cold process used 430 MB.');
}

function coldProcess(csv: string, dir: string, c: Case): { ms: number; rssMb: number } {
  const args = [
    'dist/cli.cjs', 'anonymize', csv, '--qi', ADULT_COLUMNS.join(','),
    ...ADULT_COLUMNS.flatMap((name) => ['--hierarchy', `${name}=${join(dir, `adult_hierarchy_${name}.csv`)}`]),
    '--k', String(c.k), '--suppression', String(c.suppression), '--metric', 'entropy', '--json',
  ];
  const runs: { ms: number; rssMb: number }[] = [];
  for (let i = 0; i < COLD_RUNS; i++) {
    // /usr/bin/time reports the child's peak resident set; without it only the wall time is known.
    const timed = existsSync('/usr/bin/time');
    const started = performance.now();
    const r = timed
      ? spawnSync('/usr/bin/time', ['-f', '%M', process.execPath, ...args], { encoding: 'utf8' })
      : spawnSync(process.execPath, args, { encoding: 'utf8' });
    const ms = performance.now() - started;
    if (r.status !== 0) throw new Error(`privspec anonymize failed (${r.status}): ${r.stderr}`);
    const rssKb = timed ? Number(r.stderr.trim().split('\n').pop()) : NaN;
    runs.push({ ms, rssMb: rssKb / 1024 });
  }
  runs.sort((a, b) => a.ms - b.ms);
  return runs[runs.length >> 1];
}

/** Adult repeated `times` times, header once, in a scratch folder (never in the repo). */
function writeRepeated(dir: string, scratch: string, times: number): string {
  const lines = readFileSync(join(dir, 'adult.csv'), 'utf8').split(/\r?\n/).filter((l) => l !== '');
  const body = lines.slice(1).join('\n');
  const path = join(scratch, `adult-x${times}.csv`);
  writeFileSync(path, `${lines[0]}\n${Array.from({ length: times }, () => body).join('\n')}\n`);
  return path;
}

function availableCores(): number {
  return availableParallelism();
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1];
}

function range([lo, hi]: readonly [number, number], unit: string): string {
  return lo === hi ? `${lo} ${unit}` : `${lo}–${hi} ${unit}`;
}

function ratio(ours: number, [lo, hi]: readonly [number, number]): string {
  return lo === hi ? (ours / lo).toFixed(2) : `${(ours / hi).toFixed(2)}–${(ours / lo).toFixed(2)}`;
}

function printTable(header: string[], rows: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}
