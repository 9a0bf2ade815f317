/**
 * Runs releases: the code behind `privspec release`, ▶ Run and the preview panel's Release button.
 *
 * Order of events, chosen so that nothing can leave without its spend on record and no spend is lost:
 * 1. validate: every output path against every input (real paths and inodes), the output folder writable;
 * 2. plan each release: the planner builds the measurement that will run (engine/release/plan-release.ts);
 * 3. under the ledger's lock: read the ledger, check the measurement's cost against what remains, append the entry,
 *    fsync — then release the lock;
 * 4. invoke that measurement;
 * 5. write the CSV and the JSON report atomically. A failure here is reported as "spent, output not written" with the
 *    ledger entry's id.
 */
import { constants } from 'node:fs';
import { access, lstat, mkdir, readFile, statfs } from 'node:fs/promises';
import { edgeListLeakage } from '../dp/correlated/index.js';
import { cryptoRandom, seededRandom, type RandomSource } from '../core/random.js';
import type { Hierarchy } from '../hierarchy/hierarchy.js';
import { budgetLimit, mainKey, type Amount } from '../release/budget-walk.js';
import { overrunOf } from '../release/budget-notion.js';
import { computeGeneralize } from '../release/kinds/generalize-release.js';
import { ReleaseUnavailable } from '../release/release-unavailable.js';
import { dataBounds } from '../release/kinds/grid-release.js';
import { computePram } from '../release/kinds/pram-release.js';
import { boxRecord, ledgerTotal, unstatedEntries, type LedgerEntry } from '../release/ledger-entry.js';
import { planRelease, type PlanContext, type ReleasePlan } from '../release/plan-release.js';
import { costIn } from '../release/release-costs.js';
import type { AnonymityDescription, BudgetDescription, DatasetDescription, ReleaseDescription } from '../release/release-description.js';
import type { ReleaseOutput } from '../release/release-measurement.js';
import type { ReleaseOutcome, RunReleaseResult } from '../release/run-report.js';
import type { Table } from '../table/table.js';
import { dataDomains, declaredDomains } from '../release/domains.js';
import { guardOutputFolder, guardOutputs } from './output-guard.js';
import { appendToLedger, ledgerPath, newEntryId, readLedger, recordFiles } from './ledger-file.js';
import { releaseFiles, writeRelease } from './release-files.js';

/** Everything a run reads, resolved by the language from the spec. */
export interface RunInput {
  readonly specFile: string;
  readonly dataset: DatasetDescription;
  readonly budget: BudgetDescription;
  /** The releases to run (all, or the one `--only` names). */
  readonly releases: readonly ReleaseDescription[];
  readonly hierarchies: ReadonlyMap<string, Hierarchy>;
  readonly anonymity?: AnonymityDescription;
  /** Every other file the spec reads (hierarchy files, matrices, edge lists), so that no output replaces one. */
  readonly inputFiles: readonly string[];
  readTable(): Promise<Table>;
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
}

/** A problem that stops the whole run before anything is spent: `input` (exit 2) or `spec` (exit 1). */
export class RunRefused extends Error {
  constructor(
    message: string,
    readonly kind: 'spec' | 'input' = 'input',
  ) {
    super(message);
    this.name = 'RunRefused';
  }
}

const round = (x: number) => Number(x.toPrecision(3));
const sym = (key: 'epsilon' | 'rho' | 'delta') => (key === 'rho' ? 'ρ' : key === 'delta' ? 'δ' : 'ε');

