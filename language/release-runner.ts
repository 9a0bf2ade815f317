/**
 * Runs a spec's releases: the code behind `privspec release` and the language server's `privspec/runRelease`.
 *
 * Order of events for each release, chosen so that a crash can never leave output whose spend is unrecorded:
 * check the spec (no errors allowed), build the mechanism, test the spend against the ledger, record the spend in the
 * ledger (atomically), compute the noisy result, write the CSV and the JSON report (atomically, into the output
 * folder, never beside or over the input data).
 */
import { dirname, join, relative, resolve } from 'node:path';
import type { LangiumDocument } from 'langium';
import { cryptoRandom, seededRandom, type RandomSource } from '../engine/core/random.js';
import type { Hierarchy } from '../engine/hierarchy/hierarchy.js';
import { checkDocument, loadSpec, nodeServices } from './check-spec.js';
import { writeFileAtomic } from './data/write-atomic.js';
import { analyzeDocument, specPath as pathOf } from './privspec-analysis.js';
import { budgetLimit, costIn, mainKey, type Amount } from './privspec-budget.js';
import type { PrivspecServices } from './privspec-module.js';
import type { ReleasePlan } from './privspec-release-plan.js';
import { anonymityPlan, buildHierarchy, resolveSpecPath, unescape, type DatasetPlan } from './privspec-to-engine.js';
import type { ReleaseOutcome, RunReleaseResult } from './protocol.js';
import { computeRelease, ReleaseUnavailable, type ComputedRelease } from './release-compute.js';
import { computeGeneralize } from './release-generalize.js';
import { entryFor, ledgerPath, ledgerTotal, readLedger, writeLedger } from './release-ledger.js';
import { toCsv } from './data/to-csv.js';

export interface RunOptions {
  only?: string;
  out?: string;
  dryRun: boolean;
  seed?: number;
}

/**
 * A problem that stops the whole run: `spec` when the spec has errors (the check's verdict, exit 1), `input` for a bad
 * output folder or an unknown release name (a usage error, exit 2).
 */
export class RunRefused extends Error {
  constructor(
    message: string,
    readonly kind: 'spec' | 'input' = 'input',
  ) {
    super(message);
    this.name = 'RunRefused';
  }
}

export type { ReleaseOutcome };
export type RunReport = RunReleaseResult;

/** Loads a spec from disk and runs it; the command line's entry. */
export async function runReleases(path: string, options: RunOptions, services = nodeServices()): Promise<RunReport> {
  const document = await loadSpec(path, services);
  try {
    return await runReleasesForDocument(services, document, options);
  } finally {
    services.shared.workspace.LangiumDocuments.deleteDocument(document.uri);
  }
}

