/**
 * A release's files: `<out>/<name>.csv` and `<out>/<name>.json`, written atomically. The report states the mechanism,
 * parameters, privacy spent and expected error; it holds nothing computed exactly from the data. A seeded run's files say
 * NOT PRIVATE on their first line.
 */
import { join } from 'node:path';
import type { Amount, ReleaseCosts } from '../release/release-costs.js';
import type { ReleaseDescription } from '../release/release-description.js';
import type { ExpectedError, ReleaseOutput } from '../release/release-measurement.js';
import { formatCsv } from './write-csv.js';
import { writeFileAtomic } from './write-file-atomic.js';

export const NOT_PRIVATE = 'NOT PRIVATE (seeded)';

export function releaseFiles(out: string, name: string): [string, string] {
  return [join(out, `${name}.csv`), join(out, `${name}.json`)];
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
  const [csv, json] = releaseFiles(out, release.name);
  const seeded = context.seed !== undefined;
  const report = {
    ...(seeded ? { notPrivate: `${NOT_PRIVATE}: seed ${context.seed}; reproducible noise for tests, not for publication` } : {}),
    release: release.name,
    spec: context.spec,
    // A `where` region is a Map; the report spells it as an object.
    query: JSON.parse(JSON.stringify(release.query, (_, v) => (v instanceof Map ? Object.fromEntries(v) : v))),
    accepts: release.accepts,
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
  await writeFileAtomic(json, seeded ? body.replace(/^\{\n/, `{ "NOT PRIVATE": "${NOT_PRIVATE}",\n`) : body);
  await writeFileAtomic(csv, seeded ? `# ${NOT_PRIVATE}\n${text}` : text);
  return [csv, json];
}
