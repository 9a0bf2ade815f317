// The editor's CSV checks on a 100,000-row CSV, and the extension's activation time, measured outside VS Code.
// Peer: the straightforward way to find k-violations (split lines, group by the joined quasi-identifier strings in a
// Map), timed on the same text in the same run. The worker round trip needs `npm run build` first
// (dist/csv-diagnostics-worker.cjs).
import { existsSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import { equivalenceClasses } from '../engine/anonymity/equivalence-classes.js';
import { parseCsv } from '../engine/table/parse-csv.js';
import { checkCsv } from '../extension/workers/csv-check.js';
import type { CsvModel, WorkerReply } from '../extension/protocol.js';
import { bigCsv } from '../test/extension/big-csv.js';

const ROWS = 100_000;
const RUNS = 9;
const DEBOUNCE_MS = 100; // The default of privspec.csvDiagnostics.debounceMs.

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function time(f: () => void): number {
  const t = performance.now();
  f();
  return performance.now() - t;
}

/** The peer: k-violating rows by string keys, as a first implementation would find them. */
function naiveViolations(text: string, qi: readonly number[], k: number): number {
  const lines = text.split('\n');
  const keys: string[] = [];
  const counts = new Map<string, number>();
  for (let i = 1; i < lines.length; i++) {
    if (lines[i] === '') continue;
    const f = lines[i].split(',');
    const key = qi.map((j) => f[j]).join('\u0000');
    keys.push(key);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  let violating = 0;
  for (const key of keys) if ((counts.get(key) ?? 0) < k) violating++;
  return violating;
}

/**
 * Round trips through the real worker bundle: the whole text (opening a file), and one edit (deleting a row, as the
 * e2e test does) sent as a change against the worker's kept check, which is what a keystroke costs.
 */
async function workerRoundTrips(
  text: string,
  model: CsvModel,
): Promise<{ full: number[]; edit: number[] } | undefined> {
  const script = './dist/csv-diagnostics-worker.cjs';
  if (!existsSync(script)) return undefined;
  const worker = new Worker(script);
  const ask = (message: object) =>
    new Promise<WorkerReply>((resolve) => {
      worker.once('message', resolve);
      worker.postMessage(message);
    });
  const full: number[] = [];
  const edit: number[] = [];
  const firstRow = text.indexOf('\n') + 1;
  const rowLength = text.indexOf('\n', firstRow) + 1 - firstRow;
  for (let i = 0; i < RUNS + 2; i++) {
    let t = performance.now();
    await ask({ id: 2 * i, kind: 'check', key: 'bench', version: 2 * i, text, model, maxDiagnostics: 1000 });
    if (i >= 2) full.push(performance.now() - t);
    t = performance.now();
    const reply = await ask({
      id: 2 * i + 1,
      kind: 'check',
      key: 'bench',
      version: 2 * i + 1,
      model,
      maxDiagnostics: 1000,
      edits: { baseVersion: 2 * i, changes: [{ offset: firstRow, length: rowLength, text: '' }] },
    });
    if (!('ok' in reply) || !reply.ok || reply.kind !== 'check' || reply.result.rows !== ROWS - 1)
      throw new Error(`the edit was not applied: ${JSON.stringify(reply).slice(0, 200)}`);
    if (i >= 2) edit.push(performance.now() - t);
  }
  await worker.terminate();
  return { full, edit };
}

/**
 * Loads dist/extension.cjs against a stand-in `vscode` module in a plain Node child process (no TypeScript loader in
 * the way) and times the module load plus `activate`. The stand-in's every property is a callable stand-in whose
 * results are stand-ins too; the bundle copies the module's own names (esbuild's ESM interop), so the module lists
 * every name the API exports. The extension path has no dist/, so no language server is spawned: this is the
 * extension's own cost.
 */
function activationTimes(): { load: number; activate: number } | undefined {
  const bundle = `${process.cwd()}/dist/extension.cjs`;
  if (!existsSync(bundle)) return undefined;
  const types = readFileSync('node_modules/@types/vscode/index.d.ts', 'utf8');
  const names = [
    ...new Set([...types.matchAll(/^\s+export (?:namespace|class|enum|const|let|function) (\w+)/gm)].map((m) => m[1])),
  ];
  const script = `
    const stub = new Proxy(function () {}, {
      get: (_t, p) => (p === 'then' ? undefined : p === Symbol.toPrimitive ? () => '' : stub),
      apply: () => stub, construct: () => stub, set: () => true,
    });
    const vscode = Object.fromEntries(${JSON.stringify(names)}.map((n) => [n, stub]));
    const Module = require('node:module');
    const load = Module._load;
    Module._load = (request, ...rest) => (request === 'vscode' ? vscode : load(request, ...rest));
    const t0 = performance.now();
    const ext = require(${JSON.stringify(bundle)});
    const t1 = performance.now();
    ext.activate({ subscriptions: [], extensionPath: require('node:os').tmpdir(), extensionUri: stub }).then((r) => {
      const t2 = performance.now();
      console.log(JSON.stringify({ load: t1 - t0, activate: t2 - t1 }));
      process.exit(0);
    });`;
  const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 60000 });
  const line = run.stdout.trim().split('\n').pop() ?? '';
  try {
    return JSON.parse(line) as { load: number; activate: number };
  } catch {
    console.log(`activation: the child process failed: ${run.stderr.trim().split('\n')[0]}`);
    return undefined;
  }
}

