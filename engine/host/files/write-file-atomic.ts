import { randomBytes } from 'node:crypto';
import { link, lstat, mkdir, open, readdir, realpath, rename, rm, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';

/** This machine's name as it goes into temporary names (letters, digits and '_' only, so that the name parses back). */
const HOST =
  hostname()
    .replace(/[^A-Za-z0-9]/g, '_')
    .slice(0, 40) || 'host';

/**
 * The temporary name of `name` while process `pid` on this host writes it: hidden, and carrying the writer's host and
 * pid so that a later run can tell a file left by a killed writer from one being written right now — on a shared
 * folder, by another machine whose pids mean nothing here.
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
  const verdicts = await Promise.all(
    names.map(async (name) => {
      const m = TEMPORARY.exec(name);
      if (m === null) return false;
      if (m[1] === undefined || m[1] === HOST) return !alive(Number(m[2]));
      const since = await stat(join(folder, name)).then(
        (st) => Date.now() - st.mtimeMs,
        () => 0,
      );
      return since > FOREIGN_STALE_MS;
    }),
  );
  const stale = names.filter((_, i) => verdicts[i]);
  await Promise.all(stale.map((name) => rm(join(folder, name), { force: true }).catch(() => undefined)));
  return stale;
}

/** Flushes a folder's entries (a rename or link is durable only once the folder is on disk). */
export async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r').catch(() => undefined);
  if (!handle) return;
  try {
    await handle.sync();
  } catch {
    // Some file systems refuse fsync on a directory; the entry is then as durable as they make it.
  } finally {
    await handle.close();
  }
}

/**
 * Writes a file atomically and durably: first a temporary file in the same folder (so that the rename stays on one
 * file system), flushed, then a rename over the target, then the folder flushed. A reader sees the old file or the
 * whole new one, never half of it, and a failure leaves no temporary file behind. Missing folders are created. This is
 * the one writer for files that are replaced on purpose (the ledger, its marker, a saved report).
 */
