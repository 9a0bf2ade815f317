import { randomBytes } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';

/**
 * Writes a file the atomic way (a temporary file beside it, then a rename), so that a reader never sees half a report
 * and an interrupted write leaves the previous file intact.
 */
export async function writeFileAtomic(target: string, text: string): Promise<void> {
  const tmp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(tmp, text, { flag: 'wx' });
    await rename(tmp, target);
  } catch (error) {
    await rm(tmp, { force: true });
    throw error;
  }
}
