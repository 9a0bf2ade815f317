/**
 * An exclusive lock on a file, safe across processes and crashes: a lock file created with O_EXCL holding the owner's
 * pid and start time. A lock whose owner is no longer alive (or that is older than `staleMs`) is taken over; otherwise
 * the caller waits, polling, up to `timeoutMs` and then gets a message naming the owner.
 */
import { readFileSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { hostname } from 'node:os';

export class LockTimeoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LockTimeoutError';
  }
}

interface Owner {
  pid: number;
  host: string;
  at: number;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(path: string): Owner | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Owner;
  } catch {
    return undefined;
  }
}

/** Runs `fn` while holding the lock `${path}.lock`. */
export async function withFileLock<T>(path: string, fn: () => Promise<T>, options: { timeoutMs?: number; staleMs?: number } = {}): Promise<T> {
  const lock = `${path}.lock`;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const staleMs = options.staleMs ?? 10 * 60_000;
  const started = Date.now();
  for (let wait = 10; ; wait = Math.min(200, wait * 2)) {
    try {
      const handle = await open(lock, 'wx');
      try {
        await handle.writeFile(JSON.stringify({ pid: process.pid, host: hostname(), at: Date.now() } satisfies Owner));
        await handle.sync();
      } finally {
        await handle.close();
      }
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const owner = readOwner(lock);
    // A lock left by a crashed process on this machine, or one far older than any run, is taken over.
    const dead = owner !== undefined && owner.host === hostname() && !alive(owner.pid);
    if (dead || (owner !== undefined && Date.now() - owner.at > staleMs)) {
      rmSync(lock, { force: true });
      continue;
    }
    if (Date.now() - started > timeoutMs) {
      throw new LockTimeoutError(`${lock}: another privspec run (pid ${owner?.pid ?? '?'}) has held the ledger for ${Math.round((Date.now() - (owner?.at ?? started)) / 1000)} s; try again when it has finished`);
    }
    await new Promise((r) => setTimeout(r, wait));
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { force: true });
  }
}
