import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Worker } from 'node:worker_threads';
import type { CsvWorkerDone as Done, CsvWorkerReply, CsvWorkerTask } from './csv-worker-protocol.js';

/**
 * Runs `csv-worker` on one task in a new worker thread and resolves with its result. Aborting terminates the thread.
 *
 * The worker file is found next to this module: the build bundles it to `dist/csv-worker.cjs` beside `dist/cli.cjs` and
 * `dist/extension.cjs`, where this code then lives. Run from source (tests, `npx tsx`), there is only `csv-worker.ts`,
 * which the worker loads through tsx, the way the source itself runs.
 */
export function runCsvWorker(
  task: CsvWorkerTask,
  onProgress: (bytes: number) => void,
  signal?: AbortSignal,
): Promise<Done> {
  signal?.throwIfAborted();
  return new Promise<Done>((resolve, reject) => {
    const worker = startWorker(task);
    let settled = false;
    const finish = (f: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      f();
    };
    const onAbort = () => {
      void worker.terminate();
      finish(() => reject(abortReason(signal!)));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (reply: CsvWorkerReply) => {
      if (reply.kind === 'progress') onProgress(reply.bytes);
      else finish(() => resolve(reply));
    });
    worker.on('error', (e) => finish(() => reject(e)));
    worker.on('exit', (code) =>
      finish(() => reject(new Error(`CSV worker exited with code ${code} before it finished`))),
    );
  });
}

/**
 * How to start the worker here: the bundled file next to this module, or the source through tsx. Undefined when neither
 * is available (a bundle copied without its worker), in which case the reader parses on one thread.
 */
export function csvWorkerEntry(): { file: string } | { bootstrap: string } | undefined {
  const here = dirname(fileURLToPath(import.meta.url));
  const bundled = join(here, 'csv-worker.cjs');
  if (existsSync(bundled)) return { file: bundled };
  const source = join(here, 'csv-worker.ts');
  if (!existsSync(source)) return undefined;
  try {
    // Node cannot start a worker from a .ts file by itself; a one-line bootstrap registers tsx in the worker, then
    // loads it.
    const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api');
    return { bootstrap: `require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(source)});` };
  } catch {
    return undefined;
  }
}

function startWorker(task: CsvWorkerTask): Worker {
  const entry = csvWorkerEntry();
  if (!entry) throw new Error('csv-worker.cjs is missing next to the bundle');
  // Loaded here, not imported: a file under 8 MiB is read without a worker (read-csv-file.ts), and compiling Node's
  // worker module costs a cold command about 6 ms of CPU for nothing.
  const { Worker } = createRequire(import.meta.url)('node:worker_threads') as typeof import('node:worker_threads');
  return 'file' in entry
    ? new Worker(entry.file, { workerData: task })
    : new Worker(entry.bootstrap, { eval: true, workerData: task });
}

/**
 * The abort's reason as an Error (an AbortError DOMException unless the caller gave its own), so callers read
 * `.message`.
 */
function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new Error(String(reason));
}
