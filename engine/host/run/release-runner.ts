/**
 * Runs releases: the code behind `privspec release`, ▶ Run and the preview panel's Release button.
 *
 * Order of events, chosen so that nothing can leave without its record and no spend is lost:
 * 1. validate (release-validation.ts): every output path against every input (real paths and inodes), every name's
 *    byte length, the output folder writable, outputs citing ledger entries that are gone;
 * 2. prepare each release through its kind's module (engine/release/kinds/prepare-release.ts), the same way for every
 *    kind, and check the free space for its estimated files;
 * 3. under the dataset ledger's lock (release-spend.ts): check the cost against what remains (or a PRAM re-run),
 *    append the entry, fsync — then release the lock;
 * 4. run it;
 * 5. write the CSV and the JSON report together (release-files.ts). A failure here is reported as "spent, output not
 *    written" with the ledger entry's id. A generalize or PRAM release of data read at its source (Parquet, a CSV
 *    DuckDB reads, a database table) is decided on the source's frequency tables (read before step 3) and its rows
 *    streamed, shuffled by the source, into the CSV, the report written after it (streamed-generalize.ts,
 *    streamed-pram.ts); the table is never held.
 */
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { edgeListLeakage } from '../../dp/correlated/index.js';
import { cryptoRandom, seededRandom, type RandomSource } from '../../core/random.js';
import { budgetLimit } from '../../release/budget-walk.js';
import { costText, localEpsilonText, totalText } from '../../release/cost-text.js';
import { effectiveLimit } from '../../release/ledger-limit.js';
import { ReleaseUnavailable } from '../../release/release-unavailable.js';
import {
  filesRead,
  prepareRelease,
  tablesRead,
  prepareReleaseAtSource,
  streamsRelease,
} from '../../release/kinds/prepare-release.js';
import { LOCALLY_RANDOMIZED, type PreparedRelease } from '../../release/kinds/prepared-release.js';
import { summaryTotal } from '../../release/ledger-summary-total.js';
import type { PlanContext } from '../../release/release-plan.js';
import type { ReleaseDescription } from '../../release/release-description.js';
import { planFor, releaseDomains } from '../../release/plan-for.js';
import type { RunInput } from '../../release/run-input.js';
import type { ReleaseOutcome, RunReleaseResult } from '../../release/run-report.js';
import type { Table } from '../../table/table.js';
import type { AggregateAnswer } from '../../source/data-source.js';
import {
  exactOfRelease,
  exactOfTruncatedSums,
  releaseRequestId,
  writesRows,
} from '../../release/release-aggregates.js';
import type { TruncatedSumsAnswer } from '../../source/truncated-sums.js';
import { indexFileOf } from '../ledger/ledger-log.js';
import { ledgerFor, readLedgerView, recordFiles, type LedgerLocation } from '../ledger/ledger-file.js';
import { writeRelease } from '../files/release-files.js';
import { noRowKey, writeRowKey } from '../ledger/row-key.js';
import type { ReleasedFile } from '../../release/ledger-entry.js';
import { loadReleaseKinds, releaseKind } from '../../release/kinds/registry.js';
import { costOf, recordSpend } from '../ledger/release-spend.js';
import { chargeOtherLedgers, ledgersOfRelease, otherLedgers, type OtherLedger } from './other-ledgers.js';
import { publishedRecord } from '../../release/cross-spec-links.js';
import { decisionFingerprint } from '../../release/decision-fingerprint.js';
import { refuseBlankUnits } from './blank-units-check.js';
import { orphanedOutputs, RunRefused, spaceProblem, validateOutputs } from './release-validation.js';
import { columnsOnly, readsAtSource } from '../sources/open-source.js';
import type { StreamedRelease } from '../../release/kinds/generalize/streamed-generalize.js';
import { writeStreamedDecision } from './streamed-release-files.js';
import {
  afterStream,
  beforeStream,
  openStreamSource,
  pinForStream,
  type OpenStreamSource,
} from '../sources/streamed-source.js';
import { ledgerName } from '../ledger/dataset-identity.js';
import { fileSnapshot, type FileSnapshot } from '../files/file-snapshot.js';
import { databaseLocation } from '../sources/database-location.js';
import type { DataSource } from '../../source/data-source.js';
import { plural, pluralWord } from '../../core/plural.js';
import { timedPhase } from '../../core/phase-times.js';

