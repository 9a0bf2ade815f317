import { Worker } from 'node:worker_threads';
import type * as vscode from 'vscode';
import type { WorkerReply, WorkerRequest } from '../protocol.js';

type Request = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;
interface Pending {
  resolve: (reply: WorkerReply) => void;
  reject: (error: Error) => void;
}

type ResultOf<K extends WorkerRequest['kind']> = Extract<WorkerReply, { ok: true; kind: K }>['result'];

/** The failure a worker reported, with the location of the bad input when it has one. */
export class WorkerError extends Error {
  constructor(
    message: string,
    readonly line?: number,
    readonly column?: number,
    readonly code?: 'stale',
  ) {
    super(message);
    this.name = 'WorkerError';
  }
}

/**
 * The extension host's end of the CSV worker thread (`dist/csv-diagnostics-worker.cjs`). Parsing and grouping a
 * 100k-row CSV takes tens of milliseconds, which must never happen on the extension host's thread; here it is only a
 * postMessage. The worker is started lazily and restarted after a crash or a cancellation. Cancelling ends the thread
 * (and the checks it keeps), so only a client that owns its worker for one long job passes a cancellation token.
 */
export class WorkerClient implements vscode.Disposable {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  constructor(private readonly script: string) {}

  request<K extends WorkerRequest['kind']>(
    request: Extract<Request, { kind: K }>,
    token?: vscode.CancellationToken,
  ): Promise<ResultOf<K>> {
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise<ResultOf<K>>((resolve, reject) => {
      const subscription = token?.onCancellationRequested(() => {
        // A long computation cannot be interrupted inside the thread, so cancelling ends the thread;
        // the next request starts a fresh one.
        this.restart(new WorkerError('cancelled'));
      });
      this.pending.set(id, {
        resolve: (reply) => {
          subscription?.dispose();
          if (reply.ok === true) resolve(reply.result as never);
          else if (reply.ok === false)
            reject(new WorkerError(reply.error.message, reply.error.line, reply.error.column, reply.error.code));
        },
        reject: (error) => {
          subscription?.dispose();
          reject(error);
        },
      });
      worker.postMessage({ ...request, id });
    });
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.script);
    worker.on('message', (reply: WorkerReply) => {
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      waiting?.resolve(reply);
    });
    worker.on('error', (error) => this.restart(new WorkerError(`the CSV worker failed: ${error.message}`)));
    worker.on('exit', () => {
      if (this.worker === worker) this.restart(new WorkerError('the CSV worker stopped'));
    });
    this.worker = worker;
    return worker;
  }

  /** Called after the thread ended unexpectedly (not on dispose): whatever it kept must be computed again. */
  onRestart: (() => void) | undefined;
  private disposed = false;

  private restart(reason: Error): void {
    const worker = this.worker;
    this.worker = undefined;
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const w of waiting) w.reject(reason);
    void worker?.terminate();
    if (worker && !this.disposed) this.onRestart?.();
  }

  dispose(): void {
    this.disposed = true;
    this.restart(new WorkerError('the extension is shutting down'));
  }
}
