/**
 * The preview panel's backend: `privspec/previewRelease` plans the release with the panel's parameters through the
 * engine's one planner (`planFor`, as ▶ Run plans it), draws its preview with `engine/preview`, and states its cost
 * against the ledger in the budget's notion; `privspec/previewEdits` turns the parameters into edits of the release's
 * line. What it reads of the data is preview-data.ts's: a CSV's table (a generalization on a uniform sample where the
 * work grows beyond its limit), or a Parquet or database dataset's aggregates, never its rows.
 */
import type { Table } from '../../engine/table/table.js';
import { URI, type LangiumDocument } from 'langium';
import { LSPErrorCodes, ResponseError, type Connection } from 'vscode-languageserver';
import { cryptoRandom, seededRandom, type RandomSource } from '../../engine/core/random.js';
import { correlationOf, inputReadsAtSource, type RunInput } from '../../engine/host/run/release-runner.js';
import { atSource, inMemory } from './preview-data.js';
import { documentLedger } from './ledger-request.js';
import { budgetMeter } from '../../engine/release/budget-meter.js';
import { mainAmount } from '../../engine/release/cost-text.js';
import { summarizeBudget, type Spendable } from '../../engine/release/budget-walk.js';
import { releaseKind } from '../../engine/release/kinds/registry.js';
import { planRelease } from '../../engine/release/plan-release.js';
import { previewBody, previewKind } from '../../engine/preview/preview-body.js';
import { applyControls, controlsFor } from '../../engine/preview/preview-controls.js';
import { releaseDescription } from '../privspec-release-plan.js';
import type { ReleasePreview } from '../../engine/preview/preview-types.js';
import type { ReleaseDescription } from '../../engine/release/release-description.js';
import type * as ast from '../generated/ast.js';
import { analyzeDocument, type SpecAnalysis } from '../privspec-analysis.js';
import type { PrivspecServices } from '../privspec-module.js';
import { previewEditsRequest, previewReleaseRequest, type PreviewParams } from '../protocol.js';
import type { PreviewEditsResponse } from '../preview-request-types.js';
import { releaseInput, type Tolerance } from '../release-input.js';
import { firstLine, toResponseError } from './request-errors.js';
import { keepSuggestion } from './preview-suggestions.js';
import type { AlgorithmSuggestion } from '../../engine/preview/algorithm-suggestion.js';
import { numberText, rangeOf } from './fix-helpers.js';

/**
 * `generalizeWork`: the rows × lattice nodes beyond which a generalization is previewed on a sample (tests lower it;
 * for a dataset read at its source, the distinct records of its frequency table × nodes).
 * `rng`: the noise source, for tests only — with `seededRandom(S)` the preview bounds the same rows and draws the same
 * noise as `privspec release --only NAME --seed S`, which the consistency test checks figure by figure.
 * `seed`: the same for a dataset read at its source: the noise from `seededRandom(S)` and the key of the source's
 * bounding order from `seededRandom('bounding:S')`, as a seeded release on a database derives them.
 */
export async function releasePreview(
  services: PrivspecServices,
  document: LangiumDocument,
  params: PreviewParams,
  options: { generalizeWork?: number; rng?: RandomSource; seed?: number; signal?: AbortSignal } = {},
): Promise<ReleasePreview> {
  const started = performance.now();
  // A spec that overruns its budget, or whose releases are linked, is still previewed (nothing is spent or written
  // here): the panel says ▶ Run would refuse it. The newcomer tour could not preview any release of a plan with linked
  // releases, though deciding which release to drop is what the preview is for.
  const overruns: Tolerance = { codes: new Set(['budget-overrun', 'linked-releases']), tolerated: [] };
  const input: RunInput = await releaseInput(services, document, params.release, overruns);
  const spec = input.releases[0];
  const description: ReleaseDescription = applyControls(spec, params.controls ?? {});
  const rng = options.rng ?? (options.seed !== undefined ? seededRandom(options.seed) : cryptoRandom());
  const kind = releaseKind(description.query.kind);
  const dp = kind.dp;
  // An unreadable edge list or ledger stops the preview with the runner's own message: a cost or remainder computed
  // without them would be lower than what ▶ Run would charge or refuse.
  const correlation = dp ? await correlationOf(input) : undefined;
  // Every kind of an at-source dataset reads aggregates: a view its bounded groups over its dimensions (weighted
  // points).
  const data = (await inputReadsAtSource(input))
    ? await atSource(services, input, description, {
        rng,
        seed: options.seed,
        correlation,
        generalizeWork: options.generalizeWork,
      })
    : await inMemory(input, description, { rng, correlation, generalizeWork: options.generalizeWork });
  const { plan, dataset } = data;
  const q = description.query;
  const gridBounds = kind.declaredBounds?.(q) ?? data.gridBounds;
  // The one file a release reads besides the data and the hierarchies (a PRAM matrix), read as the runner reads it.
  const [file] = kind.filesRead?.(q) ?? [];
  const matrixText = file !== undefined ? await services.data.CsvStore.text(file) : undefined;
  // The spec's other datasets the release reads by name (an R2T join's tables, an edge list), as the runner reads them.
  const tables = new Map<string, Table>();
  for (const name of kind.tablesRead?.(q) ?? [])
    if (name === input.dataset.name && data.table) tables.set(name, data.table);
    else if (input.readTableOf) tables.set(name, await input.readTableOf(name));
  const body = await previewBody({
    table: data.table,
    ...(tables.size > 0 ? { tables } : {}),
    exact: data.exact,
    frequencies: data.frequencies,
    dataset,
    hierarchies: input.hierarchies,
    anonymity: input.anonymity,
    description,
    plan,
    domains: data.domains,
    gridBounds,
    matrixText,
    levels: params.controls?.levels,
    rng,
    signal: options.signal,
  });
  // A proposal of another algorithm (a view's), kept for the release line's quick fix.
  keepSuggestion(
    services,
    document.uri.toString(),
    description,
    (body as { suggestion?: AlgorithmSuggestion }).suggestion,
  );
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
    kind: previewKind(description),
    ...(data.sample ? { sample: data.sample } : {}),
    ...(budget ? { budget } : {}),
    controls: controlsFor(description),
    body,
    notes: [...toleratedNotes(overruns), ...data.notes, ...(plan ? (plan.measurement?.notes ?? []) : [])],
    elapsedMs: performance.now() - started,
  };
}