export { RunRefused };
// The pure parts of a run moved to engine/release/ (run-input.ts, plan-for.ts); re-exported for the language server's
// preview modules, which import them from here.
export type { RunInput } from '../../release/run-input.js';
export { planFor, releaseDomains } from '../../release/plan-for.js';

/** Why a release streamed from its source has no row key (its ledger entry says so; `privspec attack` quotes it). */
const STREAMED_NO_KEY =
  "its rows were streamed from the source in the source's own shuffled order, which carries no input row numbers; release it from a CSV read in memory (--engine memory) to attack it with a row key";

/**
 * Whether the run's data is read where it lies (a database, or DuckDB over Parquet or a large CSV), never held whole.
 */
export async function inputReadsAtSource(input: Pick<RunInput, 'dataset' | 'engine'>): Promise<boolean> {
  return readsAtSource(input.dataset.file, input.engine ?? 'auto');
}

export interface RunOptions {
  readonly out: string;
  readonly dryRun: boolean;
  /** Reproducible noise for tests: the run and its files are marked NOT PRIVATE and spend nothing. */
  readonly seed?: number;
  readonly lockTimeoutMs?: number;
  /** Stops a long generalization search between lattice nodes. */
  readonly signal?: AbortSignal;
  /** Progress of a generalization search, as a fraction with a message. */
  readonly onProgress?: (fraction: number, message: string) => void;
  /** Lets pending messages (a cancel) in after a search that held the thread, before anything is written. */
  readonly settle?: () => Promise<void>;
  /** The free bytes of the output folder's file system (tests stand in a small one); `statfs` when absent. */
  readonly freeBytes?: (folder: string) => Promise<number | undefined>;
  /**
   * Answers a data source or a warehouse computed (`privspec release --aggregates DIR`), keyed by request id
   * (engine/release/release-aggregates.ts): the DP releases add their noise to these instead of reading the table,
   * which is then never read. Read and checked before anything is spent.
   */
  readonly aggregates?: ReadonlyMap<string, AggregateAnswer>;
  /**
   * The answers of the dataset's own source (source-release.ts): a release with an answer adds its noise to it; the
   * others run on the data in the same run (a generalize or PRAM release streamed from the source, any other on the
   * table). Unlike `aggregates`, these come with the value domains a release that accepts a domain from the data takes
   * from the source's frequency tables (source-preview.ts `sourceDomains`, as the preview reads them).
   */
  readonly sourceAnswers?: SourceAnswers;
  /**
   * Opens the source of the dataset when it is read where it lies: its column names, the blank-unit count and a
   * streamed release's frequency tables and rows. A run lends its one source (run-spec.ts); tests stand in a spy or a
   * source that changes. Each read opens its own when absent.
   */
  readonly openSource?: OpenStreamSource;
  /** The blank-unit check was made of the source before its first answer (source-release.ts): not asked again. */
  readonly unitsChecked?: boolean;
}

/**
 * What the dataset's own source answers a run: the aggregates by request id — each computed only when the runner asks,
 * after the release's spend is recorded (issue 36: an over-budget run's aggregates reached the server before the ledger
 * refused it) — and the domains by release name.
 */
export interface SourceAnswers {
  /** The request ids the source answers. */
  readonly ids: ReadonlySet<string>;
  /** The source's answer to one request, computed when called. */
  answer(id: string): Promise<AggregateAnswer>;
  /** The number of rows of the source (a count, not a release's aggregate): what sizes a view before its spend. */
  rows(): Promise<number>;
  readonly domains: ReadonlyMap<string, ReadonlyMap<string, readonly string[]>>;
  /**
   * The request ids whose release the source answers with truncated sums (R2T's, over its table and the dataset it
   * joins), so that the joined tables are never read; each computed only when the runner asks, after the spend.
   */
  readonly truncatedIds?: ReadonlySet<string>;
  truncated?(id: string): Promise<TruncatedSumsAnswer>;
}

/** max ℓ of the dataset's correlation graph under the Gaussian model (engine/dp/correlated), when it declares one. */
export async function correlationOf(input: RunInput): Promise<{ maxLeakage: number; unit: string } | undefined> {
  const c = input.dataset.correlation;
  if (!c) return undefined;
  const text = await readFile(c.file, 'utf8').catch((e: NodeJS.ErrnoException) => {
    throw new RunRefused(`${c.file}: cannot read the correlation edge list (${e.code ?? e.message})`);
  });
  const { maxLeakage, unit } = edgeListLeakage(text, c.file, c.prior ?? 0);
  return { maxLeakage, unit };
}

