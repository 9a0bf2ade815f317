/**
 * A release's files: `<out>/<name>.csv` and `<out>/<name>.json`, written together (both or neither,
 * write-file-atomic.ts) and never over an earlier run's:
 * when either name is taken, the run writes `<name>-2.csv`/`.json`, then `-3`, … (the first free pair), so that every
 * published file stays as it was published and the ledger entry names the files of its own run. The report states the
 * mechanism, parameters, privacy spent and expected error; it holds nothing computed exactly from the data. It names
 * the spec relative to the output folder (an absolute path would publish user and folder names) and the ledger by its
 * random id with the entry id, so that a deleted or replaced ledger is recognized by the outputs of its spends. A
 * microdata file is written in a fresh random row order (write-csv.ts). A seeded run's files say NOT PRIVATE on their
 * first line.
 */
import { basename, dirname, join, relative, sep } from 'node:path';
import type { RandomSource } from '../../core/random.js';
import type { Amount, ReleaseCosts } from '../../release/release-costs.js';
import type { ReleaseDescription } from '../../release/release-description.js';
import type { ExpectedError, ReleaseOutput } from '../../release/release-measurement.js';
import { formatCsv, formatMicrodataCsv, keyRows, shuffledMicrodataCsv } from './write-csv.js';
import { lstat, rm } from 'node:fs/promises';
import { existingOutput, writeNewFilesTogether } from './write-file-atomic.js';

export const NOT_PRIVATE = 'NOT PRIVATE (seeded)';

export function releaseFiles(out: string, name: string, run = 1): [string, string] {
  const stem = run === 1 ? name : `${name}-${run}`;
  return [join(out, `${stem}.csv`), join(out, `${stem}.json`)];
}

const taken = async (file: string) => (await lstat(file).catch(() => undefined)) !== undefined;

/** The first run number whose CSV and JSON names are both free in `out`. */
export async function freeReleaseFiles(
  out: string,
  name: string,
  from = 1,
): Promise<{ run: number; files: [string, string] }> {
  for (let run = from; ; run++) {
    const files = releaseFiles(out, name, run);
    if (!(await taken(files[0])) && !(await taken(files[1]))) return { run, files };
  }
}

export interface ReportContext {
  mechanism: string;
  parameters: Record<string, unknown>;
  notes: string[];
  spec: string;
  seed?: number;
  privacySpent?: Amount & { accounting: string };
  costs?: ReleaseCosts;
  expectedError?: ExpectedError;
  ledgerEntry?: string;
  /** The ledger's random id (engine/release/ledger-entry.ts). */
  ledger?: string;
  /** The source of a microdata file's random row order (the run's generator: secure unless seeded). */
  rng: RandomSource;
  /**
   * Keeps a microdata file's private row key (row-key.ts), given the file's bytes and the input row of each of its
   * lines (undefined when the output named none); called before the file is put in place.
   */
  keepRowKey?: (csv: string, sourceRows: Int32Array | undefined) => Promise<void>;
}

/** The spec's path as seen from the output folder, with '/' separators. */
export function specFromOut(out: string, spec: string): string {
  return relative(out, spec).split(sep).join('/');
}

/** The release's JSON report, as written beside its CSV (a seeded report says NOT PRIVATE on its first line). */
export function releaseReportJson(
  out: string,
  release: ReleaseDescription,
  extra: ReleaseOutput['report'],
  context: ReportContext,
): string {
  const seeded = context.seed !== undefined;
  const report = {
    ...(seeded
      ? { notPrivate: `${NOT_PRIVATE}: seed ${context.seed}; reproducible noise for tests, not for publication` }
      : {}),
    release: release.name,
    spec: specFromOut(out, context.spec),
    // A `where` region is a Map; the report spells it as an object.
    query: JSON.parse(
      JSON.stringify(release.query, (_, v: unknown): unknown => (v instanceof Map ? Object.fromEntries(v) : v)),
    ) as unknown,
    accepts: release.accepts,
    // The spec's reason for an acceptance (`accept linked-releases "…"`) travels with the file it excuses.
    ...(release.reasons ? { acceptedBecause: release.reasons } : {}),
    mechanism: context.mechanism,
    parameters: context.parameters,
    privacySpent: context.privacySpent ?? null,
    privacySpentEveryNotion: context.costs ?? null,
    expectedError: context.expectedError ?? null,
    ledger: context.ledger ?? null,
    ledgerEntry: context.ledgerEntry ?? null,
    notes: context.notes,
    ...(extra ?? {}),
    createdAt: new Date().toISOString(),
  };
  const body = `${JSON.stringify(report, null, 2)}\n`;
  // JSON has no comments: a seeded report's first key says NOT PRIVATE, on its first line.
  return seeded ? body.replace(/^\{\n/, `{ "NOT PRIVATE": "${NOT_PRIVATE}",\n`) : body;
}

export async function writeRelease(
  out: string,
  release: ReleaseDescription,
  output: Pick<ReleaseOutput, 'header' | 'rows' | 'report' | 'microdata' | 'sourceRows'>,
  context: ReportContext,
): Promise<string[]> {
  const seeded = context.seed !== undefined;
  const shuffled = output.microdata ? shuffledMicrodataCsv(output.header, output.rows, context.rng) : undefined;
  const text = shuffled ? shuffled.text : formatCsv(output.header, output.rows);
  const json = releaseReportJson(out, release, output.report, context);
  const csv = seeded ? `# ${NOT_PRIVATE}\n${text}` : text;
  // The row key is on disk before the file it describes appears (an output without rows named per input row has none).
  if (shuffled && context.keepRowKey)
    await context.keepRowKey(
      csv,
      output.sourceRows === undefined ? undefined : keyRows(shuffled.order, output.sourceRows),
    );
  // Another run may take the same free name between the check and the link: then the next pair is tried.
  for (let from = 1; ;) {
    const { run, files } = await freeReleaseFiles(out, release.name, from);
    const names = files.map((f) => basename(f));
    try {
      // The report first, the numbers last; both appear or neither does.
      await writeNewFilesTogether(out, [
        { name: names[1], data: json },
        { name: names[0], data: csv },
      ]);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') {
        from = run + 1;
        continue;
      }
      throw e;
    }
    return files;
  }
}

/**
 * A new file at a path of the user's choice (`anonymize --out`, `--report`), by the release writer: created exclusively
 * by a link into the folder resolved once and checked after (write-file-atomic.ts), so that it never replaces a file,
 * even when the folder is swapped for a symlink to the data's mid-run. With `force` an existing file (which the caller
 * has checked is no input) is removed first.
 */
export async function writeOwnFile(path: string, text: string, options: { force?: boolean } = {}): Promise<void> {
  if (await existingOutput(path, options.force)) await rm(path);
  await writeNewFilesTogether(dirname(path), [{ name: basename(path), data: text }]);
}

/** A microdata file at a path of the user's choice: shuffled (write-csv.ts), then written by `writeOwnFile`. */
export async function writeMicrodataFile(
  path: string,
  header: readonly string[],
  rows: readonly (readonly string[])[],
  options: { rng: RandomSource; delimiter?: string; force?: boolean },
): Promise<void> {
  await writeOwnFile(path, formatMicrodataCsv(header, rows, options.rng, options.delimiter), options);
}
