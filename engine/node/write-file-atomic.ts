import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Writes a file atomically: first a temporary file in the same folder (so that the rename stays on one file system),
 * then a rename over the target. A reader sees the old file or the whole new one, never half of it, and a failure
 * leaves no temporary file behind. Missing folders are created.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array, options: { signal?: AbortSignal } = {}): Promise<void> {
  options.signal?.throwIfAborted();
  await mkdir(dirname(path), { recursive: true });
  const tmp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    // 'wx' refuses to follow a file that appeared under the temporary name in the meantime.
    await writeFile(tmp, data, { flag: 'wx', signal: options.signal });
    await rename(tmp, path);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
}
