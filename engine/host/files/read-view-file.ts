/**
 * Reads a view file for `privspec query` and `privspec synthesize`: the text, then the checks of
 * engine/view/view-file.ts. Only the view is opened — never the data it was built from, nor its ledger: answering
 * from a view and sampling from it are post-processing, which neither reads the data nor spends budget.
 */
import { readFile } from 'node:fs/promises';
import { readViewText, ViewFileError } from '../../view/view-file.js';

/** The view in `file` (with a seeded run's NOT PRIVATE notice), or a `ViewFileError` naming the file and the cause. */
export async function readViewFile(file: string): Promise<ReturnType<typeof readViewText>> {
  const text = await readFile(file, 'utf8').catch((e: NodeJS.ErrnoException) => {
    throw new ViewFileError(`${file}: cannot read it (${e.code ?? e.message})`);
  });
  try {
    return readViewText(text);
  } catch (e) {
    if (e instanceof ViewFileError) throw new ViewFileError(`${file}: ${e.message}`);
    throw e;
  }
}
