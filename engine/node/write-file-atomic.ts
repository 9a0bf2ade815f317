import { randomBytes } from 'node:crypto';
import { link, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * The temporary name of `name` while process `pid` writes it: hidden, and carrying the writer's pid so that a later run
 * can tell a file left by a killed writer (pid gone) from one being written right now.
 */
export function temporaryName(name: string, pid = process.pid): string {
  return `.${name}.privspec-tmp-${pid}-${randomBytes(6).toString('hex')}`;
}

const TEMPORARY = /^\..+\.privspec-tmp-(\d+)-[0-9a-f]{12}$/;

/** Whether process `pid` still runs (EPERM: it runs under another user). */
function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the temporary files in `folder` whose writer is dead: a run killed between its write and its rename (SIGKILL,
 * a power cut) cannot clean up after itself, so the next write into the same folder does. Best effort: a file that
 * cannot be removed stays.
 */
export async function removeStaleTemporaries(folder: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return [];
  }
  const stale = names.filter((name) => {
    const m = TEMPORARY.exec(name);
    return m !== null && !alive(Number(m[1]));
  });
  await Promise.all(stale.map((name) => rm(join(folder, name), { force: true }).catch(() => undefined)));
  return stale;
}

/**
 * Writes a file atomically: first a temporary file in the same folder (so that the rename stays on one file system),
 * then a rename over the target. A reader sees the old file or the whole new one, never half of it, and a failure
 * leaves no temporary file behind. Missing folders are created.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array, options: { signal?: AbortSignal } = {}): Promise<void> {
  options.signal?.throwIfAborted();
  const folder = dirname(path);
  await mkdir(folder, { recursive: true });
  await removeStaleTemporaries(folder);
  const tmp = join(folder, temporaryName(basename(path)));
  try {
    // 'wx' refuses to follow a file that appeared under the temporary name in the meantime.
    await writeFile(tmp, data, { flag: 'wx', signal: options.signal });
    await rename(tmp, path);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
}

/**
 * Writes a file that must not exist yet, atomically: the whole content goes to a temporary file, which is then hard-linked
 * under the target name. `link` fails with EEXIST when the target exists, so two writers racing for one name cannot
 * replace each other's file (a rename would silently replace it). Missing folders are created.
 */
export async function writeNewFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const folder = dirname(path);
  await mkdir(folder, { recursive: true });
  await removeStaleTemporaries(folder);
  const tmp = join(folder, temporaryName(basename(path)));
  try {
    await writeFile(tmp, data, { flag: 'wx' });
    await link(tmp, path);
  } finally {
    await rm(tmp, { force: true });
  }
}
