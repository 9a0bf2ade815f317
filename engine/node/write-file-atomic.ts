import { randomBytes } from 'node:crypto';
import { link, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';

/** This machine's name as it goes into temporary names (letters, digits and '_' only, so that the name parses back). */
const HOST = hostname().replace(/[^A-Za-z0-9]/g, '_').slice(0, 40) || 'host';

/**
 * The temporary name of `name` while process `pid` on this host writes it: hidden, and carrying the writer's host and pid
 * so that a later run can tell a file left by a killed writer from one being written right now — on a shared folder, by
 * another machine whose pids mean nothing here.
 */
export function temporaryName(name: string, pid = process.pid): string {
  return `.${name}.privspec-tmp-${HOST}-${pid}-${randomBytes(6).toString('hex')}`;
}

/** Host (absent in names written before it was added), pid. */
const TEMPORARY = /^\..+\.privspec-tmp-(?:([A-Za-z0-9_]+)-)?(\d+)-[0-9a-f]{12}$/;

/** A temporary file of another machine is taken for abandoned only after this long: its writer cannot be asked. */
const FOREIGN_STALE_MS = 24 * 60 * 60 * 1000;

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
 * a power cut) cannot clean up after itself, so the next write into the same folder does. Another machine's files are
 * left alone for a day. Best effort: a file that cannot be removed stays.
 */
export async function removeStaleTemporaries(folder: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return [];
  }
  const verdicts = await Promise.all(names.map(async (name) => {
    const m = TEMPORARY.exec(name);
    if (m === null) return false;
    if (m[1] === undefined || m[1] === HOST) return !alive(Number(m[2]));
    const since = await stat(join(folder, name)).then((st) => Date.now() - st.mtimeMs, () => 0);
    return since > FOREIGN_STALE_MS;
  }));
  const stale = names.filter((_, i) => verdicts[i]);
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
    await writeSynced(tmp, data, options.signal);
    await rename(tmp, path);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
}

/** Creates `path` (it must not exist: 'wx' also refuses a symlink planted there), writes `data` and flushes it to disk. */
async function writeSynced(path: string, data: string | Uint8Array, signal?: AbortSignal): Promise<void> {
  const handle = await open(path, 'wx');
  try {
    await handle.writeFile(data, { signal });
    // Flushed before it is linked or renamed into place: after a power cut the ledger must not name an empty file.
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** What `link` fails with where a file system has no hard links (FAT32, exFAT, many SMB and cloud-sync mounts). */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS']);

/**
 * Writes a file that must not exist yet, atomically: the whole content goes to a temporary file, which is then hard-linked
 * under the target name. `link` fails with EEXIST when the target exists, so two writers racing for one name cannot
 * replace each other's file (a rename would silently replace it). Missing folders are created.
 *
 * Where the file system has no hard links the target is created exclusively ('wx') and written in place: still never
 * replacing a file, though a crash mid-write can leave it short. Refusing instead would strand a differentially private
 * release whose spend is already in the ledger.
 */
export async function writeNewFileAtomic(path: string, data: string | Uint8Array, hardLink: (from: string, to: string) => Promise<void> = link): Promise<void> {
  const folder = dirname(path);
  await mkdir(folder, { recursive: true });
  await removeStaleTemporaries(folder);
  const tmp = join(folder, temporaryName(basename(path)));
  try {
    await writeSynced(tmp, data);
    try {
      await hardLink(tmp, path);
    } catch (e) {
      if (!NO_HARD_LINKS.has((e as NodeJS.ErrnoException).code ?? '')) throw e;
      await writeInPlace(path, data);
    }
  } finally {
    await rm(tmp, { force: true });
  }
}

async function writeInPlace(path: string, data: string | Uint8Array): Promise<void> {
  try {
    await writeSynced(path, data);
  } catch (e) {
    // Ours only if we created it: EEXIST means another writer's file stands there, which is not touched.
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') await rm(path, { force: true }).catch(() => undefined);
    throw e;
  }
}