export async function runReleasesForDocument(services: PrivspecServices, document: LangiumDocument, options: RunOptions): Promise<RunReport> {
  const specFile = pathOf(document);
  const checked = await checkDocument(document, { scanData: true }, services);
  const errors = checked.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) {
    const first = errors[0];
    throw new RunRefused(`${specFile}:${first.line}: the spec has ${errors.length} ${errors.length === 1 ? 'error' : 'errors'}, the first: ${first.message}; run 'privspec check' and fix them before releasing`, 'spec');
  }
  const analysis = analyzeDocument(document);
  const dataset = analysis.dataset;
  if (!dataset) throw new RunRefused(`${specFile}: the spec has no dataset`);
  const out = resolve(dirname(specFile), options.out ?? join('releases', specFile.replace(/^.*[\\/]/, '').replace(/\.privspec$/, '')));
  guardOutput(out, dataset, specFile);

  const plans = options.only === undefined ? analysis.plans : analysis.plans.filter((p) => p.name === options.only);
  if (plans.length === 0) throw new RunRefused(`no release named '${options.only}'; the spec has ${analysis.plans.map((p) => p.name).join(', ') || 'none'}`);
  const store = services.data.CsvStore;
  const table = await store.table(dataset.file, dataset.delimiter);
  const rng: RandomSource = options.seed === undefined ? cryptoRandom() : seededRandom(options.seed);
  const ledger = await readLedger(specFile);
  const accounting = analysis.budget.accounting;
  // Ignoring a past spend would understate what has been spent; a spend that the accounting cannot state stops the run.
  const unstated = ledger.entries.filter((e) => !e.costs[accounting]);
  if (unstated.length > 0) {
    throw new RunRefused(`${ledgerPath(specFile)}: ${unstated.length} recorded ${unstated.length === 1 ? 'spend' : 'spends'} (first: '${unstated[0].release}') cannot be stated under '${accounting}' accounting; keep the accounting the ledger was kept in`, 'spec');
  }
  const limit = budgetLimit(analysis.budget);
  const key = mainKey(accounting);
  const sym = key === 'rho' ? 'ρ' : 'ε';
  const outcomes: ReleaseOutcome[] = [];

  for (const plan of plans) {
    const previousRuns = ledger.entries.filter((e) => e.release === plan.name).length;
    const base = { name: plan.name, previousRuns, files: [] as string[] };
    try {
      const cost = plan.dp ? costIn(plan, accounting) : undefined;
      if (plan.dp && !cost) throw new RunRefused(`${plan.name}: its mechanism cannot be accounted under '${accounting}'`, 'spec');
      if (plan.kind === 'pram' || plan.kind === 'grid') computeRelease(table, plan, dataset, rng); // Throws ReleaseUnavailable.
      const again = previousRuns > 0 && cost ? ` It was run ${previousRuns} ${previousRuns === 1 ? 'time' : 'times'} before; this run spends ${sym}=${cost[key]} again.` : '';
      if (cost) {
        const after = ledgerTotal([...ledger.entries, entryFor(plan, options.seed)], accounting);
        const before = ledgerTotal(ledger.entries, accounting);
        const cap = limit[key];
        const overMain = cap !== undefined && (after[key] ?? 0) > cap;
        // Under (ε, δ) accounting δ is a budget of its own: a run that keeps ε within the limit may still exhaust δ.
        const overDelta = accounting === 'approx' && (after.delta ?? 0) > (limit.delta ?? 0);
        if (overMain || overDelta) {
          const shortfalls: string[] = [];
          if (overMain) {
            const requested = round((after[key] ?? 0) - (before[key] ?? 0));
            const remaining = Math.max(0, round(cap - (before[key] ?? 0)));
            shortfalls.push(`Requested ${sym}=${requested} · Remaining ${sym}=${remaining} · Difference ${round(requested - remaining)}`);
          }
          if (overDelta) {
            const requested = round((after.delta ?? 0) - (before.delta ?? 0));
            const remaining = Math.max(0, round((limit.delta ?? 0) - (before.delta ?? 0)));
            shortfalls.push(`Requested δ=${requested} · Remaining δ=${remaining} · Difference ${round(requested - remaining)}`);
          }
          outcomes.push({ ...base, status: 'refused', message: `not run: the ledger ${relative(process.cwd(), ledgerPath(specFile))} has no budget left for it. ${shortfalls.join('; ')}` });
          continue;
        }
      }
      if (options.dryRun) {
        outcomes.push({ ...base, status: 'dry-run', message: `dry run: would spend ${cost ? `${sym}=${cost[key]}` : 'no DP budget'}; nothing spent, nothing written.${again}`, mechanism: plan.mechanism ?? plan.kind, privacySpent: cost ? { accounting, ...cost } : undefined });
        continue;
      }
      if (cost) {
        // The spend is on disk before any noisy value exists.
        ledger.entries.push(entryFor(plan, options.seed));
        await writeLedger(specFile, ledger);
      }
      const hierarchies = await hierarchiesOf(analysis.parts.hierarchies, specFile, store);
      const result = plan.kind === 'generalize' ? computeGeneralize(table, dataset, hierarchies, analysis.parts.anonymity ? anonymityPlan(analysis.parts.anonymity) : undefined) : computeRelease(table, plan, dataset, rng, publicDomains(hierarchies));
      const files = await writeOutputs(out, plan, result, { accounting, cost, seed: options.seed, spec: specFile });
      outcomes.push({ ...base, files, status: 'written', message: `wrote ${files.map((f) => relative(process.cwd(), f)).join(', ')}${cost ? `; spent ${sym}=${round(cost[key] ?? 0)}` : ''}.${again}`, mechanism: result.mechanism, parameters: result.parameters, privacySpent: cost ? { accounting, ...cost } : undefined, expectedError: result.expectedError });
    } catch (e) {
      if (e instanceof ReleaseUnavailable) outcomes.push({ ...base, status: 'unavailable', message: e.message });
      else if (e instanceof RunRefused) outcomes.push({ ...base, status: 'refused', message: e.message });
      else outcomes.push({ ...base, status: 'failed', message: (e as Error).message });
    }
  }
  const spent = ledgerTotal(ledger.entries, accounting);
  return { spec: specFile, out, ledger: ledgerPath(specFile), releases: outcomes, budget: { accounting, limit, spent } };
}