/**
 * With answers instead of data: every DP release must have one and its domains must be declared (a domain or grid
 * bounds taken from the data need the data). Refused before anything is spent; microdata releases are refused one by
 * one in runOne. The table the planner sees is empty: nothing reads it.
 */
function answersOnly(input: RunInput, answers: ReadonlyMap<string, AggregateAnswer>): Table {
  for (const r of input.releases) {
    if (writesRows(r)) continue;
    if (r.accepts.includes('data-dependent-domain'))
      throw new RunRefused(
        `${r.name}: a domain taken from the data needs the data: declare it in the spec to release from aggregates`,
      );
    if (!answers.has(releaseRequestId(r.name)))
      throw new RunRefused(
        `${r.name}: no answer ${releaseRequestId(r.name)}.csv or .parquet among the aggregates (run 'privspec plan' for the queries)`,
      );
  }
  return { columns: [], rowCount: 0, source: input.dataset.file };
}

/** How the run states a release that randomizes unit by unit: `PRAM`, or `local randomized-response`. */
function randomizerName(p: PreparedRelease): string {
  return p.microdata?.kind === 'pram' ? 'PRAM' : `local ${p.mechanism}`;
}

function dryRunMessage(p: PreparedRelease, input: RunInput): string {
  const cost = costOf(p, input.budget);
  if (!cost)
    return `dry run: ${p.microdata && LOCALLY_RANDOMIZED.has(p.microdata.kind) ? `${randomizerName(p)} spends no central DP budget (${localEpsilonText(p.microdata.localEpsilon)})` : 'a generalization spends no DP budget'}; nothing written`;
  return `dry run: would spend ${costText(cost, input.budget.accounting)}; nothing spent, nothing written.`;
}

interface RunContext {
  readonly input: RunInput;
  readonly table: Table;
  readonly rng: RandomSource;
  readonly options: RunOptions;
  readonly location: LedgerLocation;
  /** The ledgers of the other datasets the releases read (other-ledgers.ts), charged beside the run's. */
  readonly otherLedgers: ReadonlyMap<string, OtherLedger>;
  readonly files: ReadonlyMap<string, string>;
  /** The spec's datasets the releases read by name (a join's tables, an edge list). */
  readonly tables: ReadonlyMap<string, Table>;
  readonly correlation?: PlanContext['correlation'];
  /** The data is read where it lies (inputReadsAtSource): generalize and PRAM releases stream their rows. */
  readonly atSource: boolean;
  /** The request ids a DP release adds its noise to the answer of: a warehouse's (`aggregates`) or the source's. */
  readonly answerIds?: ReadonlySet<string>;
}

async function runOne(c: RunContext, release: ReleaseDescription): Promise<ReleaseOutcome> {
  if (!streamsRelease(release, c.atSource, c.options.aggregates !== undefined)) return runPrepared(c, release);
  // A generalize or PRAM release of data read at its source is decided on the source's frequency tables and its rows
  // streamed (streamed-generalize.ts, streamed-pram.ts); the frequency tables are read here, before the spend, as the
  // table is for the others. One source serves the release until its files are written. A file's identity is taken
  // before its first read (a database has none: the per-class check stands in).
  const file = c.input.dataset.file;
  const snapshot = databaseLocation(file) === undefined ? await fileSnapshot(file) : undefined;
  const source = await (c.options.openSource ?? openStreamSource)(
    file,
    c.input.dataset.delimiter === undefined ? {} : { delimiter: c.input.dataset.delimiter },
  );
  try {
    await pinForStream(source);
    const streamed = await prepareStreamed(c, release, source);
    await beforeStream(source);
    try {
      return await runPrepared(c, release, { source, snapshot, streamed });
    } finally {
      // The source may be the run's one source, which the next release reads again.
      await afterStream(source).catch(() => undefined);
    }
  } finally {
    await source.close();
  }
}

/** The streamed form of a generalize or PRAM release, prepared on `source`'s frequency tables. */
async function prepareStreamed(
  c: RunContext,
  release: ReleaseDescription,
  source: DataSource,
): Promise<StreamedRelease> {
  const { input } = c;
  const columns = await source.columns();
  return prepareReleaseAtSource(release, source, columns, {
    dataset: input.dataset,
    hierarchies: input.hierarchies,
    anonymity: input.anonymity,
    rng: c.rng,
    files: c.files,
  });
}

