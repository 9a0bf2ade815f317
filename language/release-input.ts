/**
 * What the release runner (engine/host/run/release-runner.ts) needs of a spec: the spec checked (no errors allowed),
 * its dataset, budget and release descriptions, its hierarchies built and every file it reads. The language translates;
 * the engine plans, spends and writes.
 */
import type { LangiumDocument } from 'langium';
import type { RunInput } from '../engine/release/run-input.js';
import type { OpenDataSource } from '../engine/host/sources/open-data-source.js';
import { filesRead, withFilesResolved } from '../engine/release/kinds/prepare-release.js';
import type { ReleaseDescription } from '../engine/release/release-description.js';
import type * as ast from './generated/ast.js';
import { checkDocument } from './check-spec.js';
import { analyzeDocument, specPath } from './privspec-analysis.js';
import type { PrivspecServices } from './privspec-module.js';
import { releaseDescription } from './privspec-release-plan.js';
import { anonymityPlan, datasetPlan, resolveSpecPath } from './privspec-to-engine.js';
import { specHierarchies } from './spec-hierarchies.js';
import { SpecNotRunnable } from './spec-not-runnable.js';
import { plural } from '../engine/core/plural.js';

export { SpecNotRunnable } from './spec-not-runnable.js';

/**
 * `tolerate` names error codes that do not stop the caller — the preview shows a release of a spec that overruns its
 * budget (it spends nothing); their messages go to `tolerated`. The runner tolerates none.
 */
export async function releaseInput(
  services: PrivspecServices,
  document: LangiumDocument,
  only?: string,
  tolerate: Tolerance = { codes: new Set(), tolerated: [] },
  options: ReleaseInputOptions = {},
): Promise<RunInput> {
  const open = options.open;
  const data = open ? analyzeDocument(document).dataset : undefined;
  if (!open || !data) return checkedInput(services, document, only, tolerate, options);
  // The spec's data checks, and the table the run may read later, go through the run's one source.
  const store = services.data.CsvStore;
  const input = await store.lending(data.file, open, () => checkedInput(services, document, only, tolerate, options));
  return { ...input, readTable: () => store.lending(data.file, open, () => input.readTable()) };
}

/** Error codes the caller tolerates, and the errors of those codes the check found (code and message, in order). */
export interface Tolerance {
  readonly codes: ReadonlySet<string>;
  readonly tolerated: { code: string; message: string }[];
}

export interface ReleaseInputOptions {
  /** `false` (a plan, a release from aggregates) checks the spec against the data's columns, not its rows. */
  readonly scanData?: boolean;
  /**
   * Lends the run's one source of the dataset (engine/host/run/run-spec.ts) to the data checks and the table's read.
   */
  readonly open?: OpenDataSource;
}

async function checkedInput(
  services: PrivspecServices,
  document: LangiumDocument,
  only: string | undefined,
  tolerate: Tolerance,
  options: ReleaseInputOptions,
): Promise<RunInput> {
  const specFile = specPath(document);
  // `scanData: false` (a plan, a release from aggregates) checks the spec against the data's columns, not its rows.
  // Only errors stop a run, so the checker's optimal-transformation hint is not searched for: the run decides the
  // generalization itself, once.
  const checked = await checkDocument(document, { scanData: options.scanData ?? true, hints: false }, services);
  const errors = checked.diagnostics.filter((d) => d.severity === 'error' && !tolerate.codes.has(d.code));
  for (const d of checked.diagnostics)
    if (d.severity === 'error' && tolerate.codes.has(d.code))
      tolerate.tolerated.push({ code: d.code, message: d.message });
  if (errors.length > 0) {
    const first = errors[0];
    throw new SpecNotRunnable(
      `${specFile}:${first.line}: the spec has ${plural(errors.length, 'error')}, the first: ${first.message}; run 'privspec check' and fix them before releasing`,
      'spec',
    );
  }
  const analysis = analyzeDocument(document);
  const dataset = analysis.dataset;
  if (!dataset) throw new SpecNotRunnable(`${specFile}: the spec has no dataset`, 'spec');
  const spec = document.parseResult.value as ast.Spec;
  // The spec's other datasets (tables joined by keys, an edge list), which releases read by name.
  const others = spec.datasets
    .filter((d) => d !== analysis.parts.dataset && (d.file !== undefined || d.table !== undefined))
    .map((d) => datasetPlan(d, specFile));
  const all = spec.releases;
  const chosen = only === undefined ? all : all.filter((r) => r.name === only);
  if (chosen.length === 0)
    throw new SpecNotRunnable(
      `no release named '${only}'; the spec has ${all.map((r) => r.name).join(', ') || 'none'}`,
      'input',
    );
  const store = services.data.CsvStore;
  const { hierarchies, files: inputFiles } = await specHierarchies(store, analysis, specFile);
  if (dataset.correlation) inputFiles.push(dataset.correlation.file);
  // A file a release names (a PRAM matrix) is relative to the spec; the runner gets its absolute path.
  const releases = chosen
    .map(releaseDescription)
    .filter((d): d is ReleaseDescription => d !== undefined)
    .map((r) => withFilesResolved(r, (path) => resolveSpecPath(specFile, path)));
  for (const r of releases) inputFiles.push(...filesRead(r));
  return {
    specFile,
    dataset,
    budget: analysis.budget,
    releases,
    hierarchies,
    anonymity: analysis.parts.anonymity ? anonymityPlan(analysis.parts.anonymity) : undefined,
    inputFiles,
    readTable: () => store.table(dataset.file, dataset.delimiter),
    others,
    readTableOf: (name: string) => {
      const other = others.find((d) => d.name === name);
      if (!other) throw new SpecNotRunnable(`${specFile}: the spec has no dataset '${name}'`, 'spec');
      return store.table(other.file, other.delimiter);
    },
  };
}
