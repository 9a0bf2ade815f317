/**
 * A microdata release's files when its rows are streamed from a source too large to hold (streamed-generalize.ts):
 * the CSV is written by the streaming writer (write-microdata-stream.ts: a temporary file, shuffled batches, linked
 * into place, never over a file), then the JSON report beside it, atomically, under the first free pair of names as
 * release-files.ts chooses them. When the report cannot be written the CSV is removed, so that the two appear together
 * or not at all, as for an in-memory release. The source shuffles the rows and they carry no input row numbers, so such
 * a file has no private row key (row-key.ts): its ledger entry records its digest and says so. `privspec anonymize
 * --out` streams its one file through the same `streamDecidedFile`.
 */
import { basename, join } from 'node:path';
import { rm } from 'node:fs/promises';
import type { RandomSource } from '../../core/random.js';
import type { DataSource } from '../../source/data-source.js';
import { boundingSeed } from '../../source/keyed-order.js';
import type { ReleaseDescription } from '../../release/release-description.js';
import { classMismatch } from '../../release/microdata-row-transform.js';
import type { StreamedDecision } from '../../release/kinds/generalize/streamed-generalize.js';
import { freeReleaseFiles, NOT_PRIVATE, releaseReportJson, type ReportContext } from '../files/release-files.js';
import { writeMicrodataStream } from '../files/write-microdata-stream.js';
import { assertUnchanged, type FileSnapshot } from '../files/file-snapshot.js';
import { writeNewFilesTogether } from '../files/write-file-atomic.js';
import { spreadsheetSafe } from '../files/spreadsheet-safe-cell.js';
import { classCountMismatch, classKey, type GeneralizedRows } from '../../source/generalized-rows.js';
import { isEngineWriter, writeEngineFile } from './engine-written-file.js';
import { readsOneSnapshot } from '../sources/streamed-source.js';
import { canonicalFrequencyTable } from '../../table/canonical-frequency-table.js';
import { frequencyTableDifference } from '../../table/frequency-table-difference.js';

/**
 * Writes the streamed CSV (by `writeCsv`, given the CSV's path) and then its report; returns the two paths and the
 * number of rows written.
 */
export async function writeStreamedRelease(
  out: string,
  release: ReleaseDescription,
  writeCsv: (csv: string) => Promise<{ rows: number; sha256: string }>,
  extra: Record<string, unknown> | undefined,
  context: ReportContext,
): Promise<{ files: string[]; rows: number; sha256: string }> {
  const { files } = await freeReleaseFiles(out, release.name);
  const [csv, json] = files;
  const written = await writeCsv(csv);
  try {
    await writeNewFilesTogether(out, [{ name: basename(json), data: releaseReportJson(out, release, extra, context) }]);
  } catch (e) {
    await rm(join(out, basename(csv)), { force: true });
    throw e;
  }
  return { files, rows: written.rows, sha256: written.sha256 };
}

/** How a decided release's rows are streamed into one file. */
export interface StreamFileOptions {
  /** The files the run reads, which the output never replaces. */
  readonly inputs: readonly string[];
  /** Draws the key of the source's shuffled order: the secure generator unless seeded. */
  readonly rng: RandomSource;
  readonly force?: boolean;
  readonly delimiter?: string;
  readonly firstLine?: string;
  /** The file's format: a CSV, or Parquet (written by DuckDB only). */
  readonly format?: 'csv' | 'parquet';
}

/**
 * The most values (raw values and class labels) a generalization sends to a database server as bound values in its
 * one statement: PostgreSQL takes at most 65,535 parameters, and a longer statement is slow to parse everywhere. A
 * larger decision is streamed through privspec's row transform instead, as before.
 */
const MOST_SERVER_VALUES = 30_000;

/**
 * A decided release's rows streamed from `source` in the keyed random order into the file `csv`: a spec's streamed
 * release (its CSV beside its report) and `privspec anonymize --out` (one file) both write through it.
 * Checked before the file is put in place, any failure leaving no file: the data is still the file the decision read
 * (`snapshot`, for a file), the stream kept the rows the decision counted, and — stronger, for every source, a
 * database too, where no file identity exists — each generalized class holds exactly the rows the decision counted in
 * it, so rows that changed between the decision and the stream cannot be written under a model checked on others.
 */
