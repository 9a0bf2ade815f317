/**
 * An exclusive lock on a file, safe across processes and crashes: a lock file created with O_EXCL holding the owner's
 * pid and start time. A lock whose owner is no longer alive (or that is older than `staleMs`) is taken over; otherwise
 * the caller waits, polling, up to `timeoutMs` and then gets a message naming the owner.
 *
 * A lock file that is empty or does not parse names no owner that could still finish: a full disk or a crash between
 * the create and the write leaves exactly that. Its writer writes within milliseconds of creating it, so once such a
 * file is older than `unreadableMs` (a few seconds) it is taken over by the same rename protocol as a dead owner's.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, rmSync, statSync } from 'node:fs';
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
  /** Unique per acquisition: only the holder whose token is in the file removes it. */
  token?: string;
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

/** How long ago the lock file was last modified, in ms; undefined when it is gone. */
function ageOf(path: string): number | undefined {
  try {
    return Date.now() - statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

/** Runs `fn` while holding the lock `${path}.lock`. */
export async function withFileLock<T>(
  path: string,
  fn: () => Promise<T>,
  options: { timeoutMs?: number; staleMs?: number; unreadableMs?: number } = {},
): Promise<T> {
  const lock = `${path}.lock`;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const staleMs = options.staleMs ?? 10 * 60_000;
  const unreadableMs = options.unreadableMs ?? 3_000;
  const started = Date.now();
  const token = randomBytes(8).toString('hex');
  for (let wait = 10; ; wait = Math.min(200, wait * 2)) {
    try {
      const handle = await open(lock, 'wx');
      try {
        await handle.writeFile(
          JSON.stringify({ pid: process.pid, host: hostname(), at: Date.now(), token } satisfies Owner),
        );
        await handle.sync();
      } catch (e) {
        // A full disk fails the write and would leave the empty lock behind: the file is ours, just created, so it
        // goes.
        await handle.close().catch(() => undefined);
        rmSync(lock, { force: true });
        throw e;
      }
      await handle.close();
      // A waiter that was taking over a dead owner's lock at the same moment may have moved ours aside: hold the lock
      // only once it still carries our token.
      await new Promise((r) => setTimeout(r, 5));
      if (readOwner(lock)?.token === token) break;
      continue;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const owner = readOwner(lock);
    // A lock left by a crashed process on this machine, or one far older than any run, is taken over.
    const dead = owner !== undefined && owner.host === hostname() && !alive(owner.pid);
    const age = owner === undefined ? ageOf(lock) : undefined;
    const unreadable = owner === undefined && age !== undefined && age > unreadableMs;
    if (dead || unreadable || (owner !== undefined && Date.now() - owner.at > staleMs)) {
      // Take over atomically: of several waiters that saw the same dead owner, only the one whose rename succeeds
      // removes that lock, and only if it still holds the dead owner's token (not a lock another waiter just took).
      // An unreadable lock has no token: what was moved aside must still be unreadable, or it is a live lock put back.
      const aside = `${lock}.${token}.stale`;
      try {
        renameSync(lock, aside);
        const moved = readOwner(aside);
        if (moved && moved.token !== owner?.token) renameSync(aside, lock);
        else rmSync(aside, { force: true });
      } catch {
        // Another waiter moved it first.
      }
      continue;
    }
    if (Date.now() - started > timeoutMs) {
      if (owner === undefined)
        throw new LockTimeoutError(`${lock}: the lock file cannot be read and is being replaced; try again`);
      throw new LockTimeoutError(
        `${lock}: another privspec run (pid ${owner.pid}) has held the ledger for ${Math.round((Date.now() - owner.at) / 1000)} s; try again when it has finished`,
      );
    }
    await new Promise((r) => setTimeout(r, wait));
  }
  try {
    return await fn();
  } finally {
    // Remove the lock only while it is still ours.
    if (readOwner(lock)?.token === token) rmSync(lock, { force: true });
  }
}
