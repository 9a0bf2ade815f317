/**
 * `privspec/csvModels`: what the editor's CSV checks, quick fixes, risk report and Anonymize CSV… need to know of each
 * spec, answered from the documents the language server has already parsed (Langium loads every workspace spec at
 * startup and keeps open ones current). The extension never parses a spec itself; it asks here.
 */
import { criterionSpec } from '../../engine/criteria/criterion-spec.js';
import type { LangiumDocument } from 'langium';
import type * as ast from '../generated/ast.js';
import { analyzeDocument, specPath } from '../privspec-analysis.js';
import { anonymityPlan, hierarchySourceOf, type AnonymityPlan } from '../privspec-to-engine.js';
import type { HierarchySource, SpecDatasetModel } from '../protocol-types.js';

/** The dataset of one parsed spec as the editor needs it; none when the spec declares no dataset with a file. */
export function specDatasetModels(document: LangiumDocument): SpecDatasetModel[] {
  const analysis = analyzeDocument(document);
  const dataset = analysis.dataset;
  if (!dataset) return [];
  const path = specPath(document);
  const block = analysis.parts.anonymity;
  const plan = block && anonymityOf(block);
  const hierarchies: Record<string, HierarchySource> = {};
  for (const [name, node] of analysis.parts.hierarchies) {
    const source = hierarchySourceOf(node, path);
    if (source) hierarchies[name] = source;
  }
  const levels: Record<string, number> = {};
  for (const [name, level] of plan?.pins ?? []) if (Number.isInteger(level) && level >= 0) levels[name] = level;
  const releases = (document.parseResult.value as ast.Spec).releases;
  return [
    {
      specUri: document.uri.toString(),
      specPath: path,
      specName: path.split(/[\\/]/).pop() ?? path,
      datasetName: dataset.name,
      csvPath: dataset.file,
      delimiter: dataset.delimiter,
      qi: dataset.quasi,
      identifying: dataset.identifying,
      sensitive: dataset.sensitive,
      ...(dataset.unit !== undefined ? { unit: dataset.unit } : {}),
      ...(dataset.weight !== undefined ? { weight: dataset.weight } : {}),
      samplingFraction: dataset.sampling,
      k: plan?.k,
      levels,
      hierarchies,
      anonymity: plan && {
        criteria: plan.criteria.map((c) => c.name),
        suppression: plan.suppression,
        metric: plan.metric,
        requirements: plan.criteria.flatMap((c) => criterionSpec(c) ?? []),
      },
      generalizeReleases: releases.filter((r) => r.query?.$type === 'GeneralizeQuery' && r.name).map((r) => r.name),
    },
  ];
}

/** Every dataset of every spec the server knows, in a stable order (by spec URI). */
export function csvModels(documents: Iterable<LangiumDocument>): SpecDatasetModel[] {
  return [...documents]
    .filter((d) => d.uri.path.endsWith('.privspec'))
    .sort((a, b) => a.uri.toString().localeCompare(b.uri.toString()))
    .flatMap(specDatasetModels);
}

/**
 * The anonymity block through the one bridge (`anonymityPlan`); a block whose parameters the engine rejects (k 0)
 * gives nothing here, since the spec's own diagnostics report it and a CSV check against a broken model would mislead.
 */
function anonymityOf(block: ast.Anonymity): AnonymityPlan | undefined {
  try {
    return anonymityPlan(block);
  } catch {
    return undefined;
  }
}