async function runPrepared(
  c: RunContext,
  release: ReleaseDescription,
  stream?: { source: DataSource; snapshot?: FileSnapshot; streamed: StreamedRelease },
): Promise<ReleaseOutcome> {
  const { input, table, rng, options } = c;
  const base = { name: release.name, previousRuns: 0, files: [] as string[] };
  // Microdata is rows: from aggregates it cannot run; refused before any record.
  if (options.aggregates && writesRows(release))
    return {
      ...base,
      status: 'refused',
      message: `not run: a ${release.query.kind} release needs the data; run it on the data, not on aggregates`,
    };
  const streamed = stream?.streamed;
  // A release with an answer (a warehouse's, or the source's) adds its noise to it; the domains from the source are
  // those of a release the source answered.
  const id = releaseRequestId(release.name);
  // A warehouse's answer is in hand; the source's is asked for once the spend is recorded (`later`).
  const later = options.aggregates === undefined && c.answerIds?.has(id) === true;
  let answer = options.aggregates?.get(id);
  // A release the source answers with truncated sums is asked for them once the spend is recorded, too.
  const truncatedLater = options.aggregates === undefined && options.sourceAnswers?.truncatedIds?.has(id) === true;
  let truncated: TruncatedSumsAnswer | undefined;
  const fromSource = options.sourceAnswers?.domains;
  // A view's files are sized by the rows; from a source not yet asked for its answer, by the source's row count.
  const sized =
    later && releaseKind(release.query.kind).sizesByRows
      ? { ...table, rowCount: await options.sourceAnswers!.rows() }
      : table;
  const prepared =
    streamed ??
    prepareRelease(release, {
      table: sized,
      dataset: input.dataset,
      budget: input.budget,
      hierarchies: input.hierarchies,
      anonymity: input.anonymity,
      rng,
      files: c.files,
      tables: c.tables,
      planOf: (r) => planFor(input, r, table, rng, c.correlation, fromSource?.get(r.name)),
      domainsOf: (r) => releaseDomains(input, r, table, fromSource?.get(r.name)),
      ...(answer || later
        ? {
            exactOf: (r: ReleaseDescription) =>
              exactOfRelease(r, releaseDomains(input, r, table, fromSource?.get(r.name)), answer!),
            answerLater: later,
          }
        : truncatedLater
          ? {
              exactOf: (r: ReleaseDescription) =>
                exactOfTruncatedSums(r, releaseDomains(input, r, table, fromSource?.get(r.name)), truncated!),
              answerLater: true,
            }
          : {}),
    });
  if ('refusal' in prepared) return { ...base, status: 'refused', message: prepared.refusal };
  const p = prepared.release;
  const accounting = input.budget.accounting;
  const cost = costOf(p, input.budget);
  const spent = cost && { accounting, ...cost };
  if (options.dryRun) {
    const previousRuns = (await readLedgerView(c.location)).summary.runs[release.name] ?? 0;
    return {
      ...base,
      previousRuns,
      status: 'dry-run',
      message: dryRunMessage(p, input),
      mechanism: p.mechanism,
      ...(spent ? { privacySpent: spent } : {}),
    };
  }
  const space = await spaceProblem(options.out, p.estimatedBytes, options.freeBytes);
  if (space) return { ...base, status: 'refused', message: space };
  const request = {
    location: c.location,
    specFile: input.specFile,
    budget: input.budget,
    name: release.name,
    prepared: p,
    seeded: options.seed !== undefined,
    lockTimeoutMs: options.lockTimeoutMs,
    links: releaseLinks(input, release, p),
  };
  // A release reading another dataset (a join's other table, an edge list) is charged to its ledger too, checked
  // against every ledger before it is recorded in any (other-ledgers.ts).
  const others = await timedPhase('ledger', () =>
    chargeOtherLedgers(request, ledgersOfRelease(release, c.otherLedgers)),
  );
  if (others.refusal !== undefined) return { ...base, status: 'refused', message: others.refusal };
  const decision = await timedPhase('ledger', () => recordSpend(request));
  if (!decision.entry) {
    const also = others.recorded.map((r) => `'${r.dataset}' (entry ${r.entry})`).join(', ');
    const message = decision.refusal ?? 'not run';
    return {
      ...base,
      previousRuns: decision.previousRuns,
      status: 'refused',
      message: also
        ? `${message} (the spend stays recorded in the ledger of ${also}, which changed during the run)`
        : message,
    };
  }
  const chargedNotes = others.recorded.map(
    (r) => `also charged to the ledger of the dataset '${r.dataset}' it reads (entry ${r.entry})`,
  );
  const entryId = decision.entry.id;
  const what = spent ? `spent ${costText(cost, accounting)}` : 'recorded';
  const composed = decision.composed && { runs: decision.composed.runs, localEpsilon: decision.composed.localEpsilon };
  let output: ReturnType<PreparedRelease['run']>;
  let parameters: Record<string, unknown>;
  let files: string[];
  // Local diagnostics a streamed release computes from what it streamed (PRAM's η), after its file is written.
  let streamedLocal: string[] = [];
  // A microdata file's digest and row key, for its ledger entry (row-key.ts).
  let released: Omit<ReleasedFile, 'file'> | undefined;
  try {
    // Only now, the spend recorded, does the source compute the release's aggregate.
    if (later) answer = await options.sourceAnswers!.answer(id);
    if (truncatedLater) truncated = await options.sourceAnswers.truncated!(id);
    output = p.run({ signal: options.signal, onProgress: options.onProgress });
    await options.settle?.();
    options.signal?.throwIfAborted();
    parameters = {
      ...p.parameters,
      ...(output.parameters ?? {}),
      ...(composed ? { composedLocalEpsilon: composed } : {}),
    };
    if (stream && streamed?.decision) {
      const written = await writeStreamedDecision(
        options.out,
        stream.source,
        [input.specFile, input.dataset.file, ...input.inputFiles, c.location.file],
        release,
        { ...streamed.decision, ...(stream.snapshot ? { snapshot: stream.snapshot } : {}) },
        output.report,
        {
          mechanism: p.mechanism,
          parameters,
          notes: [...p.notes, ...(output.notes ?? [])],
          seed: options.seed,
          spec: input.specFile,
          ledger: decision.ledgerId,
          ledgerEntry: entryId,
          rng,
        },
        rng,
      );
      files = written.files;
      released = { sha256: written.sha256, rows: written.rows, noRowKey: STREAMED_NO_KEY };
      streamedLocal = streamed.decision.finish?.() ?? [];
    } else
      // A release the ledger records as microdata is written shuffled, whatever its output says.
      files = await writeRelease(
        options.out,
        release,
        { ...output, microdata: output.microdata === true || p.microdata !== undefined },
        {
          mechanism: p.mechanism,
          parameters,
          notes: [...p.notes, ...(output.notes ?? []), ...chargedNotes],
          seed: options.seed,
          spec: input.specFile,
          privacySpent: spent,
          costs: spent ? p.costs : undefined,
          expectedError: p.expectedError,
          ledger: decision.ledgerId,
          ledgerEntry: entryId,
          rng,
          keepRowKey: async (csv, sourceRows) => {
            released = sourceRows
              ? await writeRowKey(c.location, csv, sourceRows, table.rowCount, entryId)
              : noRowKey(csv, output.rows.length, 'the release named no input row for its records');
          },
        },
      );
    await recordFiles(c.location, entryId, files, released ? [{ file: files[0], ...released }] : undefined).catch(
      () => undefined,
    );
  } catch (e) {
    // A cancel ends the run; a release the engine cannot compute as specified (no generalization fits) is reported as
    // unavailable by the caller. Anything else after a spend is "spent, output not written".
    if ((e as Error).name === 'AbortError' || e instanceof ReleaseUnavailable) throw e;
    return {
      ...base,
      previousRuns: decision.previousRuns,
      status: 'failed',
      ledgerEntry: entryId,
      ...(spent ? { privacySpent: spent } : {}),
      message: `${what} (ledger entry ${entryId}), output not written: ${(e as Error).message}`,
    };
  }
  const again =
    spent && decision.previousRuns > 0
      ? ` It was run ${plural(decision.previousRuns, 'time')} before; this run spends ${costText(cost, accounting)} again.`
      : '';
  const local = p.microdata?.localEpsilon;
  const tail =
    p.microdata && LOCALLY_RANDOMIZED.has(p.microdata.kind)
      ? `; ${randomizerName(p)} spends no central DP budget (${localEpsilonText(local)}${composed ? `; ${composed.runs} runs on these records compose to ${localEpsilonText(composed.localEpsilon)}` : ''})`
      : p.microdata
        ? ''
        : `; ${options.seed !== undefined ? 'NOT PRIVATE (seeded), nothing spent' : what}.${again}`;
  return {
    ...base,
    previousRuns: decision.previousRuns,
    files,
    status: 'written',
    ledgerEntry: entryId,
    message: `wrote ${files.join(', ')}${tail}`,
    mechanism: p.mechanism,
    parameters,
    ...(spent ? { privacySpent: spent } : {}),
    expectedError: p.expectedError,
    local: [
      ...output.local,
      ...streamedLocal,
      ...(decision.acceptedLinks ?? []),
      ...(c.correlation?.unit !== undefined && p.bayesian
        ? [
            `most exposed unit of the correlation model: '${c.correlation.unit}' (max ℓ ${Number((c.correlation.maxLeakage ?? 0).toPrecision(3))})`,
          ]
        : []),
    ],
  };
}

