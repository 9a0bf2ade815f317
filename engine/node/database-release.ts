/**
 * `privspec release` on a spec whose dataset is a database table (`from postgres table …`, `from clickhouse table …`):
 * the DP releases add their noise to the answers of the same queries `privspec plan` prints, which the server computes
 * (selection, keyed contribution bounding, clamping, grouping), so only per-group figures leave the server. A
 * generalized or PRAM'd file is rows by nature: those releases read the table's rows, streamed, in a second run over
 * the same ledger, as do the kinds that have no aggregate form (a view).
 */
import { cryptoRandom, seededRandom } from '../core/random.js';
import type { RunReleaseResult } from '../release/run-report.js';
import type { AggregateAnswer } from '../source/data-source.js';
import { boundingSeed } from '../source/keyed-order.js';
import { releaseRequestId } from '../source/release-aggregates.js';
import { aggregatePlan } from './aggregate-plan.js';
import { databaseLocation, openDatabaseSource } from './database-location.js';
import { runReleases, type RunInput, type RunOptions } from './release-runner.js';

/** Whether the input's data is a database table, and so runs through `runReleasesOnDatabase`. */
export function isDatabaseInput(input: RunInput): boolean {
  return databaseLocation(input.dataset.file) !== undefined;
}

/**
 * The server's answers to the aggregate of every release that has one (counts, sums, means, modes, grids with bounds),
 * keyed as the runner looks them up. The bounding order's key is fresh from the secure generator for every run; a
 * seeded test run derives it from its seed.
 */
export async function databaseAnswers(input: RunInput, seed?: number): Promise<Map<string, AggregateAnswer>> {
  const rng = seed === undefined ? cryptoRandom() : seededRandom(`bounding:${seed}`);
  const queries = aggregatePlan(input, boundingSeed(rng), rng).filter((q) => q.aggregate !== undefined);
  const answers = new Map<string, AggregateAnswer>();
  if (queries.length === 0) return answers;
  const source = await openDatabaseSource(databaseLocation(input.dataset.file)!);
  try {
    for (const q of queries) answers.set(q.id, await source.aggregate(q.aggregate!));
  } finally {
    await source.close();
  }
  return answers;
}

/**
 * Runs the releases that have an aggregate on the server's answers, and the others (generalized and PRAM'd files,
 * which are rows by nature, and kinds with no aggregate form) on the table's rows; one report, in spec order.
 */
export async function runReleasesOnDatabase(input: RunInput, options: Omit<RunOptions, 'aggregates'>): Promise<RunReleaseResult> {
  const answers = await databaseAnswers(input, options.seed);
  const answered = input.releases.filter((r) => answers.has(releaseRequestId(r.name)));
  const rows = input.releases.filter((r) => !answers.has(releaseRequestId(r.name)));
  const reports: RunReleaseResult[] = [];
  if (answered.length > 0) reports.push(await runReleases({ ...input, releases: answered }, { ...options, aggregates: answers }));
  if (rows.length > 0 || answered.length === 0) reports.push(await runReleases({ ...input, releases: rows }, options));
  const last = reports[reports.length - 1];
  const order = new Map(input.releases.map((r, i) => [r.name, i]));
  const releases = reports.flatMap((r) => r.releases).sort((a, b) => (order.get(a.name) ?? 0) - (order.get(b.name) ?? 0));
  return { ...last, releases, ...(reports.some((r) => r.notPrivate) ? { notPrivate: true } : {}) };
}
