/**
 * A microdata release's files when its rows are streamed from a source too large to hold (streamed-generalize.ts):
 * the CSV is written by the streaming writer (write-microdata-stream.ts: a temporary file, shuffled batches, linked
 * into place, never over a file), then the JSON report beside it, atomically, under the first free pair of names as
 * release-files.ts chooses them. When the report cannot be written the CSV is removed, so that the two appear together
 * or not at all, as for an in-memory release.
 */
import { basename, join } from 'node:path';
import { rm } from 'node:fs/promises';
import type { RandomSource } from '../core/random.js';
import type { RowBatch } from '../source/data-source.js';
import { boundingSeed } from '../source/keyed-order.js';
import { DuckDbSource } from './duckdb-source.js';
import type { ReleaseDescription } from '../release/release-description.js';
import type { RowTransform } from '../release/microdata-row-transform.js';
import { freeReleaseFiles, NOT_PRIVATE, releaseReportJson, type ReportContext } from './release-files.js';
import { writeMicrodataStream } from './write-microdata-stream.js';
import { assertUnchanged, type FileSnapshot } from './file-snapshot.js';
import { writeNewFilesTogether } from './write-file-atomic.js';

export interface StreamedRows {
  readonly header: readonly string[];
  readonly batches: AsyncIterable<RowBatch>;
  readonly transform: RowTransform;
}

/** Writes the streamed CSV and then its report; returns the two paths and the number of rows written. */
export async function writeStreamedRelease(out: string, release: ReleaseDescription, rows: StreamedRows, extra: Record<string, unknown> | undefined, context: ReportContext & { inputs: readonly string[]; verify?: (rows: number) => void | Promise<void> }): Promise<{ files: string[]; rows: number }> {
  const { files } = await freeReleaseFiles(out, release.name);
  const [csv, json] = files;
  const written = await writeMicrodataStream(csv, rows.header, rows.batches, rows.transform, {
    inputs: context.inputs,
    ...(context.verify ? { verify: context.verify } : {}),
    ...(context.seed !== undefined ? { firstLine: `# ${NOT_PRIVATE}` } : {}),
  });
  try {
    await writeNewFilesTogether(out, [{ name: basename(json), data: releaseReportJson(out, release, extra, context) }]);
  } catch (e) {
    await rm(join(out, basename(csv)), { force: true });
    throw e;
  }
  return { files, rows: written.rows };
}

/**
 * A decided release's rows streamed from the DuckDB file `data` in the keyed random order (a key drawn from the run's
 * generator: secure unless seeded) into its files; `inputs` are the files the run reads, which the output never replaces.
 */
export async function writeStreamedDecision(out: string, data: string, inputs: readonly string[], release: ReleaseDescription, d: { columns: readonly string[]; transform: RowTransform; rows: number; snapshot: FileSnapshot }, extra: Record<string, unknown> | undefined, context: ReportContext, rng: RandomSource): Promise<string[]> {
  const duck = await DuckDbSource.open(data);
  try {
    // Checked before the file is put in place: the data is still the file the decision read, and the stream kept the
    // rows the decision counted (a disagreement would be a bug); either failing leaves no file.
    const verify = async (rows: number) => {
      await assertUnchanged(d.snapshot);
      if (rows !== d.rows) throw new Error(`the streamed file holds ${rows} rows, the decision kept ${d.rows}`);
    };
    const written = await writeStreamedRelease(out, release, { header: d.columns, batches: duck.shuffledRows(d.columns, boundingSeed(rng)), transform: d.transform }, extra, { ...context, inputs, verify });
    return written.files;
  } finally {
    await duck.close();
  }
}