/** Step 1: every output is checked before anything is spent or written. */
async function validateOutputs(input: RunInput, out: string, dryRun: boolean): Promise<void> {
  const inputs = [input.specFile, input.dataset.file, ...input.inputFiles, ledgerPath(input.specFile)];
  try {
    guardOutputFolder(out, [input.dataset.file, ...input.inputFiles]);
    guardOutputs(input.releases.flatMap((r) => releaseFiles(out, r.name)), inputs);
  } catch (e) {
    throw new RunRefused((e as Error).message);
  }
  for (const file of input.releases.flatMap((r) => releaseFiles(out, r.name))) {
    const st = await lstat(file).catch(() => undefined);
    if (st && !st.isFile()) throw new RunRefused(`the output ${file} exists and is not a file; choose another output folder`);
  }
  if (dryRun) return;
  try {
    await mkdir(out, { recursive: true });
    await access(out, constants.W_OK);
  } catch (e) {
    throw new RunRefused(`--out ${out}: cannot write there (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  const fs = await statfs(out).catch(() => undefined);
  if (fs && fs.bavail * fs.bsize < 1 << 20) throw new RunRefused(`--out ${out}: less than 1 MiB free on its file system`);
}

/** The budget check and the spend, as one step under the ledger's lock. */
async function spend(input: RunInput, plan: ReleasePlan, options: RunOptions): Promise<{ entry?: LedgerEntry; refusal?: string; previousRuns: number; cost: Amount }> {
  const accounting = input.budget.accounting;
  const measurement = plan.measurement!;
  const cost = costIn(measurement.costs, accounting)!;
  const key = mainKey(accounting);
  const limit = budgetLimit(input.budget);
  const result = await appendToLedger(input.specFile, (ledger) => {
    const previousRuns = ledger.entries.filter((e) => e.release === plan.name).length;
    const unstated = unstatedEntries(ledger.entries, accounting);
    if (unstated.length > 0) {
      return { previousRuns, refusal: `${ledgerPath(input.specFile)}: ${unstated.length} recorded ${unstated.length === 1 ? 'spend' : 'spends'} (first: '${unstated[0].release}') cannot be stated under '${accounting}' accounting; keep the accounting the ledger was kept in` };
    }
    const entry: LedgerEntry = { id: newEntryId(), release: plan.name, at: new Date().toISOString(), costs: measurement.costs, box: boxRecord(plan.box), userLevel: plan.userLevel, ...(options.seed !== undefined ? { notPrivate: true as const } : {}) };
    if (options.seed !== undefined) return { previousRuns, entry };
    const before = ledgerTotal(ledger.entries, accounting);
    const after = ledgerTotal([...ledger.entries, entry], accounting);
    // A budget with no usable limit in the accounting's notion allows nothing: spending without a cap is not a budget.
    if (limit[key] === undefined) return { previousRuns, refusal: `not run: the budget gives no ${sym(key)} limit under '${accounting}' accounting${accounting === 'zcdp' ? " (give 'rho R', or 'epsilon E delta D')" : " (give 'epsilon E')"}` };
    // The one overrun check and message (engine/release/budget-notion.ts), as the checker states it.
    const over = overrunOf(input.budget, limit, before, after, plan.description.mechanism);
    if (over) return { previousRuns, refusal: `not run: the ledger ${ledgerPath(input.specFile)} has no budget left for it: ${over.message}` };
    return { previousRuns, entry };
  }, { timeoutMs: options.lockTimeoutMs });
  return { entry: result.entry, refusal: result.refusal, previousRuns: result.previousRuns, cost };
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

/** How many times the ledger has recorded this release (read outside the lock: for messages, not for spending). */
async function previousRunsOf(specFile: string, name: string): Promise<number> {
  return (await readLedger(specFile)).entries.filter((e) => e.release === name).length;
}

/** The value domains a release reads: declared ones, and the data's where the spec accepts that leak. */
export function releaseDomains(input: RunInput, release: ReleaseDescription, table: Table): Map<string, readonly string[]> {
  const domains = new Map(declaredDomains(input.hierarchies));
  if (release.accepts.includes('data-dependent-domain')) for (const [name, values] of dataDomains(table, release.query)) if (!domains.has(name)) domains.set(name, values);
  return domains;
}

/**
 * Plans a DP release with the domains it needs, as it will run: the runner invokes this plan's measurement, and the
 * preview panel draws its example from the same plan.
 */
export function planFor(input: RunInput, release: ReleaseDescription, table: Table, rng: RandomSource, correlation?: PlanContext['correlation']): ReleasePlan {
  const domains = releaseDomains(input, release, table);
  const q = release.query;
  const gridBounds = q.kind === 'grid' && !q.within && release.accepts.includes('data-dependent-domain') ? dataBounds(table, q) : undefined;
  return planRelease(release, { budget: input.budget, unit: input.dataset.unit, declaredDomains: new Set(declaredDomains(input.hierarchies).keys()), domains, gridBounds, correlation, rng });
}

async function runOne(input: RunInput, release: ReleaseDescription, table: Table, rng: RandomSource, options: RunOptions, correlation?: PlanContext['correlation']): Promise<ReleaseOutcome> {
  const base = { name: release.name, previousRuns: 0, files: [] as string[] };
  if (release.query.kind === 'generalize') {
    const previousRuns = await previousRunsOf(input.specFile, release.name);
    if (options.dryRun) return { ...base, previousRuns, status: 'dry-run', message: 'dry run: a generalization spends no DP budget; nothing written', mechanism: 'generalization' };
    const result = computeGeneralize(table, input.dataset, input.hierarchies, input.anonymity, {
      signal: options.signal,
      onProgress: options.onProgress && ((p) => options.onProgress!(p.nodes > 0 ? p.resolved / p.nodes : 1, `${p.resolved} of ${p.nodes} transformations classified`)),
    });
    await options.settle?.();
    options.signal?.throwIfAborted();
    const files = await writeRelease(options.out, release, result, { mechanism: 'generalization', parameters: result.parameters, notes: result.notes, seed: options.seed, spec: input.specFile });
    return { ...base, files, status: 'written', message: `wrote ${files.join(', ')}`, mechanism: 'generalization', parameters: result.parameters };
  }
  if (release.query.kind === 'pram') {
    const previousRuns = await previousRunsOf(input.specFile, release.name);
    if (options.dryRun) return { ...base, previousRuns, status: 'dry-run', message: 'dry run: PRAM spends no central DP budget; nothing written', mechanism: 'pram' };
    const q = release.query;
    // The language resolved the matrix file against the spec.
    const matrixFile = q.matrix;
    const matrixText = matrixFile === undefined ? undefined : await readFile(matrixFile, 'utf8');
    const result = computePram({ table, dataset: input.dataset, query: q, domains: declaredDomains(input.hierarchies), matrixText, matrixFile, rng });
    const files = await writeRelease(options.out, release, result, { mechanism: 'pram', parameters: result.parameters, notes: result.notes, seed: options.seed, spec: input.specFile });
    return { ...base, previousRuns, files, status: 'written', message: `wrote ${files.join(', ')}; PRAM spends no central DP budget (local ε ${Number((result.parameters.combinedEpsilon as number).toPrecision(3))})`, mechanism: 'pram', parameters: result.parameters };
  }
  const plan = planFor(input, release, table, rng, correlation);
  if (plan.problems.length > 0) return { ...base, status: 'refused', message: `not run: ${plan.problems[0].message}` };
  const leak = plan.risks.find((r) => !r.accepted);
  if (leak) return { ...base, status: 'refused', message: `not run: ${leak.message}` };
  const measurement = plan.measurement;
  if (!measurement) return { ...base, status: 'refused', message: 'not run: a domain it needs is not known' };
  const accounting = input.budget.accounting;
  const cost = costIn(measurement.costs, accounting);
  if (!cost) return { ...base, status: 'refused', message: `not run: ${measurement.name} cannot be accounted under '${accounting}' accounting` };
  const spent = { accounting, ...cost };
  const key = mainKey(accounting);
  if (options.dryRun) {
    const previousRuns = await previousRunsOf(input.specFile, release.name);
    return { ...base, previousRuns, status: 'dry-run', message: `dry run: would spend ${sym(key)}=${round(cost[key] ?? 0)}; nothing spent, nothing written.`, mechanism: measurement.name, privacySpent: spent };
  }
  const decision = await spend(input, plan, options);
  if (!decision.entry) return { ...base, previousRuns: decision.previousRuns, status: 'refused', message: decision.refusal ?? 'not run' };
  const entryId = decision.entry.id;
  const again = decision.previousRuns > 0 ? ` It was run ${decision.previousRuns} ${decision.previousRuns === 1 ? 'time' : 'times'} before; this run spends ${sym(key)}=${round(cost[key] ?? 0)} again.` : '';
  let output: ReleaseOutput;
  let files: string[];
  try {
    output = measurement.invoke({ table });
    files = await writeRelease(options.out, release, output, {
      mechanism: measurement.name,
      parameters: { ...measurement.parameters },
      notes: [...measurement.notes],
      seed: options.seed,
      spec: input.specFile,
      privacySpent: spent,
      costs: measurement.costs,
      expectedError: measurement.expectedError,
      ledgerEntry: entryId,
    });
    await recordFiles(input.specFile, entryId, files).catch(() => undefined);
  } catch (e) {
    return { ...base, previousRuns: decision.previousRuns, status: 'failed', ledgerEntry: entryId, privacySpent: spent, message: `spent ${sym(key)}=${round(cost[key] ?? 0)} (ledger entry ${entryId}), output not written: ${(e as Error).message}` };
  }
  return {
    ...base,
    previousRuns: decision.previousRuns,
    files,
    status: 'written',
    ledgerEntry: entryId,
    message: `wrote ${files.join(', ')}; ${options.seed !== undefined ? 'NOT PRIVATE (seeded), nothing spent' : `spent ${sym(key)}=${round(cost[key] ?? 0)}`}.${again}`,
    mechanism: measurement.name,
    parameters: { ...measurement.parameters },
    privacySpent: spent,
    expectedError: measurement.expectedError,
    local: [...output.local, ...(correlation?.unit !== undefined && plan.description.query.kind !== 'generalize' && /Bayesian/.test(measurement.notes.join(' ')) ? [`most exposed unit of the correlation model: '${correlation.unit}' (max ℓ ${Number((correlation.maxLeakage ?? 0).toPrecision(3))})`] : [])],
  };
}

export async function runReleases(input: RunInput, options: RunOptions): Promise<RunReleaseResult> {
  await validateOutputs(input, options.out, options.dryRun);
  const accounting = input.budget.accounting;
  // A past spend the accounting cannot state would be ignored, understating what has been spent: the run stops.
  const unstated = unstatedEntries((await readLedger(input.specFile)).entries, accounting);
  if (unstated.length > 0) {
    throw new RunRefused(`${ledgerPath(input.specFile)}: ${unstated.length} recorded ${unstated.length === 1 ? 'spend' : 'spends'} (first: '${unstated[0].release}') cannot be stated under '${accounting}' accounting; keep the accounting the ledger was kept in`, 'spec');
  }
  const correlation = await correlationOf(input).catch((e: Error) => {
    throw e instanceof RunRefused ? e : new RunRefused(e.message);
  });
  const table = await input.readTable();
  const rng = options.seed === undefined ? cryptoRandom() : seededRandom(options.seed);
  const outcomes: ReleaseOutcome[] = [];
  for (const release of input.releases) {
    try {
      outcomes.push(await runOne(input, release, table, rng, options, correlation));
    } catch (e) {
      // A cancelled run is the caller's decision, not a failed release: it ends the whole run.
      if ((e as Error).name === 'AbortError') throw e;
      const status = e instanceof ReleaseUnavailable ? 'unavailable' : 'failed';
      outcomes.push({ name: release.name, previousRuns: 0, files: [], status, message: (e as Error).message });
    }
  }
  const ledger = await readLedger(input.specFile);
  return {
    spec: input.specFile,
    out: options.out,
    ledger: ledgerPath(input.specFile),
    releases: outcomes,
    budget: { accounting, limit: budgetLimit(input.budget), spent: ledgerTotal(ledger.entries, accounting) },
    ...(options.seed !== undefined ? { notPrivate: true } : {}),
  };
}
