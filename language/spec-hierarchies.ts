/**
 * The hierarchies a spec declares, built as the release builds them: the one loop that `releaseInput` (▶ Run,
 * `privspec release`), the risk report's request and the dataset hover share, so that all of them generalize with the
 * same hierarchy objects read from the same files.
 */
import type { CsvStore } from '../engine/host/sources/csv/csv-store.js';
import type { Hierarchy } from '../engine/hierarchy/hierarchy.js';
import type { SpecAnalysis } from './privspec-analysis.js';
import { buildHierarchy, resolveSpecPath } from './privspec-to-engine.js';

export interface SpecHierarchies {
  readonly hierarchies: Map<string, Hierarchy>;
  /** The hierarchy files read, absolute: inputs that no output may replace. */
  readonly files: string[];
}

/** Throws the builders' `TableError` (naming the file and line) for a hierarchy that cannot be built. */
export async function specHierarchies(
  store: CsvStore,
  analysis: SpecAnalysis,
  specFile: string,
): Promise<SpecHierarchies> {
  const hierarchies = new Map<string, Hierarchy>();
  const files: string[] = [];
  for (const [name, node] of analysis.parts.hierarchies) {
    const file = node.file === undefined ? undefined : resolveSpecPath(specFile, node.file);
    if (file !== undefined) files.push(file);
    const text = file === undefined ? '' : await store.text(file);
    hierarchies.set(
      name,
      buildHierarchy(node, () => text, specFile),
    );
  }
  return { hierarchies, files };
}
