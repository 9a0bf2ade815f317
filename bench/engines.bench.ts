// `npm run bench -- engines`: issue 26's targets, measured in one run.
// 1. `privspec risk` on a Parquet file of PRIVSPEC_BENCH_ROWS rows (default 100,000,000; generated here with DuckDB in
//    the OS temporary folder and deleted after): the whole cold process's wall time and peak resident set (kernel
// maxRSS
//    via /usr/bin/time), against DuckDB's own GROUP BY of the same classes (the query `privspec risk` needs, on the
// native
//    column types, in this process). Targets: peak ≤ 1 GB, time ≤ 1.5 × DuckDB's.
// 2. A streamed `privspec release` of a generalize release on the same Parquet file: decided on DuckDB's frequency
//    table, the rows shuffled by DuckDB (ORDER BY a keyed hash, spilling under its memory limit) and streamed through
//    the decision into the CSV; the table is never held, so the peak stays in the same 1 GB bound. Wall time and peak
//    resident set of the whole process, rows written.
// 3. The generalize search on Adult × 100 (3,016,200 rows, a CSV in the temporary folder): `privspec anonymize` through
//    DuckDB (--engine duckdb: DuckDB groups the file, the search reads the frequency table) against the in-memory path
//    (--engine memory), both whole cold processes, and DuckDB on one thread. Target (issue 38): DuckDB ≤ 1.1 ×
//    in-memory on an idle machine, the reports the same bytes. PRIVSPEC_BENCH_ROWS=0 runs this part alone.
import { spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { duckdbSettings } from '../engine/host/sources/duckdb/duckdb-source.js';
import { ADULT_COLUMNS, adultDir } from '../test/helpers/adult.js';

const ROWS = Number(process.env.PRIVSPEC_BENCH_ROWS ?? 100_000_000);
const RUNS = Number(process.env.PRIVSPEC_BENCH_RUNS ?? 3);
const QI = ['age', 'sex', 'zip', 'education'];

interface Timed {
  readonly ms: number;
  readonly rssMb: number;
  readonly out: string;
}

function timedCli(args: readonly string[], env: Record<string, string> = {}): Timed {
  const timed = existsSync('/usr/bin/time');
  const started = performance.now();
  const r = timed
    ? spawnSync('/usr/bin/time', ['-f', '%M', process.execPath, 'dist/cli.cjs', ...args], {
        encoding: 'utf8',
        maxBuffer: 1 << 26,
        env: { ...process.env, ...env },
      })
    : spawnSync(process.execPath, ['dist/cli.cjs', ...args], {
        encoding: 'utf8',
        maxBuffer: 1 << 26,
        env: { ...process.env, ...env },
      });
  const ms = performance.now() - started;
  if (r.status !== 0 && r.status !== 1) throw new Error(`privspec ${args[0]} failed (${r.status}): ${r.stderr}`);
  return { ms, rssMb: timed ? Number(r.stderr.trim().split('\n').pop()) / 1024 : NaN, out: r.stdout };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

/** A synthetic table of `rows` persons: four quasi-identifiers with about 80 × 2 × 1000 × 16 combinations. */
async function writeParquet(path: string, rows: number): Promise<void> {
  const con = await (await DuckDBInstance.create(':memory:')).connect();
  await con.run(`COPY (SELECT CAST(17 + hash(i) % 80 AS INTEGER) AS age, CASE WHEN hash(i + 1) % 2 = 0 THEN 'M' ELSE 'F' END AS sex,
    lpad(CAST(hash(i + 2) % 1000 AS VARCHAR), 5, '0') AS zip, 'edu' || CAST(hash(i + 3) % 16 AS VARCHAR) AS education,
    CAST(hash(i + 4) % 100000 AS INTEGER) AS income
    FROM range(${rows}) t(i)) TO '${path}' (FORMAT parquet)`);
  con.closeSync();
}

/** DuckDB's own GROUP BY of the classes, with the class-size histogram `privspec risk` derives from it. */
async function duckGroupBy(path: string): Promise<number> {
  // The settings privspec's DuckDB runs with (memory limit, spill folder), so that only the query differs.
  const instance = await DuckDBInstance.create(':memory:', duckdbSettings());
  const con = await instance.connect();
  const started = performance.now();
  // The groups are made and counted inside DuckDB and nothing is returned: the GROUP BY alone, with nothing moved out.
  await con.run('SET preserve_insertion_order = false');
  const r = await con.runAndReadAll(
    `SELECT count(*) FROM (SELECT ${QI.join(', ')}, count(*) AS n FROM read_parquet('${path}') GROUP BY ${QI.join(', ')}) g`,
  );
  const ms = performance.now() - started;
  if (Number(r.getRowsJS()[0][0]) === 0) throw new Error('no classes');
  con.closeSync();
  instance.closeSync();
  return ms;
}

/** `privspec release` of one generalize release of `parquet` into a folder beside it; the output is deleted after. */
function streamedRelease(scratch: string, parquet: string): Timed & { rows: number; mib: number; message: string } {
  const spec = join(scratch, 'stream.privspec');
  const education = Array.from({ length: 16 }, (_, i) => `"edu${i}"`).join(', ');
  writeFileSync(
    spec,
    `dataset persons from "${parquet}" {
  quasi age, sex, zip, education
  insensitive income
}
hierarchy age: intervals 5, 10, 20
hierarchy zip: mask 1, 2, 3, 5
hierarchy sex { "M", "F" -> "*" }
hierarchy education { ${education} -> "*" }
anonymity { k 5  suppression 0.02 }
release g: generalize
`,
  );
  const out = join(scratch, 'stream-out');
  const t = timedCli(['release', spec, '--out', out, '--json']);
  const outcome = (JSON.parse(t.out) as { releases: { status: string; message: string }[] }).releases[0];
  if (outcome.status !== 'written') throw new Error(`the streamed release was not written: ${outcome.message}`);
  const csv = join(out, 'g.csv');
  // Lines counted in 1 MiB reads (the file can be larger than this process should hold); minus the header.
  let rows = -1;
  const fd = openSync(csv, 'r');
  const buffer = Buffer.alloc(1 << 20);
  for (let n; (n = readSync(fd, buffer, 0, buffer.length, null)) > 0;)
    for (let i = 0; i < n; i++) if (buffer[i] === 10) rows++;
  closeSync(fd);
  const mib = statSync(csv).size / 2 ** 20;
  const levels = (JSON.parse(readFileSync(join(out, 'g.json'), 'utf8')) as { parameters: { levels: unknown } })
    .parameters.levels;
  rmSync(out, { recursive: true, force: true });
  return { ...t, rows, mib, message: `levels ${JSON.stringify(levels)}` };
}

/**
 * 3. The generalize search on Adult × 100 through DuckDB (on every core, and on one) and in memory; alone with
 * PRIVSPEC_BENCH_ROWS=0.
 */
function adultSearch(scratch: string): void {
  const dir = adultDir();
  if (!dir) {
    console.log('generalize search: skipped (Adult data not found)');
    return;
  }
  const lines = readFileSync(join(dir, 'adult.csv'), 'utf8')
    .split(/\r?\n/)
    .filter((l) => l !== '');
  const csv = join(scratch, 'adult-x100.csv');
  writeFileSync(csv, `${lines[0]}\n${Array.from({ length: 100 }, () => lines.slice(1).join('\n')).join('\n')}\n`);
  const cols = ADULT_COLUMNS;
  const args = [
    'anonymize',
    csv,
    '--qi',
    cols.join(','),
    ...cols.flatMap((c) => ['--hierarchy', `${c}=${join(dir, `adult_hierarchy_${c}.csv`)}`]),
    '--k',
    '5',
    '--suppression',
    '0.04',
    '--json',
  ];
  const memory: Timed[] = [];
  const viaDuck: Timed[] = [];
  const oneThread: Timed[] = [];
  for (let i = 0; i < RUNS; i++) {
    memory.push(timedCli([...args, '--engine', 'memory']));
    viaDuck.push(timedCli([...args, '--engine', 'duckdb']));
    oneThread.push(timedCli([...args, '--engine', 'duckdb'], { PRIVSPEC_DUCKDB_THREADS: '1' }));
  }
  const strip = (t: Timed) => {
    const o = JSON.parse(t.out) as Record<string, unknown>;
    delete o.searchMs;
    return JSON.stringify(o);
  };
  // Issue 38: the reports are the same bytes in memory and through DuckDB on every core and on one.
  const same = strip(memory[0]) === strip(viaDuck[0]) && strip(memory[0]) === strip(oneThread[0]);
  const one = median(oneThread.map((t) => t.ms));
  const m = median(memory.map((t) => t.ms));
  const d = median(viaDuck.map((t) => t.ms));
  console.log(
    `generalize search on Adult × 100 (3,016,200 rows): in memory ${m.toFixed(0)} ms (peak ${Math.max(...memory.map((t) => t.rssMb)).toFixed(0)} MB), through DuckDB ${d.toFixed(0)} ms (peak ${Math.max(...viaDuck.map((t) => t.rssMb)).toFixed(0)} MB); ratio ${(d / m).toFixed(2)} (target ≤ 1.1 on an idle machine); DuckDB on one thread ${one.toFixed(0)} ms, ratio ${(one / m).toFixed(2)}; load average ${loadavg()[0].toFixed(1)}; same result: ${same ? 'yes' : 'NO'}`,
  );
}

export default async function (): Promise<void> {
  if (!existsSync('dist/cli.cjs')) spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  const scratch = mkdtempSync(join(tmpdir(), 'privspec-engines-'));
  try {
    console.log(
      `machine: load average ${loadavg()[0].toFixed(1)} at start (2 cores shared: every figure is slower than on an idle machine)`,
    );
    if (ROWS === 0) return adultSearch(scratch);
    const parquet = join(scratch, `persons-${ROWS}.parquet`);
    const started = performance.now();
    await writeParquet(parquet, ROWS);
    console.log(
      `data: ${ROWS.toLocaleString('en')} rows, ${(statSync(parquet).size / 2 ** 20).toFixed(0)} MiB Parquet, written in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
    const duck: number[] = [];
    const risk: Timed[] = [];
    for (let i = 0; i < RUNS; i++) {
      duck.push(await duckGroupBy(parquet));
      risk.push(timedCli(['risk', parquet, '--qi', QI.join(','), '--k', '5', '--json']));
    }
    const classes = (JSON.parse(risk[0].out) as { classes: number }).classes;
    const riskMs = median(risk.map((r) => r.ms));
    const duckMs = median(duck);
    const peak = Math.max(...risk.map((r) => r.rssMb));
    console.log(
      `risk on Parquet (${classes.toLocaleString('en')} classes): privspec ${riskMs.toFixed(0)} ms (whole process), DuckDB GROUP BY ${duckMs.toFixed(0)} ms (in process); ratio ${(riskMs / duckMs).toFixed(2)} (target ≤ 1.5); privspec peak RSS ${peak.toFixed(0)} MB (target ≤ 1024)`,
    );
    const release = streamedRelease(scratch, parquet);
    console.log(
      `streamed generalize release on Parquet: ${release.ms.toFixed(0)} ms (whole process), peak RSS ${release.rssMb.toFixed(0)} MB (bound ≤ 1024), ${release.rows.toLocaleString('en')} rows written (${release.mib.toFixed(0)} MiB CSV); ${release.message}`,
    );
    rmSync(parquet, { force: true });

    adultSearch(scratch);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
