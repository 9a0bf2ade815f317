/**
 * `privspec release` (and ▶ Run) on data read where it lies — a database table (`from postgres table …`, `from
 * clickhouse table …`), a Parquet file, or a CSV DuckDB reads (above the size rule of open-source.ts, or `--engine
 * duckdb`): the DP releases, views included, add their noise to the answers of the same queries `privspec plan`
 * prints, which the source computes (selection, keyed contribution bounding, clamping, grouping), so only per-group
 * figures leave it and the table is never read whole. A generalized or PRAM'd file is rows by nature: those releases
 * run in the same run, on the source's rows (streamed where the runner streams them), each release's path chosen by
 * the runner from whether the source answered it.
 */
import { cryptoRandom, seededRandom } from '../../core/random.js';
import type { RunReleaseResult } from '../../release/run-report.js';
import type { AggregateAnswer, AggregateRequest } from '../../source/data-source.js';
import type { DataLocation, TruncatedSumsAnswer, TruncatedSumsRequest } from '../../source/truncated-sums.js';
import { releaseRequestId, truncatedSumsRequest } from '../../release/release-aggregates.js';
import { TableError } from '../../table/table.js';
import { boundingSeed } from '../../source/keyed-order.js';
import { aggregatePlan } from './aggregate-plan.js';
import { declaredDomains } from '../../release/domains.js';
import { sourceDomains } from './source-preview.js';
import { databaseLocation } from '../sources/database-location.js';
import type { OpenDataSource } from '../sources/open-data-source.js';
import { SharedSource } from '../sources/shared-source.js';
import { refuseBlankUnitsAtSource } from './blank-units-check.js';
import { runReleases, type RunOptions, type SourceAnswers } from './release-runner.js';
import type { RunInput } from '../../release/run-input.js';

/** Whether the input's data is a database table. */
export function isDatabaseInput(input: RunInput): boolean {
  return databaseLocation(input.dataset.file) !== undefined;
}

/**
 * The source's answers to the aggregate of every release that has one (counts, sums, means, modes, grids with bounds,
 * views), keyed as the runner looks them up. The bounding order's key is fresh from the secure generator for every
 * run; a seeded test run derives it from its seed, by its own generator, so that the noise's draws are those of a run
 * on the table.
 */
export async function sourceAnswers(input: RunInput, seed?: number): Promise<Map<string, AggregateAnswer>> {
  const own = new SharedSource(
    input.dataset.file,
    input.dataset.delimiter === undefined ? {} : { delimiter: input.dataset.delimiter },
  );
  try {
    const figures = await sourceFigures(input, seed, own.opener);
    const answers = new Map<string, AggregateAnswer>();
    for (const id of figures.ids) answers.set(id, await figures.answer(id));
    return answers;
  } finally {
    await own.close();
  }
}

/**
 * The answers, each computed when the runner asks for it — after the release's spend is recorded, so that no aggregate
 * reaches the source for a run the ledger refuses — and the value domains a release that accepts a domain from the
 * data reads: the distinct values of the source's frequency table of each such column, as the preview reads them
 * (source-preview.ts `sourceDomains`) and as `dataDomains` takes them from a table, keyed by release name, read here
 * (they decide the plan, and so the cost, before anything is spent). The queries and their bounding key are drawn
 * now, in the plan's order, so a seeded run's draws do not depend on when the answers are asked.
 */
