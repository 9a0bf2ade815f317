/**
 * `privspec release` (and ▶ Run) on data read where it lies — a database table (`from postgres table …`, `from
 * clickhouse table …`), a Parquet file, or a CSV DuckDB reads (above the size rule of open-source.ts, or `--engine
 * duckdb`): the DP releases, views included, add their noise to the answers of the same queries `privspec plan`
 * prints, which the source computes (selection, keyed contribution bounding, clamping, grouping), so only per-group
 * figures leave it and the table is never read whole. A generalized or PRAM'd file is rows by nature: those releases
 * run in a second run over the same ledger, on the source's rows (streamed where the runner streams them).
 */
import { cryptoRandom, seededRandom } from '../core/random.js';
import type { RunReleaseResult } from '../release/run-report.js';
import type { AggregateAnswer, DataSource } from '../source/data-source.js';
import { boundingSeed } from '../source/keyed-order.js';
import { releaseRequestId, writesRows } from '../source/release-aggregates.js';
import type { Table } from '../table/table.js';
import { sourceDomainTable } from './source-domains.js';
import { aggregatePlan } from './aggregate-plan.js';
import { databaseLocation, openDatabaseSource } from './database-location.js';
import { DuckDbSource } from './duckdb-source.js';
import { runReleases, type RunInput, type RunOptions } from './release-runner.js';

/** Whether the input's data is a database table. */
export function isDatabaseInput(input: RunInput): boolean {
  return databaseLocation(input.dataset.file) !== undefined;
}

/** Whether the input's releases run through `runReleasesAtSource`: its data is read where it lies. */
/** The input's source: its database server, or DuckDB over its file (with the spec's delimiter for a CSV). */
async function openSource(input: RunInput): Promise<DataSource> {
  const database = databaseLocation(input.dataset.file);
  if (database) return openDatabaseSource(database);
  return DuckDbSource.open(input.dataset.file, input.dataset.delimiter === undefined ? {} : { delimiter: input.dataset.delimiter });
}

/**
 * The source's answers to the aggregate of every release that has one (counts, sums, means, modes, grids with bounds,
 * views), keyed as the runner looks them up. The bounding order's key is fresh from the secure generator for every
 * run; a seeded test run derives it from its seed, by its own generator, so that the noise's draws are those of a run
 * on the table.
 */
export async function sourceAnswers(input: RunInput, seed?: number): Promise<{ answers: Map<string, AggregateAnswer>; domains?: Table }> {
  const rng = seed === undefined ? cryptoRandom() : seededRandom(`bounding:${seed}`);
  const answers = new Map<string, AggregateAnswer>();
  if (!input.releases.some((r) => !writesRows(r))) return { answers };
  const source = await openSource(input);
  try {
    // Domains taken from the data are the distinct values of each column's frequency table, as the preview reads them.
    const domains = await sourceDomainTable(input, source);
    const queries = aggregatePlan(input, boundingSeed(rng), rng, domains).filter((q) => q.aggregate !== undefined);
    for (const q of queries) answers.set(q.id, await source.aggregate(q.aggregate!));
    return { answers, domains };
  } finally {
    await source.close();
  }
}

/**
 * Runs the releases that have an aggregate on the source's answers, and the others (generalized and PRAM'd files,
 * which are rows by nature) on the data's rows; one report, in spec order.
 */
export async function runReleasesAtSource(input: RunInput, options: Omit<RunOptions, 'aggregates'>): Promise<RunReleaseResult> {
  const { answers, domains } = await sourceAnswers(input, options.seed);
  const answered = input.releases.filter((r) => answers.has(releaseRequestId(r.name)));
  const rows = input.releases.filter((r) => !answers.has(releaseRequestId(r.name)));
  const reports: RunReleaseResult[] = [];
  if (answered.length > 0) reports.push(await runReleases({ ...input, releases: answered }, { ...options, aggregates: answers, ...(domains ? { domains } : {}) }));
  if (rows.length > 0 || answered.length === 0) reports.push(await runReleases({ ...input, releases: rows }, options));
  const last = reports[reports.length - 1];
  const order = new Map(input.releases.map((r, i) => [r.name, i]));
  const releases = reports.flatMap((r) => r.releases).sort((a, b) => (order.get(a.name) ?? 0) - (order.get(b.name) ?? 0));
  return { ...last, releases, ...(reports.some((r) => r.notPrivate) ? { notPrivate: true } : {}) };
}
