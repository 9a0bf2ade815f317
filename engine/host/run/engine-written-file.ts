/**
 * A generalized microdata file written by the engine that holds the data (issue 38 item 1), for DuckDB: the decision's
 * rows generalized, suppressed, shuffled by a keyed hash whose key is fresh from the run's generator (the secure one
 * outside tests) and never written, and written by DuckDB's `COPY … TO` into a hidden temporary file beside the
 * destination. That file is then checked before it is put in place — the input unchanged since the decision (a file's
 * snapshot), the rows DuckDB wrote equal to the decision's, the tables the statement joined equal to the decision, and
 * the rows of each generalized class, counted by the statement's own joins, equal to the decision's — and linked into
 * place as every microdata file is (write-microdata-stream.ts's `putInPlace`). Any failure removes the temporary file
 * and leaves no destination. The run's order is unchanged: the spend is recorded before.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, realpath, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { GeneralizedRows } from '../../source/generalized-rows.js';
import type { CopyFormat, CopyOutcome } from '../sources/duckdb/duckdb-generalized-copy.js';
import { guardOutputs } from '../files/output-guard.js';
import { existingOutput, removeStaleTemporaries, temporaryName } from '../files/write-file-atomic.js';
import { putInPlace } from '../files/write-microdata-stream.js';
import { timedPhase } from '../../core/phase-times.js';

/** A source that writes a generalization's file itself (DuckDbSource). */
export interface EngineWriter {
  readonly name: string;
  /** Writes the file, then checks it: its rows and the first way they differ from the decision's. */
  writeGeneralized(plan: GeneralizedRows, key: string, path: string, format: CopyFormat): Promise<CopyOutcome>;
}

export function isEngineWriter(source: object): source is EngineWriter {
  const s = source as Partial<EngineWriter>;
  return typeof s.writeGeneralized === 'function';
}

export interface EngineFileOptions {
  readonly inputs: readonly string[];
  /** The keyed order's key: 32 hexadecimal digits from the run's generator, never written anywhere. */
  readonly key: string;
  readonly format: CopyFormat;
  readonly force?: boolean;
  /** A first line before the header (a seeded run's `# NOT PRIVATE (seeded)`; CSV only). */
  readonly firstLine?: string;
  /** Checks that the input is still the one decided on (a file's snapshot); a throw leaves no destination. */
  readonly unchanged?: () => Promise<void>;
}

/** Writes the plan's rows by `source` into `path`; returns the rows written and the file's SHA-256. */
export async function writeEngineFile(
  path: string,
  source: EngineWriter,
  plan: GeneralizedRows,
  options: EngineFileOptions,
): Promise<{ rows: number; sha256: string }> {
  guardOutputs([path], options.inputs);
  const existing = await existingOutput(path, options.force);
  const folder = await realpath(dirname(path));
  await removeStaleTemporaries(folder);
  const target = join(folder, basename(path));
  const tmp = join(folder, temporaryName('privspec-engine'));
  const body = join(folder, temporaryName('privspec-engine-body'));
  try {
    // 'wx' claims the name, refusing a file or link planted under it; DuckDB then writes into the file it finds.
    await (await open(tmp, 'wx')).close();
    const { rows, mismatch } = await source.writeGeneralized(plan, options.key, tmp, options.format);
    await options.unchanged?.();
    const changed = (why: string) =>
      new Error(`${source.name} changed while the release read it (${why}); nothing was written`);
    if (rows !== plan.rows) throw changed(`DuckDB wrote ${rows} rows, the decision kept ${plan.rows}`);
    if (mismatch) throw changed(mismatch);
    if (options.firstLine !== undefined) await prepend(tmp, body, `${options.firstLine}\n`);
    const sha256 = await timedPhase('SHA-256', () => fileDigest(tmp));
    await timedPhase('fsync and link', async () => {
      const handle = await open(tmp, 'r+');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      await putInPlace(tmp, target, path, existing !== undefined);
    });
    return { rows, sha256 };
  } finally {
    await rm(tmp, { force: true });
    await rm(body, { force: true });
  }
}

/** `line` before the file's bytes (through `spare`, a second temporary name), in place of `file`. */
async function prepend(file: string, spare: string, line: string): Promise<void> {
  const out = await open(spare, 'wx');
  try {
    await out.write(line);
    for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) await out.write(chunk as Buffer);
  } finally {
    await out.close();
  }
  await rename(spare, file);
}

async function fileDigest(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
