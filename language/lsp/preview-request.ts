/**
 * The preview panel's backend: `privspec/previewRelease` plans the release with the panel's parameters through the
 * engine's one planner (`planFor`, as ▶ Run plans it), draws its preview with `engine/preview`, and states its cost
 * against the ledger in the budget's notion; `privspec/previewEdits` turns the parameters into edits of the release's
 * line. Large tables are previewed on a uniform sample where the work grows with rows × lattice nodes.
 */
import { URI, type LangiumDocument } from 'langium';
import { LSPErrorCodes, ResponseError, type Connection } from 'vscode-languageserver';
import { cryptoRandom, seededRandom, type RandomSource } from '../../engine/core/random.js';
import { correlationOf, inputReadsAtSource, planFor, releaseDomains, type RunInput } from '../../engine/node/release-runner.js';
import { openSourceOf, sourceDpFigures, type SourceAccess } from '../../engine/node/source-preview.js';
import { declaredDomains } from '../../engine/release/domains.js';
import type { ReleasePlan } from '../../engine/release/plan-release.js';
import { generalizeColumns } from '../../engine/preview/frequency-decision.js';
import { sampleFrequencies } from '../../engine/preview/frequency-sample.js';
import { pramColumns } from '../../engine/preview/pram-preview.js';
import type { PreviewExact } from '../../engine/preview/preview-exact.js';
import type { FrequencyTable } from '../../engine/table/frequency-table.js';
import type { Table } from '../../engine/table/table.js';
import type { GridBounds } from '../../engine/wavelet/bin-points.js';
import { documentLedger } from './ledger-request.js';
import { budgetMeter } from '../../engine/release/budget-meter.js';
import { inNotion, notionOf } from '../../engine/release/budget-notion.js';
import { summarizeBudget, type Spendable } from '../../engine/release/budget-walk.js';
import { planRelease } from '../../engine/release/plan-release.js';
import { dataBounds } from '../../engine/release/kinds/grid-release.js';
import { previewBody, previewKind } from '../../engine/preview/preview-body.js';
import { applyControls, controlsFor } from '../../engine/preview/preview-controls.js';
import { releaseDescription } from '../privspec-release-plan.js';
import type { ReleasePreview } from '../../engine/preview/preview-types.js';
import type { ReleaseDescription } from '../../engine/release/release-description.js';
import { sampleRows } from '../../engine/table/row-sample.js';
import type * as ast from '../generated/ast.js';
import { analyzeDocument, type SpecAnalysis } from '../privspec-analysis.js';
import type { PrivspecServices } from '../privspec-module.js';
import { previewEditsRequest, previewReleaseRequest, type PreviewParams } from '../protocol.js';
import type { PreviewEditsResponse } from '../preview-request-types.js';
import { releaseInput } from '../release-input.js';
import { firstLine, toResponseError } from './request-errors.js';
import { numberText, rangeOf } from './fix-helpers.js';

/**
 * Rows × lattice nodes above which a generalization is previewed on a sample. The search's roll-up makes the full data
 * cheap (100,000 rows × 280 nodes in ~165 ms, 500,000 × 280 in ~250–450 ms on the 2-core development machine), and a
 * sample changes the answer — k counted on a tenth of the rows fails classes that pass on all of them — so only files
 * beyond this size are sampled, with that said in the panel.
 */
const GENERALIZE_WORK = 200_000_000;

/**
 * `generalizeWork`: the rows × lattice nodes beyond which a generalization is previewed on a sample (tests lower it;
 * for a dataset read at its source, the distinct records of its frequency table × nodes).
 * `rng`: the noise source, for tests only — with `seededRandom(S)` the preview bounds the same rows and draws the same
 * noise as `privspec release --only NAME --seed S`, which the consistency test checks figure by figure.
 * `seed`: the same for a dataset read at its source: the noise from `seededRandom(S)` and the key of the source's
 * bounding order from `seededRandom('bounding:S')`, as a seeded release on a database derives them.
 */