/** What the release publishes or reads and its `accept linked-releases` reason, for the ledger's cross-spec check. */
function releaseLinks(input: RunInput, release: ReleaseDescription, p: PreparedRelease) {
  const { anonymity, dataset, hierarchies } = input;
  const published = publishedRecord(
    release,
    {
      roles: dataset,
      anonymity: anonymity !== undefined,
      pins: anonymity?.pins ?? new Map<string, number>(),
      ...(anonymity ? { suppression: anonymity.suppression } : {}),
    },
    p.microdata !== undefined,
    () => decisionFingerprint(dataset.quasi, anonymity, hierarchies),
  );
  const accepts = release.accepts.includes('linked-releases')
    ? { reason: release.reasons?.['linked-releases'] ?? '' }
    : undefined;
  return { published, ...(accepts ? { accepts } : {}) };
}

/**
 * The tables of the datasets the releases read by name (`tablesRead`: a join's, an edge list), read before anything is
 * spent; the run's own dataset is its table.
 */
async function readNamedTables(
  input: RunInput,
  table: Table,
  atSource: (release: ReleaseDescription) => boolean,
): Promise<Map<string, Table>> {
  const tables = new Map<string, Table>();
  // A release whose source computes its truncated sums never reads the tables it joins.
  for (const name of new Set(input.releases.filter((r) => !atSource(r)).flatMap(tablesRead))) {
    if (name === input.dataset.name) tables.set(name, table);
    else if (input.readTableOf) tables.set(name, await input.readTableOf(name));
    else throw new RunRefused(`the spec's dataset '${name}' cannot be read in this run`);
  }
  return tables;
}