export async function streamDecidedFile(
  csv: string,
  source: DataSource,
  d: StreamedDecision & { snapshot?: FileSnapshot },
  options: StreamFileOptions,
): Promise<{ rows: number; sha256: string }> {
  const format = options.format ?? 'csv';
  // A generalization is written by the engine that holds the data (issue 38 item 1): DuckDB writes the file itself,
  // a database server sends the generalized rows, which privspec only formats.
  if (d.generalized && isEngineWriter(source)) {
    return writeEngineFile(
      csv,
      source,
      d.generalized(format === 'csv' ? spreadsheetSafe : (v) => v, format === 'csv'),
      {
        inputs: options.inputs,
        key: boundingSeed(options.rng),
        format: { format, delimiter: options.delimiter ?? ',' },
        ...(d.snapshot ? { unchanged: () => assertUnchanged(d.snapshot!) } : {}),
        ...(options.force ? { force: true } : {}),
        ...(options.firstLine !== undefined ? { firstLine: options.firstLine } : {}),
      },
    );
  }
  if (format !== 'csv') throw new Error(`${source.name}: only DuckDB writes Parquet; write a CSV instead`);
  const plan = d.generalized && source.generalizedRows ? d.generalized((v) => v, false) : undefined;
  if (plan && source.generalizedRows && serverValues(plan) <= MOST_SERVER_VALUES)
    return writeServerGeneralized(csv, source, d, plan, options);
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
    await assertSameFrequencies(source, d);
  };
  return writeMicrodataStream(csv, d.header, source.shuffledRows(d.columns, boundingSeed(options.rng)), d.transform, {
    inputs: options.inputs,
    verify,
    ...(options.force ? { force: true } : {}),
    ...(options.delimiter !== undefined ? { delimiter: options.delimiter } : {}),
    ...(options.firstLine !== undefined ? { firstLine: options.firstLine } : {}),
  });
}

/**
 * For a source with neither a file identity nor a snapshot (a ClickHouse table), the decision's frequency table asked
 * again after the stream and compared whole. The per-class count sees rows moved between classes; a sensitive value or
 * a unit changed within a class keeps every class's rows and breaks only the model the decision checked (ℓ-diversity,
 * t-closeness, k in units), which this sees. A change undone before this read is not seen: such a table has no state
 * that one read could pin.
 */
async function assertSameFrequencies(source: DataSource, d: StreamedDecision & { snapshot?: FileSnapshot }) {
  if (d.snapshot || !d.frequencies || readsOneSnapshot(source)) return;
  const now = await source.frequencyTable({ columns: d.frequencies.columns.map((c) => c.name) });
  const difference = frequencyTableDifference(d.frequencies, canonicalFrequencyTable(now));
  if (difference)
    throw new Error(`${source.name} changed while the release read it (${difference}); nothing was written`);
}

function serverValues(plan: GeneralizedRows): number {
  return plan.quasi.reduce((n, q) => n + 2 * q.values.length, 0) + plan.classes.count * plan.quasi.length;
}

/**
 * The rows a database server generalized, suppressed and shuffled (DataSource.generalizedRows), formatted by privspec's
 * own writer (spreadsheet-safe, its delimiter, a temporary file linked into place), and counted per class on the way:
 * the file is put in place only if each class holds the decision's rows.
 */
async function writeServerGeneralized(
  csv: string,
  source: DataSource,
  d: StreamedDecision & { snapshot?: FileSnapshot },
  plan: GeneralizedRows,
  options: StreamFileOptions,
): Promise<{ rows: number; sha256: string }> {
  const at = plan.quasi.map((q) => plan.columns.indexOf(q.column));
  const counts = new Map<string, number>();
  const count = (row: readonly string[]) => {
    const key = classKey(at.map((j) => row[j]));
    counts.set(key, (counts.get(key) ?? 0) + 1);
    return row;
  };
  const verify = async (rows: number) => {
    if (d.snapshot) await assertUnchanged(d.snapshot);
    const mismatch = classCountMismatch(plan, counts);
    if (mismatch)
      throw new Error(`${source.name} changed while the release read it (${mismatch}); nothing was written`);
    if (rows !== plan.rows)
      throw new Error(
        `${source.name} changed while the release read it (the server sent ${rows} rows, the decision kept ${plan.rows}); nothing was written`,
      );
    await assertSameFrequencies(source, d);
  };
  return writeMicrodataStream(csv, d.header, source.generalizedRows!(plan, boundingSeed(options.rng), 1 << 17), count, {
    inputs: options.inputs,
    verify,
    ...(options.force ? { force: true } : {}),
    ...(options.delimiter !== undefined ? { delimiter: options.delimiter } : {}),
    ...(options.firstLine !== undefined ? { firstLine: options.firstLine } : {}),
  });
}

/**
 * A decided release's rows streamed from `source` (a key drawn from the run's generator) into its files, the CSV
 * through `streamDecidedFile`, then its report; `inputs` are the files the run reads, which the output never replaces.
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
  return writeStreamedRelease(
    out,
    release,
    (csv) =>
      streamDecidedFile(csv, source, d, {
        inputs,
        rng,
        ...(context.seed !== undefined ? { firstLine: `# ${NOT_PRIVATE}` } : {}),
      }),
    extra,
    context,
  );
}