export async function releasePreview(services: PrivspecServices, document: LangiumDocument, params: PreviewParams, options: { generalizeWork?: number; rng?: RandomSource; seed?: number; signal?: AbortSignal } = {}): Promise<ReleasePreview> {
  const started = performance.now();
  // A spec that overruns its budget is still previewed (nothing is spent here); the panel says ▶ Run would refuse it.
  const overruns = { codes: new Set(['budget-overrun']), tolerated: [] as string[] };
  const input: RunInput = await releaseInput(services, document, params.release, overruns);
  const spec = input.releases[0];
  const description: ReleaseDescription = applyControls(spec, params.controls ?? {});
  const rng = options.rng ?? (options.seed !== undefined ? seededRandom(options.seed) : cryptoRandom());
  const kind = previewKind(description);
  const dp = kind === 'aggregate' || kind === 'mode' || kind === 'grid' || kind === 'view';
  // An unreadable edge list or ledger stops the preview with the runner's own message: a cost or remainder computed
  // without them would be lower than what ▶ Run would charge or refuse.
  const correlation = dp ? await correlationOf(input) : undefined;
  // A view partitions the rows themselves (view-preview.ts); every other kind of an at-source dataset reads aggregates.
  const data = kind !== 'view' && (await inputReadsAtSource(input))
    ? await atSource(services, input, description, { rng, seed: options.seed, correlation, generalizeWork: options.generalizeWork })
    : await inMemory(input, description, { rng, correlation, generalizeWork: options.generalizeWork });
  const { plan, dataset } = data;
  const q = description.query;
  const gridBounds = q.kind === 'grid' && q.within ? { xMin: q.within.xLow, xMax: q.within.xHigh, yMin: q.within.yLow, yMax: q.within.yHigh } : data.gridBounds;
  const matrixText = q.kind === 'pram' && q.matrix !== undefined ? await services.data.CsvStore.text(q.matrix) : undefined;
  const body = await previewBody({ table: data.table, exact: data.exact, frequencies: data.frequencies, dataset, hierarchies: input.hierarchies, anonymity: input.anonymity, description, plan, domains: data.domains, gridBounds, matrixText, levels: params.controls?.levels, rng, signal: options.signal });
  let budget: ReleasePreview['budget'];
  if (plan) {
    // The meter: the whole plan with this release at the panel's parameters, and the ledger, as the runner composes.
    const a = analyzeDocument(document);
    const { ledger } = await documentLedger(document);
    budget = budgetMeter(a.budget, planWith(a, plan), plan.name, ledger.entries);
  }
  return {
    spec: input.specFile,
    release: description.name,
    kind,
    ...(data.sample ? { sample: data.sample } : {}),
    ...(budget ? { budget } : {}),
    controls: controlsFor(description),
    body,
    notes: [...(overruns.tolerated.length > 0 ? [`the spec overruns its budget (${overruns.tolerated[0]}): ▶ Run refuses until that is fixed`] : []), ...data.notes, ...(plan ? plan.measurement?.notes ?? [] : [])],
    elapsedMs: performance.now() - started,
  };
}

/** What a preview reads of the data: the table in memory, or a source's aggregates; and the plan that will run. */
interface PreviewData {
  readonly table?: Table;
  readonly exact?: PreviewExact;
  readonly frequencies?: FrequencyTable;
  readonly plan?: ReleasePlan;
  readonly domains: ReadonlyMap<string, readonly string[]>;
  readonly gridBounds?: GridBounds;
  /** The dataset, its `sampling` scaled when the preview reads a sample. */
  readonly dataset: RunInput['dataset'];
  readonly sample?: { rows: number; of: number };
  readonly notes: string[];
}

interface DataOptions {
  readonly rng: RandomSource;
  readonly correlation?: { maxLeakage: number; unit: string };
  readonly generalizeWork?: number;
}

const SAMPLE_NOTE = 'k and ℓ are checked on the sample, where classes are smaller than on all rows: the lattice and the optimum can differ from what the release finds';

/** The lattice's nodes: Π (height + 1) over the quasi-identifiers. */
const latticeNodes = (input: RunInput) => input.dataset.quasi.reduce((n, q) => n * ((input.hierarchies.get(q)?.height ?? 0) + 1), 1);

