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
import { openDataSource, type OpenDataSource, type OpenOptions } from '../sources/open-data-source.js';
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

/** Checks and runs a spec's releases, reading its data through one source at most. */
export async function runSpec(spec: SpecToRun, options: RunSpecOptions): Promise<RunReleaseResult> {
  const { engine, aggregates: dir, ...run } = options;
  // A warehouse's answers stand for the data, which is then not read at all.
  const shared =
    dir === undefined && spec.data
      ? new SharedSource(spec.data.file, spec.data.delimiter === undefined ? {} : { delimiter: spec.data.delimiter })
      : undefined;
  try {
    const resolved = await spec.resolve(shared?.opener ?? openDataSource);
    const input: RunInput = engine === undefined ? resolved : { ...resolved, engine };
    if (dir !== undefined) return await runReleases(input, { ...run, aggregates: await answersIn(dir, input) });
    // The spec's dataset is the one the source was opened for: the checked input names it as the spec's text did.
    const open = shared && shared.path === input.dataset.file ? shared.opener : openDataSource;
    if (await inputReadsAtSource(input)) return await runReleasesAtSource(input, run, open);
    return await runReleases(input, run);
  } finally {
    await shared?.close();
  }
}
