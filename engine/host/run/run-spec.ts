/**
 * The one entry of a release run: `privspec release` (cli/commands/release.ts) and ▶ Run in the language server
 * (language/lsp/privspec-requests.ts) both call `runSpec`. It decides once where the data is read — from a warehouse's
 * answers (`--aggregates DIR`), where it lies (a database table, a Parquet file, a CSV DuckDB reads: source-release.ts)
 * or in memory — and opens the dataset's source at most once for the whole run (shared-source.ts): the spec's data
 * checks, the blank-unit count, the DP releases' aggregates, the runner's column names and each streamed release read
 * that one source, which is closed when the run ends. Before it, a Parquet generalize release opened DuckDB six times.
 */
import { cryptoRandom } from '../../core/random.js';
import type { RunReleaseResult } from '../../release/run-report.js';
import { readAnswers } from '../sources/read-aggregates.js';
import type { EngineChoice } from '../sources/open-source.js';
import { lendingSource, openDataSource, type OpenDataSource, type OpenOptions } from '../sources/open-data-source.js';
import { SharedSource } from '../sources/shared-source.js';
import { aggregatePlan } from './aggregate-plan.js';
import { refuseBlankUnitsInAnswers } from './blank-units-check.js';
import { inputReadsAtSource, runReleases, type RunOptions } from './release-runner.js';
import type { RunInput } from '../../release/run-input.js';
import { runReleasesAtSource } from './source-release.js';

/** A spec to run, as its caller (the command line, the language server) knows it before it is checked. */
export interface SpecToRun {
  /**
   * The dataset the spec names (a file or `postgres:schema.t`, with the spec's delimiter), known from the spec's text
   * before it is checked; absent when it names none (`resolve` then says why).
   */
  readonly data?: { readonly file: string } & OpenOptions;
  /**
   * Checks the spec (no errors allowed) and resolves it into the run's input. The spec's data checks read the dataset
   * at its source through `open`, which lends the run's one source.
   */
  resolve(open: OpenDataSource): Promise<RunInput>;
}

export interface RunSpecOptions extends Omit<
  RunOptions,
  'aggregates' | 'sourceAnswers' | 'openSource' | 'unitsChecked'
> {
  /** Which engine reads a data file (`privspec release --engine`): 'auto' when absent. */
  readonly engine?: EngineChoice;
  /**
   * `privspec release --aggregates DIR`: the DP releases add their noise to the answers in DIR; the data is not read.
   */
  readonly aggregates?: string;
}

/**
 * The answers in `dir` to the plan's queries (the seed does not matter to reading them), with the blank-unit count's.
 */
async function answersIn(dir: string, input: RunInput) {
  const requests = aggregatePlan(input, '', cryptoRandom()).flatMap((q) => (q.aggregate ? [q.aggregate] : []));
  const answers = await readAnswers(dir, requests);
  // The count of blank units the plan asks for must be 0, as a direct run on the data checks before anything is spent.
  await refuseBlankUnitsInAnswers(dir, input);
  return answers;
}

/**
 * Runs `body` with the spec's dataset opened at most once: the source is opened on first use, lent to every
 * `openDataSource` of its path within `body`'s own asynchronous calls (the spec's data checks, the data cache, the
 * source's answers, a preview's aggregate, each stream), and closed when `body` ends. `body` is given the lent opener
 * for the readers that take one. Without a dataset `body` runs as it is. `privspec release` (runSpec), `privspec
 * preview` and `privspec plan` read a spec's data through it.
 */
export async function withSpecSource<T>(
  data: SpecToRun['data'],
  body: (open: OpenDataSource) => Promise<T>,
): Promise<T> {
  if (!data) return body(openDataSource);
  const shared = new SharedSource(data.file, data.delimiter === undefined ? {} : { delimiter: data.delimiter });
  try {
    return await lendingSource(data.file, shared.opener, () => body(shared.opener));
  } finally {
    await shared.close();
  }
}

/** Checks and runs a spec's releases, reading its data through one source at most. */
export async function runSpec(spec: SpecToRun, options: RunSpecOptions): Promise<RunReleaseResult> {
  const { engine, aggregates: dir, ...run } = options;
  // A warehouse's answers stand for the data, which is then not read at all.
  return withSpecSource(dir === undefined ? spec.data : undefined, async (open) => {
    const resolved = await spec.resolve(open);
    const input: RunInput = engine === undefined ? resolved : { ...resolved, engine };
    if (dir !== undefined) return await runReleases(input, { ...run, aggregates: await answersIn(dir, input) });
    // The spec's dataset is the one the source was opened for when the checked input names it as the spec's text did.
    const lent = spec.data !== undefined && spec.data.file === input.dataset.file ? open : openDataSource;
    if (await inputReadsAtSource(input)) return await runReleasesAtSource(input, run, lent);
    return await runReleases(input, run);
  });
}