const round = (x: number) => Number(x.toPrecision(6));

/** Output must not land beside or over the data: not the data's folder, not any file the spec reads. */
function guardOutput(out: string, dataset: DatasetPlan, specFile: string): void {
  const dataDir = dirname(dataset.file);
  if (out === dataDir) throw new RunRefused(`--out ${out} is the folder of the input data; choose a separate output folder`);
  if (out === dirname(specFile) && dataDir === out) throw new RunRefused(`--out ${out} would write beside the input data`);
  if (dataset.file.startsWith(`${out}/`) && dirname(dataset.file) === out) throw new RunRefused(`--out ${out} holds the input data`);
}

/** The columns whose hierarchy lists its values: those values are public, declared in the spec rather than read from the data. */
function publicDomains(hierarchies: ReadonlyMap<string, Hierarchy>): Map<string, readonly string[]> {
  return new Map([...hierarchies].flatMap(([name, h]) => (h.values ? [[name, h.values] as const] : [])));
}

async function hierarchiesOf(nodes: ReadonlyMap<string, import('./generated/ast.js').Hierarchy>, specFile: string, store: PrivspecServices['data']['CsvStore']): Promise<Map<string, Hierarchy>> {
  const result = new Map<string, Hierarchy>();
  for (const [name, node] of nodes) {
    const text = node.file === undefined ? '' : await store.text(resolveSpecPath(specFile, unescape(node.file)));
    result.set(name, buildHierarchy(node, () => text, specFile));
  }
  return result;
}

async function writeOutputs(out: string, plan: ReleasePlan, result: ComputedRelease, context: { accounting: string; cost?: Amount; seed?: number; spec: string }): Promise<string[]> {
  const csv = join(out, `${plan.name}.csv`);
  const json = join(out, `${plan.name}.json`);
  const report = {
    release: plan.name,
    spec: context.spec,
    query: plan.node.$cstNode?.text.replace(/\s+/g, ' ') ?? plan.name,
    mechanism: result.mechanism,
    parameters: result.parameters,
    privacySpent: context.cost ? { accounting: context.accounting, ...context.cost } : null,
    privacySpentEveryNotion: plan.costs,
    measurementCosts: result.measurementCosts,
    expectedError: result.expectedError ?? null,
    rows: result.rows.length,
    notes: result.notes,
    seeded: context.seed !== undefined ? `seed ${context.seed}: reproducible noise, for tests only; this output is not private` : false,
    createdAt: new Date().toISOString(),
  };
  await writeFileAtomic(csv, toCsv(result.header, result.rows));
  await writeFileAtomic(json, `${JSON.stringify(report, null, 2)}\n`);
  return [csv, json];
}