export async function runReleases(input: RunInput, options: RunOptions): Promise<RunReleaseResult> {
  // Each release's kind is loaded before anything is planned or prepared, and only the kinds this run uses.
  await loadReleaseKinds(input.releases.map((r) => r.query.kind));
  // The ledger of the run's data, or a refusal when the data cannot be read to identify it.
  const location = await ledgerFor(input.dataset.file, input.specFile).catch((e: Error) => {
    throw new RunRefused(e.message);
  });
  const ledgersRead = await otherLedgers(input, location).catch((e: Error) => {
    throw new RunRefused(e.message);
  });
  const otherFiles = [...ledgersRead.values()].flatMap(({ location: l }) => [l.file, indexFileOf(l.file), l.marker]);
  await validateOutputs({
    out: options.out,
    names: input.releases.map((r) => r.name),
    inputs: [
      input.specFile,
      input.dataset.file,
      ...(input.others ?? []).map((d) => d.file),
      ...input.inputFiles,
      location.file,
      indexFileOf(location.file),
      location.marker,
      ...(location.legacy ? [location.legacy] : []),
      ...otherFiles,
    ],
    inputFolders: [input.dataset.file, ...(input.others ?? []).map((d) => d.file), ...input.inputFiles, location.file],
    ledgerFolder: dirname(location.file),
    dryRun: options.dryRun,
  });
  const accounting = input.budget.accounting;
  // The ledger's summary, not its entries: a run reads what a spend reads, whatever the ledger's length.
  const ledger = await readLedgerView(location).catch((e: Error) => {
    throw new RunRefused(e.message, 'spec');
  });
  // A past spend the accounting cannot state would be ignored, understating what has been spent: the run stops.
  const unstated = ledger.summary.unstated[accounting];
  if (unstated) {
    throw new RunRefused(
      `${ledgerName(location)}: ${unstated.count} recorded ${pluralWord(unstated.count, 'spend')} (first: '${unstated.first}') cannot be stated under '${accounting}' accounting; keep the accounting the ledger was kept in`,
      'spec',
    );
  }
  const orphaned = await orphanedOutputs(options.out, input.specFile, location, ledger);
  if (orphaned) throw new RunRefused(orphaned, 'spec');
  const correlation = await correlationOf(input).catch((e: Error) => {
    throw e instanceof RunRefused ? e : new RunRefused(e.message);
  });
  const files = new Map<string, string>();
  for (const file of input.releases.flatMap(filesRead)) {
    files.set(
      file,
      await readFile(file, 'utf8').catch((e: NodeJS.ErrnoException) => {
        throw new RunRefused(`${file}: cannot read it (${e.code ?? e.message})`);
      }),
    );
  }
  // When every release streams its rows or adds its noise to the source's answer, the table is never read: its column
  // names suffice.
  const atSource =
    !options.aggregates &&
    (options.sourceAnswers !== undefined ||
      (await inputReadsAtSource(input).catch((e: Error) => {
        throw new RunRefused(e.message);
      })));
  const answerIds = options.aggregates ? new Set(options.aggregates.keys()) : options.sourceAnswers?.ids;
  const truncatedIds = options.aggregates ? undefined : options.sourceAnswers?.truncatedIds;
  const summedAtSource = (r: ReleaseDescription) => truncatedIds?.has(releaseRequestId(r.name)) === true;
  const answered = (r: ReleaseDescription) => answerIds?.has(releaseRequestId(r.name)) === true || summedAtSource(r);
  const noRows =
    atSource &&
    input.releases.length > 0 &&
    input.releases.every((r) => answered(r) || streamsRelease(r, atSource, false));
  const delimiter = input.dataset.delimiter === undefined ? {} : { delimiter: input.dataset.delimiter };
  const table = options.aggregates
    ? answersOnly(input, options.aggregates)
    : noRows
      ? await columnsOnly(input.dataset.file, {
          ...delimiter,
          ...(options.openSource ? { open: options.openSource } : {}),
        })
      : await input.readTable();
  if (!options.unitsChecked) await refuseBlankUnits(input, table, options.aggregates !== undefined, options.openSource);
  const tables = await readNamedTables(input, table, summedAtSource);
  const rng = options.seed === undefined ? cryptoRandom() : seededRandom(options.seed);
  // A seeded test run draws the microdata releases' shuffles and PRAM draws from a stream of their own, so the DP
  // releases' noise is the same whether the microdata releases ran beside them in memory, were streamed at the source,
  // or were refused (a run from a warehouse's answers): seeded figures depend only on the DP releases before them.
  const microdataRng = options.seed === undefined ? rng : seededRandom(`microdata:${options.seed}`);
  const outcomes: ReleaseOutcome[] = [];
  for (const release of input.releases) {
    try {
      outcomes.push(
        await runOne(
          {
            input,
            table,
            rng: writesRows(release) ? microdataRng : rng,
            options,
            location,
            otherLedgers: ledgersRead,
            files,
            tables,
            correlation,
            atSource,
            ...(answerIds ? { answerIds } : {}),
          },
          release,
        ),
      );
    } catch (e) {
      // A cancelled run is the caller's decision, not a failed release: it ends the whole run.
      if ((e as Error).name === 'AbortError') throw e;
      const status = e instanceof ReleaseUnavailable ? 'unavailable' : 'failed';
      outcomes.push({ name: release.name, previousRuns: 0, files: [], status, message: (e as Error).message });
    }
  }
  const after = await readLedgerView(location);
  // The limit the spends were checked against: the lower of the spec's and the ledger's (a spec may say ε 100 of a
  // ledger kept at ε 1; "ε 0.9 of 100 spent" after a refusal at 1 misled). The total is computed once: over `where`
  // regions it is a clique search.
  const limit = effectiveLimit(budgetLimit(input.budget), after.summary, accounting);
  const spent = summaryTotal(after.summary, accounting);
  return {
    spec: input.specFile,
    out: options.out,
    ledger: ledgerName(location),
    releases: outcomes,
    budget: { accounting, limit, spent, label: totalText(spent, limit, accounting) },
    ...(options.seed !== undefined ? { notPrivate: true } : {}),
  };
}