export async function writeFileAtomic(
  path: string,
  data: string | Uint8Array,
  options: { signal?: AbortSignal; mode?: number } = {},
): Promise<void> {
  options.signal?.throwIfAborted();
  const folder = dirname(path);
  await mkdir(folder, { recursive: true });
  await removeStaleTemporaries(folder);
  const tmp = join(folder, temporaryName(basename(path)));
  try {
    // 'wx' refuses to follow a file that appeared under the temporary name in the meantime. A private file (`mode`
    // 0o600) is created with its mode, so that it is never readable by others, not even before the rename.
    await writeSynced(tmp, data, options.signal, options.mode);
    await rename(tmp, path);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
  await syncFolder(folder);
}

/**
 * Creates `path` (it must not exist: 'wx' also refuses a symlink planted there), writes `data` and flushes it to disk.
 */
async function writeSynced(
  path: string,
  data: string | Uint8Array,
  signal?: AbortSignal,
  mode?: number,
): Promise<{ dev: number; ino: number }> {
  const handle = await open(path, 'wx', mode);
  try {
    await handle.writeFile(data, { signal });
    // Flushed before it is linked or renamed into place: after a power cut the ledger must not name an empty file.
    await handle.sync();
    const st = await handle.stat();
    return { dev: st.dev, ino: st.ino };
  } finally {
    await handle.close();
  }
}

/** What `link` fails with where a file system has no hard links (FAT32, exFAT, many SMB and cloud-sync mounts). */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS']);

/** The longest name a path component may have on the file systems privspec writes to (bytes, not characters). */
export const NAME_MAX = 255;

/**
 * Why a file named `name` cannot be written (its name, or its temporary name, is longer than NAME_MAX bytes), or
 * undefined. Checked before anything is spent: a release that spends and then cannot write its file is the worst
 * outcome.
 */
export function nameProblem(name: string): string | undefined {
  const longest = temporaryName(name, 4_194_304);
  const bytes = Math.max(Buffer.byteLength(name), Buffer.byteLength(longest));
  if (bytes <= NAME_MAX) return undefined;
  return `the file name '${name.length > 40 ? `${name.slice(0, 40)}…` : name}' needs ${bytes} bytes with its temporary name, more than the ${NAME_MAX} a file name may have; use a shorter release or file name`;
}

export interface NewFile {
  /** The file's name inside the folder (no folder part). */
  readonly name: string;
  readonly data: string | Uint8Array;
  /** The file's mode at creation (before the umask), e.g. 0o600 for a file only its owner may read. */
  readonly mode?: number;
}

/**
 * Writes new files into one folder, together: every file is written in full to a temporary name and flushed, then each
 * is hard-linked under its name, and if any link fails the ones already linked are removed — the files appear together
 * or not at all. `link` fails with EEXIST when a name is taken, so no existing file is ever replaced (two writers
 * racing for one name cannot replace each other's file, and a folder swapped for a symlink to the data cannot make the
 * write replace the data). The folder is resolved once, written to by its real path, and checked again after the links:
 * if it changed meanwhile, the new files are removed and the write fails.
 *
 * Where the file system has no hard links each file is created exclusively ('wx') and written in place: still never
 * replacing a file, though a crash mid-write can leave one short. Refusing instead would strand a differentially
 * private release whose spend is already in the ledger.
 */
export async function writeNewFilesTogether(
  folder: string,
  files: readonly NewFile[],
  hardLink: (from: string, to: string) => Promise<void> = link,
): Promise<string[]> {
  await mkdir(folder, { recursive: true });
  const real = await realpath(folder);
  const before = await stat(real);
  await removeStaleTemporaries(real);
  const temporaries = files.map((f) => join(real, temporaryName(f.name)));
  const targets = files.map((f) => join(real, f.name));
  const linked: { path: string; id: { dev: number; ino: number } }[] = [];
  const removeLinked = () =>
    Promise.all(
      linked.map(async ({ path, id }) => {
        // Only a file that is still ours (our inode under that name) is removed.
        const st = await lstat(path).catch(() => undefined);
        if (st && st.dev === id.dev && st.ino === id.ino) await rm(path, { force: true });
      }),
    );
  try {
    const ids = [];
    for (let i = 0; i < files.length; i++)
      ids.push(await writeSynced(temporaries[i], files[i].data, undefined, files[i].mode));
    for (let i = 0; i < files.length; i++) {
      try {
        await hardLink(temporaries[i], targets[i]);
        linked.push({ path: targets[i], id: ids[i] });
      } catch (e) {
        if (!NO_HARD_LINKS.has((e as NodeJS.ErrnoException).code ?? '')) throw e;
        linked.push({ path: targets[i], id: await writeInPlace(targets[i], files[i].data, files[i].mode) });
      }
    }
    const after = await stat(real).catch(() => undefined);
    const still = await realpath(real).catch(() => undefined);
    if (still !== real || !after || after.dev !== before.dev || after.ino !== before.ino) {
      const e = new Error(
        `the folder ${folder} was replaced while the files were written; nothing was left there`,
      ) as NodeJS.ErrnoException;
      e.code = 'EFOLDERCHANGED';
      throw e;
    }
    await syncFolder(real);
    return targets;
  } catch (e) {
    await removeLinked();
    throw e;
  } finally {
    await Promise.all(temporaries.map((t) => rm(t, { force: true })));
  }
}

/** Writes one new file that must not exist yet, atomically (see writeNewFilesTogether). */
export async function writeNewFileAtomic(
  path: string,
  data: string | Uint8Array,
  hardLink: (from: string, to: string) => Promise<void> = link,
  mode?: number,
): Promise<void> {
  await writeNewFilesTogether(
    dirname(path),
    [{ name: basename(path), data, ...(mode === undefined ? {} : { mode }) }],
    hardLink,
  );
}

async function writeInPlace(
  path: string,
  data: string | Uint8Array,
  mode?: number,
): Promise<{ dev: number; ino: number }> {
  try {
    return await writeSynced(path, data, undefined, mode);
  } catch (e) {
    // Ours only if we created it: EEXIST means another writer's file stands there, which is not touched.
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') await rm(path, { force: true }).catch(() => undefined);
    throw e;
  }
}

/**
 * The file already at an output path of the user's choice, or undefined: refused (EEXIST, naming --force) unless
 * `force`, and refused whatever `force` says when it is not a file (a folder, a device).
 */
export async function existingOutput(
  path: string,
  force: boolean | undefined,
): Promise<Awaited<ReturnType<typeof lstat>> | undefined> {
  const st = await lstat(path).catch(() => undefined);
  if (st && !force) {
    const e = new Error(`${path} exists; choose another name or add --force to replace it`) as NodeJS.ErrnoException;
    e.code = 'EEXIST';
    throw e;
  }
  if (st && !st.isFile() && !st.isSymbolicLink()) throw new Error(`${path} exists and is not a file`);
  return st;
}
