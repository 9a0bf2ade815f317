/**
 * A microdata file written from a row stream, for a source too large to hold (DuckDB over Parquet or a large CSV): the
 * rows arrive in batches already shuffled by the source (DataSource.shuffledRows, a keyed pseudo-random order with a
 * fresh secret key per run), each batch is transformed (generalized, PRAM'd; a row the transform drops is suppressed)
 * and appended to a temporary file beside the destination, and the finished file is linked into place. Memory is
 * bounded by one batch.
 *
 * The guarantees are those of write-file-atomic.ts and the output guard: the output is refused when it is an input; the
 * destination appears whole or not at all (a failure midway, in the source or the transform, removes the temporary file
 * and leaves no destination); it never replaces a file unless `force` is given, and then only after the whole new file
 * is on disk.
 */
import { createHash } from 'node:crypto';
import { link, lstat, open, realpath, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { RowBatch } from '../../source/data-source.js';
import type { RowTransform } from '../../release/microdata-row-transform.js';
import { guardOutputs } from './output-guard.js';
import { csvField } from './write-csv.js';
import { existingOutput, removeStaleTemporaries, temporaryName } from './write-file-atomic.js';

export interface MicrodataStreamOptions {
  /** Files the run reads: the output must be none of them. */
  readonly inputs: readonly string[];
  readonly delimiter?: string;
  /** Replace an existing file (which is not an input). */
  readonly force?: boolean;
  /** A first line before the header (a seeded run's `# NOT PRIVATE (seeded)`). */
  readonly firstLine?: string;
  /**
   * Checks the finished temporary file before it is put in place (the number of rows against the decision, the input
   * unchanged since the decision); a throw leaves no destination.
   */
  readonly verify?: (rows: number) => void | Promise<void>;
}

const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS']);

/**
 * Writes `header` and the transformed rows of `batches` to `path`; returns the number of rows written and the SHA-256
 * of the file's bytes (what its ledger entry records: row-key.ts).
 */
export async function writeMicrodataStream(
  path: string,
  header: readonly string[],
  batches: AsyncIterable<RowBatch> | Iterable<RowBatch>,
  transform: RowTransform,
  options: MicrodataStreamOptions,
): Promise<{ rows: number; sha256: string }> {
  guardOutputs([path], options.inputs);
  const delimiter = options.delimiter ?? ',';
  const existing = await existingOutput(path, options.force);
  const folder = await realpath(dirname(path));
  await removeStaleTemporaries(folder);
  const target = join(folder, basename(path));
  const tmp = join(folder, temporaryName(basename(path)));
  const line = (row: readonly string[]) => row.map((v) => csvField(v, delimiter)).join(delimiter);
  let rows = 0;
  const hash = createHash('sha256');
  try {
    // 'wx' refuses a file planted under the temporary name.
    const handle = await open(tmp, 'wx');
    try {
      const first = `${options.firstLine === undefined ? '' : `${options.firstLine}\n`}${line(header)}\n`;
      hash.update(first);
      await handle.write(first);
      for await (const batch of batches) {
        let text = '';
        for (const row of batch.rows) {
          const out = transform(row);
          if (out === undefined) continue;
          text += `${line(out)}\n`;
          rows++;
        }
        if (text) {
          hash.update(text);
          await handle.write(text);
        }
      }
      await handle.sync();
    } finally {
      await handle.close();
    }
    await options.verify?.(rows);
    await putInPlace(tmp, target, path, existing !== undefined);
  } finally {
    await rm(tmp, { force: true });
  }
  return { rows, sha256: hash.digest('hex') };
}

/**
 * Puts a finished temporary file in place: a link (which fails when the name was taken meanwhile, so no file is
 * replaced by accident), or, where the file system has no hard links, a rename after checking the name is free; with
 * `existing` (replacing on purpose, --force) an atomic rename, the old file staying until the new one is whole. The
 * caller removes `tmp` afterwards (a link leaves it).
 */
export async function putInPlace(tmp: string, target: string, path: string, existing: boolean): Promise<void> {
  if (existing) {
    await rename(tmp, target);
    return;
  }
  await link(tmp, target).catch(async (e: NodeJS.ErrnoException) => {
    if (!NO_HARD_LINKS.has(e.code ?? '')) throw e;
    if (await lstat(target).catch(() => undefined))
      throw Object.assign(new Error(`${path} appeared while it was written`), { code: 'EEXIST' });
    await rename(tmp, target);
  });
}