/** The table in memory (a CSV): the DP plan on it, and a generalization on a sample when the table is beyond the work limit. */
async function inMemory(input: RunInput, description: ReleaseDescription, o: DataOptions): Promise<PreviewData> {
  const full = await input.readTable();
  const kind = previewKind(description);
  let table = full;
  let dataset = input.dataset;
  const notes: string[] = [];
  if (kind === 'generalize') {
    const nodes = latticeNodes(input);
    const work = o.generalizeWork ?? GENERALIZE_WORK;
    const rows = Math.max(2000, Math.floor(work / nodes));
    if (full.rowCount * nodes > work && rows < full.rowCount) {
      table = sampleRows(full, rows, o.rng);
      notes.push(SAMPLE_NOTE);
      // The sample is a sample of the declared sample: population uniqueness (Dankar et al. 2012) needs the product.
      if (dataset.sampling !== undefined) dataset = { ...dataset, sampling: (dataset.sampling * table.rowCount) / full.rowCount };
    }
  }
  const dp = kind === 'aggregate' || kind === 'mode' || kind === 'grid' || kind === 'view';
  const plan = dp ? planFor(input, description, table, o.rng, o.correlation) : undefined;
  const q = description.query;
  const gridBounds = q.kind === 'grid' && !q.within && description.accepts.includes('data-dependent-domain') ? dataBounds(table, q) : undefined;
  return { table, plan, domains: releaseDomains(input, description, table), gridBounds, dataset, notes, ...(table !== full ? { sample: { rows: table.rowCount, of: full.rowCount } } : {}) };
}

/**
 * A dataset read where it lies (a Parquet file, a CSV DuckDB reads, a database table): a DP release's exact figures are
 * the source's answer to the release's own request, generalize and PRAM read the frequency table of the columns they
 * decide on (cached by the store); no row is read. A generalization is previewed on a sample only when the frequency
 * table itself is beyond the work limit.
 */
async function atSource(services: PrivspecServices, input: RunInput, description: ReleaseDescription, o: DataOptions & { seed?: number }): Promise<PreviewData> {
  const store = services.data.CsvStore;
  const file = input.dataset.file;
  const access: SourceAccess = { frequencies: (columns) => store.frequencies(file, columns, input.dataset.delimiter), open: () => openSourceOf(file, input.dataset.delimiter) };
  const q = description.query;
  const declared = new Map(declaredDomains(input.hierarchies));
  if (q.kind === 'generalize') {
    if (!input.anonymity || input.anonymity.criteria.length === 0) return { domains: declared, dataset: input.dataset, notes: [] };
    const full = await access.frequencies(generalizeColumns(input.dataset.quasi, input.anonymity));
    const nodes = latticeNodes(input);
    const work = o.generalizeWork ?? GENERALIZE_WORK;
    const rows = Math.max(2000, Math.floor(work / nodes));
    if (full.count * nodes <= work || rows >= full.rowCount) return { frequencies: full, domains: declared, dataset: input.dataset, notes: [] };
    const frequencies = sampleFrequencies(full, rows, o.rng);
    const sampling = input.dataset.sampling;
    return { frequencies, domains: declared, dataset: sampling === undefined ? input.dataset : { ...input.dataset, sampling: (sampling * frequencies.rowCount) / full.rowCount }, notes: [SAMPLE_NOTE], sample: { rows: frequencies.rowCount, of: full.rowCount } };
  }
  if (q.kind === 'pram') return { frequencies: await access.frequencies(pramColumns(q, input.dataset, input.anonymity)), domains: declared, dataset: input.dataset, notes: [] };
  const boundingRng = o.seed !== undefined ? seededRandom(`bounding:${o.seed}`) : cryptoRandom();
  const figures = await sourceDpFigures(input, description, access, o.rng, boundingRng, o.correlation);
  return { ...figures, dataset: input.dataset, notes: [] };
}

/** The spec's runnable plans in document order, with `plan` in place of the release of its name. */
export function planWith(a: SpecAnalysis, plan: Spendable): Spendable[] {
  const runnable = a.plans.filter((p) => p.risks.every((r) => r.accepted));
  return runnable.some((p) => p.name === plan.name) ? runnable.map((p) => (p.name === plan.name ? plan : p)) : [...runnable, plan];
}

