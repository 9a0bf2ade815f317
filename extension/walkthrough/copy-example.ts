import { cpSync, mkdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';

/** The name of the folder the example workspace is copied to, inside the folder the user picks. */
export const EXAMPLE_FOLDER = 'privspec-example';

/**
 * Copies the example workspace `from` into a new folder inside `parent` and returns its path: `privspec-example`, or
 * `privspec-example-2`, `-3`, … when that name is taken, so that nothing already there is ever replaced. The new folder
 * is claimed by creating it (which fails when it exists) before anything is copied into it. Dot-files stay behind: a
 * ledger left in the extension's copy by a run must not become the user's.
 */
export function copyExample(from: string, parent: string): string {
  let stat;
  try {
    stat = statSync(parent);
  } catch {
    throw new Error(`${parent} does not exist; choose an existing folder for the example workspace`);
  }
  if (!stat.isDirectory()) throw new Error(`${parent} is not a folder; choose a folder for the example workspace`);
  for (let n = 1; ; n++) {
    const target = join(parent, n === 1 ? EXAMPLE_FOLDER : `${EXAMPLE_FOLDER}-${n}`);
    try {
      mkdirSync(target);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw e;
    }
    cpSync(from, target, {
      recursive: true,
      errorOnExist: true,
      force: false,
      filter: (src) => src === from || !basename(src).startsWith('.'),
    });
    return target;
  }
}