export default async function (): Promise<void> {
  const text = bigCsv(ROWS);
  const model: CsvModel = { qi: ['age', 'sex', 'zip'], k: 5, hierarchies: {}, levels: {} };
  let violating = 0;
  for (let i = 0; i < 2; i++) checkCsv(text, undefined, model, 1000);
  const parse: number[] = [];
  const group: number[] = [];
  const check: number[] = [];
  const peer: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    let table!: ReturnType<typeof parseCsv>;
    parse.push(time(() => (table = parseCsv(text))));
    group.push(time(() => equivalenceClasses(table, model.qi)));
    check.push(time(() => (violating = checkCsv(text, undefined, model, 1000).result.violatingRows)));
    let naive = 0;
    peer.push(time(() => (naive = naiveViolations(text, [1, 2, 3], 5))));
    if (naive !== violating) throw new Error(`the peer counts ${naive} violating rows, the check ${violating}`);
  }
  const mb = (text.length / 1e6).toFixed(1);
  console.log(`${ROWS} rows (${mb} MB), qi age,sex,zip, k=5: ${violating} rows below k; medians of ${RUNS} runs`);
  console.log(`  parse ${median(parse).toFixed(1)} ms, group ${median(group).toFixed(1)} ms`);
  console.log(`  whole check (parse, group, locate 1000 diagnostics) ${median(check).toFixed(1)} ms`);
  console.log(
    `  peer (split + Map of joined strings, counting only) ${median(peer).toFixed(1)} ms; ratio peer/check ${(median(peer) / median(check)).toFixed(2)}`,
  );
  const trips = await workerRoundTrips(text, model);
  if (trips) {
    const full = median(trips.full);
    const edit = median(trips.edit);
    console.log(`  worker round trip, whole text (opening the file): ${full.toFixed(1)} ms`);
    console.log(`  worker round trip, one edit (a row deleted, sent as a change): ${edit.toFixed(1)} ms`);
    console.log(
      `  refresh after an edit = debounce ${DEBOUNCE_MS} ms + edit round trip = ${(DEBOUNCE_MS + edit).toFixed(0)} ms (target ≤ 300 ms; ${(DEBOUNCE_MS + full).toFixed(0)} ms if the whole text were re-parsed)`,
    );
  } else console.log('  worker round trip: run `npm run build` first');
  const runs = Array.from({ length: 5 }, () => activationTimes()).filter((x) => x !== undefined);
  const activation =
    runs.length > 0
      ? { load: median(runs.map((r) => r.load)), activate: median(runs.map((r) => r.activate)) }
      : undefined;
  if (activation) {
    console.log(
      `activation outside VS Code (median of 5 fresh processes): load dist/extension.cjs ${activation.load.toFixed(1)} ms + activate() ${activation.activate.toFixed(1)} ms`,
    );
  } else console.log('activation: run `npm run build` first');
}