/**
 * Refuses parameters that would make the plan overrun its budget (when they raise its total): written, they would
 * give the spec a budget-overrun error blamed on whichever release crosses the limit.
 */
function refuseOverrun(document: LangiumDocument, changed: ReleaseDescription): void {
  const a = analyzeDocument(document);
  const plan = planRelease(changed, { budget: a.budget, unit: a.dataset?.unit, declaredDomains: a.declaredDomains, domains: a.inlineDomains, correlation: a.dataset?.correlation !== undefined ? {} : undefined });
  if (!plan.dp || plan.problems.length > 0) return;
  const after = summarizeBudget(planWith(a, plan), a.budget);
  const over = after.releases.find((r) => r.overrun);
  const n = notionOf(a.budget);
  if (over && inNotion(n, after.spent) > inNotion(n, a.summary.spent)) {
    throw new ResponseError(LSPErrorCodes.RequestFailed, `not written: with these parameters the plan overruns its budget at '${over.plan.name}': ${over.overrun!.message}`);
  }
}

/** Edits that put the controls' values into the release's mechanism (or PRAM retention), keeping everything else. */
export function releaseEdits(document: LangiumDocument, params: PreviewParams): PreviewEditsResponse {
  const spec = document.parseResult.value as ast.Spec;
  const release = spec.releases.find((r) => r.name === params.release);
  if (!release) throw new Error(`no release '${params.release}' in the spec`);
  const c = params.controls ?? {};
  // What the panel does not offer for this release (a grid method on a count, ε out of range) is refused, not written.
  const description = releaseDescription(release);
  if (description) refuseOverrun(document, applyControls(description, c));
  const out: PreviewEditsResponse['edits'][number][] = [];
  const query = release.query as ast.PramQuery | undefined;
  if (query?.$type === 'PramQuery' && c.retain !== undefined) {
    const range = rangeOf(query, 'retain');
    if (range) out.push({ range, newText: numberText(c.retain) });
  }
  const m = release.mechanism;
  if (m) {
    if (c.method !== undefined && c.method !== m.kind) {
      const range = rangeOf(m, 'kind');
      if (range) out.push({ range, newText: c.method });
    }
    for (const p of m.params) {
      const v = c[p.name as 'epsilon' | 'rho' | 'delta'];
      const range = rangeOf(p, 'value');
      if (v !== undefined && range) out.push({ range, newText: numberText(v) });
    }
  }
  return { edits: out };
}

/** A preview's failures are the spec's or the parameters' (one line for the panel); a programming error stays internal. */
function userError(e: unknown, connection: Connection): ResponseError<void> {
  if (e instanceof TypeError || e instanceof ReferenceError || !(e instanceof Error)) return toResponseError(e, (text) => connection.console.error(text));
  return new ResponseError(LSPErrorCodes.RequestFailed, firstLine(e.message));
}

export function registerPreviewRequests(connection: Connection, services: PrivspecServices): void {
  const documents = services.shared.workspace.LangiumDocuments;
  connection.onRequest(previewReleaseRequest, async (params, token) => {
    // The panel cancels a preview a newer one overtook (a slider drag): the view's error comparison stops between builds.
    const abort = new AbortController();
    const cancelled = token.onCancellationRequested(() => abort.abort());
    try {
      return await releasePreview(services, await documents.getOrCreateDocument(URI.parse(params.uri)), params, { signal: abort.signal });
    } catch (e) {
      if (abort.signal.aborted) throw new ResponseError(LSPErrorCodes.RequestCancelled, 'the preview was overtaken by a newer one');
      throw userError(e, connection);
    } finally {
      cancelled.dispose();
    }
  });
  connection.onRequest(previewEditsRequest, async (params) => {
    try {
      return releaseEdits(await documents.getOrCreateDocument(URI.parse(params.uri)), params);
    } catch (e) {
      if (e instanceof ResponseError) throw e;
      throw toResponseError(e, (text) => connection.console.error(text));
    }
  });
}
