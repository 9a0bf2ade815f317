/**
 * The `generalize` release: the globally optimal full-domain generalization of the quasi-identifiers for the
 * anonymity block with the levels the spec pins fixed (generalize-transformation.ts), the rows of classes that still
 * fail the model suppressed, and only declared columns written (quasi-identifying, sensitive, insensitive; never
 * identifying columns, undeclared ones, or the privacy unit).
 *
 * The rows come from the one generalization writer (`generalized-rows.ts`): suppressed rows are left out, never starred.
 * The same function serves `privspec release`, ▶ Run and the editor's Anonymize CSV…, so they write the same bytes.
 */
import type { Hierarchy } from '../../hierarchy/hierarchy.js';
import type { SearchProgress } from '../../search/search-types.js';
import type { Table } from '../../table/table.js';
import { generalizedRows } from '../generalized-rows.js';
import { generalizeTransformation } from '../generalize-transformation.js';
import { releasableColumns, type AnonymityDescription, type DatasetDescription } from '../release-description.js';
import type { ReleaseOutput } from '../release-measurement.js';

export interface GeneralizeOptions {
  readonly signal?: AbortSignal;
  readonly onProgress?: (p: SearchProgress) => void;
}

export function computeGeneralize(table: Table, dataset: DatasetDescription, hierarchies: ReadonlyMap<string, Hierarchy>, anonymity: AnonymityDescription | undefined, options: GeneralizeOptions = {}): ReleaseOutput & { parameters: Record<string, unknown>; notes: string[] } {
  const { bound, levels, loss, classes, passes, pinned } = generalizeTransformation(table, dataset.quasi, hierarchies, anonymity, options);
  const { kept: keptNames, removed } = releasableColumns(dataset, table.columns.map((c) => c.name));
  const { rows, suppressed } = generalizedRows(table, keptNames, dataset.quasi, bound, levels, { classes, passes });
  return {
    header: keptNames,
    rows,
    parameters: {
      levels: Object.fromEntries(dataset.quasi.map((q, i) => [q, levels[i]])),
      criteria: anonymity!.criteria.map((c) => c.name),
      suppressionLimit: anonymity!.suppression,
      metric: anonymity!.metric,
      suppressed,
      loss,
      ...(pinned.length > 0 ? { pinned } : {}),
    },
    // A generalized file is microdata: its row count and suppressions are part of what it discloses, so they may be stated.
    notes: [`${suppressed} rows suppressed (left out of the file)`, `removed columns (identifying or not declared): ${removed.join(', ') || 'none'}`],
    local: [],
  };
}
