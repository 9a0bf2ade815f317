// `npm run bench -- table`: CSV → table → equivalence classes → k-anonymity violations on 1,000,000 rows, privspec
// against DuckDB in the same run.
//
// The data (age 0–99, sex, zip ~3,000 values, occupation 1–24, income in whole dollars, diagnosis 20 codes) is written
// once to a temporary file outside the repo. Each side answers the same question: how many classes over (age, sex,
// zip), and how many classes and records fall below k = 5. privspec runs in a child process from a bundle built like
// dist/ (worker threads from csv-worker.cjs), so that its peak memory is its own: the kernel's peak resident set of
// that process (all threads), next to the resident set of the same process before it starts. DuckDB runs here through
// @duckdb/node-api, read_csv + GROUP BY, timed from creating the database to the answer. Runs alternate; medians are
// printed.
import { execFileSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, statSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { once } from 'node:events';
import { build } from 'esbuild';

const ROWS = 1_000_000;
const RUNS = 5;
const K = 5;

interface Answer {
  classes: number;
  smallClasses: number;
  smallRecords: number;
}

interface PrivspecRun extends Answer {
  /** Threads readCsvFile parsed with (its default depends on the idle cores). */
  threads: number;
  ms: number;
  /**
   * CPU time of the whole process (all threads) over the same span: less sensitive to a busy machine than wall time.
   */
  cpuMs: number;
  parseMs: number;
  classesMs: number;
  baselineRssMb: number;
  peakRssMb: number;
  heapMb: number;
  arrayBuffersMb: number;
}

export default async function (): Promise<void> {
  const dir = join(tmpdir(), 'privspec-bench');
  mkdirSync(dir, { recursive: true });
  // The name carries a version: bump it when the generator changes, so that a stale file is not reused.
  const csv = join(dir, `table-${ROWS}-v1.csv`);
  if (!existsSync(csv)) await writeData(csv, ROWS);
  console.log(
    `data: ${csv} (${ROWS.toLocaleString('en')} rows × 6 columns, ${(statSync(csv).size / 2 ** 20).toFixed(1)} MiB)`,
  );
  const runner = await buildRunner(dir);

  // privspec variants: the whole table (what `readCsvFile(path)` gives, on as many threads as there are idle cores),
  // the same on two threads and on one, and only the three quasi-identifier columns (`columns` option), which is what
  // DuckDB reads too.
  const variants = [
    { name: 'whole table', workers: 0, columns: '' },
    { name: 'whole table, two threads', workers: 2, columns: '' },
    { name: 'whole table, one thread', workers: 1, columns: '' },
    { name: 'columns age,sex,zip', workers: 0, columns: 'age,sex,zip' },
  ];
  const runs = variants.map(() => [] as PrivspecRun[]);
  const duck: (Answer & { ms: number; cpuMs: number })[] = [];
  const load = os.loadavg();
  for (let run = 0; run < RUNS; run++) {
    variants.forEach((v, i) => runs[i].push(runPrivspec(runner, csv, v.workers, v.columns)));
    duck.push(await runDuckDb(csv));
  }
  const loadAfter = os.loadavg();
  const d = duck.map((r) => r.ms);
  const agree = runs.every((rs) => rs.every((r) => sameAnswer(r, duck[0])));
  const last = runs[0][runs[0].length - 1];
  console.log(
    `answer: ${last.classes} classes, ${last.smallClasses} classes and ${last.smallRecords} records below k=${K}; privspec and DuckDB ${agree ? 'agree' : 'DISAGREE'}`,
  );
  console.log(
    `machine: ${os.availableParallelism()} cores, load average ${load[0].toFixed(1)} before and ${loadAfter[0].toFixed(1)} after (other processes slow both sides)`,
  );
  console.log(
    `DuckDB (ms): ${d.map((x) => x.toFixed(0)).join(', ')}; CPU ms (all threads): ${duck.map((r) => r.cpuMs.toFixed(0)).join(', ')}`,
  );
  variants.forEach((v, i) => {
    const rs = runs[i];
    console.log(
      `privspec, ${v.name} (ms): ${rs.map((r) => `${r.ms.toFixed(0)} (${r.parseMs.toFixed(0)} + ${r.classesMs.toFixed(0)}, ${r.threads}t)`).join(', ')}  [parse + classes, threads]; ` +
        `CPU ms: ${rs.map((r) => r.cpuMs.toFixed(0)).join(', ')}`,
    );
  });
  const peak = (rs: PrivspecRun[]) => Math.max(...rs.map((r) => r.peakRssMb)).toFixed(0);
  console.log(
    `privspec peak RSS (kernel maxRSS of its process, all threads): ${variants.map((v, i) => `${v.name} ${peak(runs[i])} MB`).join(', ')}; ` +
      `an idle process has ${last.baselineRssMb.toFixed(0)} MB (target ≤ 200 MB)`,
  );
  variants.forEach((v, i) => {
    const p = runs[i].map((r) => r.ms);
    console.log(
      `table: privspec (${v.name}) ${seconds(median(p))} vs DuckDB ${seconds(median(d))} → ratio ${(median(p) / median(d)).toFixed(2)}× ` +
        `(medians of ${RUNS}; best runs ${seconds(Math.min(...p))} vs ${seconds(Math.min(...d))} → ${(Math.min(...p) / Math.min(...d)).toFixed(2)}×; target ≤ 1.2×); ` +
        `CPU ${(median(runs[i].map((r) => r.cpuMs)) / median(duck.map((r) => r.cpuMs))).toFixed(2)}×`,
    );
  });
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(3)} s`;
}

/** Deterministic data (xorshift32; the bench needs no secrecy), written in 1 MiB pieces. */
async function writeData(path: string, rows: number): Promise<void> {
  let s = 0x9e3779b9;
  const rnd = () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 4294967296;
  };
  const diagnoses = [
    'I10',
    'E11.9',
    'J45.909',
    'F32.9',
    'M54.5',
    'K21.9',
    'E78.5',
    'J06.9',
    'N39.0',
    'I25.10',
    'G43.909',
    'F41.1',
    'M17.11',
    'L40.0',
    'K58.9',
    'E03.9',
    'R51',
    'J44.9',
    'B34.9',
    'Z00.00',
  ];
  const zips = Array.from({ length: 3000 }, (_, i) => String(10001 + Math.floor(i * 29.7)).padStart(5, '0'));
  const tmp = `${path}.tmp`;
  const out = createWriteStream(tmp);
  let chunk = 'age,sex,zip,occupation,income,diagnosis\n';
  for (let r = 0; r < rows; r++) {
    const age = Math.floor(rnd() * 100);
    const sex = rnd() < 0.5 ? 'female' : 'male';
    const zip = zips[Math.floor(rnd() * zips.length)];
    const occupation = 1 + Math.floor(rnd() * 24);
    // Roughly log-normal incomes in whole dollars: hundreds of thousands of distinct values, as real incomes have.
    const income = Math.round(Math.exp(10.5 + 0.6 * (rnd() + rnd() + rnd() - 1.5) * 2));
    const diagnosis = diagnoses[Math.floor(rnd() * diagnoses.length)];
    chunk += `${age},${sex},${zip},${occupation},${income},${diagnosis}\n`;
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end(chunk);
  await once(out, 'finish');
  const { renameSync } = await import('node:fs');
  renameSync(tmp, path);
}

/**
 * Bundles the privspec side the way scripts/build.mjs bundles the CLI: a CommonJS file with csv-worker.cjs beside it.
 */
async function buildRunner(dir: string): Promise<string> {
  const out = join(dir, 'dist');
  const common = {
    bundle: true,
    platform: 'node' as const,
    format: 'cjs' as const,
    target: 'node20',
    logLevel: 'warning' as const,
    define: { 'import.meta.url': '__importMetaUrl' },
    inject: [resolve('scripts/import-meta-url.js')],
  };
  const source = `
    import { defaultThreads, readCsvFile } from ${JSON.stringify(resolve('engine/host/sources/csv/read-csv-file.ts'))};
    import { statSync } from 'node:fs';
    import { equivalenceClasses } from ${JSON.stringify(resolve('engine/anonymity/equivalence-classes.ts'))};
    const baseline = process.memoryUsage().rss;
    const [path, workers, columns] = [process.argv[2], Number(process.argv[3]), process.argv[4]];
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const threads = workers > 0 ? workers : defaultThreads(statSync(path).size);
    readCsvFile(path, { ...(workers > 0 ? { workers } : {}), ...(columns ? { columns: columns.split(',') } : {}) }).then((table) => {
      const t1 = performance.now();
      const { classCount, sizes } = equivalenceClasses(table, ['age', 'sex', 'zip']);
      let smallClasses = 0, smallRecords = 0;
      for (let c = 0; c < classCount; c++) if (sizes[c] < ${K}) { smallClasses++; smallRecords += sizes[c]; }
      const t2 = performance.now();
      const m = process.memoryUsage();
      const cpu = process.cpuUsage(c0);
      console.log(JSON.stringify({
        threads, ms: t2 - t0, cpuMs: (cpu.user + cpu.system) / 1000, parseMs: t1 - t0, classesMs: t2 - t1, classes: classCount, smallClasses, smallRecords,
        baselineRssMb: baseline / 2 ** 20, peakRssMb: process.resourceUsage().maxRSS / 1024,
        heapMb: m.heapUsed / 2 ** 20, arrayBuffersMb: m.arrayBuffers / 2 ** 20,
      }));
    });`;
  await build({
    ...common,
    stdin: { contents: source, resolveDir: resolve('.'), loader: 'ts' },
    outfile: join(out, 'table-bench.cjs'),
  });
  await build({
    ...common,
    entryPoints: [resolve('engine/host/sources/csv/csv-worker.ts')],
    outfile: join(out, 'csv-worker.cjs'),
  });
  return join(out, 'table-bench.cjs');
}

function runPrivspec(runner: string, csv: string, workers: number, columns: string): PrivspecRun {
  return JSON.parse(
    execFileSync(process.execPath, [runner, csv, String(workers), columns], { encoding: 'utf8' }),
  ) as PrivspecRun;
}

async function runDuckDb(csv: string): Promise<Answer & { ms: number; cpuMs: number }> {
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const db = await DuckDBInstance.create(':memory:');
  const connection = await db.connect();
  const reader = await connection.runAndReadAll(
    `SELECT count(*) AS classes, count(*) FILTER (WHERE n < ${K}) AS small_classes, coalesce(sum(n) FILTER (WHERE n < ${K}), 0) AS small_records
     FROM (SELECT count(*) AS n FROM read_csv('${csv.replaceAll("'", "''")}') GROUP BY age, sex, zip)`,
  );
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(c0);
  const [row] = reader.getRowObjects();
  connection.closeSync();
  db.closeSync();
  return {
    ms,
    cpuMs: (cpu.user + cpu.system) / 1000,
    classes: Number(row.classes),
    smallClasses: Number(row.small_classes),
    smallRecords: Number(row.small_records),
  };
}

function sameAnswer(a: Answer, b: Answer): boolean {
  return a.classes === b.classes && a.smallClasses === b.smallClasses && a.smallRecords === b.smallRecords;
}

function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