async function sourceFigures(input: RunInput, seed: number | undefined, open: OpenDataSource): Promise<SourceAnswers> {
  const rng = seed === undefined ? cryptoRandom() : seededRandom(`bounding:${seed}`);
  const queries = aggregatePlan(input, boundingSeed(rng), rng).filter((q) => q.aggregate !== undefined);
  const byId = new Map(queries.map((q) => [q.id, q.aggregate!]));
  const domains = new Map<string, ReadonlyMap<string, readonly string[]>>();
  const answer = async (id: string, asked?: AggregateRequest): Promise<AggregateAnswer> => {
    const request = asked ?? byId.get(id);
    if (!request) throw new Error(`no aggregate ${id} in the run's plan`);
    const source = await open(
      input.dataset.file,
      input.dataset.delimiter === undefined ? {} : { delimiter: input.dataset.delimiter },
    );
    try {
      return await source.aggregate(request);
    } finally {
      await source.close();
    }
  };
  const rows = async () =>
    (await answer('', { id: 'rows', groupBy: [] })).groups.reduce((total, g) => total + g.rows, 0);
  const truncated = truncatedRequests(input);
  const sums = async (id: string): Promise<TruncatedSumsAnswer> => {
    const request = truncated.get(id);
    if (!request) throw new Error(`no truncated sums ${id} in the run's plan`);
    const source = await open(
      input.dataset.file,
      input.dataset.delimiter === undefined ? {} : { delimiter: input.dataset.delimiter },
    );
    try {
      if (!source.truncatedSums)
        throw new TableError(`${source.name}: this source cannot compute truncated sums over a join`);
      return await source.truncatedSums(request);
    } finally {
      await source.close();
    }
  };
  const figures = {
    ids: new Set(byId.keys()),
    answer: (id: string) => answer(id),
    rows,
    domains,
    truncatedIds: new Set(truncated.keys()),
    truncated: sums,
  };
  if (!queries.some((q) => input.releases.find((r) => r.name === q.release)?.accepts.includes('data-dependent-domain')))
    return figures;
  const source = await open(
    input.dataset.file,
    input.dataset.delimiter === undefined ? {} : { delimiter: input.dataset.delimiter },
  );
  try {
    const access = {
      frequencies: (columns: readonly string[]) => source.frequencyTable({ columns }),
      open: () => Promise.resolve(source),
    };
    for (const q of queries) {
      const release = input.releases.find((r) => r.name === q.release);
      if (release?.accepts.includes('data-dependent-domain')) {
        const declared = declaredDomains(input.hierarchies);
        domains.set(
          release.name,
          new Map([...(await sourceDomains(input, release, access))].filter(([name]) => !declared.has(name))),
        );
      }
    }
  } finally {
    await source.close();
  }
  return figures;
}

/**
 * The truncated sums the source computes for the releases that have them (R2T's over a join or one table), keyed by
 * request id: each joined dataset placed as a file DuckDB reads beside a file, or a table of the source's own server.
 * A dataset elsewhere (a file joined to a database table, a table of another server) is not placed, and its release
 * reads the tables as in memory: the choice is made here, before anything is spent, never refused after the spend.
 */
function truncatedRequests(input: RunInput): Map<string, TruncatedSumsRequest> {
  const own = databaseLocation(input.dataset.file)?.engine;
  const locate = (name: string): DataLocation | undefined => {
    const d = [input.dataset, ...(input.others ?? [])].find((x) => x.name === name);
    if (!d) return undefined;
    const db = databaseLocation(d.file);
    if (db?.engine !== own) return undefined;
    return db
      ? { kind: 'table', engine: db.engine, table: db.table }
      : { kind: 'file', path: d.file, ...(d.delimiter !== undefined ? { delimiter: d.delimiter } : {}) };
  };
  const requests = new Map<string, TruncatedSumsRequest>();
  for (const r of input.releases) {
    const request = truncatedSumsRequest(r, input.dataset.unit, input.dataset.name, locate);
    if (request) requests.set(releaseRequestId(r.name), request);
  }
  return requests;
}

/**
 * Runs the releases in one run: each that has an aggregate adds its noise to the source's answer, the others
 * (generalized and PRAM'd files, which are rows by nature; a grid whose bounds come from the data) run on the data's
 * rows, streamed where the runner streams them. The blank-unit count is asked of the source first, before any
 * release's aggregate, and not again. `open` lends the run's one source (run-spec.ts); alone, the run opens its own
 * once and closes it.
 */
export async function runReleasesAtSource(
  input: RunInput,
  options: Omit<RunOptions, 'aggregates' | 'sourceAnswers' | 'openSource' | 'unitsChecked'>,
  open?: OpenDataSource,
): Promise<RunReleaseResult> {
  const own = open
    ? undefined
    : new SharedSource(
        input.dataset.file,
        input.dataset.delimiter === undefined ? {} : { delimiter: input.dataset.delimiter },
      );
  const opener = open ?? own!.opener;
  try {
    await refuseBlankUnitsAtSource(input, opener);
    const figures = await sourceFigures(input, options.seed, opener);
    return await runReleases(input, { ...options, sourceAnswers: figures, openSource: opener, unitsChecked: true });
  } finally {
    await own?.close();
  }
}
