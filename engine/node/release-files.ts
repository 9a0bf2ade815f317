/**
 * A release's files: `<out>/<name>.csv` and `<out>/<name>.json`, written atomically and never over an earlier run's:
 * when either name is taken, the run writes `<name>-2.csv`/`.json`, then `-3`, … (the first free pair), so that every
 * published file stays as it was published and the ledger entry names the files of its own run. The report states the mechanism,
 * parameters, privacy spent and expected error; it holds nothing computed exactly from the data. A seeded run's files say
 * NOT PRIVATE on their first line.
 */
import { join } from 'node:path';
import type { Amount, ReleaseCosts } from '../release/release-costs.js';
import type { ReleaseDescription } from '../release/release-description.js';
import type { ExpectedError, ReleaseOutput } from '../release/release-measurement.js';
import { formatCsv } from './write-csv.js';
import { lstat } from 'node:fs/promises';
import { writeNewFileAtomic } from './write-file-atomic.js';

export const NOT_PRIVATE = 'NOT PRIVATE (seeded)';

export function releaseFiles(out: string, name: string, run = 1): [string, string] {
  const stem = run === 1 ? name : `${name}-${run}`;
  return [join(out, `${stem}.csv`), join(out, `${stem}.json`)];
}

const taken = async (file: string) => (await lstat(file).catch(() => undefined)) !== undefined;

/** The first run number whose CSV and JSON names are both free in `out`. */
export async function freeReleaseFiles(out: string, name: string, from = 1): Promise<{ run: number; files: [string, string] }> {
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
}

export async function writeRelease(out: string, release: ReleaseDescription, output: Pick<ReleaseOutput, 'header' | 'rows' | 'report'>, context: ReportContext): Promise<string[]> {
  const seeded = context.seed !== undefined;
  const report = {
    ...(seeded ? { notPrivate: `${NOT_PRIVATE}: seed ${context.seed}; reproducible noise for tests, not for publication` } : {}),
    release: release.name,
    spec: context.spec,
    // A `where` region is a Map; the report spells it as an object.
    query: JSON.parse(JSON.stringify(release.query, (_, v) => (v instanceof Map ? Object.fromEntries(v) : v))),
    accepts: release.accepts,
    // The spec's reason for an acceptance (`accept linked-releases "…"`) travels with the file it excuses.
    ...(release.reasons ? { acceptedBecause: release.reasons } : {}),
    mechanism: context.mechanism,
    parameters: context.parameters,
    privacySpent: context.privacySpent ?? null,
    privacySpentEveryNotion: context.costs ?? null,
    expectedError: context.expectedError ?? null,
    ledgerEntry: context.ledgerEntry ?? null,
    notes: context.notes,
    ...(output.report ?? {}),
    createdAt: new Date().toISOString(),
  };
  const text = formatCsv(output.header, output.rows);
  const body = `${JSON.stringify(report, null, 2)}\n`;
  // The report first, the numbers last: if the second write fails, no released numbers stand without their report.
  // JSON has no comments: a seeded report's first key says NOT PRIVATE, on its first line.
  // Another run may take the same free name between the check and the link: then the next pair is tried.
  for (let from = 1; ; ) {
    const { run, files } = await freeReleaseFiles(out, release.name, from);
    const [csv, json] = files;
    try {
      await writeNewFileAtomic(json, seeded ? body.replace(/^\{\n/, `{ "NOT PRIVATE": "${NOT_PRIVATE}",\n`) : body);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') {
        from = run + 1;
        continue;
      }
      throw e;
    }
    await writeNewFileAtomic(csv, seeded ? `# ${NOT_PRIVATE}\n${text}` : text);
    return [csv, json];
  }
}