/** The spec's runnable plans in document order, with `plan` in place of the release of its name. */
export function planWith(a: SpecAnalysis, plan: Spendable): Spendable[] {
  const runnable = a.plans.filter((p) => p.risks.every((r) => r.accepted));
  return runnable.some((p) => p.name === plan.name)
    ? runnable.map((p) => (p.name === plan.name ? plan : p))
    : [...runnable, plan];
}

/**
 * Refuses parameters that would make the plan overrun its budget (when they raise its total): written, they would
 * give the spec a budget-overrun error blamed on whichever release crosses the limit.
 */
function refuseOverrun(document: LangiumDocument, changed: ReleaseDescription): void {
  const a = analyzeDocument(document);
  const plan = planRelease(changed, {
    budget: a.budget,
    unit: a.dataset?.unit,
    declaredDomains: a.declaredDomains,
    domains: a.inlineDomains,
    correlation: a.dataset?.correlation !== undefined ? {} : undefined,
  });
  if (!plan.dp || plan.problems.length > 0) return;
  const after = summarizeBudget(planWith(a, plan), a.budget);
  const over = after.releases.find((r) => r.overrun);
  const acc = a.summary.accounting;
  if (over && mainAmount(after.spent, acc) > mainAmount(a.summary.spent, acc)) {
    throw new ResponseError(
      LSPErrorCodes.RequestFailed,
      `not written: with these parameters the plan overruns its budget at '${over.plan.name}': ${over.overrun!.message}`,
    );
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
      const v = c[p.name];
      const range = rangeOf(p, 'value');
      if (v !== undefined && range) out.push({ range, newText: numberText(v) });
    }
  }
  return { edits: out };
}

/**
 * A preview's failures are the spec's or the parameters' (one line for the panel); a programming error stays internal.
 */
function userError(e: unknown, connection: Connection): ResponseError<void> {
  if (e instanceof TypeError || e instanceof ReferenceError || !(e instanceof Error))
    return toResponseError(e, (text) => connection.console.error(text));
  return new ResponseError(LSPErrorCodes.RequestFailed, firstLine(e.message));
}

export function registerPreviewRequests(connection: Connection, services: PrivspecServices): void {
  const documents = services.shared.workspace.LangiumDocuments;
  connection.onRequest(previewReleaseRequest, async (params, token) => {
    // The panel cancels a preview a newer one overtook (a slider drag): the view's error comparison stops between
    // builds.
    const abort = new AbortController();
    const cancelled = token.onCancellationRequested(() => abort.abort());
    try {
      return await releasePreview(services, await documents.getOrCreateDocument(URI.parse(params.uri)), params, {
        signal: abort.signal,
      });
    } catch (e) {
      if (abort.signal.aborted)
        throw new ResponseError(LSPErrorCodes.RequestCancelled, 'the preview was overtaken by a newer one');
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

/** What the preview tolerated and ▶ Run will not: one note per kind of error, the first of each in words. */
function toleratedNotes(t: Tolerance): string[] {
  const first = (code: string) => t.tolerated.find((x) => x.code === code);
  const linked = t.tolerated.filter((x) => x.code === 'linked-releases').length;
  const overrun = first('budget-overrun');
  return [
    ...(overrun ? [`the spec overruns its budget (${overrun.message}): ▶ Run refuses until that is fixed`] : []),
    ...(linked > 0
      ? [
          `the spec has ${linked === 1 ? 'a linked-releases error' : `${linked} linked-releases errors`} (the first: ${first('linked-releases')!.message}): ▶ Run refuses until each pair is changed or accepted with a reason`,
        ]
      : []),
  ];
}
