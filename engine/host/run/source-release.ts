/**
 * `privspec release` (and ▶ Run) on data read where it lies — a database table (`from postgres table …`, `from
 * clickhouse table …`), a Parquet file, or a CSV DuckDB reads (above the size rule of open-source.ts, or `--engine
 * duckdb`): the DP releases, views included, add their noise to the answers of the same queries `privspec plan`
 * prints, which the source computes (selection, keyed contribution bounding, clamping, grouping), so only per-group
 * figures leave it and the table is never read whole. A generalized or PRAM'd file is rows by nature: those releases
 * run in a second run over the same ledger, on the source's rows (streamed where the runner streams them).
 */
import { cryptoRandom, seededRandom } from '../../core/random.js';
import type { RunReleaseResult } from '../../release/run-report.js';
import type { AggregateAnswer, DataSource } from '../../source/data-source.js';
import { boundingSeed } from '../../source/keyed-order.js';
import { releaseRequestId } from '../../source/release-aggregates.js';
import { aggregatePlan } from './aggregate-plan.js';
import { declaredDomains } from '../../release/domains.js';
import { sourceDomains } from './source-preview.js';
import { databaseLocation, openDatabaseSource } from '../sources/database-location.js';
import { DuckDbSource } from '../sources/duckdb/duckdb-source.js';
import { runReleases, RunRefused, type RunInput, type RunOptions } from './release-runner.js';

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
export async function sourceAnswers(input: RunInput, seed?: number): Promise<Map<string, AggregateAnswer>> {
  return (await sourceFigures(input, seed)).answers;
}

/**
 * The answers, and the value domains a release that accepts a domain from the data reads — the distinct values of the
 * source's frequency table of each such column, as the preview reads them (source-preview.ts `sourceDomains`) and as
 * `dataDomains` takes them from a table — keyed by release name.
 */
async function sourceFigures(input: RunInput, seed?: number): Promise<{ answers: Map<string, AggregateAnswer>; domains: Map<string, ReadonlyMap<string, readonly string[]>> }> {
  const rng = seed === undefined ? cryptoRandom() : seededRandom(`bounding:${seed}`);
  const queries = aggregatePlan(input, boundingSeed(rng), rng).filter((q) => q.aggregate !== undefined);
  const answers = new Map<string, AggregateAnswer>();
  const domains = new Map<string, ReadonlyMap<string, readonly string[]>>();
  if (queries.length === 0) return { answers, domains };
  const source = await openSource(input);
  try {
    const access = { frequencies: (columns: readonly string[]) => source.frequencyTable({ columns }), open: () => Promise.resolve(source) };
    for (const q of queries) {
      const release = input.releases.find((r) => r.name === q.release);
      if (release?.accepts.includes('data-dependent-domain')) {
        const declared = declaredDomains(input.hierarchies);
        domains.set(release.name, new Map([...(await sourceDomains(input, release, access))].filter(([name]) => !declared.has(name))));
      }
      answers.set(q.id, await source.aggregate(q.aggregate!));
    }
  } finally {
    await source.close();
  }
  return { answers, domains };
}

/**
 * Runs the releases that have an aggregate on the source's answers, and the others (generalized and PRAM'd files,
 * which are rows by nature) on the data's rows; one report, in spec order.
 */
export async function runReleasesAtSource(input: RunInput, options: Omit<RunOptions, 'aggregates' | 'sourceDomains'>): Promise<RunReleaseResult> {
  const { answers, domains } = await sourceFigures(input, options.seed);
  const answered = input.releases.filter((r) => answers.has(releaseRequestId(r.name)));
  const rows = input.releases.filter((r) => !answers.has(releaseRequestId(r.name)));
  const reports: RunReleaseResult[] = [];
  if (answered.length > 0) reports.push(await runReleases({ ...input, releases: answered }, { ...options, aggregates: answers, sourceDomains: domains }));
  if (rows.length > 0 || answered.length === 0) {
    try {
      reports.push(await runReleases({ ...input, releases: rows }, options));
    } catch (e) {
      // The DP releases are written and recorded by now: a refusal of the second run (its data, its folder) is
      // reported beside them, release by release, not in place of them — the user must see what was spent.
      if (reports.length === 0 || (e as Error).name === 'AbortError') throw e;
      const message = `not run: ${(e as Error).message}`;
      reports.push({ ...reports[0], releases: rows.map((r) => ({ name: r.name, previousRuns: 0, files: [], status: e instanceof RunRefused ? 'refused' : 'failed', message })) });
    }
  }
  const last = reports[reports.length - 1];
  const order = new Map(input.releases.map((r, i) => [r.name, i]));
  const releases = reports.flatMap((r) => r.releases).sort((a, b) => (order.get(a.name) ?? 0) - (order.get(b.name) ?? 0));
  return { ...last, releases, ...(reports.some((r) => r.notPrivate) ? { notPrivate: true } : {}) };
}
