/**
 * A microdata release's files when its rows are streamed from a source too large to hold (streamed-generalize.ts):
 * the CSV is written by the streaming writer (write-microdata-stream.ts: a temporary file, shuffled batches, linked
 * into place, never over a file), then the JSON report beside it, atomically, under the first free pair of names as
 * release-files.ts chooses them. When the report cannot be written the CSV is removed, so that the two appear together
 * or not at all, as for an in-memory release. The source shuffles the rows and they carry no input row numbers, so such
 * a file has no private row key (row-key.ts): its ledger entry records its digest and says so.
 */
import { basename, join } from 'node:path';
import { rm } from 'node:fs/promises';
import type { RandomSource } from '../../core/random.js';
import type { DataSource, RowBatch } from '../../source/data-source.js';
import { boundingSeed } from '../../source/keyed-order.js';
import type { ReleaseDescription } from '../../release/release-description.js';
import { classMismatch, type RowTransform } from '../../release/microdata-row-transform.js';
import type { StreamedDecision } from '../../release/kinds/generalize/streamed-generalize.js';
import { freeReleaseFiles, NOT_PRIVATE, releaseReportJson, type ReportContext } from '../files/release-files.js';
import { writeMicrodataStream } from '../files/write-microdata-stream.js';
import { assertUnchanged, type FileSnapshot } from '../files/file-snapshot.js';
import { writeNewFilesTogether } from '../files/write-file-atomic.js';

export interface StreamedRows {
  readonly header: readonly string[];
  readonly batches: AsyncIterable<RowBatch>;
  readonly transform: RowTransform;
}

/** Writes the streamed CSV and then its report; returns the two paths and the number of rows written. */
export async function writeStreamedRelease(
  out: string,
  release: ReleaseDescription,
  rows: StreamedRows,
  extra: Record<string, unknown> | undefined,
  context: ReportContext & { inputs: readonly string[]; verify?: (rows: number) => void | Promise<void> },
): Promise<{ files: string[]; rows: number; sha256: string }> {
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
  return { files, rows: written.rows, sha256: written.sha256 };
}

/**
 * A decided release's rows streamed from `source` in the keyed random order (a key drawn from the run's generator:
 * secure unless seeded) into its files; `inputs` are the files the run reads, which the output never replaces.
 * Checked before the file is put in place, any failure leaving no file: the data is still the file the decision read
 * (`snapshot`, for a file), the stream kept the rows the decision counted, and — stronger, for every source, a
 * database too, where no file identity exists — each generalized class holds exactly the rows the decision counted in
 * it, so rows that changed between the decision and the stream cannot be written under a model checked on others.
 */
export async function writeStreamedDecision(
  out: string,
  source: DataSource,
  inputs: readonly string[],
  release: ReleaseDescription,
  d: StreamedDecision & { snapshot?: FileSnapshot },
  extra: Record<string, unknown> | undefined,
  context: ReportContext,
  rng: RandomSource,
): Promise<{ files: string[]; rows: number; sha256: string }> {
  if (!source.shuffledRows)
    throw new Error(`${source.name} cannot shuffle its rows, so its microdata cannot be streamed`);
  const verify = async (rows: number) => {
    if (d.snapshot) await assertUnchanged(d.snapshot);
    const mismatch = d.tally && classMismatch(d.tally);
    if (mismatch)
      throw new Error(`${source.name} changed while the release read it (${mismatch}); nothing was written`);
    if (rows !== d.rows)
      throw new Error(
        `${source.name} changed while the release read it (the stream kept ${rows} rows, the decision ${d.rows}); nothing was written`,
      );
  };
  return writeStreamedRelease(
    out,
    release,
    { header: d.header, batches: source.shuffledRows(d.columns, boundingSeed(rng)), transform: d.transform },
    extra,
    { ...context, inputs, verify },
  );
}
